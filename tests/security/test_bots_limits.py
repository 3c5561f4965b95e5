"""One set of limits for bot entries and versions on every path that writes them: the
API's create and change, the pages, the admin site's add and change, and the services. A
1,000,000-character description is refused everywhere, and nothing is stored."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.helpers.world import World
from tournaments.errors import InvalidInput
from tournaments.models import BotEntry, BotVersion
from tournaments.services import bots as bot_services

LIMITS = bot_services.TEXT_LIMITS
HUGE = "d" * 1_000_000
JUST_OVER = "d" * (LIMITS["description"] + 1)


@pytest.fixture
def entry(world: World) -> BotEntry:
    return bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper",
                                     strategy="random", description="short")


def test_the_limits_are_the_documented_ones() -> None:
    assert LIMITS == {"name": 100, "description": 5000, "note": 200, "strategy": 200}


@pytest.mark.parametrize("description", [HUGE, JUST_OVER])
def test_the_api_refuses_it_on_create_and_on_patch(world: World, entry: BotEntry, description: str) -> None:
    client = world.client(world.member)
    created = client.post("/api/bots/", {"club": "pond", "name": "Other", "game": "froggit", "strategy": "random",
                                         "description": description}, format="json")
    assert created.status_code == 400 and "description" in created.json()["fields"]
    patched = client.patch(f"/api/bots/{entry.pk}/", {"description": description}, format="json")
    assert patched.status_code == 400 and "description" in patched.json()["fields"], patched.json()
    entry.refresh_from_db()
    assert entry.description == "short" and BotEntry.objects.count() == 1


def test_the_api_takes_the_limit_itself(world: World, entry: BotEntry) -> None:
    exact = "d" * LIMITS["description"]
    assert world.client(world.member).patch(f"/api/bots/{entry.pk}/", {"description": exact},
                                            format="json").status_code == 200
    entry.refresh_from_db()
    assert entry.description == exact


def test_the_services_refuse_it_on_every_write(world: World, entry: BotEntry) -> None:
    with pytest.raises(InvalidInput, match="description has 5001 characters; at most 5000"):
        bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Other",
                                  strategy="random", description=JUST_OVER)
    with pytest.raises(InvalidInput, match="description"):
        bot_services.update_entry(entry, description=HUGE)
    with pytest.raises(InvalidInput, match="note has 201 characters"):
        bot_services.add_version(entry, strategy="greedy", note="n" * 201)
    with pytest.raises(InvalidInput, match="name has 101 characters"):
        bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="n" * 101,
                                  strategy="random")
    entry.refresh_from_db()
    assert entry.description == "short" and BotVersion.objects.filter(entry=entry).count() == 1
    assert BotEntry.objects.count() == 1


def test_the_admin_site_refuses_it_on_add_and_change(world: World, entry: BotEntry) -> None:
    admin = Client()
    admin.force_login(world.staff)
    added = admin.post(reverse("admin:tournaments_botentry_add"), {
        "club": world.club.pk, "name": "Other", "game": "froggit", "strategy": "random", "description": HUGE})
    assert added.status_code == 200 and b"at most 5000" in added.content
    changed = admin.post(reverse("admin:tournaments_botentry_change", args=[entry.pk]), {
        "owner": world.member.pk, "description": HUGE, "ladder": "on", "active_version": entry.active_version_id,
        "versions-TOTAL_FORMS": "1", "versions-INITIAL_FORMS": "1", "versions-MIN_NUM_FORMS": "0",
        "versions-MAX_NUM_FORMS": "1000", "versions-0-id": entry.active_version_id, "versions-0-entry": entry.pk})
    assert changed.status_code == 200 and b"at most 5000" in changed.content
    entry.refresh_from_db()
    assert entry.description == "short" and BotEntry.objects.count() == 1


def test_the_admin_change_goes_through_the_service(world: World, entry: BotEntry) -> None:
    admin = Client()
    admin.force_login(world.staff)
    changed = admin.post(reverse("admin:tournaments_botentry_change", args=[entry.pk]), {
        "owner": world.member.pk, "description": "longer now", "active_version": entry.active_version_id,
        "versions-TOTAL_FORMS": "1", "versions-INITIAL_FORMS": "1", "versions-MIN_NUM_FORMS": "0",
        "versions-MAX_NUM_FORMS": "1000", "versions-0-id": entry.active_version_id, "versions-0-entry": entry.pk})
    assert changed.status_code == 302, changed.content.decode()[:2000]
    entry.refresh_from_db()
    assert entry.description == "longer now" and entry.ladder is False


def test_the_page_refuses_it(world: World) -> None:
    page = Client()
    page.force_login(world.member)
    answer = page.post("/bots/", {"club": world.club.pk, "name": "Other", "game": "froggit", "strategy": "random",
                                  "description": JUST_OVER})
    assert answer.status_code == 200 and b"at most 5000" in answer.content
    assert not BotEntry.objects.filter(player__name="Other").exists()
