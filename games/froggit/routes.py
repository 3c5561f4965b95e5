"""Frog moves read as routes: how a move text crosses the pond, whatever is on it, kept by
text so that a text read once is not read again (replay's path, ``FroggitState.apply_move``).

A route depends on the seat only through its start and finish spaces, so a text that names
neither (no ``start``, no ``home``) has the same route, or lack of one, for every seat: it is
kept once for all of them, and a log's moves on the pads are read once whoever plays them.

>>> from games.froggit.board import CELL, NAMES
>>> size, origin, final, from_start, hops, pads = frog_route("S c3 c5 c6", CELL["a1"], CELL["g4"])
>>> NAMES[origin], NAMES[final], from_start, [NAMES[cell] for cell in hops]
('c3', 'c6', False, ['c4'])
>>> frog_route("S c3 c6", CELL["a1"], CELL["g4"])
False
"""

from __future__ import annotations

from games.froggit.board import CORNERS, HOME_OVER, NAMES, NO_SLOT, PAD_JUMPS, STEP_SLOT
from games.froggit.draws import MAX_JUMPS
from games.froggit.notation import PAD_CELL

#: A frog move's way across the pond for one seat: (size, origin, final, from start, hops,
#: pads): the origin the seat's start corner for ``start``, the final cell its finish corner
#: for ``home``; the pads it hops over and the pads it lands on, in order.
Route = tuple[int, int, int, bool, tuple[int, ...], tuple[int, ...]]
#: The frog sizes by letter: small 0, large 1.
FROG_SIZE = {"S": 0, "L": 1}
#: Per cell, the lily pads one jump away, by name, each as the pieces of a route it adds:
#: (the pads it hops over, ``()`` for a step or the one pad; the pad; that pad alone).
JUMP_TO: tuple[dict[str, tuple[tuple[int, ...], int, tuple[int]]], ...] = tuple(
    {name[1:]: (() if over == STEP_SLOT else (over,), onto, (onto,)) for over, onto, name in PAD_JUMPS[cell]}
    for cell in range(len(NAMES)))
#: Per finish corner, per cell, the pads a jump from the cell into the corner hops over
#: (``()`` for a step), or ``None`` for no such jump.
HOME_HOPS: dict[int, tuple[tuple[int, ...] | None, ...]] = {
    corner: tuple(None if over == NO_SLOT else () if over == STEP_SLOT else (over,) for over in overs)
    for corner, overs in HOME_OVER.items()}

#: The routes read so far by move text, ``False`` for a text that is none (the checker reads
#: it and says what is wrong): the texts that name no start or finish space in
#: :data:`ANY_SEAT`, the others per (start, finish) corners in :data:`ROUTES`. A table holding
#: its most texts (:data:`ANY_SEAT_KEPT`, :data:`ROUTES_KEPT`) is emptied before it takes
#: another, and a text longer than any frog move (``S start b2 c3 home``) is not kept: a text
#: kept costs some 300 bytes, so the tables stay within some megabytes.
ANY_SEAT: dict[str, Route | bool] = {}
ROUTES: dict[tuple[int, int], dict[str, Route | bool]] = {
    (corner, CORNERS[(index + 3) % 6]): {} for index, corner in enumerate(CORNERS)}
ANY_SEAT_KEPT = 1 << 15
ROUTES_KEPT = 1 << 14
LONGEST_ROUTE = len("S start b2 c3 home")
#: How a frog move from the start space begins: with ``home`` last, the texts whose routes
#: depend on the seat (a few others that begin so are kept per seat too, harmlessly).
SEAT_WORDS = ("S start", "L start")


def frog_route(text: str, start: int, home: int) -> Route | bool:
    """The route of the frog move ``text`` for a seat starting on ``start`` and finishing on
    ``home``, whatever is on the pond; ``False`` unless ``text`` is a frog move in the
    notation (a size, ``start`` or a pad, then the pads it lands on, perhaps ``home`` last),
    with at most its size's jumps, each a step or a hop."""
    tokens = text.split(" ")
    size = FROG_SIZE.get(tokens[0])
    jumps = len(tokens) - 2
    if size is None or jumps < 1 or jumps > MAX_JUMPS[size]:
        return False
    from_start = tokens[1] == "start"
    origin = at = start if from_start else PAD_CELL.get(tokens[1], -1)
    if at < 0:
        return False
    to_home = tokens[-1] == "home"
    hops: tuple[int, ...] = ()
    pads: tuple[int, ...] = ()
    for token in tokens[2:-1] if to_home else tokens[2:]:
        jump = JUMP_TO[at].get(token)
        if jump is None:
            return False
        hop, at, pad = jump
        hops += hop
        pads += pad
    if to_home:
        hop = HOME_HOPS[home][at]
        if hop is None:
            return False
        hops += hop
        at = home
    return size, origin, at, from_start, hops, pads


def read_route(text: str, start: int, home: int) -> Route | bool:
    """:func:`frog_route`, kept: for the seat of ``start`` when the text may name its start or
    finish space, else for every seat."""
    route = frog_route(text, start, home)
    if len(text) <= LONGEST_ROUTE:
        if route:  # from the start space, or into the finish space
            seats = route[3] or route[2] == home  # type: ignore[index]
        else:
            seats = text.startswith(SEAT_WORDS) or text.endswith(" home")
        if seats:
            table, kept = ROUTES[start, home], ROUTES_KEPT
        else:
            table, kept = ANY_SEAT, ANY_SEAT_KEPT
        if len(table) >= kept:
            table.clear()
        table[text] = route
    return route


def routes_for(start: int, home: int) -> dict[str, Route | bool]:
    """The table of routes of a seat starting on ``start`` and finishing on ``home``."""
    return ROUTES[start, home]
