"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.servers.basehttp import WSGIServer
from celery import Celery

from tests.helpers import ROOT, RemoteWorker, skip_or_fail, worker_database_env  # noqa: F401 (imported from here of old)
from tests.helpers.live import Site, running_site
from tests.helpers.world import world  # noqa: F401 (the fixture, for every suite)

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15")

# The live test server queues waiting connections like a production server (gunicorn's
# backlog is 2048), not like Django's development server (10): the concurrency tests open
# fifty at once.
WSGIServer.request_queue_size = 256


@pytest.fixture(scope="session", autouse=True)
def fresh_api_cache() -> None:
    """Each run has a new test database, whose ids start again from 1: answers the API cached
    in a shared cache for the last run's database must not be read (docs/api.md, "Caching")."""
    from tournaments.cache import forget_versions

    forget_versions()


def redis_available(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture
def redis_url() -> str:
    """A Redis server for the broker, or a skip (a failure under CI). An empty ``REDIS_URL``
    says there is none."""
    if not REDIS_URL:
        skip_or_fail("no Redis server (REDIS_URL is empty)")
    if not redis_available(REDIS_URL):
        skip_or_fail(f"no Redis server at {REDIS_URL} (set REDIS_URL or start redis-server)")
    return REDIS_URL


@pytest.fixture
def live_site(redis_url: str, settings: Any, tmp_path: Path) -> Iterator[Site]:
    """The site under a real uvicorn sharing the test database, its live events on Redis."""
    with running_site(redis_url, settings, tmp_path) as served:
        yield served


@pytest.fixture
def celery_worker(redis_url: str, tmp_path: Path) -> Iterator[RemoteWorker]:
    """A real Celery worker process on Redis, consuming a queue of its own."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    # Its live events go to the test's Redis under a prefix of its own (RemoteWorker.live_prefix).
    env = {**os.environ, "CELERY_BROKER_URL": redis_url, "PYTHONPATH": str(ROOT), "CELERY_TASK_DEFAULT_QUEUE": queue,
           "LIVE_EVENTS_REDIS_URL": redis_url, "LIVE_EVENTS_PREFIX": f"live-{queue}", **worker_database_env()}
    log = tmp_path / "worker.log"
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue,
         "--without-gossip", "--without-mingle", "--loglevel=INFO", f"--logfile={log}"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    client = Celery("tests", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        deadline = time.monotonic() + 60
        while "ready" not in (log.read_text() if log.exists() else ""):
            if worker.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Celery worker did not start:\n{log.read_text() if log.exists() else ''}")
            time.sleep(0.2)
        yield RemoteWorker(client, queue)
    finally:
        client.close()
        worker.terminate()
        worker.wait(timeout=30)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: object) -> None:
    """Tests create many accounts: a fast hasher keeps them quick (never in production)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_throttle_counts(settings: object) -> None:
    """Each test counts API requests afresh: the throttle's counts live in the cache, which
    may be a Redis server shared with other runs, so each test gets a key prefix of its own."""
    caches = {alias: {**config, "KEY_PREFIX": f"test-{uuid.uuid4().hex[:12]}"}
              for alias, config in settings.CACHES.items()}
    settings.CACHES = caches
