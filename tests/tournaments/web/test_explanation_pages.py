"""Why these pairings, on the round pages: the director's round page (proposed and published)
has a "Why?" per pairing and the round's summary; the tournament page shows a published
round's reasons to whoever may see the tournament, never a proposed round's, and a private
club's to nobody outside it; the round resource of the API carries the same."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.console_data import leap_frog_swiss, played_log
from tests.tournaments.web.conftest import Cast
from tournaments.models import Round, Tournament
from tournaments.services import results
from tournaments.services import tournaments as services


@pytest.fixture
def tournament(cast: Cast) -> Tournament:
    """A Swiss of five, round 1 proposed (so one entrant has the bye)."""
    return leap_frog_swiss(cast.club, [cast.ana, *cast.players[:4]])


def whys(page: str) -> list[str]:
    """The reasons under each "Why?" of a page."""
    return re.findall(r'<details class="why"><summary>Why\?</summary><ul class="why-list">(.*?)</ul>', page, re.DOTALL)


def test_the_director_sees_why_on_every_proposed_pairing_and_the_rounds_summary(cast: Cast,
                                                                                  tournament: Tournament) -> None:
    page = cast.client("director").get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert len(whys(page)) == 3  # two tables and the bye
    assert "Why these pairings" in page and "Score groups: 0 points: Ana" in page
    assert "has the bye: the lowest-ranked entrant without one" in page
    assert "has the first seat" in page
    assert "style=" not in page and "<script>" not in page


def test_a_swap_shows_as_the_directors_change_on_the_round_page(cast: Cast, tournament: Tournament) -> None:
    games = Round.objects.get(tournament=tournament, number=1).proposal
    client = cast.client("director")
    client.post(f"/tournaments/{tournament.pk}/rounds/1/",
                {"action": "swap", "swap-first": games[0]["seats"][0], "swap-second": games[2]["seats"][0]})
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert "Changed by the director." in page and "The director changed 2 pairings." in page


def test_members_see_a_published_rounds_reasons_and_nobody_sees_a_proposed_rounds(cast: Cast,
                                                                                 tournament: Tournament) -> None:
    path = f"/tournaments/{tournament.pk}/"
    for role in ("anonymous", "member"):
        assert "Why?" not in cast.client(role).get(path).content.decode()
    services.publish_proposed(tournament)
    for role in ("anonymous", "member", "rival"):
        page = cast.client(role).get(path).content.decode()
        assert len(whys(page)) == 3, role  # two matches and the bye
        assert "Why these pairings?" in page and "has the bye" in page
    director = cast.client("director").get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert len(whys(director)) == 3
    for match in tournament.matches.all():
        results.record_log(match, log=played_log(match))
    services.pair_round(tournament)  # round 2 proposed: its reasons stay with the director
    page = cast.client("member").get(path).content.decode()
    assert len(whys(page)) == 3
    proposed = Round.objects.get(tournament=tournament, number=2)
    assert proposed.explanation["pairings"]
    live = cast.client("member").get(f"/tournaments/{tournament.pk}/live/").content.decode()
    assert len(whys(live)) == 3


def test_a_private_clubs_reasons_do_not_leak(cast: Cast) -> None:
    cast.club.public = False
    cast.club.save()
    tournament = leap_frog_swiss(cast.club, [cast.ana, *cast.players[:2]])
    services.publish_proposed(tournament)
    assert cast.client("rival").get(f"/tournaments/{tournament.pk}/").status_code == 404
    assert cast.client("anonymous").get(f"/tournaments/{tournament.pk}/").status_code in (302, 404)
    assert "Why?" in cast.client("member").get(f"/tournaments/{tournament.pk}/").content.decode()


def test_the_explanation_uses_only_names_and_public_facts(cast: Cast, tournament: Tournament) -> None:
    services.publish_proposed(tournament)
    page = cast.client("anonymous").get(f"/tournaments/{tournament.pk}/").content.decode()
    assert whys(page)
    for reasons in whys(page):
        assert cast.member.email not in reasons and not re.search(r"entrant \d", reasons)  # names, never ids
        assert not re.search(r"\bseed \d", reasons)  # a Swiss round's reasons need no seeding
