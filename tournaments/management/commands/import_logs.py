"""``manage.py import_logs [--club SLUG] [--create-players] FILE_OR_FOLDER...``: verify and
store match logs.

Each file is stored whole or not at all, with one summary line. Seats are matched to the
club's players by name; names the club does not know refuse the file (all of them listed),
unless ``--create-players``: then they become new people (or bots, where an exported
folder's ``manifest.json`` says so, which also restores tournaments, played times and the
rated flag). A game the club has stored already is skipped, its line naming the stored match,
so that importing a folder again stores nothing twice. Without ``--club`` the logs go to the
club "Imported". Exits 1 when any file was refused (a skipped one is not refused).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.dateparse import parse_datetime

from games import jsondepth
from games.logs import MAX_LOG_BYTES, LogError, parse_body
from tournaments.errors import Duplicate, ServiceError
from tournaments.management.commands.export_logs import MANIFEST
from tournaments.models import Club
from tournaments.services.clubs import club_for_import
from tournaments.services.matches import import_log
from tournaments.services.tournament_setup import tournament_for_import

IMPORTED = {"slug": "imported", "name": "Imported"}


class ManifestError(Exception):
    pass


class Command(BaseCommand):
    help = ("Verify and store match logs from files or folders (a folder's manifest.json is honoured). "
            "Names the club does not know refuse a file unless --create-players; a game the club has "
            "already is skipped and reported, never stored twice. Exits 1 when any file is refused.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="FILE_OR_FOLDER")
        parser.add_argument("--club", metavar="SLUG", help='the club to store them in (default: "Imported")')
        parser.add_argument("--create-players", action="store_true",
                            help="make the logs' names the club does not know new players (without it, such "
                                 "a file is refused with the list of unknown names)")

    def handle(self, *args: Any, paths: list[str], club: str | None, create_players: bool = False,
               **options: Any) -> None:
        self.create_players = create_players
        if club is None:
            target = club_for_import(IMPORTED["slug"], IMPORTED["name"])
        else:
            target = Club.objects.filter(slug=club).first()
            if target is None:
                raise CommandError(f"no club with the slug {club!r}", returncode=2)
        self.failures = self.stored = self.skipped = 0
        for name in paths:
            path = Path(name)
            if path.is_dir():
                self.import_folder(target, path)
            else:
                self.import_file(target, path)
        self.stdout.write(f"{self.stored} stored, {self.failures} refused, "
                          f"{self.skipped} skipped as stored already, in {target.name}")
        if self.failures:
            sys.exit(1)

    def report(self, path: Path, text: str, ok: bool) -> None:
        self.stored += ok
        self.failures += not ok
        self.stdout.write(f"{path}: {text}")

    def import_folder(self, club: Club, folder: Path) -> None:
        manifest = folder / MANIFEST
        if not manifest.exists():
            for path in sorted(folder.glob("*.json")):
                self.import_file(club, path)
            return
        try:
            entries, players = read_manifest(manifest)
        except ManifestError as error:
            self.report(manifest, f"refused: {error}", False)
            return
        for entry in entries:
            kinds = [players[seat]["kind"] for seat in entry["seats"]]
            tournament = None
            if entry.get("tournament"):
                tournament = tournament_for_import(club=club, name=entry["tournament"]["name"],
                                                   game=entry.get("game", ""))
            self.import_file(club, folder / entry["file"], tournament=tournament, kinds=kinds,
                             played_at=parse_datetime(entry["played_at"]) if entry.get("played_at") else None,
                             rated=entry.get("rated", True))

    def import_file(self, club: Club, path: Path, **details: Any) -> None:
        try:
            with path.open("rb") as handle:
                body = handle.read(MAX_LOG_BYTES + 1)
            log = parse_body(body)
            match = import_log(club=club, log=log, create_players=self.create_players, **details)
        except Duplicate as error:
            self.skipped += 1
            self.stdout.write(f"{path}: skipped: {error.code}: the game is stored already as match #{error.match_id}")
        except OSError as error:
            self.report(path, f"refused: cannot read the file ({error.strerror or error})", False)
        except LogError as error:
            self.report(path, f"refused: {error.code} at {error.at}: {error.message}", False)
        except ServiceError as error:
            where = f" at {error.verification['error']['at']}" if error.verification else ""
            self.report(path, f"refused: {error.code}{where}: {error.message}", False)
        else:
            self.report(path, f"stored as match #{match.pk} ({match.game}, {match.status}, "
                              f"{match.move_count} moves)", True)


def read_manifest(path: Path) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """The manifest's match entries and players by id; raises ManifestError when malformed."""
    try:
        manifest = jsondepth.loads(path.read_text(encoding="utf-8"))
        players = {player["id"]: player for player in manifest["players"]}
        entries = manifest["matches"]
        for entry in entries:
            if not isinstance(entry["file"], str) or "/" in entry["file"] or "\\" in entry["file"]:
                raise ManifestError(f"bad file name {entry['file']!r}")
            if any(seat not in players for seat in entry["seats"]):
                raise ManifestError(f"{entry['file']} names a player the manifest does not list")
            if any(players[seat].get("kind") not in ("person", "bot") for seat in entry["seats"]):
                raise ManifestError("a player's kind must be person or bot")
    except ManifestError:
        raise
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ManifestError(f"the manifest is not readable: {error}") from None
    return entries, players
