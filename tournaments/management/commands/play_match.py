"""``manage.py play_match``: play one match between built-in bots and write its log.

The same seed, bots and options give the same log, byte for byte.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.errors import GameError
from games.logs import dump_log
from games.registry import all_games, get_game
from games.runner import play_bots
from tournaments.management.arguments import json_object


def ordinal(rank: int) -> str:
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


class Command(BaseCommand):
    help = "Play one match between built-in bots (one --bot per seat) and write its log."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", help="the game's slug")
        parser.add_argument("--bot", action="append", default=[], metavar="NAME",
                            help="a built-in bot per seat, in seat order: NAME or NAME:param=INT,...")
        parser.add_argument("--options", default="{}", metavar="JSON", help="game options as a JSON object")
        parser.add_argument("--seed", help="the match seed (default: a fresh random one)")
        parser.add_argument("--out", metavar="FILE", help="write the log here (default: standard output)")
        parser.add_argument("--list-bots", action="store_true", help="print the built-in bots of every game")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["list_bots"]:
            self.list_bots()
            return
        if not opts["game"]:
            raise CommandError("name the game with --game (see --list-bots)", returncode=2)
        try:
            game = get_game(opts["game"])
        except GameError as error:
            raise CommandError(str(error), returncode=2) from None
        if not opts["bot"]:
            raise CommandError("name one --bot per seat (see --list-bots)", returncode=2)
        options = json_object(opts["options"])
        try:
            log = play_bots(game, opts["bot"], options=options, seed=opts["seed"])
        except (GameError, ValueError) as error:
            raise CommandError(str(error), returncode=2) from None
        text = dump_log(log)
        if opts["out"]:
            try:
                with open(opts["out"], "w", encoding="utf-8") as handle:
                    handle.write(text)
            except OSError as error:
                raise CommandError(f"cannot write {opts['out']}: {error.strerror or error}", returncode=2) from None
            result = log["result"]
            standings = ", ".join(f"{name} {ordinal(rank)} ({score})" for name, rank, score
                                  in zip(log["players"], result["ranks"], result["scores"]))
            self.stdout.write(f"{game.slug} seed {log['seed']}: {standings}; "
                              f"{len(log['moves'])} moves -> {opts['out']}")
        else:
            sys.stdout.write(text)

    def list_bots(self) -> None:
        for game in all_games():
            self.stdout.write(f"{game.slug} ({game.title}):")
            for name, bot in game.bots.items():
                params = ", ".join(f"{key}={spec.default} ({spec.minimum}..{spec.maximum})"
                                   for key, spec in bot.params.items())
                self.stdout.write(f"  {name:<10} {bot.summary}" + (f" [{params}]" if params else ""))
