"""What a tournament's page shows of its progress, standings, crosstable and rounds: the same
for every reader who may see the tournament, so the page renders it and the live events
(``live_events.publish_tournament``) render it once per change for all its viewers."""

from __future__ import annotations

from typing import Any

from tournaments import formats
from tournaments.models import Bye, Match, Round, Seat, Tournament
from tournaments.services import explanations
from tournaments.services.progress import settings_of
from tournaments.services.standings import TIEBREAK_NAMES, compute_standings, crosstable, outcomes


def progress_of(tournament: Tournament, done: int | None = None) -> dict[str, Any]:
    """How far a tournament has come: the matches played of all it will have (counted over the
    whole tournament from its first round where the format knows them, see
    ``refresh_progress``). ``done`` is the count of finished matches a page shows beside it,
    so that the two agree; without it, the stored count."""
    done = tournament.matches_done if done is None else done
    total = max(tournament.matches_total, done)
    if tournament.status == Tournament.Status.FINISHED:
        fraction = 1.0
    elif tournament.status == Tournament.Status.REGISTRATION or not total:
        fraction = 0.0
    else:
        fraction = done / total
    return {"percent": round(fraction * 100), "done": done, "total": total,
            "round": tournament.current_round, "rounds": tournament.total_rounds,
            "running": tournament.status == Tournament.Status.RUNNING}


def half_points(value: float) -> str:
    """``1½``, ``½``, ``2``: points as a crosstable writes them."""
    whole, rest = divmod(round(value * 2), 2)
    if rest:
        return f"{whole}½" if whole else "½"
    return str(whole)


def crosstable_rows(tournament: Tournament, decided: list[formats.Outcome] | None = None) -> dict[str, Any]:
    table = crosstable(tournament, decided)
    entrants = table["entrants"]
    rows = []
    for entrant in entrants:
        line = table["rows"].get(str(entrant["id"]), {})
        cells = []
        for column in entrants:
            if column["id"] == entrant["id"]:
                cells.append({"self": True, "text": ""})
            else:
                scores = line.get(str(column["id"]), [])
                cells.append({"self": False, "text": " ".join(half_points(score) for score in scores)})
        rows.append({"name": entrant["name"], "cells": cells})
    return {"entrants": entrants, "rows": rows}


def tournament_live(tournament: Tournament) -> dict[str, Any]:
    """What the tournament page refreshes while the tournament runs: progress, standings,
    crosstable, rounds."""
    stored = tournament.standings
    decided = outcomes(tournament)  # one read of the results, for the standings and the crosstable
    if tournament.status == Tournament.Status.FINISHED and stored and all("first_seat" in row for row in stored):
        standings = stored  # (standings stored before first-seat counts were kept are recomputed)
    else:
        standings = compute_standings(tournament, decided)
    tiebreaks = list(settings_of(tournament).tiebreaks)
    for row in standings:
        row["tiebreak_values"] = [row["tiebreaks"].get(name) for name in tiebreaks]
    entrants = list(tournament.entrants.select_related("player"))
    names = {entrant.pk: entrant.player.name for entrant in entrants}
    players = {entrant.pk: entrant.player_id for entrant in entrants}
    for row in standings:
        row["player_id"] = players.get(row.get("entrant_id"))
    rounds = []
    played = 0
    every_round = list(tournament.rounds.order_by("number").prefetch_related("byes"))
    # The matches and seats as plain rows (a big tournament's page lists thousands: no model
    # instances, no JSON decoded), each match's seats in seat order.
    seats_of: dict[int, list[tuple[Any, ...]]] = {}
    for match_id, *seat in (Seat.objects.filter(match__round__in=every_round).order_by("match_id", "index")
                            .values_list("match_id", "player__name", "player_id", "rank", "score", "forfeit_reason")):
        seats_of.setdefault(match_id, []).append(seat)
    matches_of: dict[int, list[tuple[Any, ...]]] = {}
    for round_id, *match in (Match.objects.filter(round__in=every_round).exclude(status=Match.Status.VOID)
                             .order_by("bracket", "pairing", "game_number", "pk")
                             .values_list("round_id", "pk", "status", "bracket", "pairing", "game_number")):
        matches_of.setdefault(round_id, []).append(match)
    for round_ in every_round:
        matches = matches_of.get(round_.pk, [])
        played += sum(status == Match.Status.FINISHED for _, status, *_ in matches)
        summaries = [summary_row(pk, status, bracket, pairing, number, seats_of.get(pk, []))
                     for pk, status, bracket, pairing, number in matches]
        every_bye = sorted(round_.byes.all(), key=lambda bye: (bye.bracket, bye.pairing))
        byes = [bye for bye in every_bye if bye.kind == Bye.Kind.BYE]
        rounds.append({"number": round_.number, "status": round_.get_status_display(), "matches": summaries,
                       "byes": [names.get(bye.entrant_id, "?") for bye in byes],
                       "absent": [names.get(bye.entrant_id, "?") for bye in every_bye if bye.kind == Bye.Kind.ABSENT]}
                      | round_reasons(round_, summaries, byes, names))
    return {"tournament": tournament, "progress": progress_of(tournament, done=played), "standings": standings,
            "tiebreaks": [TIEBREAK_NAMES.get(name, name) for name in tiebreaks],
            "crosstable": crosstable_rows(tournament, decided), "rounds": rounds}


def round_reasons(round_: Round, summaries: list[dict[str, Any]], byes: list[Bye],
                  names: dict[int, str]) -> dict[str, Any]:
    """Why a published round is paired so: its summary sentences, each first game's reasons
    (set on its summary) and each bye's. A proposed round's stay with its directors."""
    if round_.status == Round.Status.PROPOSED:
        return {"why_summary": [], "bye_rows": [{"name": names.get(bye.entrant_id, "?"), "why": []} for bye in byes]}
    shown = explanations.with_text(round_.explanation, names)
    reasons = explanations.pairing_reasons(shown)
    for summary in summaries:
        summary["why"] = [] if summary["game_number"] else reasons.get((summary["bracket"], summary["pairing"]), [])
    return {"why_summary": shown["text"] if shown else [],
            "bye_rows": [{"name": names.get(bye.entrant_id, "?"), "why": reasons.get((bye.bracket, bye.pairing), [])}
                         for bye in byes]}


def match_summary(match: Match) -> dict[str, Any]:
    seats = sorted(match.seats.all(), key=lambda seat: seat.index)
    return summary_row(match.pk, match.status, match.bracket, match.pairing, match.game_number,
                       [(seat.player.name, seat.player_id, seat.rank, seat.score, seat.forfeit_reason)
                        for seat in seats])


#: Each match status as ``Match.get_status_display`` shows it.
STATUS_TEXT = dict(Match.Status.choices)


def summary_row(pk: int, status: str, bracket: str, pairing: int, game_number: int,
                seats: list[tuple[Any, ...]]) -> dict[str, Any]:
    """A match as the pages list it; ``seats`` in seat order, each (player's name, player id,
    rank, score, forfeit reason)."""
    return {"id": pk, "status": status, "status_text": STATUS_TEXT.get(status, status),
            "bracket": bracket, "pairing": pairing, "game_number": game_number,
            "seats": [{"name": name, "player_id": player_id, "rank": rank, "score": score, "forfeit": forfeit,
                       "first": rank == 1} for name, player_id, rank, score, forfeit in seats]}
