"""``bench/engines.py --against REV``: today's engines against another revision's, in one run.

The other revision's ``games/`` is loaded beside today's in this same process under another
top-level name (:mod:`revision`), so both run in one interpreter under the same load. For
every game and variant of :data:`engines.VARIANTS`, two figures, each side taking turns
:data:`engines.ROUNDS` times with the same share of the budget:

* **replay**: the same seeded random-bot logs (made by today's engines, not timed) verified
  move by move, each side by its own ``games.logs.verify_log``; moves verified a second;
* **first sight**: the same, on logs neither side has met before, each verified once by each
  side (:data:`FRESH_LOGS` a variant, made in other processes, so that no engine here has
  read their moves). The engines keep what they read of each move text, so replaying the same
  few logs again and again (the replay figure) measures logs already read; the first sight is
  what verifying a new log costs;
* **playouts**: full random games through the engine interface (``random_playout``), game
  ``i`` seeded with ``i`` on both sides; games a second.

The ratio is today's rate over the other revision's (above 1: today is faster). Time is this
process's CPU time, so work done by other processes on a shared machine does not count. On the way,
both sides' verification objects of each log must be equal, or the run stops.
"""

from __future__ import annotations

import gc
import importlib
import multiprocessing
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from types import ModuleType
from typing import Any

from revision import load_games, module, resolve

#: Logs per variant for the replay figure (cycled through as long as the budget lasts).
REPLAY_LOGS = 40
#: Logs per variant for the first-sight figure, by game: a few tenths of a second of today's
#: verifying each, so that one collection of the process's garbage does not decide a row.
FRESH_LOGS = {"leapfrog_race": 4000, "measure_and_tempo": 1500, "froggit": 300, "leap_frog": 2000}


class Side:
    """One revision's engines: its registry, runner and log verifier."""

    def __init__(self, registry: ModuleType, runner: ModuleType, logs: ModuleType) -> None:
        self.get_game = registry.get_game
        self.random_playout = runner.random_playout
        self.verify_log = logs.verify_log
        self.play_bots = runner.play_bots

    @classmethod
    def loaded(cls, alias: str) -> Side:
        return cls(module(alias, "registry"), module(alias, "runner"), module(alias, "logs"))


def taking_turns(work: dict[str, Callable[[int], int]], rounds: int, seconds: float | None,
                 quota: int | None) -> dict[str, dict[str, float]]:
    """Run each side's ``work(index)`` (answering units done) in turns, ``rounds`` times, for
    ``seconds / rounds`` each (or ``quota / rounds`` calls); answer calls, units and seconds."""
    tallies = {name: {"calls": 0, "units": 0, "seconds": 0.0} for name in work}
    for round_ in range(rounds):
        share = None if quota is None else quota * (round_ + 1) // rounds - quota * round_ // rounds
        for name, run in work.items():
            tally = tallies[name]
            done = 0
            started = time.process_time()
            while (done < share) if share is not None else (
                    not done or time.process_time() - started < seconds / rounds):  # type: ignore[operator]
                tally["units"] += run(int(tally["calls"]))
                tally["calls"] += 1
                done += 1
            tally["seconds"] += time.process_time() - started
    return tallies


def against_row(variant: Any, today: Side, other: Side, logs: list[dict[str, Any]], rounds: int,
                seconds: float | None, games: int | None, fresh: list[dict[str, Any]]) -> dict[str, Any]:
    """Replay, first-sight and playout figures of one variant, today against the other revision."""
    for log in logs:
        mine, theirs = today.verify_log(log), other.verify_log(log)
        if mine != theirs:
            raise SystemExit(f"{variant.label}: the revisions disagree on a log:\n{mine}\n{theirs}")

    def replayer(side: Side) -> Callable[[int], int]:
        def run(index: int) -> int:
            log = logs[index % len(logs)]
            side.verify_log(log)
            return len(log["moves"])
        return run

    def player(side: Side) -> Callable[[int], int]:
        game = side.get_game(variant.slug)
        options = game.parse_options(variant.options, variant.players)

        def run(index: int) -> int:
            rng = random.Random(index)
            setup = game.random_setup(options, variant.players, rng)
            return len(side.random_playout(game.new_state(options, variant.players, setup), rng).moves)
        return run

    answers: dict[str, list[dict[str, Any]]] = {"today": [], "other": []}

    def first_sight(side: Side, name: str) -> Callable[[int], int]:
        def run(index: int) -> int:
            log = fresh[index]
            answers[name].append(side.verify_log(log))
            return len(log["moves"])
        return run

    half = None if seconds is None else seconds / 2
    replay = taking_turns({"today": replayer(today), "other": replayer(other)}, rounds, half, games)
    gc.collect()  # the replay's garbage, collected before it, not during the short first sight
    met = taking_turns({"today": first_sight(today, "today"), "other": first_sight(other, "other")},
                       min(rounds, len(fresh)), None, len(fresh))
    if answers["today"] != answers["other"]:
        raise SystemExit(f"{variant.label}: the revisions disagree on a log met for the first time")
    playout = taking_turns({"today": player(today), "other": player(other)}, rounds, half, games)

    def rate(tally: dict[str, float], key: str) -> float:
        return tally[key] / tally["seconds"]

    return {
        "row": variant.label, "game": variant.slug, "options": dict(variant.options), "players": variant.players,
        "replay_moves_per_second": rate(replay["today"], "units"),
        "replay_other_moves_per_second": rate(replay["other"], "units"),
        "replay_ratio": rate(replay["today"], "units") / rate(replay["other"], "units"),
        "first_sight_moves_per_second": rate(met["today"], "units"),
        "first_sight_other_moves_per_second": rate(met["other"], "units"),
        "first_sight_ratio": rate(met["today"], "units") / rate(met["other"], "units"),
        "first_sight_logs": len(fresh),
        "playout_games_per_second": rate(playout["today"], "calls"),
        "playout_other_games_per_second": rate(playout["other"], "calls"),
        "playout_ratio": rate(playout["today"], "calls") / rate(playout["other"], "calls"),
    }


def run_against(rev: str, variants: list[Any], rounds: int, seconds: float | None,
                games: int | None) -> dict[str, Any]:
    """Every variant's row against ``rev``, printed as it goes; answer the figures."""
    today = Side(*(importlib.import_module(f"games.{name}") for name in ("registry", "runner", "logs")))
    other = Side.loaded(load_games(rev))
    sha = resolve(rev)
    budget = f"{games} games" if games is not None else f"{seconds:g} s"
    print(f"Today's engines against {rev} ({sha[:12]}), one process, {budget} a row for each figure, "
          f"taking turns {rounds} times; ratio = today / {rev}:")
    print(f"{'row':<52}{'replay moves/s':>15}{rev:>12}{'ratio':>7}{'first sight':>12}{'ratio':>7}"
          f"{'playouts/s':>12}{rev:>12}{'ratio':>7}")
    rows = []
    # New logs come from processes started afresh, so that no engine here reads them first.
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        for variant in variants:
            logs = [play(today, variant, index) for index in range(REPLAY_LOGS)]
            count = FRESH_LOGS[variant.slug]
            fresh = list(pool.map(fresh_log, [(variant.slug, dict(variant.options), variant.players, index)
                                              for index in range(count)], chunksize=16))
            row = against_row(variant, today, other, logs, rounds, seconds, games, fresh)
            rows.append(row)
            print(f"{row['row']:<52}{row['replay_moves_per_second']:>15,.0f}"
                  f"{row['replay_other_moves_per_second']:>12,.0f}{row['replay_ratio']:>7.2f}"
                  f"{row['first_sight_moves_per_second']:>12,.0f}{row['first_sight_ratio']:>7.2f}"
                  f"{row['playout_games_per_second']:>12,.1f}"
                  f"{row['playout_other_games_per_second']:>12,.1f}{row['playout_ratio']:>7.2f}", flush=True)
    return {"revision": rev, "commit": sha, "rows": rows}


def fresh_log(job: tuple[str, dict[str, Any], int, int]) -> dict[str, Any]:
    """A log for the first-sight figure, made in a pool process by today's engines."""
    from games.registry import get_game
    from games.runner import play_bots

    slug, options, players, index = job
    # The variant in the seed: two variants on one board would otherwise play the same moves,
    # and the second would meet logs the first has read.
    variant = ",".join(f"{key}={value}" for key, value in sorted(options.items()))
    return play_bots(get_game(slug), ["random"] * players, options=options,
                     seed=f"first-sight-{slug}-{variant}-{players}-{index}")


def play(side: Side, variant: Any, index: int) -> dict[str, Any]:
    """Log ``index`` of a variant: seeded random bots, by ``side``'s engines."""
    return side.play_bots(side.get_game(variant.slug), ["random"] * variant.players, options=variant.options,
                     seed=f"against-{variant.slug}-{index}")
