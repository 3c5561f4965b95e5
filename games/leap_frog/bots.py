"""Built-in bots for Leap Frog: a one-reply greedy player and a paranoid alpha-beta search.

Both rebuild the position from their seat's observation (Leap Frog hides nothing) and work on
moves as cell paths, naming only the move they choose.
"""

from __future__ import annotations

import math
from typing import Any

from games.base import Bot, Param
from games.leap_frog.rules import LeapFrogState, Path


def greedy_value(state: LeapFrogState, path: Path, points: int) -> int:
    """The points ``path`` takes now, less the most the next player can take in reply."""
    after = state.clone()
    after.play(path, record=False)
    return points - after.best_points()


class GreedyBot(Bot):
    """Takes the most points now, less the most the next player can take in reply; among
    equal moves it prefers the larger capture, then draws at random."""

    name = "greedy"
    summary = "the most points now, less the best reply it leaves the next player"

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        state: LeapFrogState = self.game.sample_state(observation, self.rng)
        best: list[Path] = []
        best_key: tuple[int, int] | None = None
        for path, points in state.legal_paths():
            key = (greedy_value(state, path, points), points)
            if best_key is None or key > best_key:
                best, best_key = [path], key
            elif key == best_key:
                best.append(path)
        return state.board.path_name(self.rng.choice(best))


class OutOfBudget(Exception):
    """The search has evaluated as many positions as its budget allows."""


class SearchBot(Bot):
    """Paranoid alpha-beta search: the seat to move maximises its margin over the best other
    seat while every other seat is assumed to minimise it (plain minimax with two seats).

    Iterative deepening, one ply more each round, until ``budget`` positions have been
    evaluated (the first round, one ply, always completes); the last completed round decides.
    A position at the search horizon is worth the margin, plus (or, when another seat is to
    move, minus) the most the seat to move could capture at once; at the end of the game a
    win or loss outweighs any margin. Moves are searched biggest capture first, equal ones in
    random order, and the root's best move of one round first in the next.
    """

    name = "search"
    summary = "paranoid alpha-beta search, deepening until its budget of positions is spent"
    params = {"budget": Param(1000, 1, 20_000, "positions evaluated per move")}

    WIN = 1000
    MAX_DEPTH = 64

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        root: LeapFrogState = self.game.sample_state(observation, self.rng)
        self.me = root.seat_to_move()
        self.evaluated = 0
        self.exact = True
        moves = self.ordered(root)
        best = moves[0]
        for depth in range(1, self.MAX_DEPTH + 1):
            self.exact = True
            try:
                best, moves = self.search_root(root, moves, depth, limited=depth > 1)
            except OutOfBudget:
                break
            if self.exact:
                break
        return root.board.path_name(best)

    def ordered(self, state: LeapFrogState) -> list[Path]:
        """The legal moves, biggest capture first, equal ones in random order."""
        moves = state.legal_paths()
        self.rng.shuffle(moves)
        moves.sort(key=lambda move: -move[1])
        return [path for path, _ in moves]

    def search_root(self, root: LeapFrogState, moves: list[Path], depth: int,
                    limited: bool) -> tuple[Path, list[Path]]:
        """One round at ``depth``: the best move and all moves, best first for the next round."""
        alpha = -math.inf
        scored: list[tuple[float, int, Path]] = []
        for index, path in enumerate(moves):
            child = root.clone()
            child.play(path, record=False)
            value = self.search(child, depth - 1, alpha, math.inf, limited)
            scored.append((value, -index, path))
            alpha = max(alpha, value)
        scored.sort(reverse=True)
        return scored[0][2], [path for _, _, path in scored]

    def search(self, state: LeapFrogState, depth: int, alpha: float, beta: float,
               limited: bool) -> float:
        if limited:
            self.evaluated += 1
            if self.evaluated > self.config["budget"]:
                raise OutOfBudget
        if state.over or depth == 0:
            return self.evaluate(state)
        maximising = state.seat_to_move() == self.me
        value = -math.inf if maximising else math.inf
        for path in self.ordered(state):
            child = state.clone()
            child.play(path, record=False)
            score = self.search(child, depth - 1, alpha, beta, limited)
            if maximising:
                value = max(value, score)
                alpha = max(alpha, value)
            else:
                value = min(value, score)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def evaluate(self, state: LeapFrogState) -> float:
        points = state.points
        margin = points[self.me] - max(p for seat, p in enumerate(points) if seat != self.me)
        if state.over:
            return margin + (self.WIN if margin > 0 else -self.WIN if margin < 0 else 0)
        self.exact = False
        gain = state.best_points()
        return margin + gain if state.seat_to_move() == self.me else margin - gain
