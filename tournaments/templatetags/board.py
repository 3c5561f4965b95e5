"""Filters of the play panel: a clock's time left, and a seat's name by its number."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def clock(ms: int | None) -> str:
    """Milliseconds left as ``m:ss`` (``h:mm:ss`` from an hour), never below zero. Rounded up,
    as a countdown is read: ``0:00`` is shown only once the time is out."""
    seconds = -(-max(0, int(ms or 0)) // 1000)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


@register.filter
def get(mapping: dict[Any, Any], key: Any) -> Any:
    return mapping.get(key, "")
