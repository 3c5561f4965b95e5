"""Request body parsers: JSON read up to a bound of size (so a huge body costs no memory) and
of nesting (so a deep one costs no stack); form fields refused with a NUL character."""

from __future__ import annotations

import codecs
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError, ValidationError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser, get_encoding
from rest_framework.settings import api_settings
from rest_framework.utils import json

from games.jsondepth import depth_error


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
    """DRF's JSON parser, refusing (413) a body over ``settings.API_MAX_BODY_BYTES`` and
    (400 ``parse_error``) one nested deeper than :data:`games.jsondepth.MAX_DEPTH` before
    decoding it."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        request = (parser_context or {}).get("request")
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0) if request is not None else None
        except ValueError:
            declared = None
        refuse_large(declared)
        data = self.decode(stream, parser_context or {})
        refuse_flaws(data)
        return data

    def decode(self, stream: Any, parser_context: dict) -> Any:
        """The body as JSON, its nesting checked before the decoder sees it."""
        encoding = get_encoding(parser_context)
        try:
            text = codecs.getreader(encoding)(stream).read()
        except (LookupError, UnicodeDecodeError) as error:
            raise ParseError(f"JSON parse error - the body is not {encoding} text: {error}") from None
        nested = depth_error(text)
        if nested is not None:
            raise ParseError(f"JSON parse error - {nested}")
        try:
            return json.loads(text, parse_constant=json.strict_constant if api_settings.STRICT_JSON else None)
        except ValueError as error:
            raise ParseError(f"JSON parse error - {error}") from None


def refuse_flaws(data: Any) -> None:
    """Refuse (400, naming the field) parsed data holding a NUL character or an infinite number."""
    for flaw, message in FLAWS:
            where = find(data, flaw)
            if where is not None:
                raise ValidationError({where or "non_field_errors": [message]})


def has_nul(value: Any) -> bool:
    """Text with a NUL character, which no database text column keeps."""
    return isinstance(value, str) and "\x00" in value


def is_infinite(value: Any) -> bool:
    """A number that overflowed (``1e999`` is valid JSON), which no JSON answer can hold."""
    return isinstance(value, float) and math.isinf(value)


FLAWS = ((has_nul, "text may not contain the NUL character"),
         (is_infinite, "a number is out of range (like 1e999)"))


def find(data: Any, flaw: Callable[[Any], bool], path: str = "") -> str | None:
    """Where in parsed JSON the first key or value with ``flaw`` lies: the top-level field's
    name, '' for the body itself; None when nowhere."""
    if isinstance(data, dict):
        for key, value in data.items():
            field = path or str(key)
            if flaw(key):
                return field.replace("\x00", "")
            found = find(value, flaw, field)
            if found is not None:
                return found
        return None
    if isinstance(data, list):
        for value in data:
            found = find(value, flaw, path)
            if found is not None:
                return found
        return None
    return path if flaw(data) else None


def refuse_nul_fields(data: Any) -> None:
    """Refuse (400, naming the field) form fields whose name or value holds a NUL character."""
    for key, values in data.lists():
        if has_nul(key) or any(has_nul(value) for value in values):
            raise ValidationError({key.replace("\x00", ""): ["text may not contain the NUL character"]})


class NulFreeFormParser(FormParser):
    """DRF's form parser, refusing a NUL character in any field as the JSON parser does."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        refuse_nul_fields(data)
        return data


class NulFreeMultiPartParser(MultiPartParser):
    """DRF's multipart parser, refusing a NUL character in any field (or file name)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        parsed = super().parse(stream, media_type, parser_context)
        refuse_nul_fields(parsed.data)
        for key, upload in parsed.files.items():
            if has_nul(upload.name or ""):
                raise ValidationError({key: ["a file name may not contain the NUL character"]})
        return parsed
