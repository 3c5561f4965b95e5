"""Settings come from the environment: the embedded default, and production services."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.db import connection

from tests.helpers import ROOT, in_ci

PROBE = ("import json, django; django.setup(); from django.conf import settings as s; "
         "print(json.dumps({'engine': s.DATABASES['default']['ENGINE'], 'name': str(s.DATABASES['default']['NAME']),"
         " 'eager': s.CELERY_TASK_ALWAYS_EAGER, 'broker': s.CELERY_BROKER_URL, 'backend': s.CELERY_RESULT_BACKEND,"
         " 'debug': s.DEBUG, 'hosts': s.ALLOWED_HOSTS}))")


def settings_with(**env: str) -> dict:
    clean = {key: value for key, value in os.environ.items()
             if key not in {"DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "DEBUG", "ALLOWED_HOSTS"}}
    clean["DJANGO_SETTINGS_MODULE"] = "config.settings"
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_embedded_default_is_sqlite_and_eager_tasks() -> None:
    found = settings_with()
    assert found["engine"] == "django.db.backends.sqlite3" and found["name"].endswith("db.sqlite3")
    assert found["eager"] is True and found["backend"] is None
    assert found["debug"] is False


def test_production_services_from_the_environment() -> None:
    found = settings_with(DATABASE_URL="postgres://club:secret@db.example:5432/leapfrog",
                          CELERY_BROKER_URL="redis://redis.example:6379/0", DEBUG="true",
                          ALLOWED_HOSTS="club.example, api.club.example")
    assert found["engine"] == "django.db.backends.postgresql" and found["name"] == "leapfrog"
    assert found["eager"] is False
    assert found["broker"] == found["backend"] == "redis://redis.example:6379/0"
    assert found["debug"] is True and found["hosts"] == ["club.example", "api.club.example"]


@pytest.mark.django_db
def test_the_database_works_and_ci_uses_postgresql() -> None:
    from django.contrib.auth.models import User

    User.objects.create_user("ana")
    assert User.objects.filter(username="ana").exists()
    if in_ci():
        assert connection.vendor == "postgresql", "CI must test the production database"
