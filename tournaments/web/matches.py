"""A match's page: its seats, result and replay."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games.registry import get_game
from tournaments import replays
from tournaments.selectors import correction_notes, is_director, visible_matches
from tournaments.web.base import hides_information
from tournaments.web.tournaments import match_summary


def match(request: HttpRequest, pk: int) -> HttpResponse:
    """A match with its replay: the position drawn after any move, a move list, buttons and
    the arrow keys (``static/tournaments/replay.js``)."""
    found = (visible_matches(request.user).filter(pk=pk).select_related("log", "tournament", "round", "ladder")
             .first())
    if found is None:
        raise Http404("no such match")
    view = replays.view_of(found, request.user)
    total = replays.move_count(found)
    try:
        start = int(request.GET.get("n", total))
    except ValueError:
        start = total
    start = min(max(start, 0), total)
    seats = list(found.seats.select_related("player").order_by("index"))
    context = {
        "match": found, "game": get_game(found.game), "seats": seats, "view": view, "total": total,
        "start": start, "moves": replays.move_rows(found, view),
        "picture": mark_safe(replays.draw_position(found, start, view)),
        "ended": replays.ended(found), "summary": match_summary(found), "hides": hides_information(found.game),
        "corrections": correction_notes(request.user, found.club, found.corrections.order_by("at")),
        "directs": is_director(request.user, found.club),
    }
    return render(request, "tournaments/site/match.html", context)
