"""Queueing a Celery task from a service: after the commit, so that a worker finds the rows
it was queued for.

Without a broker (``CELERY_TASK_ALWAYS_EAGER``) the task runs here and now, as the command
line and the tests play: there is no worker to wait for.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction


def after_commit(task: Any, *args: Any) -> None:
    """Queue ``task(*args)`` once the current transaction commits (at once outside one)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        task.delay(*args)
    else:
        transaction.on_commit(lambda: task.delay(*args))
