"""Seat balance in the two-seat formats, over random events: seats alternate like colours in
chess, and nobody takes the same seat three pairings running where it can be avoided.

A pairing's seat is the seat of its first game (later best-of-N games and replays alternate)."""

from __future__ import annotations

import random
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Fixture, Outcome, Settings, make_format
from tournaments.formats.swiss import ABSOLUTE, STRONG, SeatPreference


def random_result(game: Fixture, rng: random.Random) -> Outcome:
    """A win, loss or (a quarter of the time) a draw, so replays and best-of-N games happen."""
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    roll = rng.random()
    return Outcome(game, (1, 1) if roll < 0.25 else (1, 2) if roll < 0.6 else (2, 1), (0.0, 0.0))


def play(config: Settings, count: int, seed: int, check) -> dict[int, list[int]]:
    """Play an event through with random results, calling ``check(game, history)`` on the first
    game of every two-seat pairing before it is played; returns each entrant's pairing seats."""
    entrants = list(range(1, count + 1))
    fmt = make_format(config, entrants, rng_seed=str(seed))
    rng = random.Random(seed)
    history: dict[int, list[int]] = {entrant: [] for entrant in entrants}
    outcomes: list[Outcome] = []
    while games := fmt.next_games(outcomes, entrants):
        for game in games:
            if not game.bye and game.number == 0:
                check(game, history)
        for game in games:
            if not game.bye and game.number == 0:
                for seat, entrant in enumerate(game.seats):
                    history[entrant].append(seat)
        outcomes += [random_result(game, rng) for game in games]
    return history


def runs_three(seats: list[int], seat: int) -> bool:
    """Whether taking ``seat`` next makes three pairings running from it."""
    return seats[-2:] == [seat, seat]


def no_avoidable_third(game: Fixture, history: dict[int, list[int]]) -> None:
    """Whoever gets a seat a third time running sits opposite someone for whom the swap would do
    the same: the only pairing of these two that spares one of them is not there."""
    for seat, entrant in enumerate(game.seats):
        if runs_three(history[entrant], seat):
            other = game.seats[1 - seat]
            assert runs_three(history[other], seat), (game, history[entrant], history[other])


def three_running(seats: list[int]) -> bool:
    return any(seats[i] == seats[i + 1] == seats[i + 2] for i in range(len(seats) - 2))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(2, 16), st.sampled_from(["round_robin", "double_round_robin"]), st.sampled_from([1, 3]),
       st.integers(0, 10**6))
def test_round_robin_seats_alternate_and_balance(count: int, fmt: str, best_of: int, seed: int) -> None:
    history = play(Settings(fmt, best_of=best_of), count, seed, no_avoidable_third)
    assert not any(three_running(seats) for seats in history.values())
    seat_zero = [seats.count(0) for seats in history.values()]
    assert max(seat_zero) - min(seat_zero) <= 1
    if fmt == "double_round_robin":
        assert set(seat_zero) == {count - 1}  # both cycles together: exactly half from each seat


def absolute_decides(game: Fixture, history: dict[int, list[int]]) -> None:
    """An absolute preference gets its seat unless both entrants have the same absolute one."""
    wants = [SeatPreference.from_history(history[entrant]) for entrant in game.seats]
    for seat, preference in enumerate(wants):
        other = wants[1 - seat]
        if preference.strength == ABSOLUTE and not (other.strength == ABSOLUTE and other.seat == preference.seat):
            assert preference.seat == seat, (game, [history[entrant] for entrant in game.seats])
    no_avoidable_third(game, history)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(2, 14), st.integers(1, 9), st.integers(0, 10**6))
def test_swiss_seats_follow_absolute_preferences(count: int, rounds: int, seed: int) -> None:
    play(Settings("swiss", rounds=rounds), count, seed, absolute_decides)


def test_a_preference_against_a_third_seat_running_outweighs_the_balance() -> None:
    # Four games from seat 0, then two from seat 1: a third from seat 1 would be three running.
    running = SeatPreference.from_history([0, 0, 0, 0, 1, 1])
    assert running == SeatPreference(0, ABSOLUTE, running=True)
    balance = SeatPreference.from_history([1, 1, 0, 1, 0, 1])  # two more from seat 1, not running
    assert balance == SeatPreference(0, ABSOLUTE)
    assert running.outweighs(balance) and not balance.outweighs(running)
    # Both want seat 0 absolutely: the one facing a third game from seat 1 running gets it.
    assert SeatPreference.first_seat(balance, running, default=0) == 1
    assert SeatPreference.first_seat(running, balance, default=1) == 0
    assert SeatPreference.from_history([0, 1, 0]) == SeatPreference(1, STRONG)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(2, 20), st.sampled_from(["single_elimination", "double_elimination"]),
       st.sampled_from([1, 3]), st.integers(0, 10**6))
def test_elimination_seats_avoid_a_third_running(count: int, fmt: str, best_of: int, seed: int) -> None:
    play(Settings(fmt, best_of=best_of), count, seed, absolute_decides)
