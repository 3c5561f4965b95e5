"""Reading a move's notation (``read_capture``) against a plain reading of the same string, cell
by cell through the board's names and leaps, on random strings of real and unreal cells
(hypothesis), read whole and as one leap more than a move read before; and the step table it
follows (``Board.steps``) against the board's leaps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.leap_frog.board import hexagon_board, square_board
from games.leap_frog.notation import MAX_MOVE_CHARS, read_capture

BOARDS = (square_board(15, 15, False), square_board(8, 8, False), square_board(5, 7, True),
          square_board(18, 18, True), hexagon_board())


def plain_read(board, move: str):
    """The read of ``move`` from the names and :attr:`Board.over` alone, or ``None``."""
    if len(move) > MAX_MOVE_CHARS:
        return None
    if any(part not in board.index for part in move.split("-")):
        return None
    path = tuple(board.index[part] for part in move.split("-"))
    masks, start, end = board.masks, path[0], path[-1]
    if len(path) == 1:
        return (path, start, start, (), masks[start], 0, masks[start], ())
    overs: list[int] = []
    for at, land in zip(path, path[1:]):
        over = board.over.get((at, land))
        if over is None or over == start or over in overs:
            return None
        overs.append(over)
    need = masks[start] | sum(masks[over] for over in overs)
    clear = sum({masks[land] for land in path[1:] if land != start})
    flip = masks[start] ^ masks[end] ^ sum(masks[over] for over in overs)
    return (path, start, end, tuple(overs), need, clear, flip, tuple(board.names[over] for over in overs))


@st.composite
def moves(draw: st.DrawFn) -> tuple[int, str]:
    """A board and a string: mostly chains of leaps (which may go back, leap a piece twice or
    come home), with cells that are no leap away, names of no cell and stray text mixed in."""
    number = draw(st.integers(0, len(BOARDS) - 1))
    board = BOARDS[number]
    at = draw(st.integers(0, len(board) - 1))
    parts = [board.names[at]]
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 9))
        if kind < 7 and board.leaps[at]:
            _, at = draw(st.sampled_from(board.leaps[at]))
            parts.append(board.names[at])
        elif kind < 8:
            at = draw(st.integers(0, len(board) - 1))
            parts.append(board.names[at])
        else:
            parts.append(draw(st.sampled_from(["", "z9", "a0", "a01", "A1", " a1", "e10", "s1", "a19"])))
    return number, "-".join(parts)


@settings(max_examples=600, deadline=None)
@given(case=moves())
def test_a_read_is_the_plain_reading_of_the_string(case: tuple[int, str]) -> None:
    number, move = case
    board = BOARDS[number]
    expected = plain_read(board, move)
    board.reads.clear()
    assert read_capture(board, move) == expected  # cell by cell
    assert read_capture(board, move) == expected  # kept, and the same again
    cut = move.rfind("-")
    if cut > 0:
        board.reads.clear()
        if read_capture(board, move[:cut]) is not None:
            assert read_capture(board, move) == expected  # one leap more than the move before it


def test_the_steps_are_the_leaps_by_the_landing_cells_name() -> None:
    for board in BOARDS:
        for cell, leaps in enumerate(board.leaps):
            assert set(board.steps[cell]) == {board.names[land] for _, land in leaps}
            for over, land in leaps:
                step = board.steps[cell][board.names[land]]
                assert step == (land, over, board.masks[over], board.masks[land], board.names[over],
                                board.steps[land])
                assert step[5] is board.steps[land]
