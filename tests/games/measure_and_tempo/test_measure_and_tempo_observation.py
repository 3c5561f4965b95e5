"""What a seat sees: nothing hidden leaks, and positions rebuilt from it are consistent."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.measure_and_tempo.bots import GreedyBot
from games.measure_and_tempo.cards import DECK
from games.measure_and_tempo.game import MeasureAndTempo
from games.measure_and_tempo.rules import ANSWERING, NOBODY, MeasureAndTempoState
from games.measure_and_tempo.knowledge import FEINT, HAND, TOP, SeatKnowledge
from tests.helpers import random_game_count

GAME = MeasureAndTempo()
OWN = ["AS", "TC", "QD", "JC", "4C", "7C", "7D"]
#: Two hands seat 1 might hold; both hold QC, the only card of theirs seat 0 will see.
THEIRS = (["6S", "TS", "JD", "6C", "AD", "8D", "QC"], ["5S", "9S", "KD", "3C", "AH", "2D", "QC"])
SEEN_BY_BOTH = ["KH", "3H"]


def hidden_game(variant: int, with_deck: bool = True) -> tuple[MeasureAndTempoState, list[str]]:
    """A bout in which seat 1's hand, draws and put-under cards depend on ``variant`` and
    everything seat 0 may see is the same."""
    theirs = THEIRS[variant]
    rest = [card for card in DECK if card not in set(OWN) | set(theirs) | set(SEEN_BY_BOTH)]
    random.Random(variant).shuffle(rest)
    deck = SEEN_BY_BOTH + rest
    setup: dict[str, Any] = {"hands": [OWN, theirs]}
    if with_deck:
        setup["deck"] = deck
    options = GAME.parse_options({}, 2)
    state = GAME.new_state(options, 2, GAME.parse_setup(setup, options, 2))
    mine_out = [card for card in theirs if card != "QC"]
    moves = [
        "cycle +KH +3H -3H -4C",
        f"cycle +{rest[0]} +{rest[1]} -{mine_out[0]} -{rest[0]}",
        "stall",
        f"cycle +{rest[2]} +{rest[3]} -{rest[3]} -{mine_out[1]}",
        "strike feint AS",
        "answer QC",
        "disengage",
        "guard QC",
        "guard 7C",
        f"cycle +{rest[4]} +{rest[5]} -{rest[4]} -{rest[5]}",
        "strike KH",
    ]
    return state, moves


@pytest.mark.parametrize("with_deck", [True, False])
def test_observations_do_not_depend_on_hidden_cards(with_deck: bool) -> None:
    games = [hidden_game(variant, with_deck) for variant in (0, 1)]
    seen_differences = 0
    for index in range(len(games[0][1]) + 1):
        first, second = (state.observation(0) for state, _ in games)
        assert first == second, f"seat 0 sees a difference after {index} moves"
        seen_differences += games[0][0].observation(1) != games[1][0].observation(1)
        if index < len(games[0][1]):
            for state, moves in games:
                state.apply_move(moves[index])
    assert seen_differences > 0, "seat 1's own view does differ"


def test_the_deck_given_or_not_makes_no_difference_to_what_seats_see() -> None:
    known, moves = hidden_game(0, with_deck=True)
    unknown, _ = hidden_game(0, with_deck=False)
    for move in moves:
        known.apply_move(move)
        unknown.apply_move(move)
        for seat in (0, 1):
            assert known.observation(seat) == unknown.observation(seat)


def test_the_opponents_cards_never_show() -> None:
    state, moves = hidden_game(1)
    theirs_hidden = set(THEIRS[1]) - {"QC"}
    for move in moves:
        state.apply_move(move)
        text = json.dumps(state.observation(0))
        assert not any(f'"{card}"' in text for card in theirs_hidden)
        assert not any(f"{card}" in text for card, owner in state.deck if owner == 1)


def test_observation_shape() -> None:
    state, moves = hidden_game(0)
    for move in moves[:5]:
        state.apply_move(move)
    observation = state.observation(1)
    assert json.loads(json.dumps(observation)) == observation
    assert observation["phase"] == "in_measure" and observation["to_move"] == 1
    assert observation["table"] == [{"leader": 0, "lead": None, "feint": True, "answer": None,
                                     "winner": None}]
    assert observation["history"][0] == [0, "cycle"]
    assert observation["history"][1][1].startswith("cycle +")
    assert observation["deck"]["cards"] == 38
    assert observation["opponent_hand"] == 6
    assert observation["options"] == {"target": 11, "max_plays": 30, "max_circling": 11}
    assert set(observation) == {
        "seat", "options", "phase", "to_move", "hand", "dealt", "opponent_hand", "guards", "trump",
        "deck", "cycler", "drawn", "circling", "last_was_stall", "table", "tempos", "scores",
        "plays", "history"}


# -- positions rebuilt from an observation -------------------------------------------------------

def true_places(state: MeasureAndTempoState, seat: int, knowledge: SeatKnowledge) -> dict[str, int]:
    """Where each card the seat cannot see really is, in the knowledge's terms."""
    other = 1 - seat
    places: dict[str, int] = {card: HAND for card in state.hands[other]}
    fresh = [card for card, owner in state.deck if owner == NOBODY]
    places.update({card: TOP for card in fresh + state.unseen})
    for (card, _), (kind, what) in zip(list(state.deck)[len(fresh):], knowledge.queue, strict=True):
        if kind == "theirs":
            places[card] = what
    if state.phase == ANSWERING and state.table[-1].feint and state.table[-1].leader == other:
        places[state.table[-1].lead] = FEINT
    return places


def walk(seed: int):
    """The positions of a seeded bout, greedy and random moves mixed, the deck given or not."""
    rng = random.Random(seed)
    options = GAME.parse_options({"max_circling": rng.choice([3, 11, 30])}, 2)
    setup = GAME.random_setup(options, 2, rng)
    if seed % 2:
        del setup["deck"]
    state = GAME.new_state(options, 2, setup)
    bots = [GreedyBot(GAME, seat, options, 2, random.Random(seed + seat)) for seat in (0, 1)]
    while not state.is_over():
        yield state
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        seat = state.turn
        legal = state.legal_actions(seat)
        use_bot = rng.random() < 0.6
        state.apply_action(seat, bots[seat].choose(state.observation(seat), legal) if use_bot
                           else rng.choice(legal))


@pytest.mark.parametrize("seed", range(random_game_count(20)))
def test_sampled_positions_agree_with_the_observation(seed: int) -> None:
    rng = random.Random(seed)
    for state in walk(seed):
        for seat in (0, 1):
            observation = state.observation(seat)
            knowledge = SeatKnowledge(observation)
            for card, place in true_places(state, seat, knowledge).items():
                assert place in knowledge.places[card], (card, place, knowledge.places[card])
            assert set(knowledge.places) == set(true_places(state, seat, knowledge))
            sampled = GAME.sample_state(observation, rng)
            assert sampled.observation(seat) == observation
            assert sampled.legal_actions(seat) == state.legal_actions(seat)
            assert sampled.is_chance_node() == state.is_chance_node()
            assert len(sampled.hands[1 - seat]) == len(state.hands[1 - seat])


def test_sampling_is_reproducible() -> None:
    state, moves = hidden_game(0)
    for move in moves[:4]:
        state.apply_move(move)
    observation = state.observation(0)
    first = GAME.sample_state(observation, random.Random(5))
    second = GAME.sample_state(observation, random.Random(5))
    assert first.hands == second.hands and list(first.deck) == list(second.deck)


def test_samples_keep_what_the_seat_knows() -> None:
    """Seat 1 saw seat 0 play QD and 7D and fail to follow clubs: until seat 0 cycles, every
    sample gives seat 0 both cards and no club but the ones seat 1 saw."""
    hands = [["2H", "TH", "QD", "JH", "4S", "7S", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]
    rest = [card for card in DECK if card not in set(hands[0]) | set(hands[1])]
    options = GAME.parse_options({}, 2)
    state = GAME.new_state(options, 2, {"hands": hands, "deck": rest})
    for move in ("strike QD", "answer 8D", "lead 7D", "answer JD", "lead QC", "answer 2H", "disengage"):
        state.apply_move(move)
    observation = state.observation(1)
    rng = random.Random(3)
    for _ in range(200):
        sampled = GAME.sample_state(observation, rng)
        assert {"QD", "7D", "2H"} <= set(sampled.hands[0])
        assert not any(card[1] == "C" for card in sampled.hands[0])
        assert sampled.hands[1] == state.hands[1]


def test_samples_put_an_unseen_ace_under_a_feint() -> None:
    state, moves = hidden_game(0)
    for move in moves[:5]:
        state.apply_move(move)
    observation = state.observation(1)
    rng = random.Random(9)
    leads = {GAME.sample_state(observation, rng).table[-1].lead for _ in range(100)}
    assert leads and all(card[0] == "A" for card in leads)
    assert "AD" not in leads, "seat 1 holds the ace of diamonds"
    assert len(leads) > 1


def test_samples_in_the_middle_of_a_cycle() -> None:
    state, _ = hidden_game(0, with_deck=False)
    state.apply_action(0, "cycle")
    for seat in (0, 1):
        assert GAME.sample_state(state.observation(seat), random.Random(1)).is_chance_node()
    state.apply_chance("+KH +3H")
    for seat in (0, 1):
        sampled = GAME.sample_state(state.observation(seat), random.Random(1))
        assert sampled.observation(seat) == state.observation(seat)
        assert sampled.drawn is not None
        if seat == 0:
            assert sampled.drawn == ("KH", "3H")
        sampled.apply_action(0, f"under {sampled.drawn[0]} {sampled.drawn[1]}")
        assert sampled.moves[-1].startswith("cycle +") and sampled.to_move() == (1,)
