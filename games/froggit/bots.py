"""Built-in bots for Froggit: a one-move heuristic and a Monte Carlo tree search.

Both rebuild the position from their seat's observation (Froggit hides nothing) and think
in *effects*: many jump sequences of one frog end on the same pad, and only the frog, where
it starts and where it ends change the position, so each effect is weighed once and played
through its move with the fewest jumps.

The evaluation gives each family the progress of its frogs: 0 on the start space, 6 minus
the steps left to the finish corner on a pad, :data:`HOME_VALUE` at home, where no fish can
reach. A frog the fish could reach after the next frog goes home (1 or 2 pads in a straight
line; a team is safe) counts :data:`RISK` less; a trapped small frog and a frog with the fish
right in front of it count a little less. A seat's *advantage* is its value less the best
other family's.
"""

from __future__ import annotations

import math
from typing import Any

from games.base import Bot, Param
from games.froggit.board import CORNERS, FISH_REACH, NAMES, PADS, STEPS, distance
from games.froggit.rules import LARGE, FroggitState, frog_code

#: Progress of a frog at home: its 6 steps, and a bonus because no fish reaches it there.
HOME_VALUE = 8.0
#: The share of a frog's progress counted as lost while the fish can reach its pad.
RISK = 0.35
#: The cost of a small frog trapped under another colour's large frog (it cannot move).
TRAPPED = 1.0
#: The cost of having the fish on the next pad towards home (it can be neither landed on
#: nor hopped over).
BLOCKED = 0.5

#: PROGRESS[corner][cell]: 6 less the steps from ``cell`` to the finish ``corner``.
PROGRESS: dict[int, tuple[float, ...]] = {
    corner: tuple(6.0 - distance(cell, corner) for cell in range(len(NAMES))) for corner in CORNERS
}
#: AHEAD[corner][cell]: the cells next to ``cell`` one step nearer to ``corner``.
AHEAD: dict[int, tuple[frozenset[int], ...]] = {
    corner: tuple(frozenset(next_cell for next_cell in STEPS[cell]
                            if distance(next_cell, corner) < distance(cell, corner))
                  for cell in range(len(NAMES)))
    for corner in CORNERS
}
REACH_SETS = tuple(frozenset(reach) for reach in FISH_REACH)

#: An effect: (FROG, size, origin, final), (TEAM, origin, target) or (FISH, target); the
#: origin of a frog on its start space is its start corner, ``home`` its finish corner.
Effect = tuple[int, ...]
FROG, TEAM, FISH = 0, 1, 2


def pad_gains(state: FroggitState, cell: int, content: tuple[int, ...]) -> list[tuple[int, float]]:
    """What the frogs of ``content`` on pad ``cell`` are worth to their seats."""
    if not content:
        return []
    fish = state.fish
    if len(content) == 1:
        pairs = ((content[0], 0.0),)
        exposed = cell in REACH_SETS[fish]
    elif content[0] & 1 == LARGE:
        pairs = ((content[0], 0.0), (content[1], 0.0))
        exposed = False
    else:
        pairs = ((content[0], TRAPPED), (content[1], 0.0))
        exposed = cell in REACH_SETS[fish]
    gains = []
    for frog, cost in pairs:
        seat = frog >> 1
        finish = state.finishes[seat]
        gain = PROGRESS[finish][cell]
        if exposed:
            gain *= 1.0 - RISK
        if fish in AHEAD[finish][cell]:
            cost += BLOCKED
        gains.append((seat, gain - cost))
    return gains


def family_values(state: FroggitState) -> list[float]:
    """Each seat's value: the progress of its frogs, less what the fish threatens."""
    values = [HOME_VALUE * sum(home) for home in state.at_home]
    cells = state.cells
    for cell in PADS:
        if cells[cell]:
            for seat, gain in pad_gains(state, cell, cells[cell]):
                values[seat] += gain
    return values


def advantage(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead of the best other family."""
    if len(values) == 2:
        return values[seat] - values[1 - seat]
    return values[seat] - max(value for other, value in enumerate(values) if other != seat)


def effects(state: FroggitState) -> list[Effect]:
    """The distinct effects of the legal moves of the seat to move, in a fixed order."""
    seat = state.turn
    if not state.fish_due:
        found: list[Effect] = [(FROG, *effect) for effect in sorted(state.frog_effects(seat))]
        found.extend((TEAM, origin, target) for origin, target, _ in state.team_options(seat))
        if found:
            return found
    return [(FISH, target) for target in state.fish_targets()]


def apply_effect(state: FroggitState, effect: Effect) -> None:
    """Play an effect on ``state`` (without logging a move)."""
    if effect[0] == FROG:
        state.move_frog(effect[1], effect[2], effect[3])
    elif effect[0] == TEAM:
        state.move_team(effect[1], effect[2])
    else:
        state.move_fish(effect[1])


def effect_move(state: FroggitState, effect: Effect) -> str:
    """The move with ``effect`` that makes the fewest jumps (the first in sorted order
    among those)."""
    if effect[0] == FROG:
        texts = [text for size, origin, final, text in state.frog_options(state.turn)
                 if (size, origin, final) == effect[1:]]
        return min(texts, key=lambda text: (len(text.split(" ")), text))
    if effect[0] == TEAM:
        return f"T {NAMES[effect[1]]} {NAMES[effect[2]]}"
    return f"fish {NAMES[effect[1]]}"


def values_after(state: FroggitState, values: list[float], effect: Effect) -> list[float] | None:
    """The family values after ``effect``, from ``values`` before it, reckoning only the
    pads a frog or team move changes; ``None`` when the move wins the game."""
    if effect[0] == FISH:
        child = state.clone()
        apply_effect(child, effect)
        return family_values(child)
    seat = state.turn
    result = list(values)
    if effect[0] == TEAM:
        origin, target = effect[1], effect[2]
        changes = [(origin, ()), (target, state.cells[origin])]
    else:
        size, origin, final = effect[1], effect[2], effect[3]
        if origin == final:
            return result
        changes = []
        if origin != state.starts[seat]:
            changes.append((origin, state.cells[origin][:-1]))
        if final == state.finishes[seat]:
            home = list(state.at_home[seat])
            home[size] += 1
            if home == list(state.family):
                return None
            result[seat] += HOME_VALUE
        else:
            changes.append((final, state.cells[final] + (frog_code(seat, size),)))
    for cell, content in changes:
        for owner, gain in pad_gains(state, cell, state.cells[cell]):
            result[owner] -= gain
        for owner, gain in pad_gains(state, cell, content):
            result[owner] += gain
    return result


def scored_effects(state: FroggitState) -> list[tuple[float, Effect]]:
    """Each effect with the mover's advantage after it (infinite for a win), best first;
    equal scores keep the effects' fixed order."""
    seat = state.turn
    values = family_values(state)
    scored = []
    for effect in effects(state):
        after = values_after(state, values, effect)
        scored.append((math.inf if after is None else advantage(after, seat), effect))
    scored.sort(key=lambda item: -item[0])
    return scored


class GreedyBot(Bot):
    """Plays the move whose resulting position is best for it by the evaluation: progress
    towards home, safety from the fish, and holding the others back (sending their frogs
    home with the fish, trapping their small frogs, parking the fish in their way), judged
    against the leading other family. Ties are broken at random."""

    name = "greedy"
    summary = "the best position after one move: progress, safety from the fish, blocking others"

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        state = self.game.sample_state(observation, self.rng)
        scored = scored_effects(state)
        top = scored[0][0]
        best = [effect for score, effect in scored if score >= top - 1e-9]
        return effect_move(state, self.rng.choice(best))


class Node:
    """A search node: the effects still to try (best first), the children, and per seat the
    sum of rewards over the visits."""

    __slots__ = ("mover", "untried", "children", "visits", "totals", "terminal")

    def __init__(self, state: FroggitState, untried: list[Effect]) -> None:
        self.mover = state.turn
        self.untried = untried
        self.children: dict[Effect, Node] = {}
        self.visits = 0
        self.totals = [0.0] * state.num_players
        self.terminal = state.is_over()


class MctsBot(Bot):
    """Monte Carlo tree search (UCT, each seat maximising its own reward) over distinct
    effects. A node offers the ``width`` effects that look best one move ahead, best first; a
    new leaf is valued by a greedy playout of ``depth`` more turns, then the evaluation,
    squashed to a winning chance against the leading other family. ``budget`` iterations
    per move; the most visited move is played."""

    name = "mcts"
    summary = "Monte Carlo tree search over distinct moves, greedy playouts, heuristic leaf values"
    params = {"budget": Param(100, 1, 2000, "search iterations per move"),
              "width": Param(12, 1, 64, "moves a node offers, best first"),
              "depth": Param(2, 1, 10, "turns of greedy playout before a leaf is valued")}

    #: UCT exploration constant. Rewards lie in 0..1 but moves differ by a few hundredths,
    #: so a small constant keeps the search on the replies each seat would really choose
    #: (with 0.5 it spread its visits over poor replies and played worse with more budget).
    EXPLORATION = 0.1
    #: An advantage of this much counts as a 73 % (e to 1) winning chance.
    SCALE = 4.0

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        state = self.game.sample_state(observation, self.rng)
        root = Node(state, self.ranked(state))
        if len(root.untried) > 1:
            for _ in range(self.config["budget"]):
                self.iterate(root, state)
            best = max(root.children.items(), key=lambda item: item[1].visits)[0]
        else:
            best = root.untried[0]
        return effect_move(state, best)

    def ranked(self, state: FroggitState) -> list[Effect]:
        if state.is_over():
            return []
        return [effect for _, effect in scored_effects(state)[: self.config["width"]]]

    def iterate(self, root: Node, root_state: FroggitState) -> None:
        state = root_state.clone()
        node = root
        path = [node]
        while not node.terminal and not node.untried and node.children:
            effect, node = self.select(node)
            apply_effect(state, effect)
            path.append(node)
        if not node.terminal and node.untried:
            effect = node.untried.pop(0)
            apply_effect(state, effect)
            child = Node(state, self.ranked(state))
            node.children[effect] = child
            path.append(child)
        rewards = self.value(state)
        for visited in path:
            visited.visits += 1
            for seat, reward in enumerate(rewards):
                visited.totals[seat] += reward

    def select(self, node: Node) -> tuple[Effect, Node]:
        log_visits = math.log(node.visits)
        mover = node.mover

        def ucb(item: tuple[Effect, Node]) -> float:
            child = item[1]
            return (child.totals[mover] / child.visits
                    + self.EXPLORATION * math.sqrt(log_visits / child.visits))

        return max(node.children.items(), key=ucb)

    def value(self, state: FroggitState) -> list[float]:
        """Rewards per seat in 0..1: 1 for the winner at the end, else the evaluation's
        winning chances after a greedy playout of ``depth`` turns (ending between turns,
        never with a fish move due)."""
        turns = state.turns + self.config["depth"]
        while not state.is_over() and (state.turns < turns or state.fish_due):
            apply_effect(state, scored_effects(state)[0][1])
        if state.is_over():
            ranks = state.result().ranks
            return [1.0 if rank == 1 else 0.0 for rank in ranks]
        values = family_values(state)
        return [1.0 / (1.0 + math.exp(-advantage(values, seat) / self.SCALE))
                for seat in range(state.num_players)]
