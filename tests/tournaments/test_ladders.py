"""Ladders: the pairing rule (property-based), scheduling rounds from the seed, placement
matches, the beat schedule kept in the database, and the task that plays a round."""

from __future__ import annotations

import json
import random

import pytest
from django_celery_beat.models import PeriodicTask
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.world import World
from tournaments.errors import InvalidInput
from tournaments.models import Ladder, Match, Seat
from tournaments.services import bots as bot_services
from tournaments.services import ladders as services
from tournaments.services.ladders import Candidate, pick_tables
from tournaments.tasks import run_ladder

candidates = st.lists(
    st.builds(Candidate, player_id=st.integers(1, 10**6), owner=st.sampled_from(["user 1", "user 2", "user 3"]),
              rating=st.floats(0, 3000), version_games=st.integers(0, 20), games=st.integers(0, 50),
              placing=st.booleans()),
    unique_by=lambda c: c.player_id, max_size=14)


@settings(max_examples=300, deadline=None)
@given(pool=candidates, seats=st.integers(2, 6), count=st.integers(1, 6), seed=st.integers())
def test_tables_seat_nobody_twice_and_never_one_owner_alone(pool: list[Candidate], seats: int, count: int,
                                                             seed: int) -> None:
    tables = pick_tables(pool, seats, count, random.Random(seed))
    assert len(tables) <= count
    seated = [c.player_id for table in tables for c in table]
    assert len(seated) == len(set(seated))
    for table in tables:
        assert len(table) == seats
        assert len({c.owner for c in table}) >= 2
    assert tables == pick_tables(pool, seats, count, random.Random(seed))  # same seed, same tables


def test_placing_and_fewest_games_come_first_and_close_ratings_meet_more_often() -> None:
    field = [Candidate(n, f"user {n}", 1000.0 + 100 * n, 5, 30, False) for n in range(2, 11)]
    newcomer = Candidate(99, "user 99", 1500.0, 0, 40, True)
    assert pick_tables([*field, newcomer], 2, 1, random.Random(3))[0][0] == newcomer
    anchor = Candidate(1, "user 1", 1100.0, 5, 0, False)  # fewest games: always first
    opponents = [pick_tables([anchor, *field], 2, 1, random.Random(seed))[0][1].player_id for seed in range(400)]
    near, far = sum(n in (2, 3) for n in opponents), sum(n in (9, 10) for n in opponents)
    assert near > 4 * far


def make_ladder(world: World, **fields: object) -> Ladder:
    return services.create_ladder(club=world.club, game="leapfrog_race", seed="ladder", **fields)


def entries(world: World, owners: list[object]) -> list:
    return [bot_services.create_entry(club=world.club, owner=owner, game="leapfrog_race", name=f"bot{n}",
                                      strategy="random" if n % 2 else "greedy")
            for n, owner in enumerate(owners)]


def test_a_ladder_keeps_its_rate_in_beat_schedule(world: World) -> None:
    ladder = make_ladder(world, every_minutes=7)
    task = PeriodicTask.objects.get(pk=ladder.periodic_task_id)
    assert (task.task, json.loads(task.args), task.interval.every, task.interval.period, task.enabled) == (
        "tournaments.run_ladder", [ladder.pk], 7, "minutes", True)
    services.update_ladder(ladder, every_minutes=30, enabled=False)
    task.refresh_from_db()
    assert (task.interval.every, task.enabled) == (30, False)


@pytest.mark.parametrize("fields", [{"seats": 1}, {"seats": 7}, {"options": {"speed": 2}}, {"every_minutes": 0},
                                    {"bot_limits": {"move_ms": 0}}])
def test_bad_ladder_settings_are_refused(world: World, fields: dict) -> None:
    with pytest.raises(InvalidInput):
        make_ladder(world, **fields)
    assert not Ladder.objects.exists() and not PeriodicTask.objects.filter(name__startswith="ladder").exists()


def test_a_round_pairs_entries_of_different_owners_and_skips_busy_ones(world: World) -> None:
    ladder = make_ladder(world, matches_per_run=3)
    entries(world, [world.member, world.member, world.bystander, world.bystander])
    matches = services.schedule_round(ladder.pk)
    assert len(matches) == 2
    for match in matches:
        owners = {seat.player.bot_entry.owner_id for seat in match.seats.select_related("player__bot_entry")}
        assert len(owners) == 2 and match.status == Match.Status.SCHEDULED and match.rated
        assert all(seat.bot_version is not None for seat in match.seats.all())
    assert services.schedule_round(ladder.pk) == []  # everyone is busy until these are played


def test_one_owners_entries_never_meet_alone(world: World) -> None:
    ladder = make_ladder(world)
    entries(world, [world.member, world.member, world.member])
    assert services.schedule_round(ladder.pk) == []


def test_the_same_seed_and_history_give_the_same_rounds(world: World) -> None:
    ladder = make_ladder(world, matches_per_run=2)
    entries(world, [world.member, world.bystander, world.director, None])

    def pairings() -> list[list[str]]:
        return [[seat.player.name for seat in match.seats.order_by("index")] for match in services.schedule_round(ladder.pk)]

    first = pairings()
    Match.objects.filter(ladder=ladder).delete()
    Ladder.objects.filter(pk=ladder.pk).update(runs=0)
    assert pairings() == first


def test_the_task_schedules_and_plays_a_round(world: World, django_capture_on_commit_callbacks) -> None:
    ladder = make_ladder(world, matches_per_run=2)
    entries(world, [world.member, world.bystander, world.director, None])
    with django_capture_on_commit_callbacks(execute=True):
        played = run_ladder.delay(ladder.pk).get()
    assert len(played) == 2
    for match in Match.objects.filter(pk__in=played):
        assert match.status == Match.Status.FINISHED and match.ladder == ladder
    ladder.refresh_from_db()
    assert ladder.runs == 1


def test_new_versions_get_their_placement_matches_first(world: World, django_capture_on_commit_callbacks) -> None:
    ladder = make_ladder(world, matches_per_run=1, placement_matches=2)
    entries(world, [world.member, world.bystander, world.director])

    def round_() -> list[int]:
        with django_capture_on_commit_callbacks(execute=True):
            return run_ladder.delay(ladder.pk).get()

    for _ in range(4):
        round_()
    newcomer = bot_services.create_entry(club=world.club, owner=None, game="leapfrog_race", name="new",
                                         strategy="mc:budget=3")
    for _ in range(2):
        [match_id] = round_()
        assert Seat.objects.filter(match_id=match_id, player=newcomer.player).exists()
    assert Seat.objects.filter(player=newcomer.player, bot_version=newcomer.active_version).count() == 2
    assert not Match.objects.filter(ladder=ladder).exclude(status=Match.Status.FINISHED).exists()


def test_disabled_ladders_schedule_nothing(world: World) -> None:
    ladder = make_ladder(world, enabled=False)
    entries(world, [world.member, world.bystander])
    assert services.schedule_round(ladder.pk) == []


def test_candidates_carry_their_ratings_from_the_ladders_rated_matches(world: World,
                                                                      django_capture_on_commit_callbacks) -> None:
    from tournaments.selectors import ratings_for

    ladder = make_ladder(world, matches_per_run=2)
    entries(world, [world.member, world.bystander, world.director, None])
    with django_capture_on_commit_callbacks(execute=True):
        run_ladder.delay(ladder.pk).get()
    pool = services.candidates(ladder)
    rated = ratings_for(ladder.game, [c.player_id for c in pool])
    assert [c.rating for c in pool] == [rated[c.player_id].rating for c in pool]
    assert len({c.rating for c in pool}) > 1 and all(c.games == 1 for c in pool)
