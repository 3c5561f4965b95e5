"""The challenges API: start one, read it back with its games, the daily quota answered 429
beside the field with nothing stored, another owner's challenge unknown, and a rerun of a
finished bot match answering its divergence."""

from __future__ import annotations

from tests.helpers.world import World
from tournaments.models import Challenge, Match
from tournaments.services import bots as bot_services
from tournaments.services.matches import insert_match


def bots(world: World):
    mine = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Mine",
                                     strategy="random")
    bot_services.add_version(mine, by=world.member, strategy="greedy", activate=False)
    house = bot_services.builtin_player(world.club, "froggit", "House", "greedy").bot_entry
    return mine, house


def test_start_read_and_list_a_challenge(world: World) -> None:
    mine, house = bots(world)
    client = world.client(world.member)
    answer = client.post("/api/challenges/", {"version": mine.active_version_id, "options": {"version": "expert"},
                                              "lineup": [house.active_version_id, mine.active_version_id],
                                              "seed_base": "api", "count": 2}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["status"] == "finished" and body["seat"] == 1 and len(body["games"]) == 2
    assert [game["seed"] for game in body["games"]] == body["seeds"]
    game = body["games"][0]
    assert game["rank"] in (1, 2) and game["page"] == f"/matches/{game['match']}/"
    assert game["turns"] == f"/api/matches/{game['match']}/turns/?seat=1"
    assert client.get(f"/api/challenges/{body['id']}/").json()["id"] == body["id"]
    assert [row["id"] for row in client.get("/api/challenges/").json()["results"]] == [body["id"]]
    assert world.client(world.bystander).get("/api/challenges/").json()["results"] == []
    assert world.client(world.bystander).get(f"/api/challenges/{body['id']}/").status_code == 404
    assert all(not match.rated for match in Match.objects.filter(challenge_id=body["id"]))


def test_past_the_quota_is_429_beside_the_field_and_stores_nothing(world: World) -> None:
    world.club.challenge_quota = 2
    world.club.save()
    mine, house = bots(world)
    body = {"version": mine.active_version_id, "lineup": [mine.active_version_id, house.active_version_id],
            "seeds": ["a", "b", "c"]}
    answer = world.client(world.member).post("/api/challenges/", body, format="json")
    assert answer.status_code == 429
    error = answer.json()
    assert error["code"] == "challenge_quota" and error["quota"] == 2 and error["used"] == 0
    assert "2 left, not 3" in error["fields"]["seeds"][0]
    assert not Challenge.objects.exists() and not Match.objects.exists()


def test_bad_input_is_400_naming_the_field(world: World) -> None:
    mine, house = bots(world)
    client = world.client(world.member)
    answer = client.post("/api/challenges/", {"version": mine.active_version_id, "lineup": [mine.active_version_id],
                                              "seeds": ["a"]}, format="json")
    assert answer.status_code == 400 and "lineup" in answer.json()["fields"]
    answer = client.post("/api/challenges/", {"version": mine.active_version_id, "count": 2,
                                              "lineup": [mine.active_version_id, house.active_version_id]},
                         format="json")
    assert answer.status_code == 400 and "seed_base" in answer.json()["fields"]
    assert not Challenge.objects.exists()


def test_a_rerun_through_the_api_answers_where_it_parts_from_the_match(world: World) -> None:
    mine, house = bots(world)
    old = mine.active_version
    client = world.client(world.member)
    first = client.post("/api/challenges/", {"version": old.pk, "lineup": [old.pk, house.active_version_id],
                                             "seeds": ["rerun"]}, format="json").json()
    played = first["games"][0]["match"]
    newer = mine.versions.get(number=2)
    answer = client.post(f"/api/matches/{played}/rerun/", {"version": newer.pk}, format="json")
    assert answer.status_code == 201, answer.content
    rerun = answer.json()
    assert rerun["rerun_of"] == played and rerun["seeds"] == ["rerun"]
    moves = [Match.objects.get(pk=pk).log.moves for pk in (played, rerun["games"][0]["match"])]
    first_difference = next((i for i, (a, b) in enumerate(zip(*moves)) if a != b), None)
    assert rerun["divergence"]["first_difference"] == first_difference is not None
    assert world.client(world.bystander).post(f"/api/matches/{played}/rerun/", {"version": newer.pk},
                                              format="json").status_code == 403
    person = insert_match(players=[world.ana, world.ben], setup={"order": "RYGBOP"}, club=world.club,
                          game="leapfrog_race", status=Match.Status.FINISHED)
    assert world.client(world.staff).post(f"/api/matches/{person.pk}/rerun/", {"version": newer.pk},
                                          format="json").status_code == 400
