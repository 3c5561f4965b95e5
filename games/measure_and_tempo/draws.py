"""Seeded draws exactly as :class:`random.Random` makes them, for random playouts and deals.

``Random.choice`` and ``Random.shuffle`` each draw through ``Random._randbelow``, which takes
``getrandbits(k)`` for the bit length ``k`` of the bound until it falls below the bound.
:func:`choice` and :func:`shuffle` make those same ``getrandbits`` calls themselves, without
the two Python calls around each: the same results and the same state after them, so a
seeded log stays byte for byte what it was. Any generator that is not a plain
``random.Random`` (a subclass may draw otherwise) is left to draw its own way.

>>> mine, theirs = random.Random(7), random.Random(7)
>>> cards, dealt = list(range(10)), list(range(10))
>>> shuffle(mine, cards)
>>> theirs.shuffle(dealt)
>>> cards == dealt, choice(mine, "abc") == theirs.choice("abc"), mine.getstate() == theirs.getstate()
(True, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)``: the same item from the same draw."""
    count = len(items)
    if type(rng) is not random.Random or not count:  # an empty sequence: choice's own IndexError
        return rng.choice(items)
    getrandbits = rng.getrandbits
    bits = count.bit_length()
    index = getrandbits(bits)
    while index >= count:
        index = getrandbits(bits)
    return items[index]


#: For a shuffle of up to 52 items: each place from the last down to the second, with the bit
#: length of the number of places it may swap with (itself and those before it).
SWAPS: tuple[tuple[int, int], ...] = tuple((place, (place + 1).bit_length()) for place in range(51, 0, -1))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same order from the same draws."""
    size = len(items)
    if type(rng) is not random.Random or size > len(SWAPS) + 1:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for place, bits in SWAPS[len(SWAPS) + 1 - size:]:
        other = getrandbits(bits)
        while other > place:
            other = getrandbits(bits)
        items[place], items[other] = items[other], items[place]
