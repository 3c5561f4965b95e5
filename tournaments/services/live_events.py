"""Live events: what a match's or a tournament's viewers see change, sent to them as it changes.

After every change (on commit) ``publish_match`` computes one payload per audience
(``replays.Viewpoint.key``: ``public``, ``seat0``.., ``all``), once per change however many
people watch, and ``publish_tournament`` one for everybody who may see the tournament. Each
payload goes through Redis: appended to a short stream per topic (so that a client that lost
its connection catches up from the last event it saw, ``Last-Event-ID``) and published on the
topic's pub/sub channel, which every web process listening to it receives
(``tournaments/web/live.py`` serves the streams). Without Redis nothing is published and the
pages work as before (docs/deployment.md, "Live updates").

A tournament's event is its whole page's live part, rendered: with a worker it is paced
(:func:`pace_tournament`), at most one render in ``LIVE_TOURNAMENT_SECONDS`` however many of
its games finish meanwhile, so that a bot tournament's workers play rather than render.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import redis
from celery import current_app
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.template.loader import render_to_string

from games.registry import get_game
from tournaments import replays
from tournaments.models import LiveGame, Match, Tournament
from tournaments.selectors import ended, is_director, sits_in
from tournaments.services.progress import progress_refreshed
from tournaments.services.tournament_page import tournament_live

log = logging.getLogger(__name__)

#: Events kept per topic for clients catching up (each event is the whole state, so a client
#: that missed more than these still ends at the newest one).
KEEP = 50
#: A quiet topic's events are forgotten after a day.
KEEP_SECONDS = 86_400

# Append to the topic's stream and publish the same event with its id, in one step: a
# subscriber that reads the stream after subscribing misses nothing and sees no event twice
# under two ids.
PUBLISH = """
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'data', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', KEYS[2], id .. ' ' .. ARGV[1])
return id
"""

_clients: dict[str, redis.Redis] = {}
_clients_lock = threading.Lock()


def redis_url() -> str:
    """The Redis server live events go through; empty: none (live updates are off)."""
    url = getattr(settings, "LIVE_EVENTS_REDIS_URL", "") or ""
    return url if url.startswith(("redis://", "rediss://", "unix://")) else ""


def enabled() -> bool:
    return bool(redis_url())


def client() -> redis.Redis:
    """One client (and connection pool) per process and server."""
    url = redis_url()
    with _clients_lock:
        if url not in _clients:
            _clients[url] = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)
        return _clients[url]


def prefix() -> str:
    """Channels are shared by every database of a Redis server (streams are not): the name
    carries the database's number, so two services on one server never hear each other."""
    path = urlsplit(redis_url()).path.strip("/") or "0"
    return f"{settings.LIVE_EVENTS_PREFIX}:{path}"


def match_topic(match_id: int, key: str) -> str:
    return f"{prefix()}:match:{match_id}:{key}"


def tournament_topic(tournament_id: int) -> str:
    return f"{prefix()}:tournament:{tournament_id}:public"


def stream_key(topic: str) -> str:
    return f"{topic}:events"


def audience_keys(seats: int) -> list[str]:
    """Every audience a match's viewer may be in (``replays.view_of``)."""
    return ["public", "all", *(f"seat{seat}" for seat in range(seats))]


def audience_of(match: Match, user: Any) -> str:
    """The audience a viewer's stream follows: where the game hides something and the match
    is under way this is ``replays.view_of``'s; elsewhere everybody sees everything, but each
    keeps its audience (seated, directing or watching) so that the play panel's part offers
    each seat's actions to that seat alone."""
    if is_director(user, match.club) and not sits_in(user, match):
        return "all"
    if getattr(user, "is_authenticated", False):
        seats = list(match.seats.filter(player__user=user).values_list("index", flat=True))
        if len(seats) == 1:
            return f"seat{seats[0]}"
    return "public"


def own_viewpoint(key: str) -> replays.Viewpoint:
    """The viewpoint an audience acts from (the play panel's legal actions)."""
    if key == "all":
        return replays.Viewpoint(None, True)
    return replays.Viewpoint(None if key == "public" else int(key.removeprefix("seat")), False)


def viewpoint_for(match: Match, key: str) -> replays.Viewpoint:
    """The viewpoint an audience's payload is drawn from. Once the match has ended, or in a
    game that hides nothing, every audience sees everything (``selectors.sees_hidden``)."""
    if ended(match) or not get_game(match.game).hides_setup:
        return replays.Viewpoint(None, True)
    return own_viewpoint(key)


#: ``play_views.play_view``, handed over when the app starts (``tournaments/apps.py``): the play
#: services publish through this module, so it cannot import them without a circle.
_play_view: Callable[..., dict[str, Any]] | None = None


def provide_play_view(view: Callable[..., dict[str, Any]]) -> None:
    global _play_view
    _play_view = view


def play_part(match: Match, viewpoint: replays.Viewpoint) -> dict[str, Any] | None:
    """The play panel's state (``play_views.play_view``) for this audience, for a match
    played on the board (one with a ``LiveGame``); None for the others (the payload leaves
    ``play`` out)."""
    if _play_view is None or not LiveGame.objects.filter(match=match).exists():
        return None
    return _play_view(match, viewpoint)


def match_payload(match: Match, viewpoint: replays.Viewpoint, seq: int) -> dict[str, Any]:
    """What one viewpoint of a match shows now: the position drawn for it, the moves as it may
    read them, the status and, once it has ended, the result."""
    count = replays.move_count(match)
    return {
        "seq": seq, "match": match.pk, "count": count, "status": match.status,
        "status_text": match.get_status_display(), "ended": ended(match),
        "svg": replays.draw_position(match, count, viewpoint),
        "moves": replays.move_rows(match, viewpoint),
        "result": match.result if ended(match) else None,
    }


def publish(topics: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Send each topic its payload; the event ids by topic."""
    pipe = client().pipeline(transaction=False)
    for topic, payload in topics.items():
        data = json.dumps(payload, separators=(",", ":"))
        pipe.eval(PUBLISH, 2, stream_key(topic), topic, data, KEEP, KEEP_SECONDS)
    ids = pipe.execute()
    return {topic: event_id.decode() for topic, event_id in zip(topics, ids, strict=True)}


def next_seq(name: str) -> int:
    key = f"{prefix()}:{name}:seq"
    pipe = client().pipeline(transaction=False)
    pipe.incr(key)
    pipe.expire(key, KEEP_SECONDS)
    return int(pipe.execute()[0])


def match_topics(match: Match) -> dict[str, dict[str, Any]]:
    """Each audience's topic and its payload now: the picture and moves computed once per
    distinct viewpoint, the play panel's part (a match on the board) once per audience."""
    seq = next_seq(f"match:{match.pk}")
    by_view: dict[replays.Viewpoint, dict[str, Any]] = {}
    topics = {}
    for key in audience_keys(match.seats.count()):
        view = viewpoint_for(match, key)
        if view not in by_view:
            by_view[view] = match_payload(match, view, seq)
        payload = by_view[view]
        play = play_part(match, own_viewpoint(key))
        topics[match_topic(match.pk, key)] = payload if play is None else {**payload, "play": play}
    return topics


def publish_match(match_id: int) -> dict[str, str]:
    """Publish a match's state to each of its audiences. Called on commit after every change;
    a failure is logged, never raised to the writer."""
    if not enabled():
        return {}
    match = Match.objects.select_related("log", "club").filter(pk=match_id).first()
    if match is None:
        return {}
    try:
        return publish(match_topics(match))
    except redis.RedisError as error:
        log.warning("live events of match %s not published: %s", match_id, error)
        return {}


def tournament_payload(tournament: Tournament, seq: int) -> dict[str, Any]:
    """The tournament page's live part (progress, standings, crosstable, rounds), rendered
    once: it is the same for everybody who may see the tournament."""
    context = tournament_live(tournament)
    html = render_to_string("tournaments/site/_tournament_live.html", context)
    return {"seq": seq, "tournament": tournament.pk, "status": tournament.status,
            "progress": context["progress"], "html": html}


def publish_tournament(tournament_id: int) -> dict[str, str]:
    """Publish a tournament's progress and standings to its viewers."""
    if not enabled():
        return {}
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id).first()
    if tournament is None:
        return {}
    try:
        seq = next_seq(f"tournament:{tournament_id}")
        return publish({tournament_topic(tournament_id): tournament_payload(tournament, seq)})
    except redis.RedisError as error:
        log.warning("live events of tournament %s not published: %s", tournament_id, error)
        return {}


_holding = threading.local()


@contextlib.contextmanager
def held() -> Iterator[list[tuple[str, int]]]:
    """Within the block, what a commit would publish is listed instead (each (kind, id) once,
    in order), for the caller to publish when it is ready: a bot tournament's pairing sends
    its round's matches to the workers first, so that they play while the round is rendered
    for its viewers. A change rolled back is not listed, as it would not be published."""
    outer = getattr(_holding, "events", None)
    _holding.events = events = []
    try:
        yield events
    finally:
        _holding.events = outer


@contextlib.contextmanager
def paced_here() -> Iterator[Callable[[], None]]:
    """For a loop that plays a tournament in this process (no worker to pace it): within the
    block changes are held, and published when the loop calls the ``due()`` it is given at
    least ``LIVE_TOURNAMENT_SECONDS`` after the last time, and when the block ends, so that
    the loop's viewers are paced as the workers' are and see its end. (Held changes are
    published with :func:`publish_now`, which the hold does not catch.)"""
    last = time.monotonic()

    def flush(events: list[tuple[str, int]]) -> None:
        nonlocal last
        for kind, pk in events:
            publish_now(kind, pk)
        events.clear()
        last = time.monotonic()

    with held() as events:

        def due() -> None:
            if events and time.monotonic() - last >= settings.LIVE_TOURNAMENT_SECONDS:
                flush(events)

        yield due
        flush(events)


def deliver(kind: str, pk: int) -> None:
    """Publish a committed change of a match or tournament (a tournament's paced, with a
    worker), or list it while :func:`held`."""
    events = getattr(_holding, "events", None)
    if events is not None:
        if (kind, pk) not in events:
            events.append((kind, pk))
        return
    if kind == "tournament" and paced():
        pace_tournament(pk)
    else:
        publish_now(kind, pk)


def publish_now(kind: str, pk: int) -> None:
    """Publish a match's or a tournament's state as it is now (``tournaments.publish_live``
    runs this); a tournament's paced render, if one is waiting, is then no longer due."""
    if kind == "match":
        publish_match(pk)
        return
    if enabled():
        try:
            client().delete(pending_key(pk))
        except redis.RedisError as error:
            log.warning("live events of tournament %s: %s", pk, error)
    publish_tournament(pk)


def paced() -> bool:
    """Whether tournaments' events are paced: only where a worker can render them later."""
    return enabled() and not settings.CELERY_TASK_ALWAYS_EAGER and settings.LIVE_TOURNAMENT_SECONDS > 0


def pending_key(tournament_id: int) -> str:
    return f"{prefix()}:tournament:{tournament_id}:pending"


def pace_tournament(tournament_id: int) -> None:
    """Render a tournament's event ``LIVE_TOURNAMENT_SECONDS`` from now, on a worker, unless a
    render is already due: the first change after a render queues the next one, later ones
    wait for it. Nothing is lost, as the render reads the tournament when it runs, after
    clearing the mark (:func:`publish_now`); a mark whose task was lost expires."""
    seconds = settings.LIVE_TOURNAMENT_SECONDS
    try:
        queued = client().set(pending_key(tournament_id), 1, nx=True, ex=max(60, int(seconds * 10)))
    except redis.RedisError as error:
        log.warning("live events of tournament %s not paced: %s", tournament_id, error)
        return
    if queued:
        current_app.send_task("tournaments.publish_live", args=["tournament", tournament_id], countdown=seconds)


def after_commit(kind: str, pk: int) -> None:
    """Publish once the transaction commits (at once outside one), once however many changes
    it made to the match or tournament; nothing if it rolls back (without Redis the publish
    does nothing)."""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        deliver(kind, pk)
        return
    if any(getattr(func, "live_event", None) == (kind, pk) for _, func, _ in connection.run_on_commit):
        return

    def run() -> None:
        run.live_event = None  # type: ignore[attr-defined]  (done: a later change publishes again)
        deliver(kind, pk)

    run.live_event = (kind, pk)  # type: ignore[attr-defined]
    transaction.on_commit(run, robust=True)


def match_changed(match_id: int) -> None:
    """The hook the match services call after every change: a move, forfeit, undo, result,
    correction or void."""
    after_commit("match", match_id)


@receiver(progress_refreshed, dispatch_uid="live-events-tournament-progress")
def tournament_changed(sender: Any, tournament_id: int, **kwargs: Any) -> None:
    """A tournament's progress or standings were refreshed: its viewers hear of it."""
    after_commit("tournament", tournament_id)


def events_after(topic: str, last_id: str | None) -> list[tuple[str, str]]:
    """The events of a topic after ``last_id`` (a client catching up), or its newest one
    without it; (id, JSON) pairs, oldest first."""
    connection = client()
    if last_id:
        rows = connection.xrange(stream_key(topic), min=f"({last_id}", max="+")
    else:
        rows = connection.xrevrange(stream_key(topic), max="+", min="-", count=1)
    return [(event_id.decode(), fields[b"data"].decode()) for event_id, fields in rows]
