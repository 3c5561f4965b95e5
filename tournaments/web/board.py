"""The play panel of a match on the board: the position for the reader's seat with its tap
targets, the legal actions as buttons, the notation field, undo, who has chosen and the
clocks. Every write calls ``services.play``; the forms post and redirect, and board.js posts
them in the background (``X-Board: 1``) and fetches the panel again (``/matches/<id>/play/``).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from games.registry import get_game
from tournaments import replays
from tournaments.errors import ServiceError
from tournaments.models import LiveGame, Match
from tournaments.selectors import may_act, visible_matches
from tournaments.services import play

#: Above this many legal actions the buttons are folded away (the taps and the field remain).
FOLD_BUTTONS = 12


def board_match(request: HttpRequest, pk: int) -> Match:
    found = visible_matches(request.user).filter(pk=pk).select_related("log", "club").first()
    if found is None:
        raise Http404("no such match")
    return found


def acting_seats(request: HttpRequest, match: Match) -> list[int]:
    """The seats the reader may act for (a player its own, a director every person's)."""
    if not request.user.is_authenticated:
        return []
    return [seat for seat in range(match.seats.count()) if may_act(request.user, match, seat)]


def panel_context(request: HttpRequest, match: Match) -> dict[str, Any] | None:
    """What the panel shows this reader, or None for a match not on the board or a reader who
    may not act in it (a spectator sees the board only)."""
    if not LiveGame.objects.filter(match_id=match.pk).exists():
        return None
    seats = acting_seats(request, match)
    if not seats:
        return None
    viewpoint = replays.view_of(match, request.user)
    view = play.play_view(match, viewpoint, user=request.user)
    legal = {int(seat): actions for seat, actions in view["legal"].items()}
    wanted = request.GET.get("seat", "")
    seat = int(wanted) if wanted.isdigit() and int(wanted) in seats else \
        next((seat for seat in seats if legal.get(seat)), seats[0])
    state = play.live_state(match)
    game = get_game(match.game)
    actions = legal.get(seat, [])
    taps = game.taps(state, seat) if actions else {}
    picture = game.draw(state, viewer=seat, reveal=viewpoint.reveal, targets=True)
    names = {row.index: row.player.name for row in match.seats.select_related("player")}
    turn = sorted(set(view["to_move"]) | set(view["chosen"]))  # a simultaneous turn: who chose and who not
    waiting = [{"seat": number, "name": names[number], "chosen": number in view["chosen"]} for number in turn]
    clocks = view["clocks"]
    return {
        "match": match, "game": game, "seat": seat, "seats": seats, "names": names, "view": view,
        "actions": actions, "fold": len(actions) > FOLD_BUTTONS, "waiting": waiting,
        "simultaneous": len(turn) > 1,
        "picture": mark_safe(picture),
        "taps_json": script_json(taps),
        "clocks": [{"seat": number, "name": names[number], "ms": ms, "running": number in clocks["running"]}
                   for number, ms in enumerate(clocks["remaining_ms"])] if clocks else [],
        "clocks_json": script_json(clocks) if clocks else "",
        "over": match.status in (Match.Status.FINISHED, Match.Status.VOID),
    }


def script_json(value: Any) -> str:
    """JSON for a ``<script type="application/json">`` element (no ``<`` to end it early)."""
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


@require_GET
def panel(request: HttpRequest, pk: int) -> HttpResponse:
    """``/matches/<id>/play/``: the panel alone, for board.js to refresh it."""
    match = board_match(request, pk)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    context = panel_context(request, match)
    if context is None:
        if not LiveGame.objects.filter(match_id=match.pk).exists():
            raise Http404("this match is not played on the board")
        raise PermissionDenied("only the players of this match, and the club's directors, play it on the board")
    return render(request, "tournaments/board/_panel.html", {"p": context})


def answered(request: HttpRequest, match: Match, error: ServiceError | None) -> HttpResponse:
    """board.js gets the refusal as text (204 when done); a form post gets the match page,
    with the refusal said at its top."""
    if request.headers.get("X-Board") == "1":
        if error is None:
            return HttpResponse(status=204)
        return HttpResponse(error.message, status=error.status, content_type="text/plain; charset=utf-8")
    if error is not None:
        messages.error(request, error.message)
    seat = request.POST.get("seat", "")
    return redirect(f"/matches/{match.pk}/" + (f"?seat={seat}" if seat.isdigit() else "") + "#play-panel")


def posted_int(request: HttpRequest, name: str) -> int | None | str:
    value = request.POST.get(name, "").strip()
    if not value:
        return None
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else value


@require_POST
def act(request: HttpRequest, pk: int) -> HttpResponse:
    """A seat's action, tapped, pressed or typed: ``play.act``."""
    match = board_match(request, pk)
    if not request.user.is_authenticated:
        return redirect_to_login(f"/matches/{pk}/")
    action = (request.POST.get("action") or request.POST.get("typed") or "").strip()
    try:
        if not action:
            raise ServiceError("type a move or choose one", fields={"action": ["required"]})
        play.act(match, seat=posted_int(request, "seat"), action=action, user=request.user,
                 index=posted_int(request, "index"))
    except ServiceError as error:
        return answered(request, match, error)
    return answered(request, match, None)


@require_POST
def take_back(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo: ``play.undo``."""
    match = board_match(request, pk)
    if not request.user.is_authenticated:
        return redirect_to_login(f"/matches/{pk}/")
    try:
        play.undo(match, user=request.user, index=posted_int(request, "index"))
    except ServiceError as error:
        return answered(request, match, error)
    return answered(request, match, None)
