"""Check-in before each round, no-shows (absences or withdrawals) and round deadlines."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.conftest import World
from tests.tournaments.console_data import OPTIONS, played_log
from tournaments.errors import Conflict, Forbidden, InvalidInput
from tournaments.formats.ledger import Ledger
from tournaments.models import Bye, Match, Round, RoundCheckIn, Tournament
from tournaments.services import checkins, results
from tournaments.services import tournaments as services
from tournaments.services.progress import settings_of
from tournaments.services.standings import outcomes


def swiss(world: World, *, no_show: str = "zero_bye", rounds: int = 3) -> Tournament:
    """A Swiss of five asking for check-in every round, round 1 played, round 2 not paired."""
    tournament = services.create_tournament(
        club=world.club, name="Thursday", game="leap_frog", format="swiss", options=dict(OPTIONS),
        format_settings={"rounds": rounds}, seed="checkins", round_check_in=True, no_show=no_show,
        players=[world.ana, world.ben, world.cy, world.dora, world.eve])
    tournament = services.start_and_pair(tournament)
    play(tournament, 1)
    tournament.refresh_from_db()
    return tournament


def play(tournament: Tournament, number: int) -> None:
    services.publish_proposed(tournament)
    for match in tournament.matches.filter(round__number=number):
        results.record_log(match, log=played_log(match))


def entrant(tournament: Tournament, player) -> object:
    return tournament.entrants.get(player=player)


def close(tournament: Tournament, number: int, minutes: int = -1) -> None:
    checkins.set_round_times(tournament, number=number,
                             check_in_deadline=timezone.now() + timedelta(minutes=minutes))


def test_check_in_opens_after_the_round_and_is_idempotent(world: World) -> None:
    tournament = swiss(world)
    assert checkins.open_round(tournament) == 2
    ana = entrant(tournament, world.ana)
    first = checkins.check_in_self(tournament, world.member, ana)
    again = checkins.check_in_self(tournament, world.member, ana)
    assert first.pk == again.pk and RoundCheckIn.objects.filter(entrant=ana).count() == 1
    assert first.round.number == 2 and first.round.status == Round.Status.PROPOSED and first.round.proposal == []
    assert not services.pending(tournament)


def test_not_an_entrant_of_ones_own_is_refused(world: World) -> None:
    tournament = swiss(world)
    with pytest.raises(Forbidden):
        checkins.check_in_self(tournament, world.member, entrant(tournament, world.ben))
    with pytest.raises(Forbidden):
        checkins.check_in_self(tournament, world.outsider, entrant(tournament, world.ana))
    assert not RoundCheckIn.objects.exists()


def test_pairing_is_refused_while_check_in_is_open(world: World) -> None:
    tournament = swiss(world)
    with pytest.raises(Conflict) as refused:
        services.pair_round(tournament)
    assert refused.value.code == "check_in_open" and "deadline" in refused.value.message
    close(tournament, 2, minutes=30)
    with pytest.raises(Conflict) as refused:
        services.pair_round(tournament)
    assert "open until" in refused.value.message
    assert Round.objects.get(tournament=tournament, number=2).proposal == []


def test_after_the_deadline_the_no_show_is_absent_with_zero_points_and_no_bye(world: World) -> None:
    tournament = swiss(world)
    for player in (world.ana, world.ben, world.cy, world.dora):
        checkins.check_in(entrant(tournament, player), at_desk=True)
    eve = entrant(tournament, world.eve)
    before = {row["entrant_id"]: row for row in services.compute_standings(tournament)}[eve.pk]
    close(tournament, 2)
    with pytest.raises(Conflict):
        checkins.check_in(eve)  # from the phone, too late
    services.pair_round(tournament)
    seated = [seat for game in Round.objects.get(tournament=tournament, number=2).proposal for seat in game["seats"]]
    assert eve.pk not in seated and len(seated) == 4
    play(tournament, 2)
    absence = Bye.objects.get(round__number=2, entrant=eve)
    assert absence.kind == Bye.Kind.ABSENT
    after = {row["entrant_id"]: row for row in services.compute_standings(tournament)}[eve.pk]
    assert after["points"] == before["points"] and after["absences"] == 1
    assert after["byes"] == before["byes"] and after["played"] == before["played"]


def test_an_absence_does_not_stop_a_later_real_bye(world: World) -> None:
    tournament = swiss(world)
    bye_one = Bye.objects.get(round__number=1).entrant
    others = [e for e in tournament.entrants.all() if e != bye_one]
    away = others[0]
    for present in others[1:] + [bye_one]:
        checkins.check_in(present, at_desk=True)
    close(tournament, 2)
    services.pair_round(tournament)
    play(tournament, 2)  # four play: no bye in round 2, one absence
    for present in tournament.entrants.exclude(pk=bye_one.pk):
        checkins.check_in(present, at_desk=True)
    close(tournament, 3)
    services.pair_round(tournament)  # four again: the absent one of round 2 plays; no bye
    games = Round.objects.get(tournament=tournament, number=3).proposal
    assert all(not game["bye"] for game in games)
    ledger = Ledger(settings_of(tournament), [e.pk for e in tournament.entrants.all()], outcomes(tournament))
    assert ledger.byes[away.pk] == 0 and ledger.byes[bye_one.pk] == 1


def test_the_withdraw_treatment_withdraws_the_no_show_after_the_round_before(world: World) -> None:
    tournament = swiss(world, no_show="withdraw")
    for player in (world.ana, world.ben, world.cy, world.dora):
        checkins.check_in(entrant(tournament, player), at_desk=True)
    close(tournament, 2)
    services.pair_round(tournament)
    eve = entrant(tournament, world.eve)
    eve.refresh_from_db()
    assert eve.withdrawn and eve.withdrawn_after_round == 1
    play(tournament, 2)
    assert not Bye.objects.filter(kind=Bye.Kind.ABSENT).exists()


def test_too_few_checked_in_is_refused(world: World) -> None:
    tournament = swiss(world)
    checkins.check_in(entrant(tournament, world.ana), at_desk=True)
    close(tournament, 2)
    with pytest.raises(Conflict) as refused:
        services.pair_round(tournament)
    assert refused.value.code == "too_few_checked_in"
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_bots_and_fixed_schedules_are_refused_check_in_per_round(world: World) -> None:
    with pytest.raises(InvalidInput) as refused:
        services.create_tournament(club=world.club, name="Bots", game="froggit", format="swiss",
                                   format_settings={"rounds": 2}, bots=True, round_check_in=True)
    assert "round_check_in" in refused.value.fields
    with pytest.raises(InvalidInput) as refused:
        services.create_tournament(club=world.club, name="RR", game="froggit", round_check_in=True)
    assert "round_check_in" in refused.value.fields
    with pytest.raises(InvalidInput) as refused:
        services.create_tournament(club=world.club, name="RR", game="froggit", no_show="nap")
    assert "no_show" in refused.value.fields
    assert not Tournament.objects.filter(name__in=["Bots", "RR"]).exists()


def test_a_bad_time_is_refused_beside_its_field(world: World) -> None:
    tournament = swiss(world)
    with pytest.raises(InvalidInput) as refused:
        checkins.set_round_times(tournament, number=2, deadline="tomorrow at seven")
    assert "deadline" in refused.value.fields
    with pytest.raises(InvalidInput):
        checkins.set_round_times(tournament, number=2, lunch="12:00")
    assert not Round.objects.filter(tournament=tournament, number=2).exclude(deadline=None).exists()


def test_forfeit_unfinished_games_after_the_deadline(world: World) -> None:
    tournament = swiss(world)
    for present in tournament.entrants.all():
        checkins.check_in(present, at_desk=True)
    close(tournament, 2)
    services.pair_round(tournament)
    services.publish_proposed(tournament)
    first, *rest = list(tournament.matches.filter(round__number=2).order_by("pairing"))
    results.record_log(first, log=played_log(first))
    with pytest.raises(Conflict) as refused:
        checkins.forfeit_unfinished(tournament, number=2)
    assert refused.value.code == "no_deadline"
    deadline = timezone.now() + timedelta(hours=1)
    checkins.set_round_times(tournament, number=2, deadline=deadline)
    with pytest.raises(Conflict) as refused:
        checkins.forfeit_unfinished(tournament, number=2)
    assert refused.value.code == "before_deadline"
    assert all(match.status == Match.Status.SCHEDULED for match in rest)
    checkins.set_round_times(tournament, number=2, deadline=timezone.now() - timedelta(minutes=1))
    done = checkins.forfeit_unfinished(tournament, number=2)
    assert [match.pk for match in done] == [match.pk for match in rest]
    for match in rest:
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED and not match.rated
        reasons = list(match.seats.values_list("forfeit_reason", flat=True))
        assert all(reason.startswith("not finished by the round's deadline") for reason in reasons)
    assert not services.pending(tournament)
    losers = {row["entrant"]: row for row in services.compute_standings(tournament)}
    assert sum(row["losses"] for row in losers.values()) >= 2 * len(rest)


def test_forfeit_unfinished_is_refused_for_bot_tournaments(world: World) -> None:
    tournament = Tournament.objects.create(club=world.club, name="Bots", game="froggit", format="swiss",
                                           bots=True, status=Tournament.Status.RUNNING)
    with pytest.raises(Conflict):
        checkins.forfeit_unfinished(tournament, number=1)
