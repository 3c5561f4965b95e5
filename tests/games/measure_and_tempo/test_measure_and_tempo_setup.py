"""Options, setup parsing and hand-written logs of games played with a real deck."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.errors import OptionsError, SetupError
from games.logs import verify_log
from games.measure_and_tempo.cards import DECK
from games.measure_and_tempo.game import MeasureAndTempo, all_cards, whole_deal
from games.registry import get_game

GAME = MeasureAndTempo()
HANDS = [["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]
REST = [card for card in DECK if card not in set(HANDS[0]) | set(HANDS[1])]


def test_the_game_is_registered() -> None:
    assert get_game("measure_and_tempo").slug == "measure_and_tempo"
    assert sorted(GAME.bots) == ["greedy", "ismcts", "random"]
    described = GAME.describe()
    assert [option["name"] for option in described["options"]] == ["target", "max_plays", "max_circling"]
    assert "cycle +KD +3S -2C -9H" in described["notation"]


def test_default_options() -> None:
    assert GAME.parse_options({}, 2) == {"target": 11, "max_plays": 30, "max_circling": 11}


@pytest.mark.parametrize("options", [
    {"target": 0}, {"target": 100}, {"target": 11.0}, {"target": "11"}, {"target": True},
    {"max_plays": 0}, {"max_plays": 1000}, {"max_circling": -1}, {"max_circling": 100},
    {"colours": "RY"},
])
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(OptionsError):
        GAME.parse_options(options, 2)


def test_the_limits_of_the_options_are_accepted() -> None:
    assert GAME.parse_options({"target": 99, "max_plays": 999, "max_circling": 0}, 2)["max_circling"] == 0
    assert GAME.parse_options({"target": 1, "max_plays": 1, "max_circling": 99}, 2)["target"] == 1


def test_exactly_two_players() -> None:
    GAME.check_players(GAME.parse_options({}, 2), 2)
    for count in (1, 3):
        with pytest.raises(Exception, match="exactly 2"):
            GAME.check_players(GAME.parse_options({}, count), count)


def test_a_setup_with_and_without_a_deck() -> None:
    options = GAME.parse_options({}, 2)
    assert GAME.parse_setup({"hands": HANDS}, options, 2) == {"hands": HANDS}
    full = {"hands": HANDS, "first": 1, "deck": REST}
    assert GAME.parse_setup(full, options, 2) == full


@pytest.mark.parametrize(("setup", "message"), [
    (None, "dealt hands"),
    ({}, "'hands'"),
    ({"hands": HANDS, "dealer": 0}, "unknown setup key 'dealer'"),
    ({"hands": HANDS, "deck": None}, "null"),
    ({"hands": HANDS, "first": None}, "null"),
    ({"hands": HANDS[0]}, "two hands"),
    ({"hands": [HANDS[0]]}, "two hands"),
    ({"hands": [HANDS[0], HANDS[1][:6]]}, "7 cards"),
    ({"hands": [HANDS[0], HANDS[1] + ["2C"]]}, "7 cards"),
    ({"hands": [HANDS[0], "6S TS JD 6C AD 8D QC"]}, "7 cards"),
    ({"hands": [HANDS[0], ["6S", "TS", "JD", "6C", "AD", "8D", "1C"]]}, "not a card"),
    ({"hands": [HANDS[0], ["6S", "TS", "JD", "6C", "AD", "8D", "qc"]]}, "not a card"),
    ({"hands": [HANDS[0], ["6S", "TS", "JD", "6C", "AD", "8D", 7]]}, "not a card"),
    ({"hands": [HANDS[0], ["6S", "TS", "JD", "6C", "AD", "8D", "6S"]]}, "twice"),
    ({"hands": [HANDS[0], ["2H", "TS", "JD", "6C", "AD", "8D", "QC"]]}, "both seats"),
    ({"hands": HANDS, "first": 2}, "'first'"),
    ({"hands": HANDS, "first": True}, "'first'"),
    ({"hands": HANDS, "first": "0"}, "'first'"),
    ({"hands": HANDS, "deck": REST[:37]}, "38 cards"),
    ({"hands": HANDS, "deck": REST[:37] + ["2H"]}, "both dealt and in the deck"),
    ({"hands": HANDS, "deck": REST[:37] + [REST[0]]}, "twice"),
    ({"hands": HANDS, "deck": "the rest"}, "38 cards"),
])
def test_bad_setups(setup: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.parse_setup(setup, GAME.parse_options({}, 2), 2)


@pytest.mark.parametrize(("entries", "expected"), [
    (list(DECK), True), ([], True), (["2H", "2H"], True), (["2H", "2h"], False), (["2H", 7], False),
    (["2H", None], False), (["2H", ["3H"]], False), (["2H", {"card": "3H"}], False), ([b"2H"], False),
    (["2H", "2H "], False),
])
def test_all_cards_takes_the_texts_of_cards_alone(entries: list[Any], expected: bool) -> None:
    assert all_cards(entries) is expected


def test_a_bad_card_named_is_the_first_in_the_hand() -> None:
    hand = ["6S", ["TS"], "JD", "6C", "AD", "8D", "1C"]
    with pytest.raises(SetupError, match=r"holds \['TS'\]"):
        GAME.parse_setup({"hands": [HANDS[0], hand]}, GAME.parse_options({}, 2), 2)


def test_random_setups_deal_the_whole_deck() -> None:
    options = GAME.parse_options({}, 2)
    setup = GAME.random_setup(options, 2, random.Random(7))
    assert GAME.parse_setup(setup, options, 2) == setup
    assert sorted(setup["hands"][0] + setup["hands"][1] + setup["deck"]) == sorted(DECK)
    assert setup == GAME.random_setup(options, 2, random.Random(7))


# -- hand-written logs of games played with a real deck (no setup.deck) -------------------------

#: A bout to 2 points written at a club table: both cycle through unknown cards, seat 1
#: feints, seat 0 guards for trump and wins the second play 2-0.
TABLE_LOG: dict[str, Any] = {
    "format": 1,
    "game": "measure_and_tempo",
    "options": {"target": 2},
    "players": ["Ana", "Ben"],
    "setup": {"hands": HANDS},
    "moves": [
        "cycle +KS +3H -3H -4C",   # seat 0 draws two unknown cards, keeps the king
        "cycle +9C +AH -6S -9C",   # seat 1 likewise
        "stall",
        "strike feint AD",         # seat 1 leads the ace of diamonds face down
        "answer 7D",               # a number card of the ace's suit beats it
        "lead KS",
        "answer TS",
        "disengage",               # seat 0 won both tempos: 2 points, the target
    ],
    "result": {"ranks": [1, 2], "scores": [2, 0]},
}


def test_a_hand_written_real_deck_log_verifies() -> None:
    answer = verify_log(TABLE_LOG)
    assert answer["valid"] is True, answer
    assert answer["finished"] is True
    assert answer["result"]["detail"] == {"tempos": [2, 0], "plays": 1}


def test_a_real_deck_log_may_stop_part_way() -> None:
    log = {**TABLE_LOG, "moves": TABLE_LOG["moves"][:5]}
    del log["result"]
    assert verify_log(log) == {"valid": True, "game": "measure_and_tempo", "moves": 5, "finished": False}


@pytest.mark.parametrize(("index", "move", "code", "words"), [
    (0, "cycle +KS +2H -2H -4C", "illegal_move", "has been seen"),
    (1, "cycle +KS +AH -6S -KS", "illegal_move", "has been seen"),
    (1, "cycle +3H +AH -6S -3H", "illegal_move", "has been seen"),
    (3, "strike feint QC", "illegal_move", "only an ace"),
    (6, "answer QC", "illegal_move", "follow suit"),
    (4, "answer 7d", "bad_notation", "not a card"),
    (5, "lead  KS", "bad_notation", "lead"),
])
def test_mistakes_in_a_real_deck_log_are_caught(index: int, move: str, code: str, words: str) -> None:
    moves = list(TABLE_LOG["moves"])
    moves[index] = move
    answer = verify_log({**TABLE_LOG, "moves": moves, "result": None})
    assert answer["valid"] is False
    assert (answer["error"]["at"], answer["error"]["code"]) == (index, code)
    assert words in answer["error"]["message"]
    assert answer["error"]["message"].startswith(f"move {index} (seat ")


def test_a_real_deck_log_cycles_round_the_whole_deck() -> None:
    moves = []
    for index in range(0, 38, 2):
        first, second = REST[index], REST[index + 1]
        moves.append(f"cycle +{first} +{second} -{second} -{first}")
    moves.append(f"cycle +{REST[1]} +{REST[0]} -{REST[1]} -{REST[0]}")
    log = {"format": 1, "game": "measure_and_tempo", "options": {"max_circling": 25},
           "players": ["a", "b"], "setup": {"hands": HANDS}, "moves": moves}
    assert verify_log(log)["valid"] is True
    moves[-1] = f"cycle +{REST[0]} +{REST[1]} -{REST[1]} -{REST[0]}"
    answer = verify_log(log)
    assert (answer["error"]["at"], answer["error"]["code"]) == (19, "illegal_move")
    assert f"top cards are {REST[1]} and {REST[0]}" in answer["error"]["message"]


def test_the_same_log_with_the_deck_given_verifies_the_same_way() -> None:
    deck = ["KS", "3H", "9C", "AH"] + [card for card in REST if card not in {"KS", "3H", "9C", "AH"}]
    log = {**TABLE_LOG, "setup": {"hands": HANDS, "deck": deck}}
    assert verify_log(log) == verify_log(TABLE_LOG)
    wrong = {**TABLE_LOG, "setup": {"hands": HANDS, "deck": REST}}
    assert verify_log(wrong)["error"]["code"] == "illegal_move"


def test_the_docs_examples_are_true() -> None:
    """The log in ``docs/games/measure_and_tempo.md`` verifies and its observation is real."""
    import json
    import re

    from tests.helpers import ROOT

    text = (ROOT / "docs" / "games" / "measure_and_tempo.md").read_text()
    log_text, observation_text = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    log = json.loads(log_text)
    assert log == TABLE_LOG
    assert verify_log(log)["valid"] is True
    options = GAME.parse_options(log["options"], 2)
    state = GAME.new_state(options, 2, GAME.parse_setup(log["setup"], options, 2))
    for move in log["moves"][:4]:
        state.apply_move(move)
    assert json.loads(observation_text) == state.observation(0)


def mangled_deals(rng: random.Random) -> list[Any]:
    """Whole deals and deals a step away from one: a card repeated, missing, lower case or
    not text, a hand too long, a key too many or left out, a ``first`` of another type."""
    cards = list(DECK)
    rng.shuffle(cards)
    whole: dict[str, Any] = {"hands": [cards[:7], cards[7:14]], "first": rng.choice([0, 1]), "deck": cards[14:]}
    deals: list[Any] = [whole, {key: value for key, value in whole.items() if key != "first"}, None, [], "deal"]
    for first in (True, 1.0, "0", None, 2, -1):
        deals.append({**whole, "first": first})
    for key in ("hands", "deck"):
        deals.append({other: value for other, value in whole.items() if other != key})
    deals.append({**whole, "seed": 1})
    for where, index in ((0, 0), (1, 6), (2, 37)):
        for card in (cards[rng.randrange(52)], cards[index].lower(), 7, None, ["2C"], "10H"):
            deal = {"hands": [list(cards[:7]), list(cards[7:14])], "first": 0, "deck": list(cards[14:])}
            part = deal["deck"] if where == 2 else deal["hands"][where]
            part[index] = card
            deals.append(deal)
    deals.append({**whole, "hands": [cards[:8], cards[8:14]]})
    deals.append({**whole, "hands": [tuple(cards[:7]), cards[7:14]]})
    deals.append({**whole, "hands": [cards[:7], cards[7:14], []]})
    deals.append({**whole, "deck": cards[14:] + ["2C"]})
    deals.append({**whole, "deck": tuple(cards[14:])})
    return deals


@pytest.mark.parametrize("seed", range(20))
def test_a_whole_deal_read_at_once_is_the_deal_checked_by_parts(seed: int) -> None:
    """whole_deal answers the setup that parse_setup's checks by parts give, for every deal
    with its deck that they accept, and nothing for any they refuse."""
    for raw in mangled_deals(random.Random(seed)):
        try:
            by_parts = GAME.setup_by_parts(raw)
        except (SetupError, TypeError, AttributeError):
            by_parts = None
        quick = whole_deal(raw)
        if quick is not None:
            assert quick == by_parts and list(quick) == list(by_parts or {}), raw
        else:  # only a deal without its deck is left to the checks by parts
            assert by_parts is None or "deck" not in raw, raw
