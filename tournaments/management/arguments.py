"""Command-line argument checks shared by the management commands."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandError

from games import jsondepth


def json_object(text: str, flag: str = "--options") -> dict[str, Any]:
    """Parse a JSON object given on the command line; a usage error (exit 2) otherwise."""
    try:
        value = jsondepth.loads(text)
    except ValueError as error:
        raise CommandError(f"{flag} is not valid JSON: {error}", returncode=2) from None
    if not isinstance(value, dict):
        raise CommandError(f"{flag} must be a JSON object, like '{{\"plate\": false}}'", returncode=2)
    return value
