"""The games the service knows, by slug."""

from __future__ import annotations

import importlib
from functools import cache

from games.base import Game
from games.errors import UnknownGameError

#: slug -> "module:class". Each game lives in its own package under ``games/``.
GAME_CLASSES: dict[str, str] = {
    "measure_and_tempo": "games.measure_and_tempo.game:MeasureAndTempo",
    "leapfrog_race": "games.leapfrog_race.game:LeapfrogRace",
    "froggit": "games.froggit.game:Froggit",
    "leap_frog": "games.leap_frog.game:LeapFrog",
}


def require_game(slug: object) -> str:
    """``slug`` when a game is registered under it; otherwise :class:`UnknownGameError` naming
    the games there are: what every door answers to an unknown game."""
    if not isinstance(slug, str) or slug not in GAME_CLASSES:
        raise UnknownGameError(f"no game {slug!r}; the games are {', '.join(sorted(GAME_CLASSES))}")
    return slug


@cache
def get_game(slug: str) -> Game:
    """The game registered under ``slug``; raises :class:`UnknownGameError` otherwise."""
    if not isinstance(slug, str) or slug not in GAME_CLASSES:
        known = ", ".join(sorted(GAME_CLASSES))
        raise UnknownGameError(f"unknown game {slug!r} (known games: {known})")
    module_name, class_name = GAME_CLASSES[slug].split(":")
    return getattr(importlib.import_module(module_name), class_name)()


def all_games() -> list[Game]:
    """Every registered game, in slug order."""
    return [get_game(slug) for slug in sorted(GAME_CLASSES)]
