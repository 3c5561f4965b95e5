"""Ratings: one per player per game, from openskill's Bradley-Terry model (full pairing).

Ratings are derived data. The rated matches of a game, replayed in (played time, id) order,
give every rating; each rated seat keeps a snapshot of its player's rating before and after
the match (:class:`SeatRating`), and a player's rating is always its last snapshot's. A
change to the past (a match logged late, voided, or its result corrected) rolls the game's
ratings back to just before the earliest change and replays from there, which gives exactly
what a replay from scratch gives. ``docs/ratings.md`` explains the choices.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Count, F, IntegerField, Q, Sum, Value, Window
from django.db.models.functions import Coalesce, RowNumber
from django.utils import timezone

from tournaments import cache
from tournaments.models import Match, Rating, RatingCursor, RatingMark, SeatRating
from tournaments.rating_maths import (  # noqa: F401  (the maths, named here too for the callers of old)
    CONSERVATIVE_DEVIATIONS,
    MODEL,
    PROVISIONAL_DEVIATION,
    SCALE,
    conservative,
    display,
    is_provisional,
    new_rating,
    rate,
)

from tournaments.services import notices
from tournaments.services.rating_order import Key, MatchSeats, by_match, key_filter, rated_matches, rated_seats


def rated_ranks(players: Sequence[int], ranks: Sequence[int | None]) -> list[int] | None:
    """The ranks a finished match is rated with, or None when it cannot be rated: fewer than
    two seats, a seat without a rank, or one player in two seats (a practice game)."""
    if len(players) < 2 or len(set(players)) != len(players) or any(rank is None for rank in ranks):
        return None
    return list(ranks)  # type: ignore[arg-type]


def outcome_of(ranks: Sequence[int], index: int) -> str:
    """Win, loss or draw for a seat of a two-seat match; '' at a table of three or more."""
    if len(ranks) != 2:
        return SeatRating.Outcome.TABLE
    mine, theirs = ranks[index], ranks[1 - index]
    return SeatRating.Outcome.WIN if mine < theirs else SeatRating.Outcome.LOSS if mine > theirs \
        else SeatRating.Outcome.DRAW


# -- the running state of a player's rating ----------------------------------------------------------

@dataclass
class RunningRating:
    """One player's rating in one game while matches are applied."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    tables: int = 0
    place_sum: int = 0
    best_mu: float | None = None
    best_at: datetime | None = None
    best_match_id: int | None = None
    last_played_at: datetime | None = None
    row_id: int | None = None

    FIELDS = ("mu", "sigma", "games", "wins", "losses", "draws", "tables", "place_sum", "best_mu", "best_at",
              "best_match_id", "last_played_at")

    @classmethod
    def new(cls) -> RunningRating:
        mu, sigma = new_rating()
        return cls(mu=mu, sigma=sigma)

    def record(self, *, mu: float, sigma: float, rank: int, outcome: str, seats: int, played_at: datetime,
               match_id: int) -> None:
        self.mu, self.sigma = mu, sigma
        self.games += 1
        if seats == 2:
            self.wins += outcome == SeatRating.Outcome.WIN
            self.losses += outcome == SeatRating.Outcome.LOSS
            self.draws += outcome == SeatRating.Outcome.DRAW
        else:
            self.tables += 1
            self.place_sum += rank
        if self.best_mu is None or mu > self.best_mu:
            self.best_mu, self.best_at, self.best_match_id = mu, played_at, match_id
        self.last_played_at = played_at


@dataclass
class Applied:
    """What one update did: how many matches it rated, from which point, and how long it took."""

    game: str
    matches: int = 0
    seats: int = 0
    recomputed_from: Key | None = None
    full: bool = False
    seconds: float = 0.0


# -- applying matches --------------------------------------------------------------------------------

SNAPSHOT_COLUMNS = ("seat_id", "match_id", "player_id", "game", "played_at", "seats", "rank", "outcome",
                    "mu_before", "sigma_before", "mu_after", "sigma_after")


#: The snapshot columns' PostgreSQL types, for the binary COPY (its rows are typed by the client).
SNAPSHOT_TYPES = ("int8", "int8", "int8", "text", "timestamptz", "int2", "int2", "text",
                  "float8", "float8", "float8", "float8")

Write = Callable[[tuple], None]


def apply_matches(game: str, running: dict[int, RunningRating], matches: Iterable[MatchSeats], write: Write,
                  ) -> tuple[int, int, set[int], Key | None]:
    """Rate matches in order, updating ``running`` and handing each seat's snapshot row to
    ``write`` as soon as it is made; answer the number of matches and seats rated, the
    players touched and the last match's key."""
    last: Key | None = None
    rated = seated = 0
    current: dict[int, tuple[float, float]] = {}  # each player's (mu, sigma) so far
    table = SeatRating.Outcome.TABLE
    for match_id, played_at, seats in matches:
        players = [player for _, player, _ in seats]
        ranks = rated_ranks(players, [rank for _, _, rank in seats])
        if ranks is None:
            continue
        before = []
        for player in players:
            rating = current.get(player)
            if rating is None:
                held = running.setdefault(player, RunningRating.new())
                rating = current[player] = (held.mu, held.sigma)
            before.append(rating)
        after = rate(before, ranks)
        size = len(seats)
        for index, (seat_id, player, rank) in enumerate(seats):
            outcome = table if size != 2 else outcome_of(ranks, index)
            current[player] = new = after[index]
            old = before[index]
            write((seat_id, match_id, player, game, played_at, size, rank, outcome, old[0], old[1], new[0], new[1]))
            running[player].record(mu=new[0], sigma=new[1], rank=rank, outcome=outcome, seats=size,
                                     played_at=played_at, match_id=match_id)
        rated += 1
        seated += size
        last = (played_at, match_id)
    return rated, seated, set(current), last


@contextmanager
def snapshot_writer() -> Iterator[Write]:
    """A place to put snapshot rows while matches are rated. On PostgreSQL a binary COPY,
    open for the whole replay: rows go to the server in batches as they are made, so it
    stores and indexes them on its own core while Python rates the next matches (the
    connection is busy meanwhile: read everything before). An error inside aborts the
    COPY and with it the transaction. Elsewhere the rows are kept and written at the end
    with ``bulk_create``."""
    if connection.vendor == "postgresql":
        table = SeatRating._meta.db_table
        with connection.cursor() as cursor, cursor.cursor.copy(
                f"COPY {table} ({', '.join(SNAPSHOT_COLUMNS)}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(SNAPSHOT_TYPES)
            yield copy.write_row
        return
    rows: list[tuple] = []
    yield rows.append
    SeatRating.objects.bulk_create(
        (SeatRating(**dict(zip(SNAPSHOT_COLUMNS, row, strict=True))) for row in rows), batch_size=2000)


def save_ratings(game: str, running: dict[int, RunningRating], players: Iterable[int]) -> None:
    """Write the players' ratings: update the rows that exist, create the others."""
    updates, creates = [], []
    now = timezone.now()
    for player in players:
        held = running[player]
        values = {name: getattr(held, name) for name in RunningRating.FIELDS}
        if held.row_id is None:
            creates.append(Rating(player_id=player, game=game, **values))
        else:
            updates.append(Rating(pk=held.row_id, player_id=player, game=game, updated_at=now, **values))
    if updates:
        Rating.objects.bulk_update(updates, [*RunningRating.FIELDS, "updated_at"], batch_size=1000)
    if creates:
        Rating.objects.bulk_create(creates, batch_size=1000)


def load_ratings(game: str) -> dict[int, RunningRating]:
    rows = Rating.objects.filter(game=game).values_list("pk", "player_id", *RunningRating.FIELDS)
    return {player: RunningRating(**dict(zip(RunningRating.FIELDS, values, strict=True)), row_id=pk)
            for pk, player, *values in rows}


def rebuild_ratings(game: str, players: set[int]) -> None:
    """Set the players' ratings from their remaining snapshots (after a rollback), or remove
    them when none remain."""
    snapshots = SeatRating.objects.filter(game=game, player_id__in=players)
    totals = {row["player_id"]: row for row in snapshots.values("player_id").annotate(
        games=Count("pk"), wins=Count("pk", filter=Q(outcome=SeatRating.Outcome.WIN)),
        losses=Count("pk", filter=Q(outcome=SeatRating.Outcome.LOSS)),
        draws=Count("pk", filter=Q(outcome=SeatRating.Outcome.DRAW)),
        tables=Count("pk", filter=Q(seats__gt=2)),
        place_sum=Coalesce(Sum("rank", filter=Q(seats__gt=2)), Value(0), output_field=IntegerField()))}
    last = {row[0]: row[1:] for row in snapshots.annotate(position=Window(
        RowNumber(), partition_by=[F("player_id")], order_by=[F("played_at").desc(), F("match_id").desc()]))
        .filter(position=1).values_list("player_id", "mu_after", "sigma_after", "played_at")}
    best = {row[0]: row[1:] for row in snapshots.annotate(position=Window(
        RowNumber(), partition_by=[F("player_id")],
        order_by=[F("mu_after").desc(), F("played_at").asc(), F("match_id").asc()]))
        .filter(position=1).values_list("player_id", "mu_after", "played_at", "match_id")}
    Rating.objects.filter(game=game, player_id__in=players - set(totals)).delete()
    existing = dict(Rating.objects.filter(game=game, player_id__in=totals).values_list("player_id", "pk"))
    running = {}
    for player, total in totals.items():
        mu, sigma, played_at = last[player]
        best_mu, best_at, best_match = best[player]
        running[player] = RunningRating(
            mu=mu, sigma=sigma, games=total["games"], wins=total["wins"], losses=total["losses"],
            draws=total["draws"], tables=total["tables"], place_sum=total["place_sum"], best_mu=best_mu,
            best_at=best_at, best_match_id=best_match, last_played_at=played_at, row_id=existing.get(player))
    save_ratings(game, running, running)


# -- the update: incremental, or a recompute from the earliest change ---------------------------------

def locked_cursor(game: str) -> RatingCursor:
    """The game's cursor row, locked until the transaction ends (PostgreSQL): one update of a
    game's ratings at a time."""
    RatingCursor.objects.get_or_create(game=game)
    return RatingCursor.objects.select_for_update().get(game=game)


def cursor_key(cursor: RatingCursor) -> Key | None:
    if cursor.last_played_at is None or cursor.last_match_id is None:
        return None
    return cursor.last_played_at, cursor.last_match_id


def earliest_change(game: str, match_ids: set[int], last: Key | None) -> Key | None:
    """The earliest point from which the stored ratings differ from what the matches say:
    a rated match whose seats, ranks or time changed or that is no longer rated, or a newly
    rated one that comes before the last applied. None when only later matches are new."""
    if last is None or not match_ids:
        return None
    applied: dict[int, dict[int, tuple]] = {}
    applied_at: dict[int, datetime] = {}
    snapshots = SeatRating.objects.filter(match_id__in=match_ids).values_list(
        "seat_id", "match_id", "player_id", "rank", "played_at")
    for seat, match_id, player, rank, played_at in snapshots:
        applied.setdefault(match_id, {})[seat] = (player, rank)
        applied_at[match_id] = played_at
    wanted: dict[int, dict[int, tuple]] = {}
    wanted_at: dict[int, datetime] = {}
    for match_id, played_at, seats in by_match(rated_matches(game).filter(id__in=match_ids),
                                               rated_seats(game).filter(match_id__in=match_ids)):
        if rated_ranks([player for _, player, _ in seats], [rank for _, _, rank in seats]) is not None:
            wanted[match_id] = {seat: (player, rank) for seat, player, rank in seats}
            wanted_at[match_id] = played_at
    changes: list[Key] = []
    for match_id in match_ids:
        now, then = wanted.get(match_id), applied.get(match_id)
        if then is not None and (now != then or wanted_at.get(match_id) != applied_at[match_id]):
            changes.append((applied_at[match_id], match_id))
            if now is not None:
                changes.append((wanted_at[match_id], match_id))
        elif then is None and now is not None and (wanted_at[match_id], match_id) <= last:
            changes.append((wanted_at[match_id], match_id))
    return min(changes) if changes else None


def rollback(game: str, start: Key) -> None:
    """Remove the snapshots from ``start`` on and set their players' ratings to what they
    were just before it."""
    later = SeatRating.objects.filter(game=game).filter(key_filter("played_at", start, inclusive=True))
    players = set(later.values_list("player_id", flat=True).distinct())
    later.delete()
    rebuild_ratings(game, players)


def read_matches(game: str, after: Key | None, *, inclusive: bool) -> list[MatchSeats]:
    """The rated matches from ``after`` on with their seats, read in full (plain tuples, one
    round trip per query) before any snapshot is written: the snapshots' COPY then holds
    the connection until the last row."""
    return list(by_match(rated_matches(game, after, inclusive=inclusive),
                         rated_seats(game, after, inclusive=inclusive)))


def apply_from(game: str, after: Key | None, *, inclusive: bool) -> tuple[int, int, Key | None]:
    """Rate every rated match from ``after`` on, onto the stored ratings; answer the number
    of matches and seats rated and the last key."""
    running = load_ratings(game)
    matches = read_matches(game, after, inclusive=inclusive)
    with snapshot_writer() as write:
        rated, seated, touched, last = apply_matches(game, running, matches, write)
    save_ratings(game, running, sorted(touched))
    return rated, seated, last


def last_snapshot_key(game: str) -> Key | None:
    row = SeatRating.objects.filter(game=game).order_by("-played_at", "-match_id").values_list(
        "played_at", "match_id").first()
    return tuple(row) if row else None  # type: ignore[return-value]


def move_cursor(cursor: RatingCursor, key: Key | None) -> None:
    cursor.last_played_at, cursor.last_match_id = key if key else (None, None)
    cursor.save(update_fields=["last_played_at", "last_match_id", "updated_at"])


@transaction.atomic
def update_ratings(game: str) -> Applied:
    """Bring a game's ratings up to date with its matches.

    New matches after everything rated are applied on top; a change before that (a late
    result, a void, a correction, as noted by :func:`note_change`) rolls back to just before
    the earliest one and replays from there. Idempotent: with nothing new it changes nothing.
    """
    started = time.perf_counter()
    cursor = locked_cursor(game)
    marks = list(RatingMark.objects.filter(game=game).values_list("pk", "match_id"))
    last = cursor_key(cursor)
    start = earliest_change(game, {match_id for _, match_id in marks}, last)
    if start is not None:
        rollback(game, start)
        matches, seats, applied_last = apply_from(game, start, inclusive=True)
        new_last = applied_last or last_snapshot_key(game)
    else:
        matches, seats, applied_last = apply_from(game, last, inclusive=False)
        new_last = applied_last or last
    if marks:
        RatingMark.objects.filter(pk__in=[pk for pk, _ in marks]).delete()
    if new_last != last:
        move_cursor(cursor, new_last)
    if matches or marks or start is not None:
        cache.forget(ratings=game)
        notices.ratings_updated(game)
    return Applied(game=game, matches=matches, seats=seats, recomputed_from=start,
                   seconds=time.perf_counter() - started)


@transaction.atomic
def recompute_ratings(game: str) -> Applied:
    """Recompute a game's ratings from scratch: every snapshot and rating rebuilt from the
    rated matches alone."""
    started = time.perf_counter()
    cursor = locked_cursor(game)
    RatingMark.objects.filter(game=game).delete()
    SeatRating.objects.filter(game=game).delete()
    Rating.objects.filter(game=game).delete()
    matches, seats, last = apply_from(game, None, inclusive=False)
    move_cursor(cursor, last)
    cache.forget(ratings=game)
    return Applied(game=game, matches=matches, seats=seats, full=True, seconds=time.perf_counter() - started)


# -- noting changes ----------------------------------------------------------------------------------

def note_change(match: Match, *, was_finished: bool = False, force: bool = False) -> None:
    """Call after a match's change is saved, in the same transaction: when the change may
    touch ratings (a rated match finished, or a finished one corrected, reopened or voided),
    mark the match and have its game's ratings updated. Without a broker the update runs at
    once, in this transaction; with one, a worker runs it after the commit."""
    finished = match.status == Match.Status.FINISHED
    if not force and not (match.rated and (finished or was_finished)):
        return
    RatingMark.objects.create(game=match.game, match_id=match.pk)
    schedule_update(match.game)


def schedule_update(game: str) -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        update_ratings(game)
        return
    transaction.on_commit(lambda: update_game_ratings.delay(game))


def summary(applied: Applied) -> dict[str, Any]:
    return {"game": applied.game, "matches": applied.matches, "seats": applied.seats,
            "recomputed_from": ({"played_at": applied.recomputed_from[0].isoformat(),
                                 "match": applied.recomputed_from[1]} if applied.recomputed_from else None),
            "full": applied.full, "seconds": round(applied.seconds, 3)}


@shared_task(name="tournaments.update_ratings", acks_late=True)
def update_game_ratings(game: str) -> dict[str, Any]:
    """Bring one game's ratings up to date (new results on top, a change to the past
    replayed from its point). Idempotent: a redelivered task finds nothing to do."""
    return summary(update_ratings(game))
