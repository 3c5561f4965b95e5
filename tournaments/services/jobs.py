"""Long jobs started through the API: stored as :class:`Job` rows that a worker runs and the
client polls. Without a broker the job runs at once, in the request, and is done when the
client first looks."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from games.errors import UnknownGameError
from games.registry import GAME_CLASSES, require_game
from tournaments.errors import refused_by_game
from tournaments.models import Job
from tournaments.services import ratings
from tournaments.services.queue import after_commit

logger = logging.getLogger(__name__)


def start_recompute(game: str | None, *, by: Any = None) -> Job:
    """Queue a full recompute of one game's ratings (every game's when ``game`` is None)."""
    if game is not None:
        try:
            require_game(game)
        except UnknownGameError as error:
            raise refused_by_game(error, code="invalid") from None
    job = Job.objects.create(kind=Job.Kind.RECOMPUTE_RATINGS, params={"game": game},
                             created_by=by if getattr(by, "is_authenticated", False) else None)
    dispatch(job)
    return job


def dispatch(job: Job) -> None:
    """Hand the job to a worker once it is committed (or run it here without a broker)."""
    after_commit(run_job, job.pk)


def run(job_id: int) -> Job:
    """Run a queued job and store its result, or its failure; a job already finished or
    taken by another worker is left alone, so a redelivered task does nothing twice."""
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job_id)
        if job.status != Job.Status.QUEUED:
            return job
        job.status = Job.Status.RUNNING
        job.started_at = timezone.now()
        job.save(update_fields=["status", "started_at"])
    try:
        result = perform(job)
    except Exception as error:  # the job's failure is its answer; the worker goes on
        logger.exception("job %s failed", job.pk)
        job.status, job.error = Job.Status.FAILED, f"{type(error).__name__}: {error}"[:2000]
    else:
        job.status, job.result = Job.Status.DONE, result
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "result", "error", "finished_at"])
    return job


def perform(job: Job) -> dict[str, Any]:
    if job.kind == Job.Kind.RECOMPUTE_RATINGS:
        games = [job.params["game"]] if job.params.get("game") else sorted(GAME_CLASSES)
        return {"games": [ratings.summary(ratings.recompute_ratings(game)) for game in games]}
    raise ValueError(f"unknown job kind {job.kind!r}")


@shared_task(name="tournaments.run_job", acks_late=True)
def run_job(job_id: int) -> str:
    """Run a long job started through the API (a ratings recompute) and store its outcome."""
    return run(job_id).status
