"""What a round's seating must satisfy before it is published or stored as a proposal.

One check for both doors: publishing a proposed round (``tournaments.publish_proposed``) and a
director's manual change to it (``rounds``): every active entrant seated exactly once, each
table of a size the format and the game allow, a bye seating one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tournaments import formats
from tournaments.errors import InvalidInput
from tournaments.models import Tournament
from tournaments.services.progress import settings_of


def table_limits(tournament: Tournament) -> tuple[int, int]:
    """The fewest and most seats at one game (a bye aside): two in every two-seat format."""
    rules = settings_of(tournament)
    return (rules.min_seats, rules.max_seats) if tournament.format == Tournament.Format.TABLES else (2, 2)


def parse_games(number: int, games: Any) -> list[formats.Fixture]:
    """The games of round ``number`` from their JSON (``Round.proposal``), numbered in order."""
    if not isinstance(games, list):
        raise InvalidInput("the games must be a list", fields={"games": ["malformed"]})
    try:
        return [formats.Fixture(round=number, seats=tuple(int(seat) for seat in game["seats"]),
                             bye=bool(game.get("bye", False)), pairing=index,
                             number=int(game.get("number", 0)), bracket=str(game.get("bracket", "")))
                for index, game in enumerate(games)]
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidInput(f"each game needs 'seats', a list of entrant ids ({error})",
                           fields={"games": ["malformed"]}) from None


def check_games(tournament: Tournament, number: int, games: Any, active: Iterable[int]) -> list[formats.Fixture]:
    """The round's games, parsed and checked against the format: refused (``InvalidInput``)
    unless the ``active`` entrants are each seated exactly once at tables of allowed sizes."""
    parsed = parse_games(number, games)
    seated = [seat for game in parsed for seat in game.seats]
    if sorted(seated) != sorted(active):
        raise InvalidInput("every active entrant must be seated exactly once", fields={"games": ["seat everyone once"]})
    low, high = table_limits(tournament)
    for game in parsed:
        if game.bye and len(game.seats) != 1:
            raise InvalidInput("a bye seats one entrant", fields={"games": ["a bye seats one entrant"]})
        if not game.bye and not low <= len(game.seats) <= high:
            message = f"a game of this tournament seats {low} to {high} entrants" if low != high \
                else f"a game of this tournament seats {low} entrants"
            raise InvalidInput(message, fields={"games": [message]})
    return parsed
