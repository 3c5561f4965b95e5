"""The match-logging API: live logging, uploads, export, verification, errors, permissions."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.logs import verify_log
from games.registry import GAME_CLASSES, get_game
from games.runner import play_bots
from tests.helpers import in_ci
from tests.tournaments.conftest import World
from tests.tournaments.test_match_services import STILL, snapshot
from tournaments.models import Match, Player
from tournaments.services import matches as services

#: Short games of every game: options, and the seats.
SHORT_GAMES = {
    "leapfrog_race": ({}, 2),
    "measure_and_tempo": ({"target": 3, "max_plays": 6}, 2),
    "froggit": ({"family": "quick", "max_rounds": 40}, 2),
    "leap_frog": ({"variant": "murray", "rows": 5, "cols": 5}, 3),
}


def race_match(world: World) -> Match:
    return services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                 setup={"order": "RYGBOP"})


def finished_match(world: World, club_players: list[Player] | None = None) -> Match:
    club_players = club_players or [world.ana, world.ben]
    club = club_players[0].club
    match = services.create_match(club=club, game="leapfrog_race", players=club_players, setup={"order": "RYGBOP"})
    for index, move in enumerate(STILL):
        match = services.append_move(match, move=move, index=index)
    return match


# -- live logging of every game -------------------------------------------------------------------

@pytest.mark.parametrize("slug", sorted(GAME_CLASSES))
def test_log_a_whole_game_move_by_move_then_export_and_verify(world: World, slug: str) -> None:
    options, seats = SHORT_GAMES.get(slug, ({}, 2))
    played = play_bots(get_game(slug), ["random"] * seats, options=options, seed=f"live-{slug}")
    players = [world.ana, world.ben, world.cy, world.dora, world.eve, world.fay][:seats]
    client = world.client(world.member)
    created = client.post("/api/matches/", {"club": "pond", "game": slug, "options": played["options"],
                                            "players": [player.pk for player in players],
                                            "setup": played["setup"]}, format="json")
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    for index, move in enumerate(played["moves"]):
        answer = client.post(f"/api/matches/{match_id}/moves/", {"move": move, "index": index}, format="json")
        assert answer.status_code == 201, answer.json()
    final = answer.json()
    assert final["status"] == "finished" and final["move_count"] == len(played["moves"])
    assert final["result"]["ranks"] == played["result"]["ranks"]
    assert final["result"]["scores"] == played["result"]["scores"]
    assert [seat["rank"] for seat in final["seats"]] == played["result"]["ranks"]
    exported = client.get(f"/api/matches/{match_id}/log/").json()
    offline = verify_log(json.loads(json.dumps(exported)))
    assert offline["valid"] and offline["finished"] and offline["result"]["ranks"] == played["result"]["ranks"]
    late = client.post(f"/api/matches/{match_id}/moves/", {"move": played["moves"][-1], "index": len(played["moves"])},
                       format="json")
    assert late.status_code == 409 and late.json()["code"] == "match_finished"


def test_the_service_draws_the_setup_from_a_seed(world: World) -> None:
    answer = world.client(world.director).post("/api/matches/", {
        "club": "pond", "game": "leapfrog_race", "players": [world.ana.pk], "draw_setup": True}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    assert body["seed"] and body["commitment"].startswith("sha256:") and len(body["setup"]["order"]) == 6


# -- refusals leave the database as it was ----------------------------------------------------------

@pytest.mark.parametrize(("body", "status", "code"), [
    ({"move": "R1 Y1 G1 B1 O1 P1", "index": 1}, 400, "illegal_move"),
    ({"move": "R1 Y2", "index": 1}, 400, "bad_notation"),
    ({"move": ["R1"], "index": 1}, 400, "bad_notation"),
    ({"move": STILL[1], "index": 0}, 409, "stale_index"),
    ({"move": STILL[1], "index": 5}, 409, "stale_index"),
    ({"move": STILL[1]}, 400, "invalid"),
    ({"move": STILL[1], "index": -1}, 400, "invalid"),
    ({"move": STILL[1], "index": "one"}, 400, "invalid"),
])
def test_refused_moves_change_nothing(world: World, body: dict, status: int, code: str) -> None:
    match = services.append_move(race_match(world), move=STILL[0], index=0)
    before = snapshot()
    answer = world.client(world.director).post(f"/api/matches/{match.pk}/moves/", body, format="json")
    assert answer.status_code == status
    error = answer.json()
    assert error["code"] == code and error["message"]
    if code == "stale_index":
        assert error["moves"] == 1
    if code == "invalid":
        assert error["fields"]
    assert snapshot() == before


def test_a_body_that_is_not_json(world: World) -> None:
    match = race_match(world)
    answer = world.client(world.director).post(f"/api/matches/{match.pk}/moves/", "{not json",
                                               content_type="application/json")
    assert answer.status_code == 400 and answer.json()["code"] == "parse_error"


@pytest.mark.django_db(transaction=True)
def test_concurrent_appends_with_the_same_index_give_exactly_one_success(world: World) -> None:
    if connection.vendor != "postgresql" and not in_ci():
        pytest.skip("row locks need PostgreSQL (CI runs this on PostgreSQL)")
    match = services.append_move(race_match(world), move=STILL[0], index=0)
    barrier = threading.Barrier(4)
    statuses: list[int] = []

    def append() -> None:
        client = world.client(world.director)
        barrier.wait()
        statuses.append(client.post(f"/api/matches/{match.pk}/moves/", {"move": STILL[1], "index": 1},
                                    format="json").status_code)
        connection.close()

    threads = [threading.Thread(target=append) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201, 409, 409, 409]
    match.refresh_from_db()
    assert match.move_count == 2 and match.log.moves == STILL[:2]


# -- uploads ------------------------------------------------------------------------------------------

def test_upload_a_valid_log(world: World) -> None:
    log = play_bots(get_game("leapfrog_race"), ["greedy", "random"], seed="upload")
    answer = world.client(world.member).post("/api/matches/", {"club": "pond", "log": log,
                                                               "seats": [world.ana.pk, world.ben.pk]}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    assert body["status"] == "finished" and body["result"]["ranks"] == log["result"]["ranks"]
    assert [seat["player_name"] for seat in body["seats"]] == ["Ana", "Ben"]


def test_an_invalid_upload_answers_the_verification_and_stores_nothing(world: World) -> None:
    log = play_bots(get_game("leapfrog_race"), ["greedy", "random"], seed="upload")
    log["moves"][3] = "R1 Y1 G1 B1 O1 P1"
    before = snapshot()
    answer = world.client(world.director).post("/api/matches/", {"club": "pond", "log": log,
                                                                 "seats": [world.ana.pk, world.ben.pk]}, format="json")
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "illegal_move" and body["verification"]["valid"] is False
    assert body["verification"]["error"]["at"] == 3
    for bad in ("not a log", {"log": [], "club": "pond"}, {"club": "nowhere", "log": log}):
        refused = world.client(world.director).post("/api/matches/", bad, format="json")
        assert refused.status_code == 400 and refused.json()["code"]
    assert snapshot() == before


def test_a_director_may_upload_with_seats_matched_by_name(world: World) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["Cy", "Dora"], "setup": {"order": "RYGBOP"},
           "moves": STILL}
    answer = world.client(world.director).post("/api/matches/", {"club": "pond", "log": log}, format="json")
    assert answer.status_code == 201
    assert [seat["player"] for seat in answer.json()["seats"]] == [world.cy.pk, world.dora.pk]
    unknown = world.client(world.director).post("/api/matches/", {"club": "pond", "log": {**log, "players": ["Zed", "Cy"]}},
                                                format="json")
    assert unknown.status_code == 400 and unknown.json()["fields"]["seats"]


# -- verification over HTTP ---------------------------------------------------------------------------

def test_verify_endpoint_answers_200_for_valid_and_invalid_logs() -> None:
    client = APIClient()
    log = {"format": 1, "game": "leapfrog_race", "players": ["a"], "setup": {"order": "RYGBOP"}, "moves": STILL}
    valid = client.post("/api/logs/verify/", log, format="json")
    assert valid.status_code == 200 and valid.json()["valid"] and valid.json()["finished"]
    invalid = client.post("/api/logs/verify/", {**log, "game": "chess"}, format="json")
    assert invalid.status_code == 200 and invalid.json()["error"]["code"] == "unknown_game"
    garbage = client.post("/api/logs/verify/", b"\xffnot json", content_type="application/json")
    assert garbage.status_code == 400
    assert garbage.json()["error"] == {**garbage.json()["error"], "at": "format", "code": "bad_format"}
    assert garbage.json()["game"] is None


def test_unknown_api_addresses_answer_in_the_error_shape(client: object) -> None:
    answer = APIClient().get("/api/no-such-thing/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_tokens_are_obtained_through_the_api(world: World) -> None:
    client = APIClient()
    answer = client.post("/api/auth/token/", {"username": "ana", "password": "pw-ana-123"}, format="json")
    assert answer.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
    created = client.post("/api/matches/", {"club": "pond", "game": "leapfrog_race", "players": [world.ana.pk],
                                            "setup": {"order": "RYGBOP"}}, format="json")
    assert created.status_code == 201
    wrong = APIClient().post("/api/auth/token/", {"username": "ana", "password": "nope"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "invalid"


# -- permissions --------------------------------------------------------------------------------------

USERS = ["anonymous", "member", "bystander", "outsider", "director", "staff"]


def user_of(world: World, who: str):  # noqa: ANN201
    return None if who == "anonymous" else getattr(world, who)


@pytest.mark.parametrize(("who", "status"), list(zip(USERS, [200, 200, 200, 200, 200, 200])))
def test_anyone_reads_finished_matches_of_public_clubs(world: World, who: str, status: int) -> None:
    match = finished_match(world)
    client = world.client(user_of(world, who))
    assert client.get(f"/api/matches/{match.pk}/").status_code == status
    assert client.get(f"/api/matches/{match.pk}/log/").status_code == status
    assert match.pk in [row["id"] for row in client.get("/api/matches/").json()["results"]]


@pytest.mark.parametrize(("who", "status"), list(zip(USERS, [403, 200, 200, 403, 200, 200])))
def test_matches_in_progress_are_for_the_club(world: World, who: str, status: int) -> None:
    match = race_match(world)
    answer = world.client(user_of(world, who)).get(f"/api/matches/{match.pk}/")
    assert answer.status_code == status
    if status == 403:
        assert answer.json()["code"] in ("permission_denied", "not_authenticated")


@pytest.mark.parametrize(("who", "status"), list(zip(USERS, [404, 404, 404, 404, 200, 200])))
def test_a_private_clubs_matches_do_not_exist_for_outsiders(world: World, who: str, status: int) -> None:
    match = finished_match(world, [world.private_player])
    client = world.client(user_of(world, who))
    assert client.get(f"/api/matches/{match.pk}/").status_code == status
    assert client.get(f"/api/matches/{match.pk}/log/").status_code == status
    listed = [row["id"] for row in client.get("/api/matches/").json()["results"]]
    assert (match.pk in listed) == (status == 200)


@pytest.mark.parametrize(("who", "status"), list(zip(USERS, [403, 201, 403, 403, 201, 201])))
def test_who_may_create_and_log_a_match(world: World, who: str, status: int) -> None:
    client = world.client(user_of(world, who))
    created = client.post("/api/matches/", {"club": "pond", "game": "leapfrog_race",
                                            "players": [world.ana.pk, world.ben.pk], "setup": {"order": "RYGBOP"}},
                          format="json")
    assert created.status_code == status
    log = {"format": 1, "game": "leapfrog_race", "players": ["a", "b"], "setup": {"order": "RYGBOP"}, "moves": STILL}
    uploaded = client.post("/api/matches/", {"club": "pond", "log": log, "seats": [world.ana.pk, world.ben.pk]},
                           format="json")
    assert uploaded.status_code == status
    match = race_match(world)
    before = snapshot()
    moved = client.post(f"/api/matches/{match.pk}/moves/", {"move": STILL[0], "index": 0}, format="json")
    assert moved.status_code == status
    if status == 201:
        undone = client.post(f"/api/matches/{match.pk}/undo/", {"index": 1}, format="json")
        assert undone.status_code == 200 and undone.json()["move_count"] == 0
        forfeited = client.post(f"/api/matches/{match.pk}/forfeit/", {"seat": 1, "reason": "left"}, format="json")
        assert forfeited.status_code == 200 and forfeited.json()["status"] == "finished"
    else:
        assert snapshot() == before
        assert client.post(f"/api/matches/{match.pk}/undo/", {}, format="json").status_code == 403
        assert client.post(f"/api/matches/{match.pk}/forfeit/", {"seat": 1}, format="json").status_code == 403


@pytest.mark.parametrize(("who", "status"), list(zip(USERS, [403, 403, 403, 403, 200, 200])))
def test_only_directors_void(world: World, who: str, status: int) -> None:
    match = race_match(world)
    answer = world.client(user_of(world, who)).post(f"/api/matches/{match.pk}/void/")
    assert answer.status_code == status
    match.refresh_from_db()
    assert (match.status == Match.Status.VOID) == (status == 200)


@pytest.mark.parametrize(("who", "status"), list(zip(USERS, [403, 403, 403, 403, 201, 201])))
def test_only_directors_manage_players(world: World, who: str, status: int) -> None:
    client = world.client(user_of(world, who))
    created = client.post("/api/players/", {"club": "pond", "name": "Gil"}, format="json")
    assert created.status_code == status
    renamed = client.patch(f"/api/players/{world.fay.pk}/", {"name": "Faye"}, format="json")
    assert renamed.status_code == (200 if status == 201 else 403)


def test_players_of_a_private_club_are_hidden(world: World) -> None:
    names = [row["name"] for row in APIClient().get("/api/players/").json()["results"]]
    assert "Ana" in names and "Quiet" not in names
    assert APIClient().get(f"/api/players/{world.private_player.pk}/").status_code == 404


def test_player_names_are_unique_in_a_club_and_played_players_stay(world: World) -> None:
    client = world.client(world.director)
    clash = client.post("/api/players/", {"club": "pond", "name": "Ana"}, format="json")
    assert clash.status_code == 400 and "name" in clash.json()["fields"]
    finished_match(world)
    kept = client.delete(f"/api/players/{world.ana.pk}/")
    assert kept.status_code == 409 and kept.json()["code"] == "in_use"
    assert client.delete(f"/api/players/{world.fay.pk}/").status_code == 204


def test_clubs(world: World) -> None:
    listed = [row["slug"] for row in APIClient().get("/api/clubs/").json()["results"]]
    assert listed == ["lily", "pond"]
    mine = world.client(world.director).get("/api/clubs/secret/").json()
    assert mine["role"] == "director"
    assert APIClient().get("/api/clubs/secret/").status_code == 404
    assert APIClient().post("/api/clubs/", {"name": "New", "slug": "fresh"}, format="json").status_code == 403
    refused = world.client(world.outsider).post("/api/clubs/", {"name": "New", "slug": "new"}, format="json")
    assert refused.status_code == 400 and "names a page" in refused.json()["fields"]["slug"][0]  # /clubs/new/
    founded = world.client(world.outsider).post("/api/clubs/", {"name": "New", "slug": "fresh"}, format="json")
    assert founded.status_code == 201 and founded.json()["role"] is None or founded.status_code == 201
    assert world.client(world.outsider).get("/api/clubs/fresh/").json()["role"] == "director"
