"""``manage.py recompute_ratings [--game G]``: rebuild ratings from the rated matches alone.

Ratings are derived data; this replays every rated match of the game (of every game without
``--game``) in (played time, id) order and prints what it rated.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.errors import UnknownGameError
from games.registry import GAME_CLASSES, require_game
from tournaments.services.ratings import recompute_ratings


class Command(BaseCommand):
    help = "Recompute the ratings of one game (or of all) from scratch."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", help=f"one of {', '.join(sorted(GAME_CLASSES))} (default: all)")

    def handle(self, *args: Any, **opts: Any) -> None:
        game = opts["game"]
        if game is not None:
            try:
                require_game(game)
            except UnknownGameError as error:
                raise CommandError(str(error), returncode=2) from None
        for slug in [game] if game else sorted(GAME_CLASSES):
            applied = recompute_ratings(slug)
            self.stdout.write(f"{slug}: {applied.matches} rated matches, {applied.seats} seats "
                              f"in {applied.seconds:.2f} s")
