"""The downloads of the tournament and player pages, as each of the cast's roles: found as the
pages are (a private club's are unknown, 404, to all but its members and staff), with their
media types and file names, linked from the pages; a TRF16 of tables refused with 409."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.helpers.exports import eventful_swiss
from tests.tournaments.web.conftest import ROLES, Cast
from tournaments.exports import trf
from tournaments.models import Club, Tournament
from tournaments.services import tournaments as services

TOURNAMENT_DOWNLOADS = {"tournament-trf": "text/plain; charset=utf-8",
                        "tournament-standings-csv": "text/csv; charset=utf-8",
                        "tournament-crosstable-csv": "text/csv; charset=utf-8",
                        "tournament-rounds-ics": "text/calendar; charset=utf-8"}

#: Per role: the status of a private club's downloads (the rival directs another club).
PRIVATE = dict(zip(ROLES, (404, 200, 404, 200, 200)))


@pytest.fixture
def swiss(cast: Cast) -> Tournament:
    return eventful_swiss([cast.ana, *cast.players[:4]])


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(TOURNAMENT_DOWNLOADS))
def test_a_public_clubs_downloads_are_open_to_all(cast: Cast, swiss: Tournament, name: str, role: str) -> None:
    answer = cast.client(role).get(reverse(name, args=[swiss.pk]))
    assert answer.status_code == 200
    assert answer["Content-Type"] == TOURNAMENT_DOWNLOADS[name]
    assert answer["Content-Disposition"].startswith('attachment; filename="leap-night-')


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", [*sorted(TOURNAMENT_DOWNLOADS), "player-matches-ics"])
def test_a_private_clubs_downloads_are_missing_for_outsiders(cast: Cast, swiss: Tournament, name: str,
                                                             role: str) -> None:
    Club.objects.filter(pk=cast.club.pk).update(public=False)
    pk = cast.ana.pk if name == "player-matches-ics" else swiss.pk
    assert cast.client(role).get(reverse(name, args=[pk])).status_code == PRIVATE[role]


@pytest.mark.parametrize("role", ROLES)
def test_a_players_feed(cast: Cast, swiss: Tournament, role: str) -> None:
    answer = cast.client(role).get(f"/players/{cast.ana.pk}/matches.ics")
    assert answer.status_code == 200 and answer["Content-Type"] == "text/calendar; charset=utf-8"
    assert answer["Content-Disposition"] == f'attachment; filename="ana-{cast.ana.pk}-matches.ics"'
    assert b"UID:match-" in answer.content


def test_the_pages_link_their_downloads(cast: Cast, swiss: Tournament) -> None:
    page = cast.client("anonymous").get(f"/tournaments/{swiss.pk}/").content.decode()
    for name in TOURNAMENT_DOWNLOADS:
        assert f'href="{reverse(name, args=[swiss.pk])}"' in page
    player = cast.client("anonymous").get(f"/players/{cast.ana.pk}/").content.decode()
    assert f'href="/players/{cast.ana.pk}/matches.ics"' in player
    answer = cast.client("anonymous").get(f"/tournaments/{swiss.pk}/export.trf")
    assert len(trf.read_trf(answer.content.decode()).lines) == 5


@pytest.mark.parametrize("role", ROLES)
def test_a_trf_of_tables_is_refused_and_not_linked(cast: Cast, role: str) -> None:
    tables = services.create_tournament(club=cast.club, name="Tables", game="froggit", format="tables",
                                        format_settings={"rounds": 2}, seed="t")
    answer = cast.client(role).get(f"/tournaments/{tables.pk}/export.trf")
    assert answer.status_code == 409 and b"TRF16 holds tournaments of two-seat games" in answer.content
    page = cast.client(role).get(f"/tournaments/{tables.pk}/").content.decode()
    assert "export.trf" not in page and "standings.csv" in page
