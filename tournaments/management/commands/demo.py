"""``manage.py demo``: the main job. A demo club holds, for every game, a bot tournament in a
fitting format, with the game's example bot program playing in the sandbox beside the built-in
bots (where bubblewrap runs); each runs (in-process, or on the workers when a broker is
configured) with a progress bar, its standings are printed, and every stored match is verified
again. Run again, it shows the tournaments it already played (and finishes one cut short) rather
than playing copies of them."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from django.conf import settings

from games.registry import all_games
from games.sandbox import sandbox_status
from tournaments.models import Club, Match
from tournaments.selectors import RatingView, leaderboard
from tournaments.services.clubs import create_club
from tournaments.services.matches import reverify

#: Per game: the format, its settings, the options and the entrants of its demo tournament.
DEMO_TOURNAMENTS: dict[str, dict[str, Any]] = {
    "leapfrog_race": {"format": "tables", "rounds": 3, "table_size": 3,
                      "bots": ["mc:budget=60", "greedy", "random", "mc:budget=60", "greedy", "random"]},
    "measure_and_tempo": {"format": "swiss", "rounds": 3,
                          "bots": ["ismcts:budget=100", "greedy", "random", "greedy"], "options": {"target": 5}},
    "froggit": {"format": "tables", "rounds": 2, "table_size": 3,
                "bots": ["mcts:budget=40", "greedy", "random", "greedy", "random", "random"],
                "options": {"family": "quick"}},
    "leap_frog": {"format": "tables", "rounds": 2, "table_size": 2,
                  "bots": ["search", "greedy", "random", "greedy"], "options": {"variant": "murray", "rows": 6, "cols": 6}},
}


def demo_club(game: Any) -> Club:
    """The public club that holds the demo's tournament of one game."""
    slug = f"arena-{game.slug}".replace("_", "-")
    return Club.objects.filter(slug=slug).first() or create_club(name=f"{game.title} bot arena", slug=slug)


class Command(BaseCommand):
    help = "Run a bot tournament of every game, print the standings, and verify every stored match."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", default="demo", help="the seed the tournaments' seeds derive from")

    def handle(self, *args: Any, seed: str, **options: Any) -> None:
        clubs = []
        sandboxed, reason = sandbox_status()
        if not sandboxed:
            self.stdout.write(self.style.WARNING(f"Bot programs sit this demo out: {reason}"))
        for game in all_games():
            plan = DEMO_TOURNAMENTS.get(game.slug, {"format": "round_robin", "bots": ["random", "random"]})
            club = demo_club(game)
            clubs.append(club)
            arguments = ["run_tournament", "--game", game.slug, "--format", plan["format"], "--rated",
                         "--club", club.slug, "--reuse", "--seed", f"{seed}-{game.slug}", "--options", json.dumps(plan.get("options", {}))]
            for key in ("rounds", "table_size"):
                if key in plan:
                    arguments += [f"--{key.replace('_', '-')}", str(plan[key])]
            example = settings.BASE_DIR / "examples" / "bots" / f"{game.slug}.py"
            bots = plan["bots"][:-1] if sandboxed else plan["bots"]
            for bot in bots:
                arguments += ["--bot", bot]
            if sandboxed:
                arguments += ["--program", f"example={example}"]
            self.stdout.write(self.style.MIGRATE_HEADING(f"\n{game.title} ({game.slug}): {plan['format']}"))
            out = StringIO()
            call_command(*arguments, stdout=out)
            self.stdout.write(out.getvalue().rstrip())
            self.stdout.write(self.ratings_line(game.slug))
        matches = Match.objects.filter(tournament__club__in=clubs, tournament__seed__startswith=f"{seed}-",
                                       status=Match.Status.FINISHED)
        invalid = [match.pk for match in matches.select_related("log") if not reverify(match)["valid"]]
        if invalid:
            raise CommandError(f"matches {invalid} do not verify")
        self.stdout.write(self.style.SUCCESS(f"\nAll {matches.count()} stored matches verify."))

    def ratings_line(self, game: str) -> str:
        """The top of the game's leaderboard (served at /api/ratings/GAME/)."""
        top = [RatingView.of(rating) for rating in leaderboard(game)[:3]]
        shown = ", ".join(f"{view.player_name} {view.rating:.0f} ± {view.deviation:.0f}" for view in top)
        return f"ratings (/api/ratings/{game}/): {shown or 'none yet'}"
