"""The Swiss completion rule: every round is paired so that the rounds left can still be paired
with no rematch and no second bye. The completion search against a brute-force oracle, the
5- and 6-entrant traps the pairing used to fall into, and random events of 3 to 40 entrants.

A larger random run: SWISS_COMPLETION_EXAMPLES=500 pytest tests/tournaments/formats/test_swiss_completion.py
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Outcome, Settings, make_format
from tournaments.formats.completion import Field, completable, dirac, largest_rounds

EXAMPLES = int(os.environ.get("SWISS_COMPLETION_EXAMPLES", "25"))


# -- a brute-force oracle ---------------------------------------------------------------------------

def oracle(entrants: list[int], met: set[frozenset[int]], had_bye: set[int], rounds: int) -> bool:
    """Naively: try every perfect matching of the pairs not met, then the rounds after it."""
    people = list(entrants) + ([None] if len(entrants) % 2 else [])

    def usable(a, b) -> bool:
        if a is None or b is None:
            return (b if a is None else a) not in had_bye
        return frozenset((a, b)) not in met

    def matchings(left: tuple) -> list[frozenset]:
        if not left:
            return [frozenset()]
        first, rest = left[0], left[1:]
        found = []
        for k, other in enumerate(rest):
            if usable(first, other):
                for tail in matchings(rest[:k] + rest[k + 1:]):
                    found.append(tail | {frozenset((first, other))})
        return found

    everything = matchings(tuple(people))

    edges = {pair for matching in everything for pair in matching}

    @cache
    def search(used: frozenset, left: int, start: int) -> bool:  # the rounds as a set: in list order
        free = Counter(person for pair in edges - used for person in pair)
        if any(free[person] < left for person in people):
            return False
        return left == 0 or any(search(used | everything[k], left - 1, k + 1)
                                for k in range(start, len(everything)) if not everything[k] & used)

    return search(frozenset(), rounds, 0)


def graph_of(entrants: list[int], mask: int) -> set[frozenset[int]]:
    pairs = list(itertools.combinations(entrants, 2))
    return {frozenset(pair) for k, pair in enumerate(pairs) if mask >> k & 1}


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_the_search_agrees_with_the_oracle_on_every_small_field(count):
    entrants = list(range(1, count + 1))
    for mask in range(2 ** (count * (count - 1) // 2)):
        met = graph_of(entrants, mask)
        had_bye = {entrant for entrant in entrants if mask >> (entrant + 3) & 1} if count % 2 else set()
        for rounds in range(1, count + 2):
            assert completable(entrants, met, had_bye, rounds) == oracle(entrants, met, had_bye, rounds), (met, had_bye, rounds)


@settings(max_examples=15 + EXAMPLES, deadline=None, derandomize=True)
@given(st.integers(6, 8), st.integers(0, 2**28 - 1), st.integers(0, 255))
def test_the_search_and_the_largest_rounds_agree_with_the_oracle_on_random_fields(count, mask, byes):
    entrants = list(range(1, count + 1))
    met = graph_of(entrants, mask & (2 ** (count * (count - 1) // 2) - 1))
    met = {pair for pair in met if random.Random(mask).random() < 0.5 or min(pair) % 3}  # sparser, more yes cases
    had_bye = {entrant for entrant in entrants if byes >> entrant & 1} if count % 2 else set()
    most = count - 1 + count % 2  # a round robin's worth of rounds (more: nobody has that many opponents)
    truth = [oracle(entrants, met, had_bye, rounds) for rounds in range(1, most + 1)]
    assert [completable(entrants, met, had_bye, rounds) for rounds in range(1, most + 1)] == truth
    assert largest_rounds(entrants, met, had_bye, count + 5) == sum(truth)  # completable rounds are monotone


def test_a_witness_schedule_is_rematch_free_and_gives_no_second_bye():
    entrants = list(range(1, 8))
    met = {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    verdict = Field(entrants, met, {7}).verdict(5)
    assert verdict.completable and verdict.schedule is not None and len(verdict.schedule) == 5
    seen = set(met)
    byes = {7}
    for pairs, bye in verdict.schedule:
        assert sorted([*itertools.chain(*pairs), bye]) == entrants  # everyone once a round
        assert bye not in byes
        byes.add(bye)
        for pair in pairs:
            assert frozenset(pair) not in seen
            seen.add(frozenset(pair))


def test_dirac_settles_large_fields_at_once_and_the_ceiling_is_a_round_robin():
    forty = list(range(40))
    assert dirac(Field(forty, set(), set()).adjacency, 20)
    assert not dirac(Field(forty, set(), set()).adjacency, 21)
    assert largest_rounds(range(6), set(), set(), 99) == 5
    assert largest_rounds(range(5), set(), set(), 99) == 5  # everyone has the bye once
    assert largest_rounds(range(40), set(), set(), 7) == 7


# -- the traps --------------------------------------------------------------------------------------

def seat_zero_wins(game) -> Outcome:
    return Outcome(game, (1,), (0.0,)) if game.bye else Outcome(game, (1, 2), (0.0, 0.0))


def play(count: int, rounds: int, result=seat_zero_wins, withdraw: dict[int, int] | None = None):
    """Play a Swiss to the end; answers the format, each round's pairs and byes, and the outcomes."""
    entrants = list(range(1, count + 1))
    fmt = make_format(Settings("swiss", rounds=rounds), entrants, rng_seed="trap")
    active, outcomes, history = list(entrants), [], []
    while games := fmt.next_games(outcomes, active):
        history.append(([frozenset(g.seats) for g in games if not g.bye], [g.seats[0] for g in games if g.bye]))
        outcomes += [result(game) for game in games]
        if withdraw and len(history) in withdraw:
            active.remove(withdraw[len(history)])
    return fmt, history, outcomes


def repeats(history) -> int:
    met: Counter = Counter()
    byes: Counter = Counter()
    for pairs, bye in history:
        met.update(pairs)
        byes.update(bye)
    return sum(n - 1 for n in met.values()) + sum(n - 1 for n in byes.values())


def test_six_entrants_over_four_rounds_no_longer_paint_themselves_into_a_corner():
    # With seat 0 winning every game, rounds 1 and 2 are 1-4, 2-5, 3-6 and 1-3, 4-5, 2-6. The
    # criteria alone then prefer 3-5, 1-2, 4-6 for round 3; but after it the pairs not yet met
    # are the triangles 1-5-6 and 2-3-4, and a triangle cannot be split into pairs: round 4
    # would repeat a game. The completion rule passes over that pairing.
    fmt, history, outcomes = play(6, 4)
    assert [set(pairs) for pairs, _ in history[:2]] == [
        {frozenset({1, 4}), frozenset({2, 5}), frozenset({3, 6})},
        {frozenset({1, 3}), frozenset({4, 5}), frozenset({2, 6})}]
    trap = {frozenset({3, 5}), frozenset({1, 2}), frozenset({4, 6})}
    met_then = set().union(*(pairs for pairs, _ in history[:2])) | trap
    assert completable(range(1, 7), met_then, set(), 1) is False  # the corner
    decision = fmt.decide_round(3, outcomes, list(range(1, 7)))
    assert {frozenset(pair) for pair in decision.avoided[0][0]} == trap
    assert set(history[2][0]) != trap and repeats(history) == 0 and len(history) == 4


def test_five_entrants_over_four_rounds_keep_the_byes_and_the_pairs_fresh():
    # The games' results cycle: seat 0 wins three, then seat 1 one. Rounds 1 and 2 are 1-3,
    # 2-4 (bye 5) and 1-2, 4-5 (bye 3). The criteria alone pair round 3 as 1-5, 3-4 with the bye
    # to 2. Then only 1 and 4 can have the last bye, and each has met 2, 3 and 5: whichever
    # has it, the other has nobody new to play. The completion rule pairs round 3 otherwise.
    cycle = itertools.cycle([(1, 2), (1, 2), (1, 2), (2, 1)])

    def result(game):
        return Outcome(game, (1,), (0.0,)) if game.bye else Outcome(game, next(cycle), (0.0, 0.0))

    history = play(5, 4, result)[1]
    assert [(set(pairs), bye) for pairs, bye in history[:2]] == [
        ({frozenset({1, 3}), frozenset({2, 4})}, [5]), ({frozenset({1, 2}), frozenset({4, 5})}, [3])]
    trap = {frozenset({1, 5}), frozenset({3, 4})}
    met_then = set(history[0][0]) | set(history[1][0]) | trap
    assert completable(range(1, 6), met_then, {5, 3, 2}, 1) is False
    assert set(history[2][0]) != trap and repeats(history) == 0 and len(history) == 4


def test_when_no_pairing_can_complete_the_event_the_usual_criteria_decide():
    fmt, history, outcomes = play(4, 5)  # four entrants, five rounds: a rematch is certain
    assert len(history) == 5 and repeats(history[:3]) == 0  # rounds 1 to 3: everyone meets everyone
    assert repeats(history) == 4  # rounds 4 and 5 can only repeat both games
    assert fmt.decide_round(5, outcomes, [1, 2, 3, 4]).completion == "impossible"


def test_the_decision_says_how_the_event_was_kept_completable():
    fmt = make_format(Settings("swiss", rounds=7), list(range(40)))
    assert fmt.decide_round(1, [], list(range(40))).completion == "dirac"
    fmt = make_format(Settings("swiss", rounds=5), list(range(6)))
    decision = fmt.decide_round(1, [], list(range(6)))
    assert decision.completion == "exact" and decision.rounds_left == 5 and decision.avoided == ()


# -- random events ----------------------------------------------------------------------------------

@st.composite
def events(draw: st.DrawFn) -> tuple[int, int, int, bool]:
    count = draw(st.integers(3, 40))
    ceiling = count if count % 2 else count - 1  # a round robin's worth (odd: one bye each)
    most = ceiling if count <= 12 else min(ceiling, count // 2)  # large fields: Swiss-like lengths
    return count, draw(st.integers(1, most)), draw(st.integers(0, 10**6)), count <= 12 and draw(st.booleans())


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
@given(events())
def test_no_rematch_and_no_second_bye_wherever_the_rest_of_the_event_can_avoid_them(event):
    count, rounds, seed, withdrawals = event
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    fmt = make_format(Settings("swiss", rounds=rounds), entrants, rng_seed=str(seed))
    active, outcomes = list(entrants), []
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for round in range(1, rounds + 1):
        games = fmt.next_games(outcomes, active)
        if not games:
            break
        before = Field(active, met, byes).verdict(rounds - round + 1)
        pairs = [frozenset(g.seats) for g in games if not g.bye]
        bye = [g.seats[0] for g in games if g.bye]
        if before.completable:
            assert not met & set(pairs), f"round {round} repeats a pairing that a completion avoided"
            assert not byes & set(bye), f"round {round} gives a second bye that a completion avoided"
            after = completable(active, met | set(pairs), byes | set(bye), rounds - round)
            assert after is not False, f"round {round} left the event impossible to complete"
        met |= set(pairs)
        byes |= set(bye)
        roll = rng.random
        outcomes += [Outcome(g, (1,), (0.0,)) if g.bye else
                     Outcome(g, (1, 1) if roll() < 0.2 else (1, 2) if roll() < 0.5 else (2, 1), (0.0, 0.0))
                     for g in games]
        if withdrawals and len(active) > 3 and rng.random() < 0.25:
            active.remove(rng.choice(active))
    if not withdrawals and largest_rounds(entrants, set(), set(), rounds) == rounds:
        assert len(met) == sum(len(active) // 2 for _ in range(rounds))  # every pair fresh, all rounds


def test_pairing_is_deterministic_with_the_completion_rule():
    first = play(6, 4)[1]
    assert play(6, 4)[1] == first


@pytest.mark.parametrize(("count", "rounds"), [(14, 13), (16, 15), (16, 12), (20, 19), (24, 18)])
def test_large_fields_past_half_their_size_still_finish_without_a_rematch(count, rounds):
    # Past half the field, Dirac no longer settles it: the bounded search's schedule does,
    # as far as a round robin's length, with wins, losses and draws at random.
    lot = random.Random(count * 100 + rounds)

    def result(game):
        return Outcome(game, (1,), (0.0,)) if game.bye else Outcome(game, lot.choice([(1, 2), (2, 1), (1, 1)]),
                                                                     (0.0, 0.0))

    history = play(count, rounds, result)[1]
    assert len(history) == rounds and repeats(history) == 0
