"""The clocks of a match played on the board, kept in server time.

Each seat has a budget (``LiveGame.clock_ms``). A seat's clock runs while it is to move and has
not yet made its decision (in a race every seat that has not chosen its token runs at once);
``remaining_ms`` holds each seat's time when the running clocks last stopped, and
``turn_started_at`` when they started again. A seat gains ``increment_ms`` each time it makes
its part of a log move. A seat whose time reaches zero has run out: it forfeits, reason ``time``.

Plain reads and small writes on an unsaved ``LiveGame``; the play service saves it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from django.utils import timezone

from games.base import GameState
from tournaments.errors import InvalidInput
from tournaments.models import LiveGame

#: The longest budget a seat may be given (a week) and the largest increment (an hour).
MAX_CLOCK_SECONDS = 7 * 24 * 3600
MAX_INCREMENT_SECONDS = 3600


def check_clock_settings(clock_seconds: object, increment_seconds: object) -> None:
    """Refuse a budget or an increment that is not a whole number of seconds within bounds."""
    if clock_seconds is not None and (type(clock_seconds) is not int
                                      or not 1 <= clock_seconds <= MAX_CLOCK_SECONDS):
        message = f"a whole number of seconds from 1 to {MAX_CLOCK_SECONDS}, or none for an untimed game"
        raise InvalidInput(f"clock_seconds must be {message}", fields={"clock_seconds": [message]})
    if type(increment_seconds) is not int or not 0 <= increment_seconds <= MAX_INCREMENT_SECONDS:
        message = f"a whole number of seconds from 0 to {MAX_INCREMENT_SECONDS}"
        raise InvalidInput(f"increment_seconds must be {message}", fields={"increment_seconds": [message]})
    if clock_seconds is None and increment_seconds:
        message = "an increment needs a clock"
        raise InvalidInput(message, fields={"increment_seconds": [message]})


def set_clocks(live: LiveGame, seats: int, clock_seconds: int | None, increment_seconds: int) -> None:
    """Give every seat the whole budget (none for an untimed game)."""
    if clock_seconds is None:
        live.clock_ms, live.increment_ms, live.remaining_ms = None, 0, []
        return
    live.clock_ms, live.increment_ms = clock_seconds * 1000, increment_seconds * 1000
    live.remaining_ms = [live.clock_ms] * seats
    live.turn_started_at = timezone.now()


def running(state: GameState, forfeited: Iterable[int]) -> list[int]:
    """The seats whose clocks run in ``state``: to move, not yet decided, still playing."""
    gone = set(forfeited)
    if state.is_over():
        return []
    return [seat for seat in state.to_move() if seat not in gone]


def elapsed_ms(live: LiveGame, now: datetime) -> int:
    if live.turn_started_at is None:
        return 0
    return max(0, int((now - live.turn_started_at).total_seconds() * 1000))


def remaining_at(live: LiveGame, seats: Sequence[int], now: datetime) -> list[int]:
    """Each seat's time left at ``now``, the running ``seats`` charged since their start."""
    spent = elapsed_ms(live, now)
    return [max(0, left - spent) if seat in seats else left for seat, left in enumerate(live.remaining_ms)]


def fallen(live: LiveGame, seats: Sequence[int], now: datetime) -> list[int]:
    """The running seats whose time is out at ``now``, the first to run out first (then by seat)."""
    if not live.timed:
        return []
    spent = elapsed_ms(live, now)
    out = [seat for seat in seats if live.remaining_ms[seat] - spent <= 0]
    return sorted(out, key=lambda seat: (live.remaining_ms[seat], seat))


def charge(live: LiveGame, seats: Sequence[int], now: datetime) -> None:
    """Stop the running ``seats`` at ``now``: their time so far is spent; the clocks restart now."""
    if live.timed:
        live.remaining_ms = remaining_at(live, seats, now)
        live.turn_started_at = now


def credit(live: LiveGame, seats: Iterable[int]) -> None:
    """The increment, for each seat that has just made its part of a log move."""
    if live.timed and live.increment_ms:
        for seat in set(seats):
            live.remaining_ms[seat] += live.increment_ms


def next_flag_seconds(live: LiveGame, seats: Sequence[int], now: datetime) -> float | None:
    """How long until the first running seat's time is out (none when no clock runs)."""
    if not live.timed or not seats:
        return None
    return min(remaining_at(live, seats, now)[seat] for seat in seats) / 1000


def view(live: LiveGame, seats: Sequence[int], now: datetime) -> dict[str, object] | None:
    """The clocks as the board shows them: each seat's time left now, who runs, the server time."""
    if not live.timed:
        return None
    return {"remaining_ms": remaining_at(live, seats, now), "running": list(seats),
            "at": int(now.timestamp() * 1000), "increment_ms": live.increment_ms}
