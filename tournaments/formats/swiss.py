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

Above them all stands the completion rule of the Dutch system (FIDE C.04.3): the round is
paired so that the rounds left can still be paired with no rematch and no second bye, where
that is possible (``tournaments.formats.completion``). The pairing is the best by the
criteria above among those that keep the event completable: pairings are tried best first
(:func:`best_matchings`) until one passes. :meth:`Swiss.decide_round` tells what was decided.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from games.seeding import derive_rng
from tournaments.formats import completion
from tournaments.formats.base import RoundByRound
from tournaments.formats.ledger import Ledger
from tournaments.formats.matching import max_weight_matching
from tournaments.formats.model import Entrant, Fixture, Outcome

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0


@dataclass(frozen=True)
class SeatPreference:
    """Which seat an entrant should get next (0 or 1, ``None`` for no preference) and how strongly.

    Absolute: its last two games were from the same seat (``running``: a third would be three
    running, which outweighs the balance), or its seat-0 and seat-1 games differ by two or more.
    Strong: they differ by one. Mild: balanced, so it alternates.
    """

    seat: int | None
    strength: int
    running: bool = False

    @classmethod
    def from_history(cls, seats: Sequence[int]) -> SeatPreference:
        if not seats:
            return cls(None, NONE)
        last_two = list(seats[-2:])
        if last_two in ([0, 0], [1, 1]):
            return cls(1 - last_two[0], ABSOLUTE, running=True)
        balance = seats.count(0) - seats.count(1)
        if abs(balance) >= 2:
            return cls(1 if balance > 0 else 0, ABSOLUTE)
        if balance:
            return cls(1 if balance > 0 else 0, STRONG)
        return cls(1 - seats[-1], MILD)

    def clashes_with(self, other: SeatPreference) -> bool:
        return self.seat is not None and self.seat == other.seat

    def outweighs(self, other: SeatPreference) -> bool:
        """Whether this preference wins a clash with ``other``: the stronger one does, and of two
        absolute ones, the one that spares a third game running from one seat. Equal: neither."""
        return (self.strength, self.running) > (other.strength, other.running)

    @staticmethod
    def first_seat(higher: SeatPreference, lower: SeatPreference, default: int) -> int:
        """The seat the higher-ranked of two entrants takes: the preference that outweighs the
        other wins; on equal ones the higher-ranked entrant's; with none, ``default``."""
        if higher.seat is not None and (not higher.clashes_with(lower) or not lower.outweighs(higher)):
            return higher.seat
        if lower.seat is not None:
            return 1 - lower.seat
        return default


class Swiss(RoundByRound):
    """Swiss pairing over ``settings.rounds`` rounds; late entries join on zero points."""

    accepts_late_entries = True

    def total_rounds(self) -> int:
        return self.settings.rounds or 0  # check_format makes sure it is set

    def decide_round(self, round: int, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> Decision:
        """How ``round`` is paired and why: the pairs, the bye, and what the completion rule did."""
        self._check_round(round)
        ledger = self.ledger(outcomes, active, before=round)
        order = self._standing_order(ledger, active)
        if len(order) < 2:
            return Decision([], None, self.total_rounds() - round + 1, completion.EXACT)
        return _SwissRound(ledger, order, round).pair(self.total_rounds() - round + 1)

    def feasible_rounds(self, outcomes: Sequence[Outcome], active: Sequence[Entrant], limit: int,
                        playing: Iterable[Sequence[Entrant]] = ()) -> int:
        """The most further rounds, up to ``limit``, that ``active`` can still be paired in with no
        rematch and no second bye, after ``outcomes`` and the games ``playing`` (seats of games
        paired but not decided). Exact for small fields, a proven lower bound for large ones
        (:func:`completion.largest_rounds`)."""
        ledger = self.ledger(outcomes, active)
        met = set(ledger.meetings) | ledger.paired() | {frozenset(seats) for seats in playing if len(seats) == 2}
        return completion.largest_rounds(active, met, [entrant for entrant in active if ledger.byes[entrant]], limit)

    def propose_round(self, round: int, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        decision = self.decide_round(round, outcomes, active)
        if not decision.pairs and decision.bye is None:
            return []
        ledger = self.ledger(outcomes, active, before=round)
        order = self._standing_order(ledger, active)
        pairs, bye = list(decision.pairs), decision.bye
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
    """Seat a pair by their preferences (:meth:`SeatPreference.first_seat`)."""
    seat = SeatPreference.first_seat(SeatPreference.from_history(ledger.first_seats(higher)),
                                     SeatPreference.from_history(ledger.first_seats(lower)), default)
    return (higher, lower) if seat == 0 else (lower, higher)


Round = tuple[tuple[tuple[Entrant, Entrant], ...], Entrant | None]


@dataclass(frozen=True)
class Decision:
    """One round's pairing and what the completion rule decided.

    ``completion`` says how the rounds left (``rounds_left``, this one included) were known to
    stay completable: ``"dirac"`` (every rematch-free pairing keeps them so), ``"exact"`` or
    ``"witness"`` (a schedule of the rounds after this one was found); or ``"impossible"``
    (no pairing can, so the usual criteria alone decide) or ``"unknown"`` (a large field the
    bounded search could not settle: likewise). ``avoided`` lists the pairings ranked better
    by the criteria that were passed over because they left the event impossible to complete
    without a rematch or a second bye, best first.
    """

    pairs: list[tuple[Entrant, Entrant]]
    bye: Entrant | None
    rounds_left: int
    completion: str
    avoided: tuple[Round, ...] = field(default=())


#: Pairings tried, best first, before taking the first round of the schedule that proved the
#: event completable (which keeps it completable, though the criteria may prefer others).
MAX_CANDIDATES = 40
#: Search steps all the candidates of one round may spend between them (each at most
#: what one question may): past it, the schedule's first round is taken.
ROUND_STEPS = 4_000
#: Avoided pairings kept in a decision.
MAX_AVOIDED = 5


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

    def pair(self, rounds_left: int) -> Decision:
        """The pairs (higher-ranked entrant first, in rank order) and the bye, if any: the best
        by the criteria among the pairings that keep the ``rounds_left`` rounds completable."""
        count = len(self.order)
        vertices = count + count % 2  # the last vertex, if odd, stands for the bye
        costs: dict[tuple[int, int], list[int]] = {}
        for i in range(vertices):
            for j in range(i + 1, vertices):
                costs[i, j] = self.bye_cost(i) if j == count else self.pair_cost(i, j)
        weights: list[list[int | None]] = [[None] * vertices for _ in range(vertices)]
        for (i, j), weight in _lexicographic_weights(costs, vertices // 2).items():
            weights[i][j] = weights[j][i] = weight
        ledger = self.ledger
        board = completion.Field(self.order, ledger.meetings, [e for e in self.order if ledger.byes[e]])
        now = board.verdict(rounds_left)
        if now.completable is not True or now.method == completion.DIRAC:
            method = completion.DIRAC if now.completable else "impossible" if now.completable is False else now.method
            return Decision(*self._round(max_weight_matching(weights)), rounds_left, method)
        for i in range(vertices):  # only pairs not yet met (and byes not yet had) can keep it completable
            for j in range(vertices):
                if i != j and not board.available(self._entrant(i), self._entrant(j)):
                    weights[i][j] = None
        avoided: list[Round] = []
        steps = ROUND_STEPS
        for mate in best_matchings(weights, MAX_CANDIDATES):
            pairs, bye = self._round(mate)
            verdict = board.verdict(rounds_left - 1, board.without(pairs, bye), budget=steps)
            if verdict.completable:
                return Decision(pairs, bye, rounds_left, verdict.method, tuple(avoided))
            if len(avoided) < MAX_AVOIDED:
                avoided.append((tuple(pairs), bye))
            steps -= verdict.steps
            if steps <= 0:
                break
        assert now.schedule  # a proven "yes" below Dirac's bound always comes with its schedule
        first, bye = now.schedule[0]
        rank = {entrant: position for position, entrant in enumerate(self.order)}
        pairs = sorted((tuple(sorted(pair, key=rank.__getitem__)) for pair in first), key=lambda p: rank[p[0]])
        return Decision(pairs, bye, rounds_left, now.method, tuple(avoided))

    def _entrant(self, vertex: int) -> Entrant | None:
        return self.order[vertex] if vertex < len(self.order) else completion.BYE

    def _round(self, mate: list[int]) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
        count = len(self.order)
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


def best_matchings(weights: list[list[int | None]], limit: int) -> Iterator[list[int]]:
    """Perfect matchings (as ``mate`` lists) from the heaviest down, at most ``limit`` of them:
    Murty's partition, each part solved by Edmonds' algorithm. A part fixes some edges and
    forbids others; the next heaviest matching is the best of the parts left. Ties keep the
    order in which parts were made, so the sequence is the same every time."""
    size = len(weights)
    top = max((w for row in weights for w in row if w is not None), default=0)
    lift = top * size + 1  # added to every edge: heavier now means more edges first

    def best(forced: tuple[tuple[int, int], ...], forbidden: frozenset[tuple[int, int]]) -> tuple[int, list[int]] | None:
        fixed = {v: w for a, b in forced for v, w in ((a, b), (b, a))}
        matrix: list[list[int | None]] = [[None] * size for _ in range(size)]
        for v in range(size):
            for w in range(size):
                weight = weights[v][w]
                if weight is None or (min(v, w), max(v, w)) in forbidden:
                    continue
                if (v in fixed and fixed[v] != w) or (w in fixed and fixed[w] != v):
                    continue
                matrix[v][w] = weight + lift
        mate = max_weight_matching(matrix)
        if -1 in mate:
            return None
        return sum(weights[v][mate[v]] or 0 for v in range(size) if v < mate[v]), mate

    made = 0
    heap: list[tuple[int, int, tuple[tuple[int, int], ...], frozenset[tuple[int, int]], list[int]]] = []
    first = best((), frozenset())
    if first is not None:
        heap.append((-first[0], made, (), frozenset(), first[1]))
    for _ in range(limit):
        if not heap:
            return
        _, _, forced, forbidden, mate = heapq.heappop(heap)
        yield mate
        free = [(v, mate[v]) for v in range(size) if v < mate[v] and (v, mate[v]) not in forced]
        for k, edge in enumerate(free):
            child_forced = forced + tuple(free[:k])
            child_forbidden = forbidden | {edge}
            found = best(child_forced, child_forbidden)
            if found is not None:
                made += 1
                heapq.heappush(heap, (-found[0], made, child_forced, child_forbidden, found[1]))
