"""The rating maths, pure: openskill's model, the displayed scale, and one match's update.

Both the ratings service (which stores ratings) and the selectors (which show them) import
this module; it imports neither, so that reading a rating never pulls in the code that writes
one.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Any

from openskill.models import BradleyTerryFull
from openskill.models.weng_lin.common import _unwind

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


def displayed(mu: float, sigma: float) -> dict[str, Any]:
    """A rating as every door shows it (``docs/ratings.md``): the rating and its deviation on
    the displayed scale to one decimal, the conservative estimate, and whether it is provisional."""
    return {"rating": round(display(mu), 1), "deviation": round(display(sigma), 1),
            "conservative": round(conservative(mu, sigma), 1), "provisional": is_provisional(sigma)}


def new_rating() -> tuple[float, float]:
    """A new player's (mu, sigma)."""
    return MODEL.mu, MODEL.sigma


#: openskill's rating objects that :func:`rate` hands to the update, a few per thread, reused.
_scratch = threading.local()


def scratch_ratings(count: int) -> list[Any]:
    """At least ``count`` of this thread's reusable openskill rating objects."""
    ratings = getattr(_scratch, "ratings", None)
    if ratings is None or len(ratings) < count:
        ratings = _scratch.ratings = [MODEL.rating() for _ in range(max(count, 6))]
    return ratings


def rate(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """One match's update: each seat a team of one, ``ranks`` 1 for the best, ties sharing.

    What ``MODEL.rate`` answers, float for float (``tests/tournaments/test_ratings_model.py``),
    by the same steps (the dynamics term on sigma, the teams in rank order, the update, the
    original order again), less its argument checks and its deep copy of the teams, which
    makes a new rating object (with a random id) per seat and was about a third of the
    update's time. The update writes into the objects it is given: here, rating objects this
    thread reuses, read back at once."""
    tau_squared = MODEL.tau * MODEL.tau
    teams = []
    for rating, (mu, sigma) in zip(scratch_ratings(len(before)), before):
        rating.mu, rating.sigma = mu, math.sqrt(sigma * sigma + tau_squared)
        teams.append([rating])
    ordered, order = _unwind(list(ranks), teams)
    after = _unwind(order, MODEL._compute(teams=ordered, ranks=sorted(ranks)))[0]
    if MODEL.limit_sigma:
        return [(team[0].mu, min(team[0].sigma, sigma)) for team, (_, sigma) in zip(after, before, strict=True)]
    return [(team[0].mu, team[0].sigma) for team in after]
