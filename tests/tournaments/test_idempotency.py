"""Idempotent match creation: a client that lost an answer retries with the same
Idempotency-Key and gets the match its first request stored, never a second one."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games.registry import get_game
from games.runner import play_bots
from tests.helpers import skip_or_fail
from tests.helpers.world import World
from tournaments.models import Match


def upload(world: World, key: str | None, seed: str = "idem") -> object:
    log = play_bots(get_game("froggit"), ["random", "greedy"], seed=seed)
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return world.client(world.director).post("/api/matches/", {"club": "pond", "log": log, "seats": [
        world.ana.pk, world.ben.pk]}, format="json", **headers)


def test_a_retry_with_the_same_key_answers_the_first_match(world: World) -> None:
    first = upload(world, "upload-1")
    again = upload(world, "upload-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"] and Match.objects.count() == 1
    assert upload(world, "upload-2", seed="idem-2").status_code == 201
    assert upload(world, None, seed="idem-3").status_code == 201
    assert Match.objects.count() == 3


def test_the_same_game_under_a_new_key_is_a_duplicate_and_the_old_key_still_answers(world: World) -> None:
    first = upload(world, "first")
    copy = upload(world, "second")
    assert copy.status_code == 409 and copy.json()["code"] == "duplicate_match"
    assert copy.json()["match"] == first.json()["id"]
    retry = upload(world, "first")
    assert retry.status_code == 200 and retry.json()["id"] == first.json()["id"]
    assert Match.objects.count() == 1


def test_keys_are_per_user_and_checked(world: World) -> None:
    upload(world, "same")
    live = world.client(world.member).post("/api/matches/", {"club": "pond", "game": "froggit",
                                                             "players": [world.ana.pk, world.ben.pk],
                                                             "draw_setup": True}, format="json",
                                           HTTP_IDEMPOTENCY_KEY="same")
    assert live.status_code == 201 and Match.objects.count() == 2
    for bad in ("", "x" * 101, "tab\there", "é"):
        answer = upload(world, bad)
        assert answer.status_code == 400 and "Idempotency-Key" in answer.json()["fields"], bad
    assert Match.objects.count() == 2


def test_a_refused_request_does_not_take_the_key(world: World) -> None:
    bad = world.client(world.director).post("/api/matches/", {"club": "pond", "log": {"format": 1}},
                                            format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert bad.status_code == 400
    assert upload(world, "k").status_code == 201


@pytest.mark.django_db(transaction=True)
def test_concurrent_requests_with_one_key_store_one_match(world: World) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail("concurrent writers need PostgreSQL (CI runs this on PostgreSQL)")
    barrier = threading.Barrier(6)
    answers: list[tuple[int, int]] = []

    def send() -> None:
        barrier.wait()
        answer = upload(world, "racing")
        answers.append((answer.status_code, answer.json()["id"]))
        connection.close()

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(status for status, _ in answers) == [200] * 5 + [201]
    assert len({match_id for _, match_id in answers}) == 1 and Match.objects.count() == 1
