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
#: Boards of this many cells or more keep each piece's captures between listings
#: (:attr:`Board.chains`), and each first leap's count of chains between random draws
#: (:func:`~games.leap_frog.chains.kept_counts`): on smaller ones most moves change what most
#: pieces can do.
KEEP_CHAINS = 100
#: One leap direction of :attr:`Board.leap_groups`: ``(shift, double, starts, by_length, bits)``.
LeapGroup = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


class Board:
    """One board shape: its cell names, its rows (for pictures) and its leaps."""

    # A plain class, not a dataclass or a NamedTuple: boards compare and hash by identity, len()
    # is the number of cells, and the verifier's start need not import dataclasses. Its slots
    # are the fields annotated below, in their order.

    shape: str
    """``"rectangle"`` or ``"hexagon"``."""
    names: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    """The cells of each row: row ``1`` first on rectangles, row ``a`` first on the hexagon."""
    leaps: tuple[tuple[tuple[int, int], ...], ...]
    """Per cell, the ``(over, land)`` pairs of every leap that starts there."""
    description: str
    """How messages name the board: ``"this 15 × 15 board"``."""
    centre: int | None
    diagonal: bool
    index: dict[str, int]
    over: dict[tuple[int, int], int]
    """``(start, land) -> over`` for every leap."""
    over_from: tuple[dict[int, int], ...]
    """Per start cell, ``land -> over`` for its leaps (the same leaps as :attr:`over`)."""
    masks: tuple[int, ...]
    """Per cell, its bit in a board mask (``1 << bit``). Bits follow the cells' order, laid out
    on a grid so that one leap direction is one shift of the whole mask (:func:`leap_starts`)."""
    directions: tuple[tuple[int, int, int], ...]
    """Per leap direction, ``(shift, double, starts)``: the bit distance of one cell along it
    (negative: towards lower bits), of two cells, and the mask of the cells from which a
    leap in that direction stays on the board."""
    lines: tuple[tuple[int, int, int], ...]
    """Per line of leaps (a direction and its opposite), the ``(shift, double, starts)`` of
    :attr:`directions` of the one towards higher bits: a leap either way along it is a piece
    next to a cell ``a`` of ``starts``, one of ``a`` and the cell beyond it holding a piece and
    the other empty (:func:`can_leap`)."""
    cell_at: tuple[int, ...]
    """Per bit, its cell (-1 for the bits between rows)."""
    every: int
    """The mask of every cell."""
    reach: tuple[int, ...]
    """Per cell, the mask of the cell and of every cell its leaps pass over or land on: what
    a capture search standing there reads of the board."""
    suffixes: tuple[str, ...]
    """Per cell, ``"-"`` and its name: what a leap landing there adds to a move's notation."""
    named_leaps: tuple[tuple[tuple[int, int, str], ...], ...]
    """Per cell, its leaps as ``(over, land, "-" + land's name)``, in the order of the landing
    cells' names (:attr:`name_order`): a search that follows them lists moves already sorted."""
    name_order: tuple[int, ...]
    """Per cell, the rank of ``name + "-"`` among the cells': the order of the captures that
    start there in a sorted list of moves (``'-'`` sorts before every digit, so ``a1-…``
    comes before ``a10-…`` as in :func:`sorted`)."""
    by_name: tuple[int, ...]
    """The cells in the order of their names (``a1``, ``a10``, …, ``a2``, …, ``b1``)."""
    chains: list
    """Per start cell, the captures last listed from it with the cells they depend on
    (:func:`~games.leap_frog.rules.capture_list`), shared by every position on this board;
    only boards of :data:`KEEP_CHAINS` cells or more keep them."""
    byte_cells: tuple[tuple[tuple[int, ...], ...], ...]
    """Per byte of a board mask (lowest first) and per value of that byte, the cells of its
    set bits in order: a mask is read into cells a byte at a time (:func:`mask_cells`)."""
    reads: dict
    """Move strings already read on this board, each with its cells and masks
    (:func:`~games.leap_frog.notation.read_capture`)."""
    first_leaps: tuple[dict[int, int], ...]
    """Per leap direction (as :attr:`directions`), the leap from each start cell as its
    number in :attr:`leap_list`, keyed by the start's bit (``masks[start]``)."""
    leap_list: tuple[tuple[str, int, int, int, int, tuple[tuple[int, int, str, int], ...]], ...]
    """Every leap on the board as ``(name, start, over, land, masks[land], onward)``, in the
    order of the moves' names (starts in :attr:`name_order`, then landings in it), so that
    sorting leaps by their numbers sorts the moves they make. ``onward`` are the leaps that
    may follow it, as ``(over, land, "-" + land's name, number)``, in the landing cells' name
    order: every leap from its landing but the one straight back over the piece just taken."""
    numbered_leaps: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per cell, its leaps as ``(over, land, number in leap_list)``, in the landing cells' name order."""
    leap_groups: tuple[tuple[LeapGroup, ...], tuple[LeapGroup, ...]]
    """The leap :attr:`directions` in two groups: those whose cells lie towards higher bits,
    then those towards lower, each as ``(shift, double, starts, by_length, bits)`` with the
    distances as positive shifts (a group's masks all shift the same way). A mask's highest
    start is read off its ``bit_length()``: ``by_length`` is the number in :attr:`leap_list`
    of the leap from that cell (-1 where none; :attr:`first_leaps` indexed by the bit's
    length), ``bits`` the bit itself, to clear it with."""
    leap_heads: tuple[tuple[str, int, int, int, tuple[tuple[int, int, str, list, int, int], ...], list], ...]
    """Per leap number (:attr:`leap_list`), the leap as a capture's first:
    ``(name, masks[land], start, over, seconds, steps)``. ``steps`` are the leaps that may
    follow it as ``(over, land, "-" + land's name, steps)``, each holding the list of its own
    followers, so a search goes from leap to leap without looking a number up. ``seconds`` are
    the same leaps as ``(over, land, name, steps, masks[land], back)``: ``name`` is the capture
    of both leaps (``c3-e3-e5``), and ``back`` the cell a leap from that landing onto the first
    leap's start passes over (the start itself where there is none)."""
    steps: tuple[dict[str, tuple[int, int, int, int, str, dict]], ...]
    """Per cell, its leaps keyed by the landing cell's name, each as ``(land, over, masks[over],
    masks[land], over's name, steps[land])``: a move's notation is read by following them, one
    name at a time (:func:`~games.leap_frog.notation.read_capture`)."""

    __slots__ = tuple(__annotations__)

    def __init__(self, *fields: object) -> None:
        """Every field, in the order above (:func:`build` makes every board)."""
        for name, value in zip(self.__slots__, fields, strict=True):
            setattr(self, name, value)

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
    masks = tuple(1 << bit for bit in bits)
    reach = tuple(masks[cell] | sum(masks[middle] | masks[land] for middle, land in found)
                  for cell, found in enumerate(leaps))
    ranked = sorted(range(len(names)), key=lambda cell: names[cell] + "-")
    name_order = [0] * len(names)
    for rank, cell in enumerate(ranked):
        name_order[cell] = rank
    suffixes = tuple("-" + name for name in names)
    named_leaps = tuple(tuple(sorted(((middle, land, suffixes[land]) for middle, land in found),
                                     key=lambda leap: name_order[leap[1]])) for found in leaps)
    first_leaps, leap_list, numbered_leaps = leap_tables(names, coords, directions, masks, name_order)
    shifts = tuple((dx + dy * stride, 2 * (dx + dy * stride), mask) for (dx, dy), mask in starts.items())
    return Board(shape, tuple(names), tuple(rows), tuple(leaps), description, centre, diagonal,
                 {name: cell for cell, name in enumerate(names)}, over, over_from, masks,
                 shifts, tuple(line for line in shifts if line[0] > 0), tuple(cell_at), sum(masks), reach,
                 suffixes, named_leaps, tuple(name_order),
                 tuple(ranked), [None] * len(names), byte_table(cell_at), {}, first_leaps, leap_list, numbered_leaps,
                 leap_groups(shifts, first_leaps, masks), leap_heads(leap_list, masks, over),
                 named_steps(names, leaps, masks))


def leap_tables(names: list[str], coords: list[tuple[int, int]], directions: tuple[tuple[int, int], ...],
                masks: tuple[int, ...], name_order: list[int]) -> tuple[tuple[dict[int, int], ...], tuple, tuple]:
    """:attr:`Board.first_leaps`, :attr:`Board.leap_list` and :attr:`Board.numbered_leaps` for a
    board of these cells."""
    at = {coord: cell for cell, coord in enumerate(coords)}
    found = []  # (start's rank, landing's rank, direction, start, over, land)
    for cell, (x, y) in enumerate(coords):
        for direction, (dx, dy) in enumerate(directions):
            middle, land = at.get((x + dx, y + dy)), at.get((x + 2 * dx, y + 2 * dy))
            if middle is not None and land is not None:
                found.append((name_order[cell], name_order[land], direction, cell, middle, land))
    found.sort()
    number = {(start, land): index for index, (_, _, _, start, _, land) in enumerate(found)}
    from_cell: dict[int, list[tuple[int, int, int]]] = {}
    for index, (_, _, _, start, middle, land) in enumerate(found):  # in the landings' name order
        from_cell.setdefault(start, []).append((middle, land, index))
    first: list[dict[int, int]] = [{} for _ in directions]
    leap_list = []
    for _, _, direction, start, middle, land in found:
        first[direction][masks[start]] = number[(start, land)]
        onward = tuple((beyond, further, "-" + names[further], index)
                       for beyond, further, index in from_cell.get(land, ()) if further != start)
        leap_list.append((names[start] + "-" + names[land], start, middle, land, masks[land], onward))
    return tuple(first), tuple(leap_list), tuple(tuple(from_cell.get(cell, ())) for cell in range(len(names)))


def leap_groups(directions: tuple[tuple[int, int, int], ...], first_leaps: tuple[dict[int, int], ...],
                masks: tuple[int, ...]) -> tuple[tuple[LeapGroup, ...], tuple[LeapGroup, ...]]:
    """:attr:`Board.leap_groups` from :attr:`Board.directions` and :attr:`Board.first_leaps`."""
    width = max(masks).bit_length()
    bits = (0, *(1 << bit for bit in range(width)))
    groups: tuple[list, list] = ([], [])
    for (shift, double, starts), first in zip(directions, first_leaps):
        numbers = [-1] * (width + 1)
        for mask, number in first.items():
            numbers[mask.bit_length()] = number
        groups[shift < 0].append((abs(shift), abs(double), starts, tuple(numbers), bits))
    return tuple(groups[0]), tuple(groups[1])


def leap_heads(leap_list: tuple, masks: tuple[int, ...], over: dict[tuple[int, int], int]) -> tuple:
    """:attr:`Board.leap_heads` from :attr:`Board.leap_list`, :attr:`Board.masks` and
    :attr:`Board.over`: every leap's list of followers made empty first, so that each may
    hold the others'."""
    steps: list[list] = [[] for _ in leap_list]
    for followers, (_, _, _, _, _, onward) in zip(steps, leap_list):
        followers += [(middle, land, suffix, steps[number]) for middle, land, suffix, number in onward]
    heads = []
    for followers, (name, start, middle, _, land_mask, onward) in zip(steps, leap_list):
        seconds = tuple((beyond, further, name + suffix, steps[number], masks[further],
                         over.get((further, start), start)) for beyond, further, suffix, number in onward)
        heads.append((name, land_mask, start, middle, seconds, followers))
    return tuple(heads)


def named_steps(names: list[str], leaps: list[tuple[tuple[int, int], ...]], masks: tuple[int, ...]) -> tuple:
    """:attr:`Board.steps` from the cells' names, their leaps and :attr:`Board.masks`."""
    steps: tuple[dict, ...] = tuple({} for _ in names)
    for table, found in zip(steps, leaps):
        for middle, land in found:
            table[names[land]] = (land, middle, masks[middle], masks[land], names[middle], steps[land])
    return steps


def byte_table(cell_at: list[int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """:attr:`Board.byte_cells` for a board whose bit ``b`` is cell ``cell_at[b]``."""
    width = (len(cell_at) + 7) // 8
    padded = cell_at + [-1] * (8 * width - len(cell_at))
    return tuple(tuple(tuple(padded[8 * byte + bit] for bit in range(8) if value >> bit & 1 and padded[8 * byte + bit] >= 0)
                       for value in range(256)) for byte in range(width))


def mask_cells(board: Board, mask: int) -> list[int]:
    """The cells of a board mask, in cell order, read a byte at a time.

    >>> board = square_board(4, 4, False)
    >>> mask_cells(board, board.masks[3] | board.masks[12] | board.masks[5])
    [3, 5, 12]
    """
    table = board.byte_cells
    cells: list[int] = []
    for byte, value in enumerate(mask.to_bytes(len(table), "little")):
        if value:
            cells += table[byte][value]
    return cells


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


def open_leaps(board: Board, pieces: int) -> int:
    """The mask of the cells, empty or not, from which a leap is open given the mask of every
    piece: a piece next to the cell and an empty cell right behind that. Its pieces are
    :func:`leap_starts`; its empty cells are where a chain may go on after landing there."""
    empty = board.every ^ pieces
    found = 0
    for shift, double, starts in board.directions:
        if shift > 0:
            found |= (pieces >> shift) & (empty >> double) & starts
        else:
            found |= (pieces << -shift) & (empty << -double) & starts
    return found


def leap_left(board: Board, pieces: int) -> int:
    """The mask of the three cells in a row of one leap on the board (the first that
    :func:`can_leap` meets), or 0 when no leap is left. A move that changes none of those
    cells leaves that leap there, so the game goes on without looking again."""
    for shift, double, starts in board.lines:
        found = (pieces >> shift) & (pieces ^ (pieces >> double)) & starts
        if found:
            low = found & -found
            return low | low << shift | low << double
    return 0


def can_leap(board: Board, pieces: int) -> bool:
    """Whether any piece can leap: :func:`leap_starts` is not empty. Each line of
    :attr:`Board.lines` is looked at for leaps both ways at once, stopping at the first that
    has one: three cells in a row with a piece in the middle and exactly one at the ends."""
    for shift, double, starts in board.lines:
        if (pieces >> shift) & (pieces ^ (pieces >> double)) & starts:
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
