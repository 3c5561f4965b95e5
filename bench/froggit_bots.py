"""Froggit: bot win rates, and engine speed against a playout baseline.

    python bench/froggit_bots.py [--games 200] [--options '{"version": "expert"}'] [--speed-games 50]

The speed figure is full six-seat expert games of uniformly random moves per second through
the engine interface (every legal move listed as notation, each chosen move checked and
logged by ``apply_move``), as a ratio to the same kind of games played without any listing:
each turn draws a random distinct frog move from the frogs' reachable pads (``frog_effects``)
and plays it unchecked, measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from pairs import pair_table

from games.froggit.bots import apply_effect, effects
from games.froggit.game import Froggit, FroggitState

PLAYERS = 6


def timed_games(count: int, play_turn: Callable[[FroggitState, random.Random], None]) -> tuple[float, int]:
    """Full random six-seat expert games per second with ``play_turn`` making each move; total turns."""
    game = Froggit()
    options = game.parse_options({"version": "expert"}, PLAYERS)
    turns = 0
    started = time.perf_counter()
    for index in range(count):
        rng = random.Random(index)
        state = game.new_state(options, PLAYERS, {})
        while not state.is_over():
            play_turn(state, rng)
        turns += state.turns
    return count / (time.perf_counter() - started), turns


def engine_games(count: int) -> tuple[float, int]:
    """Through legal_actions and apply_move."""
    return timed_games(count, lambda state, rng: state.apply_move(rng.choice(state.legal_actions(state.turn))))


def playout_games(count: int) -> tuple[float, int]:
    """Choosing among distinct effects, with no notation."""
    return timed_games(count, lambda state, rng: apply_effect(state, rng.choice(effects(state))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per pair of bots")
    parser.add_argument("--options", type=json.loads, default={}, help="game options as JSON")
    parser.add_argument("--speed-games", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    baseline, baseline_turns = playout_games(args.speed_games)
    engine, engine_turns = engine_games(args.speed_games)
    engine_rate = engine * engine_turns / args.speed_games
    baseline_rate = baseline * baseline_turns / args.speed_games
    print(f"speed: {engine:,.1f} full {PLAYERS}-seat expert random games/s through the engine "
          f"({1000 / engine:,.0f} ms a game of {engine_turns / args.speed_games:,.0f} turns, "
          f"{engine_rate:,.0f} turns/s); unlisted playouts {baseline:,.1f} games/s "
          f"({baseline_turns / args.speed_games:,.0f} turns, {baseline_rate:,.0f} turns/s); "
          f"ratio {engine / baseline:.2f} per game, {engine_rate / baseline_rate:.2f} per turn")
    pair_table("froggit", ["random", "greedy", "mcts"], args.games, args.options, workers=args.workers)


if __name__ == "__main__":
    main()
