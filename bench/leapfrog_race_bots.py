"""Leapfrog race: bot win rates, and engine speed against a bare-resolution baseline.

    python bench/leapfrog_race_bots.py [--games 200] [--speed-games 2000]

The speed figure is full random games per second through the engine interface (legal
actions, chance draws, the log), as a ratio to the same games resolved with the bare turn
function alone, measured in the same run.
"""

from __future__ import annotations

import argparse
import random
import time

from pairs import pair_table

from games.leapfrog_race.game import FROGS, RACES, TURNS, LeapfrogRace, resolve_turn
from games.runner import random_playout


def engine_games(count: int) -> float:
    game = LeapfrogRace()
    options = game.parse_options({}, 2)
    started = time.perf_counter()
    for index in range(count):
        rng = random.Random(index)
        random_playout(game.new_state(options, 2, game.random_setup(options, 2, rng)), rng)
    return count / (time.perf_counter() - started)


def bare_games(count: int) -> float:
    started = time.perf_counter()
    for index in range(count):
        rng = random.Random(index)
        column = list(FROGS)
        rng.shuffle(column)
        for _ in range(RACES):
            piles = {frog: rng.sample(range(1, 7), 6) for frog in FROGS}
            for turn in range(TURNS):
                column = resolve_turn(column, {frog: piles[frog][turn] for frog in FROGS})
    return count / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--speed-games", type=int, default=2000)
    args = parser.parse_args()
    baseline = bare_games(args.speed_games)
    engine = engine_games(args.speed_games)
    print(f"speed: {engine:,.0f} full random games/s through the engine; bare resolution "
          f"{baseline:,.0f}/s; ratio {engine / baseline:.2f}")
    pair_table("leapfrog_race", ["random", "greedy", "mc"], args.games)


if __name__ == "__main__":
    main()
