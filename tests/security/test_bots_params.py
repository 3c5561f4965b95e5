"""A built-in bot's parameters are bounded at every door: a strategy like ``mcts:budget=``
followed by a hundred digits is refused, with the parameter's range, by the API, the admin
site, the pages, the services and the commands; the ranges are listed where the bots are."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tests.helpers.world import World
from tournaments.errors import InvalidInput
from tournaments.models import BotEntry, BotVersion, Tournament
from tournaments.services import bots as bot_services
from tournaments.services import tournaments as tournament_services

HUGE = "mcts:budget=" + "9" * 100
OVER = "mcts:budget=2001"


@pytest.mark.parametrize("strategy", [HUGE, OVER, "mcts:width=0", "mcts:depth=11"])
def test_the_api_refuses_an_entry_and_a_version_out_of_range(world: World, strategy: str) -> None:
    client = world.client(world.member)
    answer = client.post("/api/bots/", {"club": "pond", "name": "Hog", "game": "froggit", "strategy": strategy},
                         format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "bad_strategy", answer.json()
    assert "strategy" in answer.json()["fields"]
    assert not BotEntry.objects.exists()
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hog",
                                      strategy="random")
    answer = client.post(f"/api/bots/{entry.pk}/versions/", {"strategy": strategy}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "bad_strategy"
    assert BotVersion.objects.filter(entry=entry).count() == 1


def test_the_message_names_the_range(world: World) -> None:
    answer = world.client(world.member).post(
        "/api/bots/", {"club": "pond", "name": "Hog", "game": "froggit", "strategy": OVER}, format="json")
    assert answer.json()["message"] == "bot parameter 'budget' must be from 1 to 2000, not 2001"
    huge = world.client(world.member).post(
        "/api/bots/", {"club": "pond", "name": "Hog", "game": "froggit", "strategy": HUGE}, format="json")
    assert "far too large" in huge.json()["message"]


def test_the_admin_site_and_the_pages_refuse_it(world: World) -> None:
    admin = Client()
    admin.force_login(world.staff)
    answer = admin.post(reverse("admin:tournaments_botentry_add"),
                        {"club": world.club.pk, "name": "Hog", "game": "froggit", "strategy": OVER})
    assert answer.status_code == 200 and b"from 1 to 2000" in answer.content
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hog",
                                      strategy="random")
    answer = admin.post(reverse("admin:tournaments_botversion_add"), {"entry": entry.pk, "strategy": OVER})
    assert answer.status_code == 200 and b"from 1 to 2000" in answer.content
    page = Client()
    page.force_login(world.member)
    answer = page.post("/bots/", {"club": world.club.pk, "name": "Hog2", "game": "froggit", "strategy": OVER})
    assert answer.status_code == 200 and b"from 1 to 2000" in answer.content
    answer = page.post(f"/bots/{entry.pk}/", {"strategy": OVER})
    assert answer.status_code == 200 and b"from 1 to 2000" in answer.content
    assert BotEntry.objects.count() == 1 and BotVersion.objects.count() == 1


def test_the_services_refuse_it(world: World) -> None:
    with pytest.raises(InvalidInput, match="must be from 1 to 2000"):
        bot_services.builtin_player(world.club, "froggit", "Hog", OVER)
    with pytest.raises(InvalidInput, match="far too large"):
        bot_services.check_strategy("froggit", HUGE)


@pytest.mark.parametrize(("command", "args"), [
    ("play_match", ["--game", "froggit", "--bot", HUGE, "--bot", "random"]),
    ("play_match", ["--game", "froggit", "--bot", OVER, "--bot", "random"]),
    ("run_tournament", ["--game", "froggit", "--format", "round_robin", "--bot", OVER, "--bot", "random"]),
])
@pytest.mark.django_db
def test_the_commands_refuse_it_before_playing(command: str, args: list[str]) -> None:
    with pytest.raises(CommandError, match="far too large|from 1 to 2000") as refused:
        call_command(command, *args, stdout=io.StringIO(), stderr=io.StringIO())
    assert refused.value.returncode == 2
    assert not Tournament.objects.exists()


def test_try_bot_refuses_an_opponent_out_of_range(tmp_path) -> None:  # noqa: ANN001
    bot = tmp_path / "bot.py"
    bot.write_text("print('never run')\n")
    with pytest.raises(CommandError, match="from 1 to 2000") as refused:
        call_command("try_bot", str(bot), "--game", "froggit", "--against", OVER,
                     stdout=io.StringIO(), stderr=io.StringIO())
    assert refused.value.returncode == 2


def test_the_ranges_are_listed_by_the_api_and_the_command(world: World) -> None:
    games = world.client(None).get("/api/games/froggit/").json()
    assert games["bots"]["mcts"]["limits"]["budget"] == {"default": 100, "minimum": 1, "maximum": 2000,
                                                         "help": "search iterations per move"}
    out = io.StringIO()
    call_command("play_match", "--list-bots", stdout=out)
    assert "budget=100 (1..2000)" in out.getvalue()


def test_a_stored_strategy_out_of_todays_range_forfeits_and_the_tournament_finishes(world: World) -> None:
    """A version stored before the ranges existed cannot stall a worker: its seat forfeits at
    the start, the match finishes and the tournament does not stay running."""
    hog = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hog",
                                    strategy="random")
    BotVersion.objects.filter(pk=hog.active_version_id).update(strategy=HUGE)
    other = bot_services.builtin_player(world.club, "froggit", "House", "random")
    tournament = tournament_services.create_tournament(club=world.club, name="Old", game="froggit", bots=True,
                                                       seed="old", rated=False)
    tournament_services.register(tournament, hog.player)
    tournament_services.register(tournament, other)
    tournament_services.start(tournament)
    while matches := tournament_services.advance(tournament.pk):
        for match in matches:
            assert tournament_services.play_scheduled(match.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    [match] = tournament.matches.all()
    seat = match.seats.get(player=hog.player)
    assert match.status == "finished" and seat.forfeit_reason.startswith("invalid strategy: ")
    assert seat.rank == 2
