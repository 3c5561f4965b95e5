"""``MeasureAndTempoState.random_action`` counts the legal actions and writes only the one drawn:
over random positions of every phase, its count is ``len(legal_actions)`` and its k-th action
the list's k-th, for every k."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.measure_and_tempo.rules import (
    ANSWERING,
    LEADING,
    OUT_OF_MEASURE,
    PUTTING_UNDER,
    MeasureAndTempoState,
)
from tests.games.measure_and_tempo.test_measure_and_tempo_random import random_bout


class Pick:
    """A stand-in for the random stream that picks place ``index`` and keeps the length of
    every sequence it was asked to pick from."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.lengths: list[int] = []

    def choice(self, seq: Sequence[Any]) -> Any:
        self.lengths.append(len(seq))
        return seq[self.index]


def case(state: MeasureAndTempoState) -> tuple[str, ...]:
    """What decides a position's list of actions, beyond the hand."""
    seat = state.turn
    if state.phase != OUT_OF_MEASURE:
        return (state.phase,)
    if state.circling >= state.max_circling:
        return (state.phase, "strikes only")
    return (state.phase, "stalled" if state.stalled else "may stall",
            "guard out" if state.guards[seat] is not None else "no guard")


def check_every_pick(state: MeasureAndTempoState) -> None:
    for seat in (0, 1):
        legal = state.legal_actions(seat)
        for index in range(len(legal)):
            pick = Pick(index)
            assert state.random_action(seat, pick) == legal[index]
            assert pick.lengths == [len(legal)]  # one draw, among as many as the list has


def walk(seed: int) -> set[tuple[str, ...]]:
    """Play a random bout, checking every pick of every position; answers the cases met."""
    state, rng, _ = random_bout(seed)
    met = set()
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        check_every_pick(state)
        met.add(case(state))
        seat = state.turn
        state.apply_action(seat, state.random_action(seat, rng))
    return met


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_drawn_action_is_the_listed_one(seed: int) -> None:
    walk(seed)


def test_the_walks_meet_every_phase_and_case() -> None:
    met = set().union(*(walk(seed) for seed in range(60)))
    assert {(PUTTING_UNDER,), (ANSWERING,), (LEADING,), (OUT_OF_MEASURE, "strikes only")} <= met
    for stall in ("stalled", "may stall"):
        for guard in ("guard out", "no guard"):
            assert (OUT_OF_MEASURE, stall, guard) in met


def test_the_draw_is_the_choice_among_the_listed_actions() -> None:
    state, rng, _ = random_bout(3)
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        seat = state.turn
        mine, theirs = random.Random(), random.Random()
        mine.setstate(rng.getstate())
        theirs.setstate(rng.getstate())
        action = state.random_action(seat, mine)
        assert action == theirs.choice(state.legal_actions(seat))
        assert mine.getstate() == theirs.getstate()
        state.apply_action(seat, action)
        rng = mine
