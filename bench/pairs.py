"""Win rates of every pair of built-in bots over seeded two-seat games, as a table.

Shared by the per-game bench scripts: ``python bench/leapfrog_race_bots.py --games 200``.
Half of each pair's games are played with the seats swapped; game ``i`` uses seed
``bench-i`` so that a run can be repeated exactly.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.registry import get_game  # noqa: E402
from games.runner import play_bots  # noqa: E402


def one_game(job: tuple[str, str, str, Mapping[str, Any], int]) -> tuple[str, float]:
    """Play game ``index`` of a pair; answer 'win', 'draw' or 'loss' for the first bot."""
    slug, first, second, options, index = job
    swapped = index % 2 == 1
    bots = [second, first] if swapped else [first, second]
    log = play_bots(get_game(slug), bots, options=options, seed=f"bench-{index}")
    ranks = log["result"]["ranks"]
    mine, theirs = (ranks[1], ranks[0]) if swapped else (ranks[0], ranks[1])
    outcome = "win" if mine < theirs else "draw" if mine == theirs else "loss"
    return outcome, len(log["moves"])


def pair_table(slug: str, bots: Sequence[str], games: int, options: Mapping[str, Any] | None = None,
               workers: int = 2) -> list[dict[str, Any]]:
    """Play ``games`` games for every pair of ``bots`` and print one line per pair."""
    rows = []
    print(f"{slug}: {games} seeded two-seat games per pair, seats swapped in half, options {options or {}}")
    print(f"{'first':<22} {'second':<22} {'win %':>6} {'draw %':>7} {'loss %':>7} {'s/game':>7}")
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for first, second in itertools.permutations(bots, 2):
            if bots.index(first) > bots.index(second):
                continue
            started = time.perf_counter()
            jobs = [(slug, first, second, options or {}, index) for index in range(games)]
            outcomes = [outcome for outcome, _ in pool.map(one_game, jobs, chunksize=4)]
            elapsed = (time.perf_counter() - started) * workers / games
            row = {name: 100 * outcomes.count(name) / games for name in ("win", "draw", "loss")}
            rows.append({"first": first, "second": second, **row, "seconds_per_game": elapsed})
            print(f"{first:<22} {second:<22} {row['win']:>6.1f} {row['draw']:>7.1f} {row['loss']:>7.1f} "
                  f"{elapsed:>7.2f}", flush=True)
    return rows
