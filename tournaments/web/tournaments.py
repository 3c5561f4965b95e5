"""A tournament's page and its live part: progress, standings, crosstable and matches."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.registry import get_game
from tournaments.models import Correction, Tournament
from tournaments.selectors import correction_notes, is_director
from tournaments.services.exports import TRF_KINDS
from tournaments.services.tournament_page import (  # noqa: F401  (match_summary: the other pages import it here)
    match_summary,
    progress_of,
    tournament_live,
)
from tournaments.web.base import visible_tournaments
from tournaments.web.checkins import round_check_in_panel
from tournaments.web.live import stream_url
from tournaments.web.setup import member_panel


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
    context.update(round_check_in_panel(request, found))
    context["directs"] = is_director(request.user, found.club)
    context["trf"] = found.format in TRF_KINDS
    context["live_url"] = stream_url(request, "tournaments", found.pk)
    context["corrections"] = correction_notes(request.user, found.club,
                                              Correction.objects.filter(match__tournament=found).order_by("at"))
    return render(request, "tournaments/site/tournament.html", context)


def tournament_live_part(request: HttpRequest, pk: int) -> HttpResponse:
    """The part of the tournament page that changes while it runs (its live events carry the
    same, rendered once for every viewer: ``live_events.publish_tournament``)."""
    found = visible_tournament(request, pk)
    response = render(request, "tournaments/site/_tournament_live.html", tournament_live(found))
    response["Cache-Control"] = "no-store"
    return response
