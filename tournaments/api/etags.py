"""Cached GET answers with an ETag: read endpoints whose answer depends on a few scopes'
versions (``tournaments.cache``) answer from the cache, and ``If-None-Match`` with the current
ETag answers 304 without the body. Used by the leaderboard, standings and match logs.

A JSON answer of :data:`COMPRESS_BYTES` or more (a big tournament's standings: 20 kB, 1.8 kB
compressed) is cached gzip-compressed, once, when it is computed: a hit reads 2 kB from the
cache instead of 20, a client that accepts gzip gets those bytes as
they are (``Content-Encoding: gzip``, its own ETag), and any other gets them decompressed."""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.cache import answer_key, remember, versions
from tournaments.selectors import visible_clubs

#: Every cached answer must be revalidated: a write shows in the next request's answer.
CACHE_CONTROL = "no-cache"
#: JSON answers at least this long are cached (and sent, where accepted) gzip-compressed.
COMPRESS_BYTES = 4096
#: What a compressed answer's ETag ends with: it is another representation of the same answer.
GZIP_ETAG = "-gzip"


def packed(body: bytes) -> bytes | tuple[str, bytes]:
    """A rendered JSON answer as it is cached: the bytes, or ``("gzip", compressed bytes)``
    when it is long (``mtime=0``: the same answer always compresses to the same bytes)."""
    if len(body) < COMPRESS_BYTES:
        return body
    return "gzip", gzip.compress(body, compresslevel=6, mtime=0)


class RecentAnswers:
    """The JSON answers this process served last, by cache key, as cached and decompressed.

    A key holds the versions of everything its answer was computed from, so what is stored
    under it never changes: a write draws new versions, and with them a new key. A hit here
    spares the cache server's round trip and, for a client that does not take gzip, the
    decompression (a big tournament's standings: 20 kB from 2 kB on every request). Only
    the last :attr:`size` answers are kept, shared by the process's threads."""

    size = 64

    def __init__(self) -> None:
        self.answers: OrderedDict[str, list[Any]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> bytes | tuple[str, bytes] | None:
        with self.lock:
            found = self.answers.get(key)
            if found is None:
                return None
            self.answers.move_to_end(key)
            return found[0]

    def put(self, key: str, body: bytes | tuple[str, bytes]) -> None:
        with self.lock:
            self.answers[key] = [body, None if isinstance(body, tuple) else body]
            self.answers.move_to_end(key)
            while len(self.answers) > self.size:
                self.answers.popitem(last=False)

    def plain(self, key: str, body: bytes | tuple[str, bytes]) -> bytes:
        """The answer's JSON bytes, decompressed once while it is kept here."""
        if not isinstance(body, tuple):
            return body
        with self.lock:
            found = self.answers.get(key)
            if found is not None and found[1] is not None:
                return found[1]
        plain = gzip.decompress(body[1])
        with self.lock:
            if key in self.answers:
                self.answers[key][1] = plain
        return plain


RECENT = RecentAnswers()


def accepts_gzip(request: Request) -> bool:
    """Whether ``Accept-Encoding`` allows gzip (``gzip`` or ``*`` without ``q=0``)."""
    for part in request.headers.get("Accept-Encoding", "").split(","):
        coding, *params = [item.strip() for item in part.split(";")]
        if coding.lower() in ("gzip", "*"):
            quality = next((param.split("=", 1)[1] for param in params if param.lower().startswith("q=")), "1")
            try:
                return float(quality) > 0
            except ValueError:
                return False
    return False


def audience(user: Any) -> Any:
    """Whose view of the clubs an answer is: the public's, staff's (every club), or the ids
    of the clubs a member sees (one query)."""
    if not user.is_authenticated:
        return "public"
    if user.is_staff:
        return "staff"
    return sorted(visible_clubs(user).values_list("pk", flat=True))


def cached_answer(request: Request, name: str, parts: Sequence[Any], scopes: Sequence[str],
                  compute: Callable[[], Any], *, single: bool = False) -> HttpResponse:
    """The answer ``compute`` gives, from the cache when it holds one for ``parts`` (what the
    answer depends on besides the scopes), the caller's :func:`audience` and the ``clubs``
    scope, at the scopes' current versions.

    ``compute`` checks that the caller may read the answer (a refusal raises, and nothing is
    stored): a hit needs no check, since it was stored for the same audience, and whatever
    could change who may read it (a club made private, a match voided) changes a version.
    JSON is cached as the bytes sent, so that a hit encodes nothing; other renderings (the
    browsable API) cache the data. ``single``: see :func:`tournaments.cache.remember`.

    Without a cache shared by every process (``settings.API_CACHE``), computed each time and
    sent without an ETag."""
    if not settings.API_CACHE:
        return Response(compute())
    renderer, media_type = request.accepted_renderer, request.accepted_media_type
    key = answer_key(name, renderer.format, media_type, versions(*scopes, "clubs"), audience(request.user),
                     *parts)
    digest = key.rsplit(":", 1)[1]
    etag = f'"{digest}"'
    matches = set(parse_etags(request.headers.get("If-None-Match", ""))) & {etag, f'"{digest}{GZIP_ETAG}"'}
    response: HttpResponse
    if matches:
        response = HttpResponse(status=status.HTTP_304_NOT_MODIFIED)
        etag = matches.pop()
    elif isinstance(renderer, JSONRenderer):
        body = RECENT.get(key)
        if body is None:
            body = remember(key, lambda: packed(renderer.render(compute(), media_type, {})), single=single)
            RECENT.put(key, body)
        if isinstance(body, tuple) and accepts_gzip(request):
            response = HttpResponse(body[1], content_type=renderer.media_type)
            response["Content-Encoding"] = "gzip"
            etag = f'"{digest}{GZIP_ETAG}"'
        else:
            response = HttpResponse(RECENT.plain(key, body), content_type=renderer.media_type)
    else:
        response = Response(remember(key, compute, single=single))
    response["ETag"] = etag
    response["Cache-Control"] = f"{'private' if request.user.is_authenticated else 'public'}, {CACHE_CONTROL}"
    patch_vary_headers(response, ["Accept", "Accept-Encoding", "Authorization", "Cookie"])
    return response
