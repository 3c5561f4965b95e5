"""``GameState.random_action`` is ``rng.choice(legal_actions(seat))``: the same action from the
same single draw, in every game and variant, wherever a game answers it its own way."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import get_game

#: Every game's variants as (options, seats).
VARIANTS: list[tuple[str, dict[str, Any], int]] = [
    ("leapfrog_race", {}, 1), ("leapfrog_race", {}, 2), ("leapfrog_race", {"plate": False}, 3),
    ("leapfrog_race", {}, 6),
    ("measure_and_tempo", {}, 2), ("measure_and_tempo", {"target": 3}, 2),
    ("froggit", {"version": "junior"}, 2), ("froggit", {"version": "junior"}, 6),
    ("froggit", {"version": "expert"}, 2), ("froggit", {"version": "expert", "family": "quick"}, 4),
    ("leap_frog", {"variant": "traditional", "rows": 7, "cols": 9}, 2),
    ("leap_frog", {"variant": "murray", "rows": 8, "cols": 8}, 2), ("leap_frog", {"variant": "froglet"}, 3),
    ("leap_frog", {"variant": "capture"}, 2),
    ("leap_frog", {"variant": "traditional", "diagonal": True, "rows": 6, "cols": 6}, 3),
]


@pytest.mark.parametrize(("slug", "options", "seats"), VARIANTS,
                         ids=[f"{slug}-{seats}-{'-'.join(map(str, options.values()))}" for slug, options, seats in VARIANTS])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_random_action_is_the_choice_among_the_legal_ones(slug: str, options: dict[str, Any], seats: int,
                                                            seed: int) -> None:
    game = get_game(slug)
    options = game.parse_options(options, seats)
    rng = random.Random(seed)
    state = game.new_state(options, seats, game.random_setup(options, seats, rng))
    checked = 0
    while not state.is_over() and checked < 400:
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        for seat in state.to_move():
            mine, theirs = random.Random(), random.Random()
            mine.setstate(rng.getstate())
            theirs.setstate(rng.getstate())
            expected = theirs.choice(state.legal_actions(seat))
            assert state.random_action(seat, mine) == expected
            assert mine.getstate() == theirs.getstate()  # one draw, the same one
            state.apply_action(seat, expected)
            rng.setstate(mine.getstate())
            checked += 1
    assert checked
