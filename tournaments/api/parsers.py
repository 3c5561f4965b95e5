"""Request body parsers: JSON read up to a bound, so a huge body costs no memory."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.parsers import JSONParser


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = "The request body is too large."


def refuse_large(length: int | None) -> None:
    """Raise :class:`BodyTooLarge` when a body of ``length`` bytes is over the API's bound."""
    limit = settings.API_MAX_BODY_BYTES
    if length is not None and length > limit:
        raise BodyTooLarge(f"the request body is {length} bytes; the API reads at most {limit}")


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, refusing (413) a body over ``settings.API_MAX_BODY_BYTES``."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        request = (parser_context or {}).get("request")
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0) if request is not None else None
        except ValueError:
            declared = None
        refuse_large(declared)
        data = super().parse(stream, media_type, parser_context)
        where = nul_in(data)
        if where is not None:
            raise ValidationError({where or "non_field_errors": ["text may not contain the NUL character"]})
        return data


def nul_in(data: Any, path: str = "") -> str | None:
    """Where in parsed JSON a string (key or value) holds a NUL character, which no database
    text column keeps: the top-level field's name, '' for the body itself; None when nowhere."""
    if isinstance(data, str):
        return path if "\x00" in data else None
    if isinstance(data, dict):
        for key, value in data.items():
            field = path or str(key)
            if "\x00" in str(key):
                return field.replace("\x00", "")
            found = nul_in(value, field)
            if found is not None:
                return found
    if isinstance(data, list):
        for value in data:
            found = nul_in(value, path)
            if found is not None:
                return found
    return None
