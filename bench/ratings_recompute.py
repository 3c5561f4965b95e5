"""A full ratings recompute of 100,000 stored six-seat matches, beside openskill alone.

    .venv/bin/python bench/ratings_recompute.py [--matches 100000] [--players 60] [--seed 1]

Stores the matches in PostgreSQL (``BENCH_DATABASE_URL``, default the database ``bench`` on
127.0.0.1, created when missing; reused when it already holds the same matches), then times
``recompute_ratings`` (read the seats, rate, write every snapshot and rating) and openskill
alone on the same updates in memory, in the same process, and prints the ratio.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench")
os.environ["DATABASE_URL"] = DATABASE_URL
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.pop("CELERY_BROKER_URL", None)

GAME = "froggit"
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


def store(matches: int, players: int, seed: str) -> list[tuple[list[int], list[int]]]:
    """The bench club's matches, stored once (bulk writes); answer them in rating order as
    (player ids, ranks), for openskill alone."""
    from django.db import transaction

    from tournaments.models import Club, Match, Player, Rating, RatingCursor, RatingMark, Seat, SeatRating

    rng = random.Random(seed)
    tables = [(rng.sample(range(players), 6), places(rng, 6)) for _ in range(matches)]
    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    stored = Match.objects.filter(club=club, game=GAME)
    fingerprint = f"{matches}-{players}-{seed}"
    if stored.count() != matches or club.name != f"Bench {fingerprint}":
        started = time.perf_counter()
        with transaction.atomic():
            SeatRating.objects.filter(game=GAME).delete()
            Rating.objects.filter(game=GAME).delete()
            RatingMark.objects.filter(game=GAME).delete()
            RatingCursor.objects.filter(game=GAME).delete()
            Seat.objects.filter(match__club=club).delete()
            stored.delete()
            Player.objects.filter(club=club).delete()
            people = Player.objects.bulk_create(Player(club=club, name=f"bot {index}", kind=Player.Kind.BOT)
                                                for index in range(players))
            created = Match.objects.bulk_create(
                (Match(club=club, game=GAME, status=Match.Status.FINISHED, rated=True,
                       played_at=EPOCH + timedelta(seconds=index), options={}) for index in range(matches)),
                batch_size=5000)
            Seat.objects.bulk_create(
                (Seat(match=match, index=index, player=people[seated], rank=ranks[index])
                 for match, (table, ranks) in zip(created, tables, strict=True)
                 for index, seated in enumerate(table)), batch_size=10_000)
            club.name = f"Bench {fingerprint}"
            club.save(update_fields=["name"])
        print(f"stored {matches:,} six-seat matches in {time.perf_counter() - started:.1f} s", flush=True)
    ids = list(Player.objects.filter(club=club).order_by("pk").values_list("pk", flat=True))
    return [([ids[seated] for seated in table], ranks) for table, ranks in tables]


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    if args.players < 6 or args.matches < 1:
        parser.error("at least 6 players and 1 match")
    ensure_database()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tournaments.models import Rating
    from tournaments.services.ratings import recompute_ratings

    tables = store(args.matches, args.players, args.seed)
    recompute = recompute_ratings(GAME)
    alone, expected = openskill_alone(tables)
    stored = dict((player, (mu, sigma)) for player, mu, sigma in
                  Rating.objects.filter(game=GAME).values_list("player_id", "mu", "sigma"))
    assert stored == expected, "the recompute and openskill alone disagree"
    print(f"{recompute.matches:,} six-seat matches, {recompute.seats:,} seats, {args.players} players")
    print(f"full recompute (read, rate, write snapshots and ratings): {recompute.seconds:.2f} s")
    print(f"openskill alone, the same updates in memory:              {alone:.2f} s")
    print(f"ratio: {recompute.seconds / alone:.2f}")


if __name__ == "__main__":
    main()
