"""The rating maths, pure: openskill's model, the displayed scale, and one match's update.

Both the ratings service (which stores ratings) and the selectors (which show them) import
this module; it imports neither, so that reading a rating never pulls in the code that writes
one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import BradleyTerryFull

#: Chosen by test (``tests/tournaments/test_ratings_model.py``): tied seats get equal updates
#: and a better place never ends below a worse one from equal ratings, at any table size.
#: PlackettLuce (openskill 6.2) breaks the second with ties; the "Part" models the first.
MODEL = BradleyTerryFull()

#: The displayed scale: a new player (mu 25, sigma 25/3) shows 1500 with a deviation of 500.
SCALE = 60.0
#: Leaderboards order by the rating less this many deviations (openskill's own ordinal).
CONSERVATIVE_DEVIATIONS = 3
#: A rating is provisional while its displayed deviation is above this (about nine
#: two-seat matches, or two six-seat tables, from a new player).
PROVISIONAL_DEVIATION = 400.0


def display(mu: float) -> float:
    """A rating on the displayed scale."""
    return mu * SCALE


def conservative(mu: float, sigma: float) -> float:
    """The displayed rating less ``CONSERVATIVE_DEVIATIONS`` deviations: what leaderboards sort by."""
    return (mu - CONSERVATIVE_DEVIATIONS * sigma) * SCALE


def is_provisional(sigma: float) -> bool:
    return sigma * SCALE > PROVISIONAL_DEVIATION


def new_rating() -> tuple[float, float]:
    """A new player's (mu, sigma)."""
    return MODEL.mu, MODEL.sigma


def rate(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """One match's update: each seat a team of one, ``ranks`` 1 for the best, ties sharing."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=list(ranks))]


def rate_players(ratings: Sequence[Any], ranks: Sequence[int]) -> list[Any]:
    """``rate`` on openskill's own rating objects (kept between matches while replaying)."""
    return [team[0] for team in MODEL.rate([[rating] for rating in ratings], ranks=list(ranks))]
