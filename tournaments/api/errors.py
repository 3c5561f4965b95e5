"""One error shape for every 4xx: ``{"code", "message", "fields"?, "verification"?}``
(``docs/log-format.md``, Over HTTP)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import Http404, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import ServiceError

MESSAGES = {
    "not_authenticated": "Log in, or send a token in the Authorization header, to do this.",
    "permission_denied": "You may not do this.",
    "not_found": "There is nothing here.",
    "method_not_allowed": "This address does not take that method.",
}


def flatten(detail: Any) -> Any:
    """DRF's ErrorDetail lists as plain strings, per field."""
    if isinstance(detail, dict):
        return {key: flatten(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [flatten(value) for value in detail]
    return str(detail)


def first_message(fields: Any) -> str:
    if isinstance(fields, dict):
        for key, value in fields.items():
            inner = first_message(value)
            return inner if key == "non_field_errors" else f"{key}: {inner}"
    if isinstance(fields, list) and fields:
        return first_message(fields[0])
    return str(fields)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error the API answers, in the one shape; anything else is a 500 (and logged)."""
    if isinstance(exc, ServiceError):
        return Response(exc.to_json(), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        return Response({"code": "too_large", "message": "the request body is larger than the API reads"},
                        status=413)
    if isinstance(exc, TooManyFieldsSent):
        return Response({"code": "invalid", "message": "the form has too many fields"}, status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or None)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = flatten(exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail})
        response.data = {"code": "invalid", "message": first_message(fields), "fields": fields}
    elif isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait) if exc.wait is not None else None
        response.data = {"code": "throttled", "message": f"too many requests: try again in {wait} seconds"
                         if wait is not None else "too many requests: try again later", "wait": wait}
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
        detail = str(exc.detail)
        generic = detail == str(type(exc).default_detail)
        response.data = {"code": code, "message": MESSAGES.get(code, detail) if generic else detail}
    return response


def json_404(request: Any, exception: Exception | None = None) -> HttpResponse:
    """Unknown URLs under /api/ answer in the API's shape; others get Django's page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "message": f"no such address: {request.path}"}, status=404)
    return defaults.page_not_found(request, exception)


def json_500(request: Any) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "server_error", "message": "the server failed; the error was logged"},
                            status=500)
    return defaults.server_error(request)
