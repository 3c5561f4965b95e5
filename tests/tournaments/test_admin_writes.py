"""The admin refuses what the services refuse, with the service's own message, and changes
nothing: the same rules as the API, whatever the door."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.helpers.admin import change_form_data
from tests.helpers.world import World
from tests.helpers.matches import finished_match
from tournaments.models import Match, Tournament
from tournaments.services import matches as match_services
from tournaments.services import tournaments as tournament_services


@pytest.fixture
def admin_client(world: World) -> Client:
    client = Client()
    client.force_login(world.staff)
    return client



@pytest.mark.parametrize("where", ["other club", "other game"])
def test_the_admin_refuses_a_match_move_the_service_refuses(admin_client: Client, world: World, where: str) -> None:
    match = finished_match(world)
    club, game = (world.other_club, "froggit") if where == "other club" else (world.club, "froggit")
    target = tournament_services.create_tournament(club=club, name="Elsewhere", game=game)
    url = reverse("admin:tournaments_match_change", args=[match.pk])
    data = change_form_data(admin_client, url)
    data["tournament"] = target.pk
    before = Match.objects.filter(pk=match.pk).values().get()
    answer = admin_client.post(url, data)
    assert answer.status_code == 200
    assert "a match counts only for a leapfrog_race tournament of Pond Club" in answer.content.decode()
    assert Match.objects.filter(pk=match.pk).values().get() == before
    assert Tournament.objects.get(pk=target.pk).matches_total == 0


def test_the_admin_moves_a_match_through_the_service(admin_client: Client, world: World) -> None:
    match = finished_match(world)
    target = tournament_services.create_tournament(club=world.club, name="Here", game="leapfrog_race")
    url = reverse("admin:tournaments_match_change", args=[match.pk])
    data = change_form_data(admin_client, url)
    data["tournament"] = target.pk
    answer = admin_client.post(url, data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    match.refresh_from_db()
    assert match.tournament_id == target.pk


def test_deleting_a_match_in_the_admin_refreshes_its_tournaments_counts(admin_client: Client, world: World) -> None:
    target = tournament_services.create_tournament(club=world.club, name="Here", game="leapfrog_race")
    match = finished_match(world)
    match_services.update_match(match, tournament=target)
    assert Tournament.objects.get(pk=target.pk).matches_done == 1
    answer = admin_client.post(reverse("admin:tournaments_match_delete", args=[match.pk]), {"post": "yes"})
    assert answer.status_code == 302
    assert not Match.objects.filter(pk=match.pk).exists()
    assert Tournament.objects.get(pk=target.pk).matches_done == 0
