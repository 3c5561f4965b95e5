"""A bot version's page and the page comparing two versions: who may open them (whoever may
open the entry's page), what they count, and a bad version refused beside its select."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.urls import reverse

from tests.helpers.ratings import finished_match
from tests.tournaments.web.conftest import ROLES, Cast
from tournaments.models import BotEntry
from tournaments.services import bots as bot_services
from tournaments.services import ratings

EVERYONE = dict.fromkeys(ROLES, 200)
LILY_ONLY = {"anonymous": 404, "member": 404, "rival": 200, "director": 404, "staff": 200}
NOBODY = dict.fromkeys(ROLES, 404)


@dataclass
class Bots:
    cast: Cast
    frog: BotEntry
    secret: BotEntry


@pytest.fixture
def bots(cast: Cast) -> Bots:
    """Ana's frog in Pond Club: v1 beat Ben, v2 lost to him forfeiting on time; a bot of
    Lily Club, made private."""
    cast.other_club.public = False
    cast.other_club.save()
    frog = bot_services.create_entry(club=cast.club, owner=cast.member, game="froggit", name="Frog",
                                     strategy="random")
    ben = cast.players[0]
    finished_match([frog.player, ben], [1, 2], minutes=1)
    bot_services.add_version(frog, strategy="greedy")
    lost = finished_match([ben, frog.player], [1, 2], minutes=2, forfeits=(1,))
    lost.seats.filter(index=1).update(forfeit_reason="time limit")
    ratings.update_ratings("froggit")
    secret = bot_services.create_entry(club=cast.other_club, owner=cast.rival, game="froggit", name="Mole",
                                       strategy="random")
    return Bots(cast, frog, secret)


@pytest.mark.parametrize(("route", "arguments", "answers"), [
    ("bot-version", lambda b: [b.frog.pk, 1], EVERYONE),
    ("bot-version", lambda b: [b.secret.pk, 1], LILY_ONLY),
    ("bot-version", lambda b: [b.frog.pk, 3], NOBODY),
    ("bot-version", lambda b: [999_999, 1], NOBODY),
    ("bot-compare", lambda b: [b.frog.pk], EVERYONE),
    ("bot-compare", lambda b: [b.secret.pk], LILY_ONLY),
    ("bot-compare", lambda b: [999_999], NOBODY),
])
def test_each_role_gets_the_answer_of_the_entry_page(bots: Bots, cast: Cast, route: str, arguments, answers) -> None:
    address = reverse(route, args=arguments(bots))
    for role in ROLES:
        assert cast.client(role).get(address).status_code == answers[role], (route, role)


def test_a_versions_page_shows_its_record_and_no_code(bots: Bots, cast: Cast) -> None:
    page = cast.client("anonymous").get(reverse("bot-version", args=[bots.frog.pk, 2]))
    text = page.content.decode()
    record = page.context["record"]
    assert (record.matches, record.forfeits) == (1, {"time limit": 1})
    assert [(m.label, m.games, m.wins, m.draws, m.losses, m.forfeits) for m in record.opponents] == [
        ("Ben", 1, 0, 0, 1, 1)]
    assert "time limit: 1" in text and "<svg" in text and "0.0\u00a0%" in text
    assert "greedy" not in text  # what a version plays is its owner's


def test_the_entry_page_links_to_each_version_and_the_comparison(bots: Bots, cast: Cast) -> None:
    text = cast.client("anonymous").get(reverse("bot-detail", args=[bots.frog.pk])).content.decode()
    assert f'href="{reverse("bot-version", args=[bots.frog.pk, 1])}"' in text
    assert f'href="{reverse("bot-compare", args=[bots.frog.pk])}"' in text


def test_the_comparison_puts_two_versions_side_by_side(bots: Bots, cast: Cast) -> None:
    page = cast.client("rival").get(reverse("bot-compare", args=[bots.frog.pk]))
    assert (page.context["a"].version.number, page.context["b"].version.number) == (1, 2)
    assert [(row.label, row.a.percent, row.b.percent) for row in page.context["rows"]] == [("Ben", "100.0\u00a0%", "0.0\u00a0%")]
    swapped = cast.client("member").get(reverse("bot-compare", args=[bots.frog.pk]) + "?a=2&b=1")
    assert swapped.context["a"].version.number == 2
    text = swapped.content.decode()
    assert '<label for="id_a">Version A' in text and '<select name="b"' in text


@pytest.mark.parametrize(("query", "message"), [
    ("?a=x&b=1", "a must be a version number of Frog (its versions are 1 to 2), not &#x27;x&#x27;"),
    ("?a=1&b=5", "Frog has no version 5: its versions are 1 to 2"),
])
def test_a_bad_version_is_refused_beside_its_select(bots: Bots, cast: Cast, query: str, message: str) -> None:
    page = cast.client("anonymous").get(reverse("bot-compare", args=[bots.frog.pk]) + query)
    assert page.status_code == 400
    assert message in page.content.decode()
    assert "rows" not in page.context
