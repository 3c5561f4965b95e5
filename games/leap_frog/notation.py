"""Leap Frog's move notation read into cells: ``h8`` for an opening removal, ``c3-e3-e5`` for a
capture (the cell the piece stands on, then each cell it lands on).

:func:`parse_move` says what is wrong with a string that is no move; :func:`read_capture`
reads a string once per board, with the masks that decide and play it
(:meth:`~games.leap_frog.rules.LeapFrogState.apply_move`).

>>> from games.leap_frog.board import square_board
>>> board = square_board(15, 15, False)
>>> read_capture(board, "c3-e3-e5")[:4]
((32, 34, 64), 32, 64, (33, 49))
"""

from __future__ import annotations

from typing import Any

from games.errors import NotationError
from games.leap_frog.board import Board

#: A move as cell numbers: one cell for an opening removal, else the cells stood and landed on.
Path = tuple[int, ...]
#: The longest move string read (a chain over every piece of an 18 × 18 board fits).
MAX_MOVE_CHARS = 4 * 18 * 18
#: How many move strings a board keeps read (:func:`read_capture`) before it starts afresh.
READS_KEPT = 1 << 14
#: A read move: ``(path, start, end, overs, need, clear, flip, over_names)`` (:func:`read_capture`).
Read = tuple[Any, ...]


def parse_move(board: Board, move: str) -> Path:
    """A log move as cell numbers; raises :class:`NotationError` when it does not parse.

    >>> from games.leap_frog.board import square_board
    >>> parse_move(square_board(15, 15, False), "c3-e3-e5")
    (32, 34, 64)
    """
    if not isinstance(move, str) or not move:
        raise NotationError("a move is a cell ('h8') or cells joined by '-' ('c3-e3-e5'), not an empty string")
    if len(move) > MAX_MOVE_CHARS:
        raise NotationError(f"a move of {len(move)} characters is longer than any capture on {board.description}")
    return tuple(board.cell(part) for part in move.split("-"))


def read_move(board: Board, move: str) -> Path:
    """:func:`parse_move` for a string of real cell names, quickly; anything else goes to
    :func:`parse_move`, which says what is wrong with it."""
    if type(move) is str and len(move) <= MAX_MOVE_CHARS:
        index = board.index
        path = tuple([index.get(part, -1) for part in move.split("-")])
        if -1 not in path:
            return path
    return parse_move(board, move)


def read_capture(board: Board, move: str) -> Read | None:
    """A move string (``type(move) is str``) read once per board, with what deciding and
    playing it needs, or ``None`` for a string that is no real move: one that does not name
    real cells, or whose steps are not leaps, or that leaps a piece twice or over its own
    start (no position allows it, and :meth:`~games.leap_frog.rules.LeapFrogState.check_path`
    says why).

    The answer is ``(path, start, end, overs, need, clear, flip, over_names)``: the cells,
    the pieces leapt over in order, the mask of the cells that must hold a piece (the start
    and every piece leapt), of those that must be empty (every landing but the start), of
    those whose occupancy the move changes, and the names of the cells leapt (the captured
    list of pieces alike). A removal is ``((cell,), cell, cell, (), mask, 0, mask, ())``.
    Kept on the board (:attr:`Board.reads`, at most :data:`READS_KEPT` strings).

    A capture whose move without its last leap is read already (most chains of two leaps or
    more: their shorter chains have been played) is that read with one leap more
    (:func:`one_leap_more`); any other string is read cell by cell (:func:`read_cells`)."""
    reads = board.reads
    read = reads.get(move)
    if read is not None or len(move) > MAX_MOVE_CHARS:
        return read
    cut = move.rfind("-")
    known = reads.get(move[:cut]) if cut > 0 else None
    read = read_cells(board, move) if known is None else one_leap_more(board, known, move[cut + 1:])
    if read is not None:
        if len(reads) >= READS_KEPT:
            reads.clear()
        reads[move] = read
    return read


def read_cells(board: Board, move: str) -> Read | None:
    """:func:`read_capture`'s answer for ``move``, read name by name. Each name after the first
    is looked up among the leaps from the cell before it (:attr:`Board.steps`), so one look-up
    finds the landing, the piece leapt and their masks; a piece leapt is the start or one
    leapt before exactly when its bit is in ``need`` already."""
    names = move.split("-")
    start = board.index.get(names[0], -1)
    if start < 0:
        return None
    need = board.masks[start]
    if len(names) == 1:
        return ((start,), start, start, (), need, 0, need, ())
    path, overs, over_names = [start], [], []
    clear = land_mask = 0
    steps = board.steps[start]
    for name in names[1:]:
        step = steps.get(name)
        if step is None:
            return None
        land, over, over_mask, land_mask, over_name, steps = step
        if need & over_mask:
            return None
        need |= over_mask
        clear |= land_mask
        path.append(land)
        overs.append(over)
        over_names.append(over_name)
    clear &= ~board.masks[start]  # the start may be landed on again: the piece has left it
    # need holds the start and every piece leapt, each once: flipping the end's bit as well
    # gives every cell whose occupancy the move changes (none twice when it ends at the start).
    return (tuple(path), start, land, tuple(overs), need, clear, need ^ land_mask, tuple(over_names))


def one_leap_more(board: Board, known: Read, name: str) -> Read | None:
    """The read of a move that is ``known`` (a removal's read stands for the bare start) and
    then one leap onto the cell called ``name``, or ``None`` when that is no leap or leaps a
    piece the move has taken already (or its start)."""
    path, start, end, overs, need, clear, _, over_names = known
    step = board.steps[end].get(name)
    if step is None:
        return None
    land, over, over_mask, land_mask, over_name, _ = step
    if need & over_mask:
        return None
    need |= over_mask
    clear = (clear | land_mask) & ~board.masks[start]
    return (path + (land,), start, land, overs + (over,), need, clear, need ^ land_mask, over_names + (over_name,))
