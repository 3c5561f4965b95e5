"""Queueing a Celery task from a service: after the commit, so that a worker finds the rows
it was queued for.

Without a broker (``CELERY_TASK_ALWAYS_EAGER``) the task runs here and now, as the command
line and the tests play: there is no worker to wait for.
"""

from __future__ import annotations

from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction


def after_commit(task: Any, *args: Any) -> None:
    """Queue ``task(*args)`` once the current transaction commits (at once outside one)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        task.delay(*args)
    else:
        transaction.on_commit(lambda: task.delay(*args))


def after_commit_in(task: Any, seconds: float, *args: Any) -> None:
    """Queue ``task(*args)`` to run ``seconds`` after the commit (a clock's flag fall). Without a
    broker nothing is queued: there is no worker to wait, and the check happens when someone
    next acts."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        transaction.on_commit(lambda: task.apply_async(args, countdown=max(0.0, seconds)))


def after_commit_named(name: str, *args: Any) -> None:
    """Queue the task Celery knows as ``name`` (one another module defines) after the commit;
    without a broker it runs here and now if this process has it, and is skipped if not."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        task = current_app.tasks.get(name)
        if task is not None:
            task.delay(*args)
    else:
        transaction.on_commit(lambda: current_app.send_task(name, args=list(args)))
