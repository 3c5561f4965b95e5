"""Bot tournament throughput: in-process, then on one and on two Celery workers.

    .venv/bin/python bench/tournament_throughput.py [--matches 500 | --entrants 33] [--chunk N]
                                                    [--workers 1,2] [--repeat 2] [--game leapfrog_race]
                                                    [--seed bench]

One round robin of ``random`` bots (the smallest with at least ``--matches`` matches: 33
entrants, 528 matches in 33 rounds) is played three ways with the same seed: (a) in this
process, by the loop ``run_tournament`` runs without a broker (``services.play_here``:
``advance``, then ``play_scheduled_many`` for each chunk of the round's matches, live events
paced as the workers pace them: the same service code a worker runs, no broker: the
baseline); (b) by one ``celery -A config worker`` process with concurrency 1, on Redis and
PostgreSQL, started here, the tournament dispatched with ``advance_tournament`` as the API
does; (c) by two such processes. Each way runs ``--repeat`` times in turn and the fastest counts
(the machine may be busy). Prints matches per second and the ratio of each to the baseline,
checks that every standings is identical, and records the CPU seconds each party (workers,
PostgreSQL, Redis, this process) used while the workers played, the workers' seconds in each
task, from which the bound the rounds' pairing puts on a second worker follows, and the
database connections the workers opened (one each: they keep theirs from task to task).

The database is ``bench_tournament_run`` (``BENCH_TOURNAMENT_DATABASE_URL`` names another),
created when missing and emptied at the start; Redis is db 3 (``BENCH_TOURNAMENT_REDIS_URL``),
also emptied. ``--chunk`` sets ``TOURNAMENT_MATCH_CHUNK`` (matches a worker task plays) for
the workers; unset, the workers use the setting's default.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
DATABASE_URL = os.environ.get("BENCH_TOURNAMENT_DATABASE_URL",
                              "postgres://postgres@127.0.0.1:5432/bench_tournament_run")
REDIS_URL = os.environ.get("BENCH_TOURNAMENT_REDIS_URL", "redis://127.0.0.1:6379/3")
QUEUE = f"bench-tournament-{uuid.uuid4().hex[:8]}"
os.environ["DATABASE_URL"] = DATABASE_URL
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
# This process dispatches to the workers, so it knows the broker; the in-process run never
# touches it (the tournament is unrated: no rating task is sent).
os.environ["CELERY_BROKER_URL"] = REDIS_URL
os.environ.pop("CELERY_RESULT_BACKEND", None)
os.environ["CELERY_TASK_DEFAULT_QUEUE"] = QUEUE
os.environ.pop("CELERY_MATCH_QUEUE", None)

STANDING_KEYS = ("rank", "entrant", "points", "tiebreaks", "played", "wins", "draws", "losses", "byes")
TICK = 1 / os.sysconf("SC_CLK_TCK")


def ensure_database() -> None:
    """Create the bench database when it does not exist yet (as ``ratings_recompute`` does)."""
    import dj_database_url
    import psycopg

    params = dj_database_url.parse(DATABASE_URL)
    connect = {"user": params["USER"], "host": params["HOST"], "port": params["PORT"] or 5432,
               "password": params["PASSWORD"] or None}
    try:
        psycopg.connect(dbname=params["NAME"], **connect).close()
    except psycopg.OperationalError:
        with psycopg.connect(dbname="postgres", autocommit=True, **connect) as admin:
            admin.execute(f'CREATE DATABASE "{params["NAME"]}"')


def entrants_for(matches: int) -> int:
    """The fewest round-robin entrants that play at least ``matches`` matches."""
    entrants = 2
    while entrants * (entrants - 1) // 2 < matches:
        entrants += 1
    return entrants


# -- CPU accounting from /proc -------------------------------------------------------------------

def cpu_of(pid: int) -> float:
    """CPU seconds (user and system) of one process and its reaped children; 0 when gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return sum(int(value) for value in fields[11:15]) * TICK


def processes_named(name: str) -> list[int]:
    """The ids of the processes whose command name is ``name`` (PostgreSQL, Redis)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm", encoding="ascii") as comm:
                    if comm.read().strip() == name:
                        found.append(int(entry))
            except OSError:
                continue
    return found


def children_of(pid: int) -> list[int]:
    """Every descendant of ``pid`` (a worker's pool processes)."""
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as children:
                for child in children.read().split():
                    found += [int(child), *children_of(int(child))]
    except OSError:
        pass
    return found


class CpuMeter:
    """CPU seconds used by the workers, PostgreSQL, Redis and this process between two points.
    PostgreSQL and Redis are the machine's servers: other clients' work counts too."""

    def __init__(self, workers: list[int]) -> None:
        self.workers = workers

    def sample(self) -> dict[str, float]:
        workers = [pid for worker in self.workers for pid in (worker, *children_of(worker))]
        times = os.times()
        return {"workers": sum(cpu_of(pid) for pid in workers),
                "postgresql": sum(cpu_of(pid) for pid in processes_named("postgres")),
                "redis": sum(cpu_of(pid) for pid in processes_named("redis-server")),
                "bench process": times.user + times.system}

    @staticmethod
    def difference(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
        return {party: round(max(0.0, after[party] - before[party]), 2) for party in before}


# -- the tournament --------------------------------------------------------------------------------

def new_tournament(game: str, entrants: int, seed: str, label: str) -> Any:
    """A started round robin of ``entrants`` random bots, unrated, the same entrants every time."""
    from tournaments.models import Club
    from tournaments.services import tournaments as services
    from tournaments.services.bots import builtin_player

    club, _ = Club.objects.get_or_create(slug="bench-throughput", defaults={"name": "Throughput bench"})
    tournament = services.create_tournament(club=club, name=f"Throughput {label}", game=game,
                                            format="round_robin", bots=True, seed=seed, rated=False)
    for number in range(1, entrants + 1):
        services.register(tournament, builtin_player(club, game, f"random#{number}", "random"))
    return services.start(tournament)


def standings_text(tournament: Any) -> str:
    from tournaments.services import tournaments as services

    return json.dumps([{key: row[key] for key in STANDING_KEYS} for row in services.compute_standings(tournament)])


def in_process(game: str, entrants: int, seed: str, chunk_size: int) -> tuple[float, int, str, dict[str, float]]:
    """The baseline: ``run_tournament``'s loop without a broker (``services.play_here``: each
    round's matches played in the workers' chunks, so that both do the same database work, its
    live events paced as the workers' are). Answers seconds,
    matches, standings and the CPU seconds of this process, PostgreSQL and Redis."""
    from tournaments.models import Tournament
    from tournaments.services import tournaments as services

    tournament = new_tournament(game, entrants, seed, "in-process")
    meter = CpuMeter([])
    before = meter.sample()
    started = time.perf_counter()
    services.play_here(tournament.pk, chunk_size=chunk_size)
    seconds = time.perf_counter() - started
    cpu = meter.difference(before, meter.sample())
    del cpu["workers"]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return seconds, tournament.matches_done, standings_text(tournament), cpu


def start_workers(count: int, chunk: int | None, logs: Path) -> list[subprocess.Popen[bytes]]:
    """``count`` worker processes (prefork, concurrency 1) on the bench queue, each in a process
    group of its own; answers once every one says it is ready."""
    env = {**os.environ, "PYTHONPATH": ROOT}
    if chunk is not None:
        env["TOURNAMENT_MATCH_CHUNK"] = str(chunk)
    workers = []
    for number in range(1, count + 1):
        log = logs / f"worker{number}.log"
        workers.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork", "--concurrency=1",
             "-Q", QUEUE, "-n", f"bench{number}-{QUEUE}@%h", "--without-gossip", "--without-mingle",
             "--loglevel=INFO", f"--logfile={log}"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True))
    deadline = time.monotonic() + 120
    for number, worker in enumerate(workers, start=1):
        log = logs / f"worker{number}.log"
        while "ready" not in (log.read_text() if log.exists() else ""):
            if worker.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"worker {number} did not start:\n{log.read_text() if log.exists() else ''}")
            time.sleep(0.1)
    return workers


def stop_workers(workers: list[subprocess.Popen[bytes]]) -> None:
    """Stop each worker's whole process group: SIGTERM, then SIGKILL if it lingers."""
    for worker in workers:
        try:
            os.killpg(worker.pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
    for worker in workers:
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(worker.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            worker.wait()


TASK_DONE = re.compile(r"Task (tournaments\.\w+)\[[^]]*\] succeeded in ([0-9.eE-]+)s")


def task_seconds(logs: Path) -> dict[str, float]:
    """Seconds the workers spent in each task, summed from their logs: the rounds' pairing
    (``advance_tournament``, which no other worker can share) beside the matches."""
    seconds: dict[str, float] = {}
    for log in sorted(logs.glob("worker*.log")):
        for task, spent in TASK_DONE.findall(log.read_text(errors="replace")):
            name = task.removeprefix("tournaments.")
            seconds[name] = seconds.get(name, 0.0) + float(spent)
    return {name: round(spent, 2) for name, spent in sorted(seconds.items())}


def pairing_bound(tasks: dict[str, float], count: int) -> float | None:
    """Amdahl's bound on ``count`` workers against one: the rounds' pairing runs alone (every
    worker waits for it); the other tasks (the matches, the live events sent beside them) are
    shared."""
    pairing = tasks.get("advance_tournament", 0.0)
    shared = sum(spent for task, spent in tasks.items() if task != "advance_tournament")
    if pairing + shared <= 0:
        return None
    return (pairing + shared) / (pairing + shared / count)


def sessions_opened() -> int:
    """Connections opened to the bench database so far (PostgreSQL's count, which includes
    this process's one): the difference over a run is what the workers opened."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


def on_workers(count: int, chunk: int | None, game: str, entrants: int, seed: str,
               timeout: float) -> tuple[float, int, str, dict[str, float], dict[str, float], int]:
    """The same tournament dispatched to ``count`` workers as the API does; answers seconds,
    matches, standings, the CPU seconds each party used meanwhile, the workers' seconds in
    each task and the database connections they opened."""
    from tournaments.models import Tournament
    from tournaments.tasks import advance_tournament

    tournament = new_tournament(game, entrants, seed, f"{count} workers")
    opened = sessions_opened()
    with tempfile.TemporaryDirectory(prefix="bench-tournament-") as logs:
        workers: list[subprocess.Popen[bytes]] = []
        try:
            workers = start_workers(count, chunk, Path(logs))
            meter = CpuMeter([worker.pid for worker in workers])
            before = meter.sample()
            started = time.perf_counter()
            advance_tournament.delay(tournament.pk)
            finished = Tournament.objects.filter(pk=tournament.pk, status=Tournament.Status.FINISHED)
            while not finished.exists():
                if time.perf_counter() - started > timeout:
                    tails = "\n".join((Path(logs) / f"worker{n}.log").read_text()[-2000:] for n in range(1, count + 1))
                    raise RuntimeError(f"{count} workers did not finish in {timeout:g} s:\n{tails}")
                if any(worker.poll() is not None for worker in workers):
                    raise RuntimeError("a worker died:\n" + (Path(logs) / "worker1.log").read_text()[-2000:])
                time.sleep(0.05)
            seconds = time.perf_counter() - started
            cpu = meter.difference(before, meter.sample())
        finally:
            stop_workers(workers)
        tasks = task_seconds(Path(logs))
    tournament.refresh_from_db()
    time.sleep(0.6)  # the server counts a session when it ends: let the workers' be counted
    return seconds, tournament.matches_done, standings_text(tournament), cpu, tasks, sessions_opened() - opened


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--matches", type=int, default=500,
                      help="at least this many matches: the smallest round robin that plays them (default 500)")
    size.add_argument("--entrants", type=int, help="round-robin entrants (instead of --matches)")
    parser.add_argument("--chunk", type=int, help="matches per worker task (TOURNAMENT_MATCH_CHUNK for the workers)")
    parser.add_argument("--workers", default="1,2", help="worker counts to measure, comma-separated (default 1,2)")
    parser.add_argument("--game", default="leapfrog_race")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each way, the fastest counts (default 2)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for each worker run")
    args = parser.parse_args()
    if args.entrants is not None and args.entrants < 2:
        parser.error("--entrants must be at least 2")
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.chunk is not None and args.chunk < 1:
        parser.error("--chunk must be at least 1")
    try:
        counts = [int(part) for part in args.workers.split(",") if part.strip()]
    except ValueError:
        parser.error(f"--workers takes worker counts like 1,2, not {args.workers!r}")
    if not counts or any(count < 1 or count > 16 for count in counts):
        parser.error("--workers takes counts from 1 to 16, like 1,2")
    from games.errors import GameError
    from games.registry import get_game

    try:
        game = get_game(args.game)
    except GameError as error:
        parser.error(str(error))
    if "random" not in game.bots:
        parser.error(f"{game.slug} has no random bot")
    entrants = args.entrants or entrants_for(args.matches)

    ensure_database()
    import django

    django.setup()
    import redis
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    redis.Redis.from_url(REDIS_URL).flushdb()
    chunk = args.chunk or settings.TOURNAMENT_MATCH_CHUNK
    total = entrants * (entrants - 1) // 2
    print(f"{game.slug} round robin of {entrants} random bots: {total} matches in "
          f"{entrants if entrants % 2 else entrants - 1} rounds, seed {args.seed!r}, {chunk} matches a worker task",
          flush=True)

    # The machine may be busy with other work: each way is measured --repeat times, in turn,
    # and the fastest run of each counts (as timeit does).
    best: dict[str, dict[str, Any]] = {}
    expected = None
    for attempt in range(1, args.repeat + 1):
        seconds, played, standings, cpu = in_process(game.slug, entrants, args.seed, chunk)
        expected = expected or standings
        if standings != expected:
            raise SystemExit("two in-process runs of the same seed gave different standings")
        print(f"  [{attempt}] in-process loop      {played} matches in {seconds:6.1f} s  "
              f"{played / seconds:6.1f} matches/s", flush=True)
        print("        CPU seconds meanwhile: " + ", ".join(f"{party} {value:.1f}" for party, value in cpu.items()),
              flush=True)
        if "in_process" not in best or seconds < best["in_process"]["seconds"]:
            best["in_process"] = {"seconds": round(seconds, 2), "matches_per_second": round(played / seconds, 1),
                                  "cpu_seconds": cpu}
        for count in counts:
            seconds, played, standings, cpu, tasks, connections = on_workers(count, args.chunk, game.slug, entrants,
                                                                             args.seed, args.timeout)
            if standings != expected:
                raise SystemExit(f"the standings on {count} worker(s) differ from the in-process run")
            if played != total:
                raise SystemExit(f"the tournament on {count} worker(s) finished counting {played} of {total} matches")
            print(f"  [{attempt}] {count} worker{'s' if count > 1 else ' '} (prefork) {played} matches in "
                  f"{seconds:6.1f} s  {played / seconds:6.1f} matches/s", flush=True)
            print("        CPU seconds meanwhile: " + ", ".join(f"{party} {value:.1f}" for party, value in cpu.items())
                  + "; seconds in tasks: " + ", ".join(f"{task} {value:.1f}" for task, value in tasks.items())
                  + f"; database connections opened: {connections}", flush=True)
            key = str(count)
            if key not in best or seconds < best[key]["seconds"]:
                best[key] = {"seconds": round(seconds, 2), "matches_per_second": round(played / seconds, 1),
                             "cpu_seconds": cpu, "task_seconds": tasks, "connections_opened": connections}
    print("  standings identical in every run", flush=True)
    baseline = best["in_process"]["matches_per_second"]
    print(f"fastest of {args.repeat}: in-process {baseline:.1f} matches/s (ratio 1)", flush=True)
    for count in counts:
        row = best[str(count)]
        row["ratio_to_in_process"] = round(row["matches_per_second"] / baseline, 3)
        row["ratio_to_one_worker"] = round(row["matches_per_second"] / best["1"]["matches_per_second"], 3) \
            if "1" in best else None
        bound = pairing_bound(row["task_seconds"], count)
        row["pairing_bound"] = round(bound, 3) if bound is not None else None
        print(f"  {count} worker{'s' if count > 1 else ''}: {row['matches_per_second']:.1f} matches/s, "
              f"ratio {row['ratio_to_in_process']:.2f} to in-process"
              + (f", {row['ratio_to_one_worker']:.2f} x one worker (the rounds' pairing, run alone, allows at most "
                 f"{bound:.2f} x)" if count > 1 and row["ratio_to_one_worker"] is not None and bound else ""),
              flush=True)
    figures = {"game": game.slug, "format": "round_robin", "entrants": entrants, "matches": played,
               "seed": args.seed, "chunk": chunk, "repeat": args.repeat, "in_process": best["in_process"],
               "workers": {str(count): best[str(count)] for count in counts}, "standings_identical": True}
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from results import write_results

    write_results("tournament_throughput", figures)


if __name__ == "__main__":
    main()
