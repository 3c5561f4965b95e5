"""The board's rules: who may act, stale indexes, undo, and the clocks (time frozen and moved
by the test; nothing sleeps) with their flag fall, by an action or by the ``check_clock`` task."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from games.logs import verify_log
from tests.helpers.play import QUICK, Clock
from tests.helpers.world import World
from tournaments import tasks
from tournaments.errors import Conflict, Forbidden, InvalidInput
from tournaments.models import LiveGame, Match
from tournaments.replays import Viewpoint
from tournaments.selectors import match_envelope, may_act
from tournaments.services import play


@pytest.fixture
def seated(world: World) -> World:
    """Ana is the member's player; Ben is the bystander's."""
    world.ben.user = world.bystander
    world.ben.save()
    return world


def race(world: World, seats: int = 2, **kwargs: object) -> Match:
    players = [world.ana, world.ben, world.cy][:seats]
    return play.start_game(club=world.club, game="leapfrog_race", players=players, by=world.director, **kwargs)


def steps(match: Match) -> list:
    return LiveGame.objects.get(match=match).steps


# -- who may act ------------------------------------------------------------------------------------

def test_a_seat_is_played_by_its_member_or_a_director_and_nobody_else(seated: World) -> None:
    world = seated
    match = race(world)
    assert may_act(world.member, match, 0) and not may_act(world.member, match, 1)
    assert may_act(world.director, match, 1) and may_act(world.staff, match, 0)
    for user, seat in ((world.bystander, 0), (world.member, 1), (world.outsider, 0), (AnonymousUser(), 0),
                       (None, 0)):
        with pytest.raises(Forbidden, match=f"only the player of seat {seat}"):
            play.act(match, seat=seat, action="1", user=user, index=0)
    assert steps(match) == []
    play.act(match, seat=0, action="1", user=world.member, index=0)
    play.act(match, seat=1, action="2", user=world.bystander, index=0)
    assert Match.objects.get(pk=match.pk).move_count == 1


@pytest.mark.parametrize("seat, action, index, field", [
    (-1, "1", 0, "seat"), ("0", "1", 0, "seat"), (True, "1", 0, "seat"), (2, "1", 0, "seat"),
    (0, "", 0, "action"), (0, 3, 0, "action"), (0, "x" * 201, 0, "action"), (0, "1\x00", 0, "action"),
    (0, "1", -1, "index"), (0, "1", "0", "index")])
def test_malformed_input_is_refused_beside_its_field_and_nothing_is_stored(
        world: World, seat: object, action: object, index: object, field: str) -> None:
    match = race(world)
    with pytest.raises(InvalidInput) as refused:
        play.act(match, seat=seat, action=action, user=world.director, index=index)
    assert list(refused.value.fields) == [field]
    assert steps(match) == [] and Match.objects.get(pk=match.pk).move_count == 0


def test_a_stale_index_is_refused(world: World) -> None:
    match = race(world)
    play.act(match, seat=0, action="1", user=world.director, index=0)
    play.act(match, seat=1, action="1", user=world.director, index=0)
    with pytest.raises(Conflict) as stale:
        play.act(match, seat=0, action="2", user=world.director, index=0)
    assert stale.value.code == "stale_index" and steps(match) == []


# -- undo -------------------------------------------------------------------------------------------

def test_undo_rules(seated: World) -> None:
    world = seated
    match = race(world)
    with pytest.raises(Conflict) as nothing:
        play.undo(match, user=world.director)
    assert nothing.value.code == "no_moves"
    play.act(match, seat=1, action="5", user=world.bystander, index=0)
    play.act(match, seat=0, action="3", user=world.member, index=0)
    match = Match.objects.get(pk=match.pk)
    assert match.move_count == 1 and LiveGame.objects.get(match=match).last_by == world.member
    member_view = play.play_view(match, Viewpoint(0, False), user=world.member)
    assert member_view["last_by_me"] and not play.play_view(match, Viewpoint(1, False), user=world.bystander)[
        "last_by_me"]
    with pytest.raises(Forbidden, match="only who made the last move"):
        play.undo(match, user=world.bystander)
    # Ben chooses for the next turn, then takes his own choice back: the last move stays.
    play.act(match, seat=1, action="6", user=world.bystander, index=1)
    play.undo(match, user=world.bystander, index=1)
    assert steps(match) == [] and Match.objects.get(pk=match.pk).move_count == 1
    with pytest.raises(Conflict) as stale:
        play.undo(match, user=world.member, index=0)
    assert stale.value.code == "stale_index"
    match = play.undo(match, user=world.member, index=1)  # who completed it, until the next move
    assert match.move_count == 0 and match.log.moves == [] and steps(match) == []
    play.act(match, seat=0, action="2", user=world.member, index=0)
    play.act(match, seat=1, action="4", user=world.bystander, index=0)
    with pytest.raises(Forbidden):  # Ana's move is no longer the last one completed by her
        play.undo(match, user=world.member)
    assert play.undo(match, user=world.director).move_count == 0
    with pytest.raises(Forbidden):
        play.undo(match, user=world.outsider)


# -- clocks -----------------------------------------------------------------------------------------

def test_clocks_run_for_the_seats_still_to_choose_and_gain_the_increment(world: World, clock: Clock) -> None:
    match = race(world, clock_seconds=60, increment_seconds=5)
    clock.advance(10)
    view = play.play_view(match, Viewpoint(None, True))
    assert view["clocks"]["remaining_ms"] == [50000, 50000] and view["clocks"]["running"] == [0, 1]
    play.act(match, seat=0, action="1", user=world.director, index=0)
    clock.advance(20)
    clocks = play.play_view(match, Viewpoint(None, True))["clocks"]
    assert clocks["remaining_ms"] == [55000, 30000] and clocks["running"] == [1]
    assert clocks["at"] == int(clock.now.timestamp() * 1000)
    play.act(match, seat=1, action="1", user=world.director, index=0)
    live = LiveGame.objects.get(match=match)
    assert live.remaining_ms == [55000, 35000]
    assert play.play_view(Match.objects.get(pk=match.pk), Viewpoint(None, False))["clocks"]["running"] == [0, 1]


def test_acting_after_one_s_time_ran_out_forfeits_it_for_time(world: World, clock: Clock) -> None:
    match = play.start_game(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                            options=QUICK["measure_and_tempo"], by=world.director, clock_seconds=30)
    first = match.log.setup["first"]
    clock.advance(30)
    with pytest.raises(Conflict) as late:
        play.act(match, seat=first, action="stall", user=world.director, index=0)
    assert late.value.code == "time_out"
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED and match.log.forfeits == [
        {"seat": first, "after": 0, "reason": "time"}]
    assert match.seats.get(index=first).forfeit_reason == "time" and match.result["ranks"][1 - first] == 1
    assert verify_log(match_envelope(match))["valid"]


def test_the_check_clock_task_lets_a_flag_fall_with_no_one_acting(world: World, clock: Clock) -> None:
    match = race(world, seats=3, clock_seconds=60)
    play.act(match, seat=0, action="1", user=world.director, index=0)
    play.act(match, seat=1, action="2", user=world.director, index=0)
    clock.advance(59)
    assert tasks.check_clock(match.pk) is False and Match.objects.get(pk=match.pk).log.forfeits == []
    clock.advance(1)
    assert tasks.check_clock(match.pk) is True
    match = Match.objects.get(pk=match.pk)
    # Three seats: the table plays on, the late seat's token drawn for it from the seed.
    assert match.status == Match.Status.IN_PROGRESS and match.move_count == 1
    assert match.log.forfeits == [{"seat": 2, "after": 0, "reason": "time"}]
    view = play.play_view(match, Viewpoint(None, True))
    assert view["forfeited"] == [2] and view["to_move"] == [0, 1] and view["clocks"]["running"] == [0, 1]
    play.act(match, seat=0, action="3", user=world.director, index=1)
    match = play.act(match, seat=1, action="3", user=world.director, index=1)
    assert match.move_count == 2 and verify_log(match_envelope(match))["valid"]
    assert tasks.check_clock(match.pk) is False


def test_an_untimed_game_has_no_clocks(world: World, clock: Clock) -> None:
    match = race(world)
    clock.advance(10 ** 6)
    assert play.play_view(match, Viewpoint(None, False))["clocks"] is None
    assert tasks.check_clock(match.pk) is False


def test_a_cycler_takes_back_a_half_made_cycle_with_its_draw(seated: World) -> None:
    world = seated
    match = play.start_game(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                            options=QUICK["measure_and_tempo"], by=world.director)
    first = match.log.setup["first"]
    cycler, other = (world.member, world.bystander) if first == 0 else (world.bystander, world.member)
    play.act(match, seat=first, action="cycle", user=cycler, index=0)
    assert len(steps(match)) == 2
    with pytest.raises(Conflict) as nothing:  # the other player has neither a choice nor a move to take back
        play.undo(match, user=other)
    assert nothing.value.code == "no_moves" and len(steps(match)) == 2
    play.undo(match, user=cycler, index=0)
    assert steps(match) == [] and play.play_view(match, Viewpoint(first, False))["to_move"] == [first]
    assert "cycle" in play.play_view(match, Viewpoint(first, False))["legal"][str(first)]
