"""The match runner: determinism, seeds, bot specs, and forfeits of failing agents."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from games.base import RandomBot
from games.errors import OptionsError, PlayersError
from games.logs import dump_log, verify_log
from games.registry import get_game
from games.runner import AgentFailure, parse_bot_spec, play_bots, play_match
from games.seeding import commitment, derive_rng

RACE = get_game("leapfrog_race")


class Crashing(RandomBot):
    """A random bot that fails on its ``fail_at``-th turn."""

    def __init__(self, *args: object, fail_at: int, reason: str = "crash") -> None:
        super().__init__(*args)
        self.turns = 0
        self.fail_at = fail_at
        self.reason = reason

    def choose(self, observation: dict, legal: list[str]) -> str:
        self.turns += 1
        if self.turns == self.fail_at:
            raise AgentFailure(self.reason)
        return super().choose(observation, legal)


class Cheating(RandomBot):
    def choose(self, observation: dict, legal: list[str]) -> str:
        return "7"


def bots(count: int, seed: str = "s") -> list[RandomBot]:
    options = RACE.parse_options({}, count)
    return [RandomBot(RACE, seat, options, count, derive_rng(seed, "bot", seat)) for seat in range(count)]


def test_the_same_seed_gives_the_same_log_byte_for_byte() -> None:
    first = dump_log(play_bots(RACE, ["random", "greedy"], seed="7"))
    assert first == dump_log(play_bots(RACE, ["random", "greedy"], seed="7"))
    assert first != dump_log(play_bots(RACE, ["random", "greedy"], seed="8"))


def test_logs_carry_seed_commitment_and_result() -> None:
    log = play_bots(RACE, ["random", "random", "greedy"], seed="club-night", options={"plate": False})
    assert log["seed"] == "club-night" and log["commitment"] == commitment("club-night")
    assert log["options"] == {"colours": "RYG", "plate": False}
    assert log["players"] == ["random", "random", "greedy"]
    answer = verify_log(log)
    assert answer["valid"] and answer["finished"]
    assert answer["result"] == log["result"]


def test_without_a_seed_the_runner_draws_one() -> None:
    log = play_bots(RACE, ["random"])
    assert len(log["seed"]) == 32 and verify_log(log)["valid"]


def test_bad_options_and_seat_counts_are_refused() -> None:
    with pytest.raises(OptionsError):
        play_bots(RACE, ["random", "random"], options={"colours": "R"})
    with pytest.raises(PlayersError):
        play_bots(RACE, ["random"] * 7)


@pytest.mark.parametrize(("spec", "expected"), [
    ("random", ("random", {})), ("mc:budget=30", ("mc", {"budget": 30})),
    ("mcts:budget=5,depth=2", ("mcts", {"budget": 5, "depth": 2})),
])
def test_bot_specs(spec: str, expected: tuple) -> None:
    assert parse_bot_spec(spec) == expected


@pytest.mark.parametrize("spec", ["", "Random", "mc:", "mc:budget", "mc:budget=x", "mc budget=3", "mc:budget=-1"])
def test_malformed_bot_specs(spec: str) -> None:
    with pytest.raises(ValueError):
        parse_bot_spec(spec)


def test_unknown_bots_and_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="no built-in bot 'alphazero'"):
        play_bots(RACE, ["alphazero", "random"])
    with pytest.raises(ValueError, match="no parameter 'depth'"):
        play_bots(RACE, ["mc:depth=3", "random"])
    with pytest.raises(ValueError, match="from 1 to 5000, not 0"):
        play_bots(RACE, ["mc:budget=0", "random"])


def test_a_two_seat_forfeit_ends_the_match_and_the_other_seat_wins() -> None:
    agents = bots(2)
    agents[0] = Crashing(RACE, 0, RACE.parse_options({}, 2), 2, derive_rng("s", 0), fail_at=5, reason="timeout")
    log = play_match(RACE, agents, seed="s")
    assert log["forfeits"] == [{"seat": 0, "after": 4, "reason": "timeout"}]
    assert len(log["moves"]) == 4
    assert log["result"]["ranks"] == [2, 1]
    answer = verify_log(log)
    assert answer["valid"] and answer["finished"] and answer["result"]["ranks"] == [2, 1]


def test_an_illegal_answer_forfeits() -> None:
    agents = bots(2)
    agents[1] = Cheating(RACE, 1, RACE.parse_options({}, 2), 2, derive_rng("s", 1))
    log = play_match(RACE, agents, seed="s")
    assert log["forfeits"] == [{"seat": 1, "after": 0, "reason": "illegal move '7'"}]
    assert log["moves"] == [] and log["result"]["ranks"] == [1, 2]
    assert verify_log(log)["valid"]


def test_with_more_seats_the_game_goes_on_with_fallback_moves() -> None:
    agents = bots(3)
    options = RACE.parse_options({}, 3)
    agents[1] = Crashing(RACE, 1, options, 3, derive_rng("s", 1), fail_at=3)
    log = play_match(RACE, agents, seed="s")
    assert log["forfeits"] == [{"seat": 1, "after": 2, "reason": "crash"}]
    assert len(log["moves"]) == 18
    assert log["result"]["ranks"][1] == 3
    assert verify_log(log)["result"] == log["result"]
    again = bots(3)
    again[1] = Crashing(RACE, 1, options, 3, derive_rng("s", 1), fail_at=3)
    assert play_match(RACE, again, seed="s") == log


def test_a_lone_seat_that_forfeits_still_gets_its_game_played() -> None:
    agents = [Crashing(RACE, 0, RACE.parse_options({}, 1), 1, derive_rng("s", 0), fail_at=9)]
    log = play_match(RACE, agents, seed="s")
    assert len(log["moves"]) == 18 and log["result"]["ranks"] == [1]
    assert verify_log(log)["valid"]


def test_a_given_setup_is_checked_and_used() -> None:
    log = play_match(RACE, bots(2), seed="s", setup={"order": "GBOPYR"})
    assert log["setup"] == {"order": "GBOPYR"}
    assert verify_log(log)["valid"]


class Concurrent(RandomBot):
    """A random bot the runner treats as a bot process: it is started and asked for
    simultaneous moves together with the others. Notes the thread of every call."""

    concurrent = True

    def __init__(self, *args: object, barrier: threading.Barrier | None = None,
                 fail_start: bool = False) -> None:
        super().__init__(*args)
        self.barrier = barrier
        self.fail_start = fail_start
        self.threads: set[str] = set()

    def start(self, info: dict) -> None:
        self.threads.add(threading.current_thread().name)
        if self.barrier is not None:
            self.barrier.wait(timeout=10)
        if self.fail_start:
            raise AgentFailure("timeout")

    def choose(self, observation: dict, legal: list[str]) -> str:
        self.threads.add(threading.current_thread().name)
        return super().choose(observation, legal)


def concurrent_bots(count: int, **kwargs: Any) -> list[Concurrent]:
    options = RACE.parse_options({}, count)
    return [Concurrent(RACE, seat, options, count, derive_rng("c", "bot", seat),
                       **{key: value(seat) for key, value in kwargs.items()}) for seat in range(count)]


def test_concurrent_agents_start_together_and_keep_the_same_threads_all_match() -> None:
    barrier = threading.Barrier(3)
    agents = concurrent_bots(3, barrier=lambda seat: barrier)
    log = play_match(RACE, agents, seed="threads")
    assert "forfeits" not in log and len(log["moves"]) == 18
    threads = set().union(*(agent.threads for agent in agents))
    assert len(threads) <= 3 and threading.current_thread().name in threads
    assert log == play_match(RACE, bots(3, "c"), seed="threads") | {"players": log["players"]}


def test_start_failures_of_concurrent_agents_forfeit_in_seat_order() -> None:
    agents = concurrent_bots(4, fail_start=lambda seat: seat in (1, 3))
    log = play_match(RACE, agents, seed="failing starts")
    assert [(forfeit["seat"], forfeit["reason"], forfeit["after"]) for forfeit in log["forfeits"]] == [
        (1, "timeout", 0), (3, "timeout", 0)]
    assert verify_log(log)["valid"]
