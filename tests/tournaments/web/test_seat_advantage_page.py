"""The seat advantage on a game's page (``rules``) and in the API: the figure over the clubs
each visitor may see, one club's with ``?club=``, a private club's games hidden from outsiders."""

from __future__ import annotations

import re

import pytest

from tests.helpers.matches import ranked_match
from tests.tournaments.web.conftest import Cast
from tournaments.models import Club

PAGE = "/games/leapfrog_race/"
API = "/api/games/leapfrog_race/seat-advantage/"


@pytest.fixture
def measured(cast: Cast) -> Cast:
    """Pond (public): seat 0 first in 3 of 4 two-seat games (one a shared first place, not won).
    Lily (private, the rival's): seat 0 first in both of its 2 two-seat games."""
    Club.objects.filter(pk=cast.other_club.pk).update(public=False)
    for ranks in [(1, 2), (1, 2), (1, 1), (2, 1)]:
        ranked_match(cast.club, *ranks)
    for _ in range(2):
        ranked_match(cast.other_club, 1, 2)
    return cast


def figure(html: str) -> list[str]:
    """The two-seat row of the page's seat-advantage table, cell by cell."""
    section = html[html.index('id="seat-advantage"'):]
    row = re.search(r"<tr><th scope=\"row\">2</th>(.*?)</tr>", section).group(1)
    return re.findall(r"<td>(.*?)</td>", row)


@pytest.mark.parametrize("role", ["anonymous", "member", "director"])
def test_outsiders_see_the_figure_of_the_public_clubs_alone(measured: Cast, role: str) -> None:
    answer = measured.client(role).get(PAGE)
    assert answer.status_code == 200
    html = answer.content.decode()
    # 2 wins of 4: 50 %, Wilson 15.0 % to 85.0 %, fair 50 %.
    assert figure(html) == ["4", "2 (50.0 %)", "15.0 % to 85.0 %", "50.0 %"]
    assert "Lily Club" not in html and 'value="pond"' in html
    assert measured.client(role).get(PAGE + "?club=lily").status_code == 404


@pytest.mark.parametrize("role", ["rival", "staff"])
def test_the_private_clubs_members_and_staff_count_its_games_too(measured: Cast, role: str) -> None:
    html = measured.client(role).get(PAGE).content.decode()
    assert figure(html)[:2] == ["6", "4 (66.7 %)"]
    chosen = measured.client(role).get(PAGE + "?club=lily").content.decode()
    assert figure(chosen)[:3] == ["2", "2 (100.0 %)", "34.2 % to 100.0 %"]
    assert "of Lily Club" in chosen and '<option value="lily" selected>' in chosen


def test_a_game_nobody_finished_says_so(cast: Cast) -> None:
    html = cast.client("anonymous").get("/games/froggit/").content.decode()
    assert "No finished game of" in html


def test_the_api_answers_the_same_figure_and_refuses_a_club_one_may_not_see(measured: Cast) -> None:
    answer = measured.client("anonymous").get(API)
    assert answer.status_code == 200
    body = answer.json()
    assert body["game"] == "leapfrog_race" and body["club"] is None
    (two,) = body["figures"]
    assert (two["seats"], two["games"], two["wins"], two["rate"], two["fair"]) == (2, 4, 2, 0.5, 0.5)
    assert two["low"] == pytest.approx(0.15004, abs=5e-5) and two["high"] == pytest.approx(0.84996, abs=5e-5)
    refused = measured.client("anonymous").get(API + "?club=lily")
    assert refused.status_code == 400 and "no club 'lily' that you may see" in refused.json()["message"]
    mine = measured.client("rival").get(API + "?club=lily").json()
    assert mine["club"] == "lily" and [(f["games"], f["wins"]) for f in mine["figures"]] == [(2, 2)]
    assert measured.client("anonymous").get("/api/games/chess/seat-advantage/").status_code == 404
