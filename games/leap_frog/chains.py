"""Leap Frog's first leaps read off the masks: the numbers in :attr:`Board.leap_list` of the
leaps open in a position, from the mask of its pieces, as the move generator
(:func:`~games.leap_frog.rules.capture_list`) starts from them.
"""

from __future__ import annotations

from functools import cache

from games.leap_frog.board import Board


@cache
def leap_numbers(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per leap direction (as :attr:`Board.directions`), the number in :attr:`Board.leap_list`
    of the leap from the cell of each bit of a mask (-1 where none): :attr:`Board.first_leaps`
    indexed by bit. Built on first use, once per board."""
    width = max(board.masks).bit_length()
    tables = []
    for first in board.first_leaps:
        numbers = [-1] * width
        for mask, number in first.items():
            numbers[mask.bit_length() - 1] = number
        tables.append(tuple(numbers))
    return tuple(tables)


def first_leaps(board: Board, pieces: int) -> tuple[list[int], int, list[int]]:
    """The first leaps open in the position, from the mask of the pieces: their numbers in
    :attr:`Board.leap_list`, sorted (so in the order of the moves' names); the mask of every
    cell, empty or not, from which a leap is open (:func:`~games.leap_frog.board.open_leaps`);
    and per direction the mask of the pieces that can leap along it. One shift per direction,
    as in :func:`~games.leap_frog.board.leap_starts`."""
    empty = board.every ^ pieces
    open_from = 0
    numbers: list[int] = []
    add = numbers.append
    by_direction = []
    for (shift, double, starts), by_bit in zip(board.directions, leap_numbers(board)):
        if shift > 0:
            leaps = (pieces >> shift) & (empty >> double) & starts
        else:
            leaps = (pieces << -shift) & (empty << -double) & starts
        open_from |= leaps
        leaps &= pieces
        by_direction.append(leaps)
        while leaps:
            top = leaps.bit_length() - 1  # the highest start left
            add(by_bit[top])
            leaps ^= 1 << top
    numbers.sort()
    return numbers, open_from, by_direction
