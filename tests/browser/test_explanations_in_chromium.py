"""On a phone, a director opens a proposed pairing's "Why?" and reads its reasons, and a
visitor reads a published round's on the tournament page: no script, nothing wider than
360 px, axe-core's WCAG 2.1 AA checks pass."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.tournaments.console_data import leap_frog_swiss
from tournaments.models import Club, Membership, Player, Tournament
from tournaments.services import tournaments as services


@pytest.fixture
def swiss(transactional_db: None) -> Tournament:
    club = Club.objects.create(name="Pond Club", slug="pond")
    director = User.objects.create_user("director", password="pw-director-123")
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    players = [Player.objects.create(club=club, name=name) for name in ("Ana", "Ben", "Cy", "Dora", "Evangeline")]
    return leap_frog_swiss(club, players, rounds=3)


def test_why_opens_in_place_on_a_phone(people: Any, swiss: Tournament) -> None:
    director = people("director")
    director.open(f"/tournaments/{swiss.pk}/rounds/1/")
    director.fill(Username="director", Password="pw-director-123")
    director.submit_form_of("Password", "the round")
    director.sees("Why these pairings")
    director.click("Why?", among="//summary")
    director.sees("has the first seat")
    director.check_page("proposed-why-open")
    director.fits_the_phone()
    services.publish_proposed(swiss)
    visitor = people("visitor")
    visitor.open(f"/tournaments/{swiss.pk}/")
    visitor.click("Why these pairings?", among="//summary")
    visitor.sees("Score groups: 0 points")
    visitor.click("Why?", among="//summary")
    visitor.sees("They have not met before.")
    visitor.check_page("published-why-open")
    visitor.fits_the_phone()
