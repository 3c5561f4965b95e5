"""Who may open the pages that read (home, clubs, a club, a tournament and its live part, a
player, the leaderboards, a match, the rules, bots) and the log-in pages: the answer for each
of the cast's roles, and what the answer leaves out.

Pond Club is public; Lily Club is made private here, so its pages are unknown (404) to all but
its director (the rival) and staff. A match being played is shown to its club alone, and hides
the hands of cards: its seated member sees their own, the club's director all of them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.test_match_services import STILL
from tests.tournaments.web.conftest import ROLES, Cast
from tournaments.models import BotEntry, Match, Player, Tournament
from tournaments.services import bots as bot_services
from tournaments.services import matches as match_services
from tournaments.services import tournaments as tournament_services


@dataclass
class World:
    cast: Cast
    pond_tournament: Tournament
    lily_tournament: Tournament
    pond_match: Match
    lily_match: Match
    live_match: Match
    pond_bot: BotEntry
    lily_bot: BotEntry
    lily_player: Player


def finished_race(club: Any, players: list[Player]) -> Match:
    log = {"format": 1, "game": "leapfrog_race", "players": [player.name for player in players],
           "setup": {"order": "RYGBOP"}, "moves": STILL}
    return match_services.upload_log(club=club, log=log, players=players)


@pytest.fixture
def world(cast: Cast) -> World:
    pond, lily = cast.club, cast.other_club
    lily.public = False
    lily.save()
    lily_people = [Player.objects.create(club=lily, name=name) for name in ("Lotus", "Reed")]
    live = match_services.create_match(club=pond, game="measure_and_tempo", players=[cast.ana, cast.players[0]],
                                       draw_setup=True, recorded_by=cast.director)
    return World(
        cast=cast,
        pond_tournament=tournament_services.create_tournament(club=pond, name="Pond cup", game="leapfrog_race",
                                                              players=[cast.ana, *cast.players[:3]]),
        lily_tournament=tournament_services.create_tournament(club=lily, name="Lily cup", game="leapfrog_race",
                                                              players=lily_people),
        pond_match=finished_race(pond, [cast.ana, cast.players[1]]),
        lily_match=finished_race(lily, lily_people),
        live_match=live,
        pond_bot=bot_services.create_entry(club=pond, owner=cast.member, game="froggit", name="Ana's frog",
                                           strategy="greedy"),
        lily_bot=bot_services.create_entry(club=lily, owner=cast.rival, game="froggit", name="Lily's frog",
                                           strategy="greedy"),
        lily_player=lily_people[0],
    )


EVERYONE = dict.fromkeys(ROLES, 200)
#: Lily Club is private: its director (the rival) and staff know it, nobody else.
LILY_ONLY = {"anonymous": 404, "member": 404, "rival": 200, "director": 404, "staff": 200}
#: A match being played in Pond Club: its members and staff see it, outsiders do not.
POND_ONLY = {"anonymous": 404, "member": 200, "rival": 404, "director": 200, "staff": 200}
SIGNED_IN = {**EVERYONE, "anonymous": 302}
NOBODY = dict.fromkeys(ROLES, 404)


@dataclass(frozen=True)
class Case:
    """One address of a page (its arguments drawn from the world) and each role's answer."""

    arguments: Callable[[World], list[Any]]
    answers: dict[str, int]
    method: str = "get"


def none(world: World) -> list[Any]:
    return []


#: Every route name this module's matrix covers, with its cases.
MATRIX: dict[str, list[Case]] = {
    "home": [Case(none, EVERYONE)],
    "clubs": [Case(none, EVERYONE)],
    "club": [Case(lambda w: [w.cast.club.slug], EVERYONE), Case(lambda w: [w.cast.other_club.slug], LILY_ONLY),
             Case(lambda w: ["no-such-club"], NOBODY)],
    "tournament": [Case(lambda w: [w.pond_tournament.pk], EVERYONE), Case(lambda w: [w.lily_tournament.pk], LILY_ONLY),
                   Case(lambda w: [999_999], NOBODY)],
    "tournament-live": [Case(lambda w: [w.pond_tournament.pk], EVERYONE),
                        Case(lambda w: [w.lily_tournament.pk], LILY_ONLY)],
    "player": [Case(lambda w: [w.cast.ana.pk], EVERYONE), Case(lambda w: [w.lily_player.pk], LILY_ONLY),
               Case(lambda w: [999_999], NOBODY)],
    "leaderboards": [Case(none, EVERYONE)],
    "leaderboard": [Case(lambda w: ["froggit"], EVERYONE), Case(lambda w: ["chess"], NOBODY)],
    "match": [Case(lambda w: [w.pond_match.pk], EVERYONE), Case(lambda w: [w.live_match.pk], POND_ONLY),
              Case(lambda w: [w.lily_match.pk], LILY_ONLY), Case(lambda w: [999_999], NOBODY)],
    "rules": [Case(lambda w: ["measure_and_tempo"], EVERYONE), Case(lambda w: ["chess"], NOBODY)],
    "my-bots": [Case(none, SIGNED_IN)],
    "bot-detail": [Case(lambda w: [w.pond_bot.pk], EVERYONE), Case(lambda w: [w.lily_bot.pk], LILY_ONLY),
                   Case(lambda w: [999_999], NOBODY)],
    "login": [Case(none, EVERYONE)],
    # Opened, log-out asks to confirm (anonymous people have nothing to leave and go to log in);
    # the log-out itself is a POST.
    "logout": [Case(none, {"anonymous": 302} | dict.fromkeys(ROLES[1:], 200)),
               Case(none, dict.fromkeys(ROLES, 302), method="post")],
}


@pytest.mark.parametrize("route", MATRIX)
def test_each_role_gets_the_answer_the_matrix_says(world: World, route: str) -> None:
    for number, case in enumerate(MATRIX[route]):
        address = reverse(route, args=case.arguments(world))
        for role in ROLES:
            answer = getattr(world.cast.client(role), case.method)(address)
            assert answer.status_code == case.answers[role], f"{route} case {number} as {role}: {address}"
            if answer.status_code == 302 and route == "my-bots":
                assert answer.url.startswith(reverse("login")), "anonymous people are sent to log in"


@pytest.mark.parametrize("route", ["home", "clubs", "leaderboard"])
def test_a_private_club_is_named_only_to_those_who_may_see_it(world: World, route: str) -> None:
    address = reverse(route, args=["froggit"] if route == "leaderboard" else [])
    for role in ROLES:
        page = world.cast.client(role).get(address).content.decode()
        assert ("Lily Club" in page) == (role in ("rival", "staff")), f"{route} as {role}"


def test_a_match_being_played_hides_the_hands_each_reader_may_not_see(world: World) -> None:
    address = reverse("match", args=[world.live_match.pk])
    views = {role: world.cast.client(role).get(address).context["view"] for role in ("member", "director", "staff")}
    assert (views["member"].viewer, views["member"].reveal) == (0, False)  # Ana, seat 0: her own hand
    assert views["director"].reveal and views["staff"].reveal  # the club's director, not seated: everything
    assert "your own seat's hand" in world.cast.client("member").get(address).content.decode()
    assert "your own seat's hand" not in world.cast.client("director").get(address).content.decode()


def test_a_bots_versions_and_uploads_show_to_its_owner_and_staff_only(world: World) -> None:
    address = reverse("bot-detail", args=[world.pond_bot.pk])
    for role in ROLES:
        page = world.cast.client(role).get(address).content.decode()
        assert ("Upload a new version" in page) == (role in ("member", "staff")), role
        assert ("<code>greedy</code>" in page) == (role in ("member", "staff")), role
