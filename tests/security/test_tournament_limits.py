"""Tournament settings within one set of limits on every path (API create and patch, the
admin, the services), settings a format ignores refused, a start that is all or nothing, and
elimination tournaments too small for a bracket shown with empty standings."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.world import World
from tournaments.errors import InvalidInput
from tournaments.formats.model import MAX_POINTS, MAX_ROUNDS
from tournaments.models import Round, Tournament
from tournaments.services import tournaments as tournament_services

HUGE = 10**400


def create(world: World, fmt: str, format_settings: dict[str, Any]) -> Any:
    return world.client(world.director).post("/api/tournaments/", {
        "club": world.club.slug, "name": "Big", "game": "froggit", "format": fmt,
        "format_settings": format_settings}, format="json")


@pytest.mark.parametrize(("fmt", "format_settings", "words"), [
    ("swiss", {"rounds": 2**31}, "rounds must be at most"),
    ("swiss", {"rounds": 10**40}, "rounds must be at most"),
    ("swiss", {"rounds": 1e40}, "rounds must be a positive integer"),
    ("tables", {"rounds": 2, "place_points": [HUGE, 1]}, "place_points[1] must lie between"),
    ("swiss", {"rounds": 2, "win": -HUGE}, "win must lie between"),
    ("swiss", {"rounds": 2, "best_of": 10**6 + 1}, "best_of must be at most"),
    ("single_elimination", {"max_replays": 10**9}, "max_replays must be at most"),
    ("tables", {"rounds": 2, "place_points": list(range(100, 0, -1))}, "at most 64 places"),
    ("round_robin", {"rounds": 3}, "does not use the setting 'rounds'"),
    ("swiss", {"rounds": 3, "max_replays": 2}, "does not use the setting 'max_replays'"),
    ("round_robin", {"place_points": [3, 1]}, "does not use the setting 'place_points'"),
    ("tables", {"rounds": 2, "win": 3}, "does not use the setting 'win'"),
])
def test_out_of_range_and_ignored_settings_are_refused_at_creation(world: World, fmt: str,
                                                                   format_settings: dict[str, Any], words: str) -> None:
    answer = create(world, fmt, format_settings)
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == "bad_format_settings" and words in answer.json()["message"]
    assert not Tournament.objects.exists()


def test_patch_applies_the_same_limits(world: World) -> None:
    tournament = create(world, "swiss", {"rounds": 3}).json()
    client = world.client(world.director)
    for bad in ({"rounds": 2**31}, {"rounds": 3, "table_size": 3}):
        answer = client.patch(f"/api/tournaments/{tournament['id']}/", {"format_settings": bad}, format="json")
        assert answer.status_code == 400 and answer.json()["code"] == "bad_format_settings"
    assert Tournament.objects.get().format_settings == {"rounds": 3}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rounds=st.integers(min_value=-5, max_value=2**70) | st.sampled_from([MAX_ROUNDS, MAX_ROUNDS + 1]),
       win=st.integers(min_value=-2 * MAX_POINTS, max_value=2 * MAX_POINTS))
def test_the_service_accepts_exactly_the_settings_within_the_limits(world: World, rounds: int, win: int) -> None:
    fine = 1 <= rounds <= MAX_ROUNDS and -MAX_POINTS <= win <= MAX_POINTS and win >= 0.5
    try:
        tournament = tournament_services.create_tournament(
            club=world.club, name="S", game="froggit", format="swiss",
            format_settings={"rounds": rounds, "win": win})
    except InvalidInput as error:
        assert not fine, error.message
    else:
        assert fine
        tournament.delete()


def test_the_admin_applies_the_same_limits(world: World) -> None:
    client = Client()
    client.force_login(world.staff)
    answer = client.post(reverse("admin:tournaments_tournament_add"), {
        "club": world.club.pk, "name": "Admin", "game": "froggit", "options": "{}", "format": "swiss",
        "format_settings": '{"rounds": 2147483648}', "seed": "s", "bot_limits": "{}", "rated": "on",
        "no_show": "zero_bye", "clock_increment_seconds": "0",
        "entrants-TOTAL_FORMS": "0", "entrants-INITIAL_FORMS": "0",
        "rounds-TOTAL_FORMS": "0", "rounds-INITIAL_FORMS": "0"})
    assert answer.status_code == 200 and "rounds must be at most" in answer.content.decode()
    assert not Tournament.objects.exists()


def test_a_start_that_fails_leaves_the_tournament_open(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    tournament = tournament_services.create_tournament(club=world.club, name="S", game="froggit", format="swiss",
                                                       format_settings={"rounds": 3},
                                                       players=[world.ana, world.ben, world.cy])

    def broken(*args: Any, **kwargs: Any) -> None:
        raise InvalidInput("the first round could not be proposed", code="bad_format_settings")

    monkeypatch.setattr(tournament_services, "advance", broken)
    client = world.client(world.director)
    answer = client.post(f"/api/tournaments/{tournament.pk}/start/")
    assert answer.status_code == 400
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION and not Round.objects.exists()
    monkeypatch.undo()
    assert client.post(f"/api/tournaments/{tournament.pk}/start/").status_code == 200
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and Round.objects.filter(tournament=tournament).exists()
    assert client.delete(f"/api/tournaments/{tournament.pk}/").status_code == 409


@pytest.mark.parametrize("fmt", ["single_elimination", "double_elimination"])
@pytest.mark.parametrize("entrants", [0, 1])
def test_elimination_with_too_few_entrants_shows_empty_standings(world: World, fmt: str, entrants: int) -> None:
    tournament = tournament_services.create_tournament(club=world.club, name="E", game="froggit", format=fmt,
                                                       players=[world.ana][:entrants])
    client = world.client(None)
    standings = client.get(f"/api/tournaments/{tournament.pk}/standings/")
    assert standings.status_code == 200
    assert [row["entrant"] for row in standings.json()] == ["Ana"][:entrants]
    assert all(row["played"] == 0 and row["points"] == 0 for row in standings.json())
    assert Client().get(f"/tournaments/{tournament.pk}/").status_code == 200
    refused = world.client(world.director).post(f"/api/tournaments/{tournament.pk}/start/")
    assert refused.status_code == 400 and "needs at least 2 entrants" in refused.json()["message"]
