"""Bot matches played in chunks (``play_bot_matches``, ``TOURNAMENT_MATCH_CHUNK``): in-process
(eager) and on a real worker over Redis. A chunk stores each match once, a replayed chunk
(a redelivery after its worker died) plays only what is left, and the standings are those of
the one-match-at-a-time loop."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.helpers import RemoteWorker, needs_worker_database, wait_until
from tests.helpers.caches import count_deletes
from tests.helpers.world import World
from tests.helpers.tournaments import bot_tournament, run
from tournaments.models import Club, Match, Tournament
from tournaments.services import tournaments as services
from tournaments.tasks import advance_tournament

BOTS = ["random", "greedy", "random", "random", "greedy"]  # a round robin of 5: 10 matches, 5 rounds


def standings(tournament: Tournament) -> list[dict[str, object]]:
    return [{key: value for key, value in row.items() if key != "entrant_id"}
            for row in services.compute_standings(tournament)]


def logs(tournament: Tournament) -> dict[tuple[int, int], list[str]]:
    return {(match.round.number, match.pairing): list(match.log.moves)
            for match in Match.objects.filter(tournament=tournament).select_related("round", "log")}


def test_chunks_keep_the_order_and_default_to_the_setting(settings: object) -> None:
    assert services.chunks([5, 6, 7, 8, 9], 2) == [[5, 6], [7, 8], [9]]
    assert services.chunks([], 3) == []
    settings.TOURNAMENT_MATCH_CHUNK = 3
    assert services.chunks(list(range(7))) == [[0, 1, 2], [3, 4, 5], [6]]


def test_a_chunk_plays_each_match_once_and_counts_progress_once(world: World) -> None:
    tournament = bot_tournament(world.club, BOTS[:4])
    matches = [match.pk for match in services.advance(tournament.pk)]
    with CaptureQueriesContext(connection) as queries:
        assert services.play_scheduled_many(matches) == matches
    progress = [query for query in queries.captured_queries
                if query["sql"].startswith('UPDATE "tournaments_tournament"')]
    assert len(progress) == 1
    tournament.refresh_from_db()
    assert tournament.matches_done == len(matches) == 2
    played = logs(tournament)
    assert services.play_scheduled_many(matches) == []
    assert logs(tournament) == played
    assert Match.objects.filter(tournament=tournament, status=Match.Status.FINISHED).count() == 2


def test_a_replayed_chunk_plays_only_what_its_dead_worker_left(world: World) -> None:
    """A worker died in the middle of a chunk: one match stored, one claimed and never
    finished, one not started. The redelivered chunk plays the last two, from their seeds."""
    expected = run(bot_tournament(world.other_club, BOTS[:2] * 3, seed="chunk"))  # 6 entrants: 3 matches a round
    tournament = bot_tournament(world.club, BOTS[:2] * 3, seed="chunk")
    first, second, third = [match.pk for match in services.advance(tournament.pk)]
    assert services.play_scheduled(first)
    Match.objects.filter(pk=second).update(status=Match.Status.IN_PROGRESS, started_at=timezone.now())
    stored = Match.objects.get(pk=first).updated_at
    assert services.play_scheduled_many([first, second, third]) == [second, third]
    assert Match.objects.get(pk=first).updated_at == stored
    while matches := services.advance(tournament.pk):
        services.play_scheduled_many([match.pk for match in matches])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.matches_done == tournament.matches_total == 15
    assert standings(tournament) == standings(expected)


def test_a_void_or_missing_match_in_a_chunk_is_left_alone(world: World) -> None:
    tournament = bot_tournament(world.club, BOTS[:4])
    first, second = [match.pk for match in services.advance(tournament.pk)]
    Match.objects.filter(pk=first).update(status=Match.Status.VOID)
    assert services.play_scheduled_many([first, second, 10**9]) == [second]
    assert Match.objects.get(pk=first).status == Match.Status.VOID


def test_eager_tasks_run_a_tournament_in_chunks_of_the_setting(world: World, settings: object,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    settings.TOURNAMENT_MATCH_CHUNK = 2
    expected = run(bot_tournament(world.other_club, BOTS + ["greedy"], seed="eager"))
    sent: list[list[int]] = []
    play = services.play_scheduled_many
    monkeypatch.setattr(services, "play_scheduled_many", lambda ids: sent.append(list(ids)) or play(ids))
    tournament = bot_tournament(world.club, BOTS + ["greedy"], seed="eager")
    advance_tournament.delay(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert sorted(len(chunk) for chunk in sent) == [1] * 5 + [2] * 5  # 5 rounds of 3 matches: 2 + 1
    played = [match_id for chunk in sent for match_id in chunk]
    assert sorted(played) == sorted(Match.objects.filter(tournament=tournament).values_list("pk", flat=True))
    assert standings(tournament) == standings(expected)


@pytest.fixture
def chunk_of_three(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Workers started after this take three matches a task."""
    monkeypatch.setenv("TOURNAMENT_MATCH_CHUNK", "3")
    yield


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_plays_chunks_with_the_same_standings(chunk_of_three: None,
                                                            celery_worker: RemoteWorker) -> None:
    needs_worker_database()
    quiet = Club.objects.create(name="Quiet", slug="quiet")
    expected = run(bot_tournament(quiet, BOTS * 2, seed="worker"))  # 10 entrants: 45 matches, 5 a round
    tournament = bot_tournament(Club.objects.create(name="Chunks", slug="chunks"), BOTS * 2, seed="worker")
    celery_worker.client.send_task("tournaments.advance_tournament", args=(tournament.pk,), queue=celery_worker.queue)
    wait_until(lambda: Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED, 180,
               "the tournament finishing on the worker")
    tournament.refresh_from_db()
    matches = Match.objects.filter(tournament=tournament)
    keys = list(matches.values_list("round__number", "pairing", "game_number"))
    assert len(keys) == len(set(keys)) == 45
    assert tournament.matches_done == tournament.matches_total == 45
    assert standings(tournament) == standings(expected)
    assert logs(tournament) == logs(expected)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_redelivered_chunk_on_a_real_worker_plays_only_the_rest(celery_worker: RemoteWorker) -> None:
    needs_worker_database()
    tournament = bot_tournament(Club.objects.create(name="Redelivered", slug="redelivered"), BOTS[:2] * 3)
    first, second, third = [match.pk for match in services.advance(tournament.pk)]
    assert services.play_scheduled(first)
    Match.objects.filter(pk=second).update(status=Match.Status.IN_PROGRESS, started_at=timezone.now())
    stored = Match.objects.get(pk=first).updated_at
    assert celery_worker.run("tournaments.play_bot_matches", [first, second, third]) == [first, second, third]
    assert Match.objects.filter(pk__in=[first, second, third], status=Match.Status.FINISHED).count() == 3
    assert Match.objects.get(pk=first).updated_at == stored
    assert Tournament.objects.get(pk=tournament.pk).matches_done == 3


def worker_backends() -> set[tuple[object, ...]]:
    """The other server processes connected to the test database (the worker's), with their start."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid, backend_start FROM pg_stat_activity WHERE datname = current_database() "
                       "AND pid <> pg_backend_pid() AND backend_type = 'client backend'")
        return set(cursor.fetchall())


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_keeps_its_database_connection_from_task_to_task(celery_worker: RemoteWorker) -> None:
    """A new PostgreSQL connection for every task cost a worker more than the chunk's queries."""
    needs_worker_database()
    celery_worker.run("tournaments.update_ratings", "leapfrog_race")
    first = worker_backends()
    for _ in range(3):
        celery_worker.run("tournaments.update_ratings", "leapfrog_race")
    assert len(first) == 1
    assert worker_backends() == first


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_replaces_a_connection_the_server_dropped(celery_worker: RemoteWorker) -> None:
    needs_worker_database()
    celery_worker.run("tournaments.update_ratings", "leapfrog_race")
    [(pid, _)] = worker_backends()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    wait_until(lambda: not worker_backends(), 10, "the worker's server process ending")
    assert celery_worker.run("tournaments.update_ratings", "leapfrog_race")["game"] == "leapfrog_race"
    assert len(worker_backends()) == 1


def data_statements(captured: list[dict[str, str]]) -> list[str]:
    """The statements that read or write rows (not BEGIN, COMMIT or savepoints, which depend
    on the database and on whether the test runs in a transaction)."""
    return [query["sql"] for query in captured if query["sql"].split(None, 1)[0] in {"SELECT", "UPDATE", "INSERT",
                                                                                      "DELETE"}]


def test_a_played_match_costs_six_statements_and_a_chunk_four_more(world: World,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Pinned, so that what a worker pays a match cannot creep back: claim it, read it and its
    seats, then store it, its seats and its log; once a chunk, read its tournaments and
    refresh their counts under the lock. And two cache deletes a match (the claim, the store),
    one a chunk (the refresh), outside the commits."""
    tournament = bot_tournament(world.club, BOTS[:2] * 4)  # 8 entrants: 4 matches a round
    matches = [match.pk for match in services.advance(tournament.pk)]
    assert len(matches) == 4
    deleted = count_deletes(monkeypatch)
    with CaptureQueriesContext(connection) as queries:
        assert services.play_scheduled_many(matches) == matches
    statements = data_statements(queries.captured_queries)
    assert len(statements) == 6 * len(matches) + 4, "\n".join(statements)
    assert [statement.split(None, 1)[0] for statement in statements[:6]] == \
        ["UPDATE", "SELECT", "SELECT", "UPDATE", "UPDATE", "UPDATE"]
    assert len(deleted) == 2 * len(matches) + 1
    assert Match.objects.filter(pk__in=matches, status=Match.Status.FINISHED).count() == 4
