"""Board geometry for Leap Frog: cells, their names, and the short leaps between them.

Two shapes share one representation. A board is a tuple of cells numbered from 0; for each
cell it lists the leaps that start there as ``(over, land)`` pairs of cell numbers. Leaps are
symmetric (a piece on ``land`` may leap over ``over`` back to the start), which lets the move
generator search from empty cells or from pieces, whichever are fewer.

* Rectangular boards: columns ``a``, ``b``, ... from the left, rows ``1``, ``2``, ... from the
  bottom. Cell ``r * cols + c`` is column ``c``, row ``r + 1`` (0-based ``r`` and ``c``).
* The ``capture`` hexagon: nine rows ``a``-``i`` of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells, each
  numbered from 1 at the left; in axial coordinates row ``r = -4..4`` and
  ``q = max(-4, -4 - r) + c - 1``. The centre is ``e5``.

>>> board = square_board(15, 15, diagonal=False)
>>> board.name(0), board.name(224)
('a1', 'o15')
>>> sorted(board.name(land) for _, land in board.leaps[board.cell('c3')])
['a3', 'c1', 'c5', 'e3']
>>> hexagon = hexagon_board()
>>> len(hexagon), hexagon.name(hexagon.centre)
(61, 'e5')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from games.errors import NotationError, shorten

#: Column letters of rectangular boards (18 at most) and row letters of the hexagon.
LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: The form of a cell name: a lower-case letter and a number without leading zeros.
CELL_FORM = re.compile(r"[a-z][1-9][0-9]{0,5}")

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
#: The six axial directions of the hexagonal grid, as ``(dq, dr)``.
HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEX_SIDE = 5


@dataclass(frozen=True, eq=False)
class Board:
    """One board shape: its cell names, its rows (for pictures) and its leaps."""

    shape: str
    """``"rectangle"`` or ``"hexagon"``."""
    names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    """The cells of each row: row ``1`` first on rectangles, row ``a`` first on the hexagon."""
    leaps: tuple[tuple[tuple[int, int], ...], ...]
    """Per cell, the ``(over, land)`` pairs of every leap that starts there."""
    description: str
    """How messages name the board: ``"this 15 × 15 board"``."""
    centre: int | None = None
    diagonal: bool = False
    index: dict[str, int] = field(default_factory=dict)
    over: dict[tuple[int, int], int] = field(default_factory=dict)
    """``(start, land) -> over`` for every leap."""
    over_from: tuple[dict[int, int], ...] = ()
    """Per start cell, ``land -> over`` for its leaps (the same leaps as :attr:`over`)."""
    masks: tuple[int, ...] = ()
    """Per cell, its bit in a board mask (``1 << bit``). Bits follow the cells' order, laid out
    on a grid so that one leap direction is one shift of the whole mask (:func:`leap_starts`)."""
    directions: tuple[tuple[int, int, int], ...] = ()
    """Per leap direction, ``(shift, double, starts)``: the bit distance of one cell along it
    (negative: towards lower bits), of two cells, and the mask of the cells from which a
    leap in that direction stays on the board."""
    cell_at: tuple[int, ...] = ()
    """Per bit, its cell (-1 for the bits between rows)."""
    every: int = 0
    """The mask of every cell."""

    def __len__(self) -> int:
        return len(self.names)

    def name(self, cell: int) -> str:
        return self.names[cell]

    def cell(self, name: str) -> int:
        """The cell called ``name``; raises :class:`NotationError` for anything else."""
        found = self.index.get(name)
        if found is not None:
            return found
        if CELL_FORM.fullmatch(name):
            raise NotationError(f"{name} is not a cell of {self.description}")
        raise NotationError(f"{shorten(name)!r} is not a cell name (a letter and a number, like 'c3')")

    def path_name(self, path: tuple[int, ...] | list[int]) -> str:
        """A capture in the notation: ``c3-e3-e5``."""
        return "-".join(self.names[cell] for cell in path)


def build(shape: str, names: list[str], rows: list[tuple[int, ...]], coords: list[tuple[int, int]],
          directions: tuple[tuple[int, int], ...], description: str,
          centre: int | None = None, diagonal: bool = False) -> Board:
    """A board from its cells' names and coordinates and the directions a leap may take.

    The bit of a cell at ``(x, y)`` is ``(y - min y) * stride + (x - min x)``, ``stride`` one
    more than the widest row: a step ``(dx, dy)`` is then the shift ``dx + dy * stride``
    everywhere, and bits grow with the cells' order (row by row, left to right)."""
    at = {coord: cell for cell, coord in enumerate(coords)}
    leaps: list[tuple[tuple[int, int], ...]] = []
    over: dict[tuple[int, int], int] = {}
    low_x, low_y = min(x for x, _ in coords), min(y for _, y in coords)
    stride = max(x for x, _ in coords) - low_x + 2
    bits = tuple((y - low_y) * stride + (x - low_x) for x, y in coords)
    starts = dict.fromkeys(directions, 0)
    for cell, (x, y) in enumerate(coords):
        found = []
        for dx, dy in directions:
            middle, land = at.get((x + dx, y + dy)), at.get((x + 2 * dx, y + 2 * dy))
            if middle is not None and land is not None:
                found.append((middle, land))
                over[(cell, land)] = middle
                starts[(dx, dy)] |= 1 << bits[cell]
        leaps.append(tuple(found))
    over_from = tuple({land: middle for middle, land in found} for found in leaps)
    cell_at = [-1] * (max(bits) + 1)
    for cell, bit in enumerate(bits):
        cell_at[bit] = cell
    return Board(shape, tuple(names), tuple(rows), tuple(leaps), description, centre, diagonal,
                 {name: cell for cell, name in enumerate(names)}, over, over_from,
                 tuple(1 << bit for bit in bits),
                 tuple((dx + dy * stride, 2 * (dx + dy * stride), mask) for (dx, dy), mask in starts.items()),
                 tuple(cell_at), sum(1 << bit for bit in bits))


def leap_starts(board: Board, pieces: int) -> int:
    """The mask of the pieces that can leap, given the mask of every piece: a piece with a
    piece next to it and an empty cell right behind that, one shift per direction.

    >>> board = square_board(4, 4, False)
    >>> pieces = sum(board.masks[board.cell(name)] for name in ("a1", "b1", "b2"))
    >>> starts = leap_starts(board, pieces)
    >>> sorted(board.name(board.cell_at[bit]) for bit in range(len(board.cell_at)) if starts >> bit & 1)
    ['a1', 'b1']
    """
    empty = board.every ^ pieces
    found = 0
    for shift, double, starts in board.directions:
        if shift > 0:
            found |= pieces & (pieces >> shift) & (empty >> double) & starts
        else:
            found |= pieces & (pieces << -shift) & (empty << -double) & starts
    return found


def can_leap(board: Board, pieces: int) -> bool:
    """Whether any piece can leap: :func:`leap_starts` is not empty (stopping at the first
    direction that has a leap)."""
    empty = board.every ^ pieces
    for shift, double, starts in board.directions:
        if shift > 0:
            if pieces & (pieces >> shift) & (empty >> double) & starts:
                return True
        elif pieces & (pieces << -shift) & (empty << -double) & starts:
            return True
    return False


@cache
def square_board(rows: int, cols: int, diagonal: bool) -> Board:
    """A rectangular board of ``rows`` × ``cols`` cells (each 1–26), diagonal leaps or not."""
    names = [f"{LETTERS[c]}{r + 1}" for r in range(rows) for c in range(cols)]
    coords = [(c, r) for r in range(rows) for c in range(cols)]
    cell_rows = [tuple(range(r * cols, (r + 1) * cols)) for r in range(rows)]
    directions = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    return build("rectangle", names, cell_rows, coords, directions,
                 f"this {rows} × {cols} board", diagonal=diagonal)


@cache
def hexagon_board() -> Board:
    """The ``capture`` board: the central hexagon of a Chinese-checkers star, side 5."""
    names: list[str] = []
    coords: list[tuple[int, int]] = []
    cell_rows: list[tuple[int, ...]] = []
    low = HEX_SIDE - 1
    for row, r in enumerate(range(-low, low + 1)):
        length = 2 * HEX_SIDE - 1 - abs(r)
        start = len(names)
        for c in range(1, length + 1):
            names.append(f"{LETTERS[row]}{c}")
            coords.append((max(-low, -low - r) + c - 1, r))
        cell_rows.append(tuple(range(start, len(names))))
    centre = coords.index((0, 0))
    return build("hexagon", names, cell_rows, coords, HEX_DIRECTIONS, "the hexagon", centre)


def leap_shape(board: Board, start: int, land: int) -> str:
    """Why ``start``-``land`` is not a leap here, in words, for a message."""
    a, b = board.names[start], board.names[land]
    if board.shape == "rectangle":
        cols = len(board.rows[0])
        dy, dx = divmod(land, cols)[0] - divmod(start, cols)[0], land % cols - start % cols
        if abs(dx) == abs(dy) == 2 and not board.diagonal:
            return (f"{a}-{b} is a diagonal leap; leaps go along rows and columns "
                    "unless the game is played with the diagonal option")
        lines = "a row, column or diagonal" if board.diagonal else "a row or column"
        return f"{a}-{b} is not a short leap: a leap goes two cells along {lines}, over the cell between"
    return f"{a}-{b} is not a short leap: a leap goes two cells along one of the hexagon's six lines"
