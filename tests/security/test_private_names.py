"""A private club's name and its players' names never reach an outsider through an error
message: naming a private club or its player answers exactly what naming a missing one does."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.world import World
from tournaments.models import Player


def without_value(body: dict[str, Any], *values: Any) -> str:
    """The answer's text with the looked-up values blanked, to compare a private with a missing one."""
    text = str(body)
    for value in values:
        text = text.replace(repr(value), "?").replace(str(value), "?")
    return text


@pytest.mark.parametrize("request_of", ["bot", "tournament", "match", "player", "register"])
def test_private_and_missing_get_the_same_answer(world: World, request_of: str) -> None:
    private_club, private_player = world.private_club, world.private_player
    guest = Player.objects.create(club=world.private_club, name="P-guest")
    client = world.client(world.outsider)
    tournament = client.post  # noqa: F841 (the outsider directs nothing: created by the director below)
    open_ = world.client(world.director).post("/api/tournaments/", {
        "club": world.club.slug, "name": "Out", "game": "froggit", "format": "round_robin"}, format="json").json()

    def attempt(club: Any, player: Any) -> Any:
        if request_of == "bot":
            return client.post("/api/bots/", {"club": club, "name": "Sneak", "game": "froggit",
                                              "strategy": "random"}, format="json")
        if request_of == "tournament":
            return client.post("/api/tournaments/", {"club": club, "name": "T", "game": "froggit"}, format="json")
        if request_of == "match":
            return client.post("/api/matches/", {"club": world.other_club.slug, "game": "froggit",
                                                 "players": [player, player]}, format="json")
        if request_of == "player":
            return client.post("/api/players/", {"club": club, "name": "X"}, format="json")
        return world.client(world.director).post(f"/api/tournaments/{open_['id']}/entrants/", {"player": player},
                                                 format="json") if False else \
            client.post(f"/api/tournaments/{open_['id']}/entrants/", {"player": player}, format="json")

    private = attempt(private_club.slug, guest.pk)
    missing = attempt("no-such-club", 999_999)
    assert private.status_code == missing.status_code, (private.content, missing.content)
    text = str(private.json())
    assert "Secret" not in text and "P-guest" not in text and "Quiet" not in text and private_player.name not in text
    assert without_value(private.json(), private_club.slug, guest.pk) == \
        without_value(missing.json(), "no-such-club", 999_999)


def test_a_director_registering_a_private_clubs_player_learns_nothing(world: World) -> None:
    guest = Player.objects.create(club=world.private_club, name="P-guest")
    director = world.client(world.outsider)
    from tournaments.models import Membership

    Membership.objects.filter(user=world.outsider).update(role=Membership.Role.DIRECTOR)
    out = director.post("/api/tournaments/", {"club": world.other_club.slug, "name": "Out", "game": "froggit"},
                        format="json").json()
    private = director.post(f"/api/tournaments/{out['id']}/entrants/", {"player": guest.pk}, format="json")
    missing = director.post(f"/api/tournaments/{out['id']}/entrants/", {"player": 999_999}, format="json")
    assert private.status_code == missing.status_code == 400
    assert "P-guest" not in private.content.decode() and "Secret" not in private.content.decode()
    assert private.json()["message"].replace(str(guest.pk), "?") == missing.json()["message"].replace("999999", "?")
