"""The rules as a package of their own: standard library only, installable into an empty
virtual environment, with a verify command that answers exactly as ``manage.py verify_log``."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

from games.logs import dump_log
from games.registry import get_game
from games.runner import play_bots
from tests.helpers import ROOT, skip_or_fail

GAMES = Path(ROOT) / "games"
#: Names the rules must never import: the service and its frameworks.
SERVICE = ("django", "rest_framework", "celery", "tournaments", "config")


def imported_names(path: Path) -> set[str]:
    """The top-level module names a file imports anywhere (inside functions too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_rules_import_only_themselves_and_the_standard_library() -> None:
    outside = {}
    for path in sorted(GAMES.rglob("*.py")):
        foreign = {name for name in imported_names(path)
                   if name not in ("games", "__future__") and name not in sys.stdlib_module_names}
        if foreign:
            outside[str(path.relative_to(ROOT))] = sorted(foreign)
    assert outside == {}


def test_the_package_lists_every_folder_of_the_rules() -> None:
    settings = tomllib.loads((GAMES / "pyproject.toml").read_text(encoding="utf-8"))
    folders = {".".join(("games", *path.parent.relative_to(GAMES).parts)) for path in GAMES.rglob("__init__.py")}
    assert set(settings["tool"]["setuptools"]["packages"]) == folders
    assert settings["project"]["dependencies"] == []
    assert settings["project"]["scripts"]["leapfrog-verify"] == "games.__main__:verify_main"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A valid log of every game, an invalid one with a non-ASCII move, bytes that are not
    UTF-8 and a file that is not there."""
    folder = tmp_path_factory.mktemp("logs")
    paths = []
    for slug in ("leapfrog_race", "measure_and_tempo", "froggit", "leap_frog"):
        path = folder / f"{slug}.json"
        path.write_text(dump_log(play_bots(get_game(slug), ["random", "greedy"], seed=f"package-{slug}")))
        paths.append(path)
    broken = folder / "broken.json"
    broken.write_text(json.dumps({"format": 1, "game": "froggit", "players": ["Å", "B"], "moves": ["S×"]},
                                 ensure_ascii=False), encoding="utf-8")
    garbage = folder / "garbage.json"
    garbage.write_bytes(b"\xff not a log")
    return [*paths, broken, garbage, folder / "missing.json"]


def run(command: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, input=stdin, capture_output=True, timeout=300, check=False)


def test_the_standalone_command_answers_exactly_as_verify_log(logs: list[Path]) -> None:
    stdin = logs[4].read_bytes()
    files = [*map(str, logs), "-"]
    standalone = run([sys.executable, "-m", "games", "verify", *files], stdin)
    service = run([sys.executable, "manage.py", "verify_log", *files], stdin)
    assert (standalone.returncode, standalone.stdout) == (service.returncode, service.stdout)
    assert standalone.returncode == 1
    answers = [json.loads(line) for line in standalone.stdout.decode("utf-8").splitlines()]
    assert [answer["file"] for answer in answers] == files
    assert [answer["valid"] for answer in answers] == [True] * 4 + [False] * 4
    assert "S×" in standalone.stdout.decode("utf-8")  # printed as it is, not as \u00d7
    valid = run([sys.executable, "-m", "games", "verify", str(logs[0])])
    assert valid.returncode == 0 and len(valid.stdout.splitlines()) == 1


@pytest.mark.parametrize("args", [[], ["--strict", "x.json"]])
def test_a_usage_error_exits_2_and_prints_no_answer(args: list[str]) -> None:
    for command in ([sys.executable, "-m", "games", "verify"], [sys.executable, "-m", "games"]):
        done = run([*command, *args])
        assert done.returncode == 2 and done.stdout == b"" and b"usage:" in done.stderr


def test_the_command_imports_only_the_rules_of_the_logs_game(logs: list[Path]) -> None:
    """What makes it start fast: no service module, no argparse for plain file names, and of
    the games only the one verified (``-X importtime`` misses ``importlib`` imports, so the
    modules are read from ``sys.modules`` after the command ran)."""
    script = ("import sys, games.__main__ as command; status = command.verify_command([sys.argv[1]]); "
              "print(' '.join(sorted(sys.modules)))")
    done = run([sys.executable, "-c", script, str(logs[2])])
    assert done.returncode == 0, done.stderr
    verdict, modules_line = done.stdout.decode().splitlines()
    assert json.loads(verdict)["game"] == "froggit"
    modules = set(modules_line.split())
    assert not {name for name in modules if name.split(".")[0] in SERVICE}
    assert "games.froggit.game" in modules
    assert not {"games.leapfrog_race", "games.measure_and_tempo", "games.leap_frog"} & modules
    assert not {"argparse", "games.froggit.picture", "games.svg", "games.sandbox", "games.bot_process",
                "games.runner", "secrets", "base64"} & modules


def build_into(environment: Path, source: Path) -> subprocess.CompletedProcess:
    """``pip install`` the copied package into ``environment``: offline with the environment's
    own build tools when they suffice, otherwise with pip's isolated build (which fetches
    setuptools from the package index); the package itself depends on nothing."""
    pip = [str(environment / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps",
           "--disable-pip-version-check"]
    offline = subprocess.run([*pip, "--no-index", "--no-build-isolation", str(source)],
                             capture_output=True, timeout=600, check=False)
    if offline.returncode == 0:
        return offline
    return subprocess.run([*pip, str(source)], capture_output=True, timeout=600, check=False)


def test_pip_installs_a_working_verifier_into_an_empty_environment(tmp_path: Path, logs: list[Path]) -> None:
    source = tmp_path / "src" / "games"
    shutil.copytree(GAMES, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    environment = tmp_path / "env"
    venv.create(environment, with_pip=True)
    installed = build_into(environment, source)
    if installed.returncode != 0:
        skip_or_fail(f"pip could not build the package here: {installed.stderr.decode()[-600:]}")
    python = str(environment / "bin" / "python")
    # Nothing of the service came along, and the package runs from the environment, not the project.
    probe = subprocess.run([python, "-c", "import importlib.util, games; print(games.__file__); "
                            "print(importlib.util.find_spec('django'))"],
                           cwd=tmp_path, capture_output=True, text=True, check=True)
    where, django = probe.stdout.split()
    assert Path(where).is_relative_to(environment) and django == "None"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    command = subprocess.run([str(environment / "bin" / "leapfrog-verify"), *map(str, logs)],
                             cwd=tmp_path, capture_output=True, env=env, timeout=300, check=False)
    service = run([sys.executable, "manage.py", "verify_log", *map(str, logs)])
    assert (command.returncode, command.stdout) == (service.returncode, service.stdout) == (1, service.stdout)
    single = subprocess.run([python, "-m", "games", "verify", str(logs[1])], cwd=tmp_path,
                            capture_output=True, env=env, check=False)
    assert single.returncode == 0 and json.loads(single.stdout)["valid"] is True


def test_the_game_tests_run_without_django() -> None:
    """The package's own test configuration, with the service's modules made unimportable."""
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in SERVICE if name != "celery")
    script = (f"import sys; {blocked}; import pytest; "
              "sys.exit(pytest.main(['-c', 'tests/games/standalone.ini', '-q', "
              "'tests/games/test_logs.py', 'tests/games/leapfrog_race/test_leapfrog_race_rules.py', "
              "'games/logs.py', 'games/base.py']))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout and "failed" not in done.stdout
