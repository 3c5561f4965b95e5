"""TRF16: a line checked column by column, the codes of a stored Swiss (a pairing bye, an
absence, a forfeit, a withdrawal, a game still to play) read back to the same pairings,
colours, results and points, and the tournaments TRF16 cannot hold refused."""

from __future__ import annotations

from datetime import date

import pytest

from tests.helpers.exports import FIRST_START, eventful_swiss
from tests.tournaments.conftest import World
from tournaments.errors import Conflict
from tournaments.exports import trf
from tournaments.models import Bye, Match, Tournament
from tournaments.services import exports
from tournaments.services import tournaments as services
from tournaments.services.standings import compute_standings

#: Start number 7, "Zoë Ng", rated 1834, 2.5 points, ranked 3rd: a win with white against 12,
#: not paired in round 2, a pairing bye, a forfeit loss with black against 4, a game to play.
HAND_CHECKED = ("001    7      Zoë Ng                            1834                             2.5    3"
                "  0012 w 1  0000 - -  0000 - U  0004 b -  0009 w")


def test_a_line_has_every_field_in_its_columns() -> None:
    line = trf.Line(number=7, name="Zoë Ng", rating=1834, points=2.5, rank=3,
                    rounds=(trf.Cell(12, "w", "1"), None, trf.Cell(0, "-", "U"), trf.Cell(4, "b", "-"),
                            trf.Cell(9, "w", " ")))
    text = trf.line_text(line)
    assert text == HAND_CHECKED
    columns = {(1, 3): "001", (5, 8): "   7", (15, 47): "Zoë Ng".ljust(33), (49, 52): "1834", (81, 84): " 2.5",
               (86, 89): "   3", (92, 99): "0012 w 1", (102, 109): "0000 - -", (112, 119): "0000 - U",
               (122, 129): "0004 b -", (132, 137): "0009 w"}
    for (first, last), expected in columns.items():
        assert text[first - 1:last] == expected, (first, last)
    assert trf.read_line(text, 1) == line


def test_a_report_reads_back_whole() -> None:
    report = trf.Report(name="Spring open", kind="Swiss system", start=date(2026, 3, 7), end=date(2026, 3, 21),
                        planned_rounds=3, round_dates=(date(2026, 3, 7), None, date(2026, 3, 21)),
                        lines=(trf.Line(1, "Ana", None, 1.0, 1, (trf.Cell(2, "w", "1"), trf.Cell(0, "-", "Z"), None)),
                               trf.Line(2, "Ben", 1500, 0.0, 2, (trf.Cell(1, "b", "0"), None, None))))
    text = trf.write_trf(report)
    assert "132" + " " * 88 + "26/03/07            26/03/21" in text.splitlines()
    assert trf.read_trf(text) == report


@pytest.mark.parametrize(("points", "text"), [(2.5, "2.5"), (11.5, "11.5"), (0.25, "0.25"), (3, "3.0")])
def test_points_take_at_most_four_columns(points: float, text: str) -> None:
    assert trf.points_text(points) == text


def test_what_does_not_fit_is_refused() -> None:
    with pytest.raises(trf.TrfError, match="four columns"):
        trf.points_text(112.25)
    with pytest.raises(trf.TrfError, match="start number"):
        trf.line_text(trf.Line(10000, "A", None, 0, 1, ()))
    with pytest.raises(trf.TrfError, match="round 1"):
        trf.read_line(HAND_CHECKED[:91] + "0012 x 1", 4)


def expected_cells(tournament: Tournament) -> dict[tuple[int, int], trf.Cell]:
    """(start number, round) -> cell, worked out from the stored matches and byes alone."""
    seed = {entrant.pk: entrant.seed for entrant in tournament.entrants.all()}
    seed_of_player = {entrant.player_id: entrant.seed for entrant in tournament.entrants.all()}
    cells = {}
    for match in tournament.matches.exclude(status=Match.Status.VOID).select_related("round"):
        white, black = match.seats.order_by("index")
        codes = (" ", " ")
        if match.status == Match.Status.FINISHED:
            if white.forfeit_reason or black.forfeit_reason:
                codes = ("-", "+") if white.forfeit_reason else ("+", "-")
            elif white.rank == black.rank:
                codes = ("=", "=")
            else:
                codes = ("1", "0") if white.rank < black.rank else ("0", "1")
        number = match.round.number
        cells[(seed_of_player[white.player_id], number)] = trf.Cell(seed_of_player[black.player_id], "w", codes[0])
        cells[(seed_of_player[black.player_id], number)] = trf.Cell(seed_of_player[white.player_id], "b", codes[1])
    for bye in tournament.byes.select_related("round"):
        cells[(seed[bye.entrant_id], bye.round.number)] = trf.Cell(0, "-", "Z" if bye.kind == Bye.Kind.ABSENT else "U")
    return cells


@pytest.mark.parametrize("finish", [False, True], ids=["running", "finished"])
def test_the_export_reads_back_to_the_stored_event(world: World, finish: bool) -> None:
    tournament = eventful_swiss([world.ana, world.ben, world.cy, world.dora, world.eve], finish=finish)
    report = trf.read_trf(exports.trf_download(tournament).content.decode())
    assert report.name == "Leap night" and report.kind == "Swiss system" and report.planned_rounds == 3
    assert report.start == FIRST_START.date() and report.round_dates[0] == FIRST_START.date()
    assert report.round_dates[2] == date(2026, 3, 21)
    assert (report.end is not None) == finish
    expected = expected_cells(tournament)
    read = {(line.number, number): cell for line in report.lines
            for number, cell in enumerate(line.rounds, start=1) if cell is not None}
    assert read == expected
    codes = {cell.result for cell in read.values()}
    assert {"+", "-", "U", "Z"} <= codes and ("1" in codes or "=" in codes)
    assert (" " in codes) != finish
    withdrawn = tournament.entrants.get(withdrawn=True)
    line = next(line for line in report.lines if line.number == withdrawn.seed)
    assert line.rounds[withdrawn.withdrawn_after_round:] == (None,) * (3 - withdrawn.withdrawn_after_round)
    standings = {row["entrant"]: (row["points"], row["rank"]) for row in compute_standings(tournament)}
    assert {line.name: (line.points, line.rank) for line in report.lines} == standings
    assert len(report.lines) == 5


def test_every_two_seat_format_with_one_game_a_round_is_exported(world: World) -> None:
    for format in ("round_robin", "double_round_robin", "single_elimination"):
        tournament = services.create_tournament(club=world.club, name=f"Cup {format}", game="leap_frog",
                                                format=format, seed=format, players=[world.ana, world.ben, world.cy])
        services.start_and_pair(tournament)
        proposed = trf.read_trf(exports.trf_download(tournament).content.decode())
        assert all(line.rounds == () for line in proposed.lines)  # a proposal is not yet pairings
        services.publish_proposed(tournament)
        report = trf.read_trf(exports.trf_download(tournament).content.decode())
        assert len(report.lines) == 3 and report.kind == exports.TRF_KINDS[format]
        assert sum(cell is not None for line in report.lines for cell in line.rounds) == 3  # a pairing and a bye


@pytest.mark.parametrize("format", ["tables", "double_elimination"])
def test_a_tournament_trf_cannot_hold_is_refused(world: World, format: str) -> None:
    game = "froggit" if format == "tables" else "leap_frog"
    tournament = services.create_tournament(club=world.club, name="Big tables", game=game, format=format,
                                            format_settings={"rounds": 2} if format == "tables" else {}, seed="t")
    with pytest.raises(Conflict, match="TRF16 holds tournaments of two-seat games") as refusal:
        exports.trf_download(tournament)
    assert refusal.value.code == "no_trf"
