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


# -- --rerun: a stored match replayed with another bot in its seat ---------------------------------

def stored_match(owner):
    """A finished froggit match the service played: a bot that always plays the first legal
    move (seat 0) against the built-in greedy, with its log as the API exports it."""
    from tournaments.models import Club, Match
    from tournaments.selectors import match_envelope
    from tournaments.services import bots as bot_services
    from tournaments.services import challenges as challenge_services

    club = Club.objects.create(name="Reruns", slug="reruns", public=True)
    from tournaments.models import Membership
    Membership.objects.create(club=club, user=owner)
    mine = bot_services.create_entry(club=club, owner=owner, game="froggit", name="Mine", filename="main.py",
                                     data=PICKING_BOT.format(index=0).encode())
    house = bot_services.builtin_player(club, "froggit", "House", "greedy").bot_entry
    challenge = challenge_services.create_challenge(owner=owner, version=mine.active_version,
                                                    lineup=[mine.active_version, house.active_version],
                                                    seeds=["stored"])
    match = challenge.matches.get()
    assert match.status == Match.Status.FINISHED
    return match, match_envelope(match)


#: A deterministic bot: it always plays the legal move at ``index`` (0: the first, -1: the last).
PICKING_BOT = """import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({{"type": "ready"}}), flush=True)
    elif message["type"] == "turn":
        print(json.dumps({{"move": message["legal"][{index}]}}), flush=True)
    elif message["type"] == "end":
        break
"""


def picking_bot(tmp_path: Path, index: int) -> str:
    path = tmp_path / f"pick{index}.py"
    path.write_text(PICKING_BOT.format(index=index))
    return str(path)


def rerun(*args: str) -> tuple[dict, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("try_bot", *args, stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


@pytest.mark.django_db
@pytest.mark.usefixtures("bubblewrap")
def test_a_rerun_from_an_exported_log_shows_where_another_bot_parts(tmp_path: Path) -> None:
    from django.contrib.auth.models import User

    match, envelope = stored_match(User.objects.create_user("writer"))
    exported = tmp_path / "match.json"
    exported.write_text(json.dumps(envelope))
    same, report = rerun(picking_bot(tmp_path, 0), "--rerun", str(match.pk), "--log", str(exported), "--seat", "0")
    assert same["moves"] == envelope["moves"] and same["seed"] == "stored"
    assert f"no difference: every one of the {len(envelope['moves'])} moves is the same" in report
    played, report = rerun(picking_bot(tmp_path, -1), "--rerun", str(match.pk), "--log", str(exported), "--seat", "0")
    first = next(i for i, (a, b) in enumerate(zip(envelope["moves"], played["moves"])) if a != b)
    assert f"first difference at move {first} (counting from 0): the match has {envelope['moves'][first]!r}" in report
    assert verify_log(played)["valid"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("bubblewrap")
def test_a_rerun_fetches_the_log_from_the_service_with_a_token(live_server, tmp_path: Path) -> None:
    from django.contrib.auth.models import User

    from tournaments.services import tokens as token_services

    owner = User.objects.create_user("fetcher")
    match, envelope = stored_match(owner)
    _, secret = token_services.issue_token(owner, name="try_bot")
    played, report = rerun(picking_bot(tmp_path, 0), "--rerun", str(match.pk), "--url", live_server.url,
                           "--token", secret, "--seat", "0")
    assert played["moves"] == envelope["moves"] and "no difference" in report
    with pytest.raises(CommandError, match="answered 404"):
        rerun(str(EXAMPLES / "froggit.py"), "--rerun", "999999", "--url", live_server.url, "--token", secret,
              "--seat", "0")


@pytest.mark.parametrize(("args", "message"), [
    (["--rerun", "1"], "give the log with --log FILE, or the service with --url URL"),
    (["--rerun", "1", "--log", "/nonexistent.json"], "cannot read /nonexistent.json"),
])
def test_bad_rerun_arguments_are_clear_errors(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        try_bot(str(EXAMPLES / "froggit.py"), *args)


def test_a_rerun_names_the_seats_when_none_is_given(tmp_path: Path) -> None:
    from games.runner import play_bots
    from games.registry import get_game

    exported = tmp_path / "log.json"
    exported.write_text(json.dumps(play_bots(get_game("froggit"), ["random", "greedy"], seed="x")))
    with pytest.raises(CommandError, match=r"name the bot's seat with --seat N: 0 \(random\), 1 \(greedy\)"):
        try_bot(str(EXAMPLES / "froggit.py"), "--rerun", "5", "--log", str(exported))
