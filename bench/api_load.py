"""The API under load: leaderboard, a tournament's standings and a match's log, beside a trivial endpoint.

    .venv/bin/python bench/api_load.py [--matches 100000] [--players 1000] [--seconds 10] [--rate 200] [--gzip]

Stores 100,000 finished two-seat ``leapfrog_race`` matches (logs, seats) among 1,000 players
in PostgreSQL (``BENCH_API_DATABASE_URL``, default the database ``bench_api_run`` on
127.0.0.1, created when missing, reused when it already holds the same data), with three
finished tournaments among them (a 100-entrant round robin of 4,950 matches, a Swiss, an
elimination) and the ratings recomputed by the service. Then starts gunicorn as the
Procfile's ``web`` does (``DEBUG`` off, ``PRODUCTION`` on but over plain HTTP on 127.0.0.1,
the cache in Redis db 6, API throttling set so high that it never refuses: its counting still
runs on every request) and measures, for ``GET /api/`` (the baseline: the cheapest DRF
endpoint, the API root's constant list of links, behind the same middleware, authentication,
throttling, content negotiation and rendering; ``/api/games/`` builds each game's description
and is slower than the cached endpoints) and the three endpoints:

- the most requests a second wrk gets at a fixed number of connections, with p50 and p99;
- p50 and p99 at a fixed rate (200 a second), open loop: each request is sent at its planned
  time whatever the earlier ones did, and its latency counts from that time;

and prints each endpoint's ratio to the baseline, measured again on the same server just
before each endpoint (the load of a shared machine drifts). The logs are 256 real engine logs of
random bots, each stored under many matches (its seats' players vary).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
DATABASE_URL = os.environ.get("BENCH_API_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_api_run")
REDIS_URL = os.environ.get("BENCH_API_REDIS_URL", "redis://127.0.0.1:6379/6")
os.environ["DATABASE_URL"] = DATABASE_URL
os.environ["REDIS_URL"] = REDIS_URL
os.environ.pop("CACHE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.pop("CELERY_BROKER_URL", None)

warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collected static files here

from bulk import copy_instances, drop_database, ensure_database, reset_sequences  # noqa: E402

GAME = "leapfrog_race"
CLUB = "bench-api"
EPOCH = datetime(2025, 1, 1, tzinfo=UTC)
POOL = 256
#: A rate far above anything measured here: throttling still counts every request in Redis,
#: as in production, but never refuses one.
NO_LIMIT = "100000000/second"


# -- the data -----------------------------------------------------------------------------------------

def fingerprint(args: argparse.Namespace) -> str:
    return f"Bench API {args.matches}-{args.players}-{args.entrants}-{args.seed}"


def stored(args: argparse.Namespace) -> bool:
    """Whether the database already holds this run's data (its club carries the fingerprint)."""
    from tournaments.models import Club

    club = Club.objects.filter(slug=CLUB).first()
    return club is not None and club.name == fingerprint(args)


def pool_logs(seed: str) -> list[dict[str, Any]]:
    """Real engine logs of two random bots, checked by the service's verifier, with the
    fields a stored match takes from them."""
    from games.registry import get_game
    from games.runner import play_bots
    from tournaments.services.matches import checked

    game = get_game(GAME)
    logs = []
    for index in range(POOL):
        log = play_bots(game, ["random", "random"], seed=f"api-{seed}-{index}")
        outcome = checked(log)
        logs.append({"options": outcome.options, "seed": log["seed"], "commitment": log["commitment"],
                     "setup": outcome.setup, "moves": list(outcome.state.moves),
                     "forfeits": [forfeit.to_json() for forfeit in outcome.forfeits],
                     "result": outcome.result.to_json(), "ranks": tuple(outcome.result.ranks),
                     "scores": tuple(outcome.result.scores)})
    return logs


def play_tournament(fmt: Any, rng: random.Random, logs: list[dict[str, Any]]) -> list[tuple[Any, int]]:
    """Every game the format pairs until it is over, each decided by a pool log: (outcome, log index)."""
    from tournaments import formats

    decided: list[Any] = []
    played: list[tuple[Any, int]] = []
    active = list(fmt.entrants)
    while games := fmt.next_games([outcome for outcome, _ in played] + decided, active):
        for game in games:
            if game.bye:
                decided.append(formats.Outcome(game=game, ranks=(1,), scores=(0,)))
                continue
            which = rng.randrange(len(logs))
            played.append((formats.Outcome(game=game, ranks=logs[which]["ranks"], scores=logs[which]["scores"]),
                           which))
    return played + [(outcome, -1) for outcome in decided]


def seed_data(args: argparse.Namespace) -> None:
    """Store the players, matches (with logs and seats), tournaments and ratings with COPY."""
    from django.db import transaction

    from tournaments import formats
    from tournaments.models import Bye, Club, Entrant, Match, MatchLog, Player, Round, Seat, Tournament
    from tournaments.services.ratings import recompute_ratings
    from tournaments.services.tournaments import compute_standings, settings_of

    started = time.perf_counter()
    rng = random.Random(args.seed)
    logs = pool_logs(args.seed)
    with transaction.atomic():
        club = Club.objects.create(slug=CLUB, name=fingerprint(args), public=True)
        people = Player.objects.bulk_create(Player(club=club, name=f"player {index:04d}")
                                            for index in range(args.players))
        matches: list[Match] = []
        match_logs: list[int] = []
        seats: list[Seat] = []

        def add_match(players: Sequence[int], which: int, **fields: Any) -> None:
            log = logs[which]
            match = Match(id=len(matches) + 1, club=club, game=GAME, options=log["options"], seed=log["seed"],
                          commitment=log["commitment"], status=Match.Status.FINISHED, rated=True,
                          played_at=EPOCH + timedelta(seconds=len(matches)), move_count=len(log["moves"]),
                          result=log["result"], **fields)
            matches.append(match)
            match_logs.append(which)
            for index, player in enumerate(players):
                seats.append(Seat(id=len(seats) + 1, match_id=match.id, index=index, player_id=player,
                                  rank=log["ranks"][index], score=log["scores"][index]))

        plans = [("Bench round robin", Tournament.Format.ROUND_ROBIN, args.entrants, {}),
                 ("Bench Swiss", Tournament.Format.SWISS, 64, {"rounds": 6}),
                 ("Bench knockout", Tournament.Format.SINGLE_ELIMINATION, 32, {})]
        for name, format_name, size, format_settings in plans:
            tournament = Tournament.objects.create(club=club, name=name, game=GAME, format=format_name,
                                                   format_settings=format_settings, seed=f"{name}-{args.seed}",
                                                   status=Tournament.Status.FINISHED)
            chosen = rng.sample(people, size)
            entrants = Entrant.objects.bulk_create(Entrant(tournament=tournament, player=player, seed=index + 1)
                                                   for index, player in enumerate(chosen))
            player_of = {entrant.pk: entrant.player_id for entrant in entrants}
            fmt = formats.make_format(settings_of(tournament), [entrant.pk for entrant in entrants],
                                      rng_seed=tournament.seed)
            played = play_tournament(fmt, rng, logs)
            numbers = sorted({outcome.game.round for outcome, _ in played})
            rounds = {number: Round.objects.create(tournament=tournament, number=number,
                                                   status=Round.Status.COMPLETE) for number in numbers}
            byes = []
            for outcome, which in played:
                game = outcome.game
                if game.bye:
                    byes.append(Bye(tournament=tournament, round=rounds[game.round], entrant_id=game.seats[0],
                                    pairing=game.pairing, bracket=game.bracket))
                    continue
                add_match([player_of[entrant] for entrant in game.seats], which, tournament_id=tournament.pk,
                          round_id=rounds[game.round].pk, pairing=game.pairing, game_number=game.number,
                          bracket=game.bracket)
            Bye.objects.bulk_create(byes)
            count = sum(1 for match in matches if match.tournament_id == tournament.pk)
            Tournament.objects.filter(pk=tournament.pk).update(
                current_round=numbers[-1], total_rounds=numbers[-1], matches_done=count, matches_total=count)
        if len(matches) > args.matches:
            raise SystemExit(f"the tournaments alone take {len(matches):,} matches: ask for more than that")
        ids = [player.pk for player in people]
        while len(matches) < args.matches:
            add_match(rng.sample(ids, 2), rng.randrange(len(logs)))
        copy_instances(Match, matches)
        copy_instances(MatchLog, (MatchLog(match_id=match.id, setup=logs[which]["setup"], moves=logs[which]["moves"],
                                           forfeits=logs[which]["forfeits"])
                                  for match, which in zip(matches, match_logs, strict=True)))
        copy_instances(Seat, seats)
        reset_sequences(Match, Seat)
        for tournament in Tournament.objects.filter(club=club):
            tournament.standings = compute_standings(tournament)
            tournament.save(update_fields=["standings"])
    print(f"stored {len(matches):,} matches, {len(seats):,} seats, {args.players:,} players "
          f"in {time.perf_counter() - started:.1f} s", flush=True)
    applied = recompute_ratings(GAME)
    print(f"ratings recomputed by the service in {applied.seconds:.1f} s", flush=True)
    from django.db import DatabaseError, connection

    with connection.cursor() as cursor:  # the planner's statistics, as autovacuum would gather them
        cursor.execute("VACUUM ANALYZE")
        # Write the freshly stored pages out now, not in a checkpoint during the measurements
        # (a run right after storing the data served the trivial endpoint at half its rate).
        try:
            cursor.execute("CHECKPOINT")
        except DatabaseError as error:  # only superusers and pg_checkpoint may
            print(f"no CHECKPOINT after storing ({error}): the first figures may include one", flush=True)


def prepare(args: argparse.Namespace) -> None:
    """The bench database, holding this run's data: reused, or dropped and filled afresh."""
    import django

    existed = ensure_database(DATABASE_URL)
    django.setup()
    from django.core.management import call_command

    if existed:
        call_command("migrate", verbosity=0)
        if stored(args) and not args.reseed:
            print(f"reusing the data in {DATABASE_URL.rsplit('/', 1)[-1]}", flush=True)
            return
        drop_database(DATABASE_URL)
        ensure_database(DATABASE_URL)
    call_command("migrate", verbosity=0)
    seed_data(args)


def targets(args: argparse.Namespace) -> dict[str, list[str]]:
    """Each endpoint's addresses, cycled through by the load: every leaderboard page, the big
    tournament's standings, the logs of 1,000 matches drawn at random."""
    from tournaments.models import Club, Match, Tournament

    club = Club.objects.get(slug=CLUB)
    big = Tournament.objects.get(club=club, name="Bench round robin")
    pages = (args.players + 49) // 50
    rng = random.Random(f"{args.seed}-targets")
    ids = list(Match.objects.filter(club=club).values_list("pk", flat=True))
    return {"baseline": ["/api/"],
            "leaderboard": [f"/api/ratings/{GAME}/?page={page}" for page in range(1, pages + 1)],
            "standings": [f"/api/tournaments/{big.pk}/standings/"],
            "match log": [f"/api/matches/{pk}/log/" for pk in rng.sample(ids, min(1000, len(ids)))]}


def queries_per_request(paths: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """SQL queries of each endpoint's first address, in this process: with an empty cache and
    again with it warm; and the time of the request with the empty cache (what the first
    request after a change costs)."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    client = Client()
    counts = {}
    for name, addresses in paths.items():
        counts[name] = {}
        for state in ("cold", "warm"):
            started = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(addresses[0])
            if state == "cold":
                counts[name]["cold_ms"] = round(1000 * (time.perf_counter() - started), 1)
            if response.status_code != 200:
                raise SystemExit(f"{addresses[0]} answered {response.status_code}: {response.content[:300]!r}")
            counts[name][state] = len(queries)
    cache.clear()
    return counts


# -- the server -----------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_gunicorn(args: argparse.Namespace, port: int, log: Any) -> subprocess.Popen:
    """gunicorn as the Procfile's ``web`` runs it, in a process group of its own."""
    env = dict(os.environ, DEBUG="false", PRODUCTION="true", SECRET_KEY="bench-api-not-a-secret",
               SECURE_SSL_REDIRECT="false", SECURE_COOKIES="false", BEHIND_PROXY="false",
               THROTTLE_ANON=NO_LIMIT, THROTTLE_USER=NO_LIMIT, WEB_CONCURRENCY=str(args.workers),
               WEB_THREADS=str(args.threads))
    command = [os.path.join(ROOT, ".venv", "bin", "gunicorn"), "config.wsgi", "--bind", f"127.0.0.1:{port}",
               "--workers", str(args.workers), "--threads", str(args.threads),
               "--access-logfile", "-", "--error-logfile", "-"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log,
                            start_new_session=True)


def stop(server: subprocess.Popen) -> None:
    """Stop gunicorn and its workers (its process group): its quick shutdown (SIGINT), not
    waiting for queued requests, and SIGKILL when it lingers."""
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def wait_ready(port: int, server: subprocess.Popen, timeout: float = 60) -> None:
    import http.client

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/api/")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within a minute")


# -- the load ------------------------------------------------------------------------------------------

def wrk_script(paths: list[str], directory: str) -> str:
    """A wrk script cycling through ``paths`` (each wrk thread from its own start)."""
    path = os.path.join(directory, f"paths-{abs(hash(tuple(paths)))}.lua")
    with open(path, "w", encoding="utf-8") as out:
        out.write("local paths = {" + ",".join(f'"{address}"' for address in paths) + "}\n")
        out.write("local i = math.random(#paths)\n")
        out.write('request = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n')
    return path


def milliseconds(text: str) -> float:
    units = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}
    for unit in ("us", "ms", "s", "m"):
        if text.endswith(unit):
            return round(float(text[: -len(unit)]) * units[unit], 2)
    raise ValueError(f"unknown wrk duration {text!r}")


#: Extra request headers for wrk and the pacer (``--gzip`` adds ``Accept-Encoding: gzip``).
HEADERS: dict[str, str] = {}


def run_wrk(port: int, script: str, connections: int, seconds: int) -> dict[str, Any]:
    """Closed loop at ``connections``: requests a second, p50 and p99 (wrk ``--latency``)."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "30s", "--latency", "-s", script,
               *(part for name, value in HEADERS.items() for part in ("-H", f"{name}: {value}")),
               f"http://127.0.0.1:{port}"]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    figures: dict[str, Any] = {"connections": connections, "errors": 0}
    for line in output.splitlines():
        words = line.split()
        if line.startswith("Requests/sec:"):
            figures["requests_per_second"] = round(float(words[1]), 1)
        elif words[:1] == ["50%"]:
            figures["p50_ms"] = milliseconds(words[1])
        elif words[:1] == ["99%"]:
            figures["p99_ms"] = milliseconds(words[1])
        elif line.strip().startswith(("Non-2xx", "Socket errors")):
            figures["errors"] += sum(int(word.strip(",")) for word in words if word.strip(",").isdigit())
    return figures


async def paced(port: int, paths: list[str], rate: float, seconds: float, connections: int = 64,
                grace: float = 10) -> dict[str, Any]:
    """Open loop: request ``i`` is due at ``i / rate`` seconds; ``connections`` keep-alive
    connections (opened first) take the due requests in turn, and each latency counts from
    the due time, so a slow server is not excused by the client waiting for it."""
    total = int(rate * seconds)
    due: asyncio.Queue[tuple[int, float] | None] = asyncio.Queue()
    latencies: list[float] = []
    answered: set[int] = set()
    errors = 0

    async def connect() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection("127.0.0.1", port)

    async def worker(reader: asyncio.StreamReader | None, writer: asyncio.StreamWriter | None) -> None:
        nonlocal errors
        while (item := await due.get()) is not None:
            index, at = item
            extra = "".join(f"{name}: {value}\r\n" for name, value in HEADERS.items())
            request = f"GET {paths[index % len(paths)]} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}\r\n".encode()
            try:
                if writer is None:
                    reader, writer = await connect()
                writer.write(request)
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                headers = {name.lower(): value.strip() for name, _, value in
                           (line.partition(":") for line in lines[1:] if line)}
                await reader.readexactly(int(headers.get("content-length", "0")))
                latencies.append(time.perf_counter() - at)
                answered.add(index)
                if lines[0].split()[1] != "200":
                    errors += 1
                if headers.get("connection", "").lower() == "close":
                    writer.close()
                    reader = writer = None
            except (OSError, asyncio.IncompleteReadError, ValueError):
                errors += 1
                if writer is not None:
                    writer.close()
                reader = writer = None
        if writer is not None:
            writer.close()

    # The connections are open before the clock starts, as a client's pool would be: the
    # figure is the latency of requests, not of setting up 64 connections at once.
    opened = [await connect() for _ in range(connections)]
    workers = [asyncio.create_task(worker(reader, writer)) for reader, writer in opened]
    start = time.perf_counter() + 0.05
    for index in range(total):
        at = start + index / rate
        delay = at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        due.put_nowait((index, at))
    for _ in workers:
        due.put_nowait(None)
    # A server that cannot keep up would keep the run going for as long as its backlog: stop
    # waiting after a grace period, counting each unanswered request as answered now (a
    # lower bound on its latency).
    _, pending = await asyncio.wait(workers, timeout=grace)
    for task in pending:
        task.cancel()
    ended = time.perf_counter()
    unanswered = total - len(latencies)
    latencies.extend(ended - (start + index / rate) for index in range(total) if index not in answered)
    elapsed = ended - start
    ordered = sorted(latencies)

    def percentile(share: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2) if ordered else 0.0

    return {"rate": rate, "requests": total, "unanswered": unanswered,
            "achieved_per_second": round((total - unanswered) / elapsed, 1),
            "p50_ms": percentile(0.50), "p99_ms": percentile(0.99), "max_ms": percentile(1.0),
            "mean_ms": round(1000 * statistics.fmean(ordered), 2) if ordered else 0.0, "errors": errors}


# -- the run -------------------------------------------------------------------------------------------

def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000, help="matches stored (default 100,000)")
    parser.add_argument("--players", type=int, default=1000, help="players among them (default 1,000)")
    parser.add_argument("--entrants", type=int, default=100, help="entrants of the big round robin (default 100)")
    parser.add_argument("--seed", default="1", help="seeds the data and the addresses requested")
    parser.add_argument("--reseed", action="store_true", help="store the data afresh even when it is there")
    parser.add_argument("--seconds", type=int, default=10, help="each measured run's length (default 10)")
    parser.add_argument("--warmup", type=int, default=3, help="seconds of load before each endpoint's runs")
    parser.add_argument("--connections", type=int, default=16, help="wrk's connections (default 16)")
    parser.add_argument("--rate", type=float, default=200, help="the fixed rate, requests a second (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2, for 2 cores)")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker (default 4)")
    parser.add_argument("--gzip", action="store_true",
                        help="send Accept-Encoding: gzip, as browsers and HTTP libraries do (default: not)")
    parser.add_argument("--only", choices=["baseline", "leaderboard", "standings", "match log"], action="append",
                        help="measure these endpoints only (the baseline is always measured)")
    args = parser.parse_args()
    if args.players < 64 or args.entrants < 2 or args.entrants > args.players:
        parser.error("at least 64 players, and between 2 entrants and --players in the round robin")
    if args.matches < args.entrants * (args.entrants - 1) // 2 + 300:
        parser.error("--matches must leave room for the tournaments' matches (the round robin's, plus 300)")
    if args.seconds <= 0 or args.warmup < 0 or args.rate <= 0:
        parser.error("--seconds and --rate must be positive, --warmup not negative")
    if args.connections < 1 or args.workers < 1 or args.threads < 1:
        parser.error("--connections, --workers and --threads must be at least 1")
    if shutil.which("wrk") is None:
        parser.error("wrk is not installed (apt-get install -y wrk)")
    return args


def main() -> None:
    args = parse_args()
    if args.gzip:
        HEADERS["Accept-Encoding"] = "gzip"
    prepare(args)
    paths = targets(args)
    if args.only:
        paths = {name: addresses for name, addresses in paths.items() if name == "baseline" or name in args.only}
    queries = queries_per_request(paths)
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()  # this bench's db: no cache or throttle counts from before
    port = free_port()
    figures: dict[str, Any] = {"matches": args.matches, "players": args.players, "entrants": args.entrants,
                               "workers": args.workers, "threads": args.threads, "seconds": args.seconds,
                               "accept_encoding": HEADERS.get("Accept-Encoding", ""),
                               "baseline": "GET /api/", "endpoints": {}}
    with tempfile.TemporaryDirectory(prefix="bench-api-") as directory, \
            open(os.path.join(directory, "gunicorn.log"), "w+") as log:
        server = None
        baseline_script = wrk_script(paths["baseline"], directory)
        previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
        try:
            print(f"gunicorn: {args.workers} workers x {args.threads} threads on 127.0.0.1:{port}", flush=True)
            for name, addresses in paths.items():
                # A fresh server for each endpoint: requests a slow endpoint left queued must
                # not be served during the next one's runs.
                if server is not None:
                    stop(server)
                server = start_gunicorn(args, port, log)
                wait_ready(port, server)
                script = wrk_script(addresses, directory)
                if args.warmup:
                    run_wrk(port, script, args.connections, args.warmup)
                # The baseline again on the same server just before: on a shared machine the
                # load changes from one minute to the next, and the ratio compares neighbours.
                beside = None if name == "baseline" else run_wrk(port, baseline_script, args.connections,
                                                                 args.seconds)
                closed = run_wrk(port, script, args.connections, args.seconds)
                fixed = asyncio.run(paced(port, addresses, args.rate, args.seconds))
                figures["endpoints"][name] = {"path": addresses[0], "addresses": len(addresses),
                                              "queries": queries[name], "max": closed, "fixed_rate": fixed,
                                              "baseline_beside": beside or closed}
                print(f"{name:12} {closed.get('requests_per_second', 0):8.1f} req/s  "
                      f"p50 {closed.get('p50_ms', 0):7.2f} ms  p99 {closed.get('p99_ms', 0):7.2f} ms | "
                      f"at {args.rate:g}/s: p50 {fixed['p50_ms']:6.2f} ms  "
                      f"p99 {fixed['p99_ms']:6.2f} ms  errors {closed['errors'] + fixed['errors']}  "
                      f"queries {queries[name]['cold']} cold ({queries[name]['cold_ms']:.0f} ms), "
                      f"{queries[name]['warm']} warm", flush=True)
        finally:
            if server is not None:
                stop(server)
            signal.signal(signal.SIGTERM, previous)
            if server is not None and server.returncode not in (0, -signal.SIGINT, -signal.SIGTERM, None):
                log.seek(0)
                print(log.read()[-3000:], file=sys.stderr)
    print("\nratio to the baseline measured just before it (its requests a second / the endpoint's; goal "
          f"at most 2), p50 ratio at {args.connections} connections, p99 at {args.rate:g}/s (goal under 50 ms):")
    for name, endpoint in figures["endpoints"].items():
        base, closed = endpoint["baseline_beside"], endpoint["max"]
        rate = closed.get("requests_per_second", 0)
        endpoint["ratio"] = round(base["requests_per_second"] / rate, 2) if rate else None
        endpoint["p50_ratio"] = round(closed.get("p50_ms", 0) / base["p50_ms"], 2) if base.get("p50_ms") else None
        endpoint["goal_met"] = (endpoint["ratio"] is not None and endpoint["ratio"] <= 2
                                and endpoint["fixed_rate"]["p99_ms"] < 50 and not endpoint["fixed_rate"]["errors"])
        print(f"  {name:12} {endpoint['ratio'] if endpoint['ratio'] is not None else 'n/a':>5}   "
              f"p50 x{endpoint['p50_ratio']}   p99 {endpoint['fixed_rate']['p99_ms']:6.2f} ms   "
              f"{'met' if endpoint['goal_met'] else 'missed'}")
    from results import write_results

    write_results("api_load", figures)


if __name__ == "__main__":
    main()
