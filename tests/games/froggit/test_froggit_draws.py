"""The moves counted and drawn without listing them (``games/froggit/draws.py``) against the
moves listed, in positions of seeded random games of every variant (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import IllegalMoveError
from games.froggit.board import CELL, NAMES, PADS
from games.froggit.draws import BITS, CELLS_OF, Pond, count_moves, movers, nth_move, pond
from games.froggit.game import Froggit
from games.froggit.rules import MAX_JUMPS, SIZE_LETTER, FroggitState

GAME = Froggit()
VARIANTS = [(players, version, family) for players in (2, 3, 4, 6) for version in ("junior", "expert")
            for family in ("standard", "quick")]


def random_position(players: int, version: str, family: str, seed: int) -> FroggitState:
    """A position some random moves into a seeded game (now and then its end)."""
    rng = random.Random(seed)
    options = GAME.parse_options({"version": version, "family": family, "max_rounds": 60}, players)
    state = GAME.new_state(options, players, {})
    for _ in range(rng.randrange(state.max_turns + state.max_turns // 8)):
        if state.is_over():
            break
        state.apply_action(state.turn, rng.choice(state.legal_actions(state.turn)))
    return state


def frogs_walked(state: FroggitState, seat: int) -> list[tuple[int, int, list[bool], list[bool]]]:
    """``_each_frog``'s frogs with copies of their tables."""
    found: list[tuple[int, int, list[bool], list[bool]]] = []
    state._each_frog(seat, lambda size, origin, full, land: found.append((size, origin, list(full), list(land))))
    return found


def prefix(state: FroggitState, seat: int, size: int, origin: int) -> str:
    """How the moves of one frog start: ``'S start'``, ``'L c3'``."""
    return f"{SIZE_LETTER[size]} {'start' if origin == state.starts[seat] else NAMES[origin]}"


def own_moves(state: FroggitState, seat: int, size: int, origin: int) -> list[str]:
    """The frog moves of one frog, as the listing writes them (sorted)."""
    return [move for move in state.frog_moves(seat) if move.startswith(prefix(state, seat, size, origin) + " ")]


@pytest.mark.parametrize(("players", "version", "family"), VARIANTS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_movers_are_the_frogs_that_may_move_with_their_tables(players: int, version: str, family: str,
                                                                   seed: int) -> None:
    state = random_position(players, version, family, seed)
    seat = state.turn
    found, teams = movers(state, seat, pond(state))
    walked = frogs_walked(state, seat)[::-1]
    assert [(size, origin) for size, origin, *_ in found] == [(size, origin) for size, origin, _, _ in walked]
    for (_, _, full, land), (_, _, full_list, land_list) in zip(found, walked):
        assert full == sum(BITS[cell] for cell in PADS if full_list[cell])
        assert land == sum(BITS[cell] for cell in PADS if land_list[cell]) | BITS[state.finishes[seat]]
    assert teams == len(state.team_options(seat))


@pytest.mark.parametrize(("players", "version", "family"), VARIANTS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_frog_s_count_and_its_nth_move_are_those_of_its_sorted_moves(players: int, version: str, family: str,
                                                                      seed: int) -> None:
    state = random_position(players, version, family, seed)
    seat = state.turn
    found, _ = movers(state, seat, pond(state))
    for size, origin, full, land in found:
        listed = own_moves(state, seat, size, origin)
        start = prefix(state, seat, size, origin)
        known = {}
        assert count_moves(origin, MAX_JUMPS[size], full, land, known) == len(listed)
        drawn = [nth_move(origin, MAX_JUMPS[size], back, full, land, known) for back in reversed(range(len(listed)))]
        assert [start + landings for landings, _ in drawn] == sorted(listed) == listed
        assert [final for _, final in drawn] == [None if move.endswith(" home") else CELL[move[-2:]] for move in listed]


@pytest.mark.parametrize(("players", "version", "family"), VARIANTS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), draw=st.integers(min_value=0, max_value=2**32))
def test_a_random_action_is_the_choice_among_the_legal_ones_listed_or_not(players: int, version: str, family: str,
                                                                         seed: int, draw: int) -> None:
    state = random_position(players, version, family, seed)
    seat = state.turn
    legal = state.clone().legal_actions(seat)
    for listed in (False, True):
        if listed:
            state.legal_actions(seat)
        mine, theirs = random.Random(draw), random.Random(draw)
        if not legal:
            with pytest.raises(IndexError):
                state.random_action(seat, mine)
        else:
            assert state.random_action(seat, mine) == theirs.choice(legal)
        assert mine.getstate() == theirs.getstate()


def test_a_drawn_action_is_checked_again_once_the_position_has_changed() -> None:
    positions = (random_position(2, "junior", "standard", seed) for seed in range(99))
    state, action = next((state, action) for state in positions if not state.is_over() and not state.fish_due
                         for action in [state.random_action(state.turn, random.Random(1))]
                         if not action.endswith(" home"))
    seat = state.turn
    assert state.is_drawn(seat, action) and not state.is_drawn(1 - seat, action)
    assert not state.is_drawn(seat, action + " ") and not state.is_drawn(seat, None)
    changed = state.clone()
    changed.cells[CELL[action[-2:]]] = (2 * (1 - seat),)  # a frog of the other seat is where the move ends
    assert not changed.is_drawn(seat, action)
    with pytest.raises(IllegalMoveError):
        changed.apply_action(seat, action)
    trial = state.clone()
    state.apply_action(seat, action)
    trial.check_and_apply(seat, action)
    assert (state.cells, state.at_start, state.at_home, state.turn, state.moves) == (
        trial.cells, trial.at_start, trial.at_home, trial.turn, trial.moves)


def pond_bits(kept: Pond) -> tuple[object, ...]:
    return kept.cells, kept.full, kept.lone, kept.smalls, kept.tops


@pytest.mark.parametrize(("players", "version"), [(2, "junior"), (6, "junior"), (3, "expert"), (6, "expert")])
def test_the_pond_follows_the_drawn_moves_as_the_pads_read_afresh(players: int, version: str) -> None:
    rng = random.Random(players)
    options = GAME.parse_options({"version": version, "max_rounds": 40}, players)
    state = GAME.new_state(options, players, {})
    followed = 0
    while not state.is_over():
        kept = state.pond
        action = state.random_action(state.turn, rng)
        state.apply_action(state.turn, action)
        if state.pond is kept and kept is not None:
            followed += 1
        assert pond_bits(pond(state)) == pond_bits(Pond(state.cells))
    assert followed > state.turns // 2, "most moves are followed, not read again"


def test_a_pond_not_told_of_a_change_is_read_again() -> None:
    state = next(state for seed in range(99) for state in [random_position(2, "expert", "standard", seed)]
                 if not state.is_over() and any(state.cells))
    kept = pond(state)
    assert pond(state) is kept
    cell = next(cell for cell in PADS if not state.cells[cell] and cell != state.fish)
    state.cells[cell] = (1,)  # seat 0's large frog, put there behind the pond's back
    fresh = pond(state)
    assert fresh is not kept and fresh.tops[1] & BITS[cell] and fresh.full & BITS[cell]
    copy = state.clone()
    copy.cells[cell] = ()
    assert pond(copy) is not fresh and pond(state) is fresh, "a clone's change is not its original's"


@settings(max_examples=200, deadline=None)
@given(bits=st.integers(min_value=0, max_value=2 ** len(NAMES) - 1))
def test_the_cells_of_a_set_are_its_bits_lowest_first(bits: int) -> None:
    assert CELLS_OF[bits] == tuple(cell for cell in range(len(NAMES)) if bits & BITS[cell])
    assert CELLS_OF[bits] is CELLS_OF[bits], "worked out once"
