"""Mutation fuzzing of match logs: valid logs of every game, and the ways a log goes wrong
(moves flipped, dropped, duplicated, swapped, retyped, truncated, garbage inserted; fields
retyped, removed or added; the JSON text cut or corrupted). Each mutation is a function of a
seeded ``random.Random``, so hypothesis (in the tests) and the long ``make fuzz`` run draw
the same kinds of cases, and any failing case replays from its seed."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from games.logs import dump_log
from games.registry import get_game
from games.runner import play_bots

#: Seeded games per slug: (bots, options), covering the seat counts and variants.
BASES: dict[str, list[tuple[list[str], dict[str, Any]]]] = {
    "leapfrog_race": [(["random", "random"], {}), (["greedy", "random", "random", "greedy", "random", "random"], {})],
    "measure_and_tempo": [(["random", "greedy"], {}), (["greedy", "greedy"], {"target": 3})],
    "froggit": [(["random", "greedy"], {}), (["random", "random", "greedy", "random"], {"version": "expert"})],
    "leap_frog": [(["random", "greedy"], {"variant": "murray", "rows": 6, "cols": 6}),
                  (["random", "random", "random"], {"variant": "traditional"})],
}
GARBAGE: list[Any] = ["", " ", "x", "🐸", "\x00", "9" * 40, "start", "cycle", "under 1 2", "S start", "a1-b2",
                      None, 0, -1, 1.5, True, [], {}, ["move"], {"move": "x"}, 10**30, float("inf")]
FIELDS = ["format", "game", "options", "players", "setup", "moves", "forfeits", "result", "seed", "commitment"]


@cache
def base_logs(slug: str) -> tuple[str, ...]:
    """Finished and unfinished valid logs of one game, as JSON text (frozen for the cache)."""
    logs = []
    for number, (bots, options) in enumerate(BASES[slug]):
        log = play_bots(get_game(slug), bots, options=options, seed=f"fuzz-{slug}-{number}")
        logs.append(dump_log(log))
        half = {**log, "moves": log["moves"][: len(log["moves"]) // 2]}
        half.pop("result", None)
        logs.append(dump_log(half))
    return tuple(logs)


def garbage(rng: random.Random) -> Any:
    """A fresh copy of a garbage value (never one shared between mutations or cases)."""
    return copy.deepcopy(rng.choice(GARBAGE))


def on_moves(mutation: Callable[[dict[str, Any], random.Random], None]) -> Callable[[dict[str, Any], random.Random], None]:
    """A mutation of the move list: skipped once an earlier mutation took the list away."""
    def apply(log: dict[str, Any], rng: random.Random) -> None:
        if isinstance(log.get("moves"), list):
            mutation(log, rng)

    apply.__name__ = mutation.__name__
    return apply


def pick_move(log: dict[str, Any], rng: random.Random) -> int:
    return rng.randrange(len(log["moves"])) if log.get("moves") else 0


@on_moves
def flip(log: dict[str, Any], rng: random.Random) -> None:
    moves = log["moves"]
    if len(moves) > 1:
        index = rng.randrange(len(moves) - 1)
        moves[index], moves[index + 1] = moves[index + 1], moves[index]


@on_moves
def drop(log: dict[str, Any], rng: random.Random) -> None:
    if log["moves"]:
        del log["moves"][pick_move(log, rng)]


@on_moves
def duplicate(log: dict[str, Any], rng: random.Random) -> None:
    if log["moves"]:
        index = pick_move(log, rng)
        log["moves"].insert(index, log["moves"][index])


@on_moves
def swap(log: dict[str, Any], rng: random.Random) -> None:
    moves = log["moves"]
    if len(moves) > 1:
        first, second = rng.sample(range(len(moves)), 2)
        moves[first], moves[second] = moves[second], moves[first]


@on_moves
def retype_move(log: dict[str, Any], rng: random.Random) -> None:
    if log["moves"]:
        log["moves"][pick_move(log, rng)] = rng.choice([None, 7, 2.5, True, [], {}, ["a"], {"m": 1}])


@on_moves
def truncate(log: dict[str, Any], rng: random.Random) -> None:
    log["moves"] = log["moves"][: rng.randrange(len(log["moves"]) + 1)]


@on_moves
def insert_garbage(log: dict[str, Any], rng: random.Random) -> None:
    log["moves"].insert(rng.randrange(len(log["moves"]) + 1), garbage(rng))


@on_moves
def edit_move(log: dict[str, Any], rng: random.Random) -> None:
    """Change one character of a move: a near miss of the notation."""
    if log["moves"] and isinstance(log["moves"][0], str):
        index = pick_move(log, rng)
        move = str(log["moves"][index])
        if move:
            at = rng.randrange(len(move))
            log["moves"][index] = move[:at] + rng.choice("0123456789abcdefghxyzSLRUD -+:") + move[at + 1:]


def retype_field(log: dict[str, Any], rng: random.Random) -> None:
    log[rng.choice(FIELDS)] = garbage(rng)


def remove_field(log: dict[str, Any], rng: random.Random) -> None:
    log.pop(rng.choice(FIELDS), None)


def add_field(log: dict[str, Any], rng: random.Random) -> None:
    target = rng.choice([log, log.get("options"), log.get("setup")])
    if isinstance(target, dict):
        target[rng.choice(["extra", "colour", "speed", "seats", "x" * 50])] = garbage(rng)


def bad_forfeit(log: dict[str, Any], rng: random.Random) -> None:
    seats = len(log["players"]) if isinstance(log.get("players"), list) else 2
    moves = log["moves"] if isinstance(log.get("moves"), list) else []
    log["forfeits"] = [{"seat": rng.choice([-1, 0, 1, seats, "0", None]),
                        "after": rng.choice([-1, 0, len(moves), 10**9, "3"]),
                        "reason": rng.choice(["", "left", None, 5])}
                       for _ in range(rng.randint(1, 3))]


def wrong_result(log: dict[str, Any], rng: random.Random) -> None:
    seats = len(log["players"]) if isinstance(log.get("players"), list) else 2
    log["result"] = {"ranks": [rng.randint(0, seats + 1) for _ in range(seats)],
                     "scores": [rng.randint(-3, 30) for _ in range(seats)]}


def players(log: dict[str, Any], rng: random.Random) -> None:
    log["players"] = rng.choice([[], ["solo"], ["a"] * 7, ["", "b"], ["a" * 101, "b"], [1, 2], "ab"])


def bad_seed(log: dict[str, Any], rng: random.Random) -> None:
    log["seed"] = rng.choice(["other", "", "s" * 300])
    if rng.random() < 0.5:
        log["commitment"] = rng.choice(["sha256:" + "0" * 64, "md5:1", ""])


STRUCTURAL: list[Callable[[dict[str, Any], random.Random], None]] = [
    flip, drop, duplicate, swap, retype_move, truncate, insert_garbage, edit_move, retype_field, remove_field,
    add_field, bad_forfeit, wrong_result, players, bad_seed]


def cut_text(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text))]


def corrupt_text(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text))
    return text[:at] + rng.choice(['"', "{", "]", ",", "\\", "\x00", "é", "NaN", "1e999"]) + text[at + 1:]


TEXTUAL: list[Callable[[str, random.Random], str]] = [cut_text, corrupt_text]


def mutate(slug: str, seed: int) -> bytes:
    """One fuzz case of ``slug``: a valid log with one to three mutations, as the bytes a client
    would send. The same ``(slug, seed)`` gives the same bytes."""
    rng = random.Random(f"{slug}:{seed}")
    text = rng.choice(base_logs(slug))
    log = copy.deepcopy(json.loads(text))
    for _ in range(rng.randint(1, 3)):
        rng.choice(STRUCTURAL)(log, rng)
    text = json.dumps(log, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.15:
        text = rng.choice(TEXTUAL)(text, rng)
    return text.encode("utf-8", "surrogatepass")
