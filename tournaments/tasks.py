"""Celery tasks: thin wrappers over the engines and services.

Without ``CELERY_BROKER_URL`` they run in-process (eager); with it, on any worker.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from games.logs import verify_log
from games.registry import get_game
from games.runner import play_bots


@shared_task(name="tournaments.play_and_verify")
def play_and_verify(game: str, bots: list[str], options: dict[str, Any] | None = None,
                    seed: str | None = None) -> dict[str, Any]:
    """Play one match between built-in bots, verify its log, and return both."""
    log = play_bots(get_game(game), bots, options=options, seed=seed)
    return {"log": log, "verification": verify_log(log)}
