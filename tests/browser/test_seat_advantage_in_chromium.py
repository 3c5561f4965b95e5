"""On a phone, a visitor reads a game's measured seat advantage, with its interval, and picks a
club's own figure: nothing wider than 360 px, axe-core's WCAG 2.1 AA checks pass."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.matches import ranked_match
from tournaments.models import Club


@pytest.fixture
def clubs(transactional_db: None) -> tuple[Club, Club]:
    pond = Club.objects.create(name="Pond Club", slug="pond")
    lily = Club.objects.create(name="Lily Club", slug="lily")
    for ranks in [(1, 2), (1, 2), (2, 1), (1, 1)]:
        ranked_match(pond, *ranks, game="leap_frog")
    ranked_match(lily, 2, 1, game="leap_frog")
    return pond, lily


def test_a_visitor_reads_the_seat_advantage_and_one_clubs_own(people: Any, clubs: tuple[Club, Club]) -> None:
    visitor = people("visitor")
    visitor.open("/games/leap_frog/")
    visitor.loaded("the game's page")
    visitor.click("Seat advantage")  # the link at the top leads down to it
    visitor.check_page("game-seat-advantage")
    visitor.shot_of("seat-advantage", "every-club")
    visitor.fits_the_phone()
    visitor.open("/games/leap_frog/?club=pond")
    visitor.sees("Pond Club")
    visitor.check_page("pond-seat-advantage")
    visitor.shot_of("seat-advantage", "pond-only")
    visitor.fits_the_phone()
