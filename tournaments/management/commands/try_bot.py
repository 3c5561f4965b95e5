"""``manage.py try_bot``: play an uploaded bot (a .py file or a .zip) against built-in bots
in the sandbox, as the service would, and show the log, any forfeit and the bot's stderr.

The bot takes seat 0; the other seats are built-in bots (``--against``). The log goes to
standard output; the standings, forfeits and the bot's standard error go to standard error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.bot_process import ProgramAgent
from games.bundle import BundleError
from games.errors import GameError
from games.logs import dump_log
from games.registry import get_game
from games.runner import make_bot, play_match
from games.timing import TimedBot
from games.sandbox import Limits, SandboxUnavailable, require_sandbox
from games.seeding import derive_rng, new_seed
from tournaments.management.arguments import json_object


class Command(BaseCommand):
    help = "Play a bot program (FILE: main.py or a zip) in the sandbox against built-in bots."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE",
                            help="the bot: a Python file, or a zip archive with main.py at its root")
        parser.add_argument("--game", required=True, help="the game's slug")
        parser.add_argument("--against", action="append", default=[], metavar="NAME",
                            help="a built-in bot (NAME or NAME:param=INT,...) for the other seats: once for "
                                 "all of them, or once per seat (default: random)")
        parser.add_argument("--seats", type=int, default=2, metavar="N",
                            help="seats at the table, the bot's included (default 2)")
        parser.add_argument("--options", default="{}", metavar="JSON", help="game options as a JSON object")
        parser.add_argument("--seed", help="the match seed (default: a fresh random one)")
        parser.add_argument("--move-ms", type=int, default=Limits.move_ms, metavar="MS",
                            help=f"time per move (default {Limits.move_ms})")
        parser.add_argument("--total-ms", type=int, default=Limits.total_ms, metavar="MS",
                            help=f"the time bank of the match (default {Limits.total_ms})")

    def handle(self, *args: Any, **opts: Any) -> None:
        path = Path(opts["file"])
        try:
            code = path.read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror or error}", returncode=2) from None
        try:
            game = get_game(opts["game"])
        except GameError as error:
            raise CommandError(str(error), returncode=2) from None
        seats = opts["seats"]
        against = opts["against"] or ["random"]
        if len(against) == 1:
            against = against * max(seats - 1, 0)
        elif len(against) != seats - 1:
            raise CommandError(f"give --against once, or once for each of the {seats - 1} other seats, "
                               f"not {len(against)} times", returncode=2)
        options = json_object(opts["options"])
        try:
            limits = Limits(move_ms=opts["move_ms"], total_ms=opts["total_ms"])
        except ValueError as error:
            raise CommandError(str(error), returncode=2) from None
        seed = opts["seed"] or new_seed()
        try:
            checked = game.parse_options(options, seats)
            game.check_players(checked, seats)
            others = [TimedBot(make_bot(game, spec, seat, checked, seats, derive_rng(seed, "bot", seat)), limits)
                      for seat, spec in enumerate(against, start=1)]
        except (GameError, ValueError) as error:
            raise CommandError(str(error), returncode=2) from None
        try:
            agent = ProgramAgent(code, path.name, limits)
        except BundleError as error:
            raise CommandError(f"cannot use {path} as a bot: {error}", returncode=2) from None
        try:
            require_sandbox()
            with agent:
                log = play_match(game, [agent, *others], players=[path.name[:100], *against], options=options,
                                 seed=seed)
        except SandboxUnavailable as error:
            raise CommandError(str(error)) from None
        self.stdout.write(dump_log(log), ending="")
        self.report(log, agent)

    def report(self, log: dict[str, Any], agent: ProgramAgent) -> None:
        """Standings, forfeits and the bot's standard error, on standard error."""
        result = log["result"]
        standings = ", ".join(f"{name} rank {rank} ({score})" for name, rank, score
                              in zip(log["players"], result["ranks"], result["scores"], strict=True))
        self.stderr.write(f"{log['game']} seed {log['seed']}: {standings}; {len(log['moves'])} moves")
        for forfeit in log.get("forfeits", []):
            self.stderr.write(f"seat {forfeit['seat']} ({log['players'][forfeit['seat']]}) forfeited after "
                              f"{forfeit['after']} moves: {forfeit['reason']}")
        if agent.stderr_text:
            self.stderr.write("the bot's standard error:")
            self.stderr.write(agent.stderr_text, ending="" if agent.stderr_text.endswith("\n") else "\n")
        else:
            self.stderr.write("the bot wrote nothing to standard error")
