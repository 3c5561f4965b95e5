"""Every built-in bot parameter of every game is bounded: its range is declared beside its
default, values inside it are taken, and values outside it are refused with the range."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Param
from games.registry import all_games
from games.runner import bot_class, make_bot, parse_bot_spec

PARAMS = [(game, name, key, spec) for game in all_games() for name, bot in game.bots.items()
          for key, spec in bot.params.items()]


def test_every_search_bot_declares_its_ranges() -> None:
    assert {(game.slug, name, key) for game, name, key, _ in PARAMS} >= {
        ("froggit", "mcts", "budget"), ("leap_frog", "search", "budget"),
        ("leapfrog_race", "mc", "budget"), ("measure_and_tempo", "ismcts", "budget")}
    for _, _, _, spec in PARAMS:
        assert isinstance(spec, Param) and 1 <= spec.minimum <= spec.default <= spec.maximum <= 20_000


@pytest.mark.parametrize(("game", "name", "key", "spec"), PARAMS,
                         ids=[f"{game.slug}-{name}-{key}" for game, name, key, _ in PARAMS])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_values_in_range_are_taken_and_others_refused(game, name, key, spec, data) -> None:  # noqa: ANN001
    inside = data.draw(st.integers(spec.minimum, spec.maximum))
    assert bot_class(game, f"{name}:{key}={inside}")[1][key] == inside
    outside = data.draw(st.one_of(st.integers(0, spec.minimum - 1) if spec.minimum > 0 else st.nothing(),
                                  st.integers(spec.maximum + 1, 10**40)))
    with pytest.raises(ValueError, match=f"'{key}'"):
        make_bot(game, f"{name}:{key}={outside}", 0, game.parse_options({}, game.min_players),
                 game.min_players, None)


def test_the_listing_shows_every_range() -> None:
    for game in all_games():
        for name, described in game.describe()["bots"].items():
            assert set(described["limits"]) == set(described["params"])
            for key, limits in described["limits"].items():
                assert limits["minimum"] <= described["params"][key] == limits["default"] <= limits["maximum"]


@pytest.mark.parametrize(("spec", "message"), [
    ("mcts:budget=" + "9" * 100, "far too large"),
    ("mcts:budget=1,budget=2", "given twice"),
    ("x" * 201, "bad bot"),
])
def test_specs_that_cannot_be_a_bot_are_refused_before_any_bot_is_made(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_bot_spec(spec)


def test_leading_zeros_are_not_digits_of_size() -> None:
    assert parse_bot_spec("mc:budget=0000000000012") == ("mc", {"budget": 12})
