"""Worker faults, for real: Celery worker processes and beat on a Redis of the test's own (with
the append-only persistence docs/deployment.md recommends), PostgreSQL, and a bot tournament
of 210 matches. Workers are killed with SIGKILL in the middle (twice) and replaced, and Redis
is restarted; the tournament completes with every match stored exactly once and standings
byte-identical to an undisturbed in-process run of the same seed.

The broker's visibility timeout, the sweeper's period and the match timeout are set short
(seconds, not the production minutes) so that the test finishes in a few minutes."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery import Celery
from django.db import connection

from tests.helpers import ROOT, free_port, skip_or_fail, wait_until, worker_database_env
from tournaments.models import Club, Match, Tournament
from tournaments.services import tournaments as services
from tournaments.services.bots import builtin_player

ENTRANTS = 21  # a round robin of 21: 210 matches in 21 rounds
SEED = "faults"
STANDING_KEYS = ("rank", "entrant", "points", "tiebreaks", "played", "wins", "draws", "losses", "byes")


class RedisServer:
    """A private redis-server with append-only persistence, which the test may restart."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()  # SIGTERM: Redis writes its append-only file and exits
            self.process.wait(timeout=30)
            self.process = None


class Service:
    """Worker and beat processes of the service against one Redis and the test database."""

    def __init__(self, broker: str, queue: str, logs: Path) -> None:
        self.env = {**os.environ, **worker_database_env(), "CELERY_BROKER_URL": broker, "PYTHONPATH": str(ROOT),
                    "CELERY_TASK_DEFAULT_QUEUE": queue, "BROKER_VISIBILITY_TIMEOUT": "8",
                    "TOURNAMENT_MATCH_TIMEOUT": "6", "SWEEP_SECONDS": "2"}
        self.queue = queue
        self.logs = logs
        self.workers: list[subprocess.Popen[bytes]] = []
        self.others: list[subprocess.Popen[bytes]] = []
        self.started = 0

    def spawn(self, *args: str, name: str) -> subprocess.Popen[bytes]:
        log = self.logs / f"{name}.log"
        return subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", *args, f"--logfile={log}",
                                 "--loglevel=INFO"], cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.STDOUT, start_new_session=True)

    def start_worker(self) -> None:
        self.started += 1
        self.workers.append(self.spawn("worker", "--pool=prefork", "--concurrency=1", "-Q", self.queue,
                                       "--without-gossip", "--without-mingle", "-n", f"w{self.started}@%h",
                                       name=f"worker{self.started}"))

    def start_beat(self) -> None:
        schedule = self.logs / "beat-schedule"
        self.others.append(self.spawn("beat", "--scheduler", "celery.beat:PersistentScheduler",
                                      f"--schedule={schedule}", name="beat"))

    def kill_worker(self) -> None:
        """SIGKILL a worker's whole process group: the main process and its pool child die at once."""
        worker = self.workers.pop(0)
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=30)

    def stop(self) -> None:
        for process in self.workers + self.others:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
        for process in self.workers + self.others:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def bot_tournament(club: Club) -> Tournament:
    tournament = services.create_tournament(club=club, name="Faults", game="leapfrog_race", format="round_robin",
                                            bots=True, seed=SEED, rated=False)
    for number in range(ENTRANTS):
        services.register(tournament, builtin_player(club, "leapfrog_race", f"bot{number:02}",
                                                     "greedy" if number % 3 == 0 else "random"))
    return services.start(tournament)


def standings_text(tournament: Tournament) -> str:
    return json.dumps([{key: row[key] for key in STANDING_KEYS} for row in services.compute_standings(tournament)])


def undisturbed_standings() -> str:
    tournament = bot_tournament(Club.objects.create(name="Quiet", slug="quiet"))
    while matches := services.advance(tournament.pk):
        for match in matches:
            services.play_scheduled(match.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return standings_text(tournament)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None:
        skip_or_fail("redis-server is not installed")
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def done(tournament: Tournament) -> int:
    return Match.objects.filter(tournament=tournament, status=Match.Status.FINISHED).count()


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_killed_workers_and_a_restarted_redis_lose_and_repeat_nothing(redis_server: RedisServer,
                                                                       tmp_path: Path) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail("workers share the test database only on PostgreSQL")
    expected = undisturbed_standings()
    tournament = bot_tournament(Club.objects.create(name="Faulty", slug="faulty"))
    service = Service(redis_server.url, "faults", tmp_path)
    client = Celery("faults", broker=redis_server.url, backend=redis_server.url, set_as_current=False)
    try:
        service.start_worker()
        service.start_worker()
        service.start_beat()
        client.send_task("tournaments.advance_tournament", args=(tournament.pk,), queue=service.queue)
        events: list[str] = []
        for threshold in (40, 100):
            wait_until(lambda: done(tournament) >= threshold, 240, f"{threshold} matches played",
                       tmp_path.glob("*.log"))
            service.kill_worker()
            service.start_worker()
            events.append(f"killed a worker after {done(tournament)} matches")
        wait_until(lambda: done(tournament) >= 150, 240, "150 matches played", tmp_path.glob("*.log"))
        redis_server.stop()
        time.sleep(1)
        redis_server.start()
        events.append(f"restarted Redis after {done(tournament)} matches")
        wait_until(lambda: Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED, 300,
                   "the tournament finishing", tmp_path.glob("*.log"))
    finally:
        client.close()
        service.stop()
    tournament.refresh_from_db()
    matches = Match.objects.filter(tournament=tournament)
    keys = list(matches.values_list("round__number", "pairing", "game_number", "bracket"))
    assert len(keys) == len(set(keys)) == ENTRANTS * (ENTRANTS - 1) // 2, events
    assert all(match.status == Match.Status.FINISHED for match in matches)
    assert standings_text(tournament) == expected, events
