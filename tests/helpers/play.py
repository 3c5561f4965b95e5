"""Games played on the board in tests: started through the play service, played by seeded
random legal actions, and a clock that moves only when a test moves it."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from tournaments.models import Match
from tournaments.services import play

#: Small options that keep a whole game short.
QUICK = {"leapfrog_race": {}, "measure_and_tempo": {"target": 3, "max_plays": 6},
         "froggit": {"family": "quick"}, "leap_frog": {"rows": 5, "cols": 5}}


def holds_card(text: str, card: str) -> bool:
    """Whether ``text`` names ``card`` as a word of its own (not inside a token or a hash)."""
    return re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", text) is not None


def random_action(match: Match, rng: random.Random) -> tuple[int, str]:
    """A seat still to decide, and one of its legal actions, drawn from ``rng``."""
    state = play.live_state(match)
    movers = [seat for seat in state.to_move() if seat not in play.forfeited(match)]
    seat = rng.choice(movers)
    return seat, rng.choice(state.legal_actions(seat))


def play_out(match: Match, rng: random.Random, user: Any, limit: int = 5000) -> Match:
    """Act for the seats with ``user`` (a director keeps score) until the match ends."""
    for _ in range(limit):
        if match.status != Match.Status.IN_PROGRESS:
            return match
        seat, action = random_action(match, rng)
        match = play.act(match, seat=seat, action=action, user=user, index=match.move_count)
    raise AssertionError(f"match {match.pk} did not end in {limit} actions")


class Clock:
    """The server's time, moved by the test (``timezone.now`` patched; nothing sleeps)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now: datetime = timezone.now()
        monkeypatch.setattr(timezone, "now", lambda: self.now)

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)
