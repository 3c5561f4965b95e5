"""Each game counted once over the API: the same game uploaded again answers 409 with the
stored match in the body, and a log's names the club does not know answer 400 with the list,
unless ``create_players``."""

from __future__ import annotations

from typing import Any

from games.registry import get_game
from games.runner import play_bots
from tests.helpers.matches import STILL
from tests.helpers.world import World
from tournaments.models import Match, Player


def log(seed: str = "api-dupe", names: tuple[str, ...] = ("Ana", "Ben")) -> dict[str, Any]:
    return play_bots(get_game("froggit"), ["random"] * len(names), seed=seed, players=list(names))


def post(world: World, body: dict[str, Any], user: Any = None) -> Any:
    return world.client(user or world.director).post("/api/matches/", {"club": "pond", **body}, format="json")


def test_the_same_game_again_answers_409_naming_the_stored_match(world: World) -> None:
    first = post(world, {"log": log(), "seats": [world.ana.pk, world.ben.pk]})
    assert first.status_code == 201
    stored = first.json()["id"]
    for body in ({"log": log(), "seats": [world.ana.pk, world.ben.pk], "rated": False}, {"log": log()}):
        again = post(world, body)
        assert again.status_code == 409
        answer = again.json()
        assert answer["code"] == "duplicate_match" and answer["match"] == stored
        assert answer["match_url"] == f"/api/matches/{stored}/" and answer["page"] == f"/matches/{stored}/"
        assert f"match #{stored}" in answer["message"] and answer["fields"]["log"] == [answer["message"]]
    member = post(world, {"log": log(), "seats": [world.ana.pk, world.ben.pk]}, world.member)
    assert member.status_code == 409 and Match.objects.count() == 1
    assert post(world, {"log": log(), "seats": [world.ben.pk, world.ana.pk]}).status_code == 201


def test_a_void_match_no_longer_holds_the_game(world: World) -> None:
    stored = post(world, {"log": log(), "seats": [world.ana.pk, world.ben.pk]}).json()["id"]
    assert world.client(world.director).post(f"/api/matches/{stored}/void/").status_code == 200
    assert post(world, {"log": log(), "seats": [world.ana.pk, world.ben.pk]}).status_code == 201


def test_finishing_a_live_game_stored_already_answers_409(world: World) -> None:
    race = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Ben"], "setup": {"order": "RYGBOP"},
            "moves": STILL}
    stored = post(world, {"log": race}).json()["id"]
    live = post(world, {"game": "leapfrog_race", "players": [world.ana.pk, world.ben.pk],
                        "setup": {"order": "RYGBOP"}}).json()["id"]
    client = world.client(world.director)
    for index, move in enumerate(STILL[:-1]):
        assert client.post(f"/api/matches/{live}/moves/", {"move": move, "index": index},
                           format="json").status_code == 201
    last = client.post(f"/api/matches/{live}/moves/", {"move": STILL[-1], "index": len(STILL) - 1}, format="json")
    assert last.status_code == 409 and last.json()["match"] == stored
    assert Match.objects.get(pk=live).status == Match.Status.IN_PROGRESS


def test_unknown_names_answer_400_with_the_list_and_are_created_on_request(world: World) -> None:
    typos = log("typos", ("Ana", "Bne", "Cyy"))
    refused = post(world, {"log": typos})
    assert refused.status_code == 400
    body = refused.json()
    assert body["code"] == "unknown_players" and body["unknown"] == ["Bne", "Cyy"] and "seats" in body["fields"]
    assert not Match.objects.exists() and not Player.objects.filter(name__in=["Bne", "Cyy"]).exists()
    created = post(world, {"log": typos, "create_players": True})
    assert created.status_code == 201
    assert [seat["player_name"] for seat in created.json()["seats"]] == ["Ana", "Bne", "Cyy"]
    assert Player.objects.get(club=world.club, name="Bne").kind == Player.Kind.PERSON


def test_create_players_is_for_logs_matched_by_name(world: World) -> None:
    answer = post(world, {"log": log(), "seats": [world.ana.pk, world.ben.pk], "create_players": True})
    assert answer.status_code == 400 and "create_players" in answer.json()["fields"]
    assert post(world, {"log": log(), "create_players": True}, world.member).status_code == 403
    assert not Match.objects.exists()
