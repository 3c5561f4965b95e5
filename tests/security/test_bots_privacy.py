"""One rule for what a bot plays: a built-in strategy is kept like uploaded code. The
entry's owner and staff read a version's strategy or file (name, size, sha256) and its note;
everyone else who may see the club reads only that the version exists, its kind, its date
and whether it is active, on every door: the API's entries and versions, the pages, the
admin site (staff only)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.helpers.world import World
from tournaments.services import bots as bot_services

PRIVATE = ("strategy", "filename", "size", "sha256", "note")


@pytest.fixture
def entries(world: World) -> dict:
    built_in = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Tuned",
                                         strategy="mcts:budget=777,width=9")
    bot_services.add_version(built_in, by=world.member, strategy="mcts:budget=555", note="secret plan")
    uploaded = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Coded",
                                         filename="clever.py", data=b"print('hi')\n")
    return {"built_in": built_in, "uploaded": uploaded}


def seen(world: World, user: object, entry: object) -> list[dict]:
    client = world.client(user)
    listed = [row["active_version"] for row in client.get("/api/bots/").json()["results"] if row["id"] == entry.pk]
    one = client.get(f"/api/bots/{entry.pk}/").json()["active_version"]
    versions = client.get(f"/api/bots/{entry.pk}/versions/").json()
    return [*listed, one, *versions]


@pytest.mark.parametrize("who", [None, "bystander", "director", "outsider"])
@pytest.mark.parametrize("kind", ["built_in", "uploaded"])
def test_others_see_that_a_version_exists_but_not_what_it_plays(world: World, entries: dict, who: str | None,
                                                                 kind: str) -> None:
    user = getattr(world, who) if who else None
    for version in seen(world, user, entries[kind]):
        assert all(version[key] is None for key in PRIVATE), version
        assert version["kind"] in ("builtin", "python") and version["number"] >= 1


@pytest.mark.parametrize("who", ["member", "staff"])
def test_the_owner_and_staff_see_what_it_plays(world: World, entries: dict, who: str) -> None:
    user = getattr(world, who)
    versions = seen(world, user, entries["built_in"])
    assert versions[0]["strategy"] == "mcts:budget=555" and versions[0]["note"] == "secret plan"
    assert {version["strategy"] for version in versions} == {"mcts:budget=555", "mcts:budget=777,width=9"}
    coded = seen(world, user, entries["uploaded"])[0]
    assert coded["filename"] == "clever.py" and coded["size"] == 12 and len(coded["sha256"]) == 64


def test_creating_and_changing_answer_the_owner_in_full(world: World) -> None:
    client = world.client(world.member)
    created = client.post("/api/bots/", {"club": "pond", "name": "Mine", "game": "froggit",
                                         "strategy": "mcts:budget=42"}, format="json").json()
    assert created["active_version"]["strategy"] == "mcts:budget=42"
    version = client.post(f"/api/bots/{created['id']}/versions/", {"strategy": "greedy"}, format="json").json()
    assert version["strategy"] == "greedy"


def test_the_page_shows_versions_to_the_owner_only(world: World, entries: dict) -> None:
    entry = entries["built_in"]
    other = Client()
    other.force_login(world.bystander)
    page = other.get(f"/bots/{entry.pk}/").content.decode()
    assert "mcts:budget" not in page and "secret plan" not in page
    owner = Client()
    owner.force_login(world.member)
    assert "mcts:budget=555" in owner.get(f"/bots/{entry.pk}/").content.decode()


@pytest.mark.parametrize("who", [None, "bystander", "member", "staff"])
def test_a_versions_record_and_the_comparison_hold_nothing_of_what_it_plays(world: World, entries: dict,
                                                                            who: str | None) -> None:
    """The record is public where the entry is, for its owner too: no strategy, file, note
    or standard error on its pages or in its API answers."""
    entry, uploaded = entries["built_in"], entries["uploaded"]
    api, page = world.client(getattr(world, who) if who else None), Client()
    if who:
        page.force_login(getattr(world, who))
    answers = [api.get(f"/api/bots/{entry.pk}/versions/2/history/"), api.get(f"/api/bots/{entry.pk}/compare/"),
               api.get(f"/api/bots/{uploaded.pk}/versions/1/history/"),
               page.get(f"/bots/{entry.pk}/versions/2/"), page.get(f"/bots/{entry.pk}/compare/?a=1&b=2"),
               page.get(f"/bots/{uploaded.pk}/versions/1/")]
    for answer in answers:
        assert answer.status_code == 200
        text = answer.content.decode()
        assert not any(secret in text for secret in ("mcts:budget", "secret plan", "clever.py", "stderr")), text


def test_the_code_address_is_the_owners_for_a_strategy_too(world: World, entries: dict) -> None:
    entry = entries["built_in"]
    assert world.client(world.bystander).get(f"/api/bots/{entry.pk}/versions/1/code/").status_code == 403
    assert world.client(world.member).get(f"/api/bots/{entry.pk}/versions/1/code/").json() == {
        "strategy": "mcts:budget=777,width=9"}


def test_the_admin_site_is_for_staff(world: World, entries: dict) -> None:
    member = Client()
    member.force_login(world.member)
    answer = member.get(f"/admin/tournaments/botentry/{entries['built_in'].pk}/change/")
    assert answer.status_code == 302 and "/admin/login/" in answer["Location"]
