"""In-process play (tasks run eagerly in the web process) keeps the same time bank per move
as the workers: a built-in bot that overruns it forfeits with ``timeout``, its match
finishes, and the request that started the tournament answers in bounded time with the
tournament finished, not left running."""

from __future__ import annotations

import time

from tests.helpers.world import World
from tournaments.models import Match, Tournament
from tournaments.services import bots as bot_services


def test_a_tournament_of_the_largest_budgets_started_over_the_api_finishes_in_bounded_time(world: World) -> None:
    for name in ("Hog", "Sow"):
        bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name=name,
                                  strategy="mcts:budget=2000,width=64,depth=10")
    client = world.client(world.director)
    created = client.post("/api/tournaments/", {
        "club": "pond", "name": "Hogs", "game": "froggit", "format": "round_robin", "bots": True,
        "bot_limits": {"move_ms": 20, "total_ms": 30}}, format="json")
    assert created.status_code == 201, created.json()
    tournament = created.json()["id"]
    for name in ("Hog", "Sow"):
        player = bot_services.BotEntry.objects.get(player__name=name).player_id
        joined = client.post(f"/api/tournaments/{tournament}/entrants/", {"player": player}, format="json")
        assert joined.status_code == 201, joined.json()
    started = time.monotonic()
    answer = client.post(f"/api/tournaments/{tournament}/start/", format="json")
    assert answer.status_code in (200, 202), answer.json()
    assert time.monotonic() - started < 60
    assert Tournament.objects.get(pk=tournament).status == Tournament.Status.FINISHED
    [match] = Match.objects.filter(tournament_id=tournament)
    assert match.status == Match.Status.FINISHED
    assert [forfeit["reason"] for forfeit in match.log.forfeits] == ["timeout"]
