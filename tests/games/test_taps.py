"""Each game's tap paths (``Game.taps``) and the targets its pictures mark (``data-tap``):
hand-checked positions from the rules, and a property over random games: every legal action
has one path, no path is a prefix of another, and every target is in the seat's picture."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from games.base import prefix_free, tap_targets
from games.froggit.board import NAMES
from games.registry import all_games, get_game
from games.seeding import derive_rng

MT_HANDS = {"hands": [["2H", "TC", "QD", "JC", "4C", "7C", "AD"], ["6S", "TS", "JD", "6C", "AS", "8D", "QC"]]}
OPTIONS = {"leapfrog_race": {}, "measure_and_tempo": {"target": 3},
           "froggit": {"version": "expert", "family": "quick", "max_rounds": 30},
           "leap_frog": {"variant": "murray", "rows": 5, "cols": 5}}


def marked(picture: str) -> dict[str, ET.Element]:
    """The picture's tap targets by id; each has a button role and a name."""
    root = ET.fromstring(picture)
    found = {}
    for element in root.iter():
        target = element.get("data-tap")
        if target is not None:
            assert target not in found, f"{target} is marked twice"
            assert element.get("role") == "button" and element.get("aria-label")
            found[target] = element
    if found:
        assert root.get("role") == "group"  # an "img" may not hold buttons
    return found


def test_prefix_free_repeats_the_last_target_of_a_path_another_continues() -> None:
    assert prefix_free({"a": ["x"], "b": ["x", "y"], "c": ["z"]}) == {"a": ["x", "x"], "b": ["x", "y"], "c": ["z"]}
    assert tap_targets({"a": ["x", "y"], "b": ["z"]}) == {"x", "y", "z"}


def test_leap_frog_taps_the_piece_then_each_landing_and_the_last_again_to_stop() -> None:
    game = get_game("leap_frog")
    state = game.new_state(game.parse_options({"rows": 4, "cols": 4}, 2), 2, {})
    assert game.taps(state, 0)["a1"] == ["a1"]  # the opening: a removal is its cell
    assert game.taps(state, 1) == {}
    state.apply_move("a1")
    state.apply_move("a3")
    assert game.taps(state, 0) == {"c1-a1": ["c1", "a1", "a1"], "c1-a1-a3": ["c1", "a1", "a3"],
                                   "c3-a3": ["c3", "a3", "a3"], "c3-a3-a1": ["c3", "a3", "a1"]}
    assert set(marked(game.draw(state, viewer=0, targets=True))) == {"a1", "a3", "c1", "c3"}
    assert marked(game.draw(state, viewer=1, targets=True)) == {} and marked(game.draw(state)) == {}


def test_froggit_taps_the_frog_then_its_landings_and_the_last_again_to_stop() -> None:
    game = get_game("froggit")
    state = game.new_state(game.parse_options({"version": "expert", "family": "quick"}, 2), 2, {})
    taps = game.taps(state, 0)
    assert taps["S start b2"] == ["S:start", "b2", "b2"] and taps["S start b2 c3 c4"] == ["S:start", "b2", "c3", "c4"]
    assert taps["L start a2"] == ["L:start", "a2", "a2"] and game.taps(state, 1) == {}
    assert set(marked(game.draw(state, viewer=0, targets=True))) == tap_targets(taps)
    state.apply_move("S start b2 c3 c4")
    assert game.taps(state, 0) == {} and marked(game.draw(state, viewer=0, targets=True)) == {}
    taps = game.taps(state, 1)
    assert {path[0] for path in taps.values()} == {"S:start", "L:start"}
    assert set(marked(game.draw(state, viewer=1, targets=True))) == tap_targets(taps)


def test_froggit_home_is_the_finish_corner_and_a_due_fish_is_one_tap_on_its_pad() -> None:
    game = get_game("froggit")
    state = game.new_state(game.parse_options({"family": "quick"}, 2), 2, {})
    rng = random.Random(5)
    while not any(action.endswith(" home") for action in state.legal_actions(state.turn)):
        state.apply_action(state.turn, rng.choice(state.legal_actions(state.turn)))
    seat = state.turn
    action = next(action for action in state.legal_actions(seat) if action.endswith(" home"))
    corner = NAMES[state.finishes[seat]]
    assert game.taps(state, seat)[action][-1] == corner and corner in marked(game.draw(state, viewer=seat, targets=True))
    state.apply_action(seat, action)
    if not state.is_over():
        assert state.fish_due and state.turn == seat
        taps = game.taps(state, seat)
        assert taps and all(path == [action.split(" ")[1]] for action, path in taps.items())
        assert set(marked(game.draw(state, viewer=seat, targets=True))) == tap_targets(taps)


def test_the_race_taps_one_token_and_the_seat_alone_sees_its_row() -> None:
    game = get_game("leapfrog_race")
    state = game.new_state(game.parse_options({}, 2), 2, {"order": "RYPOBG"})
    state.apply_move("R1 Y2 P2 O3 B6 G5")
    assert game.taps(state, 0) == {str(token): [f"token:{token}"] for token in (2, 3, 4, 5, 6)}
    assert set(marked(game.draw(state, viewer=0, targets=True))) == {"token:2", "token:3", "token:4", "token:5", "token:6"}
    assert marked(game.draw(state)) == {} and "own-token" not in game.draw(state)
    state.apply_action(0, "4")
    assert game.taps(state, 0) == {} and marked(game.draw(state, viewer=0, targets=True)) == {}
    assert "chosen, waiting" in game.draw(state, viewer=0, targets=True) and 'data-tap="token:4"' in game.draw(state, viewer=1, targets=True)


def test_measure_and_tempo_taps_a_button_then_a_card_an_answer_by_its_card_and_under_by_two() -> None:
    game = get_game("measure_and_tempo")
    setup = {"hands": MT_HANDS["hands"]}
    state = game.new_state(game.parse_options({}, 2), 2, setup)
    taps = game.taps(state, 0)
    assert taps["strike 7C"] == ["act:strike", "card:7C"] and taps["strike feint AD"] == ["act:feint", "card:AD"]
    assert taps["guard QD"] == ["act:guard", "card:QD"] and taps["cycle"] == ["act:cycle"]
    assert taps["stall"] == ["act:stall"] and game.taps(state, 1) == {}
    mine = marked(game.draw(state, viewer=0, targets=True))
    assert {"act:strike", "act:feint", "act:guard", "act:cycle", "act:stall", "card:AD"} <= set(mine)
    assert not any(target.startswith("card:") and target[5:] in MT_HANDS["hands"][1] for target in mine)
    assert marked(game.draw(state, viewer=1, targets=True)) == {} and marked(game.draw(state)) == {}
    state.apply_action(0, "strike 7C")
    taps = game.taps(state, 1)
    assert taps == {"answer 6C": ["card:6C"], "answer QC": ["card:QC"]}  # follow the suit led
    state = game.new_state(game.parse_options({}, 2), 2, setup)
    state.apply_action(0, "cycle")
    state.apply_chance(state.sample_chance(random.Random(3)))
    taps = game.taps(state, 0)
    assert all(path == [f"card:{action.split()[1]}", f"card:{action.split()[2]}"] for action, path in taps.items())
    assert len(taps) == 9 * 8


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_legal_action_of_random_games_has_a_distinct_prefix_free_path_drawn_for_its_seat(game) -> None:
    seats = {"froggit": 3, "leapfrog_race": 2}.get(game.slug, 2)
    for number in range(3):
        rng = derive_rng(f"taps-{number}", game.slug)
        options = game.parse_options(OPTIONS[game.slug], seats)
        state = game.new_state(options, seats, game.random_setup(options, seats, rng))
        steps = 0
        while not state.is_over() and steps < 400:
            steps += 1
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            for seat in range(seats):
                legal = state.legal_actions(seat)
                taps = game.taps(state, seat)
                assert sorted(taps) == sorted(legal)
                paths = [tuple(path) for path in taps.values()]
                assert all(paths) and len(set(paths)) == len(paths)
                starts = {path[:length] for path in paths for length in range(1, len(path))}
                assert not starts & set(paths), "a path is a prefix of another"
                if steps % 3 == 0 or game.slug != "leap_frog":
                    assert tap_targets(taps) <= set(marked(game.draw(state, viewer=seat, targets=True)))
                    assert "data-tap" not in game.draw(state, viewer=seat)  # the replay's picture: no targets
            mover = rng.choice(state.to_move())
            state.apply_action(mover, rng.choice(state.legal_actions(mover)))
