"""iCalendar feeds (RFC 5545), written with the ``icalendar`` package: one event per round or
scheduled match, each with a UID that stays the same on every download, so that a calendar
which subscribes to the feed updates its events instead of adding copies."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

import icalendar

PRODUCT = "-//Leapfrog club service//tournaments//EN"


@dataclass(frozen=True)
class Event:
    """One calendar event: ``end`` is left out when unknown or not after ``start``."""

    uid: str
    start: datetime
    summary: str
    url: str
    end: datetime | None = None
    description: str = ""


def calendar_bytes(name: str, events: Iterable[Event], *, stamp: datetime) -> bytes:
    """A VCALENDAR named ``name`` holding the events; ``stamp`` (UTC) is every event's DTSTAMP."""
    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    for event in events:
        entry = icalendar.Event()
        entry.add("uid", event.uid)
        entry.add("dtstamp", stamp)
        entry.add("dtstart", event.start)
        if event.end is not None and event.end > event.start:
            entry.add("dtend", event.end)
        entry.add("summary", event.summary)
        entry.add("url", event.url)
        if event.description:
            entry.add("description", event.description)
        calendar.add_component(entry)
    return calendar.to_ical()
