"""Low-severity inputs that used to fail the server, each answered with a 4xx instead: an
Idempotency-Key replayed after its user left the club, a NUL character in a form or
multipart field, a bot page asked to activate a version that is not a number. (Points of
10**400 are in test_tournament_limits.)"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.helpers.world import World
from tournaments.models import BotEntry, Match, Membership
from tournaments.services import bots as bot_services


def test_an_idempotency_key_replayed_after_leaving_the_club(world: World) -> None:
    client = world.client(world.member)
    body = {"club": world.club.slug, "game": "leapfrog_race", "players": [world.ana.pk, world.ben.pk],
            "setup": {"order": "RYGBOP"}}
    first = client.post("/api/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201
    Membership.objects.filter(user=world.member, club=world.club).delete()
    world.club.public = False
    world.club.save()
    again = client.post("/api/matches/", body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert 400 <= again.status_code < 500, again.content
    assert set(again.json()) >= {"code", "message"}
    assert Match.objects.count() == 1


@pytest.mark.parametrize("format", ["multipart", "form"])
def test_a_nul_character_in_a_form_field(world: World, format: str) -> None:
    client = world.client(world.director)
    data = {"club": world.club.slug, "user": "out\x00sider", "role": "member"}
    if format == "form":
        answer = client.post("/api/memberships/", "club=pond&user=out%00sider&role=member",
                             content_type="application/x-www-form-urlencoded")
    else:
        answer = client.post("/api/memberships/", data, format="multipart")
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == "invalid" and "NUL" in answer.json()["message"]


def test_activating_a_version_that_is_not_a_number_on_the_bot_page(world: World) -> None:
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper",
                                      strategy="random")
    client = Client()
    client.force_login(world.member)
    answer = client.post(f"/bots/{entry.pk}/", {"activate": "1", "version": "abc"})
    assert answer.status_code == 400 and "version" in answer.content.decode()
    assert BotEntry.objects.get(pk=entry.pk).active_version.number == 1
