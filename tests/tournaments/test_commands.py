"""The management commands ``verify_log``, ``play_match`` and ``demo``, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import EXAMPLE_LOGS, ROOT


def manage(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=300)


def lines(output: bytes) -> list[dict]:
    return [json.loads(line) for line in output.decode().splitlines()]


def test_play_then_verify(tmp_path: Path) -> None:
    out = tmp_path / "x.json"
    played = manage("play_match", "--game", "leapfrog_race", "--bot", "random", "--bot", "greedy",
                    "--seed", "7", "--out", str(out))
    assert played.returncode == 0, played.stderr
    assert "-> " in played.stdout.decode()
    verified = manage("verify_log", str(out))
    assert verified.returncode == 0
    [answer] = lines(verified.stdout)
    assert answer["file"] == str(out) and answer["valid"] and answer["finished"]
    assert answer["result"]["ranks"] == json.loads(out.read_text())["result"]["ranks"]


def test_play_twice_gives_identical_files(tmp_path: Path) -> None:
    for name in ("a.json", "b.json"):
        manage("play_match", "--game", "leapfrog_race", "--bot", "mc:budget=12", "--bot", "greedy",
               "--options", '{"plate": false}', "--seed", "7", "--out", str(tmp_path / name))
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_play_to_standard_output() -> None:
    played = manage("play_match", "--game", "leapfrog_race", "--bot", "random", "--seed", "1")
    log = json.loads(played.stdout)
    assert log["seed"] == "1" and log["commitment"].startswith("sha256:")


def test_list_bots() -> None:
    listed = manage("play_match", "--list-bots")
    assert listed.returncode == 0
    text = listed.stdout.decode()
    assert "leapfrog_race (Leapfrog):" in text and "mc " in text and "budget=" in text


@pytest.mark.parametrize("args", [
    ["--game", "chess", "--bot", "random"],
    ["--bot", "random"],
    ["--game", "leapfrog_race"],
    ["--game", "leapfrog_race", "--bot", "nobody"],
    ["--game", "leapfrog_race", "--bot", "mc:budget=zero"],
    ["--game", "leapfrog_race", "--bot", "random", "--options", "{plate: false}"],
    ["--game", "leapfrog_race", "--bot", "random", "--options", "[]"],
    ["--game", "leapfrog_race", "--bot", "random", "--options", '{"plate": "no"}'],
    ["--game", "leapfrog_race", "--bot", "random", "--out", "/nonexistent/dir/x.json"],
    ["--game", "leapfrog_race", "--bot", "random", "--turbo"],
])
def test_play_usage_errors_exit_2_with_a_message(args: list[str]) -> None:
    played = manage("play_match", *args)
    assert played.returncode == 2, played
    assert played.stderr and b"Traceback" not in played.stderr


def test_verify_several_files_in_order_with_exit_1_when_any_is_invalid(tmp_path: Path) -> None:
    valid = EXAMPLE_LOGS / "leapfrog_race" / "01-valid.json"
    invalid = EXAMPLE_LOGS / "leapfrog_race" / "17-illegal_move.json"
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\xff not json")
    missing = tmp_path / "missing.json"
    verified = manage("verify_log", str(valid), str(invalid), str(garbage), str(missing))
    assert verified.returncode == 1
    answers = lines(verified.stdout)
    assert [answer["file"] for answer in answers] == [str(valid), str(invalid), str(garbage), str(missing)]
    assert [answer["valid"] for answer in answers] == [True, False, False, False]
    assert answers[1]["error"]["code"] == "illegal_move"
    assert answers[2]["error"]["code"] == answers[3]["error"]["code"] == "bad_format"
    assert answers[3]["game"] is None


def test_verify_reads_standard_input() -> None:
    body = (EXAMPLE_LOGS / "leapfrog_race" / "01-valid.json").read_bytes()
    verified = manage("verify_log", "-", stdin=body)
    assert verified.returncode == 0
    assert lines(verified.stdout) == [{"file": "-", **lines(manage("verify_log", "-", stdin=body).stdout)[0]}]


@pytest.mark.parametrize("args", [[], ["--strict", "x.json"]])
def test_verify_usage_errors_exit_2(args: list[str]) -> None:
    verified = manage("verify_log", *args)
    assert verified.returncode == 2 and verified.stdout == b""


@pytest.mark.django_db
def test_the_demo_runs_a_tournament_of_every_game(tmp_path: Path) -> None:
    from django.core.management import call_command

    from games.registry import GAME_CLASSES
    from tournaments.models import Tournament

    out = tmp_path / "demo.txt"
    for _ in range(2):  # run again, the demo shows what it played rather than copies of it
        with out.open("w") as handle:
            call_command("demo", stdout=handle)
        text = out.read_text()
        assert "stored matches verify" in text
        for slug in GAME_CLASSES:
            assert f"({slug})" in text
        assert Tournament.objects.filter(status=Tournament.Status.FINISHED).count() == len(GAME_CLASSES)
        assert Tournament.objects.filter(club__public=True).count() == len(GAME_CLASSES)


def test_verify_prints_utf_8_text_as_it_is(tmp_path: Path) -> None:
    log = json.loads((EXAMPLE_LOGS / "leap_frog" / "02-valid.json").read_text(encoding="utf-8"))
    log["setup"]["layout"][0] = "?" + log["setup"]["layout"][0][1:]
    path = tmp_path / "grenouille×2.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    verified = manage("verify_log", str(path))
    assert verified.returncode == 1
    text = verified.stdout.decode("utf-8")
    assert "grenouille×2.json" in text and "\\u00d7" not in text and "\\u" not in text
    assert json.loads(text)["file"] == str(path) and json.loads(text)["error"]["code"] == "bad_setup"
