"""Reading an uploaded bot's turn report: for the bot's owner and staff alone, at every door
(the match page, its JSON-lines download, the API). ``docs/bots.md`` explains the report.

Who sees a report is decided here once, as the bot entry page decides who sees standard
error (:func:`tournaments.selectors.owns_bot`): the match must be one the reader may see
(else 404), and the seat's bot one the reader owns (else 403).
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.utils.http import content_disposition_header

from tournaments import replays
from tournaments.errors import Forbidden, InvalidInput, Missing
from tournaments.models import BotEntry, Match, Seat, SeatOutput
from tournaments.selectors import User, owns_bot


def seat_number(raw: Any) -> int:
    """The ``seat`` asked for: a seat index written in digits."""
    if raw is None or raw == "":
        raise InvalidInput("name the seat whose turn report you want: ?seat=N (0 is the first seat)",
                           fields={"seat": ["required"]})
    text = str(raw)
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise InvalidInput(f"the seat must be a seat index like 0 or 1, not {text[:20]!r}",
                           fields={"seat": ["a seat index"]})
    return int(text)


def entry_of(seat: Seat) -> BotEntry | None:
    try:
        return seat.player.bot_entry
    except BotEntry.DoesNotExist:
        return None


def owned_seats(user: User, match: Match) -> list[Seat]:
    """The seats of ``match`` played by bots ``user`` owns (all bot seats for staff)."""
    seats = match.seats.select_related("player__bot_entry", "bot_version").order_by("index")
    return [seat for seat in seats if (entry := entry_of(seat)) is not None and owns_bot(user, entry)]


def owned_seat(user: User, match: Match, raw_index: Any) -> Seat:
    """Seat ``raw_index`` of a match the reader may see: 400 for a bad index, 404 for none
    such, 403 unless the reader owns the seat's bot (or is staff)."""
    index = seat_number(raw_index)
    seat = match.seats.select_related("player__bot_entry", "bot_version").filter(index=index).first()
    if seat is None:
        raise Missing(f"match #{match.pk} has no seat {index}")
    entry = entry_of(seat)
    if entry is None or not owns_bot(user, entry):
        raise Forbidden(f"only the owner of seat {index}'s bot (and staff) may read its turn report")
    return seat


def output_of(seat: Seat) -> SeatOutput | None:
    return SeatOutput.objects.filter(seat=seat).first()


def turn_rows(match: Match, seat: Seat, user: User, output: SeatOutput | None = None) -> list[dict[str, Any]]:
    """One object per turn the seat played: ``turn``, ``move`` (as the log has it), ``ms``,
    ``stderr`` (and ``cut``, the bytes not kept)."""
    output = output if output is not None else output_of(seat)
    if output is None:
        return []
    moves = replays.shown_moves(match, replays.view_of(match, user))
    rows = []
    for turn in output.turns:
        index = turn.get("turn")
        move = moves[index] if isinstance(index, int) and 0 <= index < len(moves) else None
        rows.append({"turn": index, "move": move, **{key: turn[key] for key in ("ms", "stderr", "cut") if key in turn}})
    return rows


def report(match: Match, seat: Seat, user: User) -> dict[str, Any]:
    """A seat's whole report: who played it, its turns and its forfeit (``{}`` if none)."""
    output = output_of(seat)
    return {"match": match.pk, "seat": seat.index, "player": seat.player.name,
            "version": seat.bot_version.number if seat.bot_version else None,
            "turns": turn_rows(match, seat, user, output), "forfeit": output.forfeit if output else {}}


def json_lines(rows: list[dict[str, Any]]) -> str:
    """The turns as JSON lines: one object per line, each line ending in a newline."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def download(match: Match, seat: Seat, rows: list[dict[str, Any]]) -> HttpResponse:
    """A turn report as a JSON-lines file to save (the page's and the API's download)."""
    response = HttpResponse(json_lines(rows), content_type="application/jsonl; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, f"match-{match.pk}-seat-{seat.index}-turns.jsonl")
    response["Cache-Control"] = "private, no-store"
    return response


def page_reports(match: Match, user: User) -> list[dict[str, Any]]:
    """The reports the match page shows: one per seat whose bot the reader owns, if it kept one."""
    if not user.is_authenticated:
        return []
    reports = []
    for seat in owned_seats(user, match):
        found = report(match, seat, user)
        if found["turns"] or found["forfeit"]:
            reports.append(found)
    return reports
