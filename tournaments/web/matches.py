"""A match's page: its seats, result and replay, and for a bot's owner its turn report; and
two matches' replays compared side by side."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games.registry import get_game
from tournaments import comparisons, replays, turn_reports
from tournaments.errors import ServiceError
from tournaments.models import Match
from tournaments.selectors import correction_notes, is_director, visible_matches
from tournaments.web.base import hides_information
from tournaments.web.challenges import rerun_form
from tournaments.web.board import panel_context
from tournaments.web.live import stream_url
from tournaments.web.tournaments import match_summary


def match(request: HttpRequest, pk: int) -> HttpResponse:
    """A match with its replay: the position drawn after any move, a move list, buttons and
    the arrow keys (``static/tournaments/replay.js``)."""
    found = (visible_matches(request.user).filter(pk=pk).select_related("log", "tournament", "round", "ladder", "challenge")
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
        "turn_reports": turn_reports.page_reports(found, request.user),
        "rerun_form": rerun_form(request, found),
        "challenge": found.challenge if found.challenge_id and found.challenge.owner_id == request.user.pk else None,
        "panel": panel_context(request, found),
        "live_url": stream_url(request, "matches", found.pk),
    }
    return render(request, "tournaments/site/match.html", context)


def readable(request: HttpRequest, pk: int) -> Match:
    """A match the reader may see, with its log, club and seats' players; 404 otherwise."""
    found = (visible_matches(request.user).filter(pk=pk).select_related("log", "club")
             .prefetch_related("seats__player").first())
    if found is None:
        raise Http404(f"no such match: #{pk}")
    return found


def match_compare(request: HttpRequest, a: int, b: int) -> HttpResponse:
    """``/matches/<a>/compare/<b>/``: both replays side by side (stacked on a phone) stepping
    together under one set of controls, the move lists aligned and the first difference
    marked (``static/tournaments/compare.js``). Each side shows what its reader may see."""
    left, right = readable(request, a), readable(request, b)
    comparison = comparisons.compare(left, right, request.user)
    total = max(comparison.a.total, comparison.b.total)
    try:
        start = int(request.GET.get("n", 0))
    except ValueError:
        start = 0
    start = min(max(start, 0), total)
    difference = comparison.difference
    boards = [{"name": name, "side": side, "match": side.match, "game": get_game(side.match.game),
               "seats": list(side.match.seats.all()),
               "picture": mark_safe(replays.draw_position(side.match, min(start, side.total), side.view)),
               "ended": replays.ended(side.match), "shown": min(start, side.total)}
              for name, side in (("A", comparison.a), ("B", comparison.b))]
    context = {"comparison": comparison, "boards": boards, "rows": comparison.aligned(), "total": total,
               "start": start, "difference": difference,
               "jump": min(difference.index + 1, total) if difference is not None else None}
    return render(request, "tournaments/site/match_compare.html", context)


def match_turns(request: HttpRequest, pk: int) -> HttpResponse:
    """``/matches/<id>/turns.jsonl?seat=N``: a bot seat's turns as JSON lines, for the bot's
    owner and staff; 404 for a match one may not see, 403 for a seat not one's own."""
    found = visible_matches(request.user).filter(pk=pk).select_related("log").first()
    if found is None:
        raise Http404("no such match")
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    try:
        seat = turn_reports.owned_seat(request.user, found, request.GET.get("seat"))
    except ServiceError as error:
        return HttpResponse(error.message, status=error.status, content_type="text/plain; charset=utf-8")
    return turn_reports.download(found, seat, turn_reports.turn_rows(found, seat, request.user))
