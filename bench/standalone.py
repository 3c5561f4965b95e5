"""The standalone verifier as a player gets it, for ``bench/engines.py``'s verification figures.

:func:`install` makes an empty virtual environment and ``pip install``s the rules package
(``games/``) into it, as its README says, so the figures are those of the installed
``leapfrog-verify`` command (its modules compiled by pip, nothing of the service on its path).
When pip cannot build the package here, it falls back to ``python -m games verify`` from the
project, and says so. :func:`start_ms` times the command on one log, :func:`run` on many.

:func:`started` is the in-process figure the command is held to: the command's own loop
(``verify_files`` writing the same lines to standard output) timed inside a process of the
same environment that has already started and verified the first file, so the rules it
needs are imported. The logs are new to that process as they are to the command: the
engines keep what they read of each move text, so verifying the same logs again in one
process measures a replay of logs already read, which no run of the command ever is.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
import venv
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The goals: the command starts in under this many milliseconds, and on many logs it keeps
#: at least this share of the in-process speed.
GOAL_START_MS = 100
GOAL_RATIO = 0.9


def install(directory: str) -> tuple[list[str], str]:
    """The command's argv prefix, installed under ``directory``, and how it was installed."""
    source = os.path.join(directory, "src", "games")
    shutil.copytree(os.path.join(ROOT, "games"), source,
                    ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    environment = os.path.join(directory, "env")
    venv.create(environment, with_pip=True)
    pip = [os.path.join(environment, "bin", "python"), "-m", "pip", "install", "--quiet", "--no-deps",
           "--disable-pip-version-check"]
    for extra in (["--no-index", "--no-build-isolation"], []):
        if subprocess.run([*pip, *extra, source], capture_output=True, check=False).returncode == 0:
            return [os.path.join(environment, "bin", "leapfrog-verify")], "pip-installed leapfrog-verify"
    return [sys.executable, "-m", "games", "verify"], "python -m games verify (pip could not build the package)"


def environment() -> dict[str, str]:
    """The process environment, letting Python keep compiled modules, as an installed one does."""
    return {key: value for key, value in os.environ.items()
            if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}


def run(command: list[str], paths: list[str]) -> list[dict[str, Any]]:
    """One run of the command on ``paths``; its JSON lines, checked for exit status."""
    done = subprocess.run([*command, *paths], cwd=ROOT, capture_output=True, env=environment(), check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command[-1]} exited with {done.returncode}: {done.stderr.decode()[-2000:]}")
    return [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]


def timed(command: list[str], paths: list[str]) -> tuple[float, float, list[dict[str, Any]]]:
    """Wall and CPU seconds of one run of the command on ``paths`` (CPU: the child's user and
    system time, which a busy machine inflates less than the wall clock), and its answers."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    answers = run(command, paths)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), answers


#: Run by :func:`started`: verifies its arguments like the command, after one untimed file,
#: and writes the loop's wall and CPU seconds to standard error.
STARTED_LOOP = """
import sys, time
from games.__main__ import write_line
from games.logs import verify_file, verify_files
verify_file(sys.argv[1])
wall, cpu = time.perf_counter(), time.process_time()
verify_files(sys.argv[1:], write_line)
sys.stdout.flush()
sys.stderr.write(f"{time.perf_counter() - wall} {time.process_time() - cpu}")
"""


def python_of(command: list[str]) -> str:
    """The interpreter of the environment the command runs in."""
    if os.path.basename(command[0]) == "leapfrog-verify":
        return os.path.join(os.path.dirname(command[0]), "python")
    return command[0]


def started(command: list[str], paths: list[str]) -> tuple[float, float, list[dict[str, Any]]]:
    """Wall and CPU seconds of the command's loop on ``paths`` in a process that has already
    started (:data:`STARTED_LOOP`), and its answers."""
    done = subprocess.run([python_of(command), "-c", STARTED_LOOP, *paths], cwd=ROOT, capture_output=True,
                          env=environment(), check=False)
    if done.returncode != 0:
        raise SystemExit(f"the started verifier failed: {done.stderr.decode()[-2000:]}")
    wall, cpu = map(float, done.stderr.split())
    return wall, cpu, [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]


def start_ms(command: list[str], path: str, runs: int = 15) -> dict[str, float]:
    """The command's time on one log, in milliseconds: the median and the best wall time of
    ``runs`` runs, and their median CPU time, after one run that warms the disk cache."""
    run(command, [path])
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu, _answers = timed(command, [path])
        walls.append(wall * 1000)
        cpus.append(cpu * 1000)
    return {"median_ms": statistics.median(walls), "best_ms": min(walls), "cpu_ms": statistics.median(cpus)}
