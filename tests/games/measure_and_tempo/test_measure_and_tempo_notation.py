"""The notation: every form parses, and no string of any kind makes the engine crash."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import GameOverError, IllegalMoveError, NotationError
from games.logs import verify_log
from games.measure_and_tempo.cards import CARDS
from games.measure_and_tempo.game import MeasureAndTempo
from games.measure_and_tempo.rules import MeasureAndTempoState
from games.measure_and_tempo.notation import Move, parse_action, parse_draw, parse_move, read_cycle, read_move

GAME = MeasureAndTempo()
HANDS = [["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]
ENGINE_ERRORS = (NotationError, IllegalMoveError, GameOverError)


@pytest.mark.parametrize(("text", "move"), [
    ("cycle +KD +3S -2C -9H", Move("cycle", ("KD", "3S", "2C", "9H"))),
    ("guard QH", Move("guard", ("QH",))),
    ("unguard", Move("unguard")),
    ("stall", Move("stall")),
    ("strike 7C", Move("strike", ("7C",))),
    ("strike feint AS", Move("strike", ("AS",), feint=True)),
    ("answer 4D", Move("answer", ("4D",))),
    ("lead 9D", Move("lead", ("9D",))),
    ("lead feint AH", Move("lead", ("AH",), feint=True)),
    ("disengage", Move("disengage")),
    ("strike feint KH", Move("strike", ("KH",), feint=True)),
])
def test_every_form_parses(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize("text", [
    "", " ", "cycle", "cycle +KD +3S -2C", "cycle +KD +3S -2C -9H -4D", "cycle KD 3S 2C 9H",
    "cycle -KD -3S +2C +9H", "cycle +KD +3S -2C -10H", "guard", "guard QH QS", "guard qh",
    "Guard QH", "unguard QH", "stall stall", "strike", "strike feint", "strike feint AS AH",
    "strike bluff AS", "answer", "answer feint AS", "answer 1H", "answer th", "answer TH ",
    " answer TH", "answer\tTH", "answer  TH", "lead", "disengage now", "under 2C 9H", "pass",
    "strike 7C\n", "strike 7Ç",
])
def test_malformed_moves_are_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_actions_and_draws() -> None:
    assert parse_action("cycle") == Move("draw")
    assert parse_action("under 2C 9H") == Move("under", ("2C", "9H"))
    assert parse_action("guard QH") == Move("guard", ("QH",))
    assert parse_draw("+KD +3S") == ("KD", "3S")
    for text in ("cycle +KD +3S -2C -9H", "under 2C", "under 2C 9H 4D", "cycle now"):
        with pytest.raises(NotationError):
            parse_action(text)
    for text in ("KD 3S", "+KD", "+KD +3S +4S", "+KD -3S", "+KD +3s"):
        with pytest.raises(NotationError):
            parse_draw(text)


CYCLE_TEXTS = ["cycle +KD +3S -2C -9H", "cycle +KD +KD -KD -KD", "cycle +KD +3S -2C -9h", "cycle +KD +3S -2C +9H",
               "cycle +KD -3S -2C -9H", "cycle -KD +3S -2C -9H", "cycle +KD +3S  2C -9H", "cycle +KD +3S -2C -9H ",
               "cycle  +KD +3S -2C -9", "Cycle +KD +3S -2C -9H", "cycle +KD +3S -1C -9H", "cycle +KD +3S -2C-9H ",
               "cycle +KD\t+3S -2C -9H", "cycle +KD +3S -2C", "cycle +10 +3S -2C -9H", "cycle +KD +3S -2C -9HX"]


@pytest.mark.parametrize("text", CYCLE_TEXTS)
def test_a_cycle_read_by_its_places_is_the_cycle_parsed(text: str) -> None:
    """read_cycle answers the cards of exactly the texts read_move reads as a cycle."""
    try:
        parsed = read_move(text)
    except NotationError:
        parsed = None
    assert read_cycle(text) == (parsed.cards if parsed is not None else None)


@given(st.sampled_from(CYCLE_TEXTS), st.data())
def test_a_mutated_cycle_read_by_its_places_is_the_cycle_parsed(text: str, data: st.DataObject) -> None:
    text = mutate(text, data)
    try:
        parsed = read_move(text)
    except NotationError:
        parsed = None
    assert read_cycle(text) == (parsed.cards if parsed is not None and parsed.kind == "cycle" else None)


@given(st.sampled_from(["+KD +3S", "+KD +KD", "+2C +AS"]), st.data())
def test_a_draw_read_by_its_places_is_the_draw_split(text: str, data: st.DataObject) -> None:
    """parse_draw reads a draw as its slow form does, and refuses what that refuses."""
    text = mutate(text, data)
    cards = text.split(" ")
    if len(cards) == 2 and all(card[:1] == "+" and card[1:] in CARDS for card in cards):
        assert parse_draw(text) == (cards[0][1:], cards[1][1:])
    else:
        with pytest.raises(NotationError):
            parse_draw(text)


def test_moves_that_are_not_strings() -> None:
    for value in (None, 7, ["stall"], {"move": "stall"}, b"stall"):
        with pytest.raises(NotationError):
            parse_move(value)  # type: ignore[arg-type]


# -- no string crashes the engine --------------------------------------------------------------------

def positions() -> dict[str, MeasureAndTempoState]:
    """A position of each phase, the deck known and unknown."""
    found: dict[str, MeasureAndTempoState] = {}
    for with_deck in (True, False):
        rng = random.Random(11)
        options = GAME.parse_options({"target": 3}, 2)
        setup = GAME.random_setup(options, 2, rng)
        if not with_deck:
            del setup["deck"]
        state = GAME.new_state(options, 2, setup)
        while not state.is_over():
            key = f"{state.phase}/{with_deck}"
            found.setdefault(key, state.clone())
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
            else:
                state.apply_action(state.turn, rng.choice(state.legal_actions(state.turn)))
        found[f"over/{with_deck}"] = state
    return found


POSITIONS = positions()
REAL_MOVES = sorted({move for state in POSITIONS.values() for move in state.moves}
                    | {"cycle", "under 2C 9H", "strike feint AS", "lead feint AH"})


def fingerprint(state: MeasureAndTempoState) -> str:
    return json.dumps([state.observation(0), state.observation(1), state.moves, list(state.deck),
                       state.unseen, state.phase])


def try_everything(text: str) -> None:
    """Offer ``text`` as a log move, an action and a chance outcome in every position: it is
    refused with an engine error and the position stays as it was, or it is applied."""
    for state in POSITIONS.values():
        for method in ("apply_move", "apply_action", "apply_chance"):
            trial = state.clone()
            before = fingerprint(trial)
            try:
                if method == "apply_action":
                    trial.apply_action(trial.turn, text)
                else:
                    getattr(trial, method)(text)
            except ENGINE_ERRORS:
                assert fingerprint(trial) == before


def mutate(move: str, data: st.DataObject) -> str:
    text = list(move)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["insert", "delete", "replace", "case", "swap"]))
        index = data.draw(st.integers(0, max(0, len(text) - 1)))
        char = data.draw(st.sampled_from(list("+- 0123456789TJQKACDHSfeintcyl\t\x00é")))
        if kind == "insert":
            text.insert(index, char)
        elif text and kind == "delete":
            del text[index]
        elif text and kind == "replace":
            text[index] = char
        elif text and kind == "case":
            text[index] = text[index].swapcase()
        elif len(text) > 1 and kind == "swap":
            other = data.draw(st.integers(0, len(text) - 1))
            text[index], text[other] = text[other], text[index]
    return "".join(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40))
def test_no_text_crashes_the_engine(text: str) -> None:
    try_everything(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(REAL_MOVES), st.data())
def test_no_mutated_move_crashes_the_engine(move: str, data: st.DataObject) -> None:
    try_everything(mutate(move, data))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=30), st.integers(), st.none(), st.sampled_from(REAL_MOVES),
                          st.lists(st.text(max_size=3), max_size=2)), min_size=1, max_size=6))
def test_garbage_moves_in_a_log_get_a_verdict(moves: list) -> None:
    log = {"format": 1, "game": "measure_and_tempo", "players": ["a", "b"],
           "setup": {"hands": HANDS}, "moves": moves}
    answer = verify_log(log)
    if not answer["valid"]:
        assert answer["error"]["code"] in ("bad_notation", "illegal_move", "moves_after_end")
        assert isinstance(answer["error"]["at"], int)


@pytest.mark.parametrize("move", ["answer  4D", "", "strike 1H", "strike th", "STALL", 7, None])
def test_garbage_moves_are_bad_notation_in_a_log(move: object) -> None:
    log = {"format": 1, "game": "measure_and_tempo", "players": ["a", "b"],
           "setup": {"hands": HANDS}, "moves": ["stall", move]}
    answer = verify_log(log)
    assert (answer["error"]["at"], answer["error"]["code"]) == (1, "bad_notation")
