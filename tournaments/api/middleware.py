"""Refusals made before any view reads a request: API addresses carrying text the database
cannot keep (the NUL character), and bodies larger than the service reads."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse


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


class LimitRequestBody:
    """Refuse (413) a request whose declared body is over ``settings.MAX_REQUEST_BYTES``
    before anything reads it: the sessions' CSRF check, the upload parser and the views all
    read the body, so this comes before them. Under WSGI the body is never read past its
    declared length, so the declared length is the bound while streaming too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.MAX_REQUEST_BYTES
        if length > limit:
            message = f"the request body is {length} bytes; the service reads at most {limit}"
            if request.path.startswith("/api/"):
                return JsonResponse({"code": "too_large", "message": message}, status=413)
            return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
