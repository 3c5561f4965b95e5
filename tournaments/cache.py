"""Cached API answers that are never stale: each is stored under the versions of what it was
computed from, and a write changes those versions.

A *scope* names a set of rows an answer reads: ``tournament:<id>`` (a tournament, its
entrants, rounds, byes and matches), ``match:<id>`` (a match, its log and seats),
``ratings:<game>`` (a game's ratings), ``players`` (every player's name and kind) and
``clubs`` (which clubs exist and which are public: who may read what). Its
version is a random token kept in the cache; :func:`bump` forgets it, so that the next reader
draws a new one and every answer stored under the old one is never read again (it expires).

A write forgets at once and again when its transaction commits: a reader that read the rows
before the commit may store what it read, but under a version that the commit forgets.
:func:`forget` is the one hook: the signal receivers below call it on every save and delete
of the small models, and the services call it where they write with ``update()``,
``bulk_update()`` or ``COPY``, which send no signals (every rating is written that way:
:mod:`tournaments.services.ratings` forgets ``ratings:<game>``). Matches and seats have no
delete receivers (deleting a club's hundred thousand matches would then load them one by
one): the ``delete_match`` service forgets, and the one service that deletes many (deleting
a club) changes ``clubs``, which every answer's key holds.

After restoring a database under a running cache, forget the versions (``python manage.py
shell -c "from tournaments.cache import forget_versions; forget_versions()"``): a restore
sends no signals.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Callable
from typing import Any

from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.db import transaction
from django.db.models.signals import post_delete, post_save

#: How long an answer is kept: long enough to serve many requests, short enough that
#: answers under forgotten versions do not pile up.
ANSWER_SECONDS = 3600
#: How long a version is kept; when one expires, the next reader draws a new one (a miss).
VERSION_SECONDS = 7 * 24 * 3600


def version_key(scope: str) -> str:
    return f"version:{scope}"


def versions(*scopes: str) -> str:
    """The scopes' current versions as one string, drawing new ones for the scopes that have none."""
    keys = [version_key(scope) for scope in scopes]
    found = cache.get_many(keys)
    tokens = []
    for key in keys:
        token = found.get(key)
        if token is None:
            token = uuid.uuid4().hex
            if not cache.add(key, token, VERSION_SECONDS):  # another process drew one first
                token = cache.get(key) or token
        tokens.append(token)
    return ".".join(tokens)


def bump(*scopes: str) -> None:
    """Forget the scopes' versions now and again when the current transaction commits (once,
    outside a transaction: the write is committed already)."""
    keys = [version_key(scope) for scope in scopes if scope]
    if not keys:
        return
    cache.delete_many(keys)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: cache.delete_many(keys))


def forget_versions() -> int:
    """Forget every version, so that no answer cached so far is read again: for when the
    database was replaced under a running cache (a restore, a test run's new database).
    Answer how many versions were forgotten (with Redis; other caches are cleared whole)."""
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        client = backend._cache.get_client(write=True)
        keys = list(client.scan_iter(match=backend.make_key(version_key("*"))))
        if keys:
            client.delete(*keys)
        return len(keys)
    backend.clear()
    return 0


def tournament_scope(tournament_id: int | None) -> str:
    return f"tournament:{tournament_id}" if tournament_id else ""


def match_scope(match_id: int | None) -> str:
    return f"match:{match_id}" if match_id else ""


def ratings_scope(game: str) -> str:
    return f"ratings:{game}"


def forget(*, match: int | None = None, tournament: int | None = None, ratings: str | None = None,
           players: bool = False, clubs: bool = False) -> None:
    """Forget the cached answers that read a match (its log and seats), a tournament (its
    entrants, rounds, byes and matches), a game's ratings, the players or the clubs: what a
    write changed. Now and again at the commit (:func:`bump`)."""
    bump(match_scope(match), tournament_scope(tournament), ratings_scope(ratings) if ratings else "",
         "players" if players else "", "clubs" if clubs else "")


def answer_key(name: str, *parts: Any) -> str:
    """A cache key for an answer: its name and a digest of everything it depends on."""
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    return f"answer:{name}:{digest}"


#: How long a request waits for another one computing the same answer before computing it too.
WAIT_SECONDS = 10.0


def remember(key: str, compute: Callable[[], Any], seconds: int = ANSWER_SECONDS, *,
             single: bool = False) -> Any:
    """The answer stored under ``key``, computed and stored when there is none.

    With ``single``, one request computes a missing answer while the others asking for it
    wait for it (up to :data:`WAIT_SECONDS`, then compute it themselves): a big tournament's
    standings take a second or more, and every reader would otherwise compute them at once
    after each result. Cheap answers skip the lock's two round trips.
    """
    value = cache.get(key)
    if value is not None:
        return value
    if not single:
        value = compute()
        cache.set(key, value, seconds)
        return value
    lock = f"computing:{key}"
    if not cache.add(lock, 1, int(WAIT_SECONDS) + 1):
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(0.02)
            value = cache.get(key)
            if value is not None:
                return value
            if cache.add(lock, 1, int(WAIT_SECONDS) + 1):  # the lock is free again: look once more
                break
    try:
        # The answer may have been stored between the last look and taking the lock (the
        # other request stores it, then lets the lock go): compute only when it is still missing.
        value = cache.get(key)
        if value is None:
            value = compute()
            cache.set(key, value, seconds)
    finally:
        cache.delete(lock)
    return value


# -- what changes which scope ----------------------------------------------------------------------

def _connect() -> None:
    """Register the receivers (from ``TournamentsConfig.ready``); strongly held, since they
    are functions of this call."""
    from tournaments.models import Bye, Club, Entrant, Match, MatchLog, Player, Round, Seat, Tournament

    def tournament_changed(sender: type, instance: Any, **kwargs: Any) -> None:
        forget(tournament=instance.pk if sender is Tournament else instance.tournament_id)

    for model in (Tournament, Entrant, Round, Bye):
        post_save.connect(tournament_changed, sender=model, dispatch_uid=f"cache-{model.__name__}-save", weak=False)
        post_delete.connect(tournament_changed, sender=model, dispatch_uid=f"cache-{model.__name__}-delete",
                            weak=False)

    def match_changed(sender: type, instance: Match, **kwargs: Any) -> None:
        forget(match=instance.pk, tournament=instance.tournament_id)

    post_save.connect(match_changed, sender=Match, dispatch_uid="cache-Match-save", weak=False)

    def log_changed(sender: type, instance: MatchLog, **kwargs: Any) -> None:
        forget(match=instance.match_id)

    post_save.connect(log_changed, sender=MatchLog, dispatch_uid="cache-MatchLog-save", weak=False)

    def seat_changed(sender: type, instance: Seat, **kwargs: Any) -> None:
        forget(match=instance.match_id, tournament=Match.objects.filter(pk=instance.match_id)
               .values_list("tournament_id", flat=True).first())

    post_save.connect(seat_changed, sender=Seat, dispatch_uid="cache-Seat-save", weak=False)

    def players_changed(sender: type, instance: Any, **kwargs: Any) -> None:
        forget(players=True)

    post_save.connect(players_changed, sender=Player, dispatch_uid="cache-Player-save", weak=False)
    post_delete.connect(players_changed, sender=Player, dispatch_uid="cache-Player-delete", weak=False)

    def clubs_changed(sender: type, instance: Any, **kwargs: Any) -> None:
        forget(clubs=True)

    post_save.connect(clubs_changed, sender=Club, dispatch_uid="cache-Club-save", weak=False)
    post_delete.connect(clubs_changed, sender=Club, dispatch_uid="cache-Club-delete", weak=False)
