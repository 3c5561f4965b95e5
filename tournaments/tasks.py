"""Celery tasks: thin wrappers over the engines and services.

Without ``CELERY_BROKER_URL`` they run in-process (eager); with it, on any worker.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from games.logs import verify_log
from games.registry import get_game
from games.runner import play_bots
from games.sandbox import Limits


@shared_task(name="tournaments.play_and_verify")
def play_and_verify(game: str, bots: list[str], options: dict[str, Any] | None = None,
                    seed: str | None = None) -> dict[str, Any]:
    """Play one match between built-in bots, verify its log, and return both."""
    log = play_bots(get_game(game), bots, options=options, seed=seed, limits=Limits())
    return {"log": log, "verification": verify_log(log)}


@shared_task(name="tournaments.play_bot_match", acks_late=True)
def play_bot_match(match_id: int) -> int:
    """Play one scheduled bot match (of a tournament or a ladder); a match already finished
    is not played again."""
    from tournaments.services.tournaments import play_scheduled

    play_scheduled(match_id)
    return match_id


@shared_task(name="tournaments.play_bot_matches", acks_late=True)
def play_bot_matches(match_ids: list[int]) -> list[int]:
    """Play a chunk of scheduled bot matches in turn (one task for several short matches, so
    that the broker's round trips are paid once a chunk). Each match is stored on its own and
    a finished one is not played again: a redelivered chunk plays only what is left."""
    from tournaments.services.tournaments import play_scheduled_many

    play_scheduled_many(match_ids)
    return list(match_ids)


@shared_task(name="tournaments.advance_tournament", acks_late=True)
def advance_tournament(tournament_id: int, *finished: Any) -> None:
    """Pair the next games once a round is decided, fan them out to the workers in chunks of
    ``TOURNAMENT_MATCH_CHUNK`` matches (a group), and come back here when they are all played
    (a chord); finish the tournament when nothing is left to play."""
    from celery import chord

    from tournaments.services.tournaments import advance, chunks

    matches = advance(tournament_id)
    if matches:
        chord(play_bot_matches.si(chunk) for chunk in chunks([match.pk for match in matches])) \
            (advance_tournament.si(tournament_id))


@shared_task(name="tournaments.update_ratings", acks_late=True)
def update_game_ratings(game: str) -> dict[str, Any]:
    """Bring one game's ratings up to date (new results on top, a change to the past
    replayed from its point). Idempotent: a redelivered task finds nothing to do."""
    from tournaments.services.ratings import summary, update_ratings

    return summary(update_ratings(game))


@shared_task(name="tournaments.sweep")
def sweep() -> dict[str, list[int]]:
    """Re-dispatch bot matches left running past the timeout (a worker died), re-run the
    next step of tournaments whose games are all decided, and update the ratings of games
    with changes not yet applied, so that no tournament or rating state lives only in the
    broker."""
    from tournaments.models import RatingMark
    from tournaments.services.tournaments import stale_matches, stalled_tournaments

    stale = stale_matches()
    for match_id in stale:
        play_bot_match.delay(match_id)
    stalled = stalled_tournaments()
    for tournament_id in stalled:
        advance_tournament.delay(tournament_id)
    games = sorted(set(RatingMark.objects.values_list("game", flat=True)))
    for game in games:
        update_game_ratings.delay(game)
    return {"matches": stale, "tournaments": stalled, "ratings": games}


@shared_task(name="tournaments.run_ladder", acks_late=True)
def run_ladder(ladder_id: int) -> list[int]:
    """Schedule a ladder's next matches (beat calls this at the ladder's rate) and hand them
    to the workers once they are stored."""
    from django.db import transaction

    from tournaments.services.ladders import schedule_round

    with transaction.atomic():
        matches = [match.pk for match in schedule_round(ladder_id)]
        transaction.on_commit(lambda: [play_bot_match.delay(match_id) for match_id in matches])
    return matches


@shared_task(name="tournaments.run_job", acks_late=True)
def run_job(job_id: int) -> str:
    """Run a long job started through the API (a ratings recompute) and store its outcome."""
    from tournaments.services.jobs import run

    return run(job_id).status
