"""A seat's frog moves counted, and the one at a given place written, without listing them all.

A frog's moves are the stopping points of its jump sequences (``FroggitState._walk``), and in
sorted order each move comes right before the moves that go on from it: the pads it may jump
to next, in cell order, each with the moves that go on from there, then ``home``. So a frog's
moves form a tree: the move at a place is found by counting the branches it passes and going
down the one it lies in, writing that branch alone; the places are counted from the end, so
that the pads are taken highest bit first, as ``int.bit_length`` gives them. :func:`draw`
draws a random action so, from the count of every legal action, and ``FroggitState`` keeps it
with the pond it was drawn from, so that playing it needs no second check.

The pond is read as bits, ``1 << cell`` a cell, for one moving frog at a time: ``full``, the pads
with a frog on them, and ``land``, the cells this frog may land on, both as if it had left its
pad (it may hop back over a frog it stood on, or land where it set off). ``land`` holds the
frog's finish corner too, so that one look-up finds a frog's jumps home with the others (a
jump there ends the move). A :class:`Pond` keeps the pads' bits beside the state between draws,
told of each drawn frog move, so that a draw does not read all the pads again.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from games.froggit.board import CORNER_SET, CORNERS, HOPS, NAMES, PADS, STEPS
from games.froggit.notation import SIZES

#: The most jumps of one move, by size (small, large).
MAX_JUMPS = (3, 2)

BITS: tuple[int, ...] = tuple(1 << cell for cell in range(len(NAMES)))
PAD_BITS = sum(BITS[cell] for cell in PADS)
#: Per cell, the pads but that one: where a frog may land with the fish on that cell, if empty.
PADS_BUT: tuple[int, ...] = tuple(PAD_BITS & ~bit for bit in BITS)
#: Per cell, the pads next to it that a hop may go over.
OVER_BITS: tuple[int, ...] = tuple(sum(BITS[over] for over, _ in HOPS[cell]) for cell in range(len(NAMES)))


def jump_bits(cell: int) -> dict[int, int]:
    """Per set of the pads of ``OVER_BITS[cell]`` that hold a frog, the cells (pads and corners)
    a frog on ``cell`` may jump to, whatever is on them: a step to a next cell, a hop over one of
    those pads (one hop a pad hopped over: each lies in its own direction)."""
    table = {0: sum(BITS[onto] for onto in STEPS[cell])}
    for over, onto in HOPS[cell]:
        for held, ontos in list(table.items()):
            table[held | BITS[over]] = ontos | BITS[onto]
    return table


JUMP_BITS: tuple[dict[int, int], ...] = tuple(jump_bits(cell) for cell in range(len(NAMES)))


class CellsOf(dict[int, tuple[int, ...]]):
    """The cells of a set of cells given as bits, lowest first: ``CELLS_OF[bits]``, each set
    worked out the first time it is asked for. Only the pads one jump reaches from some cell
    are asked for, at most 2 ** 12 sets a cell, and the sets a game meets are far fewer; a
    loop over a tuple costs less than taking the bits off one by one."""

    def __missing__(self, bits: int) -> tuple[int, ...]:
        cells = self[bits] = tuple(cell for cell in range(bits.bit_length()) if bits >> cell & 1)
        return cells


CELLS_OF = CellsOf()

#: Each cell's name as a move writes a landing on it.
LANDING_NAMES: tuple[str, ...] = tuple(" " + name for name in NAMES)
#: How a frog move opens, by size and origin cell: ``"S c3"``; ``"S start"`` from a corner, the
#: only corner a frog sets off from being its start space.
OPENINGS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{letter} {'start' if cell in CORNER_SET else name}" for cell, name in enumerate(NAMES)) for letter in SIZES)


class Pond:
    """The pads as bits, as :func:`movers` reads them: ``full``, the pads with a frog on them;
    ``lone``, those with one frog only; ``smalls``, those with a small frog on top; and per frog
    (``seat * 2 + size``) the pads where it is on top. ``cells`` is a copy of the pads they
    were read from: a pond serves a state only while it equals the state's pads, so a change
    it was not told of (:meth:`put`) makes :func:`pond` read the pads again."""

    __slots__ = ("cells", "full", "lone", "smalls", "tops")

    def __init__(self, cells: list[tuple[int, ...]]) -> None:
        self.cells: list[tuple[int, ...]] = [()] * len(cells)
        self.full = self.lone = self.smalls = 0
        #: Per frog code, the pads where that frog is on top (a seat a corner at most).
        self.tops = [0] * (2 * len(CORNERS))
        for cell in PADS:
            if cells[cell]:
                self.put(cell, cells[cell])

    def put(self, cell: int, content: tuple[int, ...]) -> None:
        """Pad ``cell`` now holds ``content``: the frogs it held go, the new ones come."""
        bit = BITS[cell]
        old = self.cells[cell]
        if old:
            top = old[-1]
            self.full ^= bit
            self.tops[top] ^= bit
            if len(old) == 1:
                self.lone ^= bit
            if not top & 1:
                self.smalls ^= bit
        if content:
            top = content[-1]
            self.full ^= bit
            self.tops[top] ^= bit
            if len(content) == 1:
                self.lone ^= bit
            if not top & 1:
                self.smalls ^= bit
        self.cells[cell] = content


class FroggitLike(Protocol):
    """What the draws read of a ``games.froggit.rules.FroggitState``, named here rather than
    imported: the rules import the draws."""

    cells: list[tuple[int, ...]]
    pond: Pond | None
    fish: int
    fish_due: bool
    expert: bool
    starts: tuple[int, ...]
    finishes: tuple[int, ...]
    at_start: list[list[int]]

    def _may_land_on(self, seat: int, size: int, content: tuple[int, ...]) -> bool: ...

    def team_options(self, seat: int) -> list[tuple[int, int, str]]: ...

    def fish_targets(self) -> list[int]: ...


#: A drawn action kept with the position it was drawn for: the pond drawn from, the rest of
#: the position (``FroggitState.draw_key``), the action, and a frog move's (size, origin, final).
Drawn = tuple[Pond | None, Any, str | None, tuple[int, int, int] | None]
NO_DRAW: Drawn = (None, None, None, None)


def pond(state: FroggitLike) -> Pond:
    """``state``'s pond, read again when its pads are not the ones it holds."""
    kept = state.pond
    if kept is None or kept.cells != state.cells:
        kept = state.pond = Pond(state.cells)
    return kept


def movers(state: FroggitLike, seat: int, bits: Pond) -> tuple[list[tuple[int, int, int, int]], int]:
    """``(size, origin, full, land)`` for each frog of ``seat`` that may move alone, by the rules
    of ``FroggitState._each_frog`` and in the reverse of its order (which is the frogs' moves'
    sorted order): small frogs before large ones, each size's frog on the start space first
    (its start corner as the origin), then those on pads from the highest cell down; and how
    many team moves the seat has (``FroggitState.team_options``). Pads are taken highest bit
    first, which needs no ``bit & -bit`` (see :func:`count_moves`). ``bits`` is the state's
    :func:`pond`."""
    full, lone, tops = bits.full, bits.lone, bits.tops
    large, small = tops[seat * 2 + 1], tops[seat * 2]
    empty = PADS_BUT[state.fish] & ~full
    land = empty | BITS[state.finishes[seat]]
    # The occupied pads where a size may land too (expert): a small frog on its own lone large
    # frog, a large frog on another colour's lone small frog. A small frog on top of two is
    # carried by its own large frog: a team.
    if state.expert:
        stacks, teams = (large & lone, bits.smalls & ~small & lone), small & ~lone
    else:
        stacks, teams = (0, 0), 0
    found = []
    at_start = state.at_start[seat]
    for size in (0, 1):
        land_size = land | stacks[size]
        if at_start[size]:
            found.append((size, state.starts[seat], full, land_size))
        mine = large if size else small
        while mine:
            origin = mine.bit_length() - 1
            bit = BITS[origin]
            mine ^= bit
            if lone & bit:  # the frog leaves its pad empty: it may land there again, and hop over it no more
                found.append((size, origin, full ^ bit, land_size | bit))
            else:  # the frog leaves a frog below it: it may land back there only by the rules
                back = state._may_land_on(seat, size, state.cells[origin][:-1])
                found.append((size, origin, full, land_size | bit if back else land_size))
    # A team steps onto an empty pad.
    count = 0
    while teams:
        origin = teams.bit_length() - 1
        teams ^= BITS[origin]
        count += (JUMP_BITS[origin][0] & empty).bit_count()
    return found, count


def count_moves(at: int, jumps: int, full: int, land: int, known: dict[int, int]) -> int:
    """How many moves a frog on ``at`` has with at most ``jumps`` jumps (1 to 3): each cell it
    may jump to (its finish corner among them), with the moves that go on from a pad.

    With three jumps, ``known`` keeps the count of the moves of two jumps from each pad of the
    first jump, by pad, so that the drawn move's branch is found again by them
    (:func:`nth_move`). A second jump back onto ``at`` goes on with the first jump's moves:
    counted once, they are not counted again. The jumps are unrolled, as in
    ``FroggitState._walk``, and a jump's pads are read off :data:`CELLS_OF`."""
    jump_bits, over_bits, cells_of = JUMP_BITS, OVER_BITS, CELLS_OF
    reach = jump_bits[at][full & over_bits[at]] & land
    count = ones = reach.bit_count()
    if jumps == 2:
        for first in cells_of[reach & PAD_BITS]:
            count += (jump_bits[first][full & over_bits[first]] & land).bit_count()
    elif jumps == 3:
        back, onwards = BITS[at], PADS_BUT[at]
        for first in cells_of[reach & PAD_BITS]:
            more = jump_bits[first][full & over_bits[first]] & land
            after = more.bit_count()
            if more & back:
                after += ones
            for second in cells_of[more & onwards]:
                after += (jump_bits[second][full & over_bits[second]] & land).bit_count()
            known[first] = after
            count += after
    return count


def nth_move(at: int, jumps: int, back: int, full: int, land: int, known: dict[int, int]) -> tuple[str, int | None]:
    """The landings (``" c4 d5"``, ``" c4 home"``) of the move at place ``back`` from the end
    (from 0, below :func:`count_moves`, which has filled ``known``) of the sorted moves of a frog
    on ``at`` with ``jumps`` jumps, and the pad it ends on (``None`` for home).

    Going down from the end, a jump's last move is the one home, if any; before it come the
    pads it may land on from the highest cell down, each pad's branch (the moves going on from
    it) last and the move that stops there right before, as in sorted order the move comes
    first. So each pad is taken highest bit first, without ``bit & -bit``."""
    landings = ""
    while True:
        reach = JUMP_BITS[at][full & OVER_BITS[at]] & land
        pads = reach & PAD_BITS
        if pads != reach:  # a jump home
            if not back:
                return landings + " home", None
            back -= 1
        while pads:
            onto = pads.bit_length() - 1
            pads ^= BITS[onto]
            if jumps > 1:
                after = known[onto] if jumps > 2 else (JUMP_BITS[onto][full & OVER_BITS[onto]] & land).bit_count()
                if back < after:
                    landings += LANDING_NAMES[onto]
                    at, jumps = onto, jumps - 1
                    break
                back -= after
            if not back:
                return landings + LANDING_NAMES[onto], onto
            back -= 1
        else:
            raise IndexError(f"the frog has no move at place {back} from the end")


def draw(state: FroggitLike, seat: int, rng: random.Random, bits: Pond) -> tuple[str, tuple[int, int, int] | None]:
    """The action at place ``rng.randrange(count)`` in the sorted legal actions of ``seat``,
    whose turn it is, ``bits`` being the state's :func:`pond`: among its frog moves (frog by
    frog, in the reverse of :func:`movers`' order), then its team moves; or, with neither or a
    fish move due, among its fish moves. With it, a frog move's (size, origin, final) for
    ``FroggitState.move_frog``."""
    if not state.fish_due:
        # Per frog with a move: its count of moves and what writing one of them needs.
        frogs = []
        found, teams = movers(state, seat, bits)
        total = teams
        for size, origin, full, land in found:
            known: dict[int, int] = {}
            count = count_moves(origin, MAX_JUMPS[size], full, land, known)
            if count:
                frogs.append((count, size, origin, full, land, known))
                total += count
        if total:
            # The frog moves come first, the team moves last: the place among the frog moves
            # from their end (the frogs came last first), or among the team moves.
            back = total - teams - 1 - rng.randrange(total)  # the single draw rng.choice makes
            if back < 0:
                return sorted(text for _, _, text in state.team_options(seat))[-1 - back], None
            for count, size, origin, full, land, known in frogs:
                if back < count:
                    landings, final = nth_move(origin, MAX_JUMPS[size], back, full, land, known)
                    final = state.finishes[seat] if final is None else final
                    return OPENINGS[size][origin] + landings, (size, origin, final)
                back -= count
    targets = state.fish_targets()
    return f"fish {NAMES[targets[rng.choice(range(len(targets)))]]}", None
