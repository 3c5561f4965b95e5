"""A people's Swiss with something of everything an export writes: a pairing bye, an absence
(a zero-point bye), a forfeit, a withdrawal, played games, round times and a game still to play."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from datetime import timezone as tz

from tests.tournaments.console_data import leap_frog_swiss, played_log
from tournaments.models import Bye, Match, Player, Round, Tournament
from tournaments.services import registration, results
from tournaments.services import tournaments as services

#: When round 1 starts; each later round a week on, with a three-hour deadline.
FIRST_START = datetime(2026, 3, 7, 18, 0, tzinfo=tz.utc)


def play_round(tournament: Tournament, number: int, *, forfeit: bool = False) -> None:
    """Finish every scheduled match of a round: the first one (by pairing) a forfeit of seat 0
    when ``forfeit``, the others played to the end from their logs."""
    for index, match in enumerate(tournament.matches.filter(round__number=number).order_by("pairing")):
        if forfeit and index == 0:
            results.record_absence(match, seats=[0], reason="left early")
        else:
            results.record_log(match, log=played_log(match))


def time_rounds(tournament: Tournament) -> None:
    """Round n starts n - 1 weeks after :data:`FIRST_START`; round 2 has no start time."""
    for round_ in tournament.rounds.exclude(number=2):
        start = FIRST_START + timedelta(weeks=round_.number - 1)
        Round.objects.filter(pk=round_.pk).update(starts_at=start, deadline=start + timedelta(hours=3))


def eventful_swiss(players: Sequence[Player], *, finish: bool = False) -> Tournament:
    """Five entrants, three rounds of Leap Frog. Round 1: a pairing bye, a forfeit and a played
    game. Then the entrant seeded 2 withdraws. Round 2 (four left): one game, and two byes,
    one of them an absence. Round 3: published, its games still to play (or played, with
    ``finish``)."""
    tournament = leap_frog_swiss(players[0].club, players[:5], rounds=3, seed="exports")
    services.publish_proposed(tournament)
    play_round(tournament, 1, forfeit=True)
    registration.withdraw(tournament.entrants.get(seed=2))
    services.pair_round(tournament)
    proposal = tournament.rounds.get(number=2).proposal
    games = [game for game in proposal if game.get("bye")]
    played = [game for game in proposal if not game.get("bye")]
    games += [played[0], {"seats": [played[1]["seats"][0]], "bye": True},
              {"seats": [played[1]["seats"][1]], "bye": True}]
    services.publish_proposed(tournament, [{"seats": game["seats"], "bye": bool(game.get("bye"))} for game in games])
    absent = Bye.objects.filter(round__tournament=tournament, round__number=2).order_by("pk").last()
    Bye.objects.filter(pk=absent.pk).update(kind=Bye.Kind.ABSENT)
    play_round(tournament, 2)
    services.pair_round(tournament)
    services.publish_proposed(tournament)
    time_rounds(tournament)
    if finish:
        play_round(tournament, 3)
        services.advance(tournament.pk)
    tournament.refresh_from_db()
    return tournament


def pending_matches(tournament: Tournament) -> list[Match]:
    return list(tournament.matches.filter(status=Match.Status.SCHEDULED).order_by("round__number", "pairing"))
