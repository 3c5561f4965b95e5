"""The tournament API: create, register, start (bots: 202 and progress), pair, publish,
standings, crosstable and rounds, with permissions."""

from __future__ import annotations

import pytest

from tests.helpers.world import World
from tests.helpers.matches import finish_by_hand
from tournaments.models import Match, Tournament
from tournaments.services.bots import builtin_player


def create(world: World, user: object, **fields: object) -> object:
    body = {"club": "pond", "name": "Spring", "game": "leapfrog_race", "format": "swiss",
            "format_settings": {"rounds": 2}, **fields}
    return world.client(user).post("/api/tournaments/", body, format="json")


def test_a_bot_tournament_starts_with_202_and_a_progress_url(world: World) -> None:
    answer = create(world, world.director, bots=True, format="round_robin", format_settings={}, seed="api")
    assert answer.status_code == 201
    tournament_id = answer.json()["id"]
    client = world.client(world.director)
    for number, spec in enumerate(["random", "greedy", "random"], start=1):
        bot = builtin_player(world.club, "leapfrog_race", f"bot{number}", spec)
        assert client.post(f"/api/tournaments/{tournament_id}/entrants/", {"player": bot.pk},
                           format="json").status_code == 201
    started = client.post(f"/api/tournaments/{tournament_id}/start/")
    assert started.status_code == 202 and started["Location"].endswith(f"/api/tournaments/{tournament_id}/progress/")
    progress = client.get(f"/api/tournaments/{tournament_id}/progress/").json()
    assert progress == {"status": "finished", "round": 3, "rounds": 3, "matches_done": 3, "matches_total": 3}
    standings = client.get(f"/api/tournaments/{tournament_id}/standings/").json()
    assert len(standings) == 3 and sum(row["points"] for row in standings) == 6  # a game and a bye a round, a point each
    crosstable = client.get(f"/api/tournaments/{tournament_id}/crosstable/").json()
    assert len(crosstable["entrants"]) == 3
    assert len(client.get(f"/api/tournaments/{tournament_id}/rounds/").json()) == 3
    assert world.client(None).get(f"/api/tournaments/{tournament_id}/standings/").status_code == 200


def test_a_people_tournament_is_paired_and_published_by_its_director(world: World) -> None:
    tournament_id = create(world, world.director).json()["id"]
    client = world.client(world.director)
    for player in (world.ana, world.ben, world.cy, world.dora):
        client.post(f"/api/tournaments/{tournament_id}/entrants/", {"player": player.pk}, format="json")
    assert client.post(f"/api/tournaments/{tournament_id}/start/").status_code == 200
    [first] = client.get(f"/api/tournaments/{tournament_id}/rounds/").json()
    assert first["status"] == "proposed" and len(first["proposal"]) == 2
    games = [{"seats": game["seats"][::-1]} for game in first["proposal"]]
    published = client.post(f"/api/tournaments/{tournament_id}/publish/", {"games": games}, format="json")
    assert published.status_code == 200
    busy = client.post(f"/api/tournaments/{tournament_id}/pair/")
    assert busy.status_code == 409 and busy.json()["code"] == "round_in_progress"
    for match in Match.objects.filter(tournament_id=tournament_id):
        finish_by_hand(match)
    assert client.get(f"/api/tournaments/{tournament_id}/progress/").json()["matches_done"] == 2
    assert client.post(f"/api/tournaments/{tournament_id}/pair/").status_code == 200
    rounds = client.get(f"/api/tournaments/{tournament_id}/rounds/").json()
    assert [round_["status"] for round_ in rounds] == ["complete", "proposed"]
    bad = client.post(f"/api/tournaments/{tournament_id}/publish/", {"games": [{"seats": [1]}]}, format="json")
    assert bad.status_code == 400 and bad.json()["fields"]


def test_withdraw_through_the_api(world: World) -> None:
    tournament_id = create(world, world.director).json()["id"]
    client = world.client(world.director)
    client.post(f"/api/tournaments/{tournament_id}/entrants/", {"player": world.ana.pk}, format="json")
    entrant = Tournament.objects.get(pk=tournament_id).entrants.get()
    assert client.post(f"/api/tournaments/{tournament_id}/withdraw/", {"entrant": entrant.pk},
                       format="json").json()["entrants"][0]["withdrawn"] is True
    assert client.post(f"/api/tournaments/{tournament_id}/withdraw/", {"entrant": 99999},
                       format="json").status_code == 400


@pytest.mark.parametrize(("who", "status"), [("anonymous", 403), ("member", 403), ("outsider", 403),
                                             ("director", 201), ("staff", 201)])
def test_only_directors_create_tournaments(world: World, who: str, status: int) -> None:
    user = None if who == "anonymous" else getattr(world, who)
    assert create(world, user).status_code == status


def test_bad_tournament_settings_are_400(world: World) -> None:
    for fields in ({"format": "ladder"}, {"format_settings": {}}, {"game": "chess"},
                   {"format_settings": {"rounds": 2, "speed": 3}}):
        answer = create(world, world.director, **fields)
        assert answer.status_code == 400 and answer.json()["code"]


def test_private_tournaments_are_hidden(world: World) -> None:
    tournament = Tournament.objects.create(club=world.private_club, name="Hidden", game="leapfrog_race")
    assert world.client(None).get(f"/api/tournaments/{tournament.pk}/").status_code == 404
    assert world.client(world.director).get(f"/api/tournaments/{tournament.pk}/").status_code == 200
