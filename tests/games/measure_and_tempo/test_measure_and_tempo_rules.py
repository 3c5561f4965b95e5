"""Hand-checked positions: every rule of docs/games/measure_and_tempo.md, every error path."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.errors import GameOverError, IllegalMoveError, NotationError
from games.measure_and_tempo.cards import DECK
from games.measure_and_tempo.game import MeasureAndTempo
from games.measure_and_tempo.rules import MeasureAndTempoState

GAME = MeasureAndTempo()
#: Seat 0: hearts 2; clubs T J 4 7; diamonds Q 7. Seat 1: spades 6 T; diamonds J A 8; clubs 6 Q.
HANDS = [["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]


def rest_of_deck(hands: list[list[str]]) -> list[str]:
    dealt = set(hands[0]) | set(hands[1])
    return [card for card in DECK if card not in dealt]


def bout(moves: tuple[str, ...] | list[str] = (), hands: list[list[str]] | None = None,
         with_deck: bool = True, first: int | None = None, **options: int) -> MeasureAndTempoState:
    hands = hands or HANDS
    setup: dict[str, Any] = {"hands": hands}
    if with_deck:
        setup["deck"] = rest_of_deck(hands)
    if first is not None:
        setup["first"] = first
    parsed = GAME.parse_options(options, 2)
    state = GAME.new_state(parsed, 2, GAME.parse_setup(setup, parsed, 2))
    for move in moves:
        state.apply_move(move)
    return state


def snapshot(state: MeasureAndTempoState) -> str:
    return json.dumps([state.moves, state.seats, state.hands, state.guards, list(state.deck),
                       state.unknown, state.unseen, state.phase, state.turn, state.circling,
                       state.stalled, state.drawn, [repr(tempo) for tempo in state.table],
                       state.play_tempos, state.bout_tempos, state.points, state.plays])


def cards_of(actions: list[str]) -> list[str]:
    return [action.split(" ")[-1] for action in actions]


# -- In Measure: following suit, Guards, feints --------------------------------------------------

def test_the_answer_must_follow_the_led_suit() -> None:
    state = bout(["strike 7D"])
    assert state.to_move() == (1,)
    assert state.legal_actions(1) == ["answer 8D", "answer AD", "answer JD"]
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        state.apply_move("answer QC")
    state.apply_move("answer JD")
    assert state.table[-1].winner == 1, "a face card beats a number card"


def test_a_hand_without_the_led_suit_may_answer_anything() -> None:
    state = bout(["strike 2H"])
    assert cards_of(state.legal_actions(1)) == sorted(HANDS[1])
    state.apply_move("answer TS")
    assert state.table[-1].winner == 0, "an answer neither of the led suit nor trump loses"


def test_a_guard_is_not_in_the_hand_so_need_not_follow_suit() -> None:
    hands = [HANDS[0], ["6S", "TS", "JD", "6C", "AD", "8D", "9H"]]
    state = bout(["stall", "guard 9H", "strike 2H"], hands=hands)
    assert state.trump == "H"
    assert cards_of(state.legal_actions(1)) == sorted(["6S", "TS", "JD", "6C", "AD", "8D"])
    with pytest.raises(IllegalMoveError, match="Guard"):
        state.apply_move("answer 9H")
    state.apply_move("answer AD")
    assert state.table[-1].winner == 0, "a trump lead beats an answer that is not trump"


def test_a_trump_beats_the_led_suit_when_the_answer_is_void() -> None:
    state = bout(["guard 4C", "strike 6S"])
    assert state.trump == "C"
    state.apply_move("answer 7C")
    assert state.table[-1].winner == 0
    state.apply_move("lead 7D")
    assert state.legal_actions(1) == ["answer 8D", "answer AD", "answer JD"]


def test_two_guards_set_the_trump_by_the_loop() -> None:
    state = bout(["guard QD", "guard 6C"])
    assert state.trump == "D", "a face card beats a number card"
    state = bout(["guard 7C", "guard AD"])
    assert state.trump == "C", "a number card beats an ace"
    state = bout(["guard 7C", "guard 6S", "guard TC", "guard 6C"])
    assert state.trump == "C"
    state = bout(["guard 7D", "guard 6C", "unguard"])
    assert state.trump == "C"


def test_two_guards_of_equal_rank_give_no_trump() -> None:
    hands = [["7H", "TC", "QD", "JC", "4C", "7C", "2D"], ["6S", "TS", "JD", "6C", "AD", "8D", "7S"]]
    state = bout(["guard 7H", "guard 7S"], hands=hands)
    assert state.trump is None


def test_a_feint_may_be_answered_with_any_card_and_is_decided_by_the_aces_suit() -> None:
    state = bout(["stall", "strike feint AD"])
    assert cards_of(state.legal_actions(0)) == sorted(HANDS[0])
    observation = state.observation(0)
    assert observation["table"][0]["lead"] is None and observation["table"][0]["feint"] is True
    assert observation["history"][-1] == [1, "strike feint"]
    assert "AD" not in json.dumps(observation)
    assert state.observation(1)["table"][0]["lead"] == "AD"
    state.apply_move("answer 7D")
    assert state.table[-1].winner == 0, "a number card of the ace's suit beats the ace"
    assert state.observation(0)["history"][-2:] == [[1, "strike feint AD"], [0, "answer 7D"]]
    assert state.observation(0)["table"][0]["lead"] == "AD"


@pytest.mark.parametrize(("answer", "winner"), [("QD", 1), ("TC", 1), ("7D", 0), ("2H", 1)])
def test_feint_answers(answer: str, winner: int) -> None:
    state = bout(["stall", "strike feint AD", f"answer {answer}"])
    assert state.table[-1].winner == winner


def test_a_feint_answered_with_a_trump() -> None:
    state = bout(["guard 4C", "strike feint AD", "answer TC"])
    assert state.table[-1].winner == 0


def test_only_an_ace_can_be_feinted() -> None:
    state = bout(["stall"])
    with pytest.raises(IllegalMoveError, match="only an ace"):
        state.apply_move("strike feint QC")
    with pytest.raises(NotationError):
        state.apply_move("strike feint 1D")
    with pytest.raises(NotationError):
        state.apply_move("strike feint ad")
    assert "strike feint AD" in state.legal_actions(1) and "strike AD" in state.legal_actions(1)


def test_lead_and_disengage_belong_to_the_winner_of_the_tempo() -> None:
    state = bout(["strike QD", "answer 8D"])
    assert state.to_move() == (0,)
    assert "disengage" in state.legal_actions(0)
    assert "lead feint AD" not in state.legal_actions(0)
    with pytest.raises(IllegalMoveError, match="lead again or disengage"):
        state.apply_move("stall")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        state.apply_move("lead QD")
    with pytest.raises(IllegalMoveError, match="must answer"):
        bout(["strike QD"]).apply_move("disengage")


# -- Out of Measure: circling ------------------------------------------------------------------------

def test_unguard_needs_a_guard_out() -> None:
    state = bout()
    assert "unguard" not in state.legal_actions(0)
    with pytest.raises(IllegalMoveError, match="no Guard"):
        state.apply_move("unguard")
    state.apply_move("guard QD")
    state.apply_move("stall")
    assert "unguard" in state.legal_actions(0)
    state.apply_move("unguard")
    assert state.guards == [None, None] and "QD" in state.hands[0]


def test_a_second_guard_swaps_with_the_first() -> None:
    state = bout(["guard QD", "stall", "guard 7D"])
    assert state.guards[0] == "7D"
    assert "QD" in state.hands[0] and "7D" not in state.hands[0]
    assert len(state.hands[0]) == 6
    with pytest.raises(IllegalMoveError, match="already the Guard"):
        bout(["guard QD", "stall"]).apply_move("guard QD")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        bout().apply_move("guard QC")


def test_no_stall_straight_after_the_opponents_stall() -> None:
    state = bout()
    assert "stall" in state.legal_actions(0), "the first action of a phase may be a stall"
    state.apply_move("stall")
    assert "stall" not in state.legal_actions(1)
    with pytest.raises(IllegalMoveError, match="straight after"):
        state.apply_move("stall")
    state.apply_move("guard QC")
    assert "stall" in state.legal_actions(0)


def test_the_twelfth_circling_action_must_be_a_strike() -> None:
    moves = ["stall", "guard QC", "stall", "unguard", "stall", "guard QC", "stall", "unguard",
             "stall", "guard QC", "stall"]
    state = bout(moves)
    assert state.circling == 11 and state.to_move() == (1,)
    assert all(action.startswith("strike") for action in state.legal_actions(1))
    for move in ("stall", "unguard", "guard 6S", "cycle +2C +2D -2C -2D"):
        with pytest.raises(IllegalMoveError, match="must strike"):
            state.apply_move(move)
    with pytest.raises(IllegalMoveError, match="must strike"):
        state.apply_action(1, "cycle")
    state.apply_move("strike 6S")
    assert state.in_measure


def test_the_circling_limit_is_an_option() -> None:
    state = bout(max_circling=0)
    assert all(action.startswith("strike") for action in state.legal_actions(0))
    state = bout(["stall", "stall"][:1], max_circling=1)
    assert all(action.startswith("strike") for action in state.legal_actions(1))


def test_answer_and_lead_are_not_out_of_measure_moves() -> None:
    state = bout()
    for move in ("answer 2H", "lead 2H", "disengage"):
        with pytest.raises(IllegalMoveError, match="Out of Measure"):
            state.apply_move(move)


# -- cycling -----------------------------------------------------------------------------------------

def test_a_cycle_draws_the_decks_top_two_cards() -> None:
    deck = rest_of_deck(HANDS)
    top = deck[:2]
    state = bout()
    with pytest.raises(IllegalMoveError, match="top cards are"):
        state.apply_move(f"cycle +{top[1]} +{top[0]} -2H -7D")
    with pytest.raises(IllegalMoveError, match="twice"):
        state.apply_move(f"cycle +{top[0]} +{top[1]} -2H -2H")
    with pytest.raises(IllegalMoveError, match="twice"):
        state.apply_move(f"cycle +{top[0]} +{top[0]} -2H -7D")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        state.apply_move(f"cycle +{top[0]} +{top[1]} -2H -6S")
    state.apply_move(f"cycle +{top[0]} +{top[1]} -{top[0]} -{top[1]}")
    assert state.hands[0] == sorted(HANDS[0]), "a cycle may put straight back what it drew"
    assert list(state.deck)[-2:] == [(top[0], 0), (top[1], 0)]


def test_a_guard_cannot_be_put_under() -> None:
    deck = rest_of_deck(HANDS)
    state = bout(["guard QD", f"cycle +{deck[0]} +{deck[1]} -6S -TS"])
    with pytest.raises(IllegalMoveError, match="Guard"):
        state.apply_move(f"cycle +{deck[2]} +{deck[3]} -QD -2H")


def cycle_round(state: MeasureAndTempoState, draws: list[str]) -> list[tuple[str, str]]:
    """Cycle 19 times, drawing ``draws`` in order and putting each pair under reversed."""
    under = []
    for index in range(0, 38, 2):
        first, second = draws[index], draws[index + 1]
        state.apply_move(f"cycle +{first} +{second} -{second} -{first}")
        under.append((second, first))
    return under


@pytest.mark.parametrize("with_deck", [True, False])
def test_the_cards_that_may_be_drawn_are_those_the_check_lets_through(with_deck: bool) -> None:
    """may_draw answers for every pair of different cards what check_draw decides, the deck
    known or not, fresh and come round."""
    state = bout(with_deck=with_deck, max_circling=40)
    rng = random.Random(5)
    for cycles in (0, 1, 19, 20):
        while len(state.moves) < cycles:
            state.apply_action(state.turn, "cycle")
            state.apply_chance(state.sample_chance(rng))
            assert state.drawn is not None
            state.apply_action(state.turn, f"under {state.drawn[1]} {state.drawn[0]}")
        for first in DECK:
            for second in DECK:
                if first == second:
                    continue
                try:
                    state.check_draw(first, second)
                    allowed = True
                except IllegalMoveError:
                    allowed = False
                assert state.may_draw(first, second) is allowed, (cycles, first, second)


def test_cycling_until_the_deck_comes_round_with_setup_deck() -> None:
    state = bout(max_circling=40)
    under = cycle_round(state, rest_of_deck(HANDS))
    assert state.unknown == 0 and len(state.deck) == 38
    first, second = under[0]
    with pytest.raises(IllegalMoveError, match="top cards are"):
        state.apply_move(f"cycle +{second} +{first} -{first} -{second}")
    state.apply_action(state.turn, "cycle")
    assert state.chance_outcomes() == [f"+{first} +{second}"]
    state.apply_chance(f"+{first} +{second}")
    state.apply_action(state.turn, f"under {first} {second}")
    assert state.moves[-1] == f"cycle +{first} +{second} -{first} -{second}"


def test_cycling_until_the_deck_comes_round_without_setup_deck() -> None:
    state = bout(with_deck=False, max_circling=40)
    assert state.unknown == 38
    with pytest.raises(IllegalMoveError, match="has been seen"):
        state.apply_move("cycle +6S +2C -2C -6S")
    state.apply_action(0, "cycle")
    assert len(state.chance_outcomes()) == 38 * 37
    state = bout(with_deck=False, max_circling=40)
    draws = list(reversed(rest_of_deck(HANDS)))
    state.apply_move(f"cycle +{draws[0]} +{draws[1]} -{draws[1]} -{draws[0]}")
    with pytest.raises(IllegalMoveError, match="has been seen"):
        state.apply_move(f"cycle +{draws[0]} +{draws[2]} -{draws[0]} -{draws[2]}")
    state = bout(with_deck=False, max_circling=40)
    under = cycle_round(state, draws)
    assert state.unknown == 0 and state.unseen == []
    first, second = under[0]
    with pytest.raises(IllegalMoveError, match="top cards are"):
        state.apply_move(f"cycle +{under[1][0]} +{under[1][1]} -{under[1][0]} -{under[1][1]}")
    state.apply_action(state.turn, "cycle")
    assert state.chance_outcomes() == [f"+{first} +{second}"], "put-under cards come round in order"


def test_a_bot_cycles_in_two_steps_and_the_log_keeps_one_move() -> None:
    state = bout(with_deck=False)
    assert "cycle" in state.legal_actions(0)
    assert not any(action.startswith("cycle ") for action in state.legal_actions(0))
    state.apply_action(0, "cycle")
    assert state.is_chance_node() and state.to_move() == () and state.legal_actions(0) == []
    with pytest.raises(IllegalMoveError, match="drawn first"):
        state.apply_action(0, "under 2H 7D")
    with pytest.raises(IllegalMoveError):
        state.apply_chance("+2H +KS")
    state.apply_chance("+KS +3D")
    assert state.observation(0)["drawn"] == ["KS", "3D"]
    assert state.observation(1)["drawn"] is None
    assert "KS" not in json.dumps(state.observation(1))
    assert len(state.legal_actions(0)) == 9 * 8
    with pytest.raises(IllegalMoveError, match="must put two cards under"):
        state.apply_action(0, "stall")
    with pytest.raises(IllegalMoveError, match="middle of a cycle"):
        state.apply_move("stall")
    state.apply_action(0, "under KS 2H")
    assert state.moves == ["cycle +KS +3D -KS -2H"]
    assert state.observation(0)["deck"]["mine"] == [{"from_top": 37, "card": "KS"},
                                                    {"from_top": 38, "card": "2H"}]
    assert state.observation(1)["history"] == [[0, "cycle"]]
    assert state.to_move() == (1,)


def test_under_only_finishes_a_cycle() -> None:
    state = bout()
    with pytest.raises(IllegalMoveError, match="no cycle"):
        state.apply_action(0, "under 2H 7D")
    with pytest.raises(NotationError):
        state.apply_move("under 2H 7D")
    with pytest.raises(NotationError):
        state.apply_move("cycle")
    with pytest.raises(NotationError):
        state.apply_action(0, "cycle +2C +2D -2C -2D")
    with pytest.raises(IllegalMoveError, match="no draw"):
        state.apply_chance("+2C +2D")
    with pytest.raises(IllegalMoveError, match="no draw"):
        state.chance_outcomes()


# -- plays, scoring and the end -------------------------------------------------------------------

def test_scoring_a_play() -> None:
    state = bout(["guard 4C", "stall", "strike QD", "answer 8D", "lead 7D", "answer JD", "lead 6S",
                  "answer 2H", "lead QC", "answer 7C"])
    assert state.play_tempos == [1, 3]
    assert state.trump == "C" and state.table[-1].winner == 1, "two trumps: the loop decides"
    state.apply_move("disengage")
    assert state.points == [0, 2], "3 tempos to 1 scores the difference"
    assert state.plays == 1 and state.play_tempos == [0, 0] and state.table == []
    assert state.hands[0] == sorted(card for card in HANDS[0] if card != "4C")
    assert state.hands[1] == sorted(HANDS[1]), "cards played return to the hands they came from"
    assert state.guards == ["4C", None], "Guards stay out"
    assert state.to_move() == (0,), "the loser of the last tempo starts the next phase"
    assert state.circling == 0 and "stall" in state.legal_actions(0)


def test_an_even_play_scores_nothing() -> None:
    state = bout(["strike QD", "answer 8D", "lead 7D", "answer JD", "disengage"])
    assert state.points == [0, 0] and state.bout_tempos == [1, 1] and state.plays == 1
    assert state.to_move() == (0,)


def test_a_play_ends_by_itself_after_six_tempos() -> None:
    state = bout(["strike QD"])
    while state.in_measure:
        actions = [action for action in state.legal_actions(state.turn) if action != "disengage"]
        state.apply_action(state.turn, actions[0])
    assert state.plays == 1 and sum(state.bout_tempos) == 6
    assert abs(state.points[0] - state.points[1]) == abs(state.bout_tempos[0] - state.bout_tempos[1])
    assert all(len(hand) == 7 for hand in state.hands)


def test_the_bout_ends_when_a_score_reaches_the_target() -> None:
    state = bout(["strike QD", "answer 8D", "disengage"], target=1)
    assert state.is_over() and state.to_move() == () and state.legal_actions(0) == []
    result = state.result()
    assert result.ranks == [1, 2] and result.scores == [1, 0]
    assert result.detail == {"tempos": [1, 0], "plays": 1}
    with pytest.raises(GameOverError):
        state.apply_move("stall")
    with pytest.raises(GameOverError):
        state.apply_action(1, "stall")


def test_the_bout_ends_after_max_plays_on_points() -> None:
    state = bout(["strike QD", "answer 8D", "disengage", "strike TS", "answer 2H", "disengage",
                  "strike 7D", "answer 8D", "lead QC", "answer 4C", "disengage"], max_plays=3)
    assert state.is_over() and state.plays == 3
    assert state.points == [1, 3] and state.bout_tempos == [1, 3]
    assert state.result().ranks == [2, 1]


def test_the_bout_is_drawn_on_equal_points_and_tempos() -> None:
    state = bout(["strike QD", "answer 8D", "disengage", "strike TS", "answer 2H", "disengage"],
                 max_plays=2)
    assert state.is_over()
    result = state.result()
    assert result.ranks == [1, 1] and result.scores == [1, 1]
    assert result.detail["tempos"] == [1, 1]


def test_equal_points_are_decided_on_tempos_over_the_bout() -> None:
    """Each play moves the point margin by exactly its tempo margin, so a finished bout's
    equal scores always come with equal tempos; the tie-break is checked on the rule itself."""
    state = bout(["strike QD", "answer 8D", "disengage"], max_plays=1)
    state.points, state.bout_tempos = [3, 3], [5, 4]
    assert state.result().ranks == [1, 2]
    state.bout_tempos = [4, 5]
    assert state.result().ranks == [2, 1]


def test_scores_and_result_before_the_end() -> None:
    state = bout(["strike QD", "answer 8D"])
    assert state.scores() == [0, 0], "a play is scored only when it ends"
    with pytest.raises(IllegalMoveError, match="not over"):
        state.result()


def test_setup_first_seat_starts() -> None:
    state = bout(first=1)
    assert state.to_move() == (1,)
    state.apply_move("strike 6S")
    assert state.to_move() == (0,)


# -- errors leave the position unchanged -------------------------------------------------------------

BAD_MOVES = [
    ((), "answer 2H", IllegalMoveError),
    ((), "guard 6S", IllegalMoveError),
    ((), "strike feint 7C", IllegalMoveError),
    ((), "cycle +2C +2D -2C -2C", IllegalMoveError),
    ((), "cycle +2C +3C -2C -3C", IllegalMoveError),
    ((), "Stall", NotationError),
    ((), " stall", NotationError),
    ((), "stall ", NotationError),
    ((), "strike 10C", NotationError),
    ((), "cycle +2C +2D 2C 2D", NotationError),
    ((), "guard", NotationError),
    (("stall",), "stall", IllegalMoveError),
    (("strike 7D",), "answer 6S", IllegalMoveError),
    (("strike 7D",), "answer 7D", IllegalMoveError),
    (("strike 7D", "answer 8D"), "lead 8D", IllegalMoveError),
    (("strike 7D", "answer 8D"), "answer 2H", IllegalMoveError),
]


@pytest.mark.parametrize(("before", "move", "error"), BAD_MOVES)
def test_a_refused_move_changes_nothing(before: tuple[str, ...], move: str, error: type) -> None:
    state = bout(before)
    was = snapshot(state)
    with pytest.raises(error):
        state.apply_move(move)
    assert snapshot(state) == was
    with pytest.raises((NotationError, IllegalMoveError)):
        state.apply_action(state.turn, move)
    assert snapshot(state) == was


def test_actions_by_the_wrong_seat_are_refused() -> None:
    state = bout()
    with pytest.raises(IllegalMoveError, match="not seat 1's turn"):
        state.apply_action(1, "stall")
    assert state.legal_actions(1) == []
