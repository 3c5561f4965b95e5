"""The one Celery app. Settings come from ``config.settings`` (the ``CELERY_`` names).

A worker keeps its database connections from one task to the next, as a web process keeps
them from one request to the next (``CONN_MAX_AGE``). Celery's Django fix-up closes every
connection before and after each task unless ``CELERY_DB_REUSE_MAX`` is set, so every task
paid a new PostgreSQL connection (a new server process, with empty catalogue caches, for a
task of a few bot matches). Here the fix-up's own recycling is pushed out of reach, and each
task closes what Django closes between requests (a connection that failed or outlived
``CONN_MAX_AGE``) and replaces one the server dropped since the last task.
"""

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("leapfrog")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Tasks between two of the fix-up's forced reconnections (it reads the setting by this name).
app.conf.CELERY_DB_REUSE_MAX = 2**62
app.autodiscover_tasks()


@task_prerun.connect(weak=False, dispatch_uid="leapfrog-connections-before-task")
def check_connections(sender: Any = None, **kwargs: Any) -> None:
    """Before a task: close what Django closes between requests, and a connection the server
    dropped since the last task (a restart; one ``SELECT 1``), so the task reconnects."""
    if is_eager(sender):
        return
    from django.db import close_old_connections, connections

    close_old_connections()
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None and not connection.is_usable():
            connection.close()


@task_postrun.connect(weak=False, dispatch_uid="leapfrog-connections-after-task")
def close_old_connections(sender: Any = None, **kwargs: Any) -> None:
    """After a task: close the connections that failed or outlived ``CONN_MAX_AGE``."""
    if is_eager(sender):
        return
    from django.db import close_old_connections as close

    close()


def is_eager(task: Any) -> bool:
    """An eager task runs inside its caller's request or transaction: its connections are the
    caller's to manage."""
    return bool(getattr(getattr(task, "request", None), "is_eager", False))
