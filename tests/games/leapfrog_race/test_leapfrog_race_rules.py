"""Leapfrog's rules (docs/games/leapfrog_race.md) on hand-checked positions."""

from __future__ import annotations

import pytest

from games.errors import GameOverError, IllegalMoveError, NotationError, OptionsError, SetupError
from games.leapfrog_race.game import LeapfrogRace
from games.leapfrog_race.rules import LeapfrogRaceState, resolve_turn

GAME = LeapfrogRace()


def new_state(order: str = "RYGBOP", players: int = 2, **options: object) -> LeapfrogRaceState:
    return GAME.new_state(GAME.parse_options(options, players), players, {"order": order})


def still_turns(state: LeapfrogRaceState, turns: int) -> None:
    """Play turns where every frog plays the same token: nobody passes anybody."""
    for _ in range(turns):
        token = state.turn + 1
        state.apply_move(" ".join(f"{frog}{token}" for frog in "RYGBOP"))


def test_the_seeds_worked_example() -> None:
    state = new_state("RYPOBG")
    state.apply_move("R1 Y2 P2 O3 B6 G5")
    assert "".join(state.column) == "YRBOPG"


def test_token_two_advances_only_two_places() -> None:
    # The seed: a frog in 6th place plays 2 while the five above play 1: it reaches 4th.
    assert "".join(resolve_turn(list("RYGBOP"), dict(R=1, Y=1, G=1, B=1, O=1, P=2))) == "RYGPBO"


def test_equal_tokens_never_pass() -> None:
    assert resolve_turn(list("RYGBOP"), dict.fromkeys("RYGBOP", 4)) == list("RYGBOP")


def test_a_frog_that_dropped_its_maximum_cannot_be_passed_again() -> None:
    # Y passes R (R dropped 1 of 1); G (3) then cannot pass R although 3 > 1.
    assert "".join(resolve_turn(list("RYGBOP"), dict(R=1, Y=2, G=3, B=1, O=1, P=1))) == "YRGBOP"


def test_the_head_frog_cannot_gain_a_place() -> None:
    assert resolve_turn(list("RYGBOP"), dict(R=6, Y=1, G=1, B=1, O=1, P=1))[0] == "R"


def test_the_log_move_lists_tokens_in_column_order() -> None:
    state = new_state("RYPOBG")
    state.apply_move("G5 B6 O3 P2 Y2 R1")
    assert state.moves == ["R1 Y2 P2 O3 B6 G5"]


def test_race_points_markers_and_the_plate() -> None:
    # A column that never moves: position p scores 7-p, p, 7-p over the three races.
    state = new_state("RYGBOP", players=6)
    still_turns(state, 6)
    assert {frog: points[0] for frog, points in state.race_points.items()} == dict(R=6, Y=5, G=4, B=3, O=2, P=1)
    assert state.markers == dict(R=0, Y=0, G=0, B=1, O=1, P=1)
    still_turns(state, 6)
    assert {frog: points[1] for frog, points in state.race_points.items()} == dict(R=1, Y=2, G=3, B=4, O=5, P=6)
    assert state.markers == dict(R=1, Y=1, G=0, B=1, O=1, P=1)
    still_turns(state, 6)
    assert state.is_over()
    assert state.markers == dict(R=1, Y=1, G=0, B=1, O=1, P=2)
    assert state.eaten == "Y"
    result = state.result()
    # R and P both score 13: P has two markers (five bonus points are already in its 13).
    assert result.scores == [13, 12, 11, 10, 9, 13]
    assert result.detail["order"] == "PRGBOY"
    assert result.ranks == [2, 6, 3, 4, 5, 1]
    assert result.detail["frogs"]["Y"] == {"races": [5, 2, 5], "markers": 1, "eaten": True, "total": 12}


def test_without_the_plate_nobody_is_eaten() -> None:
    state = new_state("RYGBOP", players=6, plate=False)
    still_turns(state, 18)
    assert state.eaten is None
    assert state.result().detail["order"] == "PRYGBO"


def test_a_tie_on_points_and_markers_goes_to_the_better_race_three_place() -> None:
    state = new_state("RYGBOP", players=2)
    still_turns(state, 18)
    state.race_points["R"], state.race_points["Y"] = [3, 3, 3], [4, 2, 3]
    state.markers["R"] = state.markers["Y"] = 1
    state.eaten = None
    assert state.column.index("R") < state.column.index("Y")
    assert state.result().ranks == [1, 2]
    state.column = list("YRGBOP")
    assert state.result().ranks == [2, 1]


def test_ranks_count_only_the_seats_frogs() -> None:
    state = new_state("RYGBOP", players=2, colours="OB")
    still_turns(state, 18)
    # O scores 9 with one marker, B 10 with one marker: B ahead, both below non-player frogs.
    assert state.result().ranks == [2, 1]
    assert state.result().scores == [9, 10]


def test_scores_mid_game_are_finished_races_plus_marker_bonus() -> None:
    state = new_state("RYGBOP", players=6)
    still_turns(state, 12)
    # After two races every frog has 7 points and one marker or none (no bonus yet).
    assert state.scores() == [7, 7, 7, 7, 7, 7]
    state.markers["P"] = 2
    assert state.scores()[5] == 12


def test_a_token_already_played_in_this_race_is_illegal_and_changes_nothing() -> None:
    state = new_state()
    state.apply_move("R1 Y2 G3 B4 O5 P6")
    before = state.observation(0)
    with pytest.raises(IllegalMoveError, match="already played its 1"):
        state.apply_move("R1 Y1 G1 B1 O1 P1")
    assert state.observation(0) == before
    assert state.moves == ["R1 Y2 G3 B4 O5 P6"]


def test_tokens_come_back_for_each_race() -> None:
    state = new_state()
    still_turns(state, 6)
    state.apply_move("R1 Y1 G1 B1 O1 P1")
    assert state.race == 1 and state.turn == 1


@pytest.mark.parametrize("move", [
    "", "R1", "R1 Y2 G3 B4 O5", "R1 Y2 G3 B4 O5 P6 R1", "R1 Y2 G3 B4 O5 X6", "R0 Y2 G3 B4 O5 P6",
    "R7 Y2 G3 B4 O5 P6", "r1 y2 g3 b4 o5 p6", "R1  Y2 G3 B4 O5 P6", " R1 Y2 G3 B4 O5 P6",
    "R1 Y2 G3 B4 O5 P6 ", "R1 R2 G3 B4 O5 P6", "R10 Y2 G3 B4 O5", "R1,Y2,G3,B4,O5,P6", "R١ Y2 G3 B4 O5 P6",
])
def test_malformed_turns_are_notation_errors(move: str) -> None:
    state = new_state()
    with pytest.raises(NotationError):
        state.apply_move(move)
    assert state.moves == []


def test_no_move_after_the_end() -> None:
    state = new_state()
    still_turns(state, 18)
    with pytest.raises(GameOverError):
        state.apply_move("R1 Y2 G3 B4 O5 P6")


def test_simultaneous_actions_then_the_non_players_draw() -> None:
    state = new_state("RYPOBG", players=2)
    assert state.to_move() == (0, 1)
    assert state.legal_actions(0) == ["1", "2", "3", "4", "5", "6"]
    state.apply_action(1, "2")
    assert state.to_move() == (0,) and state.legal_actions(1) == []
    state.apply_action(0, "1")
    assert state.is_chance_node() and state.to_move() == ()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 ** 4 and "G5 B6 O3 P2" in outcomes
    state.apply_chance("G5 B6 O3 P2")
    assert state.moves == ["R1 Y2 P2 O3 B6 G5"]
    assert "".join(state.column) == "YRBOPG"
    assert state.legal_actions(0) == ["2", "3", "4", "5", "6"]


def test_action_errors() -> None:
    state = new_state()
    with pytest.raises(NotationError):
        state.apply_action(0, "7")
    state.apply_action(0, "3")
    with pytest.raises(IllegalMoveError, match="already chosen"):
        state.apply_action(0, "4")
    with pytest.raises(IllegalMoveError):
        state.apply_chance("G1 B1 O1 P1")
    with pytest.raises(IllegalMoveError, match="half played"):
        state.apply_move("R1 Y2 G3 B4 O5 P6")


def test_a_seat_never_sees_the_tokens_chosen_this_turn() -> None:
    state = new_state(players=3)
    before = state.observation(1)
    state.apply_action(0, "6")
    assert state.observation(1) == before
    state.apply_action(1, "1")
    state.apply_action(2, "5")
    state.apply_chance(state.chance_outcomes()[0])
    seen = state.observation(1)
    assert seen["played"]["R"] == [6] and seen["hand"] == [2, 3, 4, 5, 6]


def test_the_observation_rebuilds_the_state() -> None:
    state = new_state(players=2)
    still_turns(state, 8)
    rebuilt = GAME.sample_state(state.observation(0), rng=None)
    assert rebuilt.observation(0) == state.observation(0)
    assert rebuilt.observation(1) == state.observation(1)


@pytest.mark.parametrize(("options", "players", "message"), [
    ({"colours": "RR"}, 2, "twice"),
    ({"colours": "RX"}, 2, "not a frog letter"),
    ({"colours": "RYG"}, 2, "3 frogs for 2 seats"),
    ({"colours": 5}, 2, "must be a string"),
    ({"plate": "no"}, 2, "true or false"),
    ({"plate": None}, 2, "true or false"),
    ({"races": 2}, 2, "unknown option"),
])
def test_bad_options(options: dict, players: int, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        GAME.parse_options(options, players)


def test_default_colours_and_non_players() -> None:
    options = GAME.parse_options({}, 3)
    assert options == {"colours": "RYG", "plate": True}
    assert new_state(players=3).non_players == "BOP"


@pytest.mark.parametrize("setup", [None, {}, {"order": "RYGBO"}, {"order": "RYGBOO"}, {"order": 5},
                                   {"order": "RYGBOP", "deck": []}, {"order": "ryGBOP"}])
def test_bad_setups(setup: dict | None) -> None:
    with pytest.raises(SetupError):
        GAME.parse_setup(setup, GAME.parse_options({}, 2), 2)
