"""Seeded random Leapfrog games checking invariants (OpenSpiel style).

``make test`` plays a few hundred; ``make soak`` thousands (``SOAK_GAMES``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.leapfrog_race.game import LeapfrogRace
from games.leapfrog_race.rules import FROGS
from games.logs import verify_log
from games.runner import play_bots
from tests.helpers import random_game_count

GAME = LeapfrogRace()
COUNT = random_game_count(300)


def random_game(seed: int) -> tuple[dict, list[list[str]]]:
    """Play a random game through the engine's actions; return its log and the columns."""
    rng = random.Random(seed)
    players = rng.randint(1, 6)
    colours = "".join(rng.sample(FROGS, players))
    options = GAME.parse_options({"colours": colours, "plate": rng.random() < 0.7}, players)
    setup = GAME.random_setup(options, players, rng)
    state = GAME.new_state(options, players, setup)
    columns = [list(state.column)]
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
        else:
            for seat in state.to_move():
                state.apply_action(seat, rng.choice(state.legal_actions(seat)))
        if len(columns) <= len(state.moves):
            columns.append(list(state.column))
    log = {"format": 1, "game": GAME.slug, "options": options, "players": [f"p{i}" for i in range(players)],
           "setup": setup, "moves": state.moves, "result": state.result().to_json()}
    return log, columns


@pytest.mark.parametrize("seed", range(COUNT))
def test_random_game_invariants(seed: int) -> None:
    log, columns = random_game(seed)
    moves = log["moves"]
    assert len(moves) == 18
    for race in range(3):
        tokens: dict[str, list[int]] = {frog: [] for frog in FROGS}
        for move in moves[race * 6:(race + 1) * 6]:
            for pair in move.split(" "):
                tokens[pair[0]].append(int(pair[1]))
        assert all(sorted(played) == [1, 2, 3, 4, 5, 6] for played in tokens.values())
    assert all(sorted(column) == sorted(FROGS) for column in columns)

    answer = verify_log(log)
    assert answer["valid"] and answer["finished"], answer
    detail = answer["result"]["detail"]
    for race in range(3):
        assert sum(frog["races"][race] for frog in detail["frogs"].values()) == 21
    assert sum(frog["markers"] for frog in detail["frogs"].values()) == 6
    eaten = [letter for letter, frog in detail["frogs"].items() if frog["eaten"]]
    assert len(eaten) == (1 if log["options"]["plate"] else 0)
    assert sorted(answer["result"]["ranks"]) == list(range(1, len(log["players"]) + 1))
    assert sorted(detail["order"]) == sorted(FROGS)


@pytest.mark.parametrize("bots", [("random", "greedy"), ("mc:budget=12", "random"), ("greedy", "mc:budget=12"),
                                  ("mc:budget=6", "greedy", "random", "random")])
def test_built_in_bots_play_verified_games(bots: tuple[str, ...]) -> None:
    for seed in range(2):
        log = play_bots(GAME, bots, seed=f"bots-{seed}")
        answer = verify_log(log)
        assert answer["valid"] and answer["finished"], answer
        assert answer["result"]["ranks"] == log["result"]["ranks"]
        assert answer["result"]["scores"] == log["result"]["scores"]
        assert log == play_bots(GAME, bots, seed=f"bots-{seed}")


def test_the_search_bot_is_not_random() -> None:
    # Against a field of random bots it should finish ahead in most of a few games.
    wins = Counter()
    for seed in range(6):
        log = play_bots(GAME, ["mc:budget=60", "random"] if seed % 2 == 0 else ["random", "mc:budget=60"],
                        seed=f"strength-{seed}")
        mc_seat = 0 if seed % 2 == 0 else 1
        wins[log["result"]["ranks"][mc_seat] == 1] += 1
    assert wins[True] >= 4
