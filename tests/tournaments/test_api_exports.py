"""The API's downloads: media types and file names, the same content as the services', 404 for
those who may not see a private club's tournament or player, and 409 for a TRF16 of tables."""

from __future__ import annotations

import pytest

from tests.helpers.exports import eventful_swiss
from tests.tournaments.conftest import World
from tournaments.exports import trf
from tournaments.models import Club, Player, Tournament
from tournaments.services import tournaments as services

DOWNLOADS = [("export.trf", "text/plain; charset=utf-8", "-{pk}.trf"),
             ("standings.csv", "text/csv; charset=utf-8", "-{pk}-standings.csv"),
             ("crosstable.csv", "text/csv; charset=utf-8", "-{pk}-crosstable.csv"),
             ("rounds.ics", "text/calendar; charset=utf-8", "-{pk}-rounds.ics")]


@pytest.fixture
def tournament(world: World) -> Tournament:
    return eventful_swiss([world.ana, world.ben, world.cy, world.dora, world.eve])


@pytest.mark.parametrize(("name", "content_type", "suffix"), DOWNLOADS)
def test_each_download_has_its_type_and_name(world: World, tournament: Tournament, name: str, content_type: str,
                                             suffix: str) -> None:
    answer = world.client(None).get(f"/api/tournaments/{tournament.pk}/{name}")
    assert answer.status_code == 200 and answer["Content-Type"] == content_type
    assert answer["Content-Disposition"] == f'attachment; filename="leap-night{suffix.format(pk=tournament.pk)}"'


def test_the_api_trf_reads_back(world: World, tournament: Tournament) -> None:
    report = trf.read_trf(world.client(None).get(f"/api/tournaments/{tournament.pk}/export.trf").content.decode())
    assert sorted(line.name for line in report.lines) == ["Ana", "Ben", "Cy", "Dora", "Eve"]


def test_a_players_feed(world: World, tournament: Tournament) -> None:
    answer = world.client(None).get(f"/api/players/{world.ana.pk}/matches.ics")
    assert answer.status_code == 200 and answer["Content-Type"] == "text/calendar; charset=utf-8"
    assert answer["Content-Disposition"] == f'attachment; filename="ana-{world.ana.pk}-matches.ics"'
    assert b"BEGIN:VCALENDAR" in answer.content


@pytest.mark.parametrize("name", [name for name, _, _ in DOWNLOADS])
def test_a_private_clubs_downloads_are_missing_for_outsiders(world: World, name: str) -> None:
    quiet = [world.private_player, *(Player.objects.create(club=world.private_club, name=f"P{n}") for n in range(2))]
    tournament = services.create_tournament(club=world.private_club, name="Hush", game="leap_frog",
                                            format="round_robin", seed="hush", players=quiet)
    for user in (None, world.outsider, world.member):
        answer = world.client(user).get(f"/api/tournaments/{tournament.pk}/{name}")
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    assert world.client(world.director).get(f"/api/tournaments/{tournament.pk}/{name}").status_code == 200
    assert world.client(world.staff).get(f"/api/tournaments/{tournament.pk}/{name}").status_code == 200


def test_a_private_players_feed_is_missing_for_outsiders(world: World) -> None:
    Club.objects.filter(pk=world.club.pk).update(public=False)
    for user in (None, world.outsider):
        answer = world.client(user).get(f"/api/players/{world.ana.pk}/matches.ics")
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"
    assert world.client(world.member).get(f"/api/players/{world.ana.pk}/matches.ics").status_code == 200


def test_a_trf_of_tables_is_a_conflict(world: World) -> None:
    tournament = services.create_tournament(club=world.club, name="Tables", game="froggit", format="tables",
                                            format_settings={"rounds": 2}, seed="t")
    answer = world.client(None).get(f"/api/tournaments/{tournament.pk}/export.trf")
    assert answer.status_code == 409
    assert answer.json()["code"] == "no_trf" and "tables" in answer.json()["message"]
    assert world.client(None).get(f"/api/tournaments/{tournament.pk}/standings.csv").status_code == 200
