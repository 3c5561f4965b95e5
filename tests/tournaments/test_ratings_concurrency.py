"""Several real Celery workers finish rated matches at once, on PostgreSQL: each result and
each ratings update runs in a worker process with its own database connection, in whatever
order the workers get to them. The ratings they leave are exactly a sequential replay's."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from celery import Celery
from django.db import connection

from games.registry import get_game
from games.seeding import commitment, derive_rng
from tests.helpers import ROOT, skip_or_fail, worker_database_env
from tests.helpers.ratings import EPOCH, from_scratch, rating_state
from tournaments.models import Club, Match, RatingMark
from tournaments.services.bots import builtin_player
from tournaments.services.matches import insert_match

WORKERS = 3
MATCHES = 36
GAME = "leapfrog_race"


def start_worker(redis_url: str, queue: str, log: Path) -> subprocess.Popen:
    env = {**os.environ, "CELERY_BROKER_URL": redis_url, "PYTHONPATH": str(ROOT), "CELERY_TASK_DEFAULT_QUEUE": queue,
           **worker_database_env()}
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue, "-n", f"{log.stem}@%h",
         "--without-gossip", "--without-mingle", "--loglevel=INFO", f"--logfile={log}"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


@pytest.fixture
def workers(redis_url: str, tmp_path: Path) -> Iterator[tuple[Celery, str]]:
    """Several worker processes consuming one queue of their own; a client app to send to it."""
    queue = f"test-ratings-{uuid.uuid4().hex[:8]}"
    logs = [tmp_path / f"worker{index}.log" for index in range(WORKERS)]
    processes = [start_worker(redis_url, queue, log) for log in logs]
    client = Celery("tests", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        deadline = time.monotonic() + 60
        for process, log in zip(processes, logs, strict=True):
            while "ready" not in (log.read_text() if log.exists() else ""):
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"a Celery worker did not start:\n{log.read_text() if log.exists() else ''}")
                time.sleep(0.2)
        yield client, queue
    finally:
        client.close()
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def scheduled_matches(club: Club, rng: random.Random) -> list[Match]:
    """Bot matches of two to six seats, their played times shuffled against their ids, so that
    the workers finish them far from rating order."""
    engine = get_game(GAME)
    bots = [builtin_player(club, GAME, f"bot{index}", ["random", "greedy"][index % 2]) for index in range(8)]
    minutes = list(range(MATCHES))
    rng.shuffle(minutes)
    matches = []
    for number, minute in enumerate(minutes):
        seated = rng.sample(bots, rng.randint(2, 6))
        seed = f"concurrent-{number}"
        options = engine.parse_options({}, len(seated))
        setup = engine.random_setup(options, len(seated), derive_rng(seed, "setup"))
        matches.append(insert_match(players=seated, setup=setup, club=club, game=GAME, options=options, seed=seed,
                                    commitment=commitment(seed), status=Match.Status.SCHEDULED,
                                    played_at=EPOCH + timedelta(minutes=minute // 2)))  # pairs share a time
    return matches


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_concurrent_results_on_several_workers_equal_a_sequential_replay(workers: tuple[Celery, str]) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail("workers share the test database only on PostgreSQL (CI runs this on PostgreSQL)")
    client, queue = workers
    club = Club.objects.create(name="Concurrent", slug="concurrent")
    matches = scheduled_matches(club, random.Random(7))
    # A wave of matches per worker at a time: each wave's results land at once, while the
    # ratings updates of the waves before are still running on the same workers, and most
    # waves hold matches played before ones already rated.
    for wave in range(0, MATCHES, WORKERS):
        results = [client.send_task("tournaments.play_bot_match", args=(match.pk,), queue=queue)
                   for match in matches[wave:wave + WORKERS]]
        for result in results:
            result.get(timeout=300)
    deadline = time.monotonic() + 120
    while RatingMark.objects.filter(game=GAME).exists():  # the last ratings updates are still running
        assert time.monotonic() < deadline, "the workers left ratings changes unapplied"
        time.sleep(0.2)
    assert Match.objects.filter(club=club, status=Match.Status.FINISHED).count() == MATCHES
    on_workers = rating_state(GAME)
    assert len(on_workers["snapshots"]) == sum(match.seats.count() for match in matches)
    assert on_workers == from_scratch(GAME)
