"""The one Celery app. Settings come from ``config.settings`` (the ``CELERY_`` names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("leapfrog")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
