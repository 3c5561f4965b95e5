"""The board over the API: starting a game in a club, reading the board, acting, undoing and
opening a match on the board, each door's permissions, and malformed bodies (4xx, nothing
stored) drawn by Hypothesis."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.play import Clock
from tests.helpers.world import World
from tournaments.models import LiveGame, Match
from tournaments.services import matches, play


@pytest.fixture
def board(world: World, clock: Clock) -> Match:
    """A race between Ana (the member's player) and Ben, on the board, its clocks stopped in time."""
    return play.start_game(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                           by=world.director, clock_seconds=600)


#: Anonymous callers are asked to log in: 401, or 403 where no authentication scheme is announced.
ANONYMOUS = (401, 403)


def post(client: Any, url: str, body: Any) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json")


def test_a_member_starts_a_game_in_their_club(world: World) -> None:
    answer = post(world.client(world.member), "/api/clubs/pond/games/",
                  {"game": "leap_frog", "players": [world.ana.pk, world.ben.pk], "options": {"rows": 5, "cols": 5}})
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["commitment"].startswith("sha256:") and body["seed"] == "" and body["rated"] is False
    assert LiveGame.objects.filter(match_id=body["id"]).exists() and body["status"] == "in_progress"


@pytest.mark.parametrize("who, status", [("anonymous", 401), ("bystander", 403), ("outsider", 404),
                                         ("director", 201), ("staff", 201)])
def test_who_may_start_a_game(world: World, who: str, status: int) -> None:
    user = None if who == "anonymous" else getattr(world, who)
    slug = "pond"
    answer = post(world.client(user), f"/api/clubs/{slug}/games/",
                  {"game": "leap_frog", "players": [world.ana.pk, world.ben.pk]})
    if who == "outsider":  # a public club: the outsider sees it but may not start its games
        status = 403
    assert answer.status_code in (ANONYMOUS if status == 401 else (status,)), answer.content
    if status >= 400:
        assert set(answer.json()) >= {"code", "message"}


def test_a_private_club_is_unknown_to_strangers(world: World) -> None:
    answer = post(world.client(world.member), "/api/clubs/secret/games/",
                  {"game": "leap_frog", "players": [world.private_player.pk, world.private_player.pk]})
    assert answer.status_code == 404


@pytest.mark.parametrize("body, field", [
    ({"game": "leap_frog"}, "players"), ({"players": [1]}, "game"), ({"game": "leap_frog", "players": []}, "players"),
    ({"game": "leap_frog", "players": "ana"}, "players"), ({"game": "chess", "players": None}, "players"),
    ({"game": "leap_frog", "players": [], "clock_seconds": 0}, "clock_seconds"),
    ({"game": "leap_frog", "players": [], "colour": "red"}, "colour")])
def test_a_bad_start_answers_400_beside_its_field(world: World, body: dict, field: str) -> None:
    count = Match.objects.count()
    answer = post(world.client(world.director), "/api/clubs/pond/games/", body)
    assert answer.status_code == 400 and field in answer.json()["fields"], answer.json()
    assert Match.objects.count() == count


def test_the_engine_refusals_of_a_start_name_their_field(world: World) -> None:
    answer = post(world.client(world.director), "/api/clubs/pond/games/",
                  {"game": "leap_frog", "players": [world.ana.pk, world.ben.pk], "options": {"rows": 99}})
    assert answer.status_code == 400 and answer.json()["fields"] == {"options": [answer.json()["message"]]}


@pytest.mark.parametrize("who, status", [("anonymous", 401), ("member", 200), ("bystander", 200),
                                         ("outsider", 403), ("director", 200)])
def test_who_reads_the_board(world: World, board: Match, who: str, status: int) -> None:
    user = None if who == "anonymous" else getattr(world, who)
    answer = world.client(user).get(f"/api/matches/{board.pk}/play/")
    assert answer.status_code in (ANONYMOUS if status == 401 else (status,))
    if status == 200:
        body = answer.json()
        assert body["to_move"] == [0, 1] and body["chosen"] == [] and body["clocks"]["remaining_ms"] == [600000] * 2
        legal = {"member": ["0"], "bystander": [], "director": ["0", "1"]}[who]
        assert sorted(body["legal"]) == legal


def test_a_match_off_the_board_has_no_board(world: World) -> None:
    match = matches.create_match(club=world.club, game="leap_frog", players=[world.ana, world.ben],
                                 draw_setup=True)
    answer = world.client(world.director).get(f"/api/matches/{match.pk}/play/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


@pytest.mark.parametrize("who, status", [("anonymous", 401), ("member", 201), ("bystander", 403),
                                         ("outsider", 403), ("director", 201)])
def test_who_acts_for_seat_0(world: World, board: Match, who: str, status: int) -> None:
    user = None if who == "anonymous" else getattr(world, who)
    answer = post(world.client(user), f"/api/matches/{board.pk}/actions/", {"seat": 0, "action": "2", "index": 0})
    assert answer.status_code in (ANONYMOUS if status == 401 else (status,)), answer.content
    assert (LiveGame.objects.get(match=board).steps == [[0, "2"]]) == (status == 201)
    if status == 201:
        assert answer.json()["chosen"] == [0] and answer.json()["legal"].get("0") is None


def test_an_action_answers_the_engine_s_refusal_and_a_stale_index(world: World, board: Match) -> None:
    client = world.client(world.director)
    refused = post(client, f"/api/matches/{board.pk}/actions/", {"seat": 0, "action": "7", "index": 0})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_notation"
    assert refused.json()["fields"] == {"action": [refused.json()["message"]]}
    stale = post(client, f"/api/matches/{board.pk}/actions/", {"seat": 0, "action": "1", "index": 3})
    assert stale.status_code == 409 and stale.json()["code"] == "stale_index"
    logged = post(client, f"/api/matches/{board.pk}/moves/", {"move": "R1 Y2 P2 O3 B6 G5", "index": 0})
    assert logged.status_code == 409 and logged.json()["code"] == "played_on_board"
    assert LiveGame.objects.get(match=board).steps == [] and Match.objects.get(pk=board.pk).move_count == 0


def test_undo_on_the_board_goes_by_the_board_s_rules(world: World, board: Match) -> None:
    member, bystander = world.client(world.member), world.client(world.bystander)
    post(member, f"/api/matches/{board.pk}/actions/", {"seat": 0, "action": "2", "index": 0})
    assert post(bystander, f"/api/matches/{board.pk}/undo/", {}).status_code == 403
    taken = post(member, f"/api/matches/{board.pk}/undo/", {"index": 0})
    assert taken.status_code == 200 and LiveGame.objects.get(match=board).steps == []
    assert post(member, f"/api/matches/{board.pk}/undo/", {"index": 0}).json()["code"] == "no_moves"
    assert post(world.client(None), f"/api/matches/{board.pk}/undo/", {}).status_code in ANONYMOUS


def test_a_match_is_put_on_the_board_by_those_who_may_log_it(world: World, clock: Clock) -> None:
    match = matches.create_match(club=world.club, game="leap_frog", players=[world.ana, world.ben],
                                 draw_setup=True)
    assert post(world.client(world.bystander), f"/api/matches/{match.pk}/board/", {}).status_code == 403
    assert post(world.client(None), f"/api/matches/{match.pk}/board/", {}).status_code in ANONYMOUS
    bad = post(world.client(world.member), f"/api/matches/{match.pk}/board/", {"clock_seconds": -5})
    assert bad.status_code == 400 and "clock_seconds" in bad.json()["fields"]
    opened = post(world.client(world.member), f"/api/matches/{match.pk}/board/", {"clock_seconds": 120})
    assert opened.status_code == 201 and opened.json()["clocks"]["remaining_ms"] == [120000, 120000]
    again = post(world.client(world.member), f"/api/matches/{match.pk}/board/", {})
    assert again.status_code == 409 and again.json()["code"] == "already_live"


bodies = st.one_of(
    st.none(), st.integers(), st.text(max_size=10), st.lists(st.integers(), max_size=3),
    st.fixed_dictionaries({}, optional={
        "seat": st.one_of(st.integers(min_value=-3, max_value=9), st.text(max_size=3), st.none(), st.booleans(),
                          st.floats(allow_nan=False)),
        "action": st.one_of(st.text(max_size=12), st.integers(), st.none(), st.lists(st.text(max_size=2),
                                                                                     max_size=2)),
        "index": st.one_of(st.integers(min_value=-2, max_value=3), st.text(max_size=3), st.none()),
        "extra": st.integers()}))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(body=bodies)
def test_malformed_action_bodies_answer_4xx_and_store_nothing(world: World, board: Match, body: Any) -> None:
    legal = isinstance(body, dict) and set(body) == {"seat", "action", "index"} and body["index"] == 0 \
        and type(body["seat"]) is int and body["seat"] in (0, 1) and isinstance(body["action"], str) \
        and body["action"] in "123456" and len(body["action"]) == 1
    if legal:
        return  # a real action: the tests above cover it
    answer = post(world.client(world.director), f"/api/matches/{board.pk}/actions/", body)
    assert 400 <= answer.status_code < 500, (body, answer.content)
    assert {"code", "message"} <= set(answer.json())
    assert LiveGame.objects.get(match=board).steps == [] and Match.objects.get(pk=board.pk).move_count == 0


start_bodies = st.fixed_dictionaries({}, optional={
    "game": st.one_of(st.sampled_from(["leap_frog", "froggit", "chess", ""]), st.integers(), st.none()),
    "players": st.one_of(st.lists(st.integers(min_value=-1, max_value=40), max_size=7), st.text(max_size=3),
                         st.none()),
    "options": st.one_of(st.dictionaries(st.sampled_from(["rows", "cols", "variant", "x"]),
                                         st.one_of(st.integers(-2, 30), st.text(max_size=3)), max_size=2),
                         st.lists(st.integers(), max_size=2)),
    "rated": st.one_of(st.booleans(), st.text(max_size=2)),
    "clock_seconds": st.one_of(st.integers(min_value=-5, max_value=10 ** 7), st.text(max_size=3)),
    "increment_seconds": st.one_of(st.integers(min_value=-5, max_value=10 ** 4), st.none())})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(body=start_bodies)
def test_a_start_is_stored_whole_or_refused_with_a_4xx(world: World, body: dict) -> None:
    before = Match.objects.count()
    answer = post(world.client(world.member), "/api/clubs/pond/games/", body)
    assert answer.status_code in (201, 400, 403), (body, answer.content)
    if answer.status_code == 201:
        assert Match.objects.count() == before + 1 and LiveGame.objects.filter(match_id=answer.json()["id"]).exists()
    else:
        assert {"code", "message"} <= set(answer.json()) and Match.objects.count() == before
