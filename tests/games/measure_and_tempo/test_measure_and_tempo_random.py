"""Seeded random bouts: invariants at every step, legality against a universe of strings,
and replay of the log they produce."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.errors import GameError, IllegalMoveError
from games.logs import verify_log
from games.measure_and_tempo.cards import DECK, HAND_SIZE
from games.measure_and_tempo.game import MeasureAndTempo
from games.measure_and_tempo.rules import MAX_TEMPOS, PUTTING_UNDER, MeasureAndTempoState
from tests.helpers import random_game_count

GAME = MeasureAndTempo()
SINGLE_WORDS = ["cycle", "unguard", "stall", "disengage"]
CARD_WORDS = ["guard", "strike", "strike feint", "answer", "lead", "lead feint"]


def random_bout(seed: int) -> tuple[MeasureAndTempoState, random.Random, dict]:
    rng = random.Random(seed)
    options = GAME.parse_options({"target": rng.randint(1, 11), "max_plays": rng.randint(1, 30),
                                  "max_circling": rng.choice([0, 1, 2, 5, 11, 25])}, 2)
    setup = GAME.random_setup(options, 2, rng)
    setup["first"] = rng.randint(0, 1)
    if seed % 2:
        del setup["deck"]
    return GAME.new_state(options, 2, setup), rng, setup


def all_cards(state: MeasureAndTempoState) -> list[str]:
    cards = state.hands[0] + state.hands[1]
    cards += [guard for guard in state.guards if guard is not None]
    for tempo in state.table:
        cards.append(tempo.lead)
        if tempo.answer is not None:
            cards.append(tempo.answer)
    cards += [card for card, _ in state.deck]
    return cards + state.unseen


def check_invariants(state: MeasureAndTempoState, before: tuple[list[int], int]) -> None:
    cards = all_cards(state)
    assert len(cards) == 52 and set(cards) == set(DECK), Counter(cards).most_common(2)
    assert state.unknown == len(state.unseen)
    assert state.deck_size() == 38 - (2 if state.phase == PUTTING_UNDER else 0)
    for seat in (0, 1):
        on_table = sum(1 for tempo in state.table
                       if (tempo.leader == seat) or (tempo.answer is not None and tempo.leader != seat))
        extra = 2 if state.phase == PUTTING_UNDER and state.turn == seat else 0
        guard = state.guards[seat] is not None
        assert len(state.hands[seat]) + guard + on_table == HAND_SIZE + extra
        assert state.hands[seat] == sorted(state.hands[seat])
    assert len(state.table) <= MAX_TEMPOS
    assert 0 <= state.circling <= state.max_circling
    points, plays = before
    assert all(now >= then for now, then in zip(state.points, points, strict=True)), "scores only grow"
    assert state.plays >= plays and state.plays <= state.max_plays
    if not state.table:
        assert state.points[0] - state.points[1] == state.bout_tempos[0] - state.bout_tempos[1]
    if state.is_over():
        assert max(state.points) >= state.target or state.plays == state.max_plays


def universe(state: MeasureAndTempoState, rng: random.Random) -> set[str]:
    strings = set(SINGLE_WORDS)
    for card in DECK:
        strings.update(f"{word} {card}" for word in CARD_WORDS)
    near = set(state.hands[state.turn]) | set(rng.sample(DECK, 3))
    strings.update(f"under {a} {b}" for a in near for b in near)
    return strings


def check_legality(state: MeasureAndTempoState, rng: random.Random) -> None:
    seat = state.turn
    legal = state.legal_actions(seat)
    assert legal == sorted(set(legal)) and legal
    assert state.legal_actions(1 - seat) == []
    accepted = set()
    for action in universe(state, rng):
        trial = state.clone()
        try:
            trial.apply_action(seat, action)
        except IllegalMoveError:
            continue
        accepted.add(action)
    assert accepted == set(legal)


@pytest.mark.parametrize("seed", range(random_game_count(200)))
def test_random_bouts_keep_the_invariants(seed: int) -> None:
    state, rng, setup = random_bout(seed)
    steps = 0
    while not state.is_over():
        before = (list(state.points), state.plays)
        if state.is_chance_node():
            outcome = state.sample_chance(rng)
            if state.unknown == 0:
                assert state.chance_outcomes() == [outcome]
            state.apply_chance(outcome)
        else:
            if steps % 7 == 0:
                check_legality(state, rng)
            seat = state.turn
            state.apply_action(seat, rng.choice(state.legal_actions(seat)))
        check_invariants(state, before)
        steps += 1
    replayed = GAME.new_state(state.options, 2, setup)
    for move in state.moves:
        replayed.apply_move(move)
    assert replayed.is_over() and replayed.result() == state.result()
    assert replayed.observation(0) == state.observation(0)


@pytest.mark.parametrize("seed", range(random_game_count(40)))
def test_random_logs_verify(seed: int) -> None:
    state, rng, setup = random_bout(seed)
    setup = {key: value for key, value in setup.items() if key != "deck"}
    cut = rng.randint(0, 400)
    while not state.is_over() and len(state.moves) < cut:
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.apply_action(state.turn, rng.choice(state.legal_actions(state.turn)))
    log = {"format": 1, "game": "measure_and_tempo", "options": state.options,
           "players": ["a", "b"], "setup": setup, "moves": state.moves}
    answer = verify_log(log)
    assert answer["valid"] is True and answer["moves"] == len(state.moves)
    assert answer["finished"] is state.is_over()
    if state.is_over():
        assert answer["result"] == state.result().to_json()


def test_errors_are_game_errors() -> None:
    assert issubclass(IllegalMoveError, GameError)
