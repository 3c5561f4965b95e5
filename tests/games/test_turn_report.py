"""The turn report of a sandboxed bot: each move's thinking time and standard error, and
where, at which limit and with which last words it forfeited."""

from __future__ import annotations

import textwrap

import pytest

from games.bot_process import ProgramAgent
from games.registry import get_game
from games.runner import play_match
from games.sandbox import Limits
from games.turns import LAST_LINES, TURN_STDERR_BYTES, TurnLog, last_lines, limit_of
from tests.helpers.bots import needs_sandbox

#: Plays the first legal move; before each, says which turn it is on, sleeping 10 ms.
TALKER = """
    import json, sys, time
    turn = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            print(json.dumps({"type": "ready"}), flush=True)
        elif message["type"] == "turn":
            turn += 1
            print(f"thinking about turn {turn}", file=sys.stderr, flush=True)
            time.sleep(0.01)
            print(json.dumps({"move": message["legal"][0]}), flush=True)
"""


def bot(source: str, limits: Limits) -> ProgramAgent:
    return ProgramAgent(textwrap.dedent(source).encode(), "main.py", limits)


def froggit(first: ProgramAgent, second: ProgramAgent) -> dict:
    return play_match(get_game("froggit"), [first, second], seed="turn-report")


def test_every_move_keeps_its_time_and_its_own_standard_error() -> None:
    needs_sandbox()
    limits = Limits(start_ms=10_000, move_ms=2000, total_ms=10_000)
    with bot(TALKER, limits) as first, bot(TALKER, limits) as second:
        log = froggit(first, second)
        turns = first.turns
    assert "forfeits" not in log
    played = log["moves"]
    assert [turn["turn"] for turn in turns] == list(range(0, len(played), 2))
    assert all(turn["ms"] >= 9 for turn in turns), turns[:3]
    assert all(turn["ms"] < 2000 for turn in turns)
    assert [turn["stderr"] for turn in turns[:3]] == [f"thinking about turn {n}\n" for n in (1, 2, 3)]
    assert first.forfeit_report is None
    assert [turn["turn"] for turn in second.turns][:2] == [1, 3]


def test_a_bot_that_sleeps_past_its_move_limit_forfeits_naming_the_turn_and_the_limit() -> None:
    needs_sandbox()
    sleeper = TALKER.replace("time.sleep(0.01)", "time.sleep(5 if turn == 3 else 0)")
    with bot(sleeper, Limits(start_ms=10_000, move_ms=200, total_ms=0)) as slow, \
            bot(TALKER, Limits(start_ms=10_000, move_ms=2000, total_ms=10_000)) as other:
        log = froggit(slow, other)
        report = slow.forfeit_report
        turns = slow.turns
    assert log["forfeits"] == [{"seat": 0, "after": 4, "reason": "timeout"}]
    assert report == {"turn": 4, "at": "move", "reason": "timeout", "limit": "move_ms",
                      "last_lines": ["thinking about turn 1", "thinking about turn 2", "thinking about turn 3"]}
    assert turns[-1]["turn"] == 4 and turns[-1]["ms"] >= 200
    assert turns[-1]["stderr"] == "thinking about turn 3\n"


def test_junk_on_standard_output_forfeits_as_bad_output_with_the_last_lines() -> None:
    needs_sandbox()
    junk = TALKER.replace('print(json.dumps({"move": message["legal"][0]}), flush=True)',
                          'print("my move is" if turn == 2 else json.dumps({"move": message["legal"][0]}), flush=True)')
    limits = Limits(start_ms=10_000, move_ms=2000, total_ms=10_000)
    with bot(junk, limits) as talker, bot(TALKER, limits) as other:
        log = froggit(other, talker)
        report = talker.forfeit_report
    assert log["forfeits"][0]["seat"] == 1 and log["forfeits"][0]["after"] == 3
    assert report["turn"] == 3 and report["limit"] == "bad_output"
    assert report["reason"].startswith("malformed output")
    assert report["last_lines"][-1] == "thinking about turn 2"


def test_a_slow_start_names_start_ms() -> None:
    needs_sandbox()
    late = "import time\ntime.sleep(5)\n"
    with bot(late, Limits(start_ms=300)) as slow, bot(TALKER, Limits(start_ms=10_000)) as other:
        log = froggit(slow, other)
        report = slow.forfeit_report
        assert slow.turns == []
    assert log["forfeits"] == [{"seat": 0, "after": 0, "reason": "timeout"}]
    assert (report["turn"], report["at"], report["limit"]) == (0, "start", "start_ms")


def test_a_flood_keeps_the_start_of_each_turn_within_the_bounds() -> None:
    log = TurnLog(total_bytes=10_000)
    for turn in range(4):
        log.add(turn, 12.6, b"x" * 5000, seen=7000)
    kept = [len(turn["stderr"]) for turn in log.turns]
    assert kept == [TURN_STDERR_BYTES, TURN_STDERR_BYTES, 10_000 - 2 * TURN_STDERR_BYTES, 0]
    assert [turn["cut"] for turn in log.turns] == [7000 - size for size in kept]
    assert log.turns[0]["ms"] == 13


@pytest.mark.parametrize(("reason", "at_start", "bank", "limit"), [
    ("timeout", True, 1000, "start_ms"),
    ("timeout", False, 0, "move_ms"),
    ("timeout", False, 500, "total_ms"),
    ("limit exceeded (memory)", False, 500, "memory"),
    ("crash (exit code 1)", False, 500, "crash"),
    ("exit", False, 500, "exit"),
    ("illegal move 'Z9'", False, 500, "illegal_move"),
    ("malformed output (not JSON: 'x')", False, 500, "bad_output"),
])
def test_each_reason_names_its_limit(reason: str, at_start: bool, bank: int, limit: str) -> None:
    assert limit_of(reason, at_start=at_start, bank_ms=bank) == limit


def test_last_lines_are_few_and_short() -> None:
    lines = last_lines(("\n".join(f"line {n}" for n in range(50)) + "\n" + "y" * 500 + "\n\n").encode())
    assert len(lines) == LAST_LINES and lines[-2] == "line 49" and len(lines[-1]) == 200
