"""Leap Frog: the built-in bots against each other.

    .venv/bin/python bench/leap_frog_bots.py [--games N] [--jobs J] [--bots SPEC ...]

Plays ``N`` seeded two-seat games of every pair of built-in bots on an 8 × 8 murray board
(seats swapped in half of them) and prints each pair's win/draw/loss percentages. The
engine's speed is measured by ``bench/engines.py``.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import get_game  # noqa: E402
from games.runner import play_bots  # noqa: E402

OPTIONS = {"variant": "murray", "rows": 8, "cols": 8}


def play_one(job: tuple[str, str, int]) -> tuple[str, str, int, float, float]:
    """One seeded game of ``first`` against ``second``; seats swap on odd game numbers.
    Returns the pair, the outcome for ``first`` (1 win, 0 draw, -1 loss) and each bot's time."""
    first, second, number = job
    game = get_game("leap_frog")
    swapped = number % 2 == 1
    specs = [second, first] if swapped else [first, second]
    started = time.perf_counter()
    log = play_bots(game, specs, options=OPTIONS, seed=f"bench-{first}-{second}-{number}")
    elapsed = time.perf_counter() - started
    ranks = log["result"]["ranks"]
    mine, theirs = (ranks[1], ranks[0]) if swapped else (ranks[0], ranks[1])
    outcome = 0 if mine == theirs else (1 if mine < theirs else -1)
    return first, second, outcome, elapsed, len(log["moves"])


def bot_table(games: int, jobs: int, specs: list[str]) -> None:
    pairs = list(itertools.combinations(specs, 2))
    work = [(first, second, number) for first, second in pairs for number in range(games)]
    tally: dict[tuple[str, str], list[int]] = {pair: [0, 0, 0] for pair in pairs}
    seconds: dict[tuple[str, str], float] = dict.fromkeys(pairs, 0.0)
    started = time.perf_counter()
    with Pool(jobs) as pool:
        for first, second, outcome, elapsed, _ in pool.imap_unordered(play_one, work, chunksize=1):
            tally[(first, second)][1 - outcome] += 1
            seconds[(first, second)] += elapsed
    wall = time.perf_counter() - started
    print(f"{games} two-seat games per pair on an 8 x 8 murray board, seats swapped in half "
          f"({jobs} processes, {wall:.0f} s in all)\n")
    print(f"{'bot':<20} {'against':<20} {'wins %':>7} {'draws %':>8} {'losses %':>9} {'s/game':>7}")
    for (first, second), (won, drawn, lost) in tally.items():
        # the later bot of the pair (the stronger one, in the default order) first
        print(f"{second:<20} {first:<20} {100 * lost / games:>7.1f} {100 * drawn / games:>8.1f} "
              f"{100 * won / games:>9.1f} {seconds[(first, second)] / games:>7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--bots", nargs="+", default=list(get_game("leap_frog").bots),
                        help="bot specs, like search:budget=500 (default: every built-in bot)")
    args = parser.parse_args()
    bot_table(args.games, args.jobs, args.bots)


if __name__ == "__main__":
    main()
