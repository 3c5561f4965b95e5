"""The factories make rows the services would make: valid logs, versions, seeds in order."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate

from games.logs import verify_log
from tests.factories import (
    BotEntryFactory,
    BotVersionFactory,
    ClubFactory,
    DirectorFactory,
    EntrantFactory,
    MatchFactory,
    MembershipFactory,
    PlayerFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Match, Membership, Player
from tournaments.selectors import is_director, is_member, match_envelope

pytestmark = pytest.mark.django_db


def test_people_and_clubs() -> None:
    user = UserFactory(username="wren")
    assert authenticate(username="wren", password="pw-wren-123") == user
    club = ClubFactory(slug="marsh")
    assert MembershipFactory(user=user, club=club).role == Membership.Role.MEMBER
    assert is_member(user, club) and not is_director(user, club)
    director = DirectorFactory(club=club).user
    assert is_director(director, club)
    assert PlayerFactory(club=club).kind == Player.Kind.PERSON


@pytest.mark.parametrize(("game", "seats"), [("leapfrog_race", 2), ("froggit", 3), ("measure_and_tempo", 2),
                                             ("leap_frog", 2)])
def test_a_match_has_its_seats_and_a_log_that_verifies(game: str, seats: int) -> None:
    match = MatchFactory(game=game, seats=seats)
    assert match.status == Match.Status.FINISHED and match.seats.count() == seats
    answer = verify_log(match_envelope(match))
    assert answer["valid"] and answer["finished"] and answer["result"]["ranks"] == match.result["ranks"]


def test_a_match_between_given_players_of_a_club() -> None:
    club = ClubFactory()
    players = [PlayerFactory(club=club, name=name) for name in ("Ana", "Ben")]
    match = MatchFactory(club=club, players=players, bots=["greedy", "random"], seed="fixed")
    assert [seat.player for seat in match.seats.order_by("index")] == players
    assert match.club == club and match.seed == "fixed"


def test_bot_entries_and_versions_come_from_the_service() -> None:
    entry = BotEntryFactory(game="froggit", strategy="greedy")
    assert entry.player.kind == Player.Kind.BOT and entry.active_version.number == 1
    version = BotVersionFactory(entry=entry, strategy="random")
    assert version.number == 2 and version.strategy == "random"
    with pytest.raises(TypeError):
        BotEntryFactory.build()


def test_entrants_are_seeded_in_order_from_the_tournament_s_club() -> None:
    tournament = TournamentFactory()
    entrants = [EntrantFactory(tournament=tournament) for _ in range(3)]
    assert [entrant.seed for entrant in entrants] == [1, 2, 3]
    assert {entrant.player.club for entrant in entrants} == {tournament.club}
