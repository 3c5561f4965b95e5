"""``run_tournament``: standings JSON, the same twice; on a real Celery worker over Redis,
the same again; and the Celery chord driving a tournament to its end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.helpers import ROOT, RemoteWorker, needs_worker_database, worker_database_env
from tournaments.models import Match, Tournament

ARGS = ["run_tournament", "--game", "leapfrog_race", "--format", "tables", "--table-size", "3",
        "--bot", "random", "--bot", "greedy", "--bot", "mc:budget=6", "--bot", "random", "--bot", "greedy",
        "--rounds", "2", "--seed", "1", "--json"]


def standings_of(output: str) -> list[dict]:
    return json.loads(output)["standings"]


def run_here(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_the_same_seed_gives_the_same_standings_byte_for_byte() -> None:
    first, second = run_here(*ARGS), run_here(*ARGS)
    assert json.dumps(standings_of(first)) == json.dumps(standings_of(second))
    body = json.loads(first)
    assert body["tournament"]["status"] == "finished" and body["tournament"]["rounds"] == 2
    assert [row["entrant"] for row in body["standings"]][0].split("#")[0] in ("random", "greedy", "mc")
    assert set(body["standings"][0]) >= {"rank", "entrant", "points", "tiebreaks"}


@pytest.mark.django_db
def test_a_two_seat_round_robin_prints_a_table() -> None:
    text = run_here("run_tournament", "--game", "leapfrog_race", "--format", "round_robin",
                    "--bot", "greedy", "--bot", "random", "--bot", "random", "--seed", "2")
    assert "rank" in text and "greedy#1" in text and "3 matches in 3 rounds" in text


class RecordingBar:
    """A stand-in for tqdm that records each (total, done) it is shown."""

    shown: list[tuple[int, int]] = []

    def __init__(self, total: int = 0, **_: object) -> None:
        self.total, self.n = total, 0
        RecordingBar.shown = [(total, 0)]

    def refresh(self) -> None:
        self.shown.append((self.total, self.n))

    def update(self, count: int) -> None:
        self.n += count
        self.refresh()

    def set_postfix(self, **_: object) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.mark.django_db
@pytest.mark.parametrize(("args", "total"), [
    (["--format", "round_robin", "--bot", "greedy", "--bot", "random", "--bot", "random", "--bot", "greedy"], 6),
    (["--format", "swiss", "--rounds", "3", "--bot", "greedy", "--bot", "random", "--bot", "random", "--bot", "greedy"], 6),
    (["--format", "tables", "--rounds", "2", "--table-size", "2", "--bot", "greedy", "--bot", "random",
      "--bot", "random", "--bot", "greedy"], 4),
])
def test_the_progress_bar_counts_over_the_whole_tournament_from_the_first_round(
        monkeypatch: pytest.MonkeyPatch, args: list[str], total: int) -> None:
    from tournaments.management.commands import run_tournament

    monkeypatch.setattr(run_tournament, "tqdm", RecordingBar)
    body = json.loads(run_here("run_tournament", "--game", "leapfrog_race", "--seed", "bar", "--json", *args))
    assert body["tournament"]["matches"] == total
    shown = RecordingBar.shown[1:]
    assert {seen_total for seen_total, _ in shown} == {total}
    done = [seen_done for _, seen_done in shown]
    assert done == sorted(done) and done[0] == 0 and done[-1] == total


@pytest.mark.django_db
def test_tournaments_go_to_a_private_club_unless_told_which() -> None:
    from tournaments.models import Club

    run_here("run_tournament", "--game", "leapfrog_race", "--format", "round_robin", "--bot", "random",
             "--bot", "random", "--seed", "quiet", "--json")
    assert Tournament.objects.get().club.public is False
    Club.objects.create(name="Open arena", slug="open")
    run_here("run_tournament", "--game", "leapfrog_race", "--format", "round_robin", "--bot", "random",
             "--bot", "random", "--seed", "quiet", "--club", "open", "--json")
    assert Tournament.objects.filter(club__slug="open", club__public=True).count() == 1
    with pytest.raises(CommandError) as refused:
        call_command("run_tournament", "--game", "leapfrog_race", "--format", "round_robin", "--bot", "random",
                     "--bot", "random", "--club", "nowhere")
    assert refused.value.returncode == 2 and "nowhere" in str(refused.value)


@pytest.mark.django_db
def test_reuse_shows_the_tournament_of_the_same_seed_instead_of_another() -> None:
    args = ["run_tournament", "--game", "leapfrog_race", "--format", "round_robin", "--bot", "random",
            "--bot", "greedy", "--seed", "again", "--reuse", "--json"]
    first, second = run_here(*args), run_here(*args)
    assert first == second and Tournament.objects.count() == 1


@pytest.mark.django_db
def test_each_forfeit_is_printed_with_its_seat_bot_and_reason(tmp_path: object) -> None:
    from tests.helpers.bots import needs_sandbox

    needs_sandbox()
    crasher = tmp_path / "crasher.py"
    crasher.write_text("raise SystemExit(3)\n")
    text = run_here("run_tournament", "--game", "measure_and_tempo", "--format", "round_robin", "--bot", "greedy",
                    "--program", f"crasher={crasher}", "--seed", "forfeit")
    lines = [line for line in text.splitlines() if line.startswith("forfeit: ")]
    assert lines and all("crasher#2" in line and "seat " in line for line in lines), text
    assert all(line.split("crasher#2: ", 1)[1].strip() for line in lines), text


@pytest.mark.django_db
def test_bot_programs_enter_beside_built_in_bots(tmp_path: object) -> None:
    from tests.helpers.bots import needs_sandbox

    needs_sandbox()
    example = ROOT / "examples" / "bots" / "froggit.py"
    body = json.loads(run_here("run_tournament", "--game", "froggit", "--format", "round_robin", "--bot", "greedy",
                               "--program", f"hopper={example}", "--program", str(example), "--seed", "p",
                               "--json"))
    assert body["tournament"]["status"] == "finished" and body["tournament"]["matches"] == 3
    assert sorted(row["entrant"] for row in body["standings"]) == ["froggit#3", "greedy#1", "hopper#2"]


@pytest.mark.django_db
@pytest.mark.parametrize("args", [
    ["--game", "froggit", "--format", "round_robin", "--bot", "random", "--program", "/nowhere/bot.py"],
    ["--game", "froggit", "--format", "round_robin", "--bot", "random", "--program", "README.md"],
    ["--game", "chess", "--format", "swiss", "--bot", "random", "--bot", "random"],
    ["--game", "leapfrog_race", "--format", "swiss", "--bot", "random", "--bot", "random"],
    ["--game", "leapfrog_race", "--format", "round_robin", "--bot", "random"],
    ["--game", "leapfrog_race", "--format", "round_robin", "--bot", "random", "--bot", "nobody"],
    ["--game", "leapfrog_race", "--format", "round_robin", "--bot", "random", "--bot", "random", "--options", "[]"],
    ["--game", "leapfrog_race", "--format", "tables", "--rounds", "1", "--table-size", "9",
     "--bot", "random", "--bot", "random"],
])
def test_bad_arguments_are_usage_errors(args: list[str]) -> None:
    with pytest.raises(CommandError) as refused:
        call_command("run_tournament", *args)
    assert refused.value.returncode == 2


def test_argument_parsing_errors_exit_2() -> None:
    done = subprocess.run([sys.executable, "manage.py", "run_tournament", "--game", "froggit", "--format", "ladder"],
                          cwd=ROOT, capture_output=True)
    assert done.returncode == 2 and b"Traceback" not in done.stderr


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_on_a_real_worker_the_command_gives_the_same_standings(celery_worker: RemoteWorker, redis_url: str) -> None:
    needs_worker_database()
    here = standings_of(run_here(*ARGS))
    env = {**os.environ, "CELERY_BROKER_URL": redis_url, "CELERY_TASK_DEFAULT_QUEUE": celery_worker.queue,
           **worker_database_env()}
    done = subprocess.run([sys.executable, "manage.py", *ARGS], cwd=ROOT, env=env, capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert json.dumps(standings_of(done.stdout.decode())) == json.dumps(here)
    on_worker = Tournament.objects.order_by("-pk").first()
    assert on_worker.status == Tournament.Status.FINISHED
    assert Match.objects.filter(tournament=on_worker, status=Match.Status.FINISHED).count() == on_worker.matches_done
