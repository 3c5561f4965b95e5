"""The seat advantage: the Wilson interval against hand-computed values, and the selector's
exact counts over a factory-made set of matches."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.factories import ClubFactory, MembershipFactory
from tests.helpers.matches import ranked_match
from tournaments.models import Club, Match
from tournaments.selectors import SeatAdvantage, seat_advantage, visible_club, wilson_interval

GAME = "leapfrog_race"


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    # p = 7/10, z² = 3.8415: centre (0.7 + 0.19207) / 1.38415 = 0.64449, half 1.41600 × √0.03060 = 0.24770.
    (7, 10, 0.39677, 0.89219),
    # p = 0: centre = half = 0.19207 / 1.38415 = 0.13877 (the interval starts at 0).
    (0, 10, 0.0, 0.27753),
    # p = ½: centre ½, half 1.96 / 1.03841 × √(0.0025 + 0.0000960) = 0.09617.
    (50, 100, 0.40383, 0.59617),
    # Every game won: the mirror of 0 of 10.
    (10, 10, 0.72247, 1.0),
])
def test_the_wilson_interval_matches_hand_computed_values(wins: int, games: int, low: float, high: float) -> None:
    found = wilson_interval(wins, games)
    assert found is not None
    assert found[0] == pytest.approx(low, abs=5e-5) and found[1] == pytest.approx(high, abs=5e-5)


def test_no_games_give_no_interval() -> None:
    assert wilson_interval(0, 0) is None


@pytest.fixture
def matches(db: None) -> dict[str, Club]:
    """Pond (public): two seats 1-2 ×3, 2-1 ×2, 1-1 once (a shared first place); three seats
    1-2-3 and 2-1-3; a void 1-2; a 1-2 of another game. Reed (private): 1-2 ×2."""
    pond = ClubFactory(slug="pond")
    reed = ClubFactory(slug="reed", public=False)
    for ranks in [(1, 2)] * 3 + [(2, 1)] * 2 + [(1, 1), (1, 2, 3), (2, 1, 3)]:
        ranked_match(pond, *ranks)
    void = ranked_match(pond, 1, 2)
    Match.objects.filter(pk=void.pk).update(status=Match.Status.VOID)
    ranked_match(pond, 1, 2, game="froggit")
    ranked_match(reed, 1, 2)
    ranked_match(reed, 1, 2)
    return {"pond": pond, "reed": reed}


def test_the_selector_counts_seat_zero_alone_first_per_seat_count_over_the_visible_clubs(
        matches: dict[str, Club]) -> None:
    outsider = AnonymousUser()
    assert seat_advantage(outsider, GAME) == [SeatAdvantage(seats=2, games=6, wins=3),
                                              SeatAdvantage(seats=3, games=2, wins=1)]
    member = MembershipFactory(club=matches["reed"]).user
    assert seat_advantage(member, GAME) == [SeatAdvantage(seats=2, games=8, wins=5),
                                            SeatAdvantage(seats=3, games=2, wins=1)]
    assert seat_advantage(member, GAME, club=matches["reed"]) == [SeatAdvantage(seats=2, games=2, wins=2)]
    assert seat_advantage(outsider, "froggit") == [SeatAdvantage(seats=2, games=1, wins=1)]
    assert seat_advantage(outsider, "measure_and_tempo") == []
    assert visible_club(outsider, "reed") is None and visible_club(member, "reed") == matches["reed"]
    figure = seat_advantage(outsider, GAME)[0].to_json()
    assert (figure["rate"], figure["fair"]) == (0.5, 0.5) and 0 < figure["low"] < 0.5 < figure["high"] < 1
