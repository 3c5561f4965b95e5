"""Settings, one module, read from the environment.

``DATABASE_URL``     database (default: a SQLite file in the project)
``CELERY_BROKER_URL`` Redis broker and result backend; unset, tasks run in-process (eager)
``TOURNAMENT_MATCH_CHUNK`` bot matches a worker task plays in turn (default 4)
``REDIS_URL`` or ``CACHE_URL`` the cache (API throttling) in Redis; unset, in local memory
``LIVE_EVENTS_REDIS_URL`` the Redis server live updates go through (default: the cache's, else the
                     broker's); none, the pages work without live updates
``THROTTLE_ANON``, ``THROTTLE_USER`` API request rates, like ``1000/minute``
``API_CACHE``      ``false`` turns off the API's cached answers (on with a Redis cache)
``TRUSTED_PROXIES``  proxies (addresses or networks) whose X-Forwarded-For is believed; none by default
``WEBHOOK_TRUSTED_HOSTS`` host names or addresses webhooks may call although they are not public
                     (an internal receiver); none by default
``LOGIN_FAILURE_LIMIT``, ``LOGIN_LOCKOUT_MINUTES`` failed log-ins before a lockout, and its length
``API_TOKEN_DAYS``   how long an API token lives at most (default 30 days)
``SIGNUP``           ``open`` (anyone may make an account) or ``invitation`` (only with a club's
                     invitation link); default ``open``
``SIGNUP_RATE``, ``RESET_RATE`` sign-ups an address may attempt, and password resets an address or
                     an e-mail address may ask for, like ``5/h`` (the default for both)
``EMAIL_HOST``       an SMTP server for password resets (with ``EMAIL_PORT``, ``EMAIL_HOST_USER``,
                     ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``); unset, e-mail is printed to the console
``DEFAULT_FROM_EMAIL`` the sender of the service's e-mail
``SECRET_KEY``, ``DEBUG``, ``ALLOWED_HOSTS`` as usual for Django.
``PRODUCTION``       ``true`` on a deployed service: secrets must come from the environment,
                     cookies are secure and HTTPS is enforced (``docs/deployment.md``)
"""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp import constants as csp_constants
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
PRODUCTION = env_bool("PRODUCTION", False)
if PRODUCTION and not os.environ.get("SECRET_KEY"):
    raise ImproperlyConfigured("PRODUCTION is set: give the service its SECRET_KEY in the environment")
# Without SECRET_KEY (development, tests) a development key is used; `check --deploy` flags it.
SECRET_KEY = os.environ.get("SECRET_KEY") or "django-insecure-development-key-set-SECRET_KEY-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# -- HTTPS and cookies: on by default in production, behind a proxy that sets X-Forwarded-Proto --
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("BEHIND_PROXY", PRODUCTION) else None
SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # the load balancer's probe speaks plain HTTP
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", PRODUCTION)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(31_536_000 if PRODUCTION else 0)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", PRODUCTION)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", PRODUCTION)
# Content-Security-Policy on every answer (django-csp): everything the pages, the admin, the
# SVG pictures and the Swagger UI load is served from here, so nothing else may load; no
# inline script runs, and the one inline style (the Swagger UI's) carries the request's nonce.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp_constants.NONE],
        "script-src": [csp_constants.SELF],
        "style-src": [csp_constants.SELF, csp_constants.NONCE],
        "img-src": [csp_constants.SELF, "data:"],
        "font-src": [csp_constants.SELF],
        "connect-src": [csp_constants.SELF],
        "manifest-src": [csp_constants.SELF],
        "form-action": [csp_constants.SELF],
        "frame-ancestors": [csp_constants.NONE],
        "base-uri": [csp_constants.NONE],
    },
}

INSTALLED_APPS = [
    "django.contrib.admin",
    # before auth: its createsuperuser (usernames under the names' rule) takes Django's place
    "tournaments",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "django_filters",
    "django_celery_beat",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "tournaments.api.middleware.RefuseNulInAddress",
    "tournaments.api.middleware.LimitRequestBody",
    "tournaments.api.middleware.RefuseJSONBombs",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# -- Sign-in: lockouts first (django-axes), then usernames in any case (docs/security.md) ---------
AUTHENTICATION_BACKENDS = [
    "tournaments.backends.LockoutBackend",
    "tournaments.backends.AnyCaseModelBackend",
]
#: Proxies in front of the service whose X-Forwarded-For names the client (throttles, lockouts).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")
# Webhooks refuse loopback, private, link-local and other non-public addresses, except these.
WEBHOOK_TRUSTED_HOSTS = env_list("WEBHOOK_TRUSTED_HOSTS", "")
#: Failed log-ins an account, and an address, may make before it is locked out for a while.
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # each counted on its own
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a lockout ends on time, whatever follows
# Attempts are counted in the database, which every process shares (a per-process cache would
# give each web process its own count); expired attempts are removed as new ones come.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_DISABLE_ACCESS_LOG = True  # no row per successful log-in; failures are what lockouts count
AXES_CLIENT_IP_CALLABLE = "tournaments.client_address.client_address"
AXES_USERNAME_CALLABLE = "tournaments.backends.login_username"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
#: API tokens (django-rest-knox): stored hashed, named, each with an expiry.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=int(os.environ.get("API_TOKEN_DAYS", "30"))),
    "AUTH_HEADER_PREFIX": "Token",
}
KNOX_TOKEN_MODEL = "tournaments.ApiToken"
#: knox's own migrations create its default token table even though ApiToken takes its place;
#: a table no model owns would hold a key to every account (and stop the database being
#: flushed), so knox's migrations are not run: its one model is swapped out.
MIGRATION_MODULES = {"knox": None}

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "profile"
LOGOUT_REDIRECT_URL = "login"

# -- Accounts: who may sign up, and how the service sends e-mail (password resets) -----------------
SIGNUP = os.environ.get("SIGNUP", "open")
if SIGNUP not in ("open", "invitation"):
    raise ImproperlyConfigured(f"SIGNUP must be 'open' or 'invitation', not {SIGNUP!r}")


def env_rate(name: str, default: str) -> str:
    """A rate like ``5/h`` or ``20/10m`` (django-ratelimit's form): so many in a period."""
    rate = os.environ.get(name) or default
    if not re.fullmatch(r"[1-9]\d*/\d*[smhd]", rate):
        raise ImproperlyConfigured(f"{name} must be a rate like 5/h or 20/10m, not {rate!r}")
    return rate


#: Sign-ups one address may attempt, and password resets one address or one e-mail address
#: may ask for (django-ratelimit, counted in the cache); past it the page answers 429.
SIGNUP_RATE = env_rate("SIGNUP_RATE", "5/h")
RESET_RATE = env_rate("RESET_RATE", "5/h")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Leapfrog club <noreply@localhost>")
STATIC_ROOT = BASE_DIR / "staticfiles"
# whitenoise serves static files from STATIC_ROOT (run collectstatic; `make up` does), and
# from the apps' folders when STATIC_ROOT is empty (development, tests).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = env_bool("WHITENOISE_USE_FINDERS", not PRODUCTION)

# -- Cache: Redis when configured (shared by every process), otherwise this process's memory ---------
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL") or ""
if CACHE_URL:
    CACHES = {"default": {"BACKEND": "config.redis_cache.RedisCache", "LOCATION": CACHE_URL,
                          "KEY_PREFIX": "leapfrog"}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "leapfrog"}}
#: Serve the leaderboard, standings and match logs from the cache (docs/api.md, "Caching").
#: Only with a cache every process shares: a write in one process (a worker finishing a match)
#: must reach the answers every web process keeps.
API_CACHE = env_bool("API_CACHE", bool(CACHE_URL))

# -- Live updates (server-sent events through Redis pub/sub, docs/deployment.md) --------------------
LIVE_EVENTS_REDIS_URL = (os.environ.get("LIVE_EVENTS_REDIS_URL") or CACHE_URL
                         or (os.environ.get("CELERY_BROKER_URL") or ""))
#: The start of the live events' Redis names: two services sharing one Redis server name theirs apart.
LIVE_EVENTS_PREFIX = os.environ.get("LIVE_EVENTS_PREFIX") or "leapfrog:live"
#: With a worker, a tournament's page is rendered for its viewers at most once in this many
#: seconds, however many of its games finish meanwhile; the newest state always goes out. 0:
#: after every change (as without a worker, where nothing could send it later).
LIVE_TOURNAMENT_SECONDS = float(os.environ.get("LIVE_TOURNAMENT_SECONDS") or "2")

# -- API ------------------------------------------------------------------------------------------
#: Requests a client may make (per address when anonymous, per account otherwise); read at each
#: request, so a change of setting applies at once.
API_THROTTLE_RATES = {
    "anon": os.environ.get("THROTTLE_ANON") or "1000/minute",
    "user": os.environ.get("THROTTLE_USER") or "5000/minute",
}
#: The largest JSON body the API reads; larger ones are refused with 413 before they are parsed.
API_MAX_BODY_BYTES = 17 * 1024 * 1024
REST_FRAMEWORK = {
    # Session first: an anonymous request for something private is refused with 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "tournaments.api.authentication.NamedTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.BoundedJSONParser",
        "tournaments.api.parsers.NulFreeFormParser",
        "tournaments.api.parsers.NulFreeMultiPartParser",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "tournaments.api.throttling.AnonymousThrottle",
        "tournaments.api.throttling.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": API_THROTTLE_RATES,
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
# The OpenAPI schema at /api/schema/ (drf-spectacular).
SPECTACULAR_SETTINGS = {
    "TITLE": "Leapfrog club service",
    "DESCRIPTION": "Matches, logs, tournaments, bots and ratings of the club's four games. Every 4xx "
                   "answers `{code, message, fields?, verification?}`; docs/api.md is the reference.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI from the sidecar package: /api/docs/ works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "tournaments.api.schema.document_errors"],
    "ENUM_NAME_OVERRIDES": {"MatchStatusEnum": "tournaments.models.Match.Status",
                            "TournamentStatusEnum": "tournaments.models.Tournament.Status",
                            "NotificationEventEnum": "tournaments.models.notifications.EVENT_NAMES"},
}
# Log uploads may be large: the verifier bounds them itself (games.logs.MAX_LOG_BYTES).
DATA_UPLOAD_MAX_MEMORY_SIZE = 17 * 1024 * 1024
#: The largest request body of any kind (a log of games.logs.MAX_LOG_BYTES and its envelope);
#: a larger one is refused with 413 before it is read (tournaments.api.middleware).
MAX_REQUEST_BYTES = int(os.environ.get("MAX_REQUEST_BYTES") or 17 * 1024 * 1024)

# -- Celery: Redis when configured, otherwise in-process ----------------------------------------
BROKER_CONFIGURED = bool(os.environ.get("CELERY_BROKER_URL"))
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or "memory://localhost/"
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or (CELERY_BROKER_URL if BROKER_CONFIGURED else None)
CELERY_TASK_ALWAYS_EAGER = not BROKER_CONFIGURED
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
# Bot matches are the long tasks: CELERY_MATCH_QUEUE sends them to a queue of their own, so
# that workers on other machines can take only matches (``celery worker -Q matches``) while
# short tasks (pairing, ratings, the sweeper) never wait behind them. Unset, one queue.
CELERY_MATCH_QUEUE = os.environ.get("CELERY_MATCH_QUEUE") or CELERY_TASK_DEFAULT_QUEUE
CELERY_TASK_ROUTES = {"tournaments.play_bot_match": {"queue": CELERY_MATCH_QUEUE},
                      "tournaments.play_bot_matches": {"queue": CELERY_MATCH_QUEUE}}
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task a worker took but never acknowledged (the worker died) goes back to the queue after
# this many seconds; keep it above the longest task (a bot match: TOURNAMENT_MATCH_TIMEOUT).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": int(os.environ.get("BROKER_VISIBILITY_TIMEOUT", "3600"))}

CELERY_BEAT_SCHEDULE = {
    "sweep-tournaments": {"task": "tournaments.sweep", "schedule": float(os.environ.get("SWEEP_SECONDS", "60"))},
}
# Beat reads its schedule from the database, so ladders' rates are changed in the admin.
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"

# -- Tournaments -----------------------------------------------------------------------------------
#: A bot match still running this many seconds after a worker took it is played again.
TOURNAMENT_MATCH_TIMEOUT = int(os.environ.get("TOURNAMENT_MATCH_TIMEOUT", "300"))
#: Matches of a round one worker task plays in turn: one task a match pays the broker's round
#: trips (and the chord's bookkeeping) for every short match. Keep the visibility timeout above
#: this many of the longest matches.
TOURNAMENT_MATCH_CHUNK = int(os.environ.get("TOURNAMENT_MATCH_CHUNK", "4"))
if TOURNAMENT_MATCH_CHUNK < 1:
    raise ImproperlyConfigured(f"TOURNAMENT_MATCH_CHUNK must be at least 1, not {TOURNAMENT_MATCH_CHUNK}")

# Logs go to standard error; LOG_FORMAT=json (the production default) writes one JSON object a
# line, with the time, level, logger and message, for a log collector.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "json" if PRODUCTION else "text")
if LOG_FORMAT not in ("json", "text"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be json or text, not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {"()": "pythonjsonlogger.json.JsonFormatter",
                 "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
                 "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"}},
    },
    "filters": {"refusals": {"()": "config.logs.RefusalsWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"tournaments": {"level": os.environ.get("LOG_LEVEL", "INFO"), "propagate": True},
                # a 403 is a refusal, not a fault: its line without a traceback
                "django.request": {"filters": ["refusals"]}},
}
