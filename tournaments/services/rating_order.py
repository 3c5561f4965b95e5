"""The rated matches and seats of a game, read in the order ratings apply them: by played time
(creation time where it is empty), then id. A ``Key`` is one place in that order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime

from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce

from tournaments.models import Match, Seat

Key = tuple[datetime, int]


def rated_at() -> Coalesce:
    """A match's place in rating order: its played time, or its creation when that is empty."""
    return Coalesce("match__played_at", "match__created_at")


def key_filter(at_field: str, key: Key, *, inclusive: bool, match: str = "match_id") -> Q:
    """``(at, match id) > key`` (or ``>=``) as a filter."""
    at, match_id = key
    lookup = "gte" if inclusive else "gt"
    return Q(**{f"{at_field}__gt": at}) | Q(**{at_field: at, f"{match}__{lookup}": match_id})


def rated_matches(game: str, after: Key | None = None, *, inclusive: bool = False) -> QuerySet:
    """The rated, finished matches of a game in rating order, as (match id, rated_at),
    optionally only those from ``after`` on."""
    matches = (Match.objects.filter(game=game, status=Match.Status.FINISHED, rated=True)
               .annotate(rated_at=Coalesce("played_at", "created_at")))
    if after is not None:
        matches = matches.filter(key_filter("rated_at", after, inclusive=inclusive, match="id"))
    return matches.order_by("rated_at", "id").values_list("id", "rated_at")


def rated_seats(game: str, after: Key | None = None, *, inclusive: bool = False) -> QuerySet:
    """The seats of those matches, unordered, as (seat id, match id, player id, rank, index):
    :func:`by_match` groups them (sorting 600,000 joined rows in rating order took the server
    longer than grouping them by match and ordering each match's few seats)."""
    seats = (Seat.objects.filter(match__game=game, match__status=Match.Status.FINISHED, match__rated=True)
             .annotate(rated_at=rated_at()))
    if after is not None:
        seats = seats.filter(key_filter("rated_at", after, inclusive=inclusive))
    return seats.order_by().values_list("pk", "match_id", "player_id", "rank", "index")


MatchSeats = tuple[int, datetime, list[tuple]]


def by_match(matches: Iterable[tuple[int, datetime]], seats: Iterable[tuple]) -> Iterator[MatchSeats]:
    """Seat rows grouped per match, in the matches' (rating) order, each match's seats in seat
    order: (match id, rated_at, [(seat id, player id, rank), ...]). A match without seats is
    left out; a seat whose match is not among ``matches`` (read first) means a match changed
    between the two reads."""
    matches = list(matches)
    seats_of: dict[int, list[tuple[int, int, int, int]]] = {}
    for seat, match_id, player, rank, index in seats:
        seats_of.setdefault(match_id, []).append((index, seat, player, rank))
    for match_id, played_at in matches:
        rows = seats_of.pop(match_id, None)
        if rows is not None:
            rows.sort()
            yield match_id, played_at, [(seat, player, rank) for _, seat, player, rank in rows]
    if seats_of:
        raise RuntimeError(f"match {min(seats_of)} changed while its ratings were read")
