"""What the pages share: the games list, seat counts, and which tournaments one may see or direct."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from games.base import Game
from games.registry import all_games, get_game
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.web.games import game_summary


def games_list() -> list[dict[str, Any]]:
    return [{"slug": game.slug, "title": game.title, "players": seats_text(game.min_players, game.max_players),
             "summary": game_summary(game.slug)} for game in all_games()]


def seats_text(low: int, high: int) -> str:
    """``2 players``, ``1–6 players``."""
    return f"{low} players" if low == high else f"{low}–{high} players"


def hides_information(slug: str) -> bool:
    """Whether a live game hides something from spectators (hands of cards) that its own
    seats see: the games whose moves a spectator reads with parts left out."""
    return type(get_game(slug)).public_moves is not Game.public_moves


def visible_tournaments(request: HttpRequest) -> Any:
    return selectors.visible_tournaments(request.user)


def directed_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament, for a director of its club (the console's and the registration desk's
    pages): 404 for those who may not see it, 403 for the others who may."""
    found = visible_tournaments(request).filter(pk=pk).first()
    if found is None:
        raise Http404("no such tournament")
    if not selectors.is_director(request.user, found.club):
        raise PermissionDenied(f"only the directors of {found.club.name} run its tournaments")
    return found


def members_tournament(request: HttpRequest, pk: int, doing: str) -> Tournament:
    """The tournament, for a member of its club acting on their own entry (entering, leaving,
    checking in): 404 for those who may not see it, 403 naming what only members ``doing``."""
    found = visible_tournaments(request).filter(pk=pk).first()
    if found is None:
        raise Http404("no such tournament")
    if selectors.role_in(request.user, found.club) is None:
        raise PermissionDenied(f"only members of {found.club.name} {doing}")
    return found
