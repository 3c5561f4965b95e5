"""ASGI entry point (``uvicorn config.asgi:application``, the Procfile's ``web``).

The live event streams (``tournaments/web/live.py``) are served on the event loop, where a
held connection costs a coroutine; every other request (pages, API, admin, static files) goes
to the Django WSGI application in a pool of ``WEB_THREADS`` threads, as gunicorn's threads
serve it, so that no stream ever holds a page thread and pages run side by side (Django's own
ASGI handler would run every synchronous view on one thread of the process).
"""

import os

from a2wsgi import WSGIMiddleware
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
site = get_wsgi_application()

from tournaments.web.live import LiveEvents  # noqa: E402  (after Django is set up)

application = LiveEvents(WSGIMiddleware(site, workers=int(os.environ.get("WEB_THREADS", "4"))))
