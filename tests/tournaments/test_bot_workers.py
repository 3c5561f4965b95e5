"""Uploaded bots on real Celery workers (Redis, PostgreSQL): a tournament of uploaded and
built-in bots fans out to the worker like any other, a ladder round is played there, a
challenge between two uploaded versions too, and a match left behind by a dead worker is
played again from its seed."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from games.logs import verify_log
from tests.helpers import RemoteWorker, needs_worker_database, wait_until
from tests.helpers.bots import example, needs_sandbox
from games.registry import get_game
from tournaments.models import Challenge, Club, Match, Membership, Rating, SeatOutput, Tournament
from tournaments.selectors import match_envelope
from tournaments.services import bots as bot_services
from tournaments.services import challenges as challenge_services
from tournaments.services import ladders as ladder_services
from tournaments.services import live_events
from tournaments.services import tournaments as tournament_services

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_a_tournament_of_uploaded_and_built_in_bots_runs_on_a_worker(celery_worker: RemoteWorker) -> None:
    needs_worker_database()
    needs_sandbox()
    club = Club.objects.create(name="Workers", slug="workers")
    owner = User.objects.create_user("writer")
    tournament = tournament_services.create_tournament(club=club, name="Mixed", game="froggit",
                                                       format="round_robin", bots=True, seed="w", rated=False)
    noisy = example("froggit").replace(b"import sys", b"import sys\nprint('hello from the sandbox', file=sys.stderr)", 1)
    uploaded = bot_services.create_entry(club=club, owner=owner, game="froggit", name="Uploaded",
                                         filename="main.py", data=noisy)
    for player in (uploaded.player, bot_services.builtin_player(club, "froggit", "Greedy", "greedy"),
                   bot_services.builtin_player(club, "froggit", "Random", "random")):
        tournament_services.register(tournament, player)
    tournament_services.start(tournament)
    celery_worker.client.send_task("tournaments.advance_tournament", args=(tournament.pk,), queue=celery_worker.queue)
    wait_until(lambda: Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED, 180,
               "the tournament finishing")
    matches = Match.objects.filter(tournament=tournament)
    assert matches.count() == 3 and all(match.status == Match.Status.FINISHED for match in matches)
    for match in matches:
        assert verify_log(match_envelope(match))["valid"]
        assert not match.log.forfeits
    outputs = SeatOutput.objects.filter(seat__player=uploaded.player)
    assert outputs.count() == 2 and all("hello from the sandbox" in output.stderr for output in outputs)


def test_a_bot_tournaments_viewers_get_paced_renders_ending_with_the_final_standings(
        celery_worker: RemoteWorker, redis_url: str, settings: Any) -> None:
    """The worker renders the tournament's page for its viewers a few times, not after every
    chunk of games, and the last render shows it finished."""
    needs_worker_database()
    settings.LIVE_EVENTS_REDIS_URL, settings.LIVE_EVENTS_PREFIX = redis_url, celery_worker.live_prefix
    club = Club.objects.create(name="Paced", slug="paced")
    tournament = tournament_services.create_tournament(club=club, name="Paced cup", game="leapfrog_race",
                                                       format="round_robin", bots=True, seed="paced", rated=False)
    for number in range(10):
        tournament_services.register(tournament, bot_services.builtin_player(club, "leapfrog_race", f"R{number}",
                                                                             "random"))
    tournament_services.start(tournament)
    celery_worker.client.send_task("tournaments.advance_tournament", args=(tournament.pk,), queue=celery_worker.queue)
    topic = live_events.tournament_topic(tournament.pk)

    def finished_shown() -> bool:
        newest = live_events.events_after(topic, None)
        return bool(newest) and json.loads(newest[0][1])["status"] == Tournament.Status.FINISHED

    wait_until(finished_shown, 180, "the finished tournament's render")
    renders = len(live_events.events_after(topic, "0-0"))
    changes = 9 + 45 // 4 + 1  # each round paired, each chunk of four games stored, the finish
    assert 1 <= renders < changes / 2, f"{renders} renders for {changes} changes"


def test_a_ladder_round_runs_on_a_worker(celery_worker: RemoteWorker) -> None:
    needs_worker_database()
    club = Club.objects.create(name="Ladder", slug="ladder")
    ladder = ladder_services.create_ladder(club=club, game="leapfrog_race", seed="lw", matches_per_run=2)
    for n in range(4):
        bot_services.create_entry(club=club, owner=None, game="leapfrog_race", name=f"b{n}", strategy="random")
    scheduled = celery_worker.run("tournaments.run_ladder", ladder.pk)
    assert len(scheduled) == 2
    wait_until(lambda: Match.objects.filter(pk__in=scheduled, status=Match.Status.FINISHED).count() == 2, 180,
               "the ladder's matches finishing")


def test_a_match_left_by_a_dead_worker_is_played_again_from_its_seed(celery_worker: RemoteWorker) -> None:
    needs_worker_database()
    club = Club.objects.create(name="Sweep", slug="sweep")
    tournament = tournament_services.create_tournament(club=club, name="Cup", game="leapfrog_race",
                                                       format="round_robin", bots=True, seed="dead", rated=False)
    for name, strategy in (("A", "greedy"), ("B", "random")):
        tournament_services.register(tournament, bot_services.builtin_player(club, "leapfrog_race", name, strategy))
    tournament_services.start(tournament)
    [match] = tournament_services.advance(tournament.pk)
    # What a worker killed in the middle of the match leaves behind: running, never finished.
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS,
                                             started_at=timezone.now() - timedelta(hours=1))
    swept = celery_worker.run("tournaments.sweep")
    assert swept["matches"] == [match.pk]
    wait_until(lambda: Match.objects.get(pk=match.pk).status == Match.Status.FINISHED, 180,
               "the swept match finishing")
    replayed = match_envelope(Match.objects.get(pk=match.pk))
    # The same match played here, from the same seed, gives the same log.
    Match.objects.filter(pk=match.pk).update(status=Match.Status.SCHEDULED, result=None)
    assert tournament_services.play_scheduled(match.pk)
    assert match_envelope(Match.objects.get(pk=match.pk)) == replayed


def test_a_challenge_between_two_uploaded_versions_runs_on_a_worker(celery_worker: RemoteWorker) -> None:
    needs_worker_database()
    needs_sandbox()
    club = Club.objects.create(name="Trials", slug="trials")
    writer, rival_owner = User.objects.create_user("writer"), User.objects.create_user("rival")
    Membership.objects.create(club=club, user=writer)
    mine = bot_services.create_entry(club=club, owner=writer, game="froggit", name="Mine", filename="main.py",
                                     data=example("froggit"))
    noisy = example("froggit").replace(b"import sys", b"import sys\nprint('rival thinking', file=sys.stderr)", 1)
    rival = bot_services.create_entry(club=club, owner=rival_owner, game="froggit", name="Rival",
                                      filename="main.py", data=noisy, ladder=True)
    # Stored here, played there: the games go to the worker by the tournaments' own task.
    challenge = challenge_services.store(owner=writer, version=mine.active_version,
                                         lineup=[rival.active_version, mine.active_version],
                                         options=get_game("froggit").parse_options({}, 2),
                                         seeds=challenge_services.game_seeds(seed_base="w", count=2), field="count")
    for chunk in challenge_services.match_chunks(challenge):
        celery_worker.client.send_task("tournaments.play_bot_matches", args=(chunk,), queue=celery_worker.queue)
    wait_until(lambda: Challenge.objects.get(pk=challenge.pk).status == Challenge.Status.FINISHED, 180,
               "the challenge finishing")
    matches = list(Match.objects.filter(challenge=challenge))
    assert len(matches) == 2 and {match.seed for match in matches} == set(challenge.seeds)
    for match in matches:
        assert match.status == Match.Status.FINISHED and not match.rated and match.ladder_id is None
        assert verify_log(match_envelope(match))["valid"] and not match.log.forfeits
    outputs = SeatOutput.objects.filter(seat__match__challenge=challenge)
    assert outputs.filter(seat__player=rival.player, stderr__contains="rival thinking").count() == 2
    assert outputs.filter(seat__player=mine.player).count() == 2
    assert not Rating.objects.filter(player__in=[mine.player, rival.player]).exists()
