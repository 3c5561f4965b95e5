"""Froggit's move notation: parsing log moves into small value types.

=====================  ===============================================================
``S start b2 c3``      a small frog leaves the start space, lands on b2, then on c3
``L c3 e3 home``       the large frog on c3 jumps to e3, then into its finish space
``T c3 c4``            the team on c3 steps to c4 (expert)
``fish d5``            the fish swims to d5
=====================  ===============================================================

Parsing checks only the form: tokens separated by single spaces, cell names that exist,
a lily pad wherever a pad belongs (a corner's name there is ``bad_notation``), ``home`` only
last, at least one landing. Whether the move is allowed (how many jumps, teams from the
start space, reachability) is for the rules to say.

>>> move = parse_move("S start b2 c3")
>>> move.size, move.origin, [NAMES[cell] for cell in move.landings]
('S', None, ['b2', 'c3'])
>>> parse_move("L c3 e3 home").landings[-1] == HOME
True
>>> str(parse_move("fish d5"))
'fish d5'
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from games.errors import NotationError, shorten
from games.froggit.board import CELL, IS_PAD, NAMES

# The moves are NamedTuples, immutable and compared by value as frozen dataclasses were, but
# made without importing dataclasses (and inspect): the offline verifier starts faster. The
# rules tell the kinds apart by ``type(move) is ...``, never by comparing with tuples.

#: The landing that stands for the frog's own finish space.
HOME = -1
SIZES = ("S", "L")


class FrogMove(NamedTuple):
    """A frog's move: its size (``S``/``L``), its pad (``None`` for the start space) and
    each landing in order (:data:`HOME` for its finish space)."""

    size: str
    origin: int | None
    landings: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join([self.size, origin_name(self.origin), *map(landing_name, self.landings)])


class TeamMove(NamedTuple):
    """A team's move (expert): the team's pad and its landings (one step when legal)."""

    origin: int | None
    landings: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(["T", origin_name(self.origin), *map(landing_name, self.landings)])


class FishMove(NamedTuple):
    """The fish swims to ``target``."""

    target: int

    def __str__(self) -> str:
        return f"fish {NAMES[self.target]}"


Move = FrogMove | TeamMove | FishMove


def origin_name(origin: int | None) -> str:
    return "start" if origin is None else NAMES[origin]


def landing_name(landing: int) -> str:
    return "home" if landing == HOME else NAMES[landing]


def parse_pad(token: str, rule: str) -> int:
    """The lily pad named ``token``; raises NotationError, quoting ``rule``, for corners,
    the words ``start`` and ``home``, and names that are not cells."""
    if token in ("start", "home"):
        raise NotationError(f"'{token}' cannot stand here: {rule}")
    cell = CELL.get(token)
    if cell is None:
        raise NotationError(f"{shorten(token)!r} is not a cell of the pond (a1 to g4): {rule}")
    if not IS_PAD[cell]:
        raise NotationError(f"{token} is a start or finish space, not a lily pad: {rule}")
    return cell


def parse_move(text: str) -> Move:
    """Parse one log move; raises :class:`NotationError` when it is not in the notation."""
    if not isinstance(text, str):
        raise NotationError(f"a move is a string, not {type(text).__name__}")
    tokens = text.split(" ")
    if any(token == "" for token in tokens):
        raise NotationError(f"{shorten(text)!r}: write the parts of a move separated by single "
                            f"spaces, with nothing before or after")
    kind = tokens[0]
    if kind == "fish":
        if len(tokens) != 2:
            raise NotationError(f"{shorten(text)!r}: a fish move names one lily pad, like 'fish d5'")
        return FishMove(parse_pad(tokens[1], "the fish swims to a lily pad"))
    if kind not in ("S", "L", "T"):
        raise NotationError(f"{shorten(text)!r} is not a move: a move starts with S (small frog), "
                            f"L (large frog), T (team) or 'fish'")
    if len(tokens) < 3:
        raise NotationError(f"{shorten(text)!r} has no landing: write where the "
                            f"{'team' if kind == 'T' else 'frog'} starts, then each pad it lands "
                            f"on, like '{kind} start b2 c3'")
    origin = (None if tokens[1] == "start"
              else parse_pad(tokens[1], "a move starts from 'start' or a lily pad"))
    landings: list[int] = []
    last = len(tokens) - 1
    for index in range(2, len(tokens)):
        token = tokens[index]
        if token == "home":
            if index != last:
                raise NotationError(f"{shorten(text)!r}: 'home' ends a move; nothing may follow it")
            landings.append(HOME)
        else:
            landings.append(parse_pad(token, "a frog lands on a lily pad or 'home'"))
    if kind == "T":
        return TeamMove(origin, tuple(landings))
    return FrogMove(kind, origin, tuple(landings))


#: The lily pads by name; a token that is not one (a corner, ``start``, ``home``, a typo) reads
#: as :data:`NOT_A_PAD`.
PAD_CELL: dict[str, int] = {name: cell for name, cell in CELL.items() if IS_PAD[cell]}
NOT_A_PAD = -2


@lru_cache(maxsize=1 << 14)
def read_move(text: str) -> Move:
    """:func:`parse_move` of a string, quickly, each distinct move parsed once: the moves of a
    game repeat (``fish d4``, ``S start b2``), and a parsed move is a frozen value.

    A move in the plain form (a kind, then ``start`` or a pad, then pads with perhaps ``home``
    last; or ``fish`` and a pad) is read with one look-up a token; anything else goes to
    :func:`parse_move`, which says what is wrong (errors are not kept: such a string raises
    each time)."""
    tokens = text.split(" ")
    kind = tokens[0]
    if kind == "fish":
        if len(tokens) == 2 and PAD_CELL.get(tokens[1], NOT_A_PAD) != NOT_A_PAD:
            return FishMove(PAD_CELL[tokens[1]])
    elif kind in SIZES or kind == "T":
        if len(tokens) >= 3:
            origin = None if tokens[1] == "start" else PAD_CELL.get(tokens[1], NOT_A_PAD)
            landings = [PAD_CELL.get(token, NOT_A_PAD) for token in tokens[2:]]
            if tokens[-1] == "home":
                landings[-1] = HOME
            if origin != NOT_A_PAD and NOT_A_PAD not in landings:
                return TeamMove(origin, tuple(landings)) if kind == "T" else FrogMove(kind, origin, tuple(landings))
    return parse_move(text)
