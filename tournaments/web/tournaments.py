"""A tournament's page and its live part: progress, standings, crosstable and matches."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.registry import get_game
from tournaments.models import Correction, Match, Tournament
from tournaments.selectors import correction_notes, is_director
from tournaments.services.tournaments import compute_standings, crosstable, settings_of
from tournaments.web.base import visible_tournaments
from tournaments.web.setup import member_panel


TIEBREAK_NAMES = {"buchholz": "Buchholz", "buchholz_cut1": "Buchholz cut 1",
                  "sonneborn_berger": "Sonneborn-Berger", "head_to_head": "head to head", "wins": "wins",
                  "game_score": "game score"}


#: Polling while a tournament runs: bots play fast, people slowly.
POLL_SECONDS = {True: 2, False: 30}


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
            "running": tournament.status == Tournament.Status.RUNNING,
            "poll": POLL_SECONDS[tournament.bots]}


def half_points(value: float) -> str:
    """``1½``, ``½``, ``2``: points as a crosstable writes them."""
    whole, rest = divmod(round(value * 2), 2)
    if rest:
        return f"{whole}½" if whole else "½"
    return str(whole)


def crosstable_rows(tournament: Tournament) -> dict[str, Any]:
    table = crosstable(tournament)
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
    if tournament.status == Tournament.Status.FINISHED and tournament.standings:
        standings = tournament.standings
    else:
        standings = compute_standings(tournament)
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
    for round_ in tournament.rounds.order_by("number").prefetch_related("matches__seats__player", "byes"):
        matches = [match for match in round_.matches.all() if match.status != Match.Status.VOID]
        matches.sort(key=lambda match: (match.bracket, match.pairing, match.game_number))
        played += sum(match.status == Match.Status.FINISHED for match in matches)
        rounds.append({"number": round_.number, "status": round_.get_status_display(),
                       "matches": [match_summary(match) for match in matches],
                       "byes": [names.get(bye.entrant_id, "?") for bye in round_.byes.all()]})
    return {"tournament": tournament, "progress": progress_of(tournament, done=played), "standings": standings,
            "tiebreaks": [TIEBREAK_NAMES.get(name, name) for name in tiebreaks],
            "crosstable": crosstable_rows(tournament), "rounds": rounds}


def match_summary(match: Match) -> dict[str, Any]:
    seats = sorted(match.seats.all(), key=lambda seat: seat.index)
    return {"id": match.pk, "status": match.status, "status_text": match.get_status_display(),
            "bracket": match.bracket, "pairing": match.pairing, "game_number": match.game_number,
            "seats": [{"name": seat.player.name, "player_id": seat.player_id, "rank": seat.rank,
                       "score": seat.score, "forfeit": seat.forfeit_reason, "first": seat.rank == 1}
                      for seat in seats]}


def visible_tournament(request: HttpRequest, pk: int) -> Tournament:
    found = visible_tournaments(request).filter(pk=pk).first()
    if found is None:
        raise Http404("no such tournament")
    return found


def tournament(request: HttpRequest, pk: int) -> HttpResponse:
    found = visible_tournament(request, pk)
    context = tournament_live(found)
    context["entrant_count"] = found.entrants.count()
    context["game_title"] = get_game(found.game).title
    context.update(member_panel(request, found))
    context["directs"] = is_director(request.user, found.club)
    context["corrections"] = correction_notes(request.user, found.club,
                                              Correction.objects.filter(match__tournament=found).order_by("at"))
    return render(request, "tournaments/site/tournament.html", context)


def tournament_live_part(request: HttpRequest, pk: int) -> HttpResponse:
    """The part of the tournament page that htmx polls while it runs."""
    found = visible_tournament(request, pk)
    response = render(request, "tournaments/site/_tournament_live.html", tournament_live(found))
    response["Cache-Control"] = "no-store"
    return response
