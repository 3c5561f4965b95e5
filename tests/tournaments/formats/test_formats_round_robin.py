"""Round robin on Berger tables: everyone meets everyone exactly once, seats balanced."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.formats import FormatError, Fixture, Outcome, Settings, berger_round, make_format, standings

ROUND_ROBIN = Settings("round_robin")
DOUBLE = Settings("double_round_robin")


def play_all(config: Settings, entrants: list[int], active: list[int] | None = None) -> list[Outcome]:
    """Play the tournament through, the lower id winning every game."""
    fmt = make_format(config, entrants)
    active = list(entrants if active is None else active)
    outcomes: list[Outcome] = []
    while games := fmt.next_games(outcomes, active):
        for game in games:
            if game.bye:
                outcomes.append(Outcome(game, (1,), (0.0,)))
            else:
                a, b = game.seats
                outcomes.append(Outcome(game, (1, 2) if a < b else (2, 1), (0.0, 0.0)))
    return outcomes


def test_berger_tables_match_the_published_ones_for_six_players() -> None:
    # FIDE Berger table for 6 players, rounds 1-5 (white first).
    published = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    for index, boards in enumerate(published):
        assert [(a + 1, b + 1) for a, b in berger_round(6, index)] == boards


@pytest.mark.parametrize("count", range(2, 21))
def test_everyone_meets_everyone_exactly_once_with_seats_balanced(count: int) -> None:
    entrants = [100 + i for i in range(count)]
    fmt = make_format(ROUND_ROBIN, entrants)
    outcomes = play_all(ROUND_ROBIN, entrants)
    games = [outcome.game for outcome in outcomes if not outcome.game.bye]
    meetings = Counter(frozenset(game.seats) for game in games)
    assert set(meetings) == {frozenset(pair) for pair in combinations(entrants, 2)}
    assert set(meetings.values()) == {1}
    assert fmt.total_rounds() == (count - 1 if count % 2 == 0 else count)
    assert {game.round for game in games} == set(range(1, fmt.total_rounds() + 1))
    seat_zero = Counter(game.seats[0] for game in games)
    played = Counter(entrant for game in games for entrant in game.seats)
    for entrant in entrants:
        assert abs(2 * seat_zero[entrant] - played[entrant]) <= 1  # seat 0 in half the games, give or take one
    byes = Counter(outcome.game.seats[0] for outcome in outcomes if outcome.game.bye)
    assert byes == (Counter(entrants) if count % 2 else Counter())  # odd: everyone sits out once
    for round in range(1, fmt.total_rounds() + 1):
        seated = [e for o in outcomes if o.game.round == round for e in o.game.seats]
        assert sorted(seated) == entrants  # everyone plays or sits out, once per round


@pytest.mark.parametrize("count", [2, 3, 4, 7, 8])
def test_a_double_round_robin_replays_the_table_with_seats_swapped(count: int) -> None:
    entrants = list(range(1, count + 1))
    outcomes = play_all(DOUBLE, entrants)
    cycle = make_format(ROUND_ROBIN, entrants).total_rounds()
    assert make_format(DOUBLE, entrants).total_rounds() == 2 * cycle
    first = {(o.game.round, o.game.pairing): o.game.seats for o in outcomes if o.game.round <= cycle}
    second = {(o.game.round - cycle, o.game.pairing): o.game.seats for o in outcomes if o.game.round > cycle}
    # The first cycle plays the table's last two rounds swapped (so no one takes one seat three
    # times running where the cycles meet); the second plays the table in order, seats swapped.
    table_round = list(range(1, cycle + 1))
    if cycle >= 3:
        table_round[-2:] = table_round[-1], table_round[-2]
    replayed = {(table_round[round - 1], pairing): tuple(reversed(seats)) for (round, pairing), seats in first.items()}
    assert second == replayed
    ordered = Counter(o.game.seats for o in outcomes if not o.game.bye)
    assert set(ordered.values()) == {1} and len(ordered) == count * (count - 1)  # each pair once from each seat


def test_best_of_three_alternates_seats_and_stops_at_a_majority() -> None:
    config = Settings("round_robin", best_of=3)
    fmt = make_format(config, [1, 2])
    first = fmt.next_games([], [1, 2])
    assert first == [Fixture(round=1, seats=(1, 2), pairing=0)]
    outcomes = [Outcome(first[0], (1, 2), (0.0, 0.0))]
    second = fmt.next_games(outcomes, [1, 2])
    assert second == [Fixture(round=1, seats=(2, 1), pairing=0, number=1)]
    outcomes.append(Outcome(second[0], (2, 1), (0.0, 0.0)))  # 1 wins again: 2-0, a majority
    assert fmt.next_games(outcomes, [1, 2]) == []
    table = standings(config, [1, 2], outcomes)
    assert [(row.entrant, row.points, row.played, row.wins) for row in table] == [(1, 1.0, 1, 1), (2, 0.0, 1, 0)]


def test_a_best_of_three_level_after_three_games_is_a_drawn_pairing() -> None:
    config = Settings("round_robin", best_of=3)
    fmt = make_format(config, [1, 2])
    outcomes: list[Outcome] = []
    for ranks in [(1, 2), (1, 1), (2, 1)]:  # 1 wins, a draw, then 2 wins from seat 1 of game 2
        (game,) = fmt.next_games(outcomes, [1, 2])
        outcomes.append(Outcome(game, ranks, (0.0, 0.0)))
    assert [o.game.seats for o in outcomes] == [(1, 2), (2, 1), (1, 2)]
    assert fmt.next_games(outcomes, [1, 2]) == []
    # 1: 1 + ½ + 0 = 1½, 2: 0 + ½ + 1 = 1½ -> level: a drawn pairing worth a draw each.
    table = standings(config, [1, 2], outcomes)
    assert [(row.points, row.draws) for row in table] == [(0.5, 1), (0.5, 1)]


def test_a_withdrawn_entrants_remaining_opponents_get_byes_and_played_games_stand() -> None:
    entrants = [1, 2, 3, 4]
    fmt = make_format(ROUND_ROBIN, entrants)
    outcomes = []
    for game in fmt.next_games([], entrants):  # round 1: 1-4, 2-3
        outcomes.append(Outcome(game, (1, 2) if game.seats[0] < game.seats[1] else (2, 1), (0.0, 0.0)))
    active = [1, 2, 3]  # 4 withdraws after losing to 1
    round_two = fmt.next_games(outcomes, active)
    assert all(4 not in game.seats for game in round_two)
    assert [game.seats for game in round_two if game.bye] == [(3,)]  # 3 was to meet 4
    table = {row.entrant: row for row in standings(ROUND_ROBIN, entrants, outcomes, withdrawn=[4])}
    assert table[1].points == 1.0 and table[4].withdrawn and table[4].played == 1


def test_late_entries_are_refused_because_the_schedule_is_fixed() -> None:
    fmt = make_format(ROUND_ROBIN, [1, 2, 3])
    with pytest.raises(FormatError, match="late entries are possible only in swiss, tables"):
        fmt.next_games([], [1, 2, 3, 4])


def test_propose_round_gives_any_round_of_the_schedule() -> None:
    fmt = make_format(ROUND_ROBIN, [10, 20, 30, 40])
    assert [game.seats for game in fmt.propose_round(2, [], [10, 20, 30, 40])] == [(40, 30), (10, 20)]
    with pytest.raises(FormatError, match="rounds 1 to 3, not 4"):
        fmt.propose_round(4, [], [10, 20, 30, 40])
