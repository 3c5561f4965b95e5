"""Tables for the multi-seat games: sizes within the limits, everyone seated once per round,
leaders together, few repeated tables, byes only when the count cannot be split."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Fixture, Outcome, Settings, make_format, standings, table_sizes


def tables_settings(min_seats: int = 2, max_seats: int = 6, table_size: int | None = None, rounds: int = 3) -> Settings:
    return Settings("tables", min_seats=min_seats, max_seats=max_seats, table_size=table_size, rounds=rounds)


def random_result(game: Fixture, rng: random.Random) -> Outcome:
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    ranks = tuple(rng.randint(1, len(game.seats)) for _ in game.seats)
    return Outcome(game, ranks, tuple(float(rng.randint(0, 30)) for _ in game.seats))


def seed_order_result(game: Fixture) -> Outcome:
    """The better seed (lower id) finishes ahead."""
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    order = sorted(game.seats)
    return Outcome(game, tuple(order.index(entrant) + 1 for entrant in game.seats), (0.0,) * len(game.seats))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 60), st.integers(1, 6), st.integers(1, 6))
def test_table_sizes_are_within_limits_as_equal_as_possible_and_seat_all_they_can(count, low, size) -> None:
    if size < low:
        low, size = size, low
    sizes = table_sizes(count, low, size)
    seated = sum(sizes)
    assert seated <= count
    assert all(low <= seats <= size for seats in sizes)
    if sizes:
        assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
        assert len(sizes) == -(-seated // size)  # as few tables as the wanted size allows
    for more in range(seated + 1, count + 1):  # nobody sits out who could have been seated
        assert not any(tables * low <= more <= tables * size for tables in range(1, more + 1))


@st.composite
def tournaments(draw: st.DrawFn):
    low = draw(st.integers(1, 4))
    high = draw(st.integers(max(low, 2), 6))
    size = draw(st.integers(low, high))
    count = draw(st.integers(max(low, 1), 20))
    return draw(st.integers(0, 10**6)), count, low, high, size, draw(st.integers(1, 5)), draw(st.booleans())


@settings(max_examples=80, deadline=None, derandomize=True)
@given(tournaments())
def test_every_round_seats_each_active_entrant_once_at_tables_within_the_limits(case) -> None:
    seed, count, low, high, size, rounds, changing = case
    rng = random.Random(seed)
    config = tables_settings(low, high, size, rounds)
    entrants = list(range(1, count + 1))
    fmt = make_format(config, entrants, rng_seed=str(seed))
    active = list(entrants)
    outcomes: list[Outcome] = []
    for round in range(1, rounds + 1):
        games = fmt.next_games(outcomes, active)
        expected = table_sizes(len(active), low, size)
        if not expected:
            assert games == []
            break
        assert {game.round for game in games} == {round}
        assert sorted(entrant for game in games for entrant in game.seats) == sorted(active)
        tables = [game for game in games if not game.bye]
        assert sorted((len(game.seats) for game in tables), reverse=True) == expected
        assert all(low <= len(game.seats) <= min(size, high) for game in tables)
        assert [game.pairing for game in games] == list(range(len(games)))
        byes = Counter(o.game.seats[0] for o in outcomes if o.game.bye)
        for game in games:
            if game.bye:  # the bye goes to someone with the fewest byes among the active
                assert byes[game.seats[0]] == min(byes[entrant] for entrant in active)
        outcomes += [random_result(game, rng) for game in games]
        if changing and rng.random() < 0.3 and len(active) > 1:
            active.remove(rng.choice(active))
        if changing and rng.random() < 0.3:
            active.append(100 + round)
    assert fmt.next_games(outcomes, active) == []


def test_round_one_spreads_the_seeds_so_each_table_gets_one_of_the_top() -> None:
    fmt = make_format(tables_settings(table_size=4), list(range(1, 9)))
    games = fmt.next_games([], list(range(1, 9)))
    assert [sorted(game.seats) for game in games] == [[1, 4, 5, 8], [2, 3, 6, 7]]
    # Ten at tables of 4, 3 and 3: dealt 1 2 3 / 6 5 4 / 7 8 9 / 10 (the 3-seat tables are full).
    uneven = make_format(tables_settings(table_size=4), list(range(1, 11))).next_games([], list(range(1, 11)))
    assert [sorted(game.seats) for game in uneven] == [[1, 6, 7, 10], [2, 5, 8], [3, 4, 9]]


def test_later_rounds_seat_the_leaders_together_without_repeating_tables() -> None:
    entrants = list(range(1, 17))
    fmt = make_format(tables_settings(table_size=4), entrants)
    first = fmt.next_games([], entrants)
    outcomes = [seed_order_result(game) for game in first]
    winners = {min(game.seats) for game in first}
    assert winners == {1, 2, 3, 4}
    second = fmt.next_games(outcomes, entrants)
    assert set(second[0].seats) == winners  # the four table winners share the top table
    met = {frozenset(pair) for game in first for pair in combinations(game.seats, 2)}
    assert not any(frozenset(pair) in met for game in second for pair in combinations(game.seats, 2))


def test_repeated_tables_are_kept_to_the_unavoidable() -> None:
    # 12 entrants at three tables of 4, twice: each new table draws 4 people from 3 old tables,
    # so at least 2 of them met before: 3 repeated pairs in all, and no more.
    entrants = list(range(1, 13))
    fmt = make_format(tables_settings(table_size=4), entrants)
    first = fmt.next_games([], entrants)
    second = fmt.next_games([seed_order_result(game) for game in first], entrants)
    met = {frozenset(pair) for game in first for pair in combinations(game.seats, 2)}
    assert sum(frozenset(pair) in met for game in second for pair in combinations(game.seats, 2)) == 3


def test_nobody_sits_where_it_sat_last_time_at_a_table_of_four() -> None:
    for seed in ("lot", "other", "third"):
        fmt = make_format(tables_settings(table_size=4), [1, 2, 3, 4], rng_seed=seed)
        (first,) = fmt.next_games([], [1, 2, 3, 4])
        (second,) = fmt.next_games([seed_order_result(first)], [1, 2, 3, 4])
        # the first seat is owed to the three who had none; every seat changes hands
        assert all(before != after for before, after in zip(first.seats, second.seats))


def test_a_count_that_cannot_be_split_leaves_byes_for_the_lowest_ranked() -> None:
    config = Settings("tables", min_seats=4, max_seats=4, rounds=3)
    entrants = list(range(1, 11))  # 10 at tables of exactly 4: two tables and two byes
    fmt = make_format(config, entrants)
    outcomes: list[Outcome] = []
    takers = []
    for _ in range(3):
        games = fmt.next_games(outcomes, entrants)
        assert [len(game.seats) for game in games] == [4, 4, 1, 1]
        takers += [game.seats[0] for game in games if game.bye]
        outcomes += [seed_order_result(game) for game in games]
    assert takers[:2] == [9, 10]  # round 1: the two lowest seeds
    assert len(set(takers)) == 6  # nobody sits out twice while others have not
    table = {row.entrant: row for row in standings(config, entrants, outcomes)}
    assert table[9].byes == 1 and table[9].points >= 2.5  # a bye is worth an average seat (2.5)


def test_withdrawn_entrants_leave_the_tables_and_late_entrants_join_on_zero() -> None:
    config = tables_settings(table_size=3, rounds=3)
    entrants = [1, 2, 3, 4, 5, 6]
    fmt = make_format(config, entrants)
    outcomes = [seed_order_result(game) for game in fmt.next_games([], entrants)]
    active = [1, 2, 4, 5, 6, 7]  # 3 withdraws, 7 joins
    games = fmt.next_games(outcomes, active)
    assert sorted(e for game in games for e in game.seats) == [1, 2, 4, 5, 6, 7]
    table = {row.entrant: row for row in standings(config, [*entrants, 7], outcomes, withdrawn=[3])}
    assert table[7].points == 0 and table[3].withdrawn and table[3].played == 1


def test_the_tournament_ends_when_too_few_remain_for_a_table() -> None:
    config = Settings("tables", min_seats=3, max_seats=6, rounds=4)
    fmt = make_format(config, [1, 2, 3, 4])
    outcomes = [seed_order_result(game) for game in fmt.next_games([], [1, 2, 3, 4])]
    assert fmt.next_games(outcomes, [1, 2]) == []  # two withdrew: nobody can be seated at a 3-seat table
    assert fmt.is_over(outcomes, [1, 2])
