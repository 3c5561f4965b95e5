"""Whether a Swiss can still be completed: the rounds left paired with no rematch and no second bye.

FIDE's Dutch rules (C.04.3) ask of every round's pairing that the remaining rounds can still
be paired without a rematch or a second bye. This module answers that question for a field
of entrants, the pairs that have already met, who has had a bye, and the number of rounds
left. An odd field gets a stand-in vertex, the bye: its edge to an entrant who has had a bye
counts as met. The rounds left can be completed exactly when the graph of pairs not yet met
holds that many disjoint perfect matchings.

What is exact and what is bounded:

* Up to :data:`EXACT_VERTICES` vertices the search is exhaustive (an edge colouring with one
  colour per round, pruned by counting and by a perfect-matching test per colour, failures
  memoised), so "no" means no. It stops after :data:`EXACT_BUDGET` steps all the same and
  then answers "unknown", never a guess; in practice these fields settle in a few dozen.
* Any size: Dirac's theorem. When every vertex of an N-vertex graph (N even) has at least N/2
  neighbours, the graph has a Hamiltonian cycle and so a perfect matching. Taking one out
  lowers every degree by exactly one, so when every vertex has at least N/2 + R - 1
  possible opponents, R disjoint perfect matchings exist and are found one at a time. This
  holds whatever rematch-free pairing is taken next, so it is checked once per round.
* Larger fields where Dirac does not settle it: the same search under a node budget. It
  answers yes only with a witness schedule, so a yes is always true; when it gives up the
  answer is unknown (``None``), never a false no. The search is deterministic and depends
  only on the graph and the rounds left, so a pairing accepted because the search found a
  schedule for the rounds after it leaves the next round exactly that graph: the next
  round's search finds the same schedule again, and a completable choice stays available.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

from tournaments.formats.matching import max_weight_matching
from tournaments.formats.model import Entrant

#: Fields of at most this many vertices (entrants, plus the bye when odd) are searched exhaustively.
EXACT_VERTICES = 14
#: Search steps allowed to one question before it answers "unknown": a small field's search
#: ends far sooner in practice; the limit keeps every pairing quick whatever the history.
EXACT_BUDGET = 3_000
#: The same for larger fields, where each step costs more.
BUDGET = 2_000

#: The stand-in for the bye in an odd field's pairings.
BYE: Entrant | None = None

Pair = tuple[int, int]

EXACT, DIRAC, WITNESS, UNKNOWN = "exact", "dirac", "witness", "unknown"


@dataclass(frozen=True)
class Verdict:
    """The answer to one question: ``completable`` is True, False or None (the bounded search
    gave up); ``method`` says how it was reached (exact, dirac, witness, unknown); ``schedule``
    is a witness when one was built: per round, the pairs of entrants and the bye (or None)."""

    completable: bool | None
    method: str
    schedule: tuple[tuple[tuple[tuple[Entrant, Entrant], ...], Entrant | None], ...] | None = None
    steps: int = 0
    """Search steps spent on the answer."""


class Field:
    """The graph of pairings still possible among ``entrants``: vertex i is the i-th entrant in
    id order (so the same field gives the same graph whatever the standings), the last vertex
    of an odd field the bye."""

    def __init__(self, entrants: Collection[Entrant], met: Mapping[frozenset[Entrant], int] | Collection[frozenset[Entrant]],
                 had_bye: Collection[Entrant]) -> None:
        self.entrants = sorted(entrants)
        self.odd = len(self.entrants) % 2 == 1
        self.size = len(self.entrants) + self.odd
        self.index = {entrant: i for i, entrant in enumerate(self.entrants)}
        met_pairs = {pair for pair in met if (met[pair] if isinstance(met, Mapping) else True)}
        adjacency = [0] * self.size
        for i, one in enumerate(self.entrants):
            for j in range(i + 1, len(self.entrants)):
                if frozenset((one, self.entrants[j])) not in met_pairs:
                    adjacency[i] |= 1 << j
                    adjacency[j] |= 1 << i
            if self.odd and one not in had_bye:
                adjacency[i] |= 1 << (self.size - 1)
                adjacency[self.size - 1] |= 1 << i
        self.adjacency = tuple(adjacency)

    def vertex(self, entrant: Entrant | None) -> int:
        return self.size - 1 if entrant is BYE else self.index[entrant]

    def entrant(self, vertex: int) -> Entrant | None:
        return BYE if self.odd and vertex == self.size - 1 else self.entrants[vertex]

    def available(self, one: Entrant | None, other: Entrant | None) -> bool:
        return bool(self.adjacency[self.vertex(one)] >> self.vertex(other) & 1)

    def without(self, pairs: Sequence[tuple[Entrant, Entrant]], bye: Entrant | None) -> tuple[int, ...] | None:
        """The graph once this round is paired so (None if the round uses a pair already met)."""
        edges = [(self.vertex(a), self.vertex(b)) for a, b in pairs]
        if bye is not None:
            edges.append((self.vertex(bye), self.size - 1))
        adjacency = list(self.adjacency)
        for v, w in edges:
            if not adjacency[v] >> w & 1:
                return None
            adjacency[v] &= ~(1 << w)
            adjacency[w] &= ~(1 << v)
        return tuple(adjacency)

    def verdict(self, rounds: int, adjacency: tuple[int, ...] | None = None, budget: int | None = None) -> Verdict:
        """Whether ``rounds`` more rounds can be paired on this graph (or on ``adjacency``),
        searching at most ``budget`` steps (default: :data:`EXACT_BUDGET` or :data:`BUDGET`)."""
        graph = self.adjacency if adjacency is None else adjacency
        if rounds <= 0 or self.size == 0:
            return Verdict(True, EXACT, ())
        if self.size < 2:
            return Verdict(False, EXACT)
        if dirac(graph, rounds):
            return Verdict(True, DIRAC)
        exact = self.size <= EXACT_VERTICES
        allowed = budget if budget is not None else EXACT_BUDGET if exact else BUDGET
        search = _Search(graph, allowed)
        found = search.solve(graph, rounds)
        steps = allowed - max(search.budget, 0)
        if found is _GAVE_UP:
            return Verdict(None, UNKNOWN, steps=steps)
        if found is None:
            return Verdict(False, EXACT, steps=steps)
        return Verdict(True, EXACT if exact else WITNESS, tuple(self._round(m) for m in found), steps)

    def _round(self, matching: tuple[Pair, ...]) -> tuple[tuple[tuple[Entrant, Entrant], ...], Entrant | None]:
        pairs, bye = [], None
        for v, w in matching:
            a, b = self.entrant(v), self.entrant(w)
            if a is BYE or b is BYE:
                bye = b if a is BYE else a
            else:
                pairs.append((a, b))
        return tuple(pairs), bye


def completable(entrants: Collection[Entrant], met: Collection[frozenset[Entrant]], had_bye: Collection[Entrant],
                rounds: int) -> bool | None:
    """Whether ``rounds`` more rounds can be paired with no rematch and no second bye
    (None: a large field the bounded search could not settle)."""
    return Field(entrants, met, had_bye).verdict(rounds).completable


def largest_rounds(entrants: Collection[Entrant], met: Collection[frozenset[Entrant]], had_bye: Collection[Entrant],
                   limit: int) -> int:
    """The most further rounds, up to ``limit``, known to be completable. Exact for small
    fields; for larger ones the most that Dirac's bound or a witness proves (a true lower
    bound). Completable rounds are monotone (drop the last round of a schedule), so this
    bisects."""
    field = Field(entrants, met, had_bye)
    most = min(limit, field.size - 1) if field.size > 1 else 0
    low, high = 0, most  # low is known completable
    while low < high:
        middle = (low + high + 1) // 2
        if field.verdict(middle).completable:
            low = middle
        else:
            high = middle - 1
    return low


def dirac(adjacency: Sequence[int], rounds: int) -> bool:
    """Dirac's sufficient condition for ``rounds`` disjoint perfect matchings (even vertex count)."""
    size = len(adjacency)
    return size % 2 == 0 and min(a.bit_count() for a in adjacency) >= size // 2 + rounds - 1


def perfect_matching(adjacency: Sequence[int]) -> tuple[Pair, ...] | None:
    """Any perfect matching of the graph (maximum cardinality by Edmonds' algorithm), or None."""
    size = len(adjacency)
    weights = [[1 if adjacency[v] >> w & 1 else None for w in range(size)] for v in range(size)]
    mate = max_weight_matching(weights)
    if any(m == -1 for m in mate):
        return None
    return tuple((v, mate[v]) for v in range(size) if v < mate[v])


_GAVE_UP = object()


class _Search:
    """Disjoint perfect matchings as an edge colouring: each of the ``rounds`` colours must
    cover every vertex once. Backtracking on the (vertex, colour) slot with fewest possible
    partners, so a dead end shows as soon as some slot has none; colours nobody has yet are
    interchangeable (so are any two colours lacking the same vertices), so only the first of
    them is tried, and failures are memoised on the state up to renaming colours.
    """

    def __init__(self, root: tuple[int, ...], budget: int) -> None:
        self.size = len(root)
        self.budget = budget
        self.failed: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def step(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget

    def solve(self, adjacency: tuple[int, ...], rounds: int) -> object:
        if min(a.bit_count() for a in adjacency) < rounds:
            return None
        if dirac(adjacency, rounds):
            return _greedy(adjacency, rounds)
        self.rounds = rounds
        self.full = (1 << rounds) - 1
        lacking = [(1 << self.size) - 1] * rounds  # per colour, the vertices it has not covered
        pairs: list[tuple[int, Pair]] = []
        try:
            found = self._colour(list(adjacency), lacking, pairs)
        except _OutOfBudget:
            return _GAVE_UP
        if not found:
            return None
        schedule = [[] for _ in range(rounds)]
        for colour, pair in pairs:
            schedule[colour].append(pair)
        return tuple(tuple(sorted(matching)) for matching in schedule)

    def _colour(self, graph: list[int], lacking: list[int], pairs: list[tuple[int, Pair]]) -> bool:
        best: tuple[int, int, int] | None = None  # (candidates, vertex, colour)
        alike: set[int] = set()
        for colour in range(self.rounds):
            open_ = lacking[colour]
            if not open_ or open_ in alike:  # colours lacking the same vertices are interchangeable
                continue
            alike.add(open_)
            for v in _bits(open_):
                count = (graph[v] & open_).bit_count()
                if best is None or count < best[0]:
                    best = (count, v, colour)
                    if count == 0:
                        return False
            if best is not None and best[0] == 1:
                break
        if best is None:
            return True
        key = (tuple(graph), tuple(sorted(lacking)))
        if key in self.failed:
            return False
        if not self._degrees_can_close(graph, lacking) or not self._each_colour_can_close(graph, lacking):
            self.failed.add(key)
            return False
        _, v, colour = best
        for w in _bits(graph[v] & lacking[colour]):
            self.step()
            graph[v] &= ~(1 << w)
            graph[w] &= ~(1 << v)
            lacking[colour] &= ~(1 << v) & ~(1 << w)
            pairs.append((colour, (v, w) if v < w else (w, v)))
            if self._colour(graph, lacking, pairs):
                return True
            pairs.pop()
            lacking[colour] |= (1 << v) | (1 << w)
            graph[v] |= 1 << w
            graph[w] |= 1 << v
        self.failed.add(key)
        return False


    def _degrees_can_close(self, graph: list[int], lacking: list[int]) -> bool:
        """Counting: each vertex needs one partner per colour still lacking it, among neighbours
        that lack one of those colours too. A vertex with exactly that many such neighbours
        uses them all; nobody may be owed more such forced games than it still needs."""
        needs = [0] * self.size
        open_to = [0] * self.size  # per vertex, the colours lacking it
        for colour, open_ in enumerate(lacking):
            for v in _bits(open_):
                needs[v] += 1
                open_to[v] |= 1 << colour
        usable = [0] * self.size
        for v in range(self.size):
            if needs[v]:
                usable[v] = sum(1 << w for w in _bits(graph[v]) if open_to[w] & open_to[v])
                if usable[v].bit_count() < needs[v]:
                    return False
        forced = [0] * self.size
        for v in range(self.size):
            if needs[v] and usable[v].bit_count() == needs[v]:
                for w in _bits(usable[v]):
                    forced[w] += 1
        return all(forced[v] <= needs[v] for v in range(self.size))

    def _each_colour_can_close(self, graph: list[int], lacking: list[int]) -> bool:
        """Whether, for every colour, the vertices it has not covered can still be paired among
        themselves (a perfect matching on them); catches parity dead ends at once."""
        seen: set[int] = set()
        for open_ in lacking:
            if open_ and open_ not in seen:
                seen.add(open_)
                if not _matchable(graph, open_):
                    return False
        return True


def _matchable(graph: Sequence[int], vertices: int) -> bool:
    """Whether ``vertices`` (a bit set) have a perfect matching using edges among themselves:
    a short depth-first search for small sets, Edmonds' algorithm for larger ones."""
    if vertices.bit_count() <= EXACT_VERTICES:
        return _small_matchable(graph, vertices)
    order = list(_bits(vertices))
    place = {v: i for i, v in enumerate(order)}
    sub = [0] * len(order)
    for v in order:
        for w in _bits(graph[v] & vertices):
            sub[place[v]] |= 1 << place[w]
    return perfect_matching(sub) is not None


def _small_matchable(graph: Sequence[int], vertices: int) -> bool:
    if not vertices:
        return True
    v, fewest = -1, 99
    for x in _bits(vertices):
        count = (graph[x] & vertices).bit_count()
        if count < fewest:
            v, fewest = x, count
            if count == 0:
                return False
    rest = vertices & ~(1 << v)
    return any(_small_matchable(graph, rest & ~(1 << w)) for w in _bits(graph[v] & rest))


def _greedy(adjacency: tuple[int, ...], rounds: int) -> tuple[tuple[Pair, ...], ...]:
    """Dirac holds: take out any perfect matching, ``rounds`` times."""
    schedule = []
    graph = list(adjacency)
    for _ in range(rounds):
        matching = perfect_matching(graph)
        assert matching is not None  # Dirac's theorem
        for x, y in matching:
            graph[x] &= ~(1 << y)
            graph[y] &= ~(1 << x)
        schedule.append(matching)
    return tuple(schedule)


class _OutOfBudget(Exception):
    pass


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
