"""Spectators: a thousand live streams of one match on one web process.

    .venv/bin/python bench/spectators.py [--spectators 1000] [--moves 30] [--pause 0.4]

Starts the site as the Procfile's ``web`` does (uvicorn, ``config.asgi``, one process of four
page threads) against PostgreSQL (``BENCH_SPECTATORS_DATABASE_URL``, default the database
``bench_spectators`` on 127.0.0.1, created when missing) and Redis (db 7,
``BENCH_SPECTATORS_REDIS_URL``), opens ``--spectators`` event streams of one match (``--game``, Measure and Tempo by default)
(a club member's session, not seated: the public audience) from a process of their own, and logs the
match's moves one at a time through the service. For each move it measures the time from the
commit to the arrival of its event at the last spectator, beside the baseline: the same event
reaching a bare Redis pub/sub subscriber of the same channel (what Redis and the network cost
alone). It also reports the web process's memory per held connection, and the page's latency
(``GET /matches/<id>/``, sequential) before the spectators connect, while they are connected
and idle, and while moves flow (that client shares the publishing process, so the last
figure also counts the bench's own publishing). The goal: p99 from commit to the last spectator < 250 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
DATABASE_URL = os.environ.get("BENCH_SPECTATORS_DATABASE_URL",
                              "postgres://postgres@127.0.0.1:5432/bench_spectators")
REDIS_URL = os.environ.get("BENCH_SPECTATORS_REDIS_URL", "redis://127.0.0.1:6379/7")
os.environ.update({"DATABASE_URL": DATABASE_URL, "LIVE_EVENTS_REDIS_URL": REDIS_URL, "REDIS_URL": REDIS_URL,
                   "LIVE_EVENTS_PREFIX": "bench-spectators", "DJANGO_SETTINGS_MODULE": "config.settings"})
os.environ.pop("CELERY_BROKER_URL", None)


def now() -> float:
    return time.clock_gettime(time.CLOCK_MONOTONIC)  # one clock for every process of the machine


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# -- the spectators' process -------------------------------------------------------------------------
def spectators(port: int, path: str, cookie: str, count: int, topic: str, ready: Any, results: Any,
               stop: Any) -> None:
    """Open ``count`` streams (and one bare Redis subscriber of ``topic``); record when each
    event id reaches each of them; send the arrivals back when told to stop."""
    raise_file_limit()
    arrivals: dict[str, list[float]] = {}

    async def reader(index: int) -> None:
        stream_reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                     f"Cookie: sessionid={cookie}\r\n\r\n".encode())
        await writer.drain()
        head = await stream_reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise RuntimeError(head.decode(errors="replace"))
        connected.append(index)
        buffer = b""
        while True:
            chunk = await stream_reader.read(1 << 16)
            if not chunk:
                return
            at = now()
            buffer += chunk
            *frames, buffer = buffer.split(b"\n\n")
            for frame in frames:
                for line in frame.split(b"\n"):
                    if line.startswith(b"id: "):
                        arrivals.setdefault(line[4:].decode(), []).append(at)

    connected: list[int] = []

    async def main() -> None:
        tasks = []
        for start in range(0, count, 50):
            tasks += [asyncio.create_task(reader(index)) for index in range(start, min(count, start + 50))]
            while len(connected) < min(count, start + 50):
                await asyncio.sleep(0.01)
                failed = [task for task in tasks if task.done() and task.exception()]
                if failed:
                    raise failed[0].exception()
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.05)
        results.put({"arrivals": arrivals})
        for task in tasks:
            task.cancel()

    asyncio.run(main())


def bare_subscriber(topic: str, ready: Any, results: Any, stop: Any) -> None:
    """The baseline, in a process of its own: one plain Redis pub/sub subscriber of the topic."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(topic)
    ready.set()
    baseline: dict[str, float] = {}
    while not stop.is_set():
        message = pubsub.get_message(timeout=0.05)
        if message:
            baseline[message["data"].split(b" ", 1)[0].decode()] = now()
    results.put(baseline)


# -- the bench ---------------------------------------------------------------------------------------
def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def page_latencies(port: int, path: str, cookie: str, requests: int) -> list[float]:
    times = []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(requests):
        start = now()
        connection.request("GET", path, headers={"Cookie": f"sessionid={cookie}"})
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200, answer.status
        times.append(now() - start)
    connection.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--game", default="measure_and_tempo", help="the match's game (its picture's size "
                        "is most of an event: Leap Frog's 15 x 15 board is some 90 kB, a Measure and Tempo "
                        "position some 8 kB)")
    parser.add_argument("--pause", type=float, default=0.4, help="seconds between two moves")
    parser.add_argument("--page-requests", type=int, default=60)
    arguments = parser.parse_args()
    raise_file_limit()

    import psycopg

    admin = DATABASE_URL.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        name = DATABASE_URL.rsplit("/", 1)[1]
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            connection.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import transaction
    from django.test import Client

    from games.registry import get_game
    from games.runner import make_bot, play_match
    from tournaments import replays
    from tournaments.models import Club, Membership, Player
    from tournaments.services import live_events
    from tournaments.services import matches as match_services

    call_command("migrate", "--no-input", verbosity=0)
    club, _ = Club.objects.get_or_create(slug="bench-spectators", defaults={"name": "Bench spectators"})
    user = User.objects.filter(username="bench-spectator").first() or User.objects.create_user("bench-spectator")
    Membership.objects.get_or_create(user=user, club=club)
    players = [Player.objects.get_or_create(club=club, name=name)[0] for name in ("Ana", "Ben")]
    match = match_services.create_match(club=club, game=arguments.game, players=players, draw_setup=True)
    engine = get_game(arguments.game)
    agents = [make_bot(engine, "random", seat, match.options, 2, random.Random(seat)) for seat in range(2)]
    moves = play_match(engine, agents, options=match.options, setup=match.log.setup)["moves"][:arguments.moves]
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value

    from tests.helpers import free_port  # (a port nothing listens on)

    port = free_port()
    env = {**os.environ, "DEBUG": "false", "WEB_THREADS": "4"}
    web = subprocess.Popen([sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
                            "--port", str(port), "--no-proxy-headers", "--no-access-log", "--log-level", "warning",
                            "--timeout-graceful-shutdown", "1"], cwd=ROOT, env=env, start_new_session=True,
                           preexec_fn=raise_file_limit)
    try:
        for _ in range(200):
            try:
                page_latencies(port, "/health/", cookie, 1)
                break
            except OSError:
                time.sleep(0.1)
        page = f"/matches/{match.pk}/"
        page_latencies(port, page, cookie, 10)  # warm up
        quiet_pages = page_latencies(port, page, cookie, arguments.page_requests)
        before = rss_kib(web.pid)

        topic = live_events.match_topic(match.pk, replays.view_of(match, user).key)
        context = multiprocessing.get_context("spawn")
        ready, stop, results = context.Event(), context.Event(), context.Queue()
        crowd = context.Process(target=spectators, args=(port, f"{page}events/", cookie, arguments.spectators,
                                                         topic, ready, results, stop))
        bare_ready, bare_results = context.Event(), context.Queue()
        bare = context.Process(target=bare_subscriber, args=(topic, bare_ready, bare_results, stop))
        bare.start()
        crowd.start()
        if not ready.wait(300) or not bare_ready.wait(60):
            raise SystemExit("the spectators did not all connect")
        connected_at = rss_kib(web.pid)
        idle_pages = page_latencies(port, page, cookie, arguments.page_requests)  # connected, no moves

        committed: dict[str, float] = {}
        real_publish = live_events.publish

        def publish(topics: dict[str, Any]) -> dict[str, str]:
            ids = real_publish(topics)
            if topic in ids:
                committed[ids[topic]] = stamp[0]
            return ids

        live_events.publish = publish
        stamp = [0.0]
        busy_pages: list[float] = []
        done = threading.Event()

        def pages_meanwhile() -> None:
            while not done.is_set():
                busy_pages.extend(page_latencies(port, page, cookie, 5))

        browsing = threading.Thread(target=pages_meanwhile)
        browsing.start()
        for index, move in enumerate(moves):
            with transaction.atomic():
                transaction.on_commit(lambda: stamp.__setitem__(0, now()))  # runs first: the commit's time
                match_services.append_move(match.pk, move=move, index=index)
            time.sleep(arguments.pause)
        done.set()
        browsing.join()
        time.sleep(1)
        after = rss_kib(web.pid)
        stop.set()
        measured = results.get(timeout=120)
        measured["baseline"] = bare_results.get(timeout=60)
        crowd.join(30)
        bare.join(30)
    finally:
        os.killpg(web.pid, signal.SIGTERM)
        web.wait(30)

    lasts, bare, beyond, missing = [], [], [], 0
    for event_id, at in committed.items():
        times = measured["arrivals"].get(event_id, [])
        if len(times) < arguments.spectators:
            missing += arguments.spectators - len(times)
            continue
        lasts.append(max(times) - at)
        if event_id in measured["baseline"]:
            bare.append(measured["baseline"][event_id] - at)
            beyond.append(max(times) - measured["baseline"][event_id])
    sizes = [len(data) for _, data in live_events.events_after(topic, "0-0")]
    report = {
        "game": arguments.game, "event_bytes": round(statistics.mean(sizes)) if sizes else 0,
        "spectators": arguments.spectators, "moves": len(committed), "events_missed": missing,
        "last_spectator_ms": {"p50": round(percentile(lasts, 0.5) * 1000, 1),
                              "p99": round(percentile(lasts, 0.99) * 1000, 1)},
        "bare_redis_subscriber_ms": {"p50": round(percentile(bare, 0.5) * 1000, 2),
                                     "p99": round(percentile(bare, 0.99) * 1000, 2)},
        "last_spectator_after_bare_subscriber_ms": {"p50": round(percentile(beyond, 0.5) * 1000, 1),
                                                    "p99": round(percentile(beyond, 0.99) * 1000, 1)},
        "ratio_p50_to_bare": round(percentile(lasts, 0.5) / percentile(bare, 0.5), 2),
        "memory_per_connection_kib": round((connected_at - before) / arguments.spectators, 1),
        "memory_per_connection_after_moves_kib": round((after - before) / arguments.spectators, 1),
        "web_rss_mib": {"before": round(before / 1024, 1), "connected": round(connected_at / 1024, 1),
                        "after": round(after / 1024, 1)},
        "page_ms": {"quiet_p50": round(statistics.median(quiet_pages) * 1000, 1),
                    "quiet_p99": round(percentile(quiet_pages, 0.99) * 1000, 1),
                    "connected_idle_p50": round(statistics.median(idle_pages) * 1000, 1),
                    "connected_idle_p99": round(percentile(idle_pages, 0.99) * 1000, 1),
                    "ratio_idle_p50": round(statistics.median(idle_pages) / statistics.median(quiet_pages), 2),
                    "connected_p50": round(statistics.median(busy_pages) * 1000, 1),
                    "connected_p99": round(percentile(busy_pages, 0.99) * 1000, 1),
                    "ratio_p50": round(statistics.median(busy_pages) / statistics.median(quiet_pages), 2)},
        "goal_p99_under_250_ms": percentile(lasts, 0.99) < 0.25,
    }
    print(json.dumps(report, indent=2))
    os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", "spectators.json"), "w") as out:
        json.dump(report, out, indent=2)


if __name__ == "__main__":
    main()
