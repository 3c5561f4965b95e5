"""A director's changes to a proposed round before it is published: swap two entrants, move one
to another table, or pair the round afresh.

Each change is checked as publishing checks it (``seating.check_games``): what the format
forbids is refused and nothing is stored. What it allows but the pairing tried to avoid (a
rematch, a second bye, a seat held too often) is answered as warnings, so the director sees
what the change breaks before publishing.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from tournaments import formats
from tournaments.errors import Conflict, InvalidInput, Missing
from tournaments.models import Match, Round, Tournament
from tournaments.services import checkins, explanations
from tournaments.services.seating import check_games, parse_games, table_limits
from tournaments.services.registration import tournament_format
from tournaments.services.standings import outcomes
from tournaments.services.tournaments import game_json


@dataclass
class History:
    """What the entrants did before a round: whom they met, their byes and their seats, by round."""

    meetings: dict[frozenset[int], list[int]] = field(default_factory=lambda: defaultdict(list))
    byes: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    seats: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    """Per entrant, the seat (0 or 1) of each two-seat pairing's first game, in round order."""


@dataclass
class Review:
    """A proposed round after a change: its warnings, and those the change brought."""

    round: Round
    warnings: list[str]
    new: list[str]


def history(tournament: Tournament, before: int) -> History:
    """The entrants' meetings, byes and seats in the decided games of rounds before ``before``."""
    found = History()
    seen: set[tuple[int, str, int]] = set()
    for outcome in outcomes(tournament):
        game = outcome.game
        if game.round >= before:
            continue
        if game.bye:
            if not game.absent:  # an absence is no bye: a real one may still follow
                found.byes[game.seats[0]].append(game.round)
            continue
        if game.key in seen:  # a further game of a best-of pairing: one meeting
            continue
        seen.add(game.key)
        for index, one in enumerate(game.seats):
            for other in game.seats[index + 1:]:
                found.meetings[frozenset((one, other))].append(game.round)
        if len(game.seats) == 2:
            for seat, entrant in enumerate(game.seats):
                found.seats[entrant].append(seat)
    return found


def rounds_text(numbers: Sequence[int]) -> str:
    return ("rounds " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}") if len(numbers) > 1 \
        else f"round {numbers[0]}"


SEAT_NAMES = ("first", "second")


def warnings(games: Sequence[formats.Fixture], past: History, names: dict[int, str]) -> list[str]:
    """What the seating breaks that the pairing avoids where it can: rematches, second byes,
    and (in two-seat games) a seat held three rounds running or two more times than the other."""
    found = []
    for game in games:
        if game.bye:
            earlier = past.byes.get(game.seats[0])
            if earlier:
                found.append(f"{names[game.seats[0]]} already had a bye in {rounds_text(earlier)}.")
            continue
        for index, one in enumerate(game.seats):
            for other in game.seats[index + 1:]:
                met = past.meetings.get(frozenset((one, other)))
                if met:
                    found.append(f"{names[one]} and {names[other]} have met in {rounds_text(met)}.")
        if len(game.seats) != 2:
            continue
        for seat, entrant in enumerate(game.seats):
            after = [*past.seats.get(entrant, []), seat]
            firsts, seconds = after.count(0), after.count(1)
            if len(after) >= 3 and after[-3:] == [seat] * 3:
                found.append(f"{names[entrant]} would take the {SEAT_NAMES[seat]} seat for the third round running.")
            elif abs(firsts - seconds) >= 2:
                found.append(f"{names[entrant]} would have taken the first seat {firsts} times "
                             f"and the second {seconds} times.")
    return found


def entrant_names(tournament: Tournament) -> dict[int, str]:
    return {entrant.pk: entrant.player.name for entrant in tournament.entrants.select_related("player")}


def review(tournament: Tournament, round_: Round) -> list[str]:
    """The warnings of a proposed round as it stands."""
    games = parse_games(round_.number, round_.proposal)
    return warnings(games, history(tournament, round_.number), entrant_names(tournament))


def proposed_round(tournament: Tournament, number: Any) -> Round:
    """Round ``number`` of the tournament, which must be waiting to be published."""
    found = tournament.rounds.filter(number=number).first() if isinstance(number, int) else None
    if found is None:
        raise Missing(f"the tournament has no round {number}", code="no_such_round")
    if found.status != Round.Status.PROPOSED:
        raise Conflict(f"round {number} is {found.status}: its pairings no longer change", code="round_published")
    return found


def seat_of(games: list[dict[str, Any]], entrant: Any, field_name: str, number: int,
            names: dict[int, str]) -> tuple[int, int]:
    """Where ``entrant`` sits in the proposal: (table, seat)."""
    for table, game in enumerate(games):
        for seat, seated in enumerate(game["seats"]):
            if seated == entrant:
                return table, seat
    who = names.get(entrant, f"entrant {entrant!r}") if isinstance(entrant, int) else f"entrant {entrant!r}"
    message = f"{who} is not seated in round {number}"
    raise InvalidInput(message, code="not_seated", fields={field_name: [message]})


def store(tournament: Tournament, round_: Round, games: list[dict[str, Any]], *, fresh: bool = False) -> Review:
    """Check the changed games as publishing would, store them with their explanation (the
    director's changes marked, unless ``fresh``: paired afresh), and say what they break."""
    names = entrant_names(tournament)
    past = history(tournament, round_.number)
    parsed = check_games(tournament, round_.number, games, checkins.playing(tournament, round_.number))
    before = warnings(parse_games(round_.number, round_.proposal), past, names)
    after = warnings(parsed, past, names)
    round_.proposal = [{**game, "pairing": index, "round": round_.number} for index, game in enumerate(games)]
    round_.save(update_fields=["proposal"])
    explanations.record_proposal(tournament, round_, fresh=fresh)
    return Review(round=round_, warnings=after, new=[warning for warning in after if warning not in before])


def locked_proposal(tournament: Tournament, number: Any) -> tuple[Tournament, Round, list[dict[str, Any]]]:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    round_ = proposed_round(tournament, number)
    return tournament, round_, copy.deepcopy(round_.proposal)


@transaction.atomic
def swap_entrants(tournament: Tournament, *, number: int, first: Any, second: Any) -> Review:
    """Exchange two entrants' places in a proposed round (two tables' players, or the two
    seats of one table, or an entrant and the one with the bye)."""
    tournament, round_, games = locked_proposal(tournament, number)
    names = entrant_names(tournament)
    if first == second:
        message = "choose two different entrants"
        raise InvalidInput(message, fields={"second": [message]})
    table_a, seat_a = seat_of(games, first, "first", round_.number, names)
    table_b, seat_b = seat_of(games, second, "second", round_.number, names)
    games[table_a]["seats"][seat_a], games[table_b]["seats"][seat_b] = second, first
    return store(tournament, round_, games)


@transaction.atomic
def move_entrant(tournament: Tournament, *, number: int, entrant: Any, table: Any, seat: Any = None) -> Review:
    """Move an entrant to another table (``table`` counts from 0; one past the last opens a new
    table), at ``seat`` there (from 0; None: the last seat). A table left empty is removed."""
    tournament, round_, games = locked_proposal(tournament, number)
    names = entrant_names(tournament)
    source, place = seat_of(games, entrant, "entrant", round_.number, names)
    if not isinstance(table, int) or not 0 <= table <= len(games):
        message = f"choose a table from 1 to {len(games) + 1}"
        raise InvalidInput(message, fields={"table": [message]})
    if seat is not None and (not isinstance(seat, int) or seat < 0):
        message = "a seat counts from 1"
        raise InvalidInput(message, fields={"seat": [message]})
    if table == len(games):
        if table_limits(tournament)[1] == 2:
            message = "a game of this tournament seats two entrants: swap entrants instead"
            raise InvalidInput(message, fields={"table": [message]})
        games.append({"round": round_.number, "seats": [], "bye": False, "pairing": table, "number": 0,
                      "bracket": games[source].get("bracket", "")})
    games[source]["seats"].pop(place)
    target = games[table]["seats"]
    target.insert(len(target) if seat is None else min(seat, len(target)), entrant)
    return store(tournament, round_, [game for game in games if game["seats"]])


@transaction.atomic
def pair_again(tournament: Tournament, *, number: int) -> Review:
    """Drop a proposed round's changes and pair it afresh from the results and the entrants as
    they are now (after a withdrawal, a late entry or a corrected result, say)."""
    tournament, round_, _ = locked_proposal(tournament, number)
    if tournament.matches.filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS]).exists():
        raise Conflict("the earlier rounds still have games to play", code="round_in_progress")
    fresh = [game for game in tournament_format(tournament).next_games(outcomes(tournament),
                                                                      checkins.playing(tournament, round_.number))
             if game.round == round_.number]
    if not fresh:
        raise Conflict(f"round {round_.number} has nobody left to pair", code="nothing_to_pair")
    return store(tournament, round_, [game_json(game) for game in fresh], fresh=True)
