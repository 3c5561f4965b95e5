"""The page "Play a bot" (``club-play-bot``): members of the club (directors, staff) choose a
game, a bot, their seat, the options and a clock, and land on the match page; everyone else is
sent to log in, refused or told the club does not exist. Linked from the club page and from a
bot's page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.web.conftest import Cast
from tournaments.models import Match
from tournaments.services import bots as bot_services

PAGE = "/clubs/pond/play-bot/"
START = {"game": "leap_frog", "bot": "builtin:random", "seat": "0", "leap_frog__rows": "4", "leap_frog__cols": "4"}


@pytest.mark.parametrize(("role", "status"), [("anonymous", 302), ("member", 200), ("rival", 403),
                                              ("director", 200), ("staff", 200)])
def test_who_opens_the_page(cast: Cast, role: str, status: int) -> None:
    answer = cast.client(role).get(reverse("club-play-bot", args=["pond"]))
    assert answer.status_code == status
    if status == 302:
        assert answer["Location"].startswith("/accounts/login/")
    if status == 200:
        assert b'name="game"' in answer.content and b"Choose" in answer.content


@pytest.mark.parametrize(("role", "status"), [("anonymous", 302), ("member", 302), ("rival", 403),
                                              ("director", 302), ("staff", 302)])
def test_who_starts_a_game(cast: Cast, role: str, status: int) -> None:
    answer = cast.client(role).post(PAGE, START)
    assert answer.status_code == status
    if role == "anonymous":
        assert answer["Location"].startswith("/accounts/login/") and not Match.objects.exists()
    elif status == 302:
        match = Match.objects.get()
        assert answer["Location"] == f"/matches/{match.pk}/"
        assert match.seats.get(index=0).player.user == cast.user(role)
        assert match.seats.get(index=1).player.name == "random · Leap Frog"
    else:
        assert not Match.objects.exists()


def test_a_private_club_is_not_found_for_strangers(cast: Cast) -> None:
    cast.club.public = False
    cast.club.save()
    assert cast.client("rival").get(PAGE).status_code == 404


def test_the_form_shows_the_game_s_bots_options_and_the_club_s_entries(cast: Cast) -> None:
    bot_services.create_entry(club=cast.club, owner=cast.member, game="froggit", name="Hopper", strategy="greedy")
    bot_services.create_entry(club=cast.club, owner=cast.director, game="leap_frog", name="Elsewhere",
                              strategy="random")
    page = cast.client("member").get(PAGE + "?game=froggit").content.decode()
    assert 'value="builtin:mcts"' in page and 'value="builtin:greedy"' in page
    assert "Hopper (yours)" in page and "Elsewhere" not in page
    assert 'name="froggit__family"' in page and 'name="clock_minutes"' in page
    assert 'name="csrfmiddlewaretoken"' in page


def test_a_bot_s_page_links_here_with_the_bot_chosen(cast: Cast) -> None:
    entry = bot_services.create_entry(club=cast.club, owner=cast.director, game="froggit", name="Lurker",
                                      strategy="random")
    detail = cast.client("member").get(f"/bots/{entry.pk}/").content.decode()
    link = f"/clubs/pond/play-bot/?bot={entry.pk}"
    assert link in detail
    page = cast.client("member").get(link).content.decode()
    assert f'value="entry:{entry.pk}" selected' in page
    assert link not in cast.client("rival").get(f"/bots/{entry.pk}/").content.decode()
    assert 'href="/clubs/pond/play-bot/"' in cast.client("member").get("/clubs/pond/").content.decode()


def test_a_refused_game_says_why_beside_the_field_and_stores_nothing(cast: Cast) -> None:
    answer = cast.client("member").post(PAGE, {**START, "leap_frog__rows": "40"})
    assert answer.status_code == 400
    assert "Ensure this value is less than or equal to 18" in answer.content.decode()
    answer = cast.client("member").post(PAGE, {**START, "bot": "entry:999"})
    assert answer.status_code == 400 and "Select a valid choice" in answer.content.decode()
    answer = cast.client("member").post(PAGE, {**START, "clock_minutes": "", "increment_seconds": "5"})
    assert answer.status_code == 400 and "an increment needs a clock" in answer.content.decode()
    answer = cast.client("member").post(PAGE, {"game": "chess"})
    assert answer.status_code == 400
    assert not Match.objects.exists()
