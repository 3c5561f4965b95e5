"""Players are written by one service, and every door (the service, the API, the admin)
refuses what it refuses, with its message, leaving the player as it was."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.helpers.world import World
from tests.helpers.matches import finished_match
from tests.helpers.admin import change_form_data
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import Player
from tournaments.services import players as services


def stored(player: Player) -> dict[str, Any]:
    return Player.objects.filter(pk=player.pk).values().get()


def test_the_service_creates_renames_and_deletes(world: World) -> None:
    gil = services.create_player(club=world.club, name="  Gil ")
    assert gil.name == "Gil" and gil.kind == Player.Kind.PERSON
    assert services.update_player(gil, name="Gilbert").name == "Gilbert"
    services.delete_player(gil)
    assert not Player.objects.filter(pk=gil.pk).exists()


@pytest.mark.parametrize(("change", "field"), [
    ({"club": "other"}, "club"),
    ({"kind": Player.Kind.BOT}, "kind"),
    ({"name": "Ben"}, "name"),
    ({"name": "bad\u0000name"}, "name"),
])
def test_the_service_refuses_a_change_and_keeps_the_player(world: World, change: dict[str, Any], field: str) -> None:
    change = {key: world.other_club if value == "other" else value for key, value in change.items()}
    before = stored(world.fay)
    with pytest.raises(InvalidInput) as refused:
        services.update_player(world.fay, **change)
    assert field in refused.value.fields
    assert stored(world.fay) == before


def test_the_service_refuses_a_bot_and_an_account_for_a_bot(world: World) -> None:
    with pytest.raises(InvalidInput, match="bot entry"):
        services.create_player(club=world.club, name="R2", kind=Player.Kind.BOT)
    with pytest.raises(InvalidInput, match="already has a player named 'Ana'"):
        services.create_player(club=world.club, name="Ana")


def test_the_service_keeps_a_player_who_played(world: World) -> None:
    finished_match(world)
    with pytest.raises(Conflict) as refused:
        services.delete_player(world.ana)
    assert refused.value.code == "in_use" and Player.objects.filter(pk=world.ana.pk).exists()


# -- the API -------------------------------------------------------------------------------------------

def test_the_api_refuses_a_move_to_another_club_a_new_kind_and_a_taken_name(world: World) -> None:
    client = world.client(world.director)
    before = stored(world.fay)
    for body, field in (({"club": "lily"}, "club"), ({"kind": "bot"}, "kind"), ({"name": "Ben"}, "name")):
        answer = client.patch(f"/api/players/{world.fay.pk}/", body, format="json")
        assert answer.status_code == 400 and field in answer.json()["fields"], answer.json()
    assert stored(world.fay) == before
    assert client.patch(f"/api/players/{world.fay.pk}/", {"name": "Faye"}, format="json").json()["name"] == "Faye"


def test_the_api_keeps_a_player_who_played(world: World) -> None:
    finished_match(world)
    answer = world.client(world.director).delete(f"/api/players/{world.ana.pk}/")
    assert answer.status_code == 409 and answer.json()["message"].startswith("Ana has played matches")


# -- the admin -----------------------------------------------------------------------------------------

@pytest.fixture
def admin_client(world: World) -> Client:
    client = Client()
    client.force_login(world.staff)
    return client


@pytest.mark.parametrize(("field", "value", "message"), [
    ("club", "other", "a player cannot move to another club"),
    ("kind", Player.Kind.BOT, "a player&#x27;s kind cannot change"),
    ("name", "Ben", "Pond Club already has a player named &#x27;Ben&#x27;"),
])
def test_the_admin_refuses_what_the_service_refuses(admin_client: Client, world: World, field: str, value: Any,
                                                    message: str) -> None:
    url = reverse("admin:tournaments_player_change", args=[world.fay.pk])
    data = change_form_data(admin_client, url)
    data[field] = world.other_club.pk if value == "other" else value
    before = stored(world.fay)
    answer = admin_client.post(url, data)
    assert answer.status_code == 200 and message in answer.content.decode()
    assert stored(world.fay) == before


def test_the_admin_adds_and_renames_through_the_service(admin_client: Client, world: World) -> None:
    added = admin_client.post(reverse("admin:tournaments_player_add"),
                              {"club": world.club.pk, "name": " Gil ", "kind": "person"})
    assert added.status_code == 302
    gil = Player.objects.get(club=world.club, name="Gil")
    url = reverse("admin:tournaments_player_change", args=[gil.pk])
    data = {**change_form_data(admin_client, url), "name": "Gilbert"}
    assert admin_client.post(url, data).status_code == 302
    gil.refresh_from_db()
    assert gil.name == "Gilbert"


def test_the_admin_keeps_a_player_who_played(admin_client: Client, world: World) -> None:
    finished_match(world)
    answer = admin_client.post(reverse("admin:tournaments_player_delete", args=[world.ana.pk]), {"post": "yes"},
                               follow=True)
    assert "Ana has played matches or entered tournaments and cannot be deleted" in answer.content.decode()
    assert Player.objects.filter(pk=world.ana.pk).exists()
    free = admin_client.post(reverse("admin:tournaments_player_delete", args=[world.fay.pk]), {"post": "yes"})
    assert free.status_code == 302 and not Player.objects.filter(pk=world.fay.pk).exists()
