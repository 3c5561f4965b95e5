"""Hand-built positions: the seed's worked examples, every forbidden move, the fish, the end.

Positions are written as pads and their frogs, bottom first: ``{"c3": "0L 0S"}`` is seat 0's
team on c3 (its large frog carrying its small one), ``{"e4": "1S 0L"}`` seat 0's large frog
trapping seat 1's small one. In two-seat games seat 0 ("orange" in the seed's examples) starts
on a1 and finishes on g4; seat 1 ("blue") starts on g4 and finishes on a1.
"""

from __future__ import annotations

import json

import pytest

from games.errors import GameOverError, IllegalMoveError, NotationError, SetupError
from games.froggit.board import CELL
from games.froggit.rules import FAMILIES, FroggitState
from games.logs import verify_log
from tests.helpers import ROOT
from tests.helpers.froggit import GAME, build


def snapshot(state: FroggitState) -> tuple:
    return (tuple(state.cells), [list(c) for c in state.at_start], [list(c) for c in state.at_home],
            state.fish, state.turn, state.fish_due, state.turns, state.winner, list(state.moves))


def rejects(state: FroggitState, move: str, match: str, error: type = IllegalMoveError) -> None:
    """``move`` raises ``error`` with ``match`` in its message and leaves the state as it was."""
    before = snapshot(state)
    with pytest.raises(error, match=match):
        state.apply_move(move)
    assert snapshot(state) == before
    if error is IllegalMoveError:
        assert move not in state.legal_actions(state.turn)


# -- the seed's junior examples ---------------------------------------------------------------

def test_junior_large_frog_hops_twice_and_must_stop() -> None:
    """The large orange frog jumps over a large blue frog and then over a small blue frog;
    it must stop there, after its 2 jumps."""
    state = build({"b2": "0L", "c3": "1L", "e4": "1S"}, version="junior")
    legal = state.legal_actions(0)
    assert "L b2 d4 f4" in legal
    assert not [move for move in legal if move.startswith("L b2 d4 f4 ")]
    rejects(state, "L b2 d4 f4 g3", "a large frog makes at most 2 jumps")
    state.apply_move("L b2 d4 f4")
    assert state.pad("f4") == ["0L"] and state.pad("b2") == [] and state.turn == 1


def test_junior_small_frog_enters_hops_its_large_frog_and_stops_after_three() -> None:
    """The small orange frog enters on an empty pad, jumps over a large orange frog and makes
    1 last jump: 3 jumps, the most a small frog makes."""
    state = build({"c3": "0L"}, version="junior")
    assert {"S start b2", "S start b2 d4", "S start b2 d4 e4"} <= set(state.legal_actions(0))
    rejects(state, "S start b2 d4 e4 f4", "a small frog makes at most 3 jumps")
    state.apply_move("S start b2 d4 e4")
    assert state.pad("e4") == ["0S"] and state.at_start[0] == [2, 1]


def test_junior_frog_goes_home_and_the_fish_sends_a_frog_back() -> None:
    """The small orange frog reaches its finish space with 1 jump; in the same turn the
    orange player moves the fish onto the large blue frog, which returns to its start."""
    state = build({"f4": "0S", "d6": "1L"}, version="junior", fish="d4")
    state.apply_move("S f4 home")
    assert state.at_home[0] == [1, 0] and state.fish_due and state.turn == 0
    assert state.legal_actions(0) == sorted(f"fish {name}" for name in
                                            ("b2", "b4", "c3", "c4", "d2", "d3", "d5", "d6", "e3",
                                             "e4", "f2", "f4"))
    state.apply_move("fish d6")
    assert state.pad("d6") == [] and state.at_start[1] == [3, 2]
    assert state.fish == CELL["d6"] and not state.fish_due and state.turn == 1 and state.turns == 1


def test_a_frog_may_pass_over_and_end_on_its_own_starting_pad() -> None:
    state = build({"c3": "0S"}, version="junior")
    assert {"S c3 c4 c3", "S c3 c4 c3 c4"} <= set(state.legal_actions(0))
    state.apply_move("S c3 c4 c3")
    assert state.pad("c3") == ["0S"] and state.turn == 1


def test_a_frog_hops_into_its_finish_space() -> None:
    state = build({"e4": "0S", "f4": "1L"}, version="junior", fish="d4")
    assert "S e4 home" in state.legal_actions(0)
    state.apply_move("S e4 home")
    assert state.at_home[0] == [1, 0]


# -- the seed's expert examples ---------------------------------------------------------------

def test_expert_small_frog_hops_onto_its_large_frog_and_jumps_on() -> None:
    """The small orange frog jumps over a large blue frog onto the back of a large orange
    frog, then makes 2 direct jumps onto empty pads."""
    state = build({"b2": "0S", "c3": "1L", "d4": "0L"})
    assert "S b2 d4" in state.legal_actions(0)
    state.apply_move("S b2 d4 e4 f4")
    assert state.pad("d4") == ["0L"] and state.pad("f4") == ["0S"] and state.pad("c3") == ["1L"]


def test_expert_large_frog_hops_onto_a_small_blue_frog_and_jumps_on() -> None:
    """The large orange frog jumps over a large blue frog, lands on a small blue frog, then
    makes 1 more jump onto an empty pad."""
    state = build({"b2": "0L", "c3": "1L", "d4": "1S"})
    state.apply_move("L b2 d4 e4")
    assert state.pad("d4") == ["1S"] and state.pad("e4") == ["0L"]


def test_expert_forming_a_team_that_the_fish_cannot_send_home() -> None:
    """The small orange frog hops a large blue frog onto a large orange frog, jumps on and
    ends on the back of the other large orange frog: a team, safe from the fish."""
    state = build({"b2": "0S", "c3": "1L", "d4": "0L", "f4": "0L", "b5": "1S"}, fish="f2")
    state.apply_move("S b2 d4 e4 f4")
    assert state.pad("f4") == ["0L", "0S"] and state.is_team(CELL["f4"])
    state.apply_move("S b5 b4 a3 a2")
    state.apply_move("L d4 d5")
    state.apply_move("S a2 home")
    assert state.fish_due and state.turn == 1
    assert "fish f4" not in state.legal_actions(1)
    rejects(state, "fish f4", "a team is there, and a team cannot be sent back")
    state.apply_move("fish f3")
    assert state.pad("f4") == ["0L", "0S"]


def test_expert_a_team_leaves_the_pond_separately() -> None:
    """The orange team cannot leave the pond together: the small frog goes home first, and
    on its next turn the large frog can follow."""
    state = build({"f4": "0L 0S", "b2": "1L"}, fish="d4")
    rejects(state, "T f4 home", "a team cannot leave the pond together")
    rejects(state, "L f4 home", "carries its small frog")
    assert "S f4 home" in state.legal_actions(0) and "L f4 home" not in state.legal_actions(0)
    state.apply_move("S f4 home")
    state.apply_move("fish d3")
    state.apply_move("L b2 a2")
    assert "L f4 home" in state.legal_actions(0)
    state.apply_move("L f4 home")
    assert state.at_home[0] == [1, 1]


def test_expert_trap_holds_the_small_frog_and_the_fish_sends_both_home() -> None:
    """The large orange frog hops a large blue frog onto an empty pad, then lands on a small
    blue frog: trapped, it cannot move; the fish on that pad sends both frogs home."""
    state = build({"b2": "0L", "c3": "1L", "e4": "1S", "f5": "0S"}, fish="e5")
    state.apply_move("L b2 d4 e4")
    assert state.pad("e4") == ["1S", "0L"] and not state.is_team(CELL["e4"])
    rejects(state, "S e4 e3", "trapped under seat 0's large frog")
    assert not [move for move in state.legal_actions(1) if move.startswith("S e4")]
    state.apply_move("L c3 b2")
    state.apply_move("S f5 home")
    assert "fish e4" in state.legal_actions(0)
    state.apply_move("fish e4")
    assert state.pad("e4") == []
    assert state.at_start[0] == [2, 2] and state.at_start[1] == [3, 1]


def test_a_trapping_large_frog_may_jump_away_and_free_the_small_frog() -> None:
    state = build({"e4": "1S 0L"}, fish="a3")
    state.apply_move("L e4 e5")
    assert state.pad("e4") == ["1S"]
    assert any(move.startswith("S e4 ") for move in state.legal_actions(1))


def test_a_team_moves_one_step_onto_an_empty_pad() -> None:
    state = build({"c3": "0L 0S", "c4": "1S", "d3": "1L"}, fish="b2")
    teams = [move for move in state.legal_actions(0) if move.startswith("T ")]
    assert teams == ["T c3 b3", "T c3 c2", "T c3 d4"]
    state.apply_move("T c3 d4")
    assert state.pad("d4") == ["0L", "0S"] and state.pad("c3") == []


def test_a_small_frog_may_leave_its_team_and_come_back() -> None:
    state = build({"c3": "0L 0S"}, fish="b2")
    assert "S c3 c4 c3" in state.legal_actions(0)
    state.apply_move("S c3 c4 c3")
    assert state.pad("c3") == ["0L", "0S"]


def test_a_large_frog_leaving_a_trap_may_land_on_the_same_small_frog_again() -> None:
    state = build({"c3": "1S 0L"}, fish="b2")
    assert "L c3 c4 c3" in state.legal_actions(0)


# -- the fish ---------------------------------------------------------------------------------

def test_the_fish_moves_anywhere_when_no_frog_can_move() -> None:
    state = build({"c3": "0S 1L", "c5": "1L 1S"}, fish="d4", home={0: (2, 2)})
    assert state.has_frog_move(0) is False
    legal = state.legal_actions(0)
    assert len(legal) == 29 and "fish c5" not in legal and "fish d4" not in legal
    assert "fish a2" in legal and "fish g3" in legal
    rejects(state, "fish c5", "a team is there")
    rejects(state, "fish d4", "the fish must leave its pad")
    state.apply_move("fish c3")
    assert state.at_start[0] == [1, 0] and state.at_start[1] == [2, 1]
    assert state.turn == 1 and state.turns == 1


def test_the_fish_moves_only_when_a_seat_cannot_move_a_frog() -> None:
    state = build({}, version="junior")
    rejects(state, "fish d5", "can still move a frog")


def test_the_fish_after_a_frog_goes_home_swims_one_or_two_pads_straight() -> None:
    state = build({"f4": "0S", "b2": "1L"}, fish="d4")
    state.apply_move("S f4 home")
    rejects(state, "fish c5", "1 or 2 pads in a straight line")
    rejects(state, "fish a2", "1 or 2 pads in a straight line")
    rejects(state, "S start b2", "now moves the fish")
    rejects(state, "T c3 c4", "now moves the fish")
    state.apply_move("fish b2")
    assert state.at_start[1] == [3, 2]


def test_the_fish_may_land_on_the_movers_own_frog() -> None:
    state = build({"f4": "0S", "d5": "0L"}, fish="d4")
    state.apply_move("S f4 home")
    state.apply_move("fish d5")
    assert state.at_start[0] == [2, 2]


def test_the_fish_move_is_skipped_when_no_pad_in_reach_is_allowed() -> None:
    # From a2 the fish reaches a3, b2, b3, c2 and c4: all teams.
    state = build({"a3": "1L 1S", "b2": "1L 1S", "b3": "2L 2S", "c2": "2L 2S", "c4": "0L 0S",
                   "f4": "0S"}, players=3, fish="a2")
    state.apply_move("S f4 home")
    assert not state.fish_due and state.turn == 1 and state.turns == 1
    assert state.moves == ["S f4 home"]


def test_the_fish_cannot_be_landed_on_or_hopped_over() -> None:
    state = build({"c3": "0S"}, fish="d4", version="junior")
    rejects(state, "S c3 d4", "no frog may land on the fish's pad")
    rejects(state, "S c3 e4", "cannot hop over the fish")
    assert not [move for move in state.legal_actions(0) if " d4" in move]


# -- forbidden frog moves ---------------------------------------------------------------------

@pytest.mark.parametrize(("pads", "move", "match"), [
    ({"c3": "0S"}, "S c3 c6", "c6 is not one jump from c3"),
    ({"c3": "0S"}, "S c3 e3", "e3 is not one jump from c3"),
    ({"c3": "0S"}, "S c3 c4 d6", "d6 is not one jump from c4"),
    ({"c3": "0S"}, "S c3 b3 b5", "b4, between b3 and b5, is empty"),
    ({"c3": "0S"}, "S c3 home", "its finish space \\(g4\\) is not one jump from c3: a jump is a step"),
    ({}, "S start c3", "b2, between the start space and c3, is empty"),
    ({}, "S start a3", "a frog hops only over a pad with a frog on it"),
    ({}, "S start b3", "not one jump from the start space"),
    ({"c3": "0S"}, "S c4 c5", "seat 0 has no small frog on c4"),
    ({"c3": "0S"}, "L c3 c4", "seat 0 has no large frog on c3"),
    ({"c3": "1S"}, "S c3 c4", "seat 0 has no small frog on c3"),
    ({"c3": "0S"}, "S c3 c4 c5 c6 c5", "a small frog makes at most 3 jumps; 'S c3 c4 c5 c6 c5' has 4"),
    ({"c3": "0L"}, "L c3 c4 c5 c6", "a large frog makes at most 2 jumps"),
    ({"c3": "0S", "c4": "1L 1S"}, "S c3 c4", "c4 holds two frogs"),
    ({"c3": "0S", "c4": "1S"}, "S c3 c4", "a small frog lands only on an empty pad or on a large "
                                          "frog of its own colour; c4 holds seat 1's small frog"),
    ({"c3": "0S", "c4": "1L"}, "S c3 c4", "a small frog lands only on an empty pad or on a large "
                                          "frog of its own colour; c4 holds seat 1's large frog"),
    ({"c3": "0S", "c4": "0S"}, "S c3 c4", "a small frog lands only on"),
    ({"c3": "0L", "c4": "0S"}, "L c3 c4", "a large frog lands only on an empty pad or on a small "
                                          "frog of another colour; c4 holds seat 0's small frog"),
    ({"c3": "0L", "c4": "1L"}, "L c3 c4", "a large frog lands only on"),
    ({"c3": "0L", "c4": "0L"}, "L c3 c4", "a large frog lands only on"),
    ({"c3": "0S", "c4": "1S 0L"}, "S c3 c4", "c4 holds two frogs"),
    ({"c3": "0L", "c4": "1S 0L"}, "L c3 c4", "c4 holds two frogs"),
])
def test_forbidden_expert_frog_moves(pads: dict[str, str], move: str, match: str) -> None:
    rejects(build(pads, fish="g2"), move, match)


def test_junior_frogs_land_only_on_empty_pads() -> None:
    state = build({"c3": "0S", "c4": "0L", "b2": "0L", "d3": "1S"}, version="junior", fish="g2")
    rejects(state, "S c3 c4", "in the junior version a frog lands only on an empty pad")
    rejects(state, "L b2 c3", "in the junior version")
    rejects(state, "T c3 c2", "teams belong to the expert version")


def test_no_frog_left_on_the_start_space() -> None:
    state = build({"c3": "0L", "c4": "0L"}, fish="g2")
    rejects(state, "L start b2", "seat 0 has no large frog on its start space")


def test_moving_a_frog_from_the_fishs_pad() -> None:
    rejects(build({}, fish="c3"), "S c3 c4", "the fish is there")


# -- forbidden team moves ---------------------------------------------------------------------

@pytest.mark.parametrize(("move", "match"), [
    ("T start b2", "a team cannot enter the pond together"),
    ("T c3 home", "a team cannot leave the pond together"),
    ("T c3 c4 c5", "a team moves exactly one step"),
    ("T c3 c5", "c5 is not next to c3"),
    ("T c3 d5", "d5 is not next to c3"),
    ("T c3 c4", "a team moves only onto an empty pad; c4 holds a frog"),
    ("T c3 d4", "a team cannot move onto the fish's pad"),
    ("T c2 c1", "seat 0 has no team on c2"),
    ("T b3 b4", "seat 0 has no team on b3"),
])
def test_forbidden_team_moves(move: str, match: str) -> None:
    state = build({"c3": "0L 0S", "c4": "1S", "b3": "1S 0L"}, fish="d4")
    rejects(state, move, match)


# -- notation ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("move", "match"), [
    ("", "single spaces"),
    ("S  start b2", "single spaces"),
    (" S start b2", "single spaces"),
    ("S start b2 ", "single spaces"),
    ("S start", "has no landing"),
    ("T c3", "has no landing"),
    ("X c3 c4", "is not a move"),
    ("s start b2", "is not a move"),
    ("S start a1", "a1 is a start or finish space, not a lily pad"),
    ("S a1 b2", "a1 is a start or finish space"),
    ("S start c9", "'c9' is not a cell of the pond"),
    ("S start B2", "'B2' is not a cell of the pond"),
    ("S start home b2", "'home' ends a move"),
    ("S home b2", "'home' cannot stand here"),
    ("S start start", "'start' cannot stand here"),
    ("fish", "a fish move names one lily pad"),
    ("fish d4 d5", "a fish move names one lily pad"),
    ("fish a4", "a4 is a start or finish space"),
    ("fish home", "'home' cannot stand here"),
    ("fish h1", "not a cell of the pond"),
    ("S\tstart b2", "is not a move"),
])
def test_notation_errors(move: str, match: str) -> None:
    rejects(build({"c3": "0S"}), move, match, NotationError)


def test_moves_are_checked_for_the_seat_to_move() -> None:
    state = build({"c3": "0S"})
    with pytest.raises(IllegalMoveError, match="it is seat 0's turn, not seat 1's"):
        state.apply_action(1, "S c3 c4")
    assert state.legal_actions(1) == []


# -- the end ----------------------------------------------------------------------------------

def test_the_last_frog_home_wins_at_once_without_a_fish_move() -> None:
    state = build({"f4": "0L"}, home={0: (3, 1)}, fish="d4")
    state.apply_move("L f4 home")
    assert state.is_over() and state.winner == 0 and not state.fish_due
    result = state.result()
    assert result.ranks == [1, 2] and result.scores == [5, 0]
    assert result.detail == {"rounds": 1, "winner": 0}
    assert state.legal_actions(0) == [] and state.to_move() == ()
    rejects(state, "fish d5", "seat 0 has brought its whole family home", GameOverError)


def test_the_winner_ranks_first_and_the_others_by_frogs_home() -> None:
    state = build({"f4": "0L"}, players=4, home={0: (3, 1), 1: (2, 0), 2: (1, 1)}, fish="d4")
    state.apply_move("L f4 home")
    assert state.result().ranks == [1, 2, 2, 4] and state.scores() == [5, 2, 2, 0]


def test_max_rounds_ends_the_game_with_no_winner() -> None:
    state = build({"c3": "0S", "e4": "1S"}, max_rounds=1, home={0: (1, 0), 2: (1, 0)},
                  players=3, version="junior", fish="a3")
    state.apply_move("S c3 c4")
    state.apply_move("S start c6")
    assert not state.is_over()
    state.apply_move("S start f2")
    assert state.is_over() and state.winner is None
    assert state.result().ranks == [1, 3, 1] and state.result().detail == {"rounds": 1, "winner": None}
    rejects(state, "S c4 c5", "the last of its 1 rounds has been played", GameOverError)


def test_the_fish_move_after_a_frog_home_belongs_to_the_last_round() -> None:
    state = build({"f4": "0S"}, max_rounds=1, fish="d4")
    state.apply_move("S f4 home")
    assert not state.is_over()
    state.apply_move("fish d5")
    state.apply_move("L start f4")
    assert state.is_over() and state.turns == 2 and state.scores() == [1, 0]


def test_scores_and_result() -> None:
    state = GAME.new_state(GAME.parse_options({}, 4), 4, {})
    assert state.scores() == [0, 0, 0, 0]
    with pytest.raises(IllegalMoveError, match="not over"):
        state.result()


# -- options and setup ------------------------------------------------------------------------

def test_options_and_their_defaults() -> None:
    assert GAME.parse_options({}, 2) == {"version": "junior", "family": "standard", "max_rounds": 200}
    assert GAME.parse_options(None, 6)["family"] == "standard"
    assert FAMILIES == {"standard": (3, 2), "quick": (2, 1)}
    state = GAME.new_state(GAME.parse_options({"family": "quick"}, 3), 3, {})
    assert state.at_start == [[2, 1]] * 3


def test_setup_is_empty() -> None:
    assert GAME.parse_setup(None, {}, 2) == {}
    assert GAME.parse_setup({}, {}, 2) == {}
    with pytest.raises(SetupError, match="unknown setup key 'order'"):
        GAME.parse_setup({"order": "x"}, {}, 2)


def test_observation_shows_the_whole_board() -> None:
    state = build({"c3": "0L 0S", "e4": "1S 0L"}, fish="d4")
    seen = state.observation(1)
    assert seen["pads"] == {"c3": [{"seat": 0, "size": "L"}, {"seat": 0, "size": "S"}],
                            "e4": [{"seat": 1, "size": "S"}, {"seat": 0, "size": "L"}]}
    assert seen["families"][0] == {"seat": 0, "start": "a1", "finish": "g4",
                                   "at_start": {"S": 2, "L": 0}, "home": {"S": 0, "L": 0}}
    assert seen["fish"] == "d4" and seen["to_move"] == 0 and seen["fish_due"] is False
    rebuilt = GAME.sample_state(seen, None)
    assert snapshot(rebuilt)[:-1] == snapshot(state)[:-1]


def test_diagram() -> None:
    state = build({"c3": "0L 0S", "e4": "1S 0L", "b2": "1L"}, fish="d4")
    assert state.diagram().splitlines() == [
        "       0>   .    .    a4",
        "     .    1L   .    .    .",
        "   .    .    0LS  .    .    .",
        " d1   .    .    ~~   .    .    d7",
        "   .    .    .    0L1S .    .",
        "     .    .    .    .    .",
        "       g1   .    .    1>",
    ]


def test_the_docs_example_log_verifies() -> None:
    page = (ROOT / "docs" / "games" / "froggit.md").read_text()
    blocks = [json.loads(block.split("```", 1)[0]) for block in page.split("```json\n")[1:]]
    logs = [block for block in blocks if "moves" in block]
    assert logs
    for log in logs:
        answer = verify_log(log)
        assert answer["valid"] and answer["finished"], answer
    observation = next(block for block in blocks if "pads" in block)
    rebuilt = GAME.sample_state(observation, None)
    assert rebuilt.observation(observation["seat"]) == observation
    for family in observation["families"]:
        seat = family["seat"]
        on_pads = [frog["size"] for frogs in observation["pads"].values() for frog in frogs
                   if frog["seat"] == seat]
        for size, count in zip("SL", FAMILIES[observation["family"]]):
            assert family["at_start"][size] + family["home"][size] + on_pads.count(size) == count


# -- replay's routes ----------------------------------------------------------------------------

def test_routes_are_kept_for_move_texts_alone() -> None:
    """Replay keeps each frog move's route (and a short text's lack of one), per seat when the
    text names a start or finish space and once for all seats when not, but no text longer
    than any frog move: a log of long strings cannot fill the tables with them."""
    from games.froggit.routes import ANY_SEAT, LONGEST_ROUTE, frog_route

    state = build({}, version="junior")
    routes = state.routes[0]
    state.apply_move("S start b2 c3")
    assert routes["S start b2 c3"] == frog_route("S start b2 c3", state.starts[0], state.finishes[0])
    assert "S start b2 c3" not in ANY_SEAT
    state.apply_move("S start f4 e4")
    state.apply_move("S c3 c4")
    assert ANY_SEAT["S c3 c4"] == frog_route("S c3 c4", state.starts[1], state.finishes[1])
    assert "S c3 c4" not in routes
    # the longest frog move: a small frog from its start space, two pads, then home
    assert LONGEST_ROUTE == len("S start") + 2 * len(" b2") + len(" home")
    too_long = "L " + " ".join(["b2", "c3"] * 50)
    rejects(state, too_long, "at most 2 jumps")
    rejects(state, "x" * 1000, "is not a move", NotationError)
    assert all(text not in table for table in (ANY_SEAT, state.routes[1]) for text in (too_long, "x" * 1000))
    rejects(state, "fish d5", "can still move a frog")
    assert ANY_SEAT["fish d5"] is False
