"""A seat's frog moves counted, and the one at a given place written, without listing them all.

A frog's moves are the stopping points of its jump sequences (``FroggitState._walk``), and in
sorted order each move comes right before the moves that go on from it: the pads it may jump
to next, in cell order, each with the moves that go on from there, then ``home``. So a frog's
moves form a tree: the move at place ``index`` is found by counting the branches it passes and
going down the one it lies in, writing that branch alone. ``FroggitState.random_action`` draws
a random action so, from the count of every legal action.

The pond is read as bits, ``1 << cell`` a cell, for one moving frog at a time: ``full``, the pads
with a frog on them, and ``land``, the cells this frog may land on, both as if it had left its
pad (it may hop back over a frog it stood on, or land where it set off). ``land`` holds the
frog's finish corner too, so that one look-up finds a frog's jumps home with the others (a
jump there ends the move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.froggit.board import HOPS, NAMES, PADS, STEPS

if TYPE_CHECKING:
    from games.froggit.rules import FroggitState

BITS: tuple[int, ...] = tuple(1 << cell for cell in range(len(NAMES)))
PAD_BITS = sum(BITS[cell] for cell in PADS)
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
#: Each cell's name as a move writes a landing on it.
LANDING_NAMES: tuple[str, ...] = tuple(" " + name for name in NAMES)
#: Every lily pad with its bit, in cell order.
PAD_CELL_BITS: tuple[tuple[int, int], ...] = tuple((cell, BITS[cell]) for cell in PADS)


def movers(state: FroggitState, seat: int) -> tuple[list[tuple[int, int, int, int]], int]:
    """``(size, origin, full, land)`` for each frog of ``seat`` that may move alone, in
    the order and by the rules of ``FroggitState._each_frog`` (large frogs first, each size's
    frogs on pads in cell order, then the one on the start space, its start corner as the
    origin); and how many team moves the seat has (``FroggitState.team_options``)."""
    cells = state.cells
    expert = state.expert
    full = 0
    # Per size: the pads where the seat's frog of that size is on top, and the occupied pads
    # where that size may land too (expert): a small frog on its own lone large frog, a large
    # frog on another colour's lone small frog. And the pads of the seat's teams.
    small, large, teams = [], [], []
    small_stacks = large_stacks = 0
    for cell, bit in PAD_CELL_BITS:
        content = cells[cell]
        if content:
            full |= bit
            top = content[-1]
            if top >> 1 == seat:
                if top & 1:
                    large.append(cell)
                    if expert and len(content) == 1:
                        small_stacks |= bit
                else:
                    small.append(cell)
                    if expert and content[0] == top | 1:  # its own large frog carries it
                        teams.append(cell)
            elif expert and not top & 1 and len(content) == 1:
                large_stacks |= bit
    empty = PAD_BITS & ~full & ~BITS[state.fish]
    home = BITS[state.finishes[seat]]
    found = []
    for size, tops, stacks in ((1, large, large_stacks), (0, small, small_stacks)):
        land = empty | stacks | home
        for origin in tops:
            bit = BITS[origin]
            rest = cells[origin][:-1]
            if rest:  # the frog leaves a frog below it: it may land back there only by the rules
                found.append((size, origin, full, land | bit if state._may_land_on(seat, size, rest) else land))
            else:  # the frog leaves its pad empty: it may land there again, and hop over it no more
                found.append((size, origin, full & ~bit, land | bit))
        if state.at_start[seat][size]:
            found.append((size, state.starts[seat], full, land))
    # A team steps onto an empty pad.
    return found, sum((JUMP_BITS[cell][0] & empty).bit_count() for cell in teams) if teams else 0


def count_moves(at: int, jumps: int, full: int, land: int, known: dict[int, int]) -> int:
    """How many moves a frog on ``at`` has with at most ``jumps`` jumps (1 to 3): each cell it
    may jump to (its finish corner among them), with the moves that go on from a pad.

    With three jumps, ``known`` keeps the count of the moves of two jumps from each pad of the
    first jump, by pad, so that the drawn move's branch is found again by them
    (:func:`nth_move`). The jumps are unrolled, as in ``FroggitState._walk``; the pads of a jump
    are taken lowest bit first (a count needs no order)."""
    jump_bits, over_bits = JUMP_BITS, OVER_BITS
    reach = jump_bits[at][full & over_bits[at]] & land
    count = reach.bit_count()
    if jumps == 1:
        return count
    reach &= PAD_BITS
    while reach:
        bit = reach & -reach
        reach ^= bit
        first = bit.bit_length() - 1
        more = jump_bits[first][full & over_bits[first]] & land
        after = more.bit_count()
        if jumps > 2:
            more &= PAD_BITS
            while more:
                bit = more & -more
                more ^= bit
                second = bit.bit_length() - 1
                after += (jump_bits[second][full & over_bits[second]] & land).bit_count()
            known[first] = after
        count += after
    return count


def nth_move(at: int, jumps: int, index: int, full: int, land: int, known: dict[int, int]) -> tuple[str, int | None]:
    """The landings (``" c4 d5"``, ``" c4 home"``) of the move at place ``index`` (from 0, below
    :func:`count_moves`, which has filled ``known``) in the sorted moves of a frog on ``at`` with
    ``jumps`` jumps, and the pad it ends on (``None`` for home). Going down, each pad's branch
    comes in cell order (lowest bit first), then home."""
    landings = []
    while True:
        pads = JUMP_BITS[at][full & OVER_BITS[at]] & land & PAD_BITS
        while pads:
            bit = pads & -pads
            pads ^= bit
            onto = bit.bit_length() - 1
            if not index:
                landings.append(LANDING_NAMES[onto])
                return "".join(landings), onto
            index -= 1
            if jumps > 1:
                after = known[onto] if jumps > 2 else (JUMP_BITS[onto][full & OVER_BITS[onto]] & land).bit_count()
                if index < after:
                    landings.append(LANDING_NAMES[onto])
                    at, jumps = onto, jumps - 1
                    break
                index -= after
        else:
            landings.append(" home")
            return "".join(landings), None
