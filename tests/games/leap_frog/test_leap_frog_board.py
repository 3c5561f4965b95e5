"""Cell names and leaps of the rectangular boards and the capture hexagon."""

from __future__ import annotations

import pytest

from games.errors import NotationError
from games.leap_frog.board import hexagon_board, square_board


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
