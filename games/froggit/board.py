"""The pond: 37 cells of a side-4 hexagon, 31 lily pads and six corner start/finish spaces.

Cells are named by row ``a``–``g`` (top to bottom, 4, 5, 6, 7, 6, 5, 4 cells) and number
(1 at the left of each row)::

        a1 a2 a3 a4
       b1 b2 b3 b4 b5
      c1 c2 c3 c4 c5 c6
     d1 d2 d3 d4 d5 d6 d7
      e1 e2 e3 e4 e5 e6
       f1 f2 f3 f4 f5
        g1 g2 g3 g4

Internally a cell is an index 0–36 in that reading order; geometry uses axial coordinates
``(q, r)``: row ``a``..``g`` is ``r = -3..3`` and the cell numbered ``c`` of a row has
``q = max(-3, -3 - r) + c - 1``. Everything here is computed once, at import.

>>> NAMES[CENTRE], [NAMES[cell] for cell in CORNERS]
('d4', ['a1', 'a4', 'd7', 'g4', 'g1', 'd1'])
>>> sorted(NAMES[cell] for cell in STEPS[CELL["a1"]])
['a2', 'b1', 'b2']
>>> len(PADS)
31
"""

from __future__ import annotations

ROWS = "abcdefg"
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
#: The six directions of the hexagonal grid, as ``(dq, dr)``.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

#: Axial coordinates of every cell, in reading order (a1, a2, ..., g4).
COORDS: tuple[tuple[int, int], ...] = tuple(
    (max(-3, -3 - r) + c, r)
    for r, length in zip(range(-3, 4), ROW_LENGTHS)
    for c in range(length)
)
#: Cell names in reading order, and their indexes.
NAMES: tuple[str, ...] = tuple(
    f"{row}{c + 1}" for row, length in zip(ROWS, ROW_LENGTHS) for c in range(length)
)
CELL: dict[str, int] = {name: index for index, name in enumerate(NAMES)}
INDEX_OF: dict[tuple[int, int], int] = {coord: index for index, coord in enumerate(COORDS)}

#: The corners clockwise, C0..C5: a1, a4, d7, g4, g1, d1.
CORNERS: tuple[int, ...] = tuple(CELL[name] for name in ("a1", "a4", "d7", "g4", "g1", "d1"))
CORNER_SET = frozenset(CORNERS)
#: The 31 lily pads, in reading order.
PADS: tuple[int, ...] = tuple(cell for cell in range(len(NAMES)) if cell not in CORNER_SET)
IS_PAD: tuple[bool, ...] = tuple(cell not in CORNER_SET for cell in range(len(NAMES)))
#: The fish's first pad, the middle of the pond.
CENTRE = CELL["d4"]

#: The corner indexes (into CORNERS) of seats 0, 1, ... by the number of players.
SEAT_CORNERS: dict[int, tuple[int, ...]] = {
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    5: (0, 1, 2, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}


def neighbour(cell: int, direction: int) -> int:
    """The cell next to ``cell`` in ``direction`` (an index into DIRECTIONS), or -1 off the pond."""
    q, r = COORDS[cell]
    dq, dr = DIRECTIONS[direction]
    return INDEX_OF.get((q + dq, r + dr), -1)


def distance(a: int, b: int) -> int:
    """The number of steps between two cells on the hexagonal grid."""
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


#: Per cell, the neighbouring cells (pads and corners) in direction order.
STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in (neighbour(cell, d) for d in range(6)) if n >= 0) for cell in range(len(NAMES))
)
#: Per cell, the hops ``(over, onto)``: ``over`` a neighbouring lily pad (never a corner),
#: ``onto`` the cell directly behind it (a pad or a corner).
HOPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (over, onto)
        for over, onto in ((neighbour(cell, d), neighbour(neighbour(cell, d), d)) for d in range(6)
                           if neighbour(cell, d) >= 0)
        if IS_PAD[over] and onto >= 0
    )
    for cell in range(len(NAMES))
)
#: Per cell, every jump ``(over, onto)``: the steps with ``over`` -1, then the hops.
JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((-1, onto) for onto in STEPS[cell]) + HOPS[cell] for cell in range(len(NAMES))
)
#: The move generator's occupancy table has two slots past the cells: :data:`STEP_SLOT`,
#: always taken, stands for the pad a step needs no frog on; :data:`NO_SLOT`, never taken,
#: for a jump that does not exist. So every jump is checked alike: ``full[over]``.
STEP_SLOT = len(NAMES)
NO_SLOT = STEP_SLOT + 1
#: Per cell, every jump onto a lily pad as ``(over, onto, " name")``, ``over`` being
#: :data:`STEP_SLOT` for a step, sorted by ``onto`` (so by name: the moves come out sorted).
PAD_JUMPS: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
    tuple(sorted(((STEP_SLOT if over < 0 else over, onto, " " + NAMES[onto])
                  for over, onto in JUMPS[cell] if IS_PAD[onto]), key=lambda jump: jump[1]))
    for cell in range(len(NAMES))
)
#: ``HOME_OVER[corner][cell]``: how a frog on ``cell`` jumps into the corner ``corner`` (its
#: finish space): the pad it hops over, :data:`STEP_SLOT` for a step, :data:`NO_SLOT` for no way.
HOME_OVER: dict[int, tuple[int, ...]] = {
    corner: tuple(
        next(((STEP_SLOT if over < 0 else over) for over, onto in JUMPS[cell] if onto == corner), NO_SLOT)
        for cell in range(len(NAMES))
    )
    for corner in CORNERS
}
#: Per cell, the pads one jump away: a step, or a hop to ``onto`` over ``over``.
STEP_SET: tuple[frozenset[int], ...] = tuple(frozenset(steps) for steps in STEPS)
HOP_OVER: tuple[dict[int, int], ...] = tuple({onto: over for over, onto in hops} for hops in HOPS)
#: Per cell, every cell one jump away (pads and corners) and what the jump goes over: the pad
#: hopped over, or :data:`STEP_SLOT` for a step (the two checks of a jump in one look-up).
JUMP_OVER: tuple[dict[int, int], ...] = tuple(
    {**dict.fromkeys(STEPS[cell], STEP_SLOT), **HOP_OVER[cell]} for cell in range(len(NAMES))
)
#: Per pad, the pads 1 or 2 away in a straight line: where the fish may swim after a frog
#: goes home (under water, so frogs do not block it).
FISH_REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(
        target
        for d in range(6)
        for target in (neighbour(cell, d),
                       neighbour(neighbour(cell, d), d) if neighbour(cell, d) >= 0 else -1)
        if target >= 0 and IS_PAD[target]
    ))
    if IS_PAD[cell] else ()
    for cell in range(len(NAMES))
)


def start_corner(seat: int, num_players: int) -> int:
    """The cell of ``seat``'s start space."""
    return CORNERS[SEAT_CORNERS[num_players][seat]]


def finish_corner(seat: int, num_players: int) -> int:
    """The cell of ``seat``'s finish space: the corner opposite its start."""
    return CORNERS[(SEAT_CORNERS[num_players][seat] + 3) % 6]


def picture(labels: dict[int, str] | None = None, width: int = 2) -> str:
    """The pond as text, one row per line; ``labels`` replace the names of some cells.

    >>> print(picture({CENTRE: "><"}).splitlines()[3])
     d1 d2 d3 >< d5 d6 d7
    """
    labels = labels or {}
    lines = []
    index = 0
    for row, length in enumerate(ROW_LENGTHS):
        cells = []
        for _ in range(length):
            cells.append(labels.get(index, NAMES[index]).ljust(width))
            index += 1
        indent = " " * (abs(row - 3) * ((width + 1) // 2) + 1)
        lines.append((indent + " ".join(cells)).rstrip())
    return "\n".join(lines)
