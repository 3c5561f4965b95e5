"""Matches made through the services: a race of still frogs that ends after 18 turns, and a
snapshot of every match row, to prove a refused write changed nothing."""

from __future__ import annotations

from tests.helpers.world import World
from tournaments.models import Club, Match, MatchLog, Player, Seat
from tournaments.services import matches as services

#: A Leapfrog Race that ends after these 18 turns (every frog plays its token in turn).
STILL = [" ".join(f"{frog}{turn % 6 + 1}" for frog in "RYGBOP") for turn in range(18)]


def snapshot() -> tuple:
    """Every stored row of the match tables, to prove a refused write changed nothing."""
    return (list(Match.objects.order_by("pk").values()), list(MatchLog.objects.order_by("pk").values()),
            list(Seat.objects.order_by("pk").values()), list(Player.objects.order_by("pk").values()))


def race_match(world: World) -> Match:
    return services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                 setup={"order": "RYGBOP"})


def finished_match(world: World, club_players: list[Player] | None = None) -> Match:
    club_players = club_players or [world.ana, world.ben]
    club = club_players[0].club
    match = services.create_match(club=club, game="leapfrog_race", players=club_players, setup={"order": "RYGBOP"})
    for index, move in enumerate(STILL):
        match = services.append_move(match, move=move, index=index)
    return match


def finish_by_hand(match: Match) -> None:
    """Log the :data:`STILL` race's moves into a scheduled race of a tournament."""
    for index, move in enumerate(STILL):
        match = services.append_move(match, move=move, index=index)


def ranked_match(club: Club, *ranks: int, game: str = "leapfrog_race") -> Match:
    """A finished match of ``club`` (made by the factory) whose seats' ranks are then set to
    ``ranks``, in seat order: for counting who won from which seat."""
    from tests.factories import MatchFactory

    match = MatchFactory(club=club, game=game, seats=len(ranks))
    for index, rank in enumerate(ranks):
        Seat.objects.filter(match=match, index=index).update(rank=rank)
    assert match.status == Match.Status.FINISHED
    return match
