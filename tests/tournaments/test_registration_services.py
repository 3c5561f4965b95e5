"""Entering a tournament: check-in leaves the absent out at the start, late entries and
withdrawals say what they will do, and members enter only their own player, only while
registration is open and only where the tournament allows it."""

from __future__ import annotations

import pytest

from tests.tournaments.web import conftest as web_conftest
from tests.tournaments.web.conftest import Cast
from tournaments.errors import Conflict, Forbidden, InvalidInput
from tournaments.models import Entrant, Match, Player, Round, Tournament
from tournaments.services import registration
from tournaments.services import tournaments as services


#: The pages' cast of people (a club, its director, a member with her player, five more players).
cast = web_conftest.cast


def swiss(cast: Cast, rounds: int = 3, **extra) -> Tournament:
    return services.create_tournament(club=cast.club, name="Swiss", game="leap_frog", format="swiss",
                                      options={"variant": "murray", "rows": 5, "cols": 5},
                                      format_settings={"rounds": rounds}, seed="s", **extra)


def finish_round(tournament: Tournament) -> None:
    """Publish the proposed round and decide each of its games for the first seat."""
    services.publish_proposed(tournament)
    for match in Match.objects.filter(tournament=tournament, status=Match.Status.SCHEDULED):
        seats = list(match.seats.order_by("index"))
        for seat, rank in zip(seats, (1, 2)):
            seat.rank, seat.score = rank, 2 - rank
            seat.save()
        match.status = Match.Status.FINISHED
        match.save()
    services.advance(tournament.pk)


def test_with_check_in_only_checked_in_entrants_are_paired_and_the_rest_are_left_out(cast):
    tournament = swiss(cast, check_in=True, players=[cast.ana, *cast.players])
    for player in (cast.ana, *cast.players[:3]):
        registration.set_checked_in(tournament.entrants.get(player=player), True)
    assert registration.start_effect(tournament) == "4 entrants play round 1. Not checked in, so left out: Eve, Fay."
    services.start_and_pair(tournament)
    assert sorted(tournament.entrants.values_list("player__name", flat=True)) == ["Ana", "Ben", "Cy", "Dora"]
    assert list(tournament.entrants.order_by("seed").values_list("seed", flat=True)) == [1, 2, 3, 4]
    proposal = Round.objects.get(tournament=tournament, number=1).proposal
    seated = {seat for game in proposal for seat in game["seats"]}
    assert seated == set(tournament.entrants.values_list("pk", flat=True))


def test_a_start_refused_for_too_few_checked_in_leaves_everyone_entered(cast):
    tournament = swiss(cast, check_in=True, players=[cast.ana, *cast.players[:2]])
    registration.set_checked_in(tournament.entrants.get(player=cast.ana), True)
    with pytest.raises(InvalidInput, match="only entrants who checked in play: 1 did"):
        services.start_and_pair(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION and tournament.entrants.count() == 3


def test_check_in_is_refused_where_the_tournament_does_not_ask_for_it_and_after_the_start(cast):
    tournament = swiss(cast, rounds=1, players=cast.players[:2])
    with pytest.raises(Conflict, match="does not ask for check-in"):
        registration.set_checked_in(tournament.entrants.first(), True)
    registration.set_registration_rules(tournament, self_registration=False, check_in=True)
    for entrant in tournament.entrants.all():
        registration.set_checked_in(entrant, True)
    services.start_and_pair(tournament)
    with pytest.raises(Conflict, match="check-in closed"):
        registration.set_checked_in(tournament.entrants.first(), False)
    with pytest.raises(Conflict, match="registration is closed"):
        registration.set_registration_rules(tournament, self_registration=True, check_in=False)


def test_the_late_entry_effect_names_the_round_and_the_points(cast):
    tournament = swiss(cast, players=cast.players[:4])
    services.start_and_pair(tournament)
    finish_round(tournament)  # round 1 played, round 2 proposed
    finish_round(tournament)  # round 2 played, round 3 proposed
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    effect = registration.late_entry_effect(tournament, cast.ana)
    assert effect == "Ana joins round 3 on 0 points. The proposed pairings of round 3 are made again to seat Ana."
    entrant = services.register(tournament, cast.ana)
    assert entrant.joined_round == 3
    proposal = Round.objects.get(tournament=tournament, number=3, status=Round.Status.PROPOSED).proposal
    assert entrant.pk in {seat for game in proposal for seat in game["seats"]}
    services.publish_proposed(tournament)  # the newcomer is seated, so the round publishes


def test_a_late_entry_is_refused_where_the_format_fixes_its_schedule(cast):
    tournament = services.create_tournament(club=cast.club, name="RR", game="leap_frog", players=cast.players[:3])
    services.start_and_pair(tournament)
    with pytest.raises(Conflict, match="cannot take late entries"):
        registration.late_entry_effect(tournament, cast.ana)
    assert not tournament.entrants.filter(player=cast.ana).exists()


def test_the_withdrawal_effect_says_the_games_played_still_count(cast):
    tournament = swiss(cast, players=cast.players[:4])
    services.start_and_pair(tournament)
    finish_round(tournament)
    finish_round(tournament)
    tournament.refresh_from_db()
    dora = tournament.entrants.get(player__name="Dora")
    assert registration.withdrawal_effect(dora) == (
        "Dora is withdrawn after round 2: no more pairings; the games Dora played so far still count."
        " The proposed pairings of round 3 are made again without Dora.")
    services.withdraw(dora)
    dora.refresh_from_db()
    assert dora.withdrawn and dora.withdrawn_after_round == 2
    proposal = Round.objects.get(tournament=tournament, number=3, status=Round.Status.PROPOSED).proposal
    assert dora.pk not in {seat for game in proposal for seat in game["seats"]}
    assert Match.objects.filter(tournament=tournament, seats__player__name="Dora").count() == 2
    with pytest.raises(Conflict, match="already withdrawn"):
        registration.withdrawal_effect(dora)


def test_a_member_enters_only_their_own_player(cast):
    tournament = swiss(cast, self_registration=True)
    with pytest.raises(Forbidden, match="not yours"):
        registration.register_self(tournament, cast.member, cast.players[0])
    with pytest.raises(Forbidden, match="only members"):
        registration.register_self(tournament, cast.rival, cast.ana)
    entrant = registration.register_self(tournament, cast.member, cast.ana)
    assert entrant.player == cast.ana
    with pytest.raises(Conflict, match="already entered"):
        registration.register_self(tournament, cast.member, cast.ana)


def test_a_member_enters_only_where_allowed_and_only_while_registration_is_open(cast):
    closed = swiss(cast)
    with pytest.raises(Forbidden, match="directors enter the players"):
        registration.register_self(closed, cast.member, cast.ana)
    started = swiss(cast, self_registration=True, players=cast.players[:3])
    services.start_and_pair(started)
    with pytest.raises(Conflict, match="registration is closed"):
        registration.register_self(started, cast.member, cast.ana)
    assert not Entrant.objects.filter(player=cast.ana).exists()


def test_a_member_takes_back_and_checks_in_only_their_own_entry_before_the_start(cast):
    tournament = swiss(cast, rounds=1, self_registration=True, check_in=True, players=cast.players[:2])
    mine = registration.register_self(tournament, cast.member, cast.ana)
    other = tournament.entrants.get(player=cast.players[0])
    with pytest.raises(Forbidden):
        registration.check_in_self(tournament, cast.member, other)
    with pytest.raises(Forbidden):
        registration.unregister_self(tournament, cast.member, other)
    assert registration.check_in_self(tournament, cast.member, mine).checked_in
    registration.unregister_self(tournament, cast.member, mine)
    assert not tournament.entrants.filter(player=cast.ana).exists()
    assert tournament.entrants.count() == 2


def test_own_players_of_a_bot_tournament_are_the_members_bots_of_its_game(cast):
    from tournaments.services.bots import builtin_player

    mine = builtin_player(cast.club, "leap_frog", "Ana's bot", "random", owner=cast.member)
    builtin_player(cast.club, "froggit", "Ana's froggit bot", "random", owner=cast.member)
    builtin_player(cast.club, "leap_frog", "House bot", "random")
    tournament = swiss(cast, bots=True, self_registration=True)
    assert list(registration.own_players(tournament, cast.member)) == [mine]
    assert set(registration.candidates(tournament).values_list("name", flat=True)) == {"Ana's bot", "House bot"}
    assert isinstance(registration.register_self(tournament, cast.member, mine), Entrant)
    assert not Player.objects.filter(entries__tournament=tournament, name="House bot").exists()


def test_seeds_move_one_place_and_entrants_are_removed_only_before_the_start(cast):
    tournament = swiss(cast, players=cast.players[:3])
    ben, cy, dora = tournament.entrants.order_by("seed")
    registration.move_seed(dora, -1)
    assert list(tournament.entrants.order_by("seed").values_list("player__name", flat=True)) == ["Ben", "Dora", "Cy"]
    registration.remove_entrant(ben)
    services.start_and_pair(tournament)
    with pytest.raises(Conflict, match="withdraw Cy instead"):
        registration.remove_entrant(tournament.entrants.get(player__name="Cy"))
