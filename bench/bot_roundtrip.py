"""Bot processes: what a move costs when the bot is a sandboxed program, and how long the
sandbox takes to start.

    .venv/bin/python bench/bot_roundtrip.py [--games SLUG ...] [--moves N] [--processes P]
                                            [--starts S] [--seed SEED]

Per move, for each game's example bot (``examples/bots/<slug>.py``), on the same ``N``
turns recorded from seeded matches of that bot against itself, median microseconds of:

(a) a bare pipe round trip: the same ``turn`` line written to a child that reads a line and
    writes a short answer (the floor any program bot pays);
(b) the example bot's ``choose`` called in-process, alone and with the JSON both ways (what
    the service and the bot encode and decode);
(c) the bot as a program through :class:`~games.bot_process.ProgramAgent`, without the
    sandbox (the same protocol code over a plain ``python3 main.py``);
(d) the bot through ``ProgramAgent`` in the bubblewrap sandbox, as the service runs it;
(e) for the race, whose seats move at the same moment, two sandboxed bots asked together
    through the runner's ``ask_together``, with the match's threads and, as a baseline, with
    a new thread pool every turn (as the runner did before).

"Added per move" is (d) − (a) − (b with JSON): what the service's protocol code and the
sandbox add beyond the pipe and the bot's own work; (d) − (c) is the sandbox's share.

Start: median (and best) milliseconds from spawning to the first answer (``ready``) of the
sandboxed example bot, against a plain ``python3 main.py`` child (same agent), bare
interpreters (``python3 -c pass``, ``-S``), bubblewrap running ``true`` and a bare ``true``;
the kinds are interleaved so that load on the machine falls on each alike. The best of a
run shows what an idle machine gives; the median, what a busy one does.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bot_process import ProgramAgent, encode  # noqa: E402
from games.registry import get_game  # noqa: E402
from games.runner import SeatThreads, ask_together, play_match  # noqa: E402
from games.sandbox import (BOT_ENV, Limits, SandboxProcess, bot_python,  # noqa: E402
                           make_code_dir, remove_code_dir, require_sandbox, sandbox_command,
                           start_sandboxed)
from results import write_results  # noqa: E402

GAMES = ("leapfrog_race", "measure_and_tempo", "froggit", "leap_frog")
#: Games whose seats move at the same moment: the runner asks their bot processes together.
SIMULTANEOUS = ("leapfrog_race",)
EXAMPLES = ROOT / "examples" / "bots"
#: The goals of the issue: microseconds added per move, milliseconds to start.
GOAL_ADDED_US = 300
GOAL_START_MS = 50
#: The bare pipe's child: read a line, answer a short one, until the input ends; its reads
#: and writes are the example bots' own (text lines, a flush after each answer).
ECHO = """import sys
for line in sys.stdin:
    sys.stdout.write('{"move": "x"}\\n')
    sys.stdout.flush()
"""
RESULT = {"ranks": [1, 2], "scores": [0, 0]}
Turn = tuple[dict[str, Any], list[str]]


def load_example(slug: str) -> ModuleType:
    """The example bot of ``slug`` as a module, to call its ``choose`` in-process."""
    spec = importlib.util.spec_from_file_location(f"example_{slug}", EXAMPLES / f"{slug}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Recorder:
    """An in-process seat playing the example bot's ``choose`` and keeping every turn."""

    def __init__(self, module: ModuleType, turns: list[Turn]) -> None:
        self.module = module
        self.turns = turns

    def start(self, info: Mapping[str, Any]) -> None:
        pass

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        self.turns.append((observation, legal))
        return self.module.choose(observation, legal)

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None:
        pass


def record_turns(slug: str, module: ModuleType, moves: int, seed: str) -> tuple[list[Turn], int]:
    """The first ``moves`` turns of seeded two-seat matches of the example bot against
    itself, and how many matches that took."""
    turns: list[Turn] = []
    random.seed(seed)  # the example bots draw from the random module
    matches = 0
    while len(turns) < moves:
        play_match(get_game(slug), [Recorder(module, turns), Recorder(module, turns)],
                   seed=f"{seed}-{slug}-{matches}")
        matches += 1
    return turns[:moves], matches


def turn_line(observation: dict[str, Any], legal: list[str]) -> bytes:
    """The ``turn`` line ProgramAgent sends for this turn."""
    return encode({"type": "turn", "observation": observation, "legal": legal, "bank_ms": 10_000})


def start_info(slug: str) -> dict[str, Any]:
    game = get_game(slug)
    return {"game": slug, "options": game.parse_options({}, 2), "seat": 0, "players": 2}


# -- per move -------------------------------------------------------------------------------

def pipe_round_trips(lines: Sequence[bytes]) -> list[float]:
    """(a) Microseconds per line: write it to the echoing child, read its answer line."""
    child = subprocess.Popen([bot_python(), "-c", ECHO], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, bufsize=0, env=dict(BOT_ENV), close_fds=True)
    assert child.stdin is not None and child.stdout is not None
    into, out = child.stdin.fileno(), child.stdout.fileno()
    times = []
    try:
        for line in lines:
            started = time.perf_counter_ns()
            view = memoryview(line)
            while view:
                view = view[os.write(into, view):]
            answer = os.read(out, 65536)
            while not answer.endswith(b"\n"):
                answer += os.read(out, 65536)
            times.append((time.perf_counter_ns() - started) / 1000)
    finally:
        child.stdin.close()
        child.wait()
        child.stdout.close()
    return times


def in_process(module: ModuleType, turns: Sequence[Turn]) -> tuple[list[float], list[float]]:
    """(b) Microseconds per turn of ``choose`` alone, and of ``choose`` with the protocol's
    JSON both ways: the service encodes the turn, the bot decodes it, chooses and encodes
    its answer, the service decodes that and checks the move."""
    alone, with_json = [], []
    for observation, legal in turns:
        started = time.perf_counter_ns()
        module.choose(observation, legal)
        alone.append((time.perf_counter_ns() - started) / 1000)
    for observation, legal in turns:
        started = time.perf_counter_ns()
        message = json.loads(turn_line(observation, legal))
        chosen = module.choose(message["observation"], message["legal"])
        answer = (json.dumps({"move": chosen}) + "\n").encode()
        move = json.loads(answer.decode("utf-8"))["move"]
        if move not in legal:
            raise AssertionError(f"the example bot chose {move!r}, not a legal move")
        with_json.append((time.perf_counter_ns() - started) / 1000)
    return alone, with_json


class PlainProgramAgent(ProgramAgent):
    """ProgramAgent over a plain ``python3 main.py`` child: no bubblewrap, no own uid, no
    limits. For measuring only; the service never runs uploaded code like this."""

    def _launch(self, code_dir: Path) -> SandboxProcess:
        popen = subprocess.Popen([bot_python(), "main.py"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
                                 env=dict(BOT_ENV), cwd=code_dir, close_fds=True, start_new_session=True)
        return SandboxProcess(popen, None)


def agent_round_trips(agent_class: type[ProgramAgent], code: bytes, slug: str,
                      turns: Sequence[Turn]) -> list[float]:
    """(c), (d) Microseconds per ``choose`` of one bot process over every turn."""
    times = []
    with agent_class(code, "main.py") as agent:
        agent.start(start_info(slug))
        for observation, legal in turns:
            started = time.perf_counter_ns()
            agent.choose(observation, legal)
            times.append((time.perf_counter_ns() - started) / 1000)
        agent.end(RESULT, {})
        if agent.failure:
            raise RuntimeError(f"the {slug} example failed: {agent.failure}\n{agent.stderr_text}")
    return times


def together_round_trips(code: bytes, slug: str, turns: Sequence[Turn], *,
                         pool_per_turn: bool) -> list[float]:
    """(e) Microseconds per turn of two sandboxed bots asked together through the runner's
    ``ask_together``: with the match's threads, or with a new pool every turn (as before)."""
    times = []
    with ProgramAgent(code, "main.py") as first, ProgramAgent(code, "main.py") as second, \
            SeatThreads(2) as threads:
        agents = [first, second]
        for agent in agents:
            agent.start(start_info(slug))
        for observation, legal in turns:
            started = time.perf_counter_ns()
            answers = ask_together(agents, {0: (observation, legal), 1: (observation, legal)},
                                   None if pool_per_turn else threads.pool)
            times.append((time.perf_counter_ns() - started) / 1000)
            if not all(isinstance(answer, str) for answer in answers.values()):
                raise RuntimeError(f"the {slug} example failed: {answers}")
        for agent in agents:
            agent.end(RESULT, {})
    return times


def per_move(slug: str, moves: int, processes: int, seed: str) -> dict[str, Any]:
    """Every per-move figure of one game, the variants interleaved process by process."""
    module = load_example(slug)
    code = (EXAMPLES / f"{slug}.py").read_bytes()
    turns, matches = record_turns(slug, module, moves, seed)
    lines = [turn_line(observation, legal) for observation, legal in turns]
    samples: dict[str, list[float]] = {key: [] for key in
                                       ("pipe", "choose", "choose_json", "plain", "sandboxed")}
    for round_number in range(processes):
        random.seed(f"{seed}-{round_number}")
        samples["pipe"] += pipe_round_trips(lines)
        alone, with_json = in_process(module, turns)
        samples["choose"] += alone
        samples["choose_json"] += with_json
        samples["plain"] += agent_round_trips(PlainProgramAgent, code, slug, turns)
        samples["sandboxed"] += agent_round_trips(ProgramAgent, code, slug, turns)
        if slug in SIMULTANEOUS:
            for key, pool_per_turn in (("together", False), ("together_new_pool", True)):
                samples.setdefault(key, []).extend(
                    together_round_trips(code, slug, turns, pool_per_turn=pool_per_turn))
    figures: dict[str, Any] = {"turns": len(turns), "matches": matches, "processes": processes,
                               "turn_bytes_median": statistics.median(len(line) for line in lines)}
    for key, values in samples.items():
        figures[f"{key}_us"] = round(statistics.median(values), 1)
        figures[f"{key}_mean_us"] = round(statistics.fmean(values), 1)
    floor = figures["pipe_us"] + figures["choose_json_us"]
    figures["added_us"] = round(figures["sandboxed_us"] - floor, 1)
    figures["protocol_us"] = round(figures["plain_us"] - floor, 1)
    figures["sandbox_us"] = round(figures["sandboxed_us"] - figures["plain_us"], 1)
    figures["goal_met"] = figures["added_us"] <= GOAL_ADDED_US
    return figures


def print_per_move(slug: str, figures: Mapping[str, Any]) -> None:
    pipe = figures["pipe_us"]
    print(f"\n{slug}: {figures['turns']} turns from {figures['matches']} seeded matches of the example "
          f"bot against itself (median turn line {figures['turn_bytes_median']:.0f} bytes), "
          f"{figures['processes']} processes each")
    print(f"  {'per move':<44} {'median µs':>10} {'mean µs':>9} {'× pipe':>7}")
    rows = [("(a) bare pipe round trip", "pipe"), ("(b) choose in-process", "choose"),
            ("(b) choose in-process, with the JSON", "choose_json"),
            ("(c) ProgramAgent, plain python3 child", "plain"),
            ("(d) ProgramAgent, sandboxed", "sandboxed")]
    for label, key in rows:
        print(f"  {label:<44} {figures[key + '_us']:>10.1f} {figures[key + '_mean_us']:>9.1f} "
              f"{figures[key + '_us'] / pipe:>7.2f}")
    if "together_us" in figures:
        for label, key in (("(e) two sandboxed bots asked together", "together"),
                           ("(e) the same, a new thread pool every turn", "together_new_pool")):
            print(f"  {label:<44} {figures[key + '_us']:>10.1f} {figures[key + '_mean_us']:>9.1f} "
                  f"{figures[key + '_us'] / pipe:>7.2f}")
    verdict = "met" if figures["goal_met"] else "missed"
    print(f"  added per move (d − a − b with JSON): {figures['added_us']:.1f} µs "
          f"(goal ≤ {GOAL_ADDED_US} µs: {verdict}); "
          f"protocol code (c − a − b) {figures['protocol_us']:.1f} µs, "
          f"sandbox (d − c) {figures['sandbox_us']:.1f} µs")


# -- start ----------------------------------------------------------------------------------

def timed(action: Callable[[], None]) -> float:
    started = time.perf_counter_ns()
    action()
    return (time.perf_counter_ns() - started) / 1e6


def run_to_exit(command: list[str]) -> None:
    subprocess.run(command, env=dict(BOT_ENV), cwd="/", check=True)


def sandboxed_true(code_dir: Path) -> list[str]:
    """Bubblewrap exactly as for a bot, but running ``true`` (bound into the bot's private
    ``/tmp`` for the purpose: the rest of its root is read-only)."""
    command = sandbox_command(code_dir, Limits())
    true = os.path.realpath(shutil.which("true") or "/bin/true")
    return [*command[:command.index("--")], "--ro-bind", true, "/tmp/true", "--", "/tmp/true"]


def start_times(slug: str, starts: int) -> dict[str, Any]:
    """Median milliseconds of every way of starting, interleaved ``starts`` times."""
    code = (EXAMPLES / f"{slug}.py").read_bytes()
    info = start_info(slug)
    python = bot_python()
    closes: list[float] = []
    code_dir = make_code_dir()

    def agent_start(agent_class: type[ProgramAgent]) -> Callable[[], float]:
        def measure() -> float:
            agent = agent_class(code, "main.py")
            try:
                return timed(lambda: agent.start(info))
            finally:
                closed = timed(agent.close)
                if agent_class is ProgramAgent:
                    closes.append(closed)
        return measure

    def in_sandbox(argv: tuple[str, ...]) -> Callable[[], float]:
        def measure() -> float:
            def run() -> None:
                process = start_sandboxed(code_dir, Limits(), argv=argv)
                process.wait()
                process.kill()
            return timed(run)
        return measure

    true_in_bwrap = sandboxed_true(code_dir)
    kinds: dict[str, Callable[[], float]] = {
        "sandboxed_ready": agent_start(ProgramAgent),
        "plain_ready": agent_start(PlainProgramAgent),
        "sandboxed_python_pass": in_sandbox(("-c", "pass")),
        "python_pass": lambda: timed(lambda: run_to_exit([python, "-c", "pass"])),
        "python_S_pass": lambda: timed(lambda: run_to_exit([python, "-S", "-c", "pass"])),
        "python_imports": lambda: timed(lambda: run_to_exit([python, "-c",
                                                             "import json, random, sys"])),
        "bwrap_true": lambda: timed(lambda: run_to_exit(true_in_bwrap)),
        "true": lambda: timed(lambda: run_to_exit([os.path.realpath(shutil.which("true") or "/bin/true")])),
    }
    samples: dict[str, list[float]] = {kind: [] for kind in kinds}
    try:
        require_sandbox()
        for kind, measure in kinds.items():  # once each to warm the caches
            measure()
        closes.clear()
        for _ in range(starts):
            for kind, measure in kinds.items():
                samples[kind].append(measure())
    finally:
        remove_code_dir(code_dir)
    figures: dict[str, Any] = {"starts": starts, "game": slug}
    for kind, values in samples.items():
        figures[f"{kind}_ms"] = round(statistics.median(values), 2)
        figures[f"{kind}_min_ms"] = round(min(values), 2)
    figures["sandboxed_close_ms"] = round(statistics.median(closes), 2)
    figures["goal_met"] = figures["sandboxed_ready_ms"] <= GOAL_START_MS
    return figures


def print_start(figures: Mapping[str, Any]) -> None:
    base = figures["plain_ready_ms"]
    print(f"\nstart: median of {figures['starts']} interleaved starts (the {figures['game']} example bot)")
    print(f"  {'from spawning to':<62} {'median ms':>9} {'best ms':>8} {'× plain':>8}")
    rows = [("the sandboxed bot's ready (ProgramAgent.start)", "sandboxed_ready"),
            ("a plain python3 main.py child's ready (same agent)", "plain_ready"),
            ("the exit of python3 -c 'import json, random, sys'", "python_imports"),
            ("the exit of a sandboxed python3 -c pass", "sandboxed_python_pass"),
            ("the exit of python3 -c pass", "python_pass"),
            ("the exit of python3 -S -c pass", "python_S_pass"),
            ("the exit of true in bubblewrap (the bot's sandbox)", "bwrap_true"),
            ("the exit of a bare true", "true")]
    for label, key in rows:
        print(f"  {label:<62} {figures[key + '_ms']:>9.2f} {figures[key + '_min_ms']:>8.2f} "
              f"{figures[key + '_ms'] / base:>8.2f}")
    verdict = "met" if figures["goal_met"] else "missed"
    print(f"  sandboxed start {figures['sandboxed_ready_ms']:.1f} ms (goal ≤ {GOAL_START_MS} ms: {verdict}); "
          f"closing it (kill, reap, remove its code) {figures['sandboxed_close_ms']:.1f} ms")


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text}")
    return value


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES),
                        help="the games whose example bots are timed (default: all four)")
    parser.add_argument("--moves", type=positive, default=200, help="turns timed per game and process")
    parser.add_argument("--processes", type=positive, default=3,
                        help="bot processes per variant and game, each playing every turn")
    parser.add_argument("--starts", type=positive, default=20, help="starts timed of each kind")
    parser.add_argument("--seed", default="bench", help="seed of the recorded matches")
    args = parser.parse_args(argv)
    require_sandbox()
    figures: dict[str, Any] = {"goal_added_us": GOAL_ADDED_US, "goal_start_ms": GOAL_START_MS, "per_move": {}}
    print(f"per-move round trips, median µs over {args.processes} processes × {args.moves} turns a game")
    for slug in args.games:
        figures["per_move"][slug] = per_move(slug, args.moves, args.processes, args.seed)
        print_per_move(slug, figures["per_move"][slug])
    figures["start"] = start_times(args.games[-1], args.starts)
    print_start(figures["start"])
    write_results("bot_roundtrip", figures)


if __name__ == "__main__":
    main()
