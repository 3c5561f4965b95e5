"""What the pages share: the games list, seat counts, and which tournaments one may see."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.base import Game
from games.registry import all_games, get_game
from tournaments import selectors
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
