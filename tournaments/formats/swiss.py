"""Swiss system, Dutch in spirit: each round pairs entrants on equal points, top half against
bottom half, with floaters between score groups only where needed, and never a rematch or a
second bye that can be avoided.

The round's pairing is the best one over all possible pairings, found as a maximum-weight
perfect matching whose weights rank, strictly in this order:

1. no second bye for anyone while someone active has had none;
2. the fewest rematches;
3. the bye to the lowest-ranked entrant possible;
4. no two entrants who both must have the same seat meet (an absolute seat preference:
   two more games from one seat than from the other, or the last two from the same seat);
5. the smallest score differences between opponents (fewest and shortest floats);
6. nobody floating in the same direction twice running;
7. the other seat preferences: strong ones (one game more from one seat), then mild ones
   (alternating);
8. the Dutch order: top half against bottom half of each score group, in rank order,
   floaters from the bottom of a group meeting the top of the next.

A lower criterion never buys a better result on a higher one: the weights are lexicographic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.seeding import derive_rng
from tournaments.formats.base import RoundByRound
from tournaments.formats.ledger import Ledger
from tournaments.formats.matching import max_weight_matching
from tournaments.formats.model import Entrant, Fixture, Outcome

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0


@dataclass(frozen=True)
class SeatPreference:
    """Which seat an entrant should get next (0 or 1, ``None`` for no preference) and how strongly.

    Absolute: its seat-0 and seat-1 games differ by two or more, or its last two games were
    from the same seat. Strong: they differ by one. Mild: balanced, so it alternates.
    """

    seat: int | None
    strength: int

    @classmethod
    def from_history(cls, seats: Sequence[int]) -> SeatPreference:
        if not seats:
            return cls(None, NONE)
        balance = seats.count(0) - seats.count(1)
        if balance >= 2 or list(seats[-2:]) == [0, 0]:
            return cls(1, ABSOLUTE)
        if balance <= -2 or list(seats[-2:]) == [1, 1]:
            return cls(0, ABSOLUTE)
        if balance:
            return cls(1 if balance > 0 else 0, STRONG)
        return cls(1 - seats[-1], MILD)

    def clashes_with(self, other: SeatPreference) -> bool:
        return self.seat is not None and self.seat == other.seat


class Swiss(RoundByRound):
    """Swiss pairing over ``settings.rounds`` rounds; late entries join on zero points."""

    accepts_late_entries = True

    def total_rounds(self) -> int:
        return self.settings.rounds or 0  # check_format makes sure it is set

    def propose_round(self, round: int, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        self._check_round(round)
        ledger = self._ledger(outcomes, active, before=round)
        order = self._standing_order(ledger, active)
        if len(order) < 2:
            return []
        pairs, bye = _SwissRound(ledger, order, round).pair()
        points = ledger.points
        rank = {entrant: position for position, entrant in enumerate(order)}
        pairs.sort(key=lambda pair: (-max(points[pair[0]], points[pair[1]]),
                                     -(points[pair[0]] + points[pair[1]]), rank[pair[0]]))
        first_seat = derive_rng(self.rng_seed, "swiss", "first seat").randrange(2)
        games = []
        for board, (higher, lower) in enumerate(pairs):
            seats = _seat(higher, lower, ledger, default=(first_seat + board) % 2)
            games.append(Fixture(round=round, seats=seats, pairing=board))
        if bye is not None:
            games.append(Fixture(round=round, seats=(bye,), bye=True, pairing=len(pairs)))
        return games


def _seat(higher: Entrant, lower: Entrant, ledger: Ledger, default: int) -> tuple[Entrant, Entrant]:
    """Seat a pair: the stronger preference wins; on equal ones the higher-ranked entrant's;
    with none, the higher-ranked entrant takes seat ``default``."""
    mine = SeatPreference.from_history(ledger.first_seats(higher))
    theirs = SeatPreference.from_history(ledger.first_seats(lower))
    if mine.seat is not None and (not mine.clashes_with(theirs) or mine.strength >= theirs.strength):
        seat = mine.seat
    elif theirs.seat is not None:
        seat = 1 - theirs.seat
    else:
        seat = default
    return (higher, lower) if seat == 0 else (lower, higher)


class _SwissRound:
    """The weighted graph of one round's possible pairings, and its best perfect matching."""

    # Criteria, most important first (see the module docstring).
    SECOND_BYE, REMATCH, BYE_RANK, SEAT_ABSOLUTE, SCORE_GAP = range(5)
    REPEAT_FLOAT, SEAT_STRONG, SEAT_MILD, SAME_HALF, ORDER = range(5, 10)
    CRITERIA = 10

    def __init__(self, ledger: Ledger, order: list[Entrant], round: int) -> None:
        self.ledger = ledger
        self.order = order
        points = [ledger.points[entrant] for entrant in order]
        levels = sorted(set(points), reverse=True)
        self.group = [levels.index(value) for value in points]
        self.group_size = {level: self.group.count(level) for level in range(len(levels))}
        self.position = [self.group[:i].count(self.group[i]) for i in range(len(order))]
        self.preference = [SeatPreference.from_history(ledger.first_seats(entrant)) for entrant in order]
        self.floated_down, self.floated_up = ledger.floats(round - 1)

    def pair(self) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        """The pairs (higher-ranked entrant first, in rank order) and the bye, if any."""
        count = len(self.order)
        vertices = count + count % 2  # the last vertex, if odd, stands for the bye
        costs: dict[tuple[int, int], list[int]] = {}
        for i in range(vertices):
            for j in range(i + 1, vertices):
                costs[i, j] = self.bye_cost(i) if j == count else self.pair_cost(i, j)
        weights: list[list[int | None]] = [[None] * vertices for _ in range(vertices)]
        for (i, j), weight in _lexicographic_weights(costs, vertices // 2).items():
            weights[i][j] = weights[j][i] = weight
        mate = max_weight_matching(weights)
        pairs = [(self.order[i], self.order[mate[i]]) for i in range(count) if i < mate[i] < count]
        bye = next((self.order[i] for i in range(count) if mate[i] == count), None)
        return pairs, bye

    def bye_cost(self, i: int) -> list[int]:
        cost = [0] * self.CRITERIA
        cost[self.SECOND_BYE] = self.ledger.byes[self.order[i]]
        cost[self.BYE_RANK] = len(self.order) - 1 - i
        return cost

    def pair_cost(self, i: int, j: int) -> list[int]:
        """Cost of pairing the i-th and j-th entrants in rank order (i ranked higher)."""
        a, b = self.order[i], self.order[j]
        cost = [0] * self.CRITERIA
        cost[self.REMATCH] = self.ledger.meetings[frozenset((a, b))]
        gap = self.group[j] - self.group[i]
        cost[self.SCORE_GAP] = gap * gap
        if gap:
            cost[self.REPEAT_FLOAT] = (a in self.floated_down) + (b in self.floated_up)
            cost[self.ORDER] = self.group_size[self.group[i]] - 1 - self.position[i] + self.position[j]
        else:
            half = self.group_size[self.group[i]] // 2
            cost[self.SAME_HALF] = (self.position[i] < half) == (self.position[j] < half)
            cost[self.ORDER] = abs(self.position[j] - self.position[i] - half)
        mine, theirs = self.preference[i], self.preference[j]
        if mine.clashes_with(theirs):
            weaker = min(mine.strength, theirs.strength)
            cost[{ABSOLUTE: self.SEAT_ABSOLUTE, STRONG: self.SEAT_STRONG, MILD: self.SEAT_MILD}[weaker]] = 1
        return cost


def _lexicographic_weights(costs: dict[tuple[int, int], list[int]], pairs: int) -> dict[tuple[int, int], int]:
    """Positive integer edge weights whose maximum-weight perfect matching minimises the summed
    costs lexicographically: criterion k outweighs every later criterion summed over ``pairs`` edges."""
    if not costs:
        return {}
    criteria = len(next(iter(costs.values())))
    worst = [max(cost[k] for cost in costs.values()) for k in range(criteria)]
    scale = [0] * criteria
    below = 0  # the most that all later criteria can add up to over a perfect matching
    for k in reversed(range(criteria)):
        scale[k] = below + 1
        below += pairs * worst[k] * scale[k]
    ceiling = sum(worst[k] * scale[k] for k in range(criteria)) + 1
    return {edge: ceiling - sum(c * s for c, s in zip(cost, scale)) for edge, cost in costs.items()}
