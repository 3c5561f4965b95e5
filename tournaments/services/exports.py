"""What a tournament's and a player's downloads hold: the stored event as its page shows it,
written as TRF16, CSV or iCalendar by ``tournaments.exports`` (``docs/exports.md``).

Reads only. Results come from finished matches alone (as the standings do), so a running
event's exports show what its page shows: pairings, and the results decided so far.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from urllib.parse import urlsplit

from django.db.models import Min
from django.utils import timezone
from django.utils.text import slugify

from games.registry import get_game
from tournaments import formats
from tournaments.errors import Conflict
from tournaments.exports import calendar, tables, trf
from tournaments.formats.ledger import Ledger
from tournaments.formats.results import DRAW, LOSS, WIN, decide
from tournaments.models import Match, Player, Round, Seat, Tournament
from tournaments.selectors import User, ratings_for, visible_tournaments
from tournaments.services.progress import settings_of
from tournaments.services.registration import entrant_order
from tournaments.services.standings import (
    TIEBREAK_NAMES,
    compute_standings,
    crosstable,
    outcomes,
)

#: The formats TRF16 holds (every entrant in at most one game a round), with their ``092`` type.
TRF_KINDS = {
    Tournament.Format.SWISS: "Swiss system",
    Tournament.Format.ROUND_ROBIN: "Round robin",
    Tournament.Format.DOUBLE_ROUND_ROBIN: "Double round robin",
    Tournament.Format.SINGLE_ELIMINATION: "Single elimination",
}

TRF_TYPE = "text/plain; charset=utf-8"
CSV_TYPE = "text/csv; charset=utf-8"
ICS_TYPE = "text/calendar; charset=utf-8"


@dataclass(frozen=True)
class Download:
    """A file to send: its content, media type and the name it is saved under."""

    content: bytes
    content_type: str
    filename: str


def file_name(title: str, pk: int, suffix: str) -> str:
    """``leap-night-12-standings.csv``: ASCII, no quotes or path characters."""
    return f"{slugify(title)[:60] or 'tournament'}-{pk}{suffix}"


def shown_standings(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings as the tournament page shows them (the stored ones once it is over)."""
    if tournament.status == Tournament.Status.FINISHED and tournament.standings:
        return tournament.standings
    return compute_standings(tournament)


def local_date(value: datetime | None) -> date | None:
    return timezone.localtime(value).date() if value is not None else None


# -- TRF16 -----------------------------------------------------------------------------------

def check_trf(tournament: Tournament) -> None:
    if tournament.format not in TRF_KINDS:
        kinds = ", ".join(str(Tournament.Format(kind).label) for kind in TRF_KINDS)
        raise Conflict(f"TRF16 holds tournaments of two-seat games, one game per entrant a round ({kinds}); "
                       f"{tournament.name} is {tournament.get_format_display()}", code="no_trf")


def trf_rating(player: Player, played: Any) -> int | None:
    """The player's seeding rating, else its played rating in the game; none past four digits."""
    value = player.seed_rating if player.seed_rating is not None else (played.rating if played.games else None)
    return round(value) if value is not None and 0 <= round(value) <= 9999 else None


def pairing_codes(settings: formats.Settings, pairing: Any) -> tuple[str, str]:
    """The two seats' result codes of a pairing: ``+``/``-`` where a seat forfeited a game or
    withdrew before the pairing was played out, else ``1``/``=``/``0``; blank while undecided."""
    if pairing is None or not pairing.decided:
        return trf.PENDING, trf.PENDING
    forfeited = any(any(game.forfeited) for game in pairing.games) or not decide(settings, pairing.games).decided
    played = {WIN: trf.WIN, DRAW: trf.DRAW, LOSS: trf.LOSS}
    given = {WIN: trf.FORFEIT_WIN, DRAW: trf.DRAW, LOSS: trf.FORFEIT_LOSS}
    codes = given if forfeited else played
    return codes[pairing.results[0]], codes[pairing.results[1]]


def trf_report(tournament: Tournament) -> trf.Report:
    """The tournament as TRF16 holds it: published rounds only (a proposal is not yet pairings)."""
    check_trf(tournament)
    settings = settings_of(tournament)
    entrants = entrant_order(tournament)
    number = {entrant.pk: entrant.seed for entrant in entrants}
    rounds = list(tournament.rounds.exclude(status=Round.Status.PROPOSED).order_by("number"))
    shown = {round_.pk: round_.number for round_ in rounds}
    ledger = Ledger(settings, [entrant.pk for entrant in entrants], outcomes(tournament),
                    [entrant.pk for entrant in entrants if entrant.withdrawn])
    decided = {(pairing.round, pairing.bracket, pairing.index): pairing for pairing in ledger.pairings}
    entrant_of = {entrant.player_id: entrant.pk for entrant in entrants}
    # Each pairing's first game (seat 0 plays white): the pairing's colours in TRF16.
    first_games: dict[tuple[int, str, int], list[int]] = {}
    seats = (Seat.objects.filter(match__round_id__in=shown).exclude(match__status=Match.Status.VOID)
             .order_by("match__round__number", "match__bracket", "match__pairing", "match__game_number", "match_id",
                       "index")
             .values_list("match__round__number", "match__bracket", "match__pairing", "match_id", "player_id"))
    first_match: dict[tuple[int, str, int], int] = {}
    for round_number, bracket, pairing, match_id, player_id in seats:
        key = (round_number, bracket, pairing)
        if first_match.setdefault(key, match_id) == match_id:
            first_games.setdefault(key, []).append(entrant_of[player_id])
    cells: dict[tuple[int, int], trf.Cell] = {}
    for key, (white, black) in first_games.items():
        code_white, code_black = pairing_codes(settings, decided.get(key))
        cells[(white, key[0])] = trf.Cell(number[black], "w", code_white)
        cells[(black, key[0])] = trf.Cell(number[white], "b", code_black)
    bye_code = trf.HALF_BYE if settings.bye == settings.draw != settings.win else trf.PAIRING_BYE
    for bye in tournament.byes.filter(round_id__in=shown).select_related("round"):
        code = trf.ZERO_BYE if bye.kind == bye.Kind.ABSENT else bye_code
        cells[(bye.entrant_id, bye.round.number)] = trf.Cell(0, "-", code)
    count = max((round_.number for round_ in rounds), default=0)
    standing = {row["entrant_id"]: row for row in shown_standings(tournament)}
    played = ratings_for(tournament.game, [entrant.player_id for entrant in entrants])
    lines = tuple(trf.Line(number=entrant.seed, name=entrant.player.name,
                           rating=trf_rating(entrant.player, played[entrant.player_id]),
                           points=standing[entrant.pk]["points"], rank=standing[entrant.pk]["rank"],
                           rounds=tuple(cells.get((entrant.pk, round_number)) for round_number in range(1, count + 1)))
                  for entrant in entrants)
    return trf.Report(name=tournament.name, kind=TRF_KINDS[tournament.format], **event_dates(tournament, rounds),
                      planned_rounds=tournament.total_rounds or count, lines=lines)


def event_dates(tournament: Tournament, rounds: list[Round]) -> dict[str, Any]:
    """The first and last day (the last once it is over) and each round's day: when it starts,
    else when its first game was played."""
    finished = Match.objects.filter(status=Match.Status.FINISHED, played_at__isnull=False)
    played = dict(finished.filter(round__in=rounds).order_by().values("round_id").annotate(first=Min("played_at"))
                  .values_list("round_id", "first"))
    days = tuple(local_date(round_.starts_at or played.get(round_.pk)) for round_ in rounds)
    known = [day for day in days if day is not None]
    last = finished.filter(tournament=tournament).order_by("-played_at").values_list("played_at", flat=True).first()
    end = local_date(last or tournament.updated_at) if tournament.status == Tournament.Status.FINISHED else None
    return {"start": min(known, default=None) or local_date(tournament.created_at), "end": end,
            "round_dates": days}


def trf_download(tournament: Tournament) -> Download:
    try:
        text = trf.write_trf(trf_report(tournament))
    except trf.TrfError as error:
        raise Conflict(f"{tournament.name} does not fit TRF16: {error}", code="no_trf") from None
    return Download(text.encode(), TRF_TYPE, file_name(tournament.name, tournament.pk, ".trf"))


# -- CSV -------------------------------------------------------------------------------------

STANDINGS_COLUMNS = ("rank", "entrant", "points")
#: The counts' columns, named apart from the ``wins`` tie-break: (column, standings field).
STANDINGS_COUNTS = (("played", "played"), ("won", "wins"), ("drawn", "draws"), ("lost", "losses"),
                    ("byes", "byes"), ("withdrawn", "withdrawn"))


def standings_download(tournament: Tournament) -> Download:
    """The standings page's columns: rank, entrant, points, each tie-break, the counts."""
    tiebreaks = list(settings_of(tournament).tiebreaks)
    header = [*STANDINGS_COLUMNS, *(TIEBREAK_NAMES.get(name, name) for name in tiebreaks),
              *(column for column, _ in STANDINGS_COUNTS)]
    rows = ([row["rank"], row["entrant"], row["points"], *(row["tiebreaks"].get(name) for name in tiebreaks),
             *(row[field] for _, field in STANDINGS_COUNTS)] for row in shown_standings(tournament))
    return Download(tables.csv_text(header, rows).encode(), CSV_TYPE,
                    file_name(tournament.name, tournament.pk, "-standings.csv"))


def crosstable_download(tournament: Tournament) -> Download:
    """One row per entrant in seeding order: what it scored against each column's entrant, one
    figure per meeting, separated by spaces; empty where they have not met or on the diagonal."""
    table = crosstable(tournament)
    entrants = table["entrants"]
    header = ["#", "entrant", *(str(position) for position in range(1, len(entrants) + 1))]
    rows = []
    for position, entrant in enumerate(entrants, start=1):
        line = table["rows"].get(str(entrant["id"]), {})
        rows.append([position, entrant["name"],
                     *(tables.Figures(() if other["id"] == entrant["id"] else line.get(str(other["id"]), []))
                       for other in entrants)])
    return Download(tables.csv_text(header, rows).encode(), CSV_TYPE,
                    file_name(tournament.name, tournament.pk, "-crosstable.csv"))


# -- iCalendar -------------------------------------------------------------------------------

def host_of(site: str) -> str:
    return urlsplit(site).hostname or "localhost"


def rounds_download(tournament: Tournament, site: str) -> Download:
    """An event per round that has a start time (rounds without one are left out), until its
    deadline where one is set."""
    title = get_game(tournament.game).title
    total = tournament.total_rounds
    events = [calendar.Event(
        uid=f"tournament-{tournament.pk}-round-{round_.number}@{host_of(site)}", start=round_.starts_at,
        end=round_.deadline, summary=f"{tournament.name}: round {round_.number}",
        url=f"{site}/tournaments/{tournament.pk}/",
        description=f"{title} at {tournament.club.name}, round {round_.number}{f' of {total}' if total else ''}.")
        for round_ in tournament.rounds.filter(starts_at__isnull=False).order_by("number")]
    return Download(calendar.calendar_bytes(tournament.name, events, stamp=timezone.now()), ICS_TYPE,
                    file_name(tournament.name, tournament.pk, "-rounds.ics"))


def scheduled_matches(player: Player, user: User) -> Iterable[Match]:
    """The player's matches still to play in rounds with a start time, of the tournaments
    ``user`` may see (whose pages list the pairings)."""
    return (Match.objects.filter(seats__player=player, status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS],
                                 tournament__in=visible_tournaments(user), round__starts_at__isnull=False)
            .select_related("tournament", "round").prefetch_related("seats__player")
            .order_by("round__starts_at", "pk"))


def player_matches_download(player: Player, user: User, site: str) -> Download:
    """An event per scheduled match of the player (:func:`scheduled_matches`)."""
    events = []
    for match in scheduled_matches(player, user):
        names = " v ".join(seat.player.name for seat in sorted(match.seats.all(), key=lambda seat: seat.index))
        events.append(calendar.Event(
            uid=f"match-{match.pk}@{host_of(site)}", start=match.round.starts_at, end=match.round.deadline,
            summary=f"{match.tournament.name}, round {match.round.number}: {names}",
            url=f"{site}/tournaments/{match.tournament_id}/",
            description=f"{get_game(match.game).title}, match #{match.pk}, game {match.game_number + 1}."))
    return Download(calendar.calendar_bytes(f"{player.name}: matches", events, stamp=timezone.now()), ICS_TYPE,
                    f"{slugify(player.name)[:60] or 'player'}-{player.pk}-matches.ics")
