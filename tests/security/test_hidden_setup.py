"""A live Measure and Tempo match's hidden setup (both hands, the deck's order, the seed) is
read by nobody but the club's directors who do not sit at it, through every door: the API's
match and log export (cached or not), the positions, the match page. Once it ends, everyone
who may read the match reads it whole."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from games.registry import get_game
from tests.helpers.world import World
from tournaments.models import Match
from tournaments.selectors import sees_hidden
from tournaments.services import matches as match_services


@pytest.fixture
def live(world: World) -> Match:
    """Ana against Ben, hands dealt from a seed, no move yet."""
    return match_services.create_match(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                                       draw_setup=True, seed="hidden-hands")


def hands(match: Match) -> list[list[str]]:
    match.refresh_from_db()
    return match.log.setup["hands"]


def leaks(text: str, match: Match) -> bool:
    """Whether an answer carries the other seat's hand or the seed."""
    ben_hand = hands(match)[1]
    return "hidden-hands" in text or json.dumps(ben_hand) in text.replace(", ", ",").replace(",", ", ") \
        or json.dumps(ben_hand, separators=(",", ":")) in text


@pytest.mark.parametrize("who", ["anonymous", "member", "bystander", "outsider"])
def test_nobody_but_directors_reads_the_hidden_setup_of_a_live_match(world: World, live: Match, who: str,
                                                                    settings: Any) -> None:
    user = {"anonymous": None, "member": world.member, "bystander": world.bystander,
            "outsider": world.outsider}[who]
    for cached in (False, True):
        settings.API_CACHE = cached
        client = world.client(user)
        detail = client.get(f"/api/matches/{live.pk}/")
        if who in ("anonymous", "outsider"):  # a live match is for the club's members alone
            assert detail.status_code in (401, 403) and client.get(f"/api/matches/{live.pk}/log/").status_code in (401, 403)
            continue
        assert detail.status_code == 200
        body = detail.json()
        assert body["setup"] == {} and body["seed"] == "" and body["withheld"] == ["setup", "seed"]
        assert body["commitment"] == live.commitment
        log = client.get(f"/api/matches/{live.pk}/log/")
        assert log.status_code == 200 and log.json()["setup"] == {} and not leaks(log.content.decode(), live)
        assert not leaks(detail.content.decode(), live)


def test_the_director_reads_it_and_the_cache_keeps_them_apart(world: World, live: Match, settings: Any) -> None:
    settings.API_CACHE = True
    director, member = world.client(world.director), world.client(world.member)
    assert director.get(f"/api/matches/{live.pk}/log/").json()["setup"]["hands"] == hands(live)
    assert member.get(f"/api/matches/{live.pk}/log/").json()["setup"] == {}
    assert director.get(f"/api/matches/{live.pk}/").json()["seed"] == "hidden-hands"
    assert sees_hidden(world.director, live) and not sees_hidden(world.member, live)


def test_a_seated_director_sees_only_their_own_seat(world: World) -> None:
    seated = match_services.create_match(club=world.club, game="measure_and_tempo",
                                         players=[world.ana, world.ben], draw_setup=True, seed="s")
    world.ana.user = world.director
    world.ana.save()
    assert not sees_hidden(world.director, seated)
    assert world.client(world.director).get(f"/api/matches/{seated.pk}/").json()["setup"] == {}


def test_the_positions_and_the_page_show_the_other_hand_to_nobody_seated(world: World, live: Match) -> None:
    ben_card = hands(live)[1][0]
    client = Client()
    client.force_login(world.member)
    picture = client.get(f"/api/matches/{live.pk}/positions/0.svg").content.decode()
    page = client.get(f"/matches/{live.pk}/").content.decode()
    director = Client()
    director.force_login(world.director)
    full = director.get(f"/api/matches/{live.pk}/positions/0.svg").content.decode()
    assert picture != full and page.count(ben_card) <= full.count(ben_card)


def test_once_the_match_ends_everyone_reads_it_whole(world: World, live: Match) -> None:
    match_services.void_match(live)
    body = world.client(world.bystander).get(f"/api/matches/{live.pk}/log/").json()
    assert body["setup"]["hands"] == hands(live) and body["seed"] == "hidden-hands"
    assert "withheld" not in world.client(world.bystander).get(f"/api/matches/{live.pk}/").json()


def test_games_without_hidden_setup_show_it_during_play(world: World) -> None:
    race = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                       setup={"order": "RYGBOP"})
    assert not get_game("leapfrog_race").hides_setup
    assert world.client(world.bystander).get(f"/api/matches/{race.pk}/").json()["setup"] == {"order": "RYGBOP"}
