"""Tournaments through the services: bot tournaments played in-process, and small bot
tournaments of every game for the pages' tests."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from tournaments.models import Club, Match, Player, Tournament
from tournaments.services import tournaments as services
from tournaments.services.bots import builtin_player


def bot_tournament(club: Club, bots: list[str], *, game: str = "leapfrog_race", format: str = "round_robin",
                   seed: str = "t1", **settings: object) -> Tournament:
    tournament = services.create_tournament(club=club, name="Bots", game=game, format=format, seed=seed,
                                            format_settings=settings, bots=True, rated=False)
    for number, spec in enumerate(bots, start=1):
        player = builtin_player(club, game, f"{spec}#{number}", spec)
        services.register(tournament, player)
    return services.start(tournament)


def run(tournament: Tournament) -> Tournament:
    while matches := services.advance(tournament.pk):
        for match in matches:
            assert services.play_scheduled(match.pk)
    tournament.refresh_from_db()
    return tournament


#: Per game: options that keep its matches short.
SHORT_OPTIONS = {"leapfrog_race": '{}', "measure_and_tempo": '{"target": 2}', "froggit": '{"family": "quick"}',
                 "leap_frog": '{"variant": "murray", "rows": 5, "cols": 5}'}


def play_tournaments(games: tuple[str, ...] = tuple(SHORT_OPTIONS)) -> dict[str, Tournament]:
    """A rated round robin of three built-in bots per game, played to the end."""
    played = {}
    for game in games:
        club = Club.objects.get_or_create(slug=f"pages-{game}".replace("_", "-"), defaults={"name": f"{game} arena"})[0]
        call_command("run_tournament", "--game", game, "--format", "round_robin", "--bot", "greedy", "--bot",
                     "random", "--bot", "random", "--rated", "--club", club.slug, "--seed", f"pages-{game}", "--options",
                     SHORT_OPTIONS[game], stdout=StringIO(), stderr=StringIO())
        played[game] = Tournament.objects.filter(game=game).latest("pk")
    return played


def first_match(tournament: Tournament) -> Match:
    return tournament.matches.filter(status=Match.Status.FINISHED).order_by("pk").first()


def started_bot_tournament(club: Club, entrants: int = 4, game: str = "leap_frog") -> Tournament:
    """A running round robin of bots whose matches the test plays itself, one at a time."""
    tournament = services.create_tournament(club=club, name="Live cup", game=game, format="round_robin",
                                            options={"variant": "murray", "rows": 5, "cols": 5}, bots=True,
                                            seed="live")
    players: list[Player] = [builtin_player(club, game, f"bot {number}", "random") for number in range(entrants)]
    for player in players:
        services.register(tournament, player)
    services.start(tournament)
    return tournament


def play_next(tournament: Tournament) -> bool:
    """Play one scheduled match (pairing the next round first when the last is done);
    False when the tournament has nothing left to play."""
    scheduled = tournament.matches.filter(status=Match.Status.SCHEDULED).order_by("pk").first()
    if scheduled is None:
        if not services.advance(tournament.pk):
            return False
        scheduled = tournament.matches.filter(status=Match.Status.SCHEDULED).order_by("pk").first()
    services.play_scheduled(scheduled.pk)
    services.advance(tournament.pk)
    return True
