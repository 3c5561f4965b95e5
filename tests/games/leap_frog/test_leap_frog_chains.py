"""The first leaps and the counted chains of ``games.leap_frog.chains`` against the sorted list
of every capture (``capture_list``) on random positions of every board shape (hypothesis)."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.leap_frog.chains import chains_after, drawn_capture, first_leaps, nth_capture, searched_leaps
from games.leap_frog.game import LeapFrog
from games.leap_frog.rules import LeapFrogState, capture_list, capture_notations, starts_of

GAME = LeapFrog()
#: Raw options: small and large rectangles, diagonal or not, and the hexagon.
BOARDS = [{"variant": "traditional", "rows": 4, "cols": 4}, {"variant": "murray", "rows": 8, "cols": 8},
          {"variant": "traditional", "rows": 6, "cols": 9, "diagonal": True},
          {"variant": "froglet", "rows": 12, "cols": 12}, {"variant": "traditional", "rows": 15, "cols": 15},
          {"variant": "murray", "rows": 11, "cols": 13, "diagonal": True}, {"variant": "capture"}]


def random_position(raw: dict, seed: int, fill: float) -> LeapFrogState:
    """A position after the opening with each cell holding a random piece with chance ``fill``."""
    options = GAME.parse_options(raw, 2)
    rng = random.Random(seed)
    letters = GAME.new_state(options, 2, GAME.random_setup(options, 2, rng)).variant.letters
    board = GAME.board_for(options)
    picture = ["".join(rng.choice(letters) if rng.random() < fill else "." for _ in row) for row in board.rows]
    return GAME.position(options, 2, picture, ply=2)


def blocks(state: LeapFrogState) -> dict[str, list[str]]:
    """The sorted captures grouped by their first leap (``a1-c1``), in order."""
    found: dict[str, list[str]] = {}
    for move in capture_list(state.occupancy(), state.board, state.pieces):
        found.setdefault("-".join(move.split("-")[:2]), []).append(move)
    return found


@settings(max_examples=80, deadline=None)
@given(raw=st.sampled_from(BOARDS), seed=st.integers(0, 2**32), fill=st.floats(0.1, 0.95))
def test_the_listing_is_every_capture_sorted(raw: dict, seed: int, fill: float) -> None:
    """The listing, which goes on from a second landing only where the masks say a leap may be
    open there, against a plain search of every chain sorted as strings."""
    state = random_position(raw, seed, fill)
    filled = state.occupancy()
    before = list(filled)
    fresh = sorted(capture_notations(list(state.cells), state.board, starts_of(state.board, state.pieces)))
    assert capture_list(filled, state.board, state.pieces) == fresh
    assert filled == before


def test_a_chain_may_come_back_to_its_start_after_two_leaps() -> None:
    """On the hexagon a third leap may land on the start the piece has left, from a second
    landing where no other leap is open."""
    options = GAME.parse_options({"variant": "capture"}, 2)
    picture = [".....", "......", ".......", "OO......", "OO.......", "........", ".......", "......", "....."]
    state = GAME.position(options, 2, picture)
    assert state.legal_actions(0) == ["d1-d3", "d1-f2", "d2-f1", "e1-c1", "e1-c1-e3", "e1-c1-e3-e1", "e1-e3",
                                      "e1-e3-c1", "e1-e3-c1-e1", "e2-c2"]


@settings(max_examples=60, deadline=None)
@given(raw=st.sampled_from(BOARDS), seed=st.integers(0, 2**32), fill=st.floats(0.2, 0.95))
def test_counted_chains_are_the_listed_ones(raw: dict, seed: int, fill: float) -> None:
    state = random_position(raw, seed, fill)
    board, filled, pieces = state.board, state.occupancy(), state.pieces
    before = list(filled)
    grouped = blocks(state)
    numbers, open_from, _ = first_leaps(board, pieces)
    assert [board.leap_list[number][0] for number in numbers] == list(grouped)
    searched = searched_leaps(board, numbers, open_from)
    assert [board.leap_list[number][0] for number in searched] == [leap for leap, moves in grouped.items()
                                                                   if len(moves) > 1]
    rng = random.Random(seed)
    for number in numbers:
        moves = grouped[board.leap_list[number][0]]
        places = sorted({0, len(moves) - 1, *(rng.randrange(len(moves)) for _ in range(3))})
        assert [nth_capture(filled, board, number, index) for index in places] == [moves[index] for index in places]
        with pytest.raises(IndexError):
            nth_capture(filled, board, number, len(moves))
        assert filled == before
        _, start, over, _, _, _ = board.leap_list[number]
        after = list(filled)
        after[start] = after[over] = 0
        assert chains_after(after, board, number) == len(moves) - 1
    assert filled == before


@settings(max_examples=60, deadline=None)
@given(raw=st.sampled_from(BOARDS), seed=st.integers(0, 2**32), fill=st.floats(0.2, 0.95))
def test_a_drawn_capture_is_the_choice_among_the_listed_ones(raw: dict, seed: int, fill: float) -> None:
    state = random_position(raw, seed, fill)
    if not capture_list(state.occupancy(), state.board, state.pieces):
        return
    before = list(state.occupancy())
    for draw in range(5):
        mine, theirs = random.Random(seed + draw), random.Random(seed + draw)
        listed = capture_list(state.occupancy(), state.board, state.pieces)
        assert drawn_capture(state.occupancy(), state.board, state.pieces, mine) == theirs.choice(listed)
        assert mine.getstate() == theirs.getstate()
    assert state.occupancy() == before


def test_kept_counts_follow_every_position_on_the_board() -> None:
    """On a large board the counts are kept between draws, shared by every position on it: two
    games drawn in turn on one board, never listed, draw what a fresh listing would."""
    options = GAME.parse_options({"variant": "murray", "rows": 15, "cols": 15}, 2)
    rng = random.Random(11)
    states = [GAME.new_state(options, 2, GAME.random_setup(options, 2, rng)) for _ in range(2)]
    drawn = 0
    while not all(state.is_over() for state in states):
        for state in states:
            if state.is_over():
                continue
            seat = state.seat_to_move()
            if state.in_opening():
                state.apply_action(seat, rng.choice(state.legal_actions(seat)))
                continue
            fresh = sorted(capture_notations(list(state.cells), state.board, starts_of(state.board, state.pieces)))
            mine, theirs = random.Random(), random.Random()
            mine.setstate(rng.getstate())
            theirs.setstate(rng.getstate())
            move = drawn_capture(state.occupancy(), state.board, state.pieces, mine)
            assert move == theirs.choice(fresh)
            rng.setstate(mine.getstate())
            state.apply_action(seat, move)
            drawn += 1
    assert drawn > 100


@pytest.mark.parametrize("raw", BOARDS, ids=lambda raw: "-".join(map(str, raw.values())))
def test_the_searches_of_a_playout_leave_no_cycle_behind(raw: dict) -> None:
    """The searches a random playout makes at every move are plain functions, so that they
    and the lists they filled are freed at once instead of waiting for the cycle collector."""
    state = random_position(raw, 5, 0.7)
    board, pieces, filled = state.board, state.pieces, state.occupancy()
    numbers, open_from, _ = first_leaps(board, pieces)
    searched = searched_leaps(board, numbers, open_from)
    searches = [lambda: capture_list(filled, board, pieces)]
    if numbers:
        searches.append(lambda: drawn_capture(filled, board, pieces, random.Random(1)))
    for number in searched[:3]:
        searches.append(lambda number=number: nth_capture(filled, board, number, 1))
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for search in searches:
            search()
            assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()
