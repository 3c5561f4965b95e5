"""What the tests share: skips, ports, waiting, workers. The modules of this package hold the
rest: the world of clubs and people (``world``), matches, tournaments, bots, ratings, the
permission matrix's scene; ``tests/factories.py`` holds the factories."""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from celery import Celery

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_LOGS = ROOT / "tests" / "data" / "examples"


def random_game_count(default: int) -> int:
    """How many seeded random games an invariant test plays: ``default`` in ``make test``,
    ``SOAK_GAMES`` (thousands) in ``make soak``."""
    return int(os.environ.get("SOAK_GAMES", default))


def in_ci() -> bool:
    """True under CI, where nothing a test needs may be skipped."""
    return os.environ.get("CI", "").lower() == "true"


def skip_or_fail(reason: str) -> None:
    """Skip with a clear reason on a laptop that lacks a service; fail under CI."""
    if in_ci():
        pytest.fail(f"CI must provide this: {reason}")
    pytest.skip(reason)


def needs_postgresql(what: str) -> None:
    """Skip (fail under CI) where the test database is not PostgreSQL: ``what`` says why."""
    from django.db import connection

    if connection.vendor != "postgresql":
        skip_or_fail(f"{what} needs PostgreSQL (set DATABASE_URL; CI runs this on PostgreSQL)")


def needs_worker_database() -> None:
    """Skip (fail under CI) where a worker process cannot share the test database: SQLite's lives in memory."""
    needs_postgresql("a worker sharing the test database")


def examples() -> list[tuple[str, dict[str, Any]]]:
    """The project's example logs (``tests/examples.py`` makes them), each with the
    verification it must get."""
    lines = (EXAMPLE_LOGS / "expected.jsonl").read_text(encoding="utf-8").splitlines()
    return [(verdict["file"], verdict) for verdict in map(json.loads, lines)]


def worker_database_env() -> dict[str, str]:
    """``DATABASE_URL`` of the test database, for processes that share it (PostgreSQL only:
    the SQLite test database lives in memory)."""
    from django.db import connection

    params = connection.settings_dict
    if connection.vendor != "postgresql":
        return {}
    user = params.get("USER") or ""
    password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
    return {"DATABASE_URL": f"postgres://{user}{password}@{params.get('HOST') or '127.0.0.1'}:"
                            f"{params.get('PORT') or 5432}/{params['NAME']}"}


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check: Callable[[], bool], timeout: float, what: str, logs: Iterable[Path] = ()) -> None:
    """Poll ``check`` until it holds (an OSError counts as not yet); fail after ``timeout``
    seconds, naming ``what`` and showing the end of each log of the processes involved."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.2)
    tails = "\n".join(f"--- {log.name}\n{log.read_text()[-3000:]}" for log in logs if log.exists())
    pytest.fail(f"{what} did not happen within {timeout} s\n{tails}")


@dataclass
class RemoteWorker:
    """A real worker process and a client app that sends tasks to its queue by name."""

    client: Celery
    queue: str

    @property
    def live_prefix(self) -> str:
        """The worker's ``LIVE_EVENTS_PREFIX`` (``tests/conftest.celery_worker``)."""
        return f"live-{self.queue}"

    def run(self, task: str, *args: object, timeout: float = 120) -> object:
        return self.client.send_task(task, args=args, queue=self.queue).get(timeout=timeout)
