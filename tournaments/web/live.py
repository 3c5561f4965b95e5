"""The live event streams (server-sent events), an ASGI app in front of the site.

``GET /matches/<pk>/events/`` and ``GET /tournaments/<pk>/events/`` are held open for as long
as the viewer stays, on the event loop: a thousand viewers cost a thousand small coroutines,
not a thousand page threads. Every other request goes on to the site (``config/asgi.py``).

Each web process keeps one Redis pub/sub connection (:class:`Hub`): it subscribes a topic
(one match audience, or one tournament) while any of its viewers watch it and writes each
event, framed once, to all of them. A viewer's topic is chosen once, when it connects, from
who it is (``live_events.audience_of``, ``replays.view_of`` where it matters), so a seat's stream never carries another seat's hand.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from http.cookies import SimpleCookie
from importlib import import_module
from typing import Any
from urllib.parse import parse_qs

import redis
import redis.asyncio as aredis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import auth
from django.db import close_old_connections, connection
from django.http import HttpRequest

from tournaments import selectors
from tournaments.services import live_events

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

PATH = re.compile(r"^/(matches|tournaments)/([1-9][0-9]{0,17})/events/$")
EVENT_ID = re.compile(r"^[0-9]{1,20}-[0-9]{1,20}$")
#: A comment line this often keeps proxies from closing a quiet stream.
KEEPALIVE_SECONDS = 15.0
#: How long a browser waits before reconnecting (the ``retry`` field).
RETRY_MS = 2000
#: Events waiting for one slow viewer; past this it is disconnected and catches up on return.
BACKLOG = 64
#: The request attribute by which a page knows its streams are served (``stream_url``).
SERVED = "leapfrog.live"
CLOSE = None


def stream_url(request: HttpRequest, kind: str, pk: int) -> str:
    """The events address a page names for live.js; empty when this server does not serve
    the streams (no Redis, or the site served without the ASGI app), so no page tries."""
    served = request.META.get("asgi.scope", {}).get(SERVED)
    return f"/{kind}/{pk}/events/" if served and live_events.enabled() else ""


def order(event_id: str) -> tuple[int, int]:
    milliseconds, _, sequence = event_id.partition("-")
    return int(milliseconds), int(sequence)


class Hub:
    """This process's one pub/sub connection, shared by every viewer it serves."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.listeners: dict[str, set[asyncio.Queue[Any]]] = {}
        self.lock = asyncio.Lock()
        self.redis: aredis.Redis | None = None
        self.pubsub: Any = None
        self.task: asyncio.Task[None] | None = None
        self.beat: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.pubsub is None:
            self.redis = aredis.Redis.from_url(self.url, socket_connect_timeout=2)
            self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            # Always subscribed to one channel, so that listening never stops between viewers.
            await self.pubsub.subscribe(f"{live_events.prefix()}:hub")
            self.task = asyncio.create_task(self.run())
            if self.beat is None or self.beat.done():
                self.beat = asyncio.create_task(self.keep_alive())

    async def join(self, topic: str) -> asyncio.Queue[Any]:
        queue: asyncio.Queue[Any] = asyncio.Queue(BACKLOG)
        async with self.lock:
            await self.start()
            if topic not in self.listeners:
                self.listeners[topic] = set()
                await self.pubsub.subscribe(topic)
            self.listeners[topic].add(queue)
        return queue

    async def leave(self, topic: str, queue: asyncio.Queue[Any]) -> None:
        async with self.lock:
            queues = self.listeners.get(topic)
            if queues is None:
                return
            queues.discard(queue)
            if not queues:
                del self.listeners[topic]
                if self.pubsub is not None:
                    try:
                        await self.pubsub.unsubscribe(topic)
                    except (redis.RedisError, OSError):
                        pass

    async def run(self) -> None:
        """Hand each message to the topic's viewers, framed once. When Redis goes away every
        stream ends: the browsers reconnect and catch up once it is back."""
        try:
            async for message in self.pubsub.listen():
                if message["type"] != "message":
                    continue
                topic = message["channel"].decode()
                event_id, _, data = message["data"].partition(b" ")
                frame = b"id: " + event_id + b"\ndata: " + data + b"\n\n"
                for queue in list(self.listeners.get(topic, ())):
                    try:
                        queue.put_nowait((event_id.decode(), frame))
                    except asyncio.QueueFull:
                        self.drop(queue)
        except (redis.RedisError, OSError) as error:
            log.warning("live events: Redis connection lost (%s); viewers will reconnect", error)
        except asyncio.CancelledError:
            raise
        finally:
            for queues in self.listeners.values():
                for queue in queues:
                    self.drop(queue)
            self.listeners = {}
            pubsub, self.pubsub = self.pubsub, None
            if pubsub is not None:
                asyncio.ensure_future(self.quietly(pubsub.aclose()))

    async def keep_alive(self) -> None:
        """A comment line to every viewer now and then, so that proxies keep quiet streams open
        (one timer for the process, not one a viewer)."""
        while True:
            await asyncio.sleep(KEEPALIVE_SECONDS)
            for queues in list(self.listeners.values()):
                for queue in list(queues):
                    if not queue.full():
                        queue.put_nowait(("", b": keep-alive\n\n"))

    @staticmethod
    def drop(queue: asyncio.Queue[Any]) -> None:
        """End one viewer's stream (too slow, or Redis gone): it reconnects and catches up."""
        while not queue.empty():
            queue.get_nowait()
        queue.put_nowait(CLOSE)

    @staticmethod
    async def quietly(closing: Awaitable[Any]) -> None:
        try:
            await closing
        except (redis.RedisError, OSError):
            pass

    async def events_after(self, topic: str, last_id: str | None) -> list[tuple[str, bytes]]:
        """Catch-up: the topic's events after ``last_id`` (without it, its newest)."""
        assert self.redis is not None
        key = live_events.stream_key(topic)
        if last_id:
            rows = await self.redis.xrange(key, min=f"({last_id}", max="+")
        else:
            rows = await self.redis.xrevrange(key, max="+", min="-", count=1)
        return [(event_id.decode(), b"id: " + event_id + b"\ndata: " + fields[b"data"] + b"\n\n")
                for event_id, fields in rows]

    async def close(self) -> None:
        for task in (self.task, self.beat):
            if task is not None:
                task.cancel()
                try:
                    await task
                except asyncio.CancelledError:
                    pass
        if self.redis is not None:
            await self.quietly(self.redis.aclose())


def topic_for(kind: str, pk: int, session_key: str | None) -> str | None:
    """The viewer's topic, or None when the viewer may not see the match or tournament (run
    in a thread: it reads the session and the database)."""
    tidy()
    try:
        request = HttpRequest()
        request.session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
        user = auth.get_user(request)
        if kind == "matches":
            match = selectors.visible_matches(user).filter(pk=pk).select_related("club").first()
            return None if match is None else live_events.match_topic(pk, live_events.audience_of(match, user))
        tournament = selectors.visible_tournaments(user).filter(pk=pk).first()
        return None if tournament is None else live_events.tournament_topic(pk)
    finally:
        tidy()


def tidy() -> None:
    """Close this thread's database connection if it failed or grew too old, as Django does
    between requests (never inside a transaction: a caller's, in the tests)."""
    if not connection.in_atomic_block:
        close_old_connections()


async def answer(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": text.encode()})


class LiveEvents:
    """The ASGI app: the event streams here, everything else to ``site``."""

    def __init__(self, site: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.site = site
        self.hub: Hub | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
            return
        found = PATH.match(scope.get("path", "")) if scope["type"] == "http" else None
        if found is None:
            if scope["type"] == "http":
                scope = {**scope, SERVED: True}
            await self.site(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            await answer(send, 405, "the event stream is read with GET")
            return
        await self.stream(scope, receive, send, found.group(1), int(found.group(2)))

    async def lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.hub is not None:
                    await self.hub.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def stream(self, scope: Scope, receive: Receive, send: Send, kind: str, pk: int) -> None:
        if not live_events.enabled():
            await answer(send, 503, "live updates are off: this server has no Redis (LIVE_EVENTS_REDIS_URL); "
                                    "reload the page for news")
            return
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header: no session
            cookie = SimpleCookie()
        session = cookie.get(settings.SESSION_COOKIE_NAME)
        topic = await sync_to_async(topic_for, thread_sensitive=False)(kind, pk, session.value if session else None)
        if topic is None:
            await answer(send, 404, "no such match" if kind == "matches" else "no such tournament")
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        last_id = headers.get("last-event-id") or (query.get("last") or [""])[0]
        last_id = last_id if EVENT_ID.match(last_id or "") else None
        if self.hub is None or self.hub.url != live_events.redis_url():
            self.hub = Hub(live_events.redis_url())
        hub = self.hub
        try:
            queue = await hub.join(topic)
        except (redis.RedisError, OSError):
            await answer(send, 503, "live updates are unavailable for now (Redis does not answer); retry later")
            return
        try:
            await self.serve(hub, topic, queue, last_id, receive, send)
        finally:
            await hub.leave(topic, queue)

    async def serve(self, hub: Hub, topic: str, queue: asyncio.Queue[Any], last_id: str | None,
                    receive: Receive, send: Send) -> None:
        """Catch up from the stream (subscribed first, so nothing falls between), then pass on
        each new event, skipping any already sent."""
        try:
            backlog = await hub.events_after(topic, last_id)
        except (redis.RedisError, OSError):
            await answer(send, 503, "live updates are unavailable for now (Redis does not answer); retry later")
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/event-stream; charset=utf-8"),
                                (b"cache-control", b"no-store"), (b"x-accel-buffering", b"no")]})
        sent = order(last_id) if last_id else (0, 0)
        body = [f"retry: {RETRY_MS}\n\n".encode()]
        for event_id, frame in backlog:
            if order(event_id) > sent:
                body.append(frame)
                sent = order(event_id)
        await send({"type": "http.response.body", "body": b"".join(body), "more_body": True})

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            queue.put_nowait(CLOSE) if not queue.full() else Hub.drop(queue)

        watcher = asyncio.create_task(watch())
        try:
            while True:
                item = await queue.get()
                if item is CLOSE:
                    break
                event_id, frame = item
                if event_id and order(event_id) <= sent:
                    continue
                if event_id:
                    sent = order(event_id)
                await send({"type": "http.response.body", "body": frame, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:
            pass  # the viewer went away while we wrote
        finally:
            watcher.cancel()
