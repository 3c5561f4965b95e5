"""Live updates in tests: the site under a real uvicorn (the Procfile's web server) sharing the
test database and a Redis of its own, an event stream read line by line, and matches whose
moves are logged one at a time."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection
from django.test import Client

from games.registry import get_game
from games.runner import make_bot, play_match
from tests.helpers import ROOT, free_port, skip_or_fail, wait_until, worker_database_env
from tournaments.models import Match


def live_settings(settings_fixture: Any, redis_url: str) -> str:
    """Point live events at ``redis_url`` under a prefix of this test's own; the prefix."""
    prefix = f"test-live-{uuid.uuid4().hex[:10]}"
    settings_fixture.LIVE_EVENTS_REDIS_URL = redis_url
    settings_fixture.LIVE_EVENTS_PREFIX = prefix
    return prefix


def moves_of(match: Match, seed: str = "live") -> list[Any]:
    """A whole game's moves for ``match`` (random legal moves from its setup)."""
    engine = get_game(match.game)
    seats = match.seats.count()
    agents = [make_bot(engine, "random", seat, match.options, seats, random.Random(f"{seed}/{seat}"))
              for seat in range(seats)]
    return list(play_match(engine, agents, options=match.options, setup=match.log.setup)["moves"])


def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def sign_in(person: Any, user: Any) -> None:
    """Give a browser ``user``'s session: open a page of the site, then set its cookie."""
    person.open("/leaderboards/")
    person.driver.add_cookie({"name": settings.SESSION_COOKIE_NAME, "value": session_cookie(user), "path": "/"})


class Site:
    """``uvicorn config.asgi:application`` in a process of its own (stopped and started again
    on the same port by ``restart``)."""

    def __init__(self, log: Path, redis_url: str, prefix: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.env = {**os.environ, **worker_database_env(), "LIVE_EVENTS_REDIS_URL": redis_url,
                    "LIVE_EVENTS_PREFIX": prefix, "CELERY_BROKER_URL": "", "DEBUG": "false"}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
                 "--port", str(self.port), "--no-proxy-headers", "--timeout-graceful-shutdown", "1"],
                cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        wait_until(self.healthy, 60, "uvicorn answering /health/", [self.log])

    def healthy(self) -> bool:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
        try:
            connection.request("GET", "/health/")
            return connection.getresponse().status == 200
        finally:
            connection.close()

    def stop(self) -> None:
        if self.process is None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


class Stream:
    """One event stream, read event by event."""

    def __init__(self, site: Site, path: str, cookie: str | None = None, last_id: str | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=20)
        headers = {"Accept": "text/event-stream"}
        if cookie:
            headers["Cookie"] = f"{settings.SESSION_COOKIE_NAME}={cookie}"
        if last_id:
            headers["Last-Event-ID"] = last_id
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.status = self.response.status

    def next_event(self) -> tuple[str, dict[str, Any]]:
        """The next event's id and payload (comments and the retry field skipped)."""
        event_id, data = "", ""
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            text = line.decode().rstrip("\n")
            if text.startswith("id: "):
                event_id = text[4:]
            elif text.startswith("data: "):
                data = text[6:]
            elif text == "" and data:
                return event_id, json.loads(data)

    def close(self) -> None:
        self.connection.close()


@contextmanager
def running_site(redis_url: str, settings_fixture: Any, folder: Path) -> Iterator[Site]:
    """The site under uvicorn for one test, its log in ``folder``; PostgreSQL only, since the
    web process must share the test database."""
    if connection.vendor != "postgresql":
        skip_or_fail("the web process shares the test database only on PostgreSQL")
    served = Site(folder / "uvicorn.log", redis_url, live_settings(settings_fixture, redis_url))
    served.start()
    try:
        yield served
    finally:
        served.stop()
