"""Seats deciding at the same moment on PostgreSQL: in the race both seats choose their tokens
at once, turn after turn, from two threads with their own connections. Each decision is taken
in turn under the match's lock, so no choice is lost or counted twice: every turn is logged
once, with both tokens, and the whole race verifies."""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connection

from games.logs import verify_log
from tests.helpers import needs_postgresql
from tests.helpers.world import make_world
from tournaments.errors import Conflict
from tournaments.models import Match
from tournaments.selectors import match_envelope
from tournaments.services import play

TURNS = 6


@pytest.mark.django_db(transaction=True)
def test_two_seats_choosing_at_once_each_land_once() -> None:
    needs_postgresql("seats acting at once on separate connections")
    world = make_world()
    match = play.start_game(club=world.club, game="leapfrog_race", players=[world.ana, world.ben], by=world.director)
    chosen: dict[int, list[str]] = {0: [], 1: []}
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def seat(index: int) -> None:
        rng = random.Random(index)
        try:
            for turn in range(TURNS):
                start.wait(timeout=60)
                current = Match.objects.get(pk=match.pk)
                action = rng.choice(play.live_state(current).legal_actions(index))
                play.act(match.pk, seat=index, action=action, user=world.director, index=turn)
                chosen[index].append(action)
                start.wait(timeout=60)
        except (Conflict, threading.BrokenBarrierError, AssertionError) as error:  # pragma: no cover
            errors.append(error)
            start.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=seat, args=(index,)) for index in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    match = Match.objects.get(pk=match.pk)
    assert match.move_count == TURNS
    for turn, move in enumerate(match.log.moves):
        tokens = dict((part[0], part[1]) for part in move.split(" "))
        assert tokens["R"] == chosen[0][turn] and tokens["Y"] == chosen[1][turn]
    assert verify_log(match_envelope(match))["valid"]
