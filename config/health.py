"""``GET /health/``: whether this web process can reach its database and its broker, for load
balancers and process monitors. 200 when both answer, 503 naming what does not."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

BROKER_TIMEOUT_SECONDS = 2.0


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any failure to reach the database is the answer
        logger.warning("health: database unreachable: %s", error)
        return f"error: {type(error).__name__}"
    return "ok"


def broker_status() -> str:
    if not settings.BROKER_CONFIGURED:
        return "in-process"
    from config.celery import app

    try:
        with app.connection_for_write() as broker:
            broker.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
    except Exception as error:
        logger.warning("health: broker unreachable: %s", error)
        return f"error: {type(error).__name__}"
    return "ok"


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    checks = {"database": database_status(), "broker": broker_status()}
    healthy = all(value in ("ok", "in-process") for value in checks.values())
    return JsonResponse({"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503)
