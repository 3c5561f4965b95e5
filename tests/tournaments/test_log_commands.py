"""``import_logs`` and ``export_logs``: a club's logs out and back in, verified offline."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.registry import get_game
from games.runner import play_bots
from tests.helpers import EXAMPLE_LOGS, ROOT
from tests.helpers.world import World
from tests.helpers.matches import finished_match, snapshot
from tests.helpers.tournaments import bot_tournament
from tests.helpers.tournaments import run as run_tournament
from tournaments.models import Club, Match, Player, Tournament
from tournaments.selectors import match_envelope


def run(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command(*args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code), out.getvalue()
    return 0, out.getvalue()


def test_import_files_into_the_imported_club(world: World, tmp_path: Path) -> None:
    valid = EXAMPLE_LOGS / "leapfrog_race" / "03-valid.json"
    invalid = EXAMPLE_LOGS / "leapfrog_race" / "17-illegal_move.json"
    code, out = run("import_logs", "--create-players", str(valid), str(invalid))
    assert code == 1
    assert "stored as match #" in out and "refused: illegal_move at 17" in out and "1 stored, 1 refused" in out
    club = Club.objects.get(slug="imported")
    match = Match.objects.get(club=club)
    assert [seat.player.name for seat in match.seats.order_by("index")] == ["ana", "ben", "cy"]
    assert match.result["ranks"] == [3, 1, 2]


def test_import_into_a_club_matches_players_by_name(world: World, tmp_path: Path) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Ben"], "setup": {"order": "RYGBOP"},
           "moves": [" ".join(f"{frog}{turn % 6 + 1}" for frog in "RYGBOP") for turn in range(18)]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(log))
    code, out = run("import_logs", "--club", "pond", str(path))
    assert code == 0
    match = Match.objects.get(club=world.club)
    assert [seat.player for seat in match.seats.order_by("index")] == [world.ana, world.ben]


def test_unknown_names_refuse_the_file_with_the_list_unless_asked(world: World, tmp_path: Path) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Bne", "Cyy"], "setup": {"order": "RYGBOP"},
           "moves": [" ".join(f"{frog}{turn % 6 + 1}" for frog in "RYGBOP") for turn in range(18)]}
    path = tmp_path / "typos.json"
    path.write_text(json.dumps(log))
    before = snapshot()
    code, out = run("import_logs", "--club", "pond", str(path))
    assert code == 1 and "refused: unknown_players" in out and "'Bne', 'Cyy'" in out and "0 stored, 1 refused" in out
    assert snapshot() == before
    code, out = run("import_logs", "--club", "pond", "--create-players", str(path))
    assert code == 0 and "1 stored" in out
    assert set(Player.objects.filter(club=world.club, name__in=["Bne", "Cyy"]).values_list("kind", flat=True)) \
        == {Player.Kind.PERSON}


def test_a_game_imported_again_is_skipped_and_named(world: World, tmp_path: Path) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Ben"], "setup": {"order": "RYGBOP"},
           "moves": [" ".join(f"{frog}{turn % 6 + 1}" for frog in "RYGBOP") for turn in range(18)]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(log))
    assert run("import_logs", "--club", "pond", str(path))[0] == 0
    stored = Match.objects.get(club=world.club)
    code, out = run("import_logs", "--club", "pond", str(path), str(path))
    assert code == 0 and out.count(f"skipped: duplicate_match: the game is stored already as match #{stored.pk}") == 2
    assert "0 stored, 0 refused, 2 skipped as stored already" in out and Match.objects.count() == 1


def test_unreadable_and_garbage_files_are_refused_and_nothing_is_half_stored(world: World, tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\xff")
    before = snapshot()
    code, out = run("import_logs", "--club", "pond", str(garbage), str(tmp_path / "missing.json"))
    assert code == 1 and out.count(": refused:") == 2 and "0 stored, 2 refused" in out
    assert snapshot() == before


def test_usage_errors_exit_2(world: World) -> None:
    for args in (["import_logs"], ["export_logs", "--club", "pond"], ["export_logs", "--out", "x"]):
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True)
        assert done.returncode == 2 and b"Traceback" not in done.stderr
    for args in (["import_logs", "--club", "nowhere", "x.json"], ["export_logs", "--club", "nowhere", "--out", "x"],
                 ["export_logs", "--club", "pond", "--tournament", "999", "--out", "x"]):
        with pytest.raises(CommandError) as refused:
            call_command(*args)
        assert refused.value.returncode == 2


def test_export_verify_offline_and_import_back(world: World, tmp_path: Path) -> None:
    tournament = Tournament.objects.create(club=world.club, name="Spring Cup", game="leapfrog_race")
    first = finished_match(world)
    first.tournament = tournament
    first.rated = False
    first.save()
    bot = Player.objects.create(club=world.club, name="RoboFrog", kind=Player.Kind.BOT)
    from tournaments.services.matches import upload_log

    upload_log(club=world.club, log=play_bots(get_game("leapfrog_race"), ["mc:budget=6", "random"], seed="e"),
               players=[bot, world.cy])
    code, out = run("export_logs", "--club", "pond", "--out", str(tmp_path / "out"))
    assert code == 0 and "Wrote 2 logs" in out
    files = sorted((tmp_path / "out").glob("match-*.json"))
    verified = subprocess.run([sys.executable, "manage.py", "verify_log", *map(str, files)], cwd=ROOT,
                              capture_output=True)
    assert verified.returncode == 0
    assert all(json.loads(line)["valid"] for line in verified.stdout.decode().splitlines())
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert {player["name"]: player["kind"] for player in manifest["players"]}["RoboFrog"] == "bot"
    assert manifest["matches"][0]["tournament"]["name"] == "Spring Cup" and manifest["matches"][0]["rated"] is False

    code, out = run("import_logs", "--club", "lily", str(tmp_path / "out"))
    assert code == 1 and "0 stored, 2 refused" in out and "unknown_players" in out
    code, out = run("import_logs", "--club", "lily", "--create-players", str(tmp_path / "out"))
    assert code == 0 and "2 stored" in out
    imported = Match.objects.filter(club=world.other_club).order_by("pk")
    assert [match.result["ranks"] for match in imported] == [match.result["ranks"] for match in
                                                             Match.objects.filter(club=world.club).order_by("pk")]
    assert imported[0].tournament.name == "Spring Cup" and imported[0].rated is False
    assert imported[0].played_at == first.played_at
    assert Player.objects.get(club=world.other_club, name="RoboFrog").kind == Player.Kind.BOT


def test_export_one_tournament(world: World, tmp_path: Path) -> None:
    """Its matches alone, each file its match's log as stored, listed in the manifest with
    their seats, and every file verifies offline; the club's other matches stay out."""
    tournament = run_tournament(bot_tournament(world.club, ["random", "greedy", "random"], seed="export"))
    outside = finished_match(world)
    played = list(tournament.matches.order_by("pk"))
    assert len(played) == 3 and outside.tournament is None
    code, out = run("export_logs", "--club", "pond", "--tournament", str(tournament.pk), "--out", str(tmp_path))
    assert code == 0 and f"Wrote 3 logs of {world.club.name}" in out
    files = sorted(tmp_path.glob("match-*.json"))
    assert [path.name for path in files] == sorted(f"match-{match.pk}.json" for match in played)
    for match in played:
        assert json.loads((tmp_path / f"match-{match.pk}.json").read_text()) == match_envelope(match)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert [entry["id"] for entry in manifest["matches"]] == [match.pk for match in played]
    assert {entry["tournament"]["name"] for entry in manifest["matches"]} == {tournament.name}
    assert [entry["seats"] for entry in manifest["matches"]] == [
        [seat.player_id for seat in match.seats.order_by("index")] for match in played]
    assert {player["id"] for player in manifest["players"]} == {entrant.player_id for entrant in tournament.entrants.all()}
    verified = subprocess.run([sys.executable, "manage.py", "verify_log", *map(str, files)], cwd=ROOT,
                              capture_output=True)
    assert verified.returncode == 0
    assert [json.loads(line)["valid"] for line in verified.stdout.decode().splitlines()] == [True] * 3


@pytest.mark.parametrize("manifest", ["not json", json.dumps({"players": [], "matches": [{"file": "../x", "seats": []}]}),
                                      json.dumps({"players": [], "matches": [{"file": "a.json", "seats": [9]}]})])
def test_a_bad_manifest_is_refused(world: World, tmp_path: Path, manifest: str) -> None:
    (tmp_path / "manifest.json").write_text(manifest)
    code, out = run("import_logs", str(tmp_path))
    assert code == 1 and "manifest.json: refused" in out
