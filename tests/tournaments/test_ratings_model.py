"""The rating model, chosen by test: over every finishing order of two to six seats (ties
anywhere), tied seats get equal updates, and from equal ratings a better place never ends
below a worse one. PlackettLuce, openskill's default, fails the second; the chosen model
passes both. Also the displayed scale."""

from __future__ import annotations

import itertools
import random
from functools import cache

import openskill
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import BradleyTerryPart, PlackettLuce

from tournaments.services import ratings
from tournaments.services.ratings import MODEL, conservative, display, is_provisional, new_rating, rate


@cache
def finishing_orders(seats: int) -> list[tuple[int, ...]]:
    """Every competition ranking of ``seats`` seats: (1, 1, 3) but never (1, 1, 2)."""
    return [ranks for ranks in itertools.product(range(1, seats + 1), repeat=seats)
            if all(rank == 1 + sum(other < rank for other in ranks) for rank in ranks)]


def priors(ranks: tuple[int, ...], rng: random.Random) -> list[list[tuple[float, float]]]:
    """Equal priors, and unequal ones where tied seats share theirs."""
    cases = [[new_rating()] * len(ranks)]
    for _ in range(2):
        drawn = [(rng.uniform(15, 35), rng.uniform(2, 8.4)) for _ in ranks]
        by_rank = {rank: drawn[index] for index, rank in enumerate(ranks)}
        cases.append([by_rank[rank] for rank in ranks])
    return cases


def violations(rate_fn, seats: int) -> dict[str, list]:
    """Cases breaking either property: equal starts ending unequal though tied, or a better
    place ending below a worse one from an equal start (in mu or in the conservative estimate)."""
    rng = random.Random(seats)
    found: dict[str, list] = {"tie": [], "order": []}
    for ranks in finishing_orders(seats):
        for before in priors(ranks, rng):
            after = rate_fn(before, ranks)
            for i, j in itertools.permutations(range(seats), 2):
                if before[i] != before[j]:
                    continue
                if ranks[i] == ranks[j] and after[i] != pytest.approx(after[j], abs=1e-12):
                    found["tie"].append((ranks, before, after))
                if ranks[i] < ranks[j] and (after[i][0] < after[j][0] - 1e-12
                                            or conservative(*after[i]) < conservative(*after[j]) - 1e-9):
                    found["order"].append((ranks, before, after))
    return found


def library_rate(model):
    def rate_fn(before, ranks):
        teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
        return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=list(ranks))]
    return rate_fn


def test_the_library_is_the_pinned_version() -> None:
    assert openskill.__version__ == "6.2.0"


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_chosen_model_treats_ties_and_places_fairly(seats: int) -> None:
    assert len(finishing_orders(seats)) == {2: 3, 3: 13, 4: 75, 5: 541, 6: 4683}[seats]
    assert violations(rate, seats) == {"tie": [], "order": []}


def test_the_two_seat_cases_by_hand() -> None:
    (win, loss) = rate([new_rating()] * 2, [1, 2])
    assert win[0] > 25 > loss[0] and win[1] == loss[1] < new_rating()[1]
    (first, second) = rate([new_rating()] * 2, [1, 1])
    assert first == second and first[0] == pytest.approx(25)
    strong, weak = (30.0, 4.0), (20.0, 4.0)
    (strong_after, weak_after) = rate([strong, weak], [1, 1])
    assert strong_after[0] < 30 and weak_after[0] > 20  # a draw pulls unequal players together


def test_plackett_luce_ranks_a_tied_winner_below_a_later_place() -> None:
    """Why not openskill's default: at five equal seats finishing (1, 1, 1, 4, 5), a winner
    ends below the fourth."""
    after = library_rate(PlackettLuce())([new_rating()] * 5, (1, 1, 1, 4, 5))
    assert after[0][0] < after[3][0]
    assert violations(library_rate(PlackettLuce()), 3)["order"] == []
    assert (1, 1, 3, 4) in [ranks for ranks, _, _ in violations(library_rate(PlackettLuce()), 4)["order"]]


def test_the_part_models_split_ties_unequally() -> None:
    """Why not the "Part" models: five equal seats tied first at six seats end unequal."""
    after = library_rate(BradleyTerryPart())([new_rating()] * 6, (1, 1, 1, 1, 1, 6))
    assert after[0] != after[4]


def test_the_displayed_scale() -> None:
    mu, sigma = new_rating()
    assert (mu, sigma) == (MODEL.mu, MODEL.sigma) == (25.0, 25.0 / 3)
    assert display(mu) == 1500 and display(sigma) == pytest.approx(500)
    assert conservative(mu, sigma) == pytest.approx(0)
    assert is_provisional(sigma) and not is_provisional(ratings.PROVISIONAL_DEVIATION / ratings.SCALE)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.floats(-50, 100), st.floats(0.01, 30), st.integers(1, 6)), min_size=2, max_size=6))
def test_the_replays_update_gives_the_librarys_floats(seats: list[tuple[float, float, int]]) -> None:
    """``rate`` skips openskill's argument checks and deep copy, never its arithmetic: every
    float is the one ``BradleyTerryFull.rate`` gives, ties and any order of places included."""
    before = [(mu, sigma) for mu, sigma, _ in seats]
    ranks = [1 + sum(other < place for _, _, other in seats) for _, _, place in seats]
    assert rate(before, ranks) == library_rate(MODEL)(before, ranks)
    assert rate(before, ranks) == rate(before, ranks)  # the objects it reuses keep nothing between calls
