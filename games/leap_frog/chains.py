"""Leap Frog's first leaps read off the masks, the searches that follow a leap (:func:`follow`,
:func:`chains_from`), and on a large board the capture at a drawn place in the sorted list
found by counting the chains instead of listing them (:func:`drawn_capture`).

The sorted list of captures (:func:`~games.leap_frog.rules.capture_list`) holds the first leaps
in the order of their numbers in :attr:`Board.leap_list`, each followed depth first by the
chains that go on from it, the leaps from each landing in the order of their numbers. So the
capture at place ``k`` is found by counting: each first leap is one capture, and only those
from whose landing a leap is open before the move have more (the leap straight back is shut,
and a first leap empties nothing else a leap from there could land on).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from games.leap_frog.board import Board


def first_leaps(board: Board, pieces: int) -> tuple[list[int], int, int]:
    """The first leaps open in the position, from the mask of the pieces: their numbers in
    :attr:`Board.leap_list`, sorted (so in the order of the moves' names); the mask of every
    cell, empty or not, from which a leap is open (:func:`~games.leap_frog.board.open_leaps`);
    and the mask of those from which leaps in two directions or more are open. One shift per
    direction, as in :func:`~games.leap_frog.board.leap_starts`."""
    empty = board.every ^ pieces
    open_from = twice = 0
    numbers: list[int] = []
    add = numbers.append
    higher, lower = board.leap_groups
    for shift, double, starts, by_length, bits in higher:
        leaps = (pieces >> shift) & (empty >> double) & starts
        twice |= open_from & leaps
        open_from |= leaps
        leaps &= pieces
        while leaps:
            length = leaps.bit_length()  # the highest start left
            add(by_length[length])
            leaps ^= bits[length]
    for shift, double, starts, by_length, bits in lower:
        leaps = (pieces << shift) & (empty << double) & starts
        twice |= open_from & leaps
        open_from |= leaps
        leaps &= pieces
        while leaps:
            length = leaps.bit_length()
            add(by_length[length])
            leaps ^= bits[length]
    numbers.sort()
    return numbers, open_from, twice


def searched_leaps(board: Board, numbers: list[int], open_from: int) -> list[int]:
    """Of the first leaps ``numbers`` (sorted), those from whose landing a leap is open
    (``open_from``, both from :func:`first_leaps`): the only ones a chain goes on from."""
    heads = board.leap_heads
    return [number for number in numbers if open_from & heads[number][1]]


def follow(steps: list, prefix: str, filled: list[int], append: Callable[[str], object]) -> None:
    """Every chain that goes on by the leaps ``steps`` (the followers of a leap just made, as
    in :attr:`Board.leap_heads`), each named ``prefix`` and its leaps' suffixes, passed to
    ``append`` depth first in the order of the moves' names. ``filled`` (1 on a cell with a
    piece, 0 on an empty one) stands as after the leaps so far and is the same on return.

    A leap is open where ``filled[over] > filled[land]``: a piece to leap and an empty cell
    behind it, in one comparison. The searches here are plain functions, not closures: a
    closure that calls itself is a reference cycle, which would keep every list a search
    filled until the cycle collector came round."""
    for over, land, suffix, further in steps:
        if filled[over] > filled[land]:
            filled[over] = 0  # a piece leapt leaves the board at once
            name = prefix + suffix
            append(name)
            follow(further, name, filled, append)
            filled[over] = 1


def follow_marked(steps: list, prefix: str, filled: list[int], append: Callable[[str], object],
                  mark: Callable[[int], object]) -> None:
    """:func:`follow`, passing each landing to ``mark`` as well."""
    for over, land, suffix, further in steps:
        if filled[over] > filled[land]:
            filled[over] = 0
            name = prefix + suffix
            append(name)
            mark(land)
            follow_marked(further, name, filled, append, mark)
            filled[over] = 1


def chains_from(steps: list, filled: list[int]) -> int:
    """How many chains :func:`follow` would name."""
    found = 0
    for over, land, _, further in steps:
        if filled[over] > filled[land]:
            filled[over] = 0
            found += 1 + chains_from(further, filled)
            filled[over] = 1
    return found


def count_marked(steps: list, filled: list[int], mark: Callable[[int], object]) -> int:
    """How many chains :func:`follow` would name, passing each landing to ``mark``."""
    found = 0
    for over, land, _, further in steps:
        if filled[over] > filled[land]:
            filled[over] = 0
            mark(land)
            found += 1 + count_marked(further, filled, mark)
            filled[over] = 1
    return found


def chains_after(filled: list[int], board: Board, number: int) -> int:
    """How many chains go on past leap ``number``, ``filled`` standing as just after it (the
    piece gone from its start, every piece leapt gone); ``filled`` is the same on return."""
    return chains_from(board.leap_heads[number][5], filled)


def nth_capture(filled: list[int], board: Board, number: int, index: int) -> str:
    """The capture at place ``index`` (0: the leap alone) among those that begin with the open
    first leap ``number``, in the order of their names, in the notation."""
    name, _, start, over, _, steps = board.leap_heads[number]
    taken = [start, over]
    filled[start] = filled[over] = 0
    try:
        while index:
            index -= 1  # past the chain so far, to the chains that go on from it
            for over, land, suffix, further in steps:
                if filled[over] > filled[land]:
                    filled[over] = 0
                    count = 1 + chains_from(further, filled)
                    if index < count:
                        break
                    filled[over] = 1
                    index -= count
            else:
                raise IndexError(f"no capture at place {index} after {name}")
            taken.append(over)
            name += suffix
            steps = further
    finally:
        for cell in taken:
            filled[cell] = 1
    return name


@cache
def kept_counts(board: Board) -> list:
    """Per leap number, how many chains went on past it as a first leap when it was last
    counted (:func:`drawn_capture`), with the mask of the cells the count read and which of
    them held a piece; shared by every position on the board, built on first use."""
    return [None] * len(board.leap_list)


def drawn_capture(filled: list[int], board: Board, pieces: int, rng: random.Random) -> str:
    """The capture ``rng.choice(capture_list(filled, board, pieces))`` picks (at least one
    capture open), with the same single draw (``rng.choice(range(count))``, which draws the
    index as choosing from the list does), without listing them. ``filled`` is the same on
    return.

    Each first leap is one capture, and the chains past those searched are counted. A count
    depends only on the cells its search read (round each landing: :attr:`Board.reach`), and
    on a large board a move leaves those of most first leaps alone: there the counts are kept
    (:func:`kept_counts`) and a leap is searched again only when one of its cells has changed.
    The place drawn then falls on a first leap alone, found by its rank among the sorted
    first leaps, or inside the chains of one searched."""
    numbers, open_from, _ = first_leaps(board, pieces)
    leap_list, heads, reach, kept = board.leap_list, board.leap_heads, board.reach, kept_counts(board)
    landed: list[int] = []
    searched = searched_leaps(board, numbers, open_from)
    longer = []
    for number in searched:
        last = kept[number]
        if last is not None and pieces & last[0] == last[1]:
            longer.append(last[2])
            continue
        _, start, over, land, _, _ = leap_list[number]
        filled[start] = filled[over] = 0
        landed.clear()
        try:
            chains = count_marked(heads[number][5], filled, landed.append)
        finally:
            filled[start] = filled[over] = 1
        read = reach[land]
        for land in landed:
            read |= reach[land]
        kept[number] = (read, pieces & read, chains)
        longer.append(chains)
    index = rng.choice(range(len(numbers) + sum(longer)))
    before = 0  # the chains past the first leaps already passed
    for number, chains in zip(searched, longer):
        place = numbers.index(number) + before  # where the captures it begins start
        if index < place:
            break
        if index <= place + chains:
            return nth_capture(filled, board, number, index - place)
        before += chains
    return heads[numbers[index - before]][0]
