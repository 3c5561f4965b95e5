"""The bot entry and ladder API: creating entries by JSON or multipart upload, versions, who
sees code and standard error, and ladders run by directors."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.helpers.world import World
from tests.helpers.bots import example
from tournaments.models import BotEntry, BotVersion, Ladder, Match, Player, Seat, SeatOutput
from tournaments.services import bots as bot_services


def create(world: World, user: object, **fields: object) -> object:
    body = {"club": "pond", "name": "Hopper", "game": "froggit", "strategy": "greedy", **fields}
    return world.client(user).post("/api/bots/", body, format="json")


def upload(world: World, user: object, name: str = "Uploaded", data: bytes | None = None,
           filename: str = "main.py") -> object:
    body = {"club": "pond", "name": name, "game": "leapfrog_race",
            "file": SimpleUploadedFile(filename, example("leapfrog_race") if data is None else data)}
    return world.client(user).post("/api/bots/", body, format="multipart")


def test_a_member_creates_a_built_in_entry(world: World) -> None:
    answer = create(world, world.member, description="greedy hops")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert (body["name"], body["club"], body["game"], body["owner"]) == ("Hopper", "pond", "froggit", "ana")
    assert body["active_version"]["number"] == 1 and body["active_version"]["strategy"] == "greedy"
    assert Player.objects.get(name="Hopper").kind == "bot"


def test_a_member_uploads_a_program(world: World) -> None:
    answer = upload(world, world.member)
    assert answer.status_code == 201, answer.json()
    version = answer.json()["active_version"]
    assert answer.json()["ladder"] is True  # a form's missing checkbox keeps the default
    assert (version["kind"], version["filename"], version["size"]) == ("python", "main.py",
                                                                       len(example("leapfrog_race")))


@pytest.mark.parametrize(("user", "status"), [(None, 401), ("outsider", 403)])
def test_only_members_enter_bots(world: World, user: str | None, status: int) -> None:
    answer = create(world, getattr(world, user) if user else None)
    assert answer.status_code in ((status, 403) if status == 401 else (status,))
    assert answer.json()["code"] in ("not_authenticated", "permission_denied")
    assert not BotEntry.objects.exists()


@pytest.mark.parametrize(("fields", "field"), [
    ({"strategy": "teleport"}, "strategy"),
    ({"game": "chess"}, "game"),
    ({"name": "Ana"}, "name"),
    ({"club": "nowhere"}, "club"),
    ({"strategy": None}, "strategy"),
    ({"ladder": "perhaps"}, "ladder"),
])
def test_bad_entries_get_the_error_shape(world: World, fields: dict, field: str) -> None:
    answer = create(world, world.member, **fields)
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] and body["message"] and field in body["fields"]
    assert not BotEntry.objects.exists()


@pytest.mark.parametrize(("data", "filename"), [
    (b"def broken(:\n", "main.py"),
    (b"PK\x03\x04garbage", "bot.zip"),
    (b"\xff\xfe\x00binary", "main.py"),
    (b"print(1)\n", "bot.exe"),
])
def test_bad_uploads_get_a_clear_400(world: World, data: bytes, filename: str) -> None:
    answer = upload(world, world.member, data=data, filename=filename)
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "bad_bundle" and body["fields"]["file"] and body["message"]
    assert not BotVersion.objects.exists() and not Player.objects.filter(name="Uploaded").exists()


def test_versions_code_and_runs_are_the_owners(world: World) -> None:
    entry_id = upload(world, world.member).json()["id"]
    owner = world.client(world.member)
    added = owner.post(f"/api/bots/{entry_id}/versions/", {"strategy": "greedy", "note": "plan b"}, format="json")
    assert added.status_code == 201 and added.json()["number"] == 2 and added.json()["active"]
    versions = world.client(None).get(f"/api/bots/{entry_id}/versions/").json()
    assert [version["number"] for version in versions] == [2, 1]
    code = owner.get(f"/api/bots/{entry_id}/versions/1/code/")
    assert code.status_code == 200 and code.content == example("leapfrog_race")
    assert 'filename="main.py"' in code["Content-Disposition"]
    assert owner.get(f"/api/bots/{entry_id}/versions/2/code/").json() == {"strategy": "greedy"}
    assert owner.get(f"/api/bots/{entry_id}/versions/9/code/").status_code == 404
    for stranger in (world.director, world.bystander, world.outsider):
        assert world.client(stranger).get(f"/api/bots/{entry_id}/versions/1/code/").status_code == 403
        assert world.client(stranger).get(f"/api/bots/{entry_id}/runs/").status_code == 403
        assert world.client(stranger).post(f"/api/bots/{entry_id}/versions/", {"strategy": "random"},
                                           format="json").status_code == 403
    assert world.client(None).get(f"/api/bots/{entry_id}/runs/").status_code in (401, 403)
    assert world.client(world.staff).get(f"/api/bots/{entry_id}/versions/1/code/").status_code == 200
    activated = owner.post(f"/api/bots/{entry_id}/activate/", {"version": 1}, format="json")
    assert activated.status_code == 200 and activated.json()["active_version"]["number"] == 1
    assert owner.post(f"/api/bots/{entry_id}/activate/", {"version": 7}, format="json").status_code == 400
    by_form = owner.post(f"/api/bots/{entry_id}/versions/", {"file": SimpleUploadedFile("main.py", b"print(2)\n")},
                          format="multipart")
    assert by_form.status_code == 201 and by_form.json()["active"] is True  # activate defaults to true in forms too
    owner.post(f"/api/bots/{entry_id}/activate/", {"version": 1}, format="json")
    duplicate = owner.post(f"/api/bots/{entry_id}/versions/", {"file": SimpleUploadedFile(
        "main.py", example("leapfrog_race"))}, format="multipart")
    assert duplicate.status_code == 400 and duplicate.json()["code"] == "duplicate_version"


def test_runs_show_forfeits_and_stderr_to_the_owner_only(world: World) -> None:
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Robo",
                                      strategy="random")
    house = bot_services.builtin_player(world.club, "froggit", "House", "random")
    from tournaments.services.matches import insert_match

    match = insert_match(players=[entry.player, house], setup={}, club=world.club, game="froggit",
                         status=Match.Status.FINISHED)
    seat = Seat.objects.get(match=match, player=entry.player)
    Seat.objects.filter(pk=seat.pk).update(forfeit_reason="timeout")
    SeatOutput.objects.create(seat=seat, stderr="Traceback: oops")
    runs = world.client(world.member).get(f"/api/bots/{entry.pk}/runs/").json()
    assert runs["count"] == 1
    [run] = runs["results"]
    assert (run["match"], run["forfeit_reason"], run["stderr"], run["version"]) == (match.pk, "timeout",
                                                                                  "Traceback: oops", 1)
    public = world.client(None).get(f"/api/bots/{entry.pk}/").json()
    assert "stderr" not in str(public) and "code" not in public


def test_owner_or_director_edit_and_delete(world: World) -> None:
    entry_id = create(world, world.member).json()["id"]
    assert world.client(world.bystander).patch(f"/api/bots/{entry_id}/", {"ladder": False},
                                               format="json").status_code == 403
    changed = world.client(world.director).patch(f"/api/bots/{entry_id}/", {"ladder": False, "description": "x"},
                                                 format="json")
    assert changed.status_code == 200 and changed.json()["ladder"] is False
    read_only = world.client(world.member).patch(f"/api/bots/{entry_id}/", {"game": "leap_frog"}, format="json")
    assert read_only.status_code == 400 and read_only.json()["fields"] == {"game": ["read-only field"]}
    assert world.client(world.member).delete(f"/api/bots/{entry_id}/").status_code == 204
    assert not Player.objects.filter(name="Hopper").exists()


def test_the_players_api_sends_bots_to_the_bots_api(world: World) -> None:
    answer = world.client(world.director).post("/api/players/", {"club": "pond", "name": "R2", "kind": "bot"},
                                               format="json")
    assert answer.status_code == 400 and "/api/bots/" in answer.json()["message"]


def test_directors_set_up_and_run_ladders(world: World, django_capture_on_commit_callbacks) -> None:
    body = {"club": "pond", "game": "leapfrog_race", "seats": 2, "every_minutes": 5, "seed": "L"}
    assert world.client(world.member).post("/api/ladders/", body, format="json").status_code == 403
    created = world.client(world.director).post("/api/ladders/", body, format="json")
    assert created.status_code == 201, created.json()
    ladder_id = created.json()["id"]
    again = world.client(world.director).post("/api/ladders/", body, format="json")
    assert again.status_code == 400 and "already has" in again.json()["message"]
    for n, owner in enumerate((world.member, world.bystander)):
        bot_services.create_entry(club=world.club, owner=owner, game="leapfrog_race", name=f"L{n}", strategy="random")
    bad = world.client(world.director).patch(f"/api/ladders/{ladder_id}/", {"every_minutes": 0}, format="json")
    assert bad.status_code == 400
    fixed = world.client(world.director).patch(f"/api/ladders/{ladder_id}/", {"game": "froggit"}, format="json")
    assert fixed.status_code == 400 and fixed.json()["fields"] == {"game": ["cannot change"]}
    with django_capture_on_commit_callbacks(execute=True):
        run = world.client(world.director).post(f"/api/ladders/{ladder_id}/run/")
    assert run.status_code == 202 and run["Location"].endswith(f"/api/matches/?ladder={ladder_id}")
    matches = world.client(None).get(f"/api/matches/?ladder={ladder_id}").json()
    assert matches["count"] == 1 and matches["results"][0]["status"] == "finished"
    assert Ladder.objects.get(pk=ladder_id).runs == 1
