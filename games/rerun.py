"""Replaying a logged match with another bot in one seat: the other seats play back what they
played in the log, the seed draws the same chance outcomes, and the new log is compared with
the old one move by move (``manage.py try_bot --rerun``).

A log holds moves, not each seat's decisions (a ``leapfrog_race`` move is every seat's token;
a ``measure_and_tempo`` cycle is a seat's two answers with the cards drawn between them), so
:func:`seat_actions` finds the decisions that make each logged move, trying the actions each
position allows, the ones the move names first.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Game, GameState
from games.seeding import derive_rng


class NotReproducible(ValueError):
    """A logged move no sequence of decisions makes from this position and seed."""


def _order(actions: Sequence[str], target: str) -> list[str]:
    """The actions the target move names first (most moves are one action, written as is)."""
    return sorted(actions, key=lambda action: (action != target, not target.startswith(action.split(" ")[0])))


def _make(state: GameState, rng: random.Random, target: str, length: int,
          budget: list[int]) -> tuple[list[tuple[int, str]], GameState, random.Random] | None:
    """Decisions from ``state`` that log ``target`` as move ``length``, with the position and
    the chance stream after it; None when there are none."""
    if len(state.moves) > length:
        return ([], state, rng) if len(state.moves) == length + 1 and state.moves[length] == target else None
    if state.is_over():
        return None
    budget[0] -= 1
    if budget[0] < 0:
        raise NotReproducible(f"move {length} ({target!r}): too many ways to try")
    if state.is_chance_node():
        drawn, stream = state.clone(), random.Random()
        stream.setstate(rng.getstate())
        drawn.apply_chance(drawn.sample_chance(stream))
        return _make(drawn, stream, target, length, budget)
    movers = state.to_move()
    choices = [_order(state.legal_actions(seat), target) for seat in movers]
    for combination in itertools.product(*choices):
        after = state.clone()
        for seat, action in zip(movers, combination):
            after.apply_action(seat, action)
        found = _make(after, rng, target, length, budget)
        if found is not None:
            decisions, final, stream = found
            return list(zip(movers, combination)) + decisions, final, stream
    return None


def seat_actions(game: Game, log: Mapping[str, Any]) -> dict[int, list[str]]:
    """Each seat's decisions, in order, that play the log's moves from its setup and seed."""
    players = len(log["players"])
    options = game.parse_options(log.get("options") or {}, players)
    seed = log["seed"]
    setup = log.get("setup")
    setup = game.parse_setup(setup, options, players) if setup else \
        game.random_setup(options, players, derive_rng(seed, "setup"))
    state = game.new_state(options, players, setup)
    rng = derive_rng(seed, "chance")
    actions: dict[int, list[str]] = {seat: [] for seat in range(players)}
    for index, move in enumerate(log["moves"]):
        found = _make(state, rng, move, index, [200_000])
        if found is None:
            raise NotReproducible(f"move {index} ({move!r}) does not follow from the seed and the moves before it")
        decisions, state, rng = found
        for seat, action in decisions:
            actions[seat].append(action)
    return actions


class Follower:
    """A seat that plays back its logged decisions; once the game leaves the log (a decision
    no longer legal), it plays the first legal action and notes that it was lost."""

    def __init__(self, actions: Sequence[str]) -> None:
        self.queue = deque(actions)
        self.lost_at: int | None = None
        self.asked = 0

    def start(self, info: Mapping[str, Any]) -> None:
        """Nothing to get ready."""

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        self.asked += 1
        if self.lost_at is None and self.queue and self.queue[0] in legal:
            return self.queue.popleft()
        if self.lost_at is None:
            self.lost_at = self.asked - 1
        return legal[0]

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None:
        """Nothing to end."""


def first_difference(a: Sequence[Any], b: Sequence[Any]) -> int | None:
    """The first index where two move lists differ (the shorter's length when one begins the
    other); None when they are the same.

    >>> first_difference(["a", "b", "c"], ["a", "x", "c"]), first_difference(["a"], ["a", "b"]), first_difference([], [])
    (1, 1, None)
    """
    for index, (left, right) in enumerate(zip(a, b)):
        if left != right:
            return index
    return None if len(a) == len(b) else min(len(a), len(b))
