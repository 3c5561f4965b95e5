"""Tables that mix: few repeated tables, weighted so repeats spread; never a repeat that an
earlier round could have avoided (checked against a brute-force search on small fields); first
seats that follow each entrant's due; the same games for the same inputs."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Fixture, Outcome, Settings, make_format, table_sizes
from tournaments.formats.mixing import arrange, repeat_cost
from tournaments.formats.model import MAX_ROUNDS


def random_result(game: Fixture, rng: random.Random) -> Outcome:
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    return Outcome(game, tuple(rng.randint(1, len(game.seats)) for _ in game.seats), (0.0,) * len(game.seats))


def seed_order_result(game: Fixture) -> Outcome:
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    order = sorted(game.seats)
    return Outcome(game, tuple(order.index(entrant) + 1 for entrant in game.seats), (0.0,) * len(game.seats))


def pairs(game: Fixture) -> set[frozenset[int]]:
    return set() if game.bye else {frozenset(pair) for pair in combinations(game.seats, 2)}


def play(count: int, size: int, rounds: int, result, seed: str = "s", limit: int | None = None):
    """Play a whole event at tables of ``size`` (a 2-6 seat game): the rounds' games, in order."""
    config = Settings("tables", min_seats=2, max_seats=6, table_size=size, rounds=rounds)
    entrants = list(range(1, count + 1))
    fmt = make_format(config, entrants, rng_seed=seed)
    outcomes: list[Outcome] = []
    played: list[list[Fixture]] = []
    while (limit is None or len(played) < limit) and (games := fmt.next_games(outcomes, entrants)):
        played.append(games)
        outcomes += [result(game) for game in games]
    return played


# -- hand-checked cases -------------------------------------------------------------------------

def test_nine_at_tables_of_three_meet_everyone_exactly_once_in_four_rounds() -> None:
    # 36 pairs, 4 rounds of 3 tables of 3 pairs each: a repeat-free event is a complete one.
    met = Counter(pair for games in play(9, 3, 4, seed_order_result) for game in games for pair in pairs(game))
    assert len(met) == 36 and set(met.values()) == {1}


def test_sixteen_at_tables_of_four_look_ahead_to_a_fifth_round_without_repeats() -> None:
    # 120 pairs = 5 rounds x 4 tables x 6 pairs. Seating rounds 2 and 3 greedily by standing
    # leaves round 4 no repeat-free tables; looking ahead keeps all five rounds repeat-free.
    met = Counter(pair for games in play(16, 4, 5, seed_order_result) for game in games for pair in pairs(game))
    assert len(met) == 120 and set(met.values()) == {1}


def test_six_in_pairs_do_not_take_the_round_that_leaves_two_triangles() -> None:
    # Rounds 1-2 paired 1-2 3-5 4-6 and 1-6 2-3 4-5: the pairs not yet met form a prism, the
    # triangles 1-3-4 and 2-5-6 joined by 1-5, 3-6, 2-4. By standing (6 3 5 1 2 4) the best
    # round is those three rungs, which leaves two triangles: no pairing at all for round 4.
    met = {frozenset(pair) for pair in [(1, 2), (3, 5), (4, 6), (1, 6), (2, 3), (4, 5)]}
    order = [6, 3, 5, 1, 2, 4]

    def seat(rounds_after: int) -> set[frozenset[int]]:
        tables = arrange(order, [2, 2, 2], lambda a, b: int(frozenset((a, b)) in met),
                         lambda entrant, table: (abs(table - order.index(entrant) // 2),), rounds_after)
        return {frozenset(table) for table in tables}

    rungs = {frozenset((6, 3)), frozenset((5, 1)), frozenset((2, 4))}
    assert seat(0) == rungs  # the last round of the event: nothing to look ahead to
    chosen = seat(2)
    assert chosen != rungs and not chosen & met
    assert repeat_free_exists(order, frozenset(met | chosen), [2, 2, 2], 2)


def test_a_third_meeting_costs_more_than_two_second_meetings() -> None:
    # 1-2 met twice, 1-3 and 2-4 once, 1-4 and 2-3 twice. Standing order asks for {1,2} {3,4}
    # (one third meeting); {1,3} {2,4} is two second meetings, and wins.
    met = {frozenset((1, 2)): 2, frozenset((1, 3)): 1, frozenset((2, 4)): 1, frozenset((1, 4)): 2,
           frozenset((2, 3)): 2}
    assert repeat_cost(2) > 2 * repeat_cost(1) > 0 == repeat_cost(0)
    tables = arrange([1, 2, 3, 4], [2, 2], lambda a, b: met.get(frozenset((a, b)), 0),
                     lambda entrant, table: (abs(table - (entrant - 1) // 2),), rounds_after=0)
    assert sorted(map(sorted, tables)) == [[1, 3], [2, 4]]


def test_one_table_of_three_rotates_every_seat() -> None:
    (games,) = zip(*play(3, 3, 3, seed_order_result))
    orders = [game.seats for game in games]
    for seat in range(3):  # a Latin square: each entrant once in each seat
        assert sorted(order[seat] for order in orders) == [1, 2, 3]


def test_one_table_of_four_gives_each_entrant_the_first_seat_once_in_four_rounds() -> None:
    (games,) = zip(*play(4, 4, 4, seed_order_result, seed="lot"))
    assert sorted(game.seats[0] for game in games) == [1, 2, 3, 4]


# -- properties ---------------------------------------------------------------------------------

def splits(people: list[int], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``people`` at tables of ``sizes`` (tables of one size unordered)."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for size in sorted(set(sizes)):
        others = list(sizes)
        others.remove(size)
        for companions in combinations(rest, size - 1):
            left = [person for person in rest if person not in companions]
            for more in splits(left, others):
                yield [(first, *companions), *more]


def repeat_free_exists(people: list[int], met: frozenset, sizes: list[int], rounds: int) -> bool:
    """Brute force: can ``rounds`` more rounds follow in which nobody shares a table twice?
    Every split of the field is tried; the rounds to come are taken in the order of the list
    of splits (their order does not matter), with two counting bounds: enough unmet people
    for each entrant, enough unmet pairs."""
    rounds_of_pairs = [frozenset(frozenset(pair) for table in split for pair in combinations(table, 2))
                       for split in splits(people, sizes)]
    per_round = sum(size * (size - 1) // 2 for size in sizes)
    everyone = len(people) * (len(people) - 1) // 2

    def exists(met: frozenset, rounds: int, start: int) -> bool:
        if rounds == 0:
            return True
        unmet = Counter(person for pair in met for person in pair)
        if any(len(people) - 1 - unmet[person] < rounds * (min(sizes) - 1) for person in people):
            return False
        if everyone - len(met) < rounds * per_round:
            return False
        return any(exists(met | new, rounds - 1, index + 1)
                   for index, new in enumerate(rounds_of_pairs[start:], start=start) if not new & met)

    return exists(met, rounds, 0)


def check_seats(games: list[Fixture], history: list[list[Fixture]]) -> None:
    """(b) each table's first seat goes to a member owed the most first seats (the due of a
    table of n seats is 1/n each), nobody drifts more than 1½ from its due, and the other
    seats go where their entrants have sat least often."""
    share: dict[int, Fraction] = defaultdict(Fraction)
    firsts: Counter[int] = Counter()
    sat: dict[int, Counter[int]] = defaultdict(Counter)
    for game in (game for past in history for game in past if not game.bye):
        firsts[game.seats[0]] += 1
        for seat, entrant in enumerate(game.seats):
            share[entrant] += Fraction(1, len(game.seats))
            sat[entrant][seat] += 1
    for game in games:
        if game.bye:
            continue
        owed = {entrant: share[entrant] - firsts[entrant] for entrant in game.seats}
        assert owed[game.seats[0]] == max(owed.values())
        cost = sum(sat[entrant][seat] for seat, entrant in enumerate(game.seats[1:], start=1))
        assert cost == min(sum(sat[entrant][seat] for seat, entrant in enumerate(order, start=1))
                           for order in permutations(game.seats[1:]))
    assert all(abs(share[entrant] - firsts[entrant]) <= Fraction(3, 2) for entrant in share)


def repeat_free_rounds(count: int, size: int) -> int:
    """The most rounds without a repeat the field could have (each entrant meets new people)."""
    return (count - 1) // (min(table_sizes(count, 2, size)) - 1)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(3, 9), st.data())
def test_small_fields_never_repeat_a_table_that_an_earlier_round_could_have_avoided(count, data) -> None:
    # mostly several tables, and mostly as many rounds as a repeat-free event could have
    size = data.draw(st.one_of(st.integers(2, max(2, min(6, count // 2))), st.integers(2, 6)), label="size")
    most = repeat_free_rounds(count, size)
    rounds = data.draw(st.one_of(st.just(most), st.integers(1, most + 1)), label="rounds")
    rng = random.Random(data.draw(st.integers(0, 10**6), label="results"))
    sizes = table_sizes(count, 2, size)
    everyone = list(range(1, count + 1))
    history: list[list[Fixture]] = []
    for round, games in enumerate(play(count, size, rounds, lambda game: random_result(game, rng)), start=1):
        met = frozenset(pair for past in history for game in past for pair in pairs(game))
        if sum(sizes) == count and repeat_free_exists(everyone, met, sizes, rounds - round + 1):
            assert not any(pairs(game) & met for game in games), f"round {round} repeats a table it could avoid"
        check_seats(games, history)
        history.append(games)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(3, 40), st.integers(2, 6), st.integers(1, MAX_ROUNDS), st.integers(0, 10**6))
def test_any_field_gets_mixed_tables_fair_first_seats_and_the_same_games_every_time(count, size, rounds,
                                                                                     seed) -> None:
    rng = random.Random(seed)
    results = {}

    def result(game: Fixture) -> Outcome:  # the same results for the same games, run after run
        return results.setdefault(game, random_result(game, rng))

    history = play(count, size, rounds, result, seed=str(seed), limit=6)
    for round, games in enumerate(history):
        check_seats(games, history[:round])
    if len(history) > 1 and len(table_sizes(count, 2, size)) >= size:
        # enough tables to draw each new table from different old ones: round 2 repeats nothing
        assert not any(pairs(game) & set().union(*map(pairs, history[0])) for game in history[1])
    assert play(count, size, rounds, result, seed=str(seed), limit=6) == history  # (c) deterministic


def test_a_forty_entrant_field_in_pairs_seats_everyone_late_in_a_long_event() -> None:
    history = play(40, 2, 39, seed_order_result, limit=20)
    config = Settings("tables", min_seats=2, max_seats=6, table_size=2, rounds=39)
    entrants = list(range(1, 41))
    outcomes = [seed_order_result(game) for games in history for game in games]
    games = make_format(config, entrants).next_games(outcomes, entrants)
    assert sorted(entrant for game in games for entrant in game.seats) == entrants
