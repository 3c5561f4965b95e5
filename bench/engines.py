"""Engine speed and verification throughput, each against a baseline measured in the same run.

    .venv/bin/python bench/engines.py [--seconds 2 | --games N] [--logs 1000] [--only SLUG] [--jobs 2]

**Engines.** For every game and variant, full random games per second in this one process (one
core) through the engine interface, as a random bot plays them: list the legal actions of the
seat to move, pick one with a seeded RNG, apply it, draw the chance outcomes
(``games.runner.random_playout``). Beside each row, a baseline of the same game; engine and
baseline take turns four times, each for the same share of the budget (``--seconds``) or the
same number of games (``--games``), so that both meet the same load. The ratio is the
engine's games per second over the baseline's. The baselines:

* ``leapfrog_race``: the bare turn resolution (``resolve_turn``) on random tokens;
* ``measure_and_tempo``: replaying the logs of the same random bouts move by move;
* ``froggit``: random playouts that pick among the distinct effects of the moves (frog, start,
  end: ``bots.effects``) and apply one, without listing or checking the move strings;
* ``leap_frog``: random playouts that draw each capture leap by leap (``random_capture``),
  without listing every chain.

Game ``i`` of a row is seeded with ``i`` (the baseline's too), so the same count of games
repeats exactly; with ``--seconds`` the count is whatever fits.

**Verification.** ``--logs`` logs per game from seeded random bots (``play_bots``, the
variants in turn; made by ``--jobs`` processes, not timed), written as files to a temporary
directory and verified by one
``manage.py verify_log`` command on all of them, against the same logs, already parsed,
through the command's verifier (``games.logs.verify_log``) in this process: the ratio is what
the command adds (process start, Django setup, reading and parsing the files, JSON output).
Beside it, the rules package's own ``leapfrog-verify``, pip-installed into an empty virtual
environment (``bench/standalone.py``): its throughput on the same files, and its ratio to
the same loop in a process that has already started (``standalone.started``: the command's
own ``verify_files`` on the same files, in the same environment, timed after the first file;
goal 0.9 or more). That ratio is what starting the command costs, and nothing else: both see
the logs for the first time. ``warm`` is the ratio to ``verify_log`` in this process on the
parsed logs, which it has verified before (the engines keep what they read of each move),
``cpu`` the goal's ratio in CPU time, steadier on a busy machine, and ``bytes`` the ratio to
``verify_bytes`` in this process on the logs' bodies. The three take turns three times and
the best of each is kept. The start is the median wall time (and CPU time) of the command on
the game's shortest log (goal under 100 ms).

``--against REV`` instead compares today's engines with revision ``REV``'s, loaded in this
same process (``bench/against.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from results import write_results  # noqa: E402
import standalone  # noqa: E402

from games.base import Game  # noqa: E402
from games.froggit.bots import apply_effect, effects  # noqa: E402
from games.leap_frog.rules import random_capture  # noqa: E402
from games.leapfrog_race.rules import FROGS, RACES, TURNS, resolve_turn  # noqa: E402
from games.logs import dump_log, verify_bytes, verify_log  # noqa: E402
from games.registry import get_game  # noqa: E402
from games.runner import play_bots, random_playout  # noqa: E402

SLUGS = ("leapfrog_race", "measure_and_tempo", "froggit", "leap_frog")


@dataclass(frozen=True)
class Variant:
    """One row: a game with the options it takes and a number of seats."""

    slug: str
    options: Mapping[str, Any]
    players: int

    @property
    def label(self) -> str:
        """The game, its options as given, and the seats: ``froggit version=expert, 6 seats``."""
        options = " ".join(f"{key}={value}" for key, value in self.options.items())
        return f"{self.slug} {options}".rstrip() + f", {self.players} seats"


VARIANTS: tuple[Variant, ...] = (
    Variant("leapfrog_race", {}, 2),
    Variant("leapfrog_race", {}, 6),
    Variant("measure_and_tempo", {}, 2),
    Variant("froggit", {"version": "junior"}, 2),
    Variant("froggit", {"version": "junior"}, 6),
    Variant("froggit", {"version": "expert"}, 2),
    Variant("froggit", {"version": "expert"}, 6),
    Variant("leap_frog", {"variant": "traditional", "rows": 15, "cols": 15}, 2),
    Variant("leap_frog", {"variant": "murray", "rows": 8, "cols": 8}, 2),
    Variant("leap_frog", {"variant": "murray", "rows": 15, "cols": 15}, 2),
    Variant("leap_frog", {"variant": "capture"}, 2),
)

#: A played game as its baseline needs it: the setup and the log moves.
Record = tuple[dict[str, Any], list[str]]
#: A baseline plays game ``index`` (or replays its record) and answers its moves.
Baseline = Callable[[Game, dict[str, Any], int, int, Record], int]


def race_bare(game: Game, options: dict[str, Any], players: int, index: int, record: Record) -> int:
    """The race's three races resolved by ``resolve_turn`` alone on shuffled token piles."""
    rng = random.Random(index)
    column = list(FROGS)
    rng.shuffle(column)
    for _ in range(RACES):
        piles = {frog: rng.sample(range(1, 7), 6) for frog in FROGS}
        for turn in range(TURNS):
            column = resolve_turn(column, {frog: piles[frog][turn] for frog in FROGS})
    return RACES * TURNS


def replay(game: Game, options: dict[str, Any], players: int, index: int, record: Record) -> int:
    """The engine's own game replayed from its log moves, as verification does."""
    setup, moves = record
    state = game.new_state(options, players, setup)
    for move in moves:
        state.apply_move(move)
    return len(moves)


def froggit_effects(game: Game, options: dict[str, Any], players: int, index: int, record: Record) -> int:
    """A random game choosing among distinct move effects, no move strings listed or checked."""
    rng = random.Random(index)
    state = game.new_state(options, players, {})
    while not state.is_over():
        apply_effect(state, rng.choice(effects(state)))  # type: ignore[arg-type]
    return state.turns  # type: ignore[attr-defined, no-any-return]


def leap_frog_leaps(game: Game, options: dict[str, Any], players: int, index: int, record: Record) -> int:
    """A random game drawing each capture leap by leap, without listing every chain."""
    rng = random.Random(index)
    state: Any = game.new_state(options, players, game.random_setup(options, players, rng))
    plies = 0
    while not state.is_over():
        if state.in_opening():
            state.play(rng.choice(state.legal_paths())[0])
        else:
            state.play(random_capture(state.cells, state.board, state.empty, rng))
        plies += 1
    return plies


BASELINES: dict[str, tuple[Baseline, str]] = {
    "leapfrog_race": (race_bare, "the bare turn resolution on random tokens"),
    "measure_and_tempo": (replay, "replaying the same bouts' logs"),
    "froggit": (froggit_effects, "random distinct move effects, nothing listed or checked"),
    "leap_frog": (leap_frog_leaps, "random leaps, without listing every chain"),
}


#: Engine and baseline take turns this many times in a row's budget, so that both are timed
#: under the same load, even on a shared machine.
ROUNDS = 4


def engine_row(variant: Variant, seconds: float | None, games: int | None) -> dict[str, Any]:
    """Time ``games`` engine games (or as many as fit in ``seconds``) and the baseline on as
    many games (for as long), the two taking turns :data:`ROUNDS` times."""
    game = get_game(variant.slug)
    options = game.parse_options(variant.options, variant.players)
    baseline, described = BASELINES[variant.slug]
    records: list[Record] = []
    engine = {"games": 0, "moves": 0, "seconds": 0.0}
    base = {"games": 0, "moves": 0, "seconds": 0.0}

    def timed(tally: dict[str, Any], quota: int | None, play: Callable[[int], int]) -> None:
        """Play games ``play(index)`` (answering its moves) until the round's quota or time is up."""
        played = 0
        started = time.perf_counter()
        while (played < quota) if quota is not None else (
                not played or time.perf_counter() - started < seconds / ROUNDS):  # type: ignore[operator]
            tally["moves"] += play(tally["games"])
            tally["games"] += 1
            played += 1
        tally["seconds"] += time.perf_counter() - started

    def engine_game(index: int) -> int:
        rng = random.Random(index)
        setup = game.random_setup(options, variant.players, rng)
        state = random_playout(game.new_state(options, variant.players, setup), rng)
        records.append((setup, state.moves))
        return len(state.moves)

    def baseline_game(index: int) -> int:
        return baseline(game, options, variant.players, index, records[index % len(records)])

    for round_ in range(ROUNDS):
        quota = None if games is None else games * (round_ + 1) // ROUNDS - games * round_ // ROUNDS
        timed(engine, quota, engine_game)
        timed(base, quota, baseline_game)
    engine_rate = engine["games"] / engine["seconds"]
    base_rate = base["games"] / base["seconds"]
    return {
        "row": variant.label, "game": variant.slug, "options": dict(variant.options),
        "players": variant.players, "games": engine["games"],
        "games_per_second": engine_rate, "ms_per_game": 1000 / engine_rate,
        "moves_per_game": engine["moves"] / engine["games"],
        "moves_per_second": engine["moves"] / engine["seconds"],
        "baseline": described, "baseline_games": base["games"],
        "baseline_games_per_second": base_rate,
        "baseline_moves_per_game": base["moves"] / base["games"],
        "ratio": engine_rate / base_rate,
    }


def print_engine_row(row: dict[str, Any]) -> None:
    print(f"{row['row']:<52}{row['games_per_second']:>10,.1f}{row['ms_per_game']:>10,.2f}"
          f"{row['moves_per_game']:>8,.0f}{row['baseline_games_per_second']:>11,.1f}"
          f"{row['ratio']:>7.2f}", flush=True)


def make_log(job: tuple[str, int]) -> dict[str, Any]:
    """Log ``index`` of a game: seeded random bots, the game's variants in turn."""
    slug, index = job
    variants = [variant for variant in VARIANTS if variant.slug == slug]
    variant = variants[index % len(variants)]
    return play_bots(get_game(slug), ["random"] * variant.players, options=variant.options,
                     seed=f"engines-{slug}-{index}")


def verify_command(paths: list[str]) -> list[dict[str, Any]]:
    """One ``manage.py verify_log`` on every file; its JSON lines, checked for exit status."""
    done = subprocess.run([sys.executable, "manage.py", "verify_log", *paths], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"verify_log exited with {done.returncode}: {done.stderr.strip()[-2000:]}")
    return [json.loads(line) for line in done.stdout.splitlines()]


#: Turns the standalone verifier and the in-process verifier take on the same logs.
STANDALONE_ROUNDS = 3


def verification_row(slug: str, count: int, directory: str, pool: ProcessPoolExecutor,
                     verifier: list[str]) -> dict[str, Any]:
    """Generate (in ``pool``: not timed), store and verify ``count`` logs of one game, by the
    command, by the standalone ``verifier`` and in-process."""
    logs = list(pool.map(make_log, [(slug, index) for index in range(count)], chunksize=16))
    paths = []
    for index, log in enumerate(logs):
        path = os.path.join(directory, f"{slug}-{index:05d}.json")
        with open(path, "w", encoding="utf-8") as out:
            out.write(dump_log(log))
        paths.append(path)
    started = time.perf_counter()
    answers = verify_command(paths)
    command_time = time.perf_counter() - started
    shortest = min(range(count), key=lambda index: len(logs[index]["moves"]))
    start = standalone.start_ms(verifier, paths[shortest])
    parsed = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            parsed.append(json.load(handle))
    # The standalone command and in-process take turns STANDALONE_ROUNDS times; the best of
    # each is kept, since a busy machine only ever makes a run slower.
    # CPU times beside the wall clock: on a shared machine they are the steadier figure.
    bodies = [dump_log(log).encode("utf-8") for log in logs]
    standalone_time = standalone_cpu = loop_time = loop_cpu = math.inf
    in_process = in_process_cpu = from_bytes = math.inf
    for _ in range(STANDALONE_ROUNDS):
        wall, cpu, standalone_answers = standalone.timed(verifier, paths)
        if standalone_answers != answers:
            raise SystemExit(f"{slug}: the standalone verifier and verify_log answered differently")
        standalone_time, standalone_cpu = min(standalone_time, wall), min(standalone_cpu, cpu)
        wall, cpu, started_answers = standalone.started(verifier, paths)
        if started_answers != answers:
            raise SystemExit(f"{slug}: the started verifier and verify_log answered differently")
        loop_time, loop_cpu = min(loop_time, wall), min(loop_cpu, cpu)
        started, started_cpu = time.perf_counter(), time.process_time()
        valid = [verify_log(log)["valid"] for log in parsed]
        in_process = min(in_process, time.perf_counter() - started)
        in_process_cpu = min(in_process_cpu, time.process_time() - started_cpu)
        started = time.perf_counter()
        for body in bodies:
            verify_bytes(body)
        from_bytes = min(from_bytes, time.perf_counter() - started)
    if len(answers) != count or not all(answer["valid"] for answer in answers) or not all(valid):
        raise SystemExit(f"{slug}: some generated logs did not verify")
    moves = sum(len(log["moves"]) for log in logs)
    return {
        "game": slug, "logs": count, "moves_per_log": moves / count,
        "command_logs_per_second": count / command_time, "command_seconds": command_time,
        "in_process_logs_per_second": count / in_process, "in_process_seconds": in_process,
        "ratio": in_process / command_time,
        "standalone_logs_per_second": count / standalone_time, "standalone_seconds": standalone_time,
        "started_logs_per_second": count / loop_time, "started_seconds": loop_time,
        "standalone_ratio": loop_time / standalone_time,
        "standalone_cpu_ratio": loop_cpu / standalone_cpu,
        "standalone_ratio_warm": in_process / standalone_time,
        "standalone_cpu_ratio_warm": in_process_cpu / standalone_cpu,
        "in_process_from_bytes_seconds": from_bytes, "standalone_ratio_from_bytes": from_bytes / standalone_time,
        "standalone_start_ms": start["median_ms"], "standalone_start_best_ms": start["best_ms"],
        "standalone_start_cpu_ms": start["cpu_ms"],
    }


def positive(kind: Callable[[str], Any], zero: bool = False) -> Callable[[str], Any]:
    """An argparse type: a number of ``kind`` above zero (or zero too)."""
    def convert(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value) or value < 0 or (value == 0 and not zero):
            raise argparse.ArgumentTypeError(f"must be a number {'of 0 or more' if zero else 'above 0'}, not {text}")
        return value
    convert.__name__ = kind.__name__
    return convert


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="See the module docstring for what each baseline is.")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=positive(float), default=None,
                        help="seconds of engine games per row (default 2)")
    budget.add_argument("--games", type=positive(int), default=None,
                        help="engine games per row instead of a time budget")
    parser.add_argument("--logs", type=positive(int, zero=True), default=1000,
                        help="logs per game for the verification figures (default 1000; 0 skips them)")
    parser.add_argument("--only", choices=SLUGS, help="one game only")
    parser.add_argument("--jobs", type=positive(int), default=2,
                        help="processes that generate the logs to verify (not timed; default 2)")
    parser.add_argument("--against", metavar="REV",
                        help="instead: today's engines against revision REV's, replay and playouts (bench/against.py)")
    args = parser.parse_args()
    if args.against:
        from against import run_against

        seconds = args.seconds if args.seconds is not None or args.games is not None else 2.0
        variants = [variant for variant in VARIANTS if not args.only or variant.slug == args.only]
        write_results("engines_against", run_against(args.against, variants, ROUNDS,
                                                     None if args.games else seconds, args.games))
        return
    seconds = args.seconds if args.seconds is not None or args.games is not None else 2.0
    slugs = [args.only] if args.only else list(SLUGS)

    budget_text = f"{args.games} games" if args.games is not None else f"{seconds:g} s"
    print(f"Full random games through the engine interface, one process, {budget_text} a row, "
          f"taking turns with the baseline for as long (as many games):")
    print(f"{'row':<52}{'games/s':>10}{'ms/game':>10}{'moves':>8}{'baseline/s':>11}{'ratio':>7}")
    rows = []
    for variant in VARIANTS:
        if variant.slug in slugs:
            rows.append(engine_row(variant, seconds, args.games))
            print_engine_row(rows[-1])
    print("baselines: " + "; ".join(f"{slug}: {BASELINES[slug][1]}" for slug in slugs))

    verification = []
    if args.logs:
        print(f"\nVerification: {args.logs} logs of seeded random bots per game, one "
              f"'manage.py verify_log' on all the files against verify_log in-process on the parsed logs:")
        with tempfile.TemporaryDirectory(prefix="bench-engines-") as directory, \
                ProcessPoolExecutor(max_workers=args.jobs) as pool:
            verifier, installed = standalone.install(directory)
            print(f"standalone: {installed}; start = median wall time on the game's shortest log")
            print("standalone ratio = the command's loop in a started process (first sight of the logs) "
                  "over the command; warm = verify_log here on logs it has verified before")
            print(f"{'game':<20}{'moves/log':>10}{'command logs/s':>16}{'s':>7}"
                  f"{'in-process logs/s':>19}{'s':>7}{'ratio':>7}{'started logs/s':>16}"
                  f"{'standalone logs/s':>19}{'s':>7}{'ratio':>7}{'cpu':>6}{'warm':>6}{'bytes':>7}"
                  f"{'start ms':>10}{'cpu ms':>8}")
            for slug in slugs:
                row = verification_row(slug, args.logs, directory, pool, verifier)
                verification.append(row)
                print(f"{slug:<20}{row['moves_per_log']:>10,.0f}"
                      f"{row['command_logs_per_second']:>16,.0f}{row['command_seconds']:>7.2f}"
                      f"{row['in_process_logs_per_second']:>19,.0f}{row['in_process_seconds']:>7.2f}"
                      f"{row['ratio']:>7.2f}{row['started_logs_per_second']:>16,.0f}"
                      f"{row['standalone_logs_per_second']:>19,.0f}"
                      f"{row['standalone_seconds']:>7.2f}{row['standalone_ratio']:>7.2f}"
                      f"{row['standalone_cpu_ratio']:>6.2f}{row['standalone_ratio_warm']:>6.2f}"
                      f"{row['standalone_ratio_from_bytes']:>7.2f}"
                      f"{row['standalone_start_ms']:>10.1f}{row['standalone_start_cpu_ms']:>8.1f}", flush=True)
    write_results("engines", {"budget": {"seconds": None if args.games else seconds, "games": args.games},
                              "engines": rows, "verification": verification,
                              "standalone_goals": {"start_ms": standalone.GOAL_START_MS,
                                                   "ratio": standalone.GOAL_RATIO}})


if __name__ == "__main__":
    main()
