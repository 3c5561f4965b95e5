"""Template filters for the games: a slug as people read it."""

from __future__ import annotations

from django import template

from games.errors import GameError
from games.registry import get_game

register = template.Library()


@register.filter
def game_title(slug: str) -> str:
    """``froggit`` → ``Froggit``; an unknown slug stays as it is."""
    try:
        return get_game(slug).title
    except GameError:
        return slug
