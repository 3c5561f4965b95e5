"""The time bank of built-in bots: a move is charged its thread's CPU time, what it takes
beyond ``move_ms`` comes out of the bank, and a bot whose allowance is spent is stopped
while it thinks and forfeits with ``timeout``."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from games.base import Bot
from games.registry import get_game
from games.runner import AgentFailure, play_match
from games.sandbox import Limits
from games.seeding import derive_rng
from games.timing import WATCHDOG, OutOfTime, TimedBot

RACE = get_game("leapfrog_race")


class Spinner(Bot):
    """Thinks for ``spin`` CPU seconds a move (forever with None), catching what it can."""

    name = "spinner"
    summary = "spins"

    def __init__(self, *args: Any, spin: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spin = spin

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        start = time.thread_time()
        while self.spin is None or time.thread_time() - start < self.spin:
            try:
                sum(range(1000))
            except Exception:  # a search that swallows errors still stops
                pass
        return legal[0]


def spinner(seat: int = 0, spin: float | None = None) -> Spinner:
    return Spinner(RACE, seat, RACE.parse_options({}, 2), 2, derive_rng("t", seat), spin=spin)


def random_bot(seat: int) -> Bot:
    return RACE.bots["random"](RACE, seat, RACE.parse_options({}, 2), 2, derive_rng("t", seat))


def test_a_bot_that_never_answers_is_stopped_within_its_allowance() -> None:
    timed = TimedBot(spinner(), Limits(move_ms=50, total_ms=100))
    started = time.thread_time()
    with pytest.raises(AgentFailure, match="timeout"):
        timed.choose({}, ["a", "b"])
    assert time.thread_time() - started < 1.0
    with pytest.raises(AgentFailure, match="timeout"):  # and stays out
        timed.choose({}, ["a"])


def test_time_beyond_move_ms_comes_out_of_the_bank() -> None:
    timed = TimedBot(spinner(spin=0.06), Limits(move_ms=20, total_ms=150))
    assert timed.choose({}, ["a"]) == "a"
    assert 40 <= 150 - timed.bank_ms <= 120
    with pytest.raises(AgentFailure, match="timeout"):
        for _ in range(5):
            timed.choose({}, ["a"])


def test_a_quick_bot_keeps_its_bank_and_nothing_is_left_armed() -> None:
    timed = TimedBot(random_bot(0), Limits(move_ms=1000, total_ms=0))
    for _ in range(200):
        assert timed.choose({}, ["a", "b"]) in ("a", "b")
    assert timed.bank_ms == 0
    assert threading.get_ident() not in WATCHDOG._armed


def test_a_two_seat_match_with_a_runaway_bot_finishes_with_a_timeout_forfeit() -> None:
    agents = [TimedBot(spinner(0), Limits(move_ms=30, total_ms=30)), TimedBot(random_bot(1), Limits())]
    started = time.monotonic()
    log = play_match(RACE, agents, seed="runaway")
    assert log["forfeits"] == [{"seat": 0, "after": 0, "reason": "timeout"}]
    assert log["result"]["ranks"] == [2, 1]
    assert time.monotonic() - started < 30


def test_threads_are_timed_each_on_their_own() -> None:
    failures: list[str] = []

    def think(spin: float | None, limits: Limits) -> None:
        try:
            TimedBot(spinner(spin=spin), limits).choose({}, ["a"])
        except AgentFailure as failure:
            failures.append(failure.reason)

    threads = [threading.Thread(target=think, args=(None, Limits(move_ms=40, total_ms=0))),
               threading.Thread(target=think, args=(0.02, Limits(move_ms=2000, total_ms=0)))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert failures == ["timeout"]


def test_out_of_time_is_not_an_exception_a_search_can_swallow() -> None:
    assert not issubclass(OutOfTime, Exception)


def test_an_error_in_a_bot_forfeits_its_seat_with_crash() -> None:
    class Broken(Spinner):
        def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
            raise KeyError("bug")

    timed = TimedBot(Broken(RACE, 0, RACE.parse_options({}, 2), 2, derive_rng("t", 0)), Limits())
    log = play_match(RACE, [timed, TimedBot(random_bot(1), Limits())], seed="bug")
    assert log["forfeits"] == [{"seat": 0, "after": 0, "reason": "crash (KeyError)"}]
