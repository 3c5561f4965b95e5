"""Cell names and leaps of the rectangular boards and the capture hexagon."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.errors import NotationError
from games.leap_frog.board import can_leap, hexagon_board, leap_left, leap_starts, open_leaps, square_board
from games.leap_frog.chains import first_leaps


def test_rectangle_names_run_from_the_bottom_left() -> None:
    board = square_board(15, 15, diagonal=False)
    assert len(board) == 225
    assert board.name(0) == "a1"
    assert board.name(14) == "o1"
    assert board.name(15) == "a2"
    assert board.name(224) == "o15"
    assert [board.name(cell) for cell in board.rows[0][:3]] == ["a1", "b1", "c1"]


def test_rectangles_may_be_oblong_and_up_to_18() -> None:
    board = square_board(4, 18, diagonal=False)
    assert board.name(17) == "r1"
    assert board.name(len(board) - 1) == "r4"
    assert square_board(18, 4, diagonal=False).name(71) == "d18"


def test_orthogonal_leaps_from_a_corner_and_the_middle() -> None:
    board = square_board(5, 5, diagonal=False)
    corner = {(board.name(over), board.name(land)) for over, land in board.leaps[board.cell("a1")]}
    assert corner == {("b1", "c1"), ("a2", "a3")}
    middle = {board.name(land) for _, land in board.leaps[board.cell("c3")]}
    assert middle == {"a3", "e3", "c1", "c5"}
    assert board.over[(board.cell("c3"), board.cell("c5"))] == board.cell("c4")


def test_diagonal_leaps_are_added_with_the_option() -> None:
    board = square_board(5, 5, diagonal=True)
    middle = {board.name(land) for _, land in board.leaps[board.cell("c3")]}
    assert middle == {"a3", "e3", "c1", "c5", "a1", "e1", "a5", "e5"}
    assert board.over[(board.cell("a1"), board.cell("c3"))] == board.cell("b2")


def test_a_cell_in_a_two_wide_strip_has_no_leap_across_it() -> None:
    board = square_board(4, 4, diagonal=True)
    assert {board.name(land) for _, land in board.leaps[board.cell("b2")]} == {"d2", "b4", "d4"}


def test_hexagon_rows_hold_5_to_9_cells_and_e5_is_the_centre() -> None:
    board = hexagon_board()
    assert len(board) == 61
    assert [len(row) for row in board.rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert board.name(board.centre) == "e5"
    assert [board.name(cell) for cell in board.rows[0]] == ["a1", "a2", "a3", "a4", "a5"]
    assert [board.name(cell) for cell in board.rows[4]][-1] == "e9"
    assert [board.name(cell) for cell in board.rows[8]] == ["i1", "i2", "i3", "i4", "i5"]


def test_hexagon_centre_leaps_six_ways() -> None:
    board = hexagon_board()
    centre = board.cell("e5")
    leaps = {(board.name(over), board.name(land)) for over, land in board.leaps[centre]}
    assert leaps == {("e6", "e7"), ("e4", "e3"), ("d5", "c5"), ("d4", "c3"), ("f5", "g5"), ("f4", "g3")}


def test_hexagon_corner_leaps_three_ways() -> None:
    board = hexagon_board()
    assert {board.name(land) for _, land in board.leaps[board.cell("a1")]} == {"a3", "c1", "c3"}
    assert {board.name(land) for _, land in board.leaps[board.cell("i5")]} == {"i3", "g5", "g7"}


@pytest.mark.parametrize("name", ["p1", "a16", "e10", "j1", "a0"])
def test_cells_off_the_board_are_notation_errors(name: str) -> None:
    board = hexagon_board() if name in ("e10", "j1") else square_board(15, 15, diagonal=False)
    with pytest.raises(NotationError):
        board.cell(name)


def test_cell_messages_say_which_board() -> None:
    with pytest.raises(NotationError, match="p1 is not a cell of this 15 × 15 board"):
        square_board(15, 15, diagonal=False).cell("p1")
    with pytest.raises(NotationError, match="e10 is not a cell of the hexagon"):
        hexagon_board().cell("e10")
    with pytest.raises(NotationError, match="not a cell name"):
        hexagon_board().cell("E5")


BOARDS = [square_board(5, 5, False), square_board(4, 7, True), square_board(15, 15, False), hexagon_board()]


@pytest.mark.parametrize("board", BOARDS, ids=lambda board: board.description)
def test_the_leap_list_holds_every_leap_once_in_the_order_of_the_moves_names(board) -> None:
    leaps = {(start, over, land) for start, found in enumerate(board.leaps) for over, land in found}
    listed = [(start, over, land) for _, start, over, land, _, _ in board.leap_list]
    assert sorted(listed) == sorted(leaps)
    names = [name for name, *_ in board.leap_list]
    assert names == sorted(names) and names == [board.path_name((start, land)) for start, _, land in listed]
    for name, start, over, land, land_mask, onward in board.leap_list:
        assert land_mask == board.masks[land]
        # every leap from the landing but the one straight back, in the landing cells' name order
        assert [(o, l) for o, l, _, _ in onward] == [(o, l) for o, l, _ in board.numbered_leaps[land] if l != start]
        assert all(suffix == "-" + board.name(l) and board.leap_list[n][1:4] == (land, o, l)
                   for o, l, suffix, n in onward)
    for start, found in enumerate(board.numbered_leaps):
        assert [(over, land) for over, land, _ in found] == [(over, land) for over, land, _ in board.named_leaps[start]]
        assert all(board.leap_list[n][1:4] == (start, over, land) for over, land, n in found)


@pytest.mark.parametrize("board", BOARDS, ids=lambda board: board.description)
def test_the_first_leaps_of_each_direction_are_its_leaps_from_each_start(board) -> None:
    for (shift, double, starts), first in zip(board.directions, board.first_leaps):
        assert sorted(first) == [board.masks[cell] for cell in range(len(board)) if board.masks[cell] & starts]
        for start_mask, number in first.items():
            _, start, over, land, _, _ = board.leap_list[number]
            assert board.masks[start] == start_mask
            bit = start_mask.bit_length() - 1
            assert board.cell_at[bit + shift] == over and board.cell_at[bit + double] == land


@pytest.mark.parametrize("board", BOARDS, ids=lambda board: board.description)
def test_the_leap_groups_are_the_directions_read_by_the_highest_bit(board) -> None:
    higher, lower = board.leap_groups
    signed = [(shift, double, starts) for shift, double, starts, _, _ in higher]
    signed += [(-shift, -double, starts) for shift, double, starts, _, _ in lower]
    assert sorted(signed) == sorted(board.directions)
    assert all(shift > 0 for shift, _, _, _, _ in higher + lower)
    for shift, double, starts, by_length, bits in higher + lower:
        first = board.first_leaps[[entry[2] for entry in board.directions].index(starts)]
        for length, number in enumerate(by_length):
            assert number == first.get(bits[length], -1)
            assert bits[length] == (1 << length - 1 if length else 0)


@pytest.mark.parametrize("board", BOARDS, ids=lambda board: board.description)
def test_every_leap_head_holds_the_steps_of_the_leaps_that_follow_it(board) -> None:
    heads = board.leap_heads
    assert len(heads) == len(board.leap_list)
    steps_of: dict[int, list] = {}  # leap number: the list of the leaps that may follow it
    for number, ((name, start, over, land, land_mask, onward), head) in enumerate(zip(board.leap_list, heads)):
        head_name, head_mask, head_start, head_over, seconds, own = head
        assert (head_name, head_mask, head_start, head_over) == (name, land_mask, start, over)
        assert steps_of.setdefault(number, own) is own
        assert [second[:3] for second in seconds] == [(o, l, name + suffix) for o, l, suffix, _ in onward]
        for (_, further, _, steps, further_mask, back), (_, _, _, number) in zip(seconds, onward):
            assert further_mask == board.masks[further]
            # the piece a leap from the second landing back onto the start would take
            assert back == board.over.get((further, start), start)
            assert steps_of.setdefault(number, steps) is steps
    for number, steps in steps_of.items():
        onward = board.leap_list[number][5]
        assert [step[:3] for step in steps] == [leap[:3] for leap in onward]
        assert all(steps_of.setdefault(leap[3], step[3]) is step[3] for step, leap in zip(steps, onward))


@pytest.mark.parametrize("board", BOARDS, ids=lambda board: board.description)
def test_open_leaps_are_the_cells_empty_or_not_with_a_piece_beside_and_an_empty_cell_behind(board) -> None:
    rng = random.Random(len(board))
    for fill in (0.2, 0.5, 0.8, 0.95):
        occupied = [rng.random() < fill for _ in range(len(board))]
        pieces = sum(mask for mask, full in zip(board.masks, occupied) if full)
        expected = sum(board.masks[cell] for cell, found in enumerate(board.leaps)
                       if any(occupied[over] and not occupied[land] for over, land in found))
        assert open_leaps(board, pieces) == expected
        twice = sum(board.masks[cell] for cell, found in enumerate(board.leaps)
                    if sum(occupied[over] and not occupied[land] for over, land in found) >= 2)
        assert first_leaps(board, pieces)[1:] == (expected, twice)
        assert open_leaps(board, pieces) & pieces == leap_starts(board, pieces)


@given(number=st.integers(0, len(BOARDS) + 1), seed=st.integers(0, 2**32), fill=st.floats(0.0, 1.0))
def test_a_leap_is_left_exactly_when_a_piece_has_a_piece_beside_it_and_an_empty_cell_behind(
        number: int, seed: int, fill: float) -> None:
    board = (BOARDS + [square_board(18, 18, True), square_board(6, 4, False)])[number]
    rng = random.Random(seed)
    occupied = [rng.random() < fill for _ in range(len(board))]
    pieces = sum(mask for mask, full in zip(board.masks, occupied) if full)
    expected = any(occupied[start] and occupied[over] and not occupied[land]
                   for start, found in enumerate(board.leaps) for over, land in found)
    assert can_leap(board, pieces) is expected
    assert expected is (leap_starts(board, pieces) != 0)
    left = leap_left(board, pieces)
    assert (left != 0) is expected
    if left:  # the three cells of a leap that is open one way or the other
        assert any(left == board.masks[start] | board.masks[over] | board.masks[land]
                   and occupied[start] and occupied[over] and not occupied[land]
                   for start, found in enumerate(board.leaps) for over, land in found)
