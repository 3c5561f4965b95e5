"""What the models share: the choice of game."""

from __future__ import annotations

from games.registry import GAME_CLASSES


def game_choices() -> list[tuple[str, str]]:
    return [(slug, slug) for slug in sorted(GAME_CLASSES)]
