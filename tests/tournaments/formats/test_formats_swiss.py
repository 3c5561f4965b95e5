"""Swiss pairing: properties over many seeded random tournaments, and the Dutch rules by example."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import FormatError, Fixture, Outcome, Settings, make_format, standings

SWISS = Settings("swiss", rounds=5)


def result(game: Fixture, rng: random.Random) -> Outcome:
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    roll = rng.random()
    ranks = (1, 1) if roll < 0.25 else (1, 2) if roll < 0.65 else (2, 1)
    return Outcome(game, ranks, (float(rng.randint(0, 5)), float(rng.randint(0, 5))))


def fewest_rematches(players: frozenset[int], met: Counter[frozenset[int]]) -> int:
    """The fewest rematches any pairing of ``players`` (an even number) must have, a pair that
    has already met twice counting twice (a third meeting is worse than a second)."""
    @cache
    def search(left: frozenset[int]) -> int:
        if not left:
            return 0
        first = min(left)
        return min(search(left - {first, other}) + met[frozenset((first, other))] for other in left - {first})

    return search(players)


def points_so_far(outcomes: list[Outcome]) -> Counter[int]:
    points: Counter[int] = Counter()
    for outcome in outcomes:
        if outcome.game.bye:
            points[outcome.game.seats[0]] += 1
        else:
            a, b = outcome.game.seats
            ra, rb = outcome.ranks
            points[a] += 1 if ra < rb else 0.5 if ra == rb else 0
            points[b] += 1 if rb < ra else 0.5 if ra == rb else 0
    return points


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[int, int, int, bool]:
    count = draw(st.integers(2, 11))
    rounds = draw(st.integers(1, count + 1))
    return draw(st.integers(0, 10**6)), count, rounds, draw(st.booleans())


@settings(max_examples=70, deadline=None, derandomize=True)
@given(tournaments())
def test_swiss_rounds_pair_everyone_once_without_avoidable_rematches_and_rotate_byes(case) -> None:
    seed, count, rounds, changing = case
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    fmt = make_format(Settings("swiss", rounds=rounds), entrants, rng_seed=str(seed))
    active = list(entrants)
    joined = list(entrants)
    outcomes: list[Outcome] = []
    for round in range(1, rounds + 1):
        games = fmt.next_games(outcomes, active)
        decision = fmt.decide_round(round, outcomes, active) if len(active) >= 2 else None
        if len(active) < 2:
            assert games == []
            break
        assert {game.round for game in games} == {round}
        seated = sorted(entrant for game in games for entrant in game.seats)
        assert seated == sorted(active)  # everyone active plays (or has the bye) exactly once
        met = Counter(frozenset(o.game.seats) for o in outcomes if not o.game.bye)
        byes = Counter(o.game.seats[0] for o in outcomes if o.game.bye)
        rematches = sum(met[frozenset(game.seats)] for game in games if not game.bye)
        bye_games = [game for game in games if game.bye]
        assert len(bye_games) == len(active) % 2
        if bye_games:
            (taker,) = bye_games[0].seats
            fewest = min(byes[entrant] for entrant in active)
            assert byes[taker] == fewest  # never a second bye while someone has had none
            eligible = [entrant for entrant in active if byes[entrant] == fewest]
            cost = {entrant: fewest_rematches(frozenset(active) - {entrant}, met) for entrant in eligible}
            assert rematches == min(cost.values())  # no rematch that some other pairing avoids
            points = points_so_far(outcomes)
            ranking = sorted(active, key=lambda entrant: (-points[entrant], joined.index(entrant)))
            lowest = max((entrant for entrant in eligible if cost[entrant] == rematches), key=ranking.index)
            if not decision.avoided:  # else a lower bye would have left the event impossible to complete
                assert taker == lowest  # the bye goes to the lowest-ranked entrant it can
        else:
            assert rematches == fewest_rematches(frozenset(active), met)
        outcomes += [result(game, rng) for game in games]
        if changing and rng.random() < 0.3 and len(active) > 2:
            active.remove(rng.choice(active))
        if changing and rng.random() < 0.3:
            newcomer = 100 + round
            active.append(newcomer)
            joined.append(newcomer)
    assert fmt.next_games(outcomes, active) == []
    assert fmt.is_over(outcomes, active)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(0, 10**6), st.integers(4, 16), st.integers(3, 6))
def test_seats_stay_balanced_within_two(seed: int, count: int, rounds: int) -> None:
    # A Swiss of at most about half as many rounds as entrants, as clubs run them. (Near a full
    # round robin, avoiding rematches, which comes first, can force a third game from one seat.)
    rounds = min(rounds, count // 2 + 1)
    rng = random.Random(seed)
    entrants = list(range(count))
    fmt = make_format(Settings("swiss", rounds=rounds), entrants, rng_seed=str(seed))
    outcomes: list[Outcome] = []
    while games := fmt.next_games(outcomes, entrants):
        outcomes += [result(game, rng) for game in games]
    history: dict[int, list[int]] = {entrant: [] for entrant in entrants}
    for outcome in outcomes:
        for seat, entrant in enumerate(outcome.game.seats if not outcome.game.bye else ()):
            history[entrant].append(seat)
    for seats in history.values():
        assert abs(seats.count(0) - seats.count(1)) <= 2


def test_round_one_is_top_half_against_bottom_half_with_alternating_seats() -> None:
    fmt = make_format(SWISS, [1, 2, 3, 4, 5, 6, 7, 8], rng_seed="club night")
    games = fmt.next_games([], [1, 2, 3, 4, 5, 6, 7, 8])
    assert [frozenset(game.seats) for game in games] == [{1, 5}, {2, 6}, {3, 7}, {4, 8}]
    top_seats = [game.seats.index(top) for game, top in zip(games, [1, 2, 3, 4])]
    assert top_seats in ([0, 1, 0, 1], [1, 0, 1, 0])  # the lot picks board 1's seat; boards alternate
    assert [game.pairing for game in games] == [0, 1, 2, 3]


def test_score_groups_pair_within_and_seat_preferences_pick_the_transposition() -> None:
    # Round 1: 1-5, 2-6, 3-7, 4-8 and the top seeds win. Round 2 pairs the winners among themselves
    # and the losers among themselves. Dutch order alone would give 1-3 and 2-4, but 1 and 3 both
    # want seat 0 next (2 and 4 seat 1), so the transposition 1-4, 2-3 suits everyone's seats.
    entrants = [1, 2, 3, 4, 5, 6, 7, 8]
    fmt = make_format(SWISS, entrants, rng_seed="club night")
    first = fmt.next_games([], entrants)
    outcomes = [Outcome(g, (1, 2) if g.seats[0] < g.seats[1] else (2, 1), (0.0, 0.0)) for g in first]
    second = fmt.next_games(outcomes, entrants)
    pairs = [frozenset(game.seats) for game in second]
    assert pairs[:2] == [{1, 4}, {2, 3}] and set(pairs[2:]) == {frozenset({5, 8}), frozenset({6, 7})}
    for game in second:
        previous = next(g for g in first if set(g.seats) & set(game.seats))
        for entrant in game.seats:
            if entrant in previous.seats:
                assert game.seats.index(entrant) != previous.seats.index(entrant)


def test_an_odd_entrant_floats_down_from_the_bottom_of_its_group() -> None:
    # After round 1 (1, 2, 3 won; 4, 5, 6 lost): three on 1 point. Dutch floats the lowest (3)
    # down to meet the top of the next group (4), unless that repeats a game, which it does
    # not here.
    entrants = [1, 2, 3, 4, 5, 6]
    fmt = make_format(SWISS, entrants)
    first = fmt.next_games([], entrants)
    assert [frozenset(g.seats) for g in first] == [{1, 4}, {2, 5}, {3, 6}]
    outcomes = [Outcome(g, (1, 2) if g.seats[0] < g.seats[1] else (2, 1), (0.0, 0.0)) for g in first]
    second = [frozenset(g.seats) for g in fmt.next_games(outcomes, entrants)]
    assert second == [{1, 2}, {3, 5}, {4, 6}] or second == [{1, 2}, {3, 4}, {5, 6}]
    assert {1, 2} in second and frozenset({3, 6}) not in second


def test_the_bye_goes_to_the_lowest_ranked_entrant_without_one() -> None:
    entrants = [1, 2, 3, 4, 5]
    fmt = make_format(SWISS, entrants)
    outcomes: list[Outcome] = []
    takers = []
    for _ in range(5):
        games = fmt.next_games(outcomes, entrants)
        (bye,) = [game for game in games if game.bye]
        takers.append(bye.seats[0])
        assert bye.pairing == len(games) - 1  # the bye is listed after the boards
        outcomes += [Outcome(g, (1,), (0.0,)) if g.bye else Outcome(g, (1, 1), (0.0, 0.0)) for g in games]
    assert takers[0] == 5
    assert sorted(takers) == entrants  # five rounds, five different entrants


def test_a_director_may_change_the_proposal_and_later_rounds_follow_what_was_played() -> None:
    entrants = [1, 2, 3, 4]
    fmt = make_format(Settings("swiss", rounds=3), entrants)
    proposal = fmt.propose_round(1, [], entrants)
    assert [frozenset(g.seats) for g in proposal] == [{1, 3}, {2, 4}]
    published = [Fixture(round=1, seats=(2, 1), pairing=0), Fixture(round=1, seats=(3, 4), pairing=1)]
    outcomes = [Outcome(g, (1, 1), (0.0, 0.0)) for g in published]
    second = {frozenset(g.seats) for g in fmt.next_games(outcomes, entrants)}
    assert second.isdisjoint({frozenset({1, 2}), frozenset({3, 4})})  # the games actually played
    assert fmt.propose_round(1, outcomes, entrants) == proposal  # the proposal ignores round 1's own games


def test_withdrawn_entrants_are_never_paired_again_and_late_entrants_join_on_zero() -> None:
    entrants = [1, 2, 3, 4]
    fmt = make_format(SWISS, entrants)
    outcomes = [Outcome(g, (1, 2), (0.0, 0.0)) for g in fmt.next_games([], entrants)]
    active = [1, 2, 4, 9]  # 3 withdraws, 9 joins late
    games = fmt.next_games(outcomes, active)
    seated = sorted(e for g in games for e in g.seats)
    assert seated == [1, 2, 4, 9]
    table = {row.entrant: row for row in standings(SWISS, [1, 2, 3, 4, 9], outcomes, withdrawn=[3])}
    assert table[9].points == 0.0 and table[9].played == 0
    assert table[3].withdrawn and table[3].played == 1  # the game 3 played stands


def test_best_of_three_pairings_finish_before_the_next_round() -> None:
    config = Settings("swiss", rounds=2, best_of=3)
    fmt = make_format(config, [1, 2, 3, 4])
    games = fmt.next_games([], [1, 2, 3, 4])
    outcomes = [Outcome(g, (1, 2), (0.0, 0.0)) for g in games]
    again = fmt.next_games(outcomes, [1, 2, 3, 4])
    assert [(g.round, g.number, g.seats) for g in again] == [(1, 1, tuple(reversed(g.seats))) for g in games]
    outcomes += [Outcome(again[0], (2, 1), (0.0, 0.0)), Outcome(again[1], (1, 2), (0.0, 0.0))]
    remaining = fmt.next_games(outcomes, [1, 2, 3, 4])
    assert [(g.round, g.pairing, g.number) for g in remaining] == [(1, 1, 2)]  # only the 1-1 pairing goes on


def test_no_rounds_are_paired_past_the_last_or_before_the_first() -> None:
    fmt = make_format(Settings("swiss", rounds=2), [1, 2, 3])
    with pytest.raises(FormatError, match="rounds 1 to 2, not 3"):
        fmt.propose_round(3, [], [1, 2, 3])
    with pytest.raises(FormatError, match="rounds 1 to 2, not 0"):
        fmt.propose_round(0, [], [1, 2, 3])
    assert fmt.total_rounds() == 2
