"""The built-in bots: verified, reproducible games between every pair, and sound choices in
hand-built positions."""

from __future__ import annotations

import json
import random

import pytest

from games.froggit.bots import (
    HOME_VALUE,
    RISK,
    TRAPPED,
    GreedyBot,
    MctsBot,
    apply_effect,
    effect_move,
    effects,
    family_values,
    scored_effects,
    values_after,
)
from games.froggit.game import Froggit
from games.froggit.rules import FroggitState
from games.logs import verify_log
from games.registry import get_game
from games.runner import make_bot, play_bots
from tests.helpers.froggit import build

GAME = Froggit()
SMALL_MCTS = "mcts:budget=6"


def choose(bot_spec: str, state: FroggitState) -> str:
    bot = make_bot(GAME, bot_spec, state.turn, state.options, state.num_players, random.Random(3))
    return bot.choose(state.observation(state.turn), state.legal_actions(state.turn))


def test_the_game_lists_its_bots() -> None:
    assert get_game("froggit") is not None
    assert set(GAME.bots) == {"random", "greedy", "mcts"}
    assert GAME.bots["mcts"].defaults()["budget"] > 0
    assert GAME.describe()["bots"]["greedy"]["summary"]


@pytest.mark.parametrize("bots", [
    ("random", "greedy"),
    ("greedy", SMALL_MCTS),
    (SMALL_MCTS, "random"),
    ("greedy", "random", SMALL_MCTS),
    ("random", "random", "greedy", "greedy", "random", "random"),
])
@pytest.mark.parametrize("version", ["junior", "expert"])
def test_bots_play_verified_reproducible_games(bots: tuple[str, ...], version: str) -> None:
    options = {"version": version, "family": "quick"}
    log = play_bots(GAME, bots, options=options, seed=f"bots-{version}")
    answer = verify_log(log)
    assert answer["valid"] and answer["finished"], answer
    assert answer["result"]["ranks"] == log["result"]["ranks"]
    assert answer["result"]["scores"] == log["result"]["scores"]
    assert log == play_bots(GAME, bots, options=options, seed=f"bots-{version}")


def test_expert_mcts_greedy_random_at_seed_5_is_valid_and_finished() -> None:
    """The issue's acceptance game, with the search bot's default budget."""
    log = play_bots(GAME, ["mcts", "greedy", "random"], options={"version": "expert"}, seed="5")
    answer = verify_log(log)
    assert answer["valid"] and answer["finished"], answer
    assert answer["result"]["ranks"] == log["result"]["ranks"]


def test_bot_parameters_are_checked() -> None:
    with pytest.raises(ValueError, match="no parameter"):
        make_bot(GAME, "mcts:speed=3", 0, GAME.parse_options({}, 2), 2, random.Random(0))
    with pytest.raises(ValueError, match="no parameter"):
        make_bot(GAME, "greedy:budget=3", 0, GAME.parse_options({}, 2), 2, random.Random(0))
    bot = make_bot(GAME, "mcts:budget=7,width=3,depth=1", 0, GAME.parse_options({}, 2), 2,
                   random.Random(0))
    assert isinstance(bot, MctsBot) and bot.config == {"budget": 7, "width": 3, "depth": 1}


@pytest.mark.parametrize("spec", ["greedy", SMALL_MCTS])
def test_bots_take_the_winning_move(spec: str) -> None:
    state = build({"f4": "0L", "c3": "1S"}, home={0: (3, 1)}, fish="d4")
    assert choose(spec, state) == "L f4 home"


@pytest.mark.parametrize("spec", ["greedy", SMALL_MCTS])
def test_bots_send_the_most_advanced_rival_home_with_the_fish(spec: str) -> None:
    # Seat 1 finishes on a1: its frog on b2 is two steps from home, the one on e4 five.
    state = build({"f4": "0S", "b2": "1L", "e4": "1S"}, fish="d4")
    state.apply_move("S f4 home")
    assert choose(spec, state) == "fish b2"


def test_the_evaluation_counts_progress_risk_teams_and_traps() -> None:
    # Seat 0 finishes on g4: e4 is 2 steps away (progress 4), c3 4 steps (progress 2).
    far = family_values(build({"e4": "0S"}, fish="a3"))[0]
    threatened = family_values(build({"e4": "0S"}, fish="e3"))[0]
    assert far == pytest.approx(4.0) and threatened == pytest.approx(4.0 * (1 - RISK))
    team = family_values(build({"e4": "0L 0S"}, fish="e3"))[0]
    assert team == pytest.approx(8.0)
    trapped = family_values(build({"c3": "0S 1L"}, fish="g2"))
    assert trapped[0] == pytest.approx(2.0 - TRAPPED) and trapped[1] == pytest.approx(4.0)
    home = family_values(build({}, home={0: (1, 0)}))[0]
    assert home == pytest.approx(HOME_VALUE)


def test_greedy_moves_a_frog_out_of_the_fishs_reach() -> None:
    # Both of seat 0's frogs can reach the same progress; only one move leaves the reach of d4.
    state = build({"b2": "0S", "b1": "1S"}, fish="d4", home={0: (2, 2)})
    move = choose("greedy", state)
    assert move.split(" ")[-1] not in {"b2", "b4", "c3", "c4", "d2", "d3", "d5", "d6", "e3", "e4",
                                        "f2", "f4"}


def test_effects_play_like_their_moves() -> None:
    rng = random.Random(4)
    state = GAME.new_state(GAME.parse_options({"version": "expert"}, 3), 3, {})
    for _ in range(60):
        if state.is_over():
            break
        values = family_values(state)
        for effect in effects(state):
            by_effect, by_move = state.clone(), state.clone()
            apply_effect(by_effect, effect)
            move = effect_move(state, effect)
            by_move.apply_move(move)
            assert by_effect.cells == by_move.cells and by_effect.turn == by_move.turn
            after = values_after(state, values, effect)
            assert after is None and by_move.winner is not None or after == pytest.approx(
                family_values(by_move))
        state.play(rng.choice(state.legal_actions(state.turn)))


def test_bots_see_only_their_observation() -> None:
    """A bot rebuilds the position from the observation alone, as a sandboxed bot would: it
    is given the observation as JSON and nothing else, chooses the same from the JSON copy as
    from the original, and the greedy bot's choice is one of the best moves of the real
    position, so the observation carried everything its evaluation reads."""
    state = build({"c3": "0L 0S", "e5": "1S 0L"}, fish="d4")
    legal = state.legal_actions(0)
    seen = json.loads(json.dumps(state.observation(0)))
    scored = scored_effects(state)
    best = {effect_move(state, effect) for score, effect in scored if score >= scored[0][0] - 1e-9}
    assert best < set(legal)  # the position decides: not every legal move is among the best
    for bot_class in (GreedyBot, MctsBot):
        params = {"budget": 5} if bot_class is MctsBot else {}
        choices = {bot_class(GAME, 0, state.options, 2, random.Random(1), **params).choose(observation, legal)
                   for observation in (state.observation(0), seen)}
        assert len(choices) == 1 and choices <= set(legal), bot_class.name
        if bot_class is GreedyBot:
            assert choices <= best
