"""The built-in bots: legal, reproducible, sensible, and their logs verify."""

from __future__ import annotations

import itertools
import random

import pytest

from games.logs import verify_log
from games.measure_and_tempo.bots import GreedyBot, IsmctsBot, lead_chance
from games.measure_and_tempo.cards import DECK
from games.measure_and_tempo.game import MeasureAndTempo
from games.measure_and_tempo.rules import MeasureAndTempoState
from games.registry import get_game
from games.runner import make_bot, play_bots

GAME = get_game("measure_and_tempo")
assert isinstance(GAME, MeasureAndTempo)
SPECS = {"random": "random", "greedy": "greedy", "ismcts": "ismcts:budget=12"}
OPTIONS = {"target": 4}


def position(hands: list[list[str]], moves: list[str], **options: int) -> MeasureAndTempoState:
    dealt = set(hands[0]) | set(hands[1])
    parsed = GAME.parse_options(options, 2)
    state = GAME.new_state(parsed, 2, {"hands": hands, "deck": [c for c in DECK if c not in dealt]})
    for move in moves:
        state.apply_move(move)
    return state


def choose(bot_class: type, state: MeasureAndTempoState, **params: int) -> str:
    seat = state.turn
    bot = bot_class(GAME, seat, state.options, 2, random.Random(1), **params)
    legal = state.legal_actions(seat)
    choice = bot.choose(state.observation(seat), legal)
    assert choice in legal
    return choice


@pytest.mark.parametrize(("first", "second"), list(itertools.combinations_with_replacement(SPECS, 2)))
def test_every_pair_of_bots_plays_verifiable_bouts(first: str, second: str) -> None:
    for index in range(2):
        specs = [SPECS[first], SPECS[second]][:: 1 if index == 0 else -1]
        log = play_bots(GAME, specs, options=OPTIONS, seed=f"pair-{first}-{second}-{index}")
        answer = verify_log(log)
        assert answer["valid"] is True and answer["finished"] is True, answer
        assert answer["result"]["ranks"] == log["result"]["ranks"]
        assert answer["result"]["scores"] == log["result"]["scores"]
        assert log == play_bots(GAME, specs, options=OPTIONS, seed=f"pair-{first}-{second}-{index}")


def test_the_issues_match_verifies() -> None:
    """``play_match --game measure_and_tempo --bot ismcts --bot greedy --seed 3``."""
    log = play_bots(GAME, ["ismcts", "greedy"], seed="3")
    answer = verify_log(log)
    assert answer["valid"] is True and answer["finished"] is True
    assert answer["result"]["ranks"] == log["result"]["ranks"]
    assert "deck" in log["setup"] and all(isinstance(move, str) for move in log["moves"])
    cycles = [move for move in log["moves"] if move.startswith("cycle")]
    assert all(len(move.split(" ")) == 5 for move in cycles), "the log keeps whole cycle moves"


def test_bot_parameters() -> None:
    assert IsmctsBot.defaults() == {"budget": 100, "horizon": 2}
    make_bot(GAME, "ismcts:budget=5,horizon=2", 0, GAME.parse_options({}, 2), 2, random.Random(0))
    for spec in ("ismcts:budget=0", "ismcts:depth=3", "greedy:budget=3"):
        with pytest.raises(ValueError):
            make_bot(GAME, spec, 0, GAME.parse_options({}, 2), 2, random.Random(0))


# -- the heuristic's choices --------------------------------------------------------------------------

def test_greedy_guards_for_its_long_suit() -> None:
    state = position([["2S", "5S", "8S", "KS", "JS", "3D", "4H"], ["6C", "TC", "JD", "AC", "AD", "8D", "QC"]],
                     [])
    choice = choose(GreedyBot, state)
    assert choice.startswith("guard ") and choice[-1] == "S"


def test_greedy_guards_to_take_the_trump_from_the_opponent() -> None:
    state = position([["2S", "5S", "8S", "KS", "JS", "3D", "4H"], ["6C", "TC", "JD", "AC", "AD", "8D", "QC"]],
                     ["stall", "guard QC"])
    choice = choose(GreedyBot, state)
    assert choice.startswith("guard ")
    card = choice.split(" ")[1]
    state.apply_move(choice)
    assert state.trump == "S", f"{card} must beat the QC Guard in the loop"


def test_greedy_answers_cheaply_when_it_cannot_win() -> None:
    state = position([["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "KC"]],
                     ["stall", "strike AD"])
    assert choose(GreedyBot, state) == "answer 7D", "the 7 of diamonds takes the ace"
    state = position([["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "KC"]],
                     ["stall", "strike 6S"])
    assert choose(GreedyBot, state) in ("answer 4C", "answer 2H"), "it keeps its good cards"


def test_greedy_wins_with_its_cheapest_winning_card() -> None:
    state = position([["2H", "TC", "QC", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "KC"]],
                     ["stall", "strike 6C"])
    assert choose(GreedyBot, state) == "answer 7C"


def test_greedy_disengages_when_ahead() -> None:
    state = position([["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]],
                     ["strike QD", "answer 8D"])
    assert choose(GreedyBot, state) == "disengage"


def test_greedy_puts_its_weakest_cards_under() -> None:
    state = position([["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]], [])
    state.apply_action(0, "cycle")
    state.apply_chance(state.chance_outcomes()[0])
    assert choose(GreedyBot, state).startswith("under ")


def test_lead_chances() -> None:
    pool = ["3S", "KS", "2H", "9H"]
    assert lead_chance("QS", False, None, pool, 4) == 0.0
    assert lead_chance("KS", False, None, ["QS", "2H"], 2) == 1.0
    assert lead_chance("AS", True, None, ["2S", "KH"], 1) == 0.5
    assert 0.0 < lead_chance("QS", False, None, pool, 1) < 1.0


# -- the search's choices -----------------------------------------------------------------------------

def test_ismcts_takes_a_sure_tempo_and_is_reproducible() -> None:
    state = position([["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "KC"]],
                     ["stall", "strike AD"])
    assert choose(IsmctsBot, state, budget=60) == "answer 7D"
    first = [choose(IsmctsBot, state, budget=30) for _ in range(2)]
    assert first[0] == first[1]


def test_ismcts_chooses_the_cards_to_put_under() -> None:
    state = position([["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]], [])
    state.apply_action(0, "cycle")
    state.apply_chance(state.chance_outcomes()[0])
    assert choose(IsmctsBot, state, budget=20).startswith("under ")


def test_ismcts_plays_without_a_known_deck() -> None:
    state = GAME.new_state(GAME.parse_options({"target": 2}, 2),
                           2, {"hands": [["2H", "TC", "QD", "JC", "4C", "7C", "7D"],
                                         ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]})
    rng = random.Random(4)
    bots = [IsmctsBot(GAME, seat, state.options, 2, random.Random(seat), budget=8) for seat in (0, 1)]
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        seat = state.turn
        state.apply_action(seat, bots[seat].choose(state.observation(seat), state.legal_actions(seat)))
    assert state.result().ranks in ([1, 2], [2, 1], [1, 1])
