"""Decisions that once lived in the API views, now the services': the next round waits for
the current one, a ladder keeps its club, game and seed, and tasks are queued by services
after the commit."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.helpers.world import World
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import Ladder, Round
from tournaments.services import ladders as ladder_services
from tournaments.services import queue
from tournaments.services import tournaments as tournament_services


def test_pair_round_waits_for_the_current_round(world: World) -> None:
    tournament = tournament_services.create_tournament(club=world.club, name="Cup", game="leapfrog_race",
                                                       players=[world.ana, world.ben, world.cy, world.dora])
    tournament = tournament_services.start_and_pair(tournament)
    assert tournament.rounds.get().status == Round.Status.PROPOSED
    with pytest.raises(Conflict) as refused:
        tournament_services.pair_round(tournament)
    assert refused.value.code == "round_in_progress" and tournament.rounds.count() == 1


@pytest.mark.parametrize("field", ["club", "game", "seed"])
def test_a_ladder_keeps_its_club_game_and_seed(world: World, field: str) -> None:
    ladder = ladder_services.create_ladder(club=world.club, game="leapfrog_race", seed="L")
    other = {"club": world.other_club, "game": "froggit", "seed": "M"}[field]
    with pytest.raises(InvalidInput) as refused:
        ladder_services.update_ladder(ladder, **{field: other, "every_minutes": 7})
    assert refused.value.fields == {field: ["cannot change"]}
    assert Ladder.objects.get(pk=ladder.pk).every_minutes == ladder.every_minutes
    same = ladder_services.update_ladder(ladder, **{field: getattr(ladder, field), "every_minutes": 7})
    assert same.every_minutes == 7


class Recorder:
    """A stand-in task: records what it was queued with."""

    def __init__(self) -> None:
        self.queued: list[tuple] = []

    def delay(self, *args: object) -> None:
        self.queued.append(args)


@override_settings(CELERY_TASK_ALWAYS_EAGER=False)
def test_a_task_is_queued_only_once_the_transaction_commits(db: None, django_capture_on_commit_callbacks) -> None:
    task = Recorder()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        queue.after_commit(task, 7)
        assert task.queued == []
    assert len(callbacks) == 1 and task.queued == [(7,)]


def test_without_a_broker_a_task_runs_at_once(db: None) -> None:
    task = Recorder()
    queue.after_commit(task, 8)
    assert task.queued == [(8,)]
