"""Built-in bots for Leapfrog: a thrifty heuristic and a Monte Carlo search.

Both see only their seat's observation. A frog plays each of its tokens once per race, so
only their order is chosen, and only the column at the end of a race scores. The heuristic
keeps its decisive tokens for the end of each race; the search samples the other frogs'
hidden tokens of this turn and plays the rest of the game out.
"""

from __future__ import annotations

import random
from statistics import median_low
from typing import Any

from games.base import Bot, Param
from games.leapfrog_race.rules import (
    FROGS,
    LILY_PAD,
    PLATE_PLACE,
    RACES,
    TURNS,
    LeapfrogRaceState,
    resolve_turn,
)


def thrifty_token(unused: list[int], race: int) -> int:
    """The token a frog needs least now: its lowest in the head races (the high ones, saved
    for the last turns, carry it to the front when it counts), its highest in the slowness
    race (the low ones, saved, let the others pass it at the end)."""
    return max(unused) if LILY_PAD[race] == "tail" else min(unused)


class GreedyBot(Bot):
    """Keeps its decisive tokens for the end of each race (:func:`thrifty_token`). On the
    courage race's fifth turn, with the plate, it looks one turn ahead, against the other
    frogs' middle tokens, and avoids the token order that leaves it on the plate."""

    name = "greedy"
    summary = "saves its decisive tokens for the end of each race; dodges the plate"

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        race, turn = observation["race"] - 1, observation["turn"] - 1
        unused = [int(action) for action in legal]
        preferred = thrifty_token(unused, race)
        if race == RACES - 1 and observation["plate"] and turn == TURNS - 2 and len(unused) == 2:
            if self.ends_on_plate(observation, preferred, (set(unused) - {preferred}).pop()):
                preferred = (set(unused) - {preferred}).pop()
        return str(preferred)

    def ends_on_plate(self, observation: dict[str, Any], now: int, last: int) -> bool:
        """Whether playing ``now`` then ``last`` ends the race on the plate, if every other
        frog plays its middle token now and its other token last."""
        frog = observation["frog"]
        column = list(observation["column"])
        guesses = {}
        for other in FROGS:
            if other != frog:
                left = [token for token in range(1, 7) if token not in observation["played"][other]]
                middle = median_low(left)
                guesses[other] = (middle, ([token for token in left if token != middle] or [middle])[0])
        column = resolve_turn(column, {**{o: g[0] for o, g in guesses.items()}, frog: now})
        column = resolve_turn(column, {**{o: g[1] for o, g in guesses.items()}, frog: last})
        return column.index(frog) + 1 == PLATE_PLACE


class MonteCarloBot(Bot):
    """Flat Monte Carlo with common random numbers: each of ``budget // tokens`` iterations
    draws one future (the other frogs' tokens of this turn from their unused ones, then the
    rest of the game with its own frog thrifty, each other seat thrifty or random by a coin
    toss, and the non-player frogs random) and plays every candidate token into that same
    future, so that the tokens are compared on equal terms. A playout scores 1 for finishing first among the seats, plus a hundredth of the
    point margin. The best mean wins; ties go to the thrifty token."""

    name = "mc"
    summary = "Monte Carlo over the others' hidden tokens, playouts to the end"
    params = {"budget": Param(240, 1, 5000, "playouts per move, shared among the candidate tokens")}

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        root = self.game.sample_state(observation, self.rng)
        iterations = max(1, self.config["budget"] // len(legal))
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(iterations):
            future = self.rng.getrandbits(64)
            for action in legal:
                totals[action] += self.playout(root, action, random.Random(future))
        thrifty = str(thrifty_token([int(action) for action in legal], root.race))
        return max(legal, key=lambda action: (totals[action], action == thrifty))

    def playout(self, root: LeapfrogRaceState, action: str, rng: random.Random) -> float:
        state = root.clone()
        for seat in range(state.num_players):
            choice = action if seat == self.seat else rng.choice(state.legal_actions(seat))
            state.apply_action(seat, choice)
        # Each other seat plays thrifty or at random in this future, so that the search holds
        # up against both kinds of opponent.
        thrifty = {self.seat} | {seat for seat in range(state.num_players) if rng.random() < 0.5}
        while not state.is_over():
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(rng))
                continue
            for seat in state.to_move():
                if seat in thrifty:
                    token = thrifty_token(state.unused(state.colours[seat]), state.race)
                    state.apply_action(seat, str(token))
                else:
                    state.apply_action(seat, rng.choice(state.legal_actions(seat)))
        return self.reward(state)

    def reward(self, state: LeapfrogRaceState) -> float:
        """1 for the best rank among the seats (alone, the place among all six frogs),
        plus a hundredth of the point margin over the best other seat."""
        if state.num_players == 1:
            return 1.0 - state.final_order().index(state.colours[self.seat]) / (len(FROGS) - 1)
        scores = state.scores()
        best_other = max(score for seat, score in enumerate(scores) if seat != self.seat)
        return float(state.result().ranks[self.seat] == 1) + (scores[self.seat] - best_other) / 100
