"""The ledger remembers decided pairings from one build to the next: what it answers is what
deciding every pairing afresh answers, whatever else (withdrawals, seeding) changed."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Fixture, Outcome, Settings, make_format
from tournaments.formats.ledger import Ledger
from tournaments.formats.results import decide, group_pairings

BEST_OF_THREE = Settings("single_elimination", best_of=3)
NO_REPLAYS = Settings("single_elimination", max_replays=0)


def fresh(settings: Settings, seeding: list[int], outcomes: list[Outcome], withdrawn: frozenset[int]) -> list:
    """Every pairing decided afresh, as the ledger did before it remembered any."""
    rank = {entrant: position for position, entrant in enumerate(seeding)}
    return [decide(settings, games, withdrawn=withdrawn, seed_rank=rank)
            for games in group_pairings(outcomes).values()]


def test_a_withdrawal_after_a_build_decides_the_pairing_it_left_open() -> None:
    game = Fixture(round=1, seats=(1, 2))
    outcomes = [Outcome(game, (1, 2), (0.0, 0.0))]  # 1 leads 1-0 of three
    (open_pairing,) = Ledger(BEST_OF_THREE, [1, 2], outcomes).pairings
    assert not open_pairing.decided
    (withdrawn,) = Ledger(BEST_OF_THREE, [1, 2], outcomes, withdrawn={1}).pairings
    assert withdrawn.decided and withdrawn.winner == 2
    (again,) = Ledger(BEST_OF_THREE, [1, 2], outcomes).pairings
    assert again == open_pairing


def test_the_seeding_still_names_who_advances_from_a_level_pairing() -> None:
    outcomes = [Outcome(Fixture(round=1, seats=(1, 2)), (1, 1), (0.0, 0.0))]  # a draw, no replays
    assert Ledger(NO_REPLAYS, [1, 2], outcomes).pairings[0].winner == 1
    assert Ledger(NO_REPLAYS, [2, 1], outcomes).pairings[0].winner == 2
    # An entrant missing from the seeding is placed after everyone in it.
    assert Ledger(NO_REPLAYS, [2], outcomes).pairings[0].winner == 2
    assert Ledger(NO_REPLAYS, [], outcomes).pairings[0].winner == 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), size=st.integers(min_value=2, max_value=9),
       best_of=st.sampled_from([1, 3]), elimination=st.booleans())
def test_a_ledger_answers_what_deciding_every_pairing_afresh_answers(seed: int, size: int, best_of: int,
                                                                      elimination: bool) -> None:
    rng = random.Random(seed)
    config = Settings("single_elimination" if elimination else "round_robin", best_of=best_of)
    entrants = list(range(1, size + 1))
    fmt = make_format(config, entrants)
    outcomes: list[Outcome] = []
    active = list(entrants)
    while games := fmt.next_games(outcomes, active):
        for game in games:
            ranks = (1, 1) if rng.random() < 0.3 else rng.choice([(1, 2), (2, 1)])
            outcomes.append(Outcome(game, (1,) if game.bye else ranks, (0,) if game.bye else (0.0, 0.0)))
        if len(active) > 2 and rng.random() < 0.2:
            active.remove(rng.choice(active))
        withdrawn = frozenset(entrants) - set(active)
        seeding = rng.sample(entrants, len(entrants))
        assert Ledger(config, seeding, outcomes, withdrawn).pairings == fresh(config, seeding, outcomes, withdrawn)
