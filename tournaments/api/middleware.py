"""Refusals made before any view reads a request, so every endpoint (even one that reads no
body) gets them alike: an API address with a NUL character (which the database cannot keep),
a body larger than the service reads, and an API JSON body over the API's size bound or nested
past :data:`games.jsondepth.MAX_DEPTH`."""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from games.jsondepth import depth_error


class RefuseNulInAddress:
    """400 in the API's error shape rather than a database error."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            texts = [request.path, *(text for key, values in request.GET.lists() for text in (key, *values))]
            if any("\x00" in text for text in texts):
                return JsonResponse({"code": "invalid", "message": "the address contains a NUL character"},
                                    status=400)
        return self.get_response(request)


def declared_length(request: HttpRequest) -> int:
    """The body's length as the request declares it (0 when it declares none or nonsense)."""
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class LimitRequestBody:
    """Refuse (413) a request whose declared body is over ``settings.MAX_REQUEST_BYTES``
    before anything reads it: the sessions' CSRF check, the upload parser and the views all
    read the body, so this comes before them. Under WSGI the body is never read past its
    declared length, so the declared length is the bound while streaming too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = declared_length(request)
        limit = settings.MAX_REQUEST_BYTES
        if length > limit:
            message = f"the request body is {length} bytes; the service reads at most {limit}"
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "too_large", "message": message}, status=413)
            return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


def is_json(request: HttpRequest) -> bool:
    media = (request.content_type or "").lower()
    return media == "application/json" or media.endswith("+json")


class RefuseJSONBombs:
    """A JSON body sent to the API: 413 ``too_large`` over ``settings.API_MAX_BODY_BYTES``
    (before it is read), 400 ``parse_error`` when it nests too deeply."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/") and is_json(request):
            refused = self.refusal(request)
            if refused is not None:
                return refused
        return self.get_response(request)

    @staticmethod
    def refusal(request: HttpRequest) -> HttpResponse | None:
        limit = settings.API_MAX_BODY_BYTES
        length = declared_length(request)
        if length > limit:
            return JsonResponse({"code": "too_large",
                                 "message": f"the request body is {length} bytes; the API reads at most {limit}"},
                                status=413)
        if not length:
            return None
        body = request.read(limit + 1)
        request._body = body  # the views read it again from here, as after request.body  # noqa: SLF001
        request._stream = BytesIO(body)  # noqa: SLF001
        if len(body) > limit:
            return JsonResponse({"code": "too_large", "message": f"the request body is over {limit} bytes, "
                                 "the most the API reads"}, status=413)
        nested = depth_error(body)
        if nested is not None:
            return JsonResponse({"code": "parse_error", "message": f"JSON parse error - {nested}"}, status=400)
        return None
