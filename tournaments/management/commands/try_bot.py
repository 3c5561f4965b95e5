"""``manage.py try_bot``: play an uploaded bot (a .py file or a .zip) against built-in bots
in the sandbox, as the service would, and show the log, any forfeit and the bot's stderr.

The bot takes seat 0; the other seats are built-in bots (``--against``). The log goes to
standard output; the standings, forfeits and the bot's standard error go to standard error.

``--rerun MATCH_ID`` replays a stored match instead: its log is fetched from the service
(``--url`` and an API token) or read from an exported file (``--log``), the bot takes
``--seat``, the other seats play back their logged decisions, and the report says at which
move the new game first differs from the stored one (``games.rerun``).
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.bot_process import ProgramAgent
from games.bundle import BundleError
from games.errors import GameError
from games.logs import LogError, dump_log, replay
from games.rerun import Follower, NotReproducible, first_difference, seat_actions
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
        parser.add_argument("--game", help="the game's slug (required unless --rerun)")
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
        parser.add_argument("--rerun", type=int, metavar="MATCH_ID",
                            help="replay this stored match with the bot in --seat, the same seed and options, and "
                                 "print the first move where it differs")
        parser.add_argument("--seat", type=int, metavar="N", help="with --rerun: the seat the bot takes")
        parser.add_argument("--log", metavar="FILE", help="with --rerun: the match's exported log (the API's "
                                                          "/api/matches/ID/log/), instead of fetching it")
        parser.add_argument("--url", metavar="URL", help="with --rerun: the service, like https://club.example.org")
        parser.add_argument("--token", metavar="TOKEN",
                            help="with --url: an API token (default: the LEAPFROG_TOKEN environment variable)")

    def handle(self, *args: Any, **opts: Any) -> None:
        path = Path(opts["file"])
        try:
            code = path.read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror or error}", returncode=2) from None
        if opts["rerun"] is not None:
            self.rerun(path, code, opts)
            return
        if not opts["game"]:
            raise CommandError("give the game with --game (or a match to replay with --rerun)", returncode=2)
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

    # -- --rerun ------------------------------------------------------------------------------------

    def fetch_log(self, opts: dict[str, Any]) -> dict[str, Any]:
        """The match's log: from ``--log`` or from the service at ``--url`` with a token."""
        if opts["log"]:
            try:
                return json.loads(Path(opts["log"]).read_text(encoding="utf-8"))
            except OSError as error:
                raise CommandError(f"cannot read {opts['log']}: {error.strerror or error}", returncode=2) from None
            except ValueError as error:
                raise CommandError(f"{opts['log']} is not a JSON log: {error}", returncode=2) from None
        if not opts["url"]:
            raise CommandError("with --rerun, give the log with --log FILE, or the service with --url URL",
                               returncode=2)
        token = opts["token"] or os.environ.get("LEAPFROG_TOKEN", "")
        address = f"{opts['url'].rstrip('/')}/api/matches/{opts['rerun']}/log/"
        request = urllib.request.Request(address, headers={"Accept": "application/json",
                                                           **({"Authorization": f"Token {token}"} if token else {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310 (the user's own service)
                return json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            raise CommandError(f"{address} answered {error.code}: {error.read()[:300].decode('utf-8', 'replace')}",
                               returncode=2) from None
        except (urllib.error.URLError, OSError, ValueError) as error:
            raise CommandError(f"cannot fetch {address}: {error}", returncode=2) from None

    def rerun(self, path: Path, code: bytes, opts: dict[str, Any]) -> None:
        """Replay the stored match with the bot in its seat and report the first difference."""
        log = self.fetch_log(opts)
        try:
            outcome = replay(log)
        except LogError as error:
            raise CommandError(f"the log of match {opts['rerun']} does not verify: {error}", returncode=2) from None
        if not log.get("seed"):
            raise CommandError(f"match {opts['rerun']} has no seed in its log (not played by the service, or not "
                               "finished yet): it cannot be replayed", returncode=2)
        game, players = outcome.game, list(log["players"])
        seat = opts["seat"]
        if seat is None or not 0 <= seat < len(players):
            seats = ", ".join(f"{index} ({name})" for index, name in enumerate(players))
            raise CommandError(f"name the bot's seat with --seat N: {seats}", returncode=2)
        try:
            actions = seat_actions(game, log)
            limits = Limits(move_ms=opts["move_ms"], total_ms=opts["total_ms"])
            agent = ProgramAgent(code, path.name, limits)
        except NotReproducible as error:
            raise CommandError(f"match {opts['rerun']} cannot be replayed here: {error}") from None
        except (BundleError, ValueError) as error:
            raise CommandError(f"cannot use {path} as a bot: {error}", returncode=2) from None
        followers = {index: Follower(actions[index]) for index in range(len(players)) if index != seat}
        agents = [agent if index == seat else followers[index] for index in range(len(players))]
        try:
            require_sandbox()
            with agent:
                new = play_match(game, agents, players=players, options=log.get("options") or {}, seed=log["seed"],
                                 setup=log.get("setup") or None)
        except SandboxUnavailable as error:
            raise CommandError(str(error)) from None
        self.stdout.write(dump_log(new), ending="")
        old_moves, new_moves = list(log["moves"]), list(new["moves"])
        where = first_difference(old_moves, new_moves)
        self.stderr.write(f"match {opts['rerun']} ({game.slug}, seed {log['seed']}): {path.name} in seat {seat} "
                          f"(was {players[seat]}); the other seats play back their logged decisions")
        if where is None:
            self.stderr.write(f"no difference: every one of the {len(old_moves)} moves is the same as in the match")
        else:
            before = old_moves[where] if where < len(old_moves) else "(the match had ended)"
            after = new_moves[where] if where < len(new_moves) else "(this game had ended)"
            self.stderr.write(f"first difference at move {where} (counting from 0): the match has {before!r}, "
                              f"this game {after!r}")
            if any(follower.lost_at is not None for follower in followers.values()):
                self.stderr.write("after it the other seats left their logged decisions and played their first "
                                  "legal move: the rest of the game says nothing about the opponents")
        self.report(new, agent)
