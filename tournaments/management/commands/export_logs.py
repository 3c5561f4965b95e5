"""``manage.py export_logs --club SLUG [--tournament ID] --out DIR``: one log file per match
and a ``manifest.json`` that ``import_logs`` reads back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.logs import dump_log
from tournaments.models import Club, Match
from tournaments.selectors import exported_envelope

MANIFEST = "manifest.json"


class Command(BaseCommand):
    help = "Write a club's match logs (void matches excepted), one file per match, with a manifest."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", required=True, metavar="SLUG")
        parser.add_argument("--tournament", type=int, metavar="ID", help="only this tournament's matches")
        parser.add_argument("--out", required=True, metavar="DIR", help="the folder to write (created if missing)")

    def handle(self, *args: Any, club: str, tournament: int | None, out: str, **options: Any) -> None:
        found = Club.objects.filter(slug=club).first()
        if found is None:
            raise CommandError(f"no club with the slug {club!r}", returncode=2)
        matches = (Match.objects.filter(club=found).exclude(status=Match.Status.VOID)
                   .select_related("log", "tournament").prefetch_related("seats__player").order_by("id"))
        if tournament is not None:
            if not found.tournaments.filter(pk=tournament).exists():
                raise CommandError(f"{found.name} has no tournament {tournament}", returncode=2)
            matches = matches.filter(tournament_id=tournament)
        folder = Path(out)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"cannot create {folder}: {error.strerror or error}", returncode=2) from None
        players: dict[int, dict[str, Any]] = {}
        entries = []
        for match in matches:
            name = f"match-{match.pk}.json"
            (folder / name).write_text(dump_log(exported_envelope(match)), encoding="utf-8")
            seats = [seat.player for seat in match.seats.all()]
            for player in seats:
                players[player.pk] = {"id": player.pk, "name": player.name, "kind": player.kind}
            entries.append({
                "file": name, "id": match.pk, "game": match.game, "status": match.status,
                "tournament": {"id": match.tournament.pk, "name": match.tournament.name} if match.tournament else None,
                "played_at": match.played_at.isoformat() if match.played_at else None,
                "rated": match.rated, "seats": [player.pk for player in seats],
            })
        manifest = {"format": 1, "club": {"slug": found.slug, "name": found.name},
                    "players": sorted(players.values(), key=lambda player: player["id"]), "matches": entries}
        (folder / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        self.stdout.write(f"Wrote {len(entries)} logs of {found.name} and {MANIFEST} to {folder}")
