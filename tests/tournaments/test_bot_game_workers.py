"""A game against a bot on a real Celery worker (Redis, PostgreSQL): the play service queues the
bot's turns by name, the worker plays them (built-in strategies in its process, an uploaded
program in its sandbox) and the member's moves meet the bot's answers until the game ends."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.logs import verify_log
from tests.factories import MembershipFactory
from tests.helpers import RemoteWorker, needs_worker_database, wait_until
from tests.helpers.bots import example, needs_sandbox
from tournaments.models import Club, Match, SeatOutput
from tournaments.selectors import match_envelope
from tournaments.services import bots as bot_services
from tournaments.services import play, queue
from tournaments.services.bot_games import start_bot_game

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]

SMALL_BOARD = {"rows": 4, "cols": 4}


@pytest.fixture
def on_the_worker(celery_worker: RemoteWorker, settings: Any, monkeypatch: pytest.MonkeyPatch) -> RemoteWorker:
    """This process queues tasks as a web process with a broker does: after the commit, to the
    worker's queue."""
    needs_worker_database()
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_worker.client.conf.task_default_queue = celery_worker.queue
    monkeypatch.setattr(queue, "current_app", celery_worker.client)
    return celery_worker


def fresh(match: Match) -> Match:
    return Match.objects.select_related("log").get(pk=match.pk)


def bot_answered(match: Match, count: int) -> bool:
    found = fresh(match)
    return found.status == Match.Status.FINISHED or found.move_count >= count


def play_against_the_worker(match: Match, user: User, mine: int) -> Match:
    """The member moves (the first legal action) whenever the bot has answered."""
    for _ in range(100):
        match = fresh(match)
        if match.status == Match.Status.FINISHED:
            return match
        count = match.move_count
        assert mine in play.live_state(match).to_move()
        play.act(match, seat=mine, action=play.live_state(match).legal_actions(mine)[0], user=user, index=count)
        wait_until(lambda: bot_answered(match, count + 2), 120, f"the worker answering move {count}")
    raise AssertionError("the game did not end")


def scene() -> tuple[Club, User]:
    club = Club.objects.create(name="Workers", slug="workers")
    return club, MembershipFactory(club=club, user__username="ana").user


def test_the_worker_plays_a_built_in_bot_s_turns(on_the_worker: RemoteWorker) -> None:
    club, member = scene()
    match = start_bot_game(club=club, game="leap_frog", user=member, bot="greedy", seat=1, options=SMALL_BOARD)
    wait_until(lambda: bot_answered(match, 1), 120, "the worker playing the bot's first move")
    match = play_against_the_worker(match, member, mine=1)
    assert match.status == Match.Status.FINISHED and not match.log.forfeits
    assert verify_log(match_envelope(match))["valid"]
    rows = SeatOutput.objects.get(seat__match=match, seat__index=0).turns
    assert [row["turn"] for row in rows] == list(range(0, match.move_count, 2))


def test_the_worker_plays_an_uploaded_bot_in_its_sandbox(on_the_worker: RemoteWorker) -> None:
    needs_sandbox()
    club, member = scene()
    noisy = example("leap_frog").replace(b"import sys", b"import sys\nprint('hello from the worker', file=sys.stderr)",
                                         1)
    entry = bot_services.create_entry(club=club, owner=member, game="leap_frog", name="Mine", filename="main.py",
                                      data=noisy)
    match = start_bot_game(club=club, game="leap_frog", user=member, bot=entry.pk, seat=0, options=SMALL_BOARD)
    match = play_against_the_worker(match, member, mine=0)
    assert match.status == Match.Status.FINISHED and not match.log.forfeits
    output = SeatOutput.objects.get(seat__match=match, seat__index=1)
    assert [row["turn"] for row in output.turns] == list(range(1, match.move_count, 2))
    assert "hello from the worker" in output.stderr
