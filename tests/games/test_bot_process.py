"""The JSON-lines bot protocol: messages, timing, limits and the reasons of forfeits."""

from __future__ import annotations

import json
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from games.bot_process import PROTOCOL_CAP, REASONS, ProgramAgent
from games.bundle import BundleError
from games.runner import AgentFailure, play_match
from games.registry import get_game
from games.sandbox import Limits, SandboxUnavailable, sandbox_status
from tests.helpers import skip_or_fail

START = {"type": "start", "protocol": 1, "game": "leapfrog_race", "options": {}, "seat": 0, "players": 2}
LEGAL = ["1", "2", "3"]
QUICK = Limits(start_ms=1500, move_ms=300, total_ms=300)

#: A well-behaved bot that writes every message it gets to standard error.
ECHO = """
    import json, sys
    for line in sys.stdin:
        message = json.loads(line)
        print(json.dumps(message), file=sys.stderr, flush=True)
        if message["type"] == "start":
            print(json.dumps({"type": "ready", "name": "echo"}), flush=True)
        elif message["type"] == "turn":
            legal = message.get("legal") or ["1"]
            print(json.dumps({"move": legal[0]}), flush=True)
"""


@pytest.fixture(autouse=True)
def bubblewrap() -> None:
    ok, reason = sandbox_status()
    if not ok:
        skip_or_fail(f"bubblewrap cannot run here: {reason}")


def program(source: str, limits: Limits = QUICK) -> ProgramAgent:
    return ProgramAgent(textwrap.dedent(source).encode(), "bot.py", limits)


def received(agent: ProgramAgent) -> list[dict[str, Any]]:
    return [json.loads(line) for line in agent.stderr_text.splitlines() if line.startswith("{")]


def failure_of(source: str, limits: Limits = QUICK, turns: int = 3) -> tuple[str, ProgramAgent]:
    agent = program(source, limits)
    with agent:
        with pytest.raises(AgentFailure) as caught:
            agent.start(START)
            for _ in range(turns):
                agent.choose({"turn": 1}, LEGAL)
        assert caught.value.reason.startswith(REASONS)
        return caught.value.reason, agent


def test_messages_are_exactly_the_protocols() -> None:
    with program(ECHO, Limits()) as agent:
        agent.start(START)
        assert agent.choose({"hand": [1, 2]}, LEGAL) == "1"
        agent.end({"ranks": [1, 2], "scores": [3, 1]}, {"format": 1, "moves": ["R1 Y2"]})
        start, turn, end = received(agent)
    assert agent.ready_name == "echo"
    assert start == {**START, "limits": {"start_ms": 5000, "move_ms": 1000, "total_ms": 10000}}
    assert turn == {"type": "turn", "observation": {"hand": [1, 2]}, "legal": LEGAL, "bank_ms": 10000}
    assert end == {"type": "end", "result": {"ranks": [1, 2], "scores": [3, 1]},
                   "log": {"format": 1, "moves": ["R1 Y2"]}}


def test_above_the_cap_legal_gives_way_to_legal_count() -> None:
    legal = [str(index) for index in range(PROTOCOL_CAP + 1)]
    with program(ECHO, Limits()) as agent:
        agent.start(START)
        assert agent.choose({}, legal) == "1"
        turn = received(agent)[1]
    assert "legal" not in turn and turn["legal_count"] == PROTOCOL_CAP + 1


def test_time_beyond_move_ms_comes_from_the_bank_until_it_runs_out() -> None:
    slow = """
        import json, sys, time
        for line in sys.stdin:
            message = json.loads(line)
            print(json.dumps({"bank": message.get("bank_ms")}), file=sys.stderr, flush=True)
            if message["type"] == "start":
                print('{"type": "ready"}', flush=True)
            elif message["type"] == "turn":
                time.sleep(0.2)
                print('{"move": "1"}', flush=True)
    """
    with program(slow, Limits(move_ms=100, total_ms=1000)) as agent:
        agent.start(START)
        with pytest.raises(AgentFailure, match="^timeout$"):
            for _ in range(20):
                agent.choose({}, LEGAL)
        banks = [entry["bank"] for entry in received(agent)[1:]]
    assert banks[0] == 1000 and len(banks) >= 2
    assert banks == sorted(banks, reverse=True) and len(set(banks)) == len(banks)


def test_start_has_its_own_limit_and_does_not_use_the_bank() -> None:
    sleepy_start = """
        import json, sys, time
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "start":
                time.sleep(0.5)
                print('{"type": "ready"}', flush=True)
            elif message["type"] == "turn":
                print(json.dumps({"move": message["legal"][0], "bank": message["bank_ms"]}), flush=True)
    """
    with program(sleepy_start, Limits(start_ms=3000, move_ms=200, total_ms=100)) as agent:
        agent.start(START)
        assert agent.choose({}, LEGAL) == "1"
        assert agent.bank_ms >= 0
    reason, _ = failure_of(sleepy_start, Limits(start_ms=100, move_ms=5000, total_ms=5000))
    assert reason == "timeout"


@pytest.mark.parametrize(("source", "reason"), [
    ("import time\ntime.sleep(60)", "timeout"),
    ("while True:\n    pass", "timeout"),
    ("print('hello')", "malformed output (not JSON: 'hello')"),
    ("print('[1, 2]', flush=True)\nimport time; time.sleep(5)",
     'malformed output (expected {"type": "ready"} after start)'),
    ("pass", "exit"),
    ("import sys; sys.exit(0)", "exit"),
    ("raise ValueError('oops')", "crash (exit code 1)"),
    ("import os, signal; os.kill(os.getpid(), signal.SIGSEGV)", "crash (killed by SIGSEGV)"),
    ("x = bytearray(1024 ** 3)", "limit exceeded (memory)"),
])
def test_failures_at_start(source: str, reason: str) -> None:
    assert failure_of(source)[0] == reason


READY_THEN = """
    import json, sys
    sys.stdin.readline()
    print('{"type": "ready"}', flush=True)
    sys.stdin.readline()
"""


@pytest.mark.parametrize(("answer", "reason"), [
    ("print('{\"move\": \"7\"}', flush=True)", "illegal move '7'"),
    ("print('{\"move\": \"%s\"}' % ('x' * 500), flush=True)", "illegal move 'xxxx"),
    ("print('{\"move\": 3}', flush=True)", "malformed output (expected an object with a string 'move')"),
    ("print('{\"mov\": \"1\"}', flush=True)", "malformed output (expected an object with a string 'move')"),
    ("print('\"1\"', flush=True)", "malformed output (expected an object with a string 'move')"),
    ("print('{\"move\": ', flush=True)", "malformed output (not JSON"),
    ("sys.stdout.buffer.write(b'\\xff\\n'); sys.stdout.flush()", "malformed output (not JSON"),
    ("sys.stdout.write('x' * 5000); sys.stdout.flush(); import time; time.sleep(5)", "limit exceeded (line)"),
    ("print('{\"move\": \"1\"}\\n{\"move\": \"2\"}', flush=True); sys.stdin.readline()",
     "malformed output (a line before it was asked for)"),
    ("sys.exit(3)", "crash (exit code 3)"),
    ("import os; os._exit(0)", "exit"),
])
def test_failures_on_a_turn(answer: str, reason: str) -> None:
    source = READY_THEN + f"    {answer}\n    import time; time.sleep(5)\n"
    found, _ = failure_of(source, Limits(move_ms=1000, total_ms=1000, line_bytes=1000))
    assert found.startswith(reason)
    assert len(found) < 100


def test_output_beyond_the_match_limit_is_a_forfeit() -> None:
    chatty = """
        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "start":
                print('{"type": "ready"}', flush=True)
            else:
                print(json.dumps({"move": "1", "padding": "x" * 400}), flush=True)
    """
    with program(chatty, Limits(output_bytes=2000)) as agent:
        agent.start(START)
        with pytest.raises(AgentFailure, match=r"limit exceeded \(output\)"):
            for _ in range(10):
                agent.choose({}, LEGAL)


def test_a_flood_on_standard_error_is_capped_and_does_not_block() -> None:
    flood = """
        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "start":
                for _ in range(100):
                    sys.stderr.write("e" * (1024 * 1024))
                print('{"type": "ready"}', flush=True)
            elif message["type"] == "turn":
                print('{"move": "2"}', flush=True)
    """
    with program(flood, Limits(start_ms=20_000)) as agent:
        agent.start(START)
        assert agent.choose({}, LEGAL) == "2"
        assert len(agent.stderr_text) == 64 * 1024


def test_messages_larger_than_the_pipe_arrive_whole_while_the_bot_talks_back() -> None:
    # The bot writes 2 MiB to standard error before it reads each message: the service must
    # go on reading while it writes a message several times larger than a pipe holds.
    sizes = """
        import json, sys
        sys.stderr.write("e" * (2 * 1024 * 1024))
        sys.stderr.flush()
        for line in sys.stdin:
            message = json.loads(line)
            sys.stderr.write("e" * (2 * 1024 * 1024))
            print(json.dumps({"size": len(line)}), file=sys.stderr, flush=True)
            if message["type"] == "start":
                print('{"type": "ready"}', flush=True)
            elif message["type"] == "turn":
                print(json.dumps({"move": message["legal"][-1]}), flush=True)
    """
    big = {"padding": "x" * (5 * 1024 * 1024)}
    with program(sizes, Limits(start_ms=20_000, move_ms=20_000)) as agent:
        agent.start(START)
        for _ in range(2):
            assert agent.choose(big, LEGAL) == "3"
        assert agent.choose({}, LEGAL) == "3"
        agent.end({"ranks": [1, 2]}, big)
    assert agent.failure is None
    assert len(agent.stderr_text) == 64 * 1024


def test_a_bot_that_ignores_end_is_killed_after_the_grace() -> None:
    stubborn = """
        import json, signal, sys, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "start":
                print('{"type": "ready"}', flush=True)
            elif message["type"] == "end":
                while True:
                    time.sleep(1)
    """
    agent = program(stubborn, Limits(exit_grace_ms=200))
    agent.start(START)
    agent.end({"ranks": [1, 2]}, {})
    assert agent._process is not None and agent._process.poll() is not None
    agent.close()


def test_close_is_idempotent_and_removes_the_code() -> None:
    agent = program(ECHO)
    agent.start(START)
    code_dir = agent._code_dir
    assert isinstance(code_dir, Path) and (code_dir / "main.py").exists()
    agent.close()
    agent.close()
    assert not code_dir.exists()
    with pytest.raises(AgentFailure):
        agent.choose({}, LEGAL)


def test_a_bad_bundle_is_refused_before_anything_runs() -> None:
    with pytest.raises(BundleError, match="syntax error"):
        ProgramAgent(b"def (", "bot.py")


def test_a_stored_bundle_is_named_by_its_kind() -> None:
    assert ProgramAgent(b"pass\n", "python").bundle.kind == "python"
    with pytest.raises(BundleError, match="not a zip archive"):
        ProgramAgent(b"pass\n", "zip")


def test_without_the_sandbox_nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_PYTHON", "/nonexistent/python3")
    with program(ECHO) as agent, pytest.raises(SandboxUnavailable):
        agent.start(START)
    assert agent._process is None


class Meeting:
    """A concurrent agent that answers only once every seat has been asked."""

    concurrent = True

    def __init__(self, barrier: threading.Barrier) -> None:
        self.barrier = barrier

    def start(self, info: Any) -> None:
        pass

    def choose(self, observation: dict, legal: list[str]) -> str:
        self.barrier.wait(timeout=10)
        return legal[0]

    def end(self, result: Any, log: Any) -> None:
        pass


def test_simultaneous_seats_are_asked_at_the_same_moment() -> None:
    barrier = threading.Barrier(3)
    log = play_match(get_game("leapfrog_race"), [Meeting(barrier) for _ in range(3)], seed="together")
    assert "forfeits" not in log and len(log["moves"]) == 18


def test_a_process_bot_sees_the_drawn_cards_in_the_second_turn_of_a_cycle() -> None:
    cycler = """
        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "start":
                print('{"type": "ready"}', flush=True)
            elif message["type"] == "turn":
                legal, seen = message["legal"], message["observation"]
                if legal[0].startswith("under "):
                    drawn = seen["drawn"]
                    assert len(drawn) == 2 and all(set(move.split()[1:]) <= set(seen["hand"]) for move in legal)
                    print("drew", *drawn, file=sys.stderr, flush=True)
                move = "cycle" if "cycle" in legal else legal[0]
                print(json.dumps({"move": move}), flush=True)
    """
    game = get_game("measure_and_tempo")
    with program(cycler, Limits()) as first, program(cycler, Limits()) as second:
        log = play_match(game, [first, second], seed="cycles")
        assert "forfeits" not in log
        assert "drew" in first.stderr_text
    assert any(move.startswith("cycle +") for move in log["moves"])
