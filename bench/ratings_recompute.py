"""A full ratings recompute of 100,000 stored six-seat matches, beside openskill alone.

    .venv/bin/python bench/ratings_recompute.py [--matches 100000] [--players 60] [--seed 1]

Stores the matches in PostgreSQL (``BENCH_DATABASE_URL``, default the database ``bench`` on
127.0.0.1, created when missing; reused when it already holds the same matches), then times
``recompute_ratings`` (read the seats, rate, write every snapshot and rating), phase by phase,
and openskill alone on the same updates in memory, in the same process, and prints the ratio.
The recompute timed replaces the game's existing snapshots, as the command does on a live
service: a fresh store is recomputed once first, untimed for the ratio.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench")
os.environ["DATABASE_URL"] = DATABASE_URL
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.pop("CELERY_BROKER_URL", None)

from results import write_results  # noqa: E402

GAME = "froggit"
#: A full recompute may take at most this many times openskill's own time on the same updates.
GOAL_RATIO = 1.5
EPOCH = datetime(2025, 1, 1, tzinfo=UTC)


def ensure_database() -> None:
    """Create the bench database when it does not exist yet."""
    import dj_database_url
    import psycopg

    params = dj_database_url.parse(DATABASE_URL)
    try:
        psycopg.connect(dbname=params["NAME"], user=params["USER"], host=params["HOST"], port=params["PORT"] or 5432,
                        password=params["PASSWORD"] or None).close()
    except psycopg.OperationalError:
        with psycopg.connect(dbname="postgres", user=params["USER"], host=params["HOST"], port=params["PORT"] or 5432,
                             password=params["PASSWORD"] or None, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{params["NAME"]}"')


def places(rng: random.Random, seats: int) -> list[int]:
    """Competition ranks with the odd tie, as a six-seat table finishes."""
    scores = [rng.randint(1, 12) for _ in range(seats)]
    return [1 + sum(other > score for other in scores) for score in scores]


def copy_rows(model: Any, fixed: dict[str, Any], rows: Iterable[dict[str, Any]], count: int) -> list[int]:
    """Store ``count`` rows of ``model`` with PostgreSQL's COPY: every column as Django would
    save an instance made from ``fixed`` (defaults, ``auto_now_add``), prepared once, then
    each row's own values (by column) over it; ids are taken from the table's own sequence.
    Answer the ids in order. Much faster than ``bulk_create`` for 600,000 rows."""
    from django.db import connection

    table = model._meta.db_table
    fields = model._meta.concrete_fields
    template = model(**fixed)
    base = {field.column: field.get_db_prep_save(field.pre_save(template, True), connection) for field in fields}
    pk = model._meta.pk.column
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                       [table, pk, count])
        ids = [row[0] for row in cursor.fetchall()]
        columns = ", ".join(connection.ops.quote_name(column) for column in base)
        with cursor.cursor.copy(f"COPY {connection.ops.quote_name(table)} ({columns}) FROM STDIN") as copy:
            for row_id, row in zip(ids, rows, strict=True):
                copy.write_row(list({**base, pk: row_id, **row}.values()))
    return ids


def store(matches: int, players: int, seed: str) -> tuple[list[tuple[list[int], list[int]]], float | None]:
    """The bench club's matches, stored once (COPY); answer them in rating order as (player
    ids, ranks), for openskill alone, and the seconds storing took (None when reused)."""
    from django.db import connection, transaction

    from tournaments.models import Club, Match, Player, Rating, RatingCursor, RatingMark, Seat, SeatRating

    rng = random.Random(seed)
    tables = [(rng.sample(range(players), 6), places(rng, 6)) for _ in range(matches)]
    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    stored = Match.objects.filter(club=club, game=GAME)
    fingerprint = f"{matches}-{players}-{seed}"
    seconds = None
    if stored.count() != matches or club.name != f"Bench {fingerprint}":
        started = time.perf_counter()
        with transaction.atomic():
            # Plain DELETEs: Django's cascades would load every old row first (minutes).
            with connection.cursor() as cursor:
                for model in (SeatRating, Rating, RatingMark, RatingCursor):
                    cursor.execute(f"DELETE FROM {model._meta.db_table} WHERE game = %s", [GAME])
                cursor.execute(f"DELETE FROM {Seat._meta.db_table} WHERE match_id IN "
                               f"(SELECT id FROM {Match._meta.db_table} WHERE club_id = %s)", [club.pk])
                cursor.execute(f"DELETE FROM {Match._meta.db_table} WHERE club_id = %s", [club.pk])
                cursor.execute(f"DELETE FROM {Player._meta.db_table} WHERE club_id = %s", [club.pk])
            people = copy_rows(Player, {"club": club, "name": "bot", "kind": Player.Kind.BOT},
                               ({"name": f"bot {index}"} for index in range(players)), players)
            created = copy_rows(Match, {"club": club, "game": GAME, "status": Match.Status.FINISHED, "rated": True,
                                        "played_at": EPOCH, "options": {}},
                                ({"played_at": EPOCH + timedelta(seconds=index)} for index in range(matches)), matches)
            copy_rows(Seat, {"match_id": created[0], "index": 0, "player_id": people[0], "rank": 1},
                      ({"match_id": match, "index": index, "player_id": people[seated], "rank": ranks[index]}
                       for match, (table, ranks) in zip(created, tables, strict=True)
                       for index, seated in enumerate(table)), 6 * matches)
            club.name = f"Bench {fingerprint}"
            club.save(update_fields=["name"])
        with connection.cursor() as cursor:
            for model in (Player, Match, Seat):
                cursor.execute(f"ANALYZE {model._meta.db_table}")
        seconds = time.perf_counter() - started
        print(f"stored {matches:,} six-seat matches in {seconds:.1f} s (COPY)", flush=True)
    ids = list(Player.objects.filter(club=club).order_by("pk").values_list("pk", flat=True))
    return [([ids[seated] for seated in table], ranks) for table, ranks in tables], seconds


@contextmanager
def phases() -> Iterator[dict[str, float]]:
    """Time the recompute's phases by wrapping the steps ``apply_from`` calls (read, rate
    while streaming the snapshots, finish the COPY, save the ratings); the wrappers cost
    a few calls per recompute."""
    from tournaments.services import ratings

    times: dict[str, float] = {"read": 0.0, "rate and stream snapshots": 0.0, "finish the COPY": 0.0,
                               "save ratings": 0.0}
    originals = {name: getattr(ratings, name) for name in ("read_matches", "snapshot_writer", "save_ratings")}

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                times[name] += time.perf_counter() - started
        return run

    @contextmanager
    def writer() -> Iterator[Any]:
        with originals["snapshot_writer"]() as write:
            started = time.perf_counter()
            yield write
            rated = time.perf_counter()
            times["rate and stream snapshots"] += rated - started
        times["finish the COPY"] += time.perf_counter() - rated

    ratings.read_matches = timed("read", originals["read_matches"])
    ratings.save_ratings = timed("save ratings", originals["save_ratings"])
    ratings.snapshot_writer = writer
    try:
        yield times
    finally:
        for name, function in originals.items():
            setattr(ratings, name, function)


def vacuum_snapshots() -> None:
    """Clear the dead snapshot rows of earlier runs (what autovacuum does between two
    recomputes), so that every run starts from the same table."""
    from django.db import connection

    from tournaments.models import SeatRating

    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM ANALYZE {SeatRating._meta.db_table}")


def openskill_alone(tables: list[tuple[list[int], list[int]]]) -> tuple[float, dict[int, tuple[float, float]]]:
    """The same updates with openskill only: ratings kept as the library's objects in memory."""
    from tournaments.services.ratings import MODEL

    started = time.perf_counter()
    state: dict[int, object] = {}
    for players, ranks in tables:
        teams = [[state.get(player) or MODEL.rating()] for player in players]
        for player, [rating] in zip(players, MODEL.rate(teams, ranks=ranks), strict=True):
            state[player] = rating
    seconds = time.perf_counter() - started
    return seconds, {player: (rating.mu, rating.sigma) for player, rating in state.items()}


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=positive, default=100_000, help="six-seat matches to store and rate")
    parser.add_argument("--players", type=positive, default=60, help="players sharing them (at least 6)")
    parser.add_argument("--seed", default="1", help="the seed of the tables and places")
    args = parser.parse_args()
    if args.players < 6:
        parser.error("argument --players: at least 6 players sit at a six-seat table")
    ensure_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tournaments.models import Rating, SeatRating
    from tournaments.services.ratings import recompute_ratings

    tables, stored_seconds = store(args.matches, args.players, args.seed)
    first = None
    if not SeatRating.objects.filter(game=GAME).exists():
        first = recompute_ratings(GAME).seconds
        print(f"first recompute, into an empty snapshot table: {first:.2f} s (not the one timed)", flush=True)
    vacuum_snapshots()
    with phases() as times:
        recompute = recompute_ratings(GAME)
    alone, expected = openskill_alone(tables)
    stored = dict((player, (mu, sigma)) for player, mu, sigma in
                  Rating.objects.filter(game=GAME).values_list("player_id", "mu", "sigma"))
    assert stored == expected, "the recompute and openskill alone disagree"
    times["lock, delete the old, commit"] = recompute.seconds - sum(times.values())
    print(f"{recompute.matches:,} six-seat matches, {recompute.seats:,} seats, {args.players} players")
    print(f"full recompute (read, rate, write snapshots and ratings): {recompute.seconds:.2f} s")
    for name, seconds in times.items():
        print(f"  {name + ':':<45} {seconds:6.2f} s")
    print(f"openskill alone, the same updates in memory:              {alone:.2f} s")
    ratio = recompute.seconds / alone
    print(f"ratio: {ratio:.2f} (goal: at most {GOAL_RATIO:g})")
    write_results("ratings_recompute", {
        "matches": recompute.matches, "seats": recompute.seats, "players": args.players, "seed": args.seed,
        "store_seconds": stored_seconds, "first_recompute_seconds": first,
        "recompute_seconds": recompute.seconds, "phases_seconds": times, "openskill_alone_seconds": alone,
        "ratio": ratio, "goal_ratio": GOAL_RATIO, "goal_met": ratio <= GOAL_RATIO})


if __name__ == "__main__":
    main()
