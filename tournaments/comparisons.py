"""Two matches compared move by move, for the comparison page and its API: where their move
lists first part, and whether they can be compared at all (the same game, options and seats).

Each side is read as its reader may see it (``replays.view_of``): the moves compared are the
ones the reader's move list shows, so a difference hidden from the reader (a card still in a
hand) is never revealed by where the games part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tournaments import replays
from tournaments.models import Match
from tournaments.selectors import User


@dataclass(frozen=True)
class Difference:
    """The first move index where two move lists differ, and each side's move there (None
    where that side has no such move: it ended sooner)."""

    index: int
    a: str | None
    b: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "a": self.a, "b": self.b}


def first_difference(a_moves: Sequence[str], b_moves: Sequence[str]) -> Difference | None:
    """The first index where the lists differ (a list that stops early differs where it
    stops), or None when they are the same."""
    for index, (a, b) in enumerate(zip(a_moves, b_moves)):
        if a != b:
            return Difference(index, a, b)
    if len(a_moves) == len(b_moves):
        return None
    index = min(len(a_moves), len(b_moves))
    return Difference(index, a_moves[index] if index < len(a_moves) else None,
                      b_moves[index] if index < len(b_moves) else None)


def mismatch(a: Match, b: Match, seats: tuple[int, int]) -> str:
    """Why two matches cannot be compared move by move ("" when they can)."""
    if a.game != b.game:
        return f"match #{a.pk} is a game of {a.game} and match #{b.pk} one of {b.game}: their moves do not compare"
    if seats[0] != seats[1]:
        return f"match #{a.pk} has {seats[0]} seats and match #{b.pk} has {seats[1]}: their moves do not compare"
    if (a.options or {}) != (b.options or {}):
        keys = sorted(key for key in set(a.options or {}) | set(b.options or {})
                      if (a.options or {}).get(key) != (b.options or {}).get(key))
        return (f"the matches are played with different options ({', '.join(keys)}): "
                "their moves do not compare")
    return ""


@dataclass(frozen=True)
class Side:
    """One match as the reader sees it: its viewpoint, shown moves and the rows of its list."""

    match: Match
    view: replays.Viewpoint
    moves: list[str]
    rows: list[dict[str, object]]
    seats: int

    @property
    def total(self) -> int:
        return len(self.moves)


def side_of(match: Match, user: User) -> Side:
    view = replays.view_of(match, user)
    return Side(match, view, replays.shown_moves(match, view), replays.move_rows(match, view), match.seats.count())


@dataclass(frozen=True)
class Comparison:
    a: Side
    b: Side
    reason: str
    difference: Difference | None
    same_setup: bool | None

    @property
    def comparable(self) -> bool:
        return not self.reason

    @property
    def identical(self) -> bool:
        return self.comparable and self.difference is None and self.same_setup is not False

    def aligned(self) -> list[dict[str, object]]:
        """The two move lists row by row (a side that ended sooner leaves its cell empty),
        each row marked where it is the first difference."""
        first = self.difference.index if self.difference is not None else None
        rows = []
        for index in range(max(self.a.total, self.b.total)):
            a = self.a.rows[index] if index < len(self.a.rows) else None
            b = self.b.rows[index] if index < len(self.b.rows) else None
            rows.append({"number": index + 1, "a": a, "b": b, "first": index == first,
                         "same": a is not None and b is not None and a["text"] == b["text"]})
        return rows

    def as_dict(self) -> dict[str, Any]:
        def summary(side: Side) -> dict[str, Any]:
            match = side.match
            return {"id": match.pk, "game": match.game, "options": match.options, "status": match.status,
                    "seats": side.seats, "moves": side.total, "url": f"/api/matches/{match.pk}/",
                    "page": f"/matches/{match.pk}/"}

        return {"a": summary(self.a), "b": summary(self.b), "comparable": self.comparable, "reason": self.reason,
                "identical": self.identical, "same_setup": self.same_setup,
                "first_difference": self.difference.as_dict() if self.difference is not None else None,
                "page": f"/matches/{self.a.match.pk}/compare/{self.b.match.pk}/"}


def compare(a: Match, b: Match, user: User) -> Comparison:
    """Two matches (both readable by ``user``) compared as ``user`` sees them. Their setups
    are compared only where the reader sees both whole (``same_setup`` is None otherwise)."""
    left, right = side_of(a, user), side_of(b, user)
    reason = mismatch(a, b, (left.seats, right.seats))
    if reason:
        return Comparison(left, right, reason, None, None)
    same_setup = (a.log.setup == b.log.setup) if left.view.reveal and right.view.reveal else None
    return Comparison(left, right, "", first_difference(left.moves, right.moves), same_setup)
