"""The admin site: pages render, logs read well, actions and uploads work (Django test client)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.helpers.world import World
from tests.helpers.matches import STILL, finished_match, race_match, snapshot
from tournaments.models import Match, MatchLog


@pytest.fixture
def admin_client(world: World) -> Client:
    client = Client()
    client.force_login(world.staff)
    return client


@pytest.mark.parametrize("model", ["club", "membership", "player", "tournament", "round", "match", "entrant", "bye"])
def test_every_changelist_and_add_page_renders(admin_client: Client, world: World, model: str) -> None:
    finished_match(world)
    assert admin_client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
    add = admin_client.get(reverse(f"admin:tournaments_{model}_add"))
    assert add.status_code == 200


def test_a_match_page_shows_its_log_numbered_with_seats_and_results_read_only(admin_client: Client,
                                                                            world: World) -> None:
    match = finished_match(world)
    page = admin_client.get(reverse("admin:tournaments_match_change", args=[match.pk])).content.decode()
    assert "<ol start='0'" in page and STILL[0] in page and "all seats" in page
    assert 'name="result"' not in page and "Ana" in page
    assert admin_client.get(reverse("admin:tournaments_club_change", args=[world.club.pk])).status_code == 200


def test_a_club_and_its_members_are_added_in_the_admin(admin_client: Client, world: World) -> None:
    answer = admin_client.post(reverse("admin:tournaments_club_add"), {
        "name": "Frog Friends", "slug": "frog-friends", "public": "on", "challenge_quota": "50",
        "memberships-TOTAL_FORMS": "1", "memberships-INITIAL_FORMS": "0",
        "memberships-0-user": world.bystander.pk, "memberships-0-role": "director"})
    assert answer.status_code == 302
    club = world.club.__class__.objects.get(slug="frog-friends")
    assert club.memberships.get().user == world.bystander


def test_the_reverify_action_reports_logs_that_no_longer_verify(admin_client: Client, world: World) -> None:
    good, bad = finished_match(world), finished_match(world, [world.cy, world.dora])  # two games, each once
    MatchLog.objects.filter(pk=bad.pk).update(moves=[*STILL[:3], "R1 Y1 G1 B1 O1 P1", *STILL[4:]])
    answer = admin_client.post(reverse("admin:tournaments_match_changelist"),
                               {"action": "reverify", "_selected_action": [good.pk, bad.pk]}, follow=True)
    text = answer.content.decode()
    assert f"#{bad.pk}: illegal_move at 3" in text and f"#{good.pk}:" not in text


def test_the_void_action(admin_client: Client, world: World) -> None:
    match = race_match(world)
    admin_client.post(reverse("admin:tournaments_match_changelist"),
                      {"action": "void", "_selected_action": [match.pk]})
    match.refresh_from_db()
    assert match.status == Match.Status.VOID


def test_upload_a_log_pasted_or_from_a_file(admin_client: Client, world: World) -> None:
    url = reverse("admin:tournaments_match_upload")
    assert admin_client.get(url).status_code == 200
    assert b"Upload a log" in admin_client.get(reverse("admin:tournaments_match_changelist")).content
    log = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Zoe"], "setup": {"order": "RYGBOP"},
           "moves": STILL}
    unknown = admin_client.post(url, {"club": world.club.pk, "text": json.dumps(log), "rated": "on"})
    assert unknown.status_code == 200 and "unknown_players: Pond Club has no player named &#x27;Zoe&#x27;" \
        in unknown.content.decode() and not Match.objects.exists()
    answer = admin_client.post(url, {"club": world.club.pk, "text": json.dumps(log), "rated": "on",
                                     "create_players": "on"})
    assert answer.status_code == 302
    match = Match.objects.latest("pk")
    assert match.status == Match.Status.FINISHED and match.seats.get(index=1).player.name == "Zoe"
    from django.core.files.uploadedfile import SimpleUploadedFile

    again = admin_client.post(url, {"club": world.club.pk, "file": SimpleUploadedFile("game.json", json.dumps(log).encode())})
    page = again.content.decode()
    assert again.status_code == 200 and f"duplicate_match: this game is stored already, as match #{match.pk}" in page
    assert f'href="{reverse("admin:tournaments_match_change", args=[match.pk])}"' in page and Match.objects.count() == 1
    other = {**log, "players": ["Zoe", "Ana"]}
    upload = SimpleUploadedFile("game.json", json.dumps(other).encode())
    assert admin_client.post(url, {"club": world.club.pk, "file": upload}).status_code == 302


@pytest.mark.parametrize("text", ["{not json", json.dumps({"format": 1, "game": "chess", "players": [], "moves": []}),
                                  json.dumps({"format": 1, "game": "leapfrog_race", "players": ["a"],
                                              "setup": {"order": "RYGBOP"}, "moves": ["R9"]})])
def test_a_refused_upload_shows_why_and_stores_nothing(admin_client: Client, world: World, text: str) -> None:
    before = snapshot()
    answer = admin_client.post(reverse("admin:tournaments_match_upload"), {"club": world.club.pk, "text": text})
    assert answer.status_code == 200
    page = answer.content.decode()
    assert any(code in page for code in ("bad_format", "unknown_game", "bad_notation"))
    assert snapshot() == before
