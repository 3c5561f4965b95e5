"""Two matches compared: ``first_difference`` on move lists, and the API's answer
(``GET /api/matches/{a}/compare/{b}/``), the same for every door."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.helpers.matches import STILL
from tests.helpers.world import World
from tournaments.comparisons import Difference, first_difference
from tournaments.models import Match
from tournaments.services import matches as match_services


@pytest.mark.parametrize(("a", "b", "expected"), [
    ([], [], None),
    (["x", "y"], ["x", "y"], None),
    (["x", "y", "z"], ["x", "q", "z"], Difference(1, "y", "q")),
    (["x"], ["q"], Difference(0, "x", "q")),
    (["x", "y"], ["x", "y", "z"], Difference(2, None, "z")),
    (["x", "y", "z"], ["x"], Difference(1, "y", None)),
    ([], ["x"], Difference(0, None, "x")),
])
def test_the_first_difference_of_two_move_lists(a: list[str], b: list[str], expected: Difference | None) -> None:
    assert first_difference(a, b) == expected


def race(world: World, moves: list[str], players: list | None = None) -> Match:
    players = players or [world.ana, world.ben]
    log = {"format": 1, "game": "leapfrog_race", "players": [p.name for p in players], "setup": {"order": "RYGBOP"},
           "moves": moves}
    return match_services.upload_log(club=world.club, log=log, players=players)


def test_the_api_gives_the_first_difference_of_two_races(world: World) -> None:
    a, b = race(world, STILL), race(world, STILL[:10])  # b is being played: the club's members read it
    client = Client()
    client.force_login(world.member)
    body = client.get(f"/api/matches/{a.pk}/compare/{b.pk}/").json()
    assert body["first_difference"] == {"index": 10, "a": STILL[10], "b": None}
    assert (body["comparable"], body["reason"], body["identical"], body["same_setup"]) == (True, "", False, True)
    assert (body["a"]["moves"], body["b"]["moves"], body["b"]["status"]) == (18, 10, "in_progress")
    assert body["page"] == f"/matches/{a.pk}/compare/{b.pk}/"
    backwards = client.get(f"/api/matches/{b.pk}/compare/{a.pk}/").json()
    assert backwards["first_difference"] == {"index": 10, "a": None, "b": STILL[10]}


def test_the_api_says_why_matches_do_not_compare_and_when_they_are_identical(world: World) -> None:
    a = race(world, STILL)
    same = Client().get(f"/api/matches/{a.pk}/compare/{a.pk}/").json()
    assert (same["identical"], same["first_difference"]) == (True, None)
    other = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                        options={"plate": False}, setup={"order": "RYGBOP"})
    client = Client()
    client.force_login(world.member)
    body = client.get(f"/api/matches/{a.pk}/compare/{other.pk}/").json()
    assert (body["comparable"], body["first_difference"], body["identical"]) == (False, None, False)
    assert body["reason"] == "the matches are played with different options (plate): their moves do not compare"


def test_an_unknown_match_is_refused_naming_it(world: World) -> None:
    a = race(world, STILL)
    answer = Client().get(f"/api/matches/{a.pk}/compare/999999/")
    assert answer.status_code == 404 and answer.json()["message"] == "no such match: #999999"
