"""The built-in bots: legal, reproducible, and their logs verify."""

from __future__ import annotations

import io
import itertools
import json
import random

import pytest

from games.leap_frog.bots import GreedyBot, SearchBot, greedy_value
from games.leap_frog.game import LeapFrog
from games.logs import verify_log
from games.registry import get_game
from games.runner import play_bots

GAME = get_game("leap_frog")
BOTS = ["random", "greedy", "search:budget=40"]


def test_the_game_is_registered_with_its_bots() -> None:
    assert isinstance(GAME, LeapFrog)
    assert sorted(GAME.bots) == ["greedy", "random", "search"]
    assert GAME.describe()["bots"]["search"]["params"] == {"budget": 1000}


def check(log: dict) -> dict:
    answer = verify_log(log)
    assert answer["valid"] and answer["finished"], answer
    assert answer["result"]["ranks"] == log["result"]["ranks"]
    assert answer["result"]["scores"] == log["result"]["scores"]
    return answer


@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(BOTS, 2)))
def test_each_pair_plays_valid_games(first: str, second: str) -> None:
    for number, variant in enumerate(["murray", "traditional", "froglet", "capture"]):
        options = {"variant": variant}
        if variant != "capture":
            options.update(rows=5, cols=6)
        specs = [first, second] if number % 2 == 0 else [second, first]
        check(play_bots(GAME, specs, options=options, seed=f"pair-{number}"))


def test_several_seats_and_the_diagonal() -> None:
    log = play_bots(GAME, ["search:budget=30", "greedy", "random", "greedy"],
                    options={"variant": "murray", "rows": 6, "cols": 6, "diagonal": True}, seed="four")
    check(log)


def test_the_same_seed_gives_the_same_log() -> None:
    options = {"variant": "murray", "rows": 6, "cols": 6}
    first = play_bots(GAME, ["search:budget=40", "greedy"], options=options, seed="again")
    assert first == play_bots(GAME, ["search:budget=40", "greedy"], options=options, seed="again")
    assert first != play_bots(GAME, ["search:budget=40", "greedy"], options=options, seed="other")


def test_murray_15_with_greedy_and_two_randoms() -> None:
    log = play_bots(GAME, ["greedy", "random", "random"],
                    options={"variant": "murray", "rows": 15, "cols": 15}, seed="11")
    answer = check(log)
    assert answer["moves"] == len(log["moves"]) > 3
    assert len(log["setup"]["layout"]) == 15


def bot(kind: type, seat: int = 0, players: int = 2, **params: int):
    options = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 4}, players)
    return kind(GAME, seat, options, players, random.Random(0), **params)


def test_greedy_weighs_the_reply() -> None:
    options = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 4}, 2)
    # Row 1 first: a1 white, b1 red; c2 and c3 green.
    state = GAME.position(options, 2, ["WR..", "..G.", "..G.", "...."], ply=2)
    values = {state.board.path_name(path): greedy_value(state, path, points)
              for path, points in state.legal_paths()}
    # a1-c1 takes the red (3) but leaves c2-c4 on a green (4); c3-c1 takes a green (4) but
    # leaves b1-d1 on the other green (4); c2-c4 takes a green (4) and leaves a1-c1 on the red (3).
    assert values == {"a1-c1": 3 - 4, "c3-c1": 4 - 4, "c2-c4": 4 - 3}
    assert bot(GreedyBot).choose(state.observation(0), state.legal_actions(0)) == "c2-c4"


def test_greedy_in_the_opening_takes_a_green() -> None:
    options = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 4}, 2)
    state = GAME.new_state(options, 2, {"layout": ["RRWW", "YGRR", "YWYW", "YWWG"]})
    choice = bot(GreedyBot).choose(state.observation(0), state.legal_actions(0))
    assert choice in ("b2", "d4")


def exact_value(state, me: int) -> tuple[int, int]:
    """The game-theoretic value for ``me`` (win/draw/loss, then margin) by brute force."""
    if state.is_over():
        margin = state.scores()[me] - state.scores()[1 - me]
        return ((margin > 0) - (margin < 0), margin)
    values = []
    for move in state.legal_actions(state.seat_to_move()):
        child = state.clone()
        child.apply_move(move)
        values.append(exact_value(child, me))
    return max(values) if state.seat_to_move() == me else min(values)


def test_search_plays_perfectly_in_small_endgames() -> None:
    rng = random.Random(7)
    options = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 5}, 2)
    checked = 0
    while checked < 6:
        state = GAME.new_state(options, 2, GAME.random_setup(options, 2, rng))
        while not state.is_over() and sum(1 for code in state.cells if code) > 9:
            state.apply_move(rng.choice(state.legal_actions(state.seat_to_move())))
        if state.is_over() or len(state.legal_actions(state.seat_to_move())) < 2:
            continue
        me = state.seat_to_move()
        best = exact_value(state, me)
        searcher = bot(SearchBot, seat=me, budget=20_000)
        choice = searcher.choose(state.observation(me), state.legal_actions(me))
        after = state.clone()
        after.apply_move(choice)
        assert exact_value(after, me) == best
        checked += 1


def test_search_with_three_seats_is_paranoid_but_legal() -> None:
    options = GAME.parse_options({"variant": "murray", "rows": 4, "cols": 5}, 3)
    state = GAME.new_state(options, 3, GAME.random_setup(options, 3, random.Random(2)))
    for _ in range(4):
        state.apply_move(state.legal_actions(state.seat_to_move())[0])
    me = state.seat_to_move()
    searcher = SearchBot(GAME, me, options, 3, random.Random(0), budget=300)
    assert searcher.choose(state.observation(me), state.legal_actions(me)) in state.legal_actions(me)


def test_bots_reject_unknown_or_bad_parameters() -> None:
    with pytest.raises(ValueError):
        bot(SearchBot, depth=3)
    with pytest.raises(ValueError):
        bot(SearchBot, budget=0)


def test_the_commands_play_and_verify_a_murray_game(tmp_path) -> None:
    from django.core.management import call_command

    out = tmp_path / "l.json"
    call_command("play_match", "--game", "leap_frog", "--options",
                 '{"variant": "murray", "rows": 15, "cols": 15}', "--bot", "greedy", "--bot", "random",
                 "--bot", "random", "--seed", "11", "--out", str(out), stdout=io.StringIO())
    printed = io.StringIO()
    call_command("verify_log", str(out), stdout=printed)
    answer = json.loads(printed.getvalue())
    assert answer["valid"] is True and answer["finished"] is True
    assert answer["result"] == json.loads(out.read_text())["result"]
