"""Production settings and the one-machine service: `check --deploy` clean with production
variables, secrets only from the environment, JSON logs, the health endpoint, and the
Procfile's web, worker and beat started by honcho against PostgreSQL and Redis."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from celery import Celery
from django.db import connection
from django.test import Client

from tests.helpers import ROOT, free_port, skip_or_fail, wait_until, worker_database_env

PRODUCTION_ENV = {"PRODUCTION": "true", "SECRET_KEY": "k" * 20 + uuid.uuid4().hex + "-x!Qz" * 4,
                  "ALLOWED_HOSTS": "club.example.org", "DEBUG": "false"}


def manage(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {key: value for key, value in os.environ.items()
             if key not in ("PRODUCTION", "SECRET_KEY", "DEBUG", "LOG_FORMAT", "DJANGO_SETTINGS_MODULE")}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **(env or {})},
                          capture_output=True, text=True, timeout=120)


def test_check_deploy_is_clean_with_production_variables() -> None:
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_without_production_variables_check_deploy_warns() -> None:
    done = manage("check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode != 0 and "SECRET_KEY" in done.stderr


def test_production_refuses_to_start_without_a_secret_key() -> None:
    done = manage("check", env={**PRODUCTION_ENV, "SECRET_KEY": ""})
    assert done.returncode != 0 and "give the service its SECRET_KEY in the environment" in done.stderr


def test_logs_are_json_lines_in_production() -> None:
    code = "import logging; logging.getLogger('tournaments.test').warning('match %s stored', 7)"
    done = manage("shell", "-c", code, env=PRODUCTION_ENV)
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stderr.splitlines() if "stored" in line]
    record = json.loads(line)
    assert record["level"] == "WARNING" and record["logger"] == "tournaments.test"
    assert record["message"] == "match 7 stored" and record["time"]


def test_a_bad_log_format_is_refused() -> None:
    done = manage("check", env={"LOG_FORMAT": "xml"})
    assert done.returncode != 0 and "LOG_FORMAT must be json or text" in done.stderr


@pytest.mark.django_db
def test_health_answers_for_the_database_and_the_broker(monkeypatch: pytest.MonkeyPatch, settings: object) -> None:
    answer = Client().get("/health/")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok", "broker": "in-process"}
    assert "no-cache" in answer["Cache-Control"]

    from config import health
    from config.celery import app

    def unreachable() -> object:
        raise ConnectionRefusedError("no broker")

    settings.BROKER_CONFIGURED = True
    monkeypatch.setattr(app, "connection_for_write", unreachable)
    down = Client().get("/health/")
    assert down.status_code == 503
    assert down.json() == {"status": "error", "database": "ok", "broker": "error: ConnectionRefusedError"}
    assert health.BROKER_TIMEOUT_SECONDS <= 5


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_procfile_runs_the_whole_service_on_one_machine(redis_url: str, tmp_path: Path) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail("the service's processes share the test database only on PostgreSQL")
    port = free_port()
    queue = f"up-{uuid.uuid4().hex[:8]}"
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, **worker_database_env(), "CELERY_BROKER_URL": redis_url, "PORT": str(port),
           "CELERY_TASK_DEFAULT_QUEUE": queue, "CELERY_MATCH_QUEUE": f"{queue}-matches",
           "WORKER_CONCURRENCY": "1", "WEB_CONCURRENCY": "1", "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    log = tmp_path / "honcho.log"
    with log.open("w") as out:
        service = subprocess.Popen([str(bin_dir / "honcho"), "start"], cwd=ROOT, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    client = Celery("up", broker=redis_url, backend=redis_url, set_as_current=False)
    try:
        def healthy() -> bool:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2) as answer:
                return json.load(answer) == {"status": "ok", "database": "ok", "broker": "ok"}

        wait_until(healthy, 60, "the web process answering /health/", [log])
        wait_until(lambda: "ready" in log.read_text(), 60, "the worker starting", [log])
        wait_until(lambda: "beat: Starting" in log.read_text() or "Scheduler" in log.read_text(), 60,
                   "beat starting", [log])
        result = client.send_task("tournaments.play_and_verify", args=("froggit", ["random", "greedy"], {}, "up"),
                                  queue=queue).get(timeout=120)
        assert result["verification"]["valid"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/tournaments/site.css", timeout=5) as css:
            assert css.status == 200 and b"--accent" in css.read()
        # The web process is the ASGI app: it answers the event streams itself (with the broker's Redis).
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/matches/999999/events/", timeout=5)
        assert refused.value.code == 404 and refused.value.read() == b"no such match"
    finally:
        client.close()
        os.killpg(service.pid, signal.SIGTERM)
        try:
            service.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(service.pid, signal.SIGKILL)
            service.wait()
    text = log.read_text()
    for process in ("web.1", "worker.1", "beat.1"):
        assert process in text


def procfile_command(name: str) -> str:
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith(f"{name}:"):
            return line.partition(":")[2].strip()
    raise AssertionError(f"the Procfile has no {name}")


def test_the_procfiles_web_process_serves_pages_and_answers_streams_503_without_redis(tmp_path: Path) -> None:
    """The web process alone on a laptop (SQLite, no Redis): the ASGI app serves the pages,
    and the event stream says why it is off instead of hanging."""
    port = free_port()
    database = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    assert manage("migrate", "--no-input", "-v", "0", env={"DATABASE_URL": database}).returncode == 0
    clean = {key: value for key, value in os.environ.items()
             if key not in ("DEBUG", "DJANGO_SETTINGS_MODULE", "REDIS_URL", "CACHE_URL", "CELERY_BROKER_URL",
                            "LIVE_EVENTS_REDIS_URL")}
    bin_dir = Path(sys.executable).parent
    env = {**clean, "DATABASE_URL": database, "PORT": str(port), "WEB_CONCURRENCY": "1",
           "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    log = tmp_path / "web.log"
    assert procfile_command("web").startswith("uvicorn config.asgi:application")
    with log.open("w") as out:
        web = subprocess.Popen(["bash", "-c", "exec " + procfile_command("web")], cwd=ROOT, env=env, stdout=out,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        def status(path: str) -> tuple[int, bytes]:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
                    return answer.status, answer.read()
            except urllib.error.HTTPError as error:
                return error.code, error.read()

        wait_until(lambda: status("/health/")[0] == 200, 60, "the web process answering", [log])
        assert status("/")[0] == 200
        code, body = status("/matches/1/events/")
        assert code == 503 and b"no Redis" in body
    finally:
        os.killpg(web.pid, signal.SIGTERM)
        try:
            web.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(web.pid, signal.SIGKILL)
            web.wait()


def test_the_demo_serves_the_site_as_production_does(tmp_path: Path) -> None:
    """``make serve`` (the end of ``make demo``), on the port ``PORT`` names: no debug pages,
    the service's own 404 page and the API's JSON errors, static files through whitenoise."""
    port = free_port()
    database = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    clean = {key: value for key, value in os.environ.items() if key not in ("DEBUG", "DJANGO_SETTINGS_MODULE")}
    env = {**clean, "DATABASE_URL": database, "PORT": str(port)}
    assert manage("migrate", "--no-input", "-v", "0", env={"DATABASE_URL": database}).returncode == 0
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        server = subprocess.Popen(["make", "--no-print-directory", "serve", f"BIN={Path(sys.executable).parent}"],
                                  cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        def get(path: str) -> tuple[int, str, str]:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
                    return answer.status, answer.headers["Content-Type"], answer.read().decode()
            except urllib.error.HTTPError as error:
                return error.code, error.headers["Content-Type"], error.read().decode()

        wait_until(lambda: get("/health/")[0] == 200, 60, "make serve answering", [log])
        status, kind, body = get("/no/such/page/")
        assert status == 404 and kind.startswith("text/html") and "Leapfrog" in body
        assert "DEBUG = True" not in body and "Traceback" not in body and "URLconf" not in body
        status, kind, body = get("/api/no-such-resource/")
        assert status == 404 and kind.startswith("application/json") and json.loads(body)["code"]
        status, _, css = get("/static/tournaments/site.css")
        assert status == 200 and "--accent" in css
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
