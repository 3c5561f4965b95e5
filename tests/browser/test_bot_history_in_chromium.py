"""On a phone, a visitor goes from a bot entry to one version's record and then compares two
versions with the form's selects: nothing wider than 360 px, axe-core's WCAG 2.1 AA checks pass."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.ratings import finished_match
from tournaments.models import BotEntry, Club, Player
from tournaments.services import bots as bot_services
from tournaments.services import ratings


@pytest.fixture
def frog(transactional_db: None) -> BotEntry:
    """A frog whose v1 beat Ben twice and whose v2 lost to a rival bot, forfeiting on time."""
    club = Club.objects.create(name="Pond Club", slug="pond")
    ben = Player.objects.create(club=club, name="Ben")
    entry = bot_services.create_entry(club=club, owner=None, game="froggit", name="Frog", strategy="random")
    rival = bot_services.create_entry(club=club, owner=None, game="froggit", name="Rival", strategy="greedy")
    for minutes in (1, 2):
        finished_match([entry.player, ben], [1, 2], minutes=minutes)
    bot_services.add_version(entry, strategy="greedy")
    lost = finished_match([rival.player, entry.player], [1, 2], minutes=3, forfeits=(1,))
    lost.seats.filter(index=1).update(forfeit_reason="timeout")
    ratings.update_ratings("froggit")
    return entry


def test_a_visitor_reads_a_versions_record_and_compares_two(people: Any, frog: BotEntry) -> None:
    visitor = people("visitor")
    visitor.open(f"/bots/{frog.pk}/")
    visitor.click("v1")
    visitor.sees("Frog v1")
    visitor.sees("2 wins, 0 draws, 0 losses")
    visitor.check_page("version-1")
    visitor.fits_the_phone()
    visitor.click("Compare two versions")
    visitor.sees("score rate")
    visitor.fill(Version_A="v2", Version_B="v1")
    visitor.submit("Compare")
    visitor.sees("Rival v1")
    assert "a=2" in visitor.path and "b=1" in visitor.path
    visitor.check_page("v2-against-v1")
    visitor.fits_the_phone()
