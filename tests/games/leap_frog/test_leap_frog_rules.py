"""Hand-built positions: capture chains, the opening of each variant, the end, every error."""

from __future__ import annotations

import json
import random

import pytest

from games.errors import GameOverError, IllegalMoveError, NotationError, SetupError
from games.leap_frog.game import LeapFrog
from games.leap_frog.rules import LeapFrogState

GAME = LeapFrog()
MURRAY_4 = ["RRWW", "YGRR", "YWYW", "YWWG"]


def rect(*top_first: str, players: int = 2, ply: int | None = None, **raw: object) -> LeapFrogState:
    """A position on a rectangular board drawn top row first, as on paper."""
    rows = len(top_first)
    opts = GAME.parse_options({"rows": rows, "cols": len(top_first[0]), **raw}, players)
    opening = players if opts["variant"] in ("traditional", "murray") else 1
    return GAME.position(opts, players, list(reversed(top_first)), ply=opening if ply is None else ply)


def snapshot(state: LeapFrogState) -> tuple:
    return (state.picture(), state.ply, state.scores(), [list(c) for c in state.captured],
            list(state.moves), state.is_over())


# -- capture chains -----------------------------------------------------------------------------

def test_a_straight_chain_lists_every_prefix() -> None:
    state = rect(".....",
                 "..O..",
                 ".....",
                 "..O..",
                 "OO...")
    assert state.legal_actions(0) == ["a1-c1", "a1-c1-c3", "a1-c1-c3-c5"]
    state.apply_move("a1-c1-c3")
    assert state.picture()[::-1] == [".....", "..O..", "..O..", ".....", "....."]
    assert state.captured[0] == ["b1", "c2"]
    assert state.scores() == [2, 0]
    assert state.to_move() == (1,)
    assert state.legal_actions(1) == ["c3-c5", "c4-c2"]


def test_a_chain_may_come_back_to_its_start() -> None:
    state = rect("....",
                 ".O..",
                 "O.O.",
                 "OO..")
    assert state.legal_actions(0) == [
        "a1-a3", "a1-a3-c3", "a1-a3-c3-c1", "a1-a3-c3-c1-a1",
        "a1-c1", "a1-c1-c3", "a1-c1-c3-a3", "a1-c1-c3-a3-a1",
    ]
    state.apply_move("a1-c1-c3-a3-a1")
    assert state.picture()[::-1] == ["....", "....", "....", "O..."]
    assert state.scores() == [4, 0]
    assert state.is_over()


def test_diagonal_leaps_need_the_option() -> None:
    drawing = ("OO...",
               "...O.",
               ".....",
               ".O...",
               "O....")
    diagonal = rect(*drawing, diagonal=True)
    assert diagonal.legal_actions(0) == ["a1-c3", "a1-c3-e5", "a5-c5", "a5-c5-e3"]
    plain = rect(*drawing)
    assert plain.legal_actions(0) == ["a5-c5"]
    with pytest.raises(IllegalMoveError, match="diagonal leap.*diagonal option"):
        plain.apply_move("a1-c3")
    diagonal.apply_move("a1-c3-e5")
    assert diagonal.captured[0] == ["b2", "d4"]


def test_a_diagonal_chain_may_turn() -> None:
    state = rect(".....",
                 ".....",
                 ".....",
                 ".O.O.",
                 "O....", diagonal=True)
    assert state.legal_actions(0) == ["a1-c3", "a1-c3-e1"]


def test_hexagon_chains_go_along_its_six_lines() -> None:
    opts = GAME.parse_options({"variant": "capture"}, 2)
    picture = [".....", "......", ".......", "........", "....OO...", ".....OO.", ".......", "......", "....."]
    state = GAME.position(opts, 2, picture)
    assert state.legal_actions(0) == [
        "e5-e7", "e5-e7-g5", "e5-e7-g7",
        "e6-e4", "e6-g6", "e6-g6-e8",
        "f6-d5", "f6-d5-f4", "f6-f8",
        "f7-f5", "f7-f5-d4", "f7-f5-d6",
    ]
    with pytest.raises(IllegalMoveError, match="e5-g7 is not a short leap: .* the hexagon's six lines"):
        state.apply_move("e5-g7")
    with pytest.raises(NotationError, match="e10 is not a cell of the hexagon"):
        state.apply_move("e8-e10")
    state.apply_move("f7-f5-d6")
    assert state.captured[0] == ["f6", "e6"]
    assert state.picture() == [".....", "......", ".......", ".....O..", "....O....", "........",
                               ".......", "......", "....."]
    assert state.is_over()


def test_capture_starts_with_six_leaps_into_the_centre() -> None:
    state = GAME.new_state(GAME.parse_options({"variant": "capture"}, 3), 3, {})
    assert state.legal_actions(0) == ["c3-e5", "c5-e5", "e3-e5", "e7-e5", "g3-e5", "g5-e5"]
    assert state.legal_actions(1) == []
    state.apply_move("g5-e5")
    assert state.captured[0] == ["f5"]
    assert state.to_move() == (1,)


# -- illegal captures ---------------------------------------------------------------------------

@pytest.mark.parametrize(("move", "message"), [
    ("d1-b1", "no piece on d1 to leap with"),
    ("a1-a5", "a1-a5 is not a short leap: a leap goes two cells along a row or column"),
    ("a1-b1", "a1-b1 is not a short leap"),
    ("a1-a1", "a1-a1 is not a short leap"),
    ("a1-c3", "a1-c3 is a diagonal leap"),
    ("a1-c1-c3-c1", "leap 3, c3-c1: the piece on c2 was already captured in this move"),
    ("a1-c1-a1", "leap 2, c1-a1: the piece on b1 was already captured"),
    ("a2-a4", "leap 1, a2-a4: there is no piece on a3 to leap over"),
    ("a1-c1-c3-c5-c3", "already captured"),
    ("a1-c1-e1", "there is no piece on d1"),
])
def test_illegal_captures(move: str, message: str) -> None:
    state = rect(".....",
                 "..O..",
                 ".....",
                 "O.O..",
                 "OO...")
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=message):
        state.apply_move(move)
    assert snapshot(state) == before


def test_a_leap_must_land_on_an_empty_cell() -> None:
    state = GAME.new_state(GAME.parse_options({"rows": 4, "cols": 4}, 2), 2, {})
    state.apply_move("a1")
    state.apply_move("d4")
    with pytest.raises(IllegalMoveError, match="leap 1, a2-a4: a4 is taken; a leap must land on an empty cell"):
        state.apply_move("a2-a4")
    with pytest.raises(IllegalMoveError, match="leap 2, a1-c1: c1 is taken"):
        state.apply_move("a3-a1-c1")


@pytest.mark.parametrize("move", ["", "A1", "a1 ", " a1", "a1--c1", "a1-", "-a1", "a01", "p1",
                                  "a1-p1", "a1-c1-", "a1,c1", "a1–c1", "a１", "z99", "e5-x"])
def test_notation_errors(move: str) -> None:
    state = rect("OO..", "....", "....", "O.OO")
    before = snapshot(state)
    with pytest.raises(NotationError):
        state.apply_move(move)
    assert snapshot(state) == before


def test_very_long_moves_are_notation_errors() -> None:
    state = rect("OO..", "....", "....", "O.OO")
    with pytest.raises(NotationError, match="longer than any capture"):
        state.apply_move("-".join(["a1", "c1"] * 1000))


# -- the opening --------------------------------------------------------------------------------

def test_traditional_opening_every_seat_removes_once() -> None:
    opts = GAME.parse_options({"rows": 5, "cols": 5}, 3)
    state = GAME.new_state(opts, 3, {})
    assert len(state.legal_actions(0)) == 25
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalMoveError, match="opening is still on"):
        state.apply_move("a3-a1")
    state.apply_move("a1")
    with pytest.raises(IllegalMoveError, match="a1 is empty"):
        state.apply_move("a1")
    state.apply_move("e5")
    assert state.observation(2)["opening"] is True
    state.apply_move("c3")
    assert state.observation(0)["opening"] is False
    assert state.to_move() == (0,)
    assert state.scores() == [1, 1, 1]
    assert state.captured == [["a1"], ["e5"], ["c3"]]
    with pytest.raises(IllegalMoveError, match="opening is over"):
        state.apply_move("b2")
    assert "a3-a1" in state.legal_actions(0)
    assert "c5-c3" in state.legal_actions(0)


def test_murray_removals_score_their_colour() -> None:
    opts = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 4}, 2)
    state = GAME.new_state(opts, 2, {"layout": MURRAY_4})
    state.apply_move("b2")  # G
    state.apply_move("a1")  # R
    assert state.scores() == [4, 3]
    assert state.captured == [["G"], ["R"]]
    state.apply_move("b4-b2")
    assert state.scores() == [5, 3]
    assert state.captured[0] == ["G", "W"]


def test_froglet_seat_0_alone_removes_and_only_green() -> None:
    opts = GAME.parse_options({"variant": "froglet"}, 3)
    text = "G" * 66 + "Y" * 51 + "R" * 21 + "B" * 6
    layout = [text[row * 12:(row + 1) * 12] for row in range(12)]
    state = GAME.new_state(opts, 3, GAME.parse_setup({"layout": layout}, opts, 3))
    greens = {action for action in state.legal_actions(0)}
    assert len(greens) == 66
    with pytest.raises(IllegalMoveError, match="takes a green piece; f8 holds a yellow one"):
        state.apply_move("f8")
    state.apply_move("a1")
    assert state.scores() == [1, 0, 0]
    assert state.to_move() == (1,)
    assert state.observation(1)["opening"] is False
    with pytest.raises(IllegalMoveError, match="opening is over"):
        state.apply_move("b1")
    assert state.legal_actions(1) == ["a3-a1", "c1-a1"]
    state.apply_move("c1-a1")
    assert state.to_move() == (2,)


def test_capture_has_no_opening() -> None:
    state = GAME.new_state(GAME.parse_options({"variant": "capture"}, 2), 2, {})
    assert state.observation(0)["opening"] is False
    with pytest.raises(IllegalMoveError, match="capture has no opening"):
        state.apply_move("e5")
    with pytest.raises(IllegalMoveError, match="not empty|taken"):
        state.apply_move("a1-a3")


# -- the end ------------------------------------------------------------------------------------

def test_the_game_ends_when_no_capture_is_left() -> None:
    state = rect("....",
                 "....",
                 "....",
                 "OOO.", players=3)
    assert state.legal_actions(0) == ["b1-d1"]
    state.apply_move("b1-d1")
    assert state.is_over()
    assert state.to_move() == ()
    assert state.legal_actions(1) == []
    result = state.result()
    assert result.scores == [1, 0, 0]
    assert result.ranks == [1, 2, 2]
    assert result.detail == {"captured": [["c1"], [], []], "moves": 4}
    with pytest.raises(GameOverError):
        state.apply_move("a1-c1")
    with pytest.raises(GameOverError):
        state.apply_action(1, "a1-c1")


def test_the_game_may_end_with_the_opening() -> None:
    opts = GAME.parse_options({"rows": 4, "cols": 4}, 2)
    state = GAME.position(opts, 2, ["O...", "....", "....", "...O"], ply=1)
    assert not state.is_over()
    state.apply_move("a1")
    assert state.is_over()
    assert state.scores() == [0, 1]


def test_result_before_the_end_is_refused() -> None:
    state = GAME.new_state(GAME.parse_options({}, 2), 2, {})
    with pytest.raises(IllegalMoveError):
        state.result()
    assert state.scores() == [0, 0]


def test_a_five_seat_murray_game_on_a_small_board_by_hand() -> None:
    opts = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 4}, 5)
    state = GAME.new_state(opts, 5, {"layout": MURRAY_4})
    for move in ["a1", "d3", "b3", "b1", "a3"]:
        state.apply_move(move)
    assert "d1-d3-b3-b1-d1" in state.legal_actions(0)
    state.apply_move("d1-d3-b3-b1-d1")
    assert state.is_over()
    assert state.result().scores == [13, 1, 1, 3, 2]
    assert state.result().ranks == [1, 4, 4, 2, 3]


# -- turns, views, copies -----------------------------------------------------------------------

def test_apply_action_checks_the_seat() -> None:
    state = GAME.new_state(GAME.parse_options({"rows": 4, "cols": 4}, 2), 2, {})
    with pytest.raises(IllegalMoveError, match="seat 0's turn"):
        state.apply_action(1, "a1")
    state.apply_action(0, "a1")
    assert state.moves == ["a1"]


def test_observation_is_json_and_rebuilds_the_state() -> None:
    opts = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 4}, 3)
    state = GAME.new_state(opts, 3, {"layout": MURRAY_4})
    for move in ["a1", "d3", "b3", "a3-a1"]:
        state.apply_move(move)
    observation = state.observation(2)
    assert json.loads(json.dumps(observation)) == observation
    assert observation == {
        "seat": 2, "variant": "murray", "rows": 4, "cols": 4, "diagonal": False, "players": 3,
        "board": ["YRWW", ".GRR", "..Y.", "YWWG"], "to_move": 1, "opening": False, "over": False,
        "scores": [5, 1, 1], "captured": [["R", "Y"], ["W"], ["W"]],
        "moves": 4,
        "history": ["a1", "d3", "b3", "a3-a1"],
    }
    copy = GAME.sample_state(observation, random.Random(0))
    assert snapshot(copy) == snapshot(state)
    assert copy.legal_actions(1) == state.legal_actions(1)


def test_position_refuses_bad_pictures() -> None:
    opts = GAME.parse_options({"rows": 4, "cols": 4}, 2)
    with pytest.raises(SetupError):
        GAME.position(opts, 2, ["OOOO"] * 3)
    with pytest.raises(SetupError):
        GAME.position(opts, 2, ["OOOO", "OOOO", "OOOO", "OOGO"])


def test_clone_is_independent() -> None:
    state = GAME.new_state(GAME.parse_options({"rows": 4, "cols": 4}, 2), 2, {})
    state.apply_move("a1")
    copy = state.clone()
    copy.apply_move("b2")
    copy.apply_move("a3-a1")
    assert snapshot(state) == ([".OOO", "OOOO", "OOOO", "OOOO"], 1, [1, 0], [["a1"], []], ["a1"], False)
    assert copy.ply == 3 and state.ply == 1


def test_str_draws_the_board() -> None:
    state = GAME.new_state(GAME.parse_options({"variant": "capture"}, 2), 2, {})
    lines = str(state).splitlines()
    assert len(lines) == 9
    assert lines[4] == "O O O O . O O O O"
