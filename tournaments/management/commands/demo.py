"""``manage.py demo``: the main job. Plays and verifies seeded matches of every game between
built-in bots, on Celery (in-process unless a broker is configured), and prints the results."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.registry import all_games
from tournaments.tasks import play_and_verify

#: Per game: (options, bots) of each demo match; search bots at modest budgets.
DEMO_MATCHES: dict[str, list[tuple[dict[str, Any], list[str]]]] = {
    "leapfrog_race": [({}, ["mc", "greedy"]), ({"plate": False}, ["greedy", "random", "random"]),
                      ({}, ["mc:budget=60", "greedy", "random", "random", "greedy", "random"])],
    "measure_and_tempo": [({}, ["ismcts", "greedy"]), ({"target": 5}, ["greedy", "random"])],
    "froggit": [({}, ["greedy", "random"]), ({"version": "expert"}, ["mcts", "greedy", "random"]),
                ({"family": "quick"}, ["greedy", "random", "random", "greedy"])],
    "leap_frog": [({"variant": "murray", "rows": 8, "cols": 8}, ["mcts", "greedy"]),
                  ({"variant": "traditional", "rows": 6, "cols": 6}, ["greedy", "random", "random"]),
                  ({"variant": "capture"}, ["greedy", "random"])],
}


class Command(BaseCommand):
    help = "Play and verify a few seeded matches of every game between built-in bots."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", default="demo", help="the seed the matches' seeds derive from")

    def handle(self, *args: Any, seed: str, **options: Any) -> None:
        mode = "in-process" if settings.CELERY_TASK_ALWAYS_EAGER else f"on workers at {settings.CELERY_BROKER_URL}"
        self.stdout.write(f"Playing demo matches {mode}.")
        pending = []
        for game in all_games():
            for index, (game_options, bots) in enumerate(DEMO_MATCHES.get(game.slug, [({}, ["random", "random"])])):
                match_seed = f"{seed}-{game.slug}-{index}"
                pending.append((game, game_options, bots, match_seed,
                                play_and_verify.delay(game.slug, bots, game_options, match_seed)))
        failures = 0
        for game, game_options, bots, match_seed, outcome in pending:
            answer = outcome.get(timeout=600)
            log, verification = answer["log"], answer["verification"]
            result = verification.get("result", {})
            verdict = "verified" if verification["valid"] and verification["finished"] else "INVALID"
            failures += verdict != "verified"
            self.stdout.write(f"{game.title} ({game.slug}) {game_options or ''} seed {match_seed}: "
                              f"{len(log['moves'])} moves, {verdict}")
            for name, rank, score in sorted(zip(bots, result.get("ranks", []), result.get("scores", [])),
                                            key=lambda row: row[1]):
                self.stdout.write(f"    {rank}. {name:<16} {score}")
        if failures:
            raise CommandError(f"{failures} demo matches did not verify")
        self.stdout.write(self.style.SUCCESS(f"All {len(pending)} matches played and verified."))
