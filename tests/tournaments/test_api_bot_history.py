"""A bot version's history and two versions compared, over the API: the counts, who may read
them (whoever may read the entry), nothing owner-only in them, and precise refusals."""

from __future__ import annotations

import pytest

from tests.helpers.ratings import finished_match
from tests.helpers.world import World
from tournaments.models import BotEntry
from tournaments.services import bots as bot_services
from tournaments.services import ratings


@pytest.fixture
def hopper(world: World) -> BotEntry:
    """Ana's Hopper: v1 beat Ben and drew with Cy; v2 lost to Ben, forfeiting on time."""
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper",
                                      strategy="random")
    finished_match([entry.player, world.ben], [1, 2], minutes=1)
    finished_match([world.cy, entry.player], [1, 1], minutes=2)
    bot_services.add_version(entry, strategy="greedy", note="greedier")
    lost = finished_match([entry.player, world.ben], [2, 1], minutes=3, forfeits=(0,))
    lost.seats.filter(index=0).update(forfeit_reason="time limit")
    ratings.update_ratings("froggit")
    return entry


def test_a_versions_history_counts_its_matches(world: World, hopper: BotEntry) -> None:
    answer = world.client(None).get(f"/api/bots/{hopper.pk}/versions/1/history/")
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert (body["entry"], body["version"], body["matches"], body["wins"], body["draws"], body["losses"]) == (
        hopper.pk, 1, 2, 1, 1, 0)
    assert body["score_rate"] == 0.75 and body["forfeits"] == 0 and body["forfeit_reasons"] == []
    assert [(o["label"], o["games"], o["wins"], o["draws"], o["losses"], o["score_rate"]) for o in body["opponents"]] == [
        ("Ben", 1, 1, 0, 0, 1.0), ("Cy", 1, 0, 1, 0, 0.5)]
    assert len(body["rating_trail"]) == 2 and body["rating"] == body["rating_trail"][-1]["rating"]
    second = world.client(None).get(f"/api/bots/{hopper.pk}/versions/2/history/").json()
    assert second["forfeit_reasons"] == [{"reason": "time limit", "count": 1}]
    assert second["opponents"][0]["forfeits"] == 1


def test_nothing_owner_only_is_in_a_history(world: World, hopper: BotEntry) -> None:
    text = world.client(world.member).get(f"/api/bots/{hopper.pk}/versions/2/history/").content.decode()
    for owner_only in ("greedy", "greedier", "stderr", "sha256", "code"):
        assert owner_only not in text, owner_only


@pytest.mark.parametrize("number", ["3", "0", "99999999999"])
def test_an_unknown_version_number_is_not_found(world: World, hopper: BotEntry, number: str) -> None:
    answer = world.client(None).get(f"/api/bots/{hopper.pk}/versions/{number}/history/")
    assert answer.status_code == 404
    assert answer.json()["message"] == f"Hopper has no version {number}"


def test_a_private_clubs_bot_is_unknown_to_outsiders(world: World) -> None:
    secret = bot_services.create_entry(club=world.private_club, owner=world.director, game="froggit", name="Mole",
                                       strategy="random")
    for path in (f"/api/bots/{secret.pk}/versions/1/history/", f"/api/bots/{secret.pk}/compare/"):
        assert world.client(None).get(path).status_code == 404
        assert world.client(world.outsider).get(path).status_code == 404
        assert world.client(world.director).get(path).status_code == 200
        assert world.client(world.staff).get(path).status_code == 200


def test_two_versions_compared(world: World, hopper: BotEntry) -> None:
    body = world.client(None).get(f"/api/bots/{hopper.pk}/compare/").json()
    assert (body["a"]["version"], body["b"]["version"]) == (1, 2)  # the active version and the one before
    assert body["a"] | {"rating": None} == {"version": 1, "matches": 2, "meetings": 2, "score_rate": 0.75,
                                            "rating": None, "forfeits": 0}
    assert (body["b"]["matches"], body["b"]["score_rate"], body["b"]["forfeits"]) == (1, 0.0, 1)
    assert body["opponents"] == [
        {"opponent": "Ben", "player": world.ben.pk, "version": None, "a": {"games": 1, "score_rate": 1.0, "forfeits": 0},
         "b": {"games": 1, "score_rate": 0.0, "forfeits": 1}},
        {"opponent": "Cy", "player": world.cy.pk, "version": None, "a": {"games": 1, "score_rate": 0.5, "forfeits": 0},
         "b": {"games": 0, "score_rate": None, "forfeits": 0}}]
    swapped = world.client(None).get(f"/api/bots/{hopper.pk}/compare/?a=2&b=1").json()
    assert (swapped["a"], swapped["b"]) == (body["b"], body["a"])


@pytest.mark.parametrize(("query", "name", "message"), [
    ("a=x&b=1", "a", "a must be a version number of Hopper (its versions are 1 to 2), not 'x'"),
    ("a=1&b=", "b", "b must be a version number of Hopper (its versions are 1 to 2), not ''"),
    ("a=1&b=7", "b", "Hopper has no version 7: its versions are 1 to 2"),
])
def test_a_bad_version_to_compare_is_refused_precisely(world: World, hopper: BotEntry, query: str, name: str,
                                                       message: str) -> None:
    answer = world.client(None).get(f"/api/bots/{hopper.pk}/compare/?{query}")
    assert answer.status_code == 400
    assert answer.json() == {"code": "invalid", "message": message, "fields": {name: [message]}}
