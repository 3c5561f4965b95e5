"""Refuse, before any view, API requests whose address carries text the database cannot
keep (the NUL character): 400 in the API's error shape rather than a database error."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse


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
