"""Measure and Tempo: the built-in bots against each other, and the engine's speed.

    .venv/bin/python bench/measure_and_tempo_bots.py [--games N] [--jobs J] [--ismcts SPEC]

Plays ``N`` seeded bouts (default 200) for every pair of built-in bots, the seats swapped in
half of them, through ``games.runner.play_bots``, and prints each pair's win, draw and loss
percentages with the time per bout. Figures are not asserted anywhere; the issue asks that
``ismcts`` beat ``random`` in at least 90 % and ``greedy`` in at least 60 % of the bouts. The
engine's speed is measured by ``bench/engines.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import get_game  # noqa: E402
from games.runner import play_bots  # noqa: E402

SLUG = "measure_and_tempo"
PAIRS = (("greedy", "random"), ("ismcts", "random"), ("ismcts", "greedy"))


def play_one(job: tuple[str, str, int]) -> tuple[int, int, float]:
    """One bout of ``first`` against ``second``: (outcome for ``first`` as 1/0/-1, moves, seconds)."""
    first, second, index = job
    game = get_game(SLUG)
    swapped = index % 2 == 1
    specs = [second, first] if swapped else [first, second]
    started = time.perf_counter()
    log = play_bots(game, specs, seed=f"bench-{first}-{second}-{index}")
    elapsed = time.perf_counter() - started
    ranks = log["result"]["ranks"]
    mine, theirs = (ranks[1], ranks[0]) if swapped else (ranks[0], ranks[1])
    outcome = 1 if mine < theirs else -1 if mine > theirs else 0
    return outcome, len(log["moves"]), elapsed


def bout_table(games: int, jobs: int, names: dict[str, str]) -> None:
    print(f"{games} bouts per pair, seats swapped in half of them")
    print(f"{'pair':<28}{'win':>7}{'draw':>7}{'loss':>7}{'moves':>8}{'s/bout':>9}")
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for first, second in PAIRS:
            work = [(names[first], names[second], index) for index in range(games)]
            results = list(pool.map(play_one, work))
            wins = sum(1 for outcome, _, _ in results if outcome == 1)
            draws = sum(1 for outcome, _, _ in results if outcome == 0)
            losses = games - wins - draws
            moves = sum(count for _, count, _ in results) / games
            seconds = sum(elapsed for _, _, elapsed in results) / games
            label = f"{names[first]} vs {names[second]}"
            print(f"{label:<28}{100 * wins / games:>6.1f}%{100 * draws / games:>6.1f}%"
                  f"{100 * losses / games:>6.1f}%{moves:>8.0f}{seconds:>9.3f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="bouts per pair (default 200)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--ismcts", default="ismcts", help="the search bot's spec (default: its defaults)")
    args = parser.parse_args()
    names = {"random": "random", "greedy": "greedy", "ismcts": args.ismcts}
    game = get_game(SLUG)
    print(f"{game.title}: ismcts defaults {game.bots['ismcts'].params}")
    bout_table(args.games, args.jobs, names)


if __name__ == "__main__":
    main()
