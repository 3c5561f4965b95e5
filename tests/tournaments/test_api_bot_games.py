"""``POST /api/clubs/{slug}/bot-games/``: a member starts a game against a bot; bad input is
refused beside its field with nothing stored (the permission matrix covers who may)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.world import World
from tournaments.models import Match
from tournaments.services import bots as bot_services

pytestmark = pytest.mark.django_db

URL = "/api/clubs/pond/bot-games/"
SMALL = {"rows": 4, "cols": 4}


def test_a_member_plays_a_built_in_bot_that_moves_first(world: World) -> None:
    answer = world.client(world.member).post(URL, {"game": "leap_frog", "bot": "greedy", "seat": 1,
                                                   "options": SMALL}, format="json")
    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert [seat["player_name"] for seat in data["seats"]] == ["greedy · Leap Frog", "Ana"]
    assert data["move_count"] == 1 and data["rated"] is False and data["status"] == "in_progress"
    assert data["seed"] == "" and data["commitment"].startswith("sha256:")


def test_a_member_plays_a_bot_entry_by_its_id_with_a_clock(world: World) -> None:
    entry = bot_services.create_entry(club=world.club, owner=world.director, game="froggit", name="Lurker",
                                      strategy="random")
    answer = world.client(world.member).post(URL, {"game": "froggit", "bot": entry.pk, "seat": 0,
                                                   "clock_seconds": 300, "increment_seconds": 5}, format="json")
    assert answer.status_code == 201, answer.json()
    match = Match.objects.get(pk=answer.json()["id"])
    assert match.seats.get(index=1).player == entry.player
    assert match.live.clock_ms == 300_000 and match.live.increment_ms == 5000


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"game": "froggit", "bot": "random", "seat": 5}, "seat", "0 or 1"),
    ({"game": "froggit", "bot": True, "seat": 0}, "bot", "built-in strategy as text"),
    ({"game": "froggit", "bot": ["random"], "seat": 0}, "bot", "built-in strategy as text"),
    ({"game": "froggit", "bot": "alphazero", "seat": 0}, "bot", "no built-in bot 'alphazero'"),
    ({"game": "froggit", "bot": 99999, "seat": 0}, "bot", "no such bot in this club"),
    ({"game": "go", "bot": "random", "seat": 0}, "game", "no game 'go'"),
    ({"game": "froggit", "bot": "random", "seat": 0, "options": {"family": "huge"}}, "options", "family"),
    ({"game": "froggit", "bot": "random", "seat": 0, "clock_seconds": 0}, "clock_seconds", "seconds"),
    ({"game": "froggit", "bot": "random"}, "seat", "required"),
    ({"game": "froggit", "bot": "random", "seat": 0, "colour": "red"}, "colour", ""),
])
def test_bad_input_is_refused_beside_its_field(world: World, body: dict[str, Any], field: str, words: str) -> None:
    answer = world.client(world.member).post(URL, body, format="json")
    assert answer.status_code == 400, answer.json()
    error = answer.json()
    assert field in error["fields"], error
    assert words in " ".join(map(str, error["fields"][field])), error
    assert not Match.objects.exists()


def test_a_club_one_may_not_see_is_not_found(world: World) -> None:
    answer = world.client(world.member).post("/api/clubs/secret/bot-games/",
                                             {"game": "froggit", "bot": "random", "seat": 0}, format="json")
    assert answer.status_code == 404
    assert not Match.objects.exists()
