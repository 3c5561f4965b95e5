"""Checks made before any API view runs, so every endpoint (even one that reads no body) gets
them alike: an address with a NUL character (which the database cannot keep) and a JSON body
that is over the API's size bound or nested past :data:`games.jsondepth.MAX_DEPTH` are
refused in the API's error shape rather than failing deeper down."""

from __future__ import annotations

from collections.abc import Callable
from io import BytesIO

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from games.jsondepth import depth_error


class RefuseNulInAddress:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            texts = [request.path, *(text for key, values in request.GET.lists() for text in (key, *values))]
            if any("\x00" in text for text in texts):
                return JsonResponse({"code": "invalid", "message": "the address contains a NUL character"},
                                    status=400)
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
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
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
