"""``manage.py run_tournament``: a bot tournament between built-in bots and uploaded programs
(run in the sandbox), with a progress bar.

In-process without a broker; with ``CELERY_BROKER_URL`` set, on the workers (the command
dispatches the tournament and follows its progress). The same seed gives the same standings.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from games.errors import GameError
from games.registry import get_game
from games.runner import bot_class, parse_bot_spec
from tournaments.management.arguments import json_object
from tournaments.errors import ServiceError
from tournaments.models import Club, Seat, Tournament
from tournaments.services import clubs
from tournaments.services import tournaments as services
from tournaments.services.bots import builtin_player, program_player

#: ``--program NAME=FILE`` names the entrant; a bare FILE is named after the file.
PROGRAM_NAME = re.compile(r"^[A-Za-z][\w-]{0,40}=")


def command_line_club(game: Any) -> Club:
    """The private club that holds command-line tournaments of one game (bot entries are per
    game), kept off the public pages unless ``--club`` names another."""
    slug = f"command-line-{game.slug}".replace("_", "-")
    return Club.objects.filter(slug=slug).first() or clubs.create_club(
        name=f"{game.title} command-line tournaments", slug=slug, public=False)


def named_club(slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise CommandError(f"no club with the slug {slug!r} (create it in the admin site or the API)", returncode=2)
    return club


class Command(BaseCommand):
    help = "Run a tournament between built-in bots (and bot programs) and print its standings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True)
        parser.add_argument("--format", required=True, choices=Tournament.Format.values)
        parser.add_argument("--bot", action="append", default=[], metavar="NAME[:key=value,...]",
                            help="an entrant per --bot, named NAME#k (k counts the --bot arguments from 1)")
        parser.add_argument("--program", action="append", default=[], metavar="[NAME=]FILE",
                            help="an entrant that is a bot program (a Python file or a zip with main.py), "
                                 "played in the sandbox; named after the file")
        parser.add_argument("--options", default="{}", metavar="JSON")
        parser.add_argument("--rounds", type=int, help="rounds (swiss and tables)")
        parser.add_argument("--table-size", type=int, help="seats per table (tables)")
        parser.add_argument("--best-of", type=int, help="games per pairing (two-seat formats)")
        parser.add_argument("--tiebreaks", help="comma-separated, e.g. buchholz,sonneborn_berger,wins")
        parser.add_argument("--seed", help="the tournament seed (default: a fresh one)")
        parser.add_argument("--club", metavar="SLUG",
                            help="the club that holds it (default: a private club of command-line tournaments)")
        parser.add_argument("--reuse", action="store_true",
                            help="with --seed: the club's tournament of this game, format and seed when there "
                                 "is one (finished, or finished now if it was cut short) rather than another")
        parser.add_argument("--rated", action="store_true",
                            help="rate its matches (a bot-arena tournament is unrated unless told)")
        parser.add_argument("--json", action="store_true", help="print only the standings as JSON")
        parser.add_argument("--timeout", type=float, default=3600, help="seconds to wait for the workers")

    def handle(self, *args: Any, **opts: Any) -> None:
        tournament = self.create(opts)
        bar = tqdm(total=tournament.matches_total, unit="match", desc=f"{tournament.game} {tournament.format}", file=sys.stderr,
                   disable=None, dynamic_ncols=True)
        try:
            if settings.CELERY_TASK_ALWAYS_EAGER:
                self.run_here(tournament, bar)
            else:
                self.run_on_workers(tournament, bar, opts["timeout"])
        finally:
            bar.close()
        tournament.refresh_from_db()
        standings = services.compute_standings(tournament)
        if not opts["json"]:
            for line in forfeit_lines(tournament):
                self.stdout.write(line)
        if opts["json"]:
            summary = {"id": tournament.pk, "game": tournament.game, "format": tournament.format,
                       "seed": tournament.seed, "rounds": tournament.current_round,
                       "matches": tournament.matches_done, "status": tournament.status}
            rows = [{key: row[key] for key in ("rank", "entrant", "points", "tiebreaks", "played", "wins",
                                               "draws", "losses", "byes")} for row in standings]
            self.stdout.write(json.dumps({"tournament": summary, "standings": rows}, ensure_ascii=False))
            return
        self.stdout.write(f"{tournament.name}: {tournament.matches_done} matches in {tournament.current_round} "
                          f"rounds, seed {tournament.seed}")
        names = list(standings[0]["tiebreaks"]) if standings else []
        self.stdout.write(f"{'rank':>4}  {'entrant':<24} {'points':>6}  " + "  ".join(f"{n:>16}" for n in names))
        for row in standings:
            self.stdout.write(f"{row['rank']:>4}  {row['entrant']:<24} {row['points']:>6g}  "
                              + "  ".join(f"{row['tiebreaks'][n]:>16g}" for n in names))

    def create(self, opts: dict[str, Any]) -> Tournament:
        try:
            game = get_game(opts["game"])
        except GameError as error:
            raise CommandError(str(error), returncode=2) from None
        if len(opts["bot"]) + len(opts["program"]) < 2:
            raise CommandError("name at least two entrants with --bot or --program", returncode=2)
        programs = []
        for argument in opts["program"]:
            name, path = argument.split("=", 1) if PROGRAM_NAME.match(argument) else (None, argument)
            try:
                programs.append((name or Path(path).stem, Path(path).name, Path(path).read_bytes()))
            except OSError as error:
                raise CommandError(f"cannot read the bot program {path}: {error.strerror}", returncode=2) from None
        options = json_object(opts["options"])
        for spec in opts["bot"]:
            try:
                bot_class(game, spec)
            except ValueError as error:
                raise CommandError(str(error), returncode=2) from None
        format_settings: dict[str, Any] = {}
        for key, value in (("rounds", opts["rounds"]), ("table_size", opts["table_size"]),
                           ("best_of", opts["best_of"])):
            if value is not None:
                format_settings[key] = value
        if opts["tiebreaks"]:
            format_settings["tiebreaks"] = [name.strip() for name in opts["tiebreaks"].split(",") if name.strip()]
        club = named_club(opts["club"]) if opts["club"] else command_line_club(game)
        if opts["reuse"] and opts["seed"]:
            earlier = Tournament.objects.filter(club=club, game=game.slug, format=opts["format"], seed=opts["seed"],
                                                bots=True).exclude(status=Tournament.Status.REGISTRATION).first()
            if earlier is not None:
                return earlier
        try:
            tournament = services.create_tournament(
                club=club, name=f"{game.title} {opts['format'].replace('_', ' ')}", game=game.slug,
                format=opts["format"], options=options, format_settings=format_settings, seed=opts["seed"],
                bots=True, rated=opts["rated"])
            for number, spec in enumerate(opts["bot"], start=1):
                player = builtin_player(club, game.slug, f"{parse_bot_spec(spec)[0]}#{number}", spec)
                services.register(tournament, player)
            for number, (name, filename, data) in enumerate(programs, start=len(opts["bot"]) + 1):
                player = program_player(club, game.slug, f"{name}#{number}", filename, data)
                services.register(tournament, player)
            services.start(tournament)
        except ServiceError as error:
            raise CommandError(error.message, returncode=2) from None
        return tournament

    def run_here(self, tournament: Tournament, bar: tqdm) -> None:
        """Without a broker: the same steps as the workers take, one after another."""

        def paired() -> None:
            tournament.refresh_from_db(fields=["matches_total", "matches_done"])
            bar.total, bar.n = tournament.matches_total, tournament.matches_done
            bar.refresh()

        services.play_here(tournament.pk, on_round=paired, on_chunk=bar.update)

    def run_on_workers(self, tournament: Tournament, bar: tqdm, timeout: float) -> None:
        services.queue_tournament(tournament.pk)
        deadline = time.monotonic() + timeout
        while True:
            tournament.refresh_from_db()
            bar.total = tournament.matches_total
            bar.n = tournament.matches_done
            bar.set_postfix(round=tournament.current_round)
            if tournament.status == Tournament.Status.FINISHED:
                return
            if time.monotonic() > deadline:
                raise CommandError(f"the workers did not finish tournament {tournament.pk} in {timeout:g} s")
            time.sleep(0.5)


def forfeit_lines(tournament: Tournament) -> list[str]:
    """Each forfeit of the tournament: its match, round, seat, entrant and reason."""
    seats = Seat.objects.filter(match__tournament=tournament).exclude(forfeit_reason="") \
        .select_related("match__round", "player").order_by("match__round__number", "match_id", "index")
    return [f"forfeit: match #{seat.match_id} (round {seat.match.round.number if seat.match.round else '-'}), "
            f"seat {seat.index} {seat.player.name}: {seat.forfeit_reason}" for seat in seats]
