"""``manage.py try_bot``: a bot file played in the sandbox against built-in bots."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.logs import verify_log
from games.sandbox import sandbox_status
from tests.helpers import ROOT, skip_or_fail

EXAMPLES = ROOT / "examples" / "bots"


@pytest.fixture
def bubblewrap() -> None:
    ok, reason = sandbox_status()
    if not ok:
        skip_or_fail(f"bubblewrap cannot run here: {reason}")


def try_bot(*args: str) -> tuple[dict, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("try_bot", *args, stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


@pytest.mark.usefixtures("bubblewrap")
def test_an_example_plays_and_the_log_verifies() -> None:
    log, report = try_bot(str(EXAMPLES / "froggit.py"), "--game", "froggit", "--seed", "5")
    assert verify_log(log)["valid"] and "forfeits" not in log
    assert log["players"] == ["froggit.py", "random"] and log["seed"] == "5"
    assert "froggit seed 5:" in report and "the bot wrote nothing to standard error" in report


@pytest.mark.usefixtures("bubblewrap")
def test_the_same_seed_gives_the_same_log() -> None:
    args = (str(EXAMPLES / "leapfrog_race.py"), "--game", "leapfrog_race", "--seats", "4",
            "--against", "greedy", "--seed", "9")
    first, report = try_bot(*args)
    assert first == try_bot(*args)[0]
    assert first["players"] == ["leapfrog_race.py", "greedy", "greedy", "greedy"]
    assert "result: [" in report


@pytest.mark.usefixtures("bubblewrap")
def test_a_forfeit_is_shown_with_its_reason_and_the_bots_stderr(tmp_path: Path) -> None:
    bot = tmp_path / "broken.py"
    bot.write_text("import sys\nprint('thinking hard', file=sys.stderr)\nraise SystemExit(4)\n")
    log, report = try_bot(str(bot), "--game", "measure_and_tempo", "--seed", "1")
    assert log["forfeits"] == [{"seat": 0, "after": 0, "reason": "crash (exit code 4)"}]
    assert "seat 0 (broken.py) forfeited after 0 moves: crash (exit code 4)" in report
    assert "thinking hard" in report


@pytest.mark.usefixtures("bubblewrap")
def test_a_zip_plays_too(tmp_path: Path) -> None:
    archive = tmp_path / "bot.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.write(EXAMPLES / "leap_frog.py", "main.py")
    log, _ = try_bot(str(archive), "--game", "leap_frog", "--options", '{"rows": 6, "cols": 6}', "--seed", "2")
    assert verify_log(log)["valid"] and "forfeits" not in log


@pytest.mark.parametrize(("args", "message"), [
    (["missing.py", "--game", "froggit"], "cannot read missing.py"),
    ([str(EXAMPLES / "froggit.py"), "--game", "chess"], "chess"),
    ([str(EXAMPLES / "froggit.py"), "--game", "froggit", "--against", "nobody"], "no built-in bot 'nobody'"),
    ([str(EXAMPLES / "froggit.py"), "--game", "froggit", "--seats", "3", "--against", "random",
      "--against", "random", "--against", "random"], "once for each of the 2 other seats"),
    ([str(EXAMPLES / "froggit.py"), "--game", "froggit", "--options", "[1]"], "must be a JSON object"),
    ([str(EXAMPLES / "froggit.py"), "--game", "froggit", "--options", '{"speed": 1}'], "unknown option"),
    ([str(EXAMPLES / "froggit.py"), "--game", "measure_and_tempo", "--seats", "3"], "players"),
    ([str(EXAMPLES / "froggit.py"), "--game", "froggit", "--move-ms", "0"], "move_ms"),
])
def test_bad_arguments_are_clear_errors(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("try_bot", *args, stdout=io.StringIO(), stderr=io.StringIO())


def test_a_bad_bundle_is_a_clear_error(tmp_path: Path) -> None:
    bot = tmp_path / "bad.py"
    bot.write_text("def broken(:\n")
    with pytest.raises(CommandError, match="cannot use .*bad.py as a bot: bad.py has a syntax error on line 1"):
        call_command("try_bot", str(bot), "--game", "froggit", stdout=io.StringIO(), stderr=io.StringIO())


def test_without_the_sandbox_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_PYTHON", "/nonexistent/python3")
    with pytest.raises(CommandError, match="the bot sandbox cannot run here"):
        call_command("try_bot", str(EXAMPLES / "froggit.py"), "--game", "froggit",
                     stdout=io.StringIO(), stderr=io.StringIO())
