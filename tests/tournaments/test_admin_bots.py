"""The admin site for bots and ladders: pages render, entries and versions are added through
the services (uploads checked), versions stay read-only, and ladder rates reach beat."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django_celery_beat.models import PeriodicTask

from tests.helpers.world import World
from tests.helpers.bots import example
from tournaments.models import BotEntry, BotVersion, Ladder
from tournaments.services import bots as bot_services


@pytest.fixture
def admin_client(world: World) -> Client:
    client = Client()
    client.force_login(world.staff)
    return client


@pytest.mark.parametrize("model", ["botentry", "botversion", "ladder", "seatoutput"])
def test_bot_pages_render(admin_client: Client, world: World, model: str) -> None:
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Robo",
                                      filename="main.py", data=example("froggit"))
    assert admin_client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
    assert admin_client.get(reverse(f"admin:tournaments_{model}_add")).status_code == (403 if model == "seatoutput" else 200)
    if model == "botentry":
        page = admin_client.get(reverse("admin:tournaments_botentry_change", args=[entry.pk])).content.decode()
        assert "main.py" in page and entry.active_version.sha256 in page
    if model == "botversion":
        page = admin_client.get(reverse("admin:tournaments_botversion_change", args=[entry.active_version.pk]))
        assert page.status_code == 200 and b"main.py" in page.content and b'name="strategy"' not in page.content


def test_an_entry_is_added_with_an_upload(admin_client: Client, world: World) -> None:
    answer = admin_client.post(reverse("admin:tournaments_botentry_add"), {
        "club": world.club.pk, "name": "Racer", "game": "leapfrog_race", "description": "",
        "owner": world.member.pk, "file": SimpleUploadedFile("main.py", example("leapfrog_race"))})
    entry = BotEntry.objects.get(player__name="Racer")
    assert answer.status_code == 302 and answer["Location"].endswith(f"/botentry/{entry.pk}/change/")
    assert entry.owner == world.member and entry.active_version.kind == "python"


def test_a_bad_upload_shows_the_reason_and_stores_nothing(admin_client: Client, world: World) -> None:
    answer = admin_client.post(reverse("admin:tournaments_botentry_add"), {
        "club": world.club.pk, "name": "Racer", "game": "leapfrog_race",
        "file": SimpleUploadedFile("main.py", b"def broken(:\n")})
    assert answer.status_code == 200 and b"bad_bundle" in answer.content
    assert not BotEntry.objects.exists()
    both = admin_client.post(reverse("admin:tournaments_botentry_add"), {
        "club": world.club.pk, "name": "Racer", "game": "leapfrog_race", "strategy": "random",
        "file": SimpleUploadedFile("main.py", example("leapfrog_race"))})
    assert b"one of the two" in both.content and not BotEntry.objects.exists()


def test_a_version_is_added_and_cannot_be_changed(admin_client: Client, world: World) -> None:
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Robo",
                                      strategy="random")
    answer = admin_client.post(reverse("admin:tournaments_botversion_add"),
                               {"entry": entry.pk, "strategy": "mcts:budget=30", "note": "stronger", "activate": "on"})
    assert answer.status_code == 302
    entry.refresh_from_db()
    assert entry.active_version.number == 2 and entry.active_version.strategy == "mcts:budget=30"
    first = BotVersion.objects.get(entry=entry, number=1)
    admin_client.post(reverse("admin:tournaments_botversion_change", args=[first.pk]), {"strategy": "greedy"})
    first.refresh_from_db()
    assert first.strategy == "random"


def test_a_ladder_added_in_the_admin_is_on_beats_schedule(admin_client: Client, world: World) -> None:
    answer = admin_client.post(reverse("admin:tournaments_ladder_add"), {
        "club": world.club.pk, "game": "froggit", "seats": 3, "options": "{}", "enabled": "on",
        "every_minutes": 15, "matches_per_run": 2, "placement_matches": 3, "bot_limits": "{}", "seed": ""})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    ladder = Ladder.objects.get()
    assert ladder.seed and PeriodicTask.objects.get(pk=ladder.periodic_task_id).interval.every == 15
    admin_client.post(reverse("admin:tournaments_ladder_change", args=[ladder.pk]), {
        "seats": 3, "options": "{}", "every_minutes": 60, "matches_per_run": 2, "placement_matches": 3,
        "bot_limits": "{}"})
    assert PeriodicTask.objects.get(pk=ladder.periodic_task_id).interval.every == 60
    assert not PeriodicTask.objects.get(pk=ladder.periodic_task_id).enabled
    bad = admin_client.post(reverse("admin:tournaments_ladder_add"), {
        "club": world.other_club.pk, "game": "measure_and_tempo", "seats": 3, "options": "{}", "enabled": "on",
        "every_minutes": 15, "matches_per_run": 2, "placement_matches": 3, "bot_limits": "{}", "seed": ""})
    assert bad.status_code == 200 and b"takes exactly 2 players" in bad.content
    assert Ladder.objects.count() == 1
