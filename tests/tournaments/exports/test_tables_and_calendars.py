"""The standings and crosstable CSV read back (csv.reader) to what the page shows, names that
a spreadsheet would run as formulas written as text, and the iCalendar feeds (read back with
icalendar) holding the timed rounds and a player's matches still to play, with stable UIDs."""

from __future__ import annotations

import csv
import io

import icalendar
import pytest

from tests.helpers.exports import eventful_swiss, pending_matches
from tests.tournaments.conftest import World
from tournaments.exports import tables
from tournaments.models import Club, Player, Tournament
from tournaments.services import exports
from tournaments.services.standings import compute_standings, crosstable

SITE = "https://club.example.org"


@pytest.fixture
def tournament(world: World) -> Tournament:
    return eventful_swiss([world.ana, world.ben, world.cy, world.dora, world.eve])


def read_csv(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode(), newline="")))


def test_the_standings_csv_holds_every_column_of_the_page(tournament: Tournament) -> None:
    header, *rows = read_csv(exports.standings_download(tournament).content)
    assert header == ["rank", "entrant", "points", "Buchholz", "Sonneborn-Berger", "wins", "played", "won", "drawn",
                      "lost", "byes", "withdrawn"]
    standings = compute_standings(tournament)
    assert [row[1] for row in rows] == [row["entrant"] for row in standings]
    for line, row in zip(rows, standings):
        assert int(line[0]) == row["rank"] and float(line[2]) == row["points"]
        assert [float(value) for value in line[3:6]] == [row["tiebreaks"][name] for name in
                                                         ("buchholz", "sonneborn_berger", "wins")]
        assert [int(value) for value in line[6:11]] == [row[name] for name in ("played", "wins", "draws", "losses",
                                                                                "byes")]
        assert line[11] == ("yes" if row["withdrawn"] else "no")
    assert "yes" in [line[11] for line in rows]


def test_the_crosstable_csv_reads_back(tournament: Tournament) -> None:
    header, *rows = read_csv(exports.crosstable_download(tournament).content)
    table = crosstable(tournament)
    entrants = table["entrants"]
    assert header == ["#", "entrant", *(str(number) for number in range(1, len(entrants) + 1))]
    for number, (line, entrant) in enumerate(zip(rows, entrants), start=1):
        assert line[:2] == [str(number), entrant["name"]]
        scores = table["rows"].get(str(entrant["id"]), {})
        assert [[float(figure) for figure in cell.split()] for cell in line[2:]] == [
            scores.get(str(other["id"]), []) if other["id"] != entrant["id"] else [] for other in entrants]
    assert any(cell for line in rows for cell in line[2:])


def test_names_a_spreadsheet_would_run_are_written_as_text(world: World) -> None:
    names = ['=HYPERLINK("http://evil.example","x")', "+1 Frog", "-Dash", "@SUM(A1)"]
    players = [Player.objects.create(club=world.club, name=name) for name in names]
    tournament = eventful_swiss([*players, world.ana])
    rows = read_csv(exports.standings_download(tournament).content)[1:]
    written = {line[1] for line in rows}
    assert written == {"'" + name for name in names} | {"Ana"}
    crosstable_names = {line[1] for line in read_csv(exports.crosstable_download(tournament).content)[1:]}
    assert crosstable_names == written
    assert tables.csv_text(["a"], [[-0.5], ["-0.5"]]) == "a\r\n-0.5\r\n'-0.5\r\n"


def events(data: bytes) -> dict[str, icalendar.Event]:
    calendar = icalendar.Calendar.from_ical(data)
    assert calendar["VERSION"] == "2.0" and calendar["PRODID"]
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def test_the_rounds_feed_holds_the_timed_rounds(tournament: Tournament) -> None:
    found = events(exports.rounds_download(tournament, SITE).content)
    timed = list(tournament.rounds.filter(starts_at__isnull=False).order_by("number"))
    assert [round_.number for round_ in timed] == [1, 3]
    assert sorted(found) == [f"tournament-{tournament.pk}-round-{round_.number}@club.example.org" for round_ in timed]
    for round_ in timed:
        event = found[f"tournament-{tournament.pk}-round-{round_.number}@club.example.org"]
        assert event.decoded("DTSTART") == round_.starts_at and event.decoded("DTEND") == round_.deadline
        assert str(event["SUMMARY"]) == f"Leap night: round {round_.number}"
        assert str(event["URL"]) == f"{SITE}/tournaments/{tournament.pk}/"
        assert event.decoded("DTSTAMP").tzinfo is not None
    again = events(exports.rounds_download(tournament, SITE).content)
    assert sorted(again) == sorted(found)


def test_a_players_feed_holds_the_matches_still_to_play_in_timed_rounds(world: World, tournament: Tournament) -> None:
    waiting = [match for match in pending_matches(tournament) if match.round.starts_at]
    assert waiting
    for match in waiting:
        seat = match.seats.order_by("index").first()
        found = events(exports.player_matches_download(seat.player, world.director, SITE).content)
        event = found[f"match-{match.pk}@club.example.org"]
        names = " v ".join(seat.player.name for seat in match.seats.order_by("index"))
        assert str(event["SUMMARY"]) == f"Leap night, round 3: {names}"
        assert event.decoded("DTSTART") == match.round.starts_at
    finished_only = tournament.entrants.get(withdrawn=True).player
    assert events(exports.player_matches_download(finished_only, world.director, SITE).content) == {}


def test_a_players_feed_leaves_out_tournaments_the_reader_may_not_see(world: World, tournament: Tournament) -> None:
    player = pending_matches(tournament)[0].seats.first().player
    Club.objects.filter(pk=world.club.pk).update(public=False)
    assert events(exports.player_matches_download(player, world.outsider, SITE).content) == {}
    assert events(exports.player_matches_download(player, world.director, SITE).content)
