"""Celery tasks, as the workers find them (``autodiscover_tasks`` imports this module).

Each task is defined beside the service it runs (``services/tournaments.py``,
``services/ladders.py``, ``services/ratings.py``, ``services/jobs.py``,
``services/notifications.py``, ``services/play.py``, ``services/bot_turns.py``) and is named here
too; imports run one way, from here to the services, never back. Only the demo's
``play_and_verify``, which needs no service, lives here. Without ``CELERY_BROKER_URL`` the
tasks run in-process (eager); with it, on any worker.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from games.logs import verify_log
from games.registry import get_game
from games.runner import play_bots
from games.sandbox import Limits
from tournaments.services.bot_turns import play_bot_turns
from tournaments.services.jobs import run_job
from tournaments.services.ladders import run_ladder
from tournaments.services.play import check_clock
from tournaments.services.notifications import deliver_webhook, send_notification_email
from tournaments.services.ratings import update_game_ratings
from tournaments.services.tournaments import (
    advance_tournament,
    play_bot_match,
    play_bot_matches,
    publish_live,
    sweep,
)

__all__ = ["advance_tournament", "check_clock", "deliver_webhook", "play_and_verify", "play_bot_match", "play_bot_matches",
           "play_bot_turns", "publish_live", "run_job", "run_ladder", "send_notification_email", "sweep",
           "update_game_ratings"]


@shared_task(name="tournaments.play_and_verify")
def play_and_verify(game: str, bots: list[str], options: dict[str, Any] | None = None,
                    seed: str | None = None) -> dict[str, Any]:
    """Play one match between built-in bots, verify its log, and return both."""
    log = play_bots(get_game(game), bots, options=options, seed=seed, limits=Limits())
    return {"log": log, "verification": verify_log(log)}
