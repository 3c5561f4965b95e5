"""Tables that mix: one round's tables chosen so that entrants who shared a table before rarely
share one again, without seating the field into a corner where a later repeat is forced.

Two parts. A local search (swapping two entrants between tables) lowers, in this order, the
weighted repeats of the round (:func:`repeat_cost`), then the standing costs and the table
balance the caller gives. A look-ahead then makes sure the round leaves a schedule for the
rounds still to come in which nobody shares a table twice, as far as the field allows: a
depth-first search over whole rounds, tables held as bit masks, with counting prunings (an
entrant needs enough unmet entrants left, for this round and for all the rounds to come, and
the rounds to come need enough unmet pairs) and a memory of the meeting graphs known to lead
nowhere.

The search counts the steps it takes against :data:`SEARCH_BUDGET`. Within the budget its
answer is exact (a schedule exists, or none does); fields of up to 9 entrants always finish
within it. When the budget runs out the answer is "unknown": the round is kept as the local
search left it, or, if that repeats a meeting, replaced by the first repeat-free round a
second search of the same size finds. So a large round stays fast, and the look-ahead there
is a bounded search. Everything is deterministic: the same inputs explore the same tables in
the same order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tournaments.formats.model import Entrant

#: Tables tried by all the look-ahead searches of one round together, at most.
SEARCH_BUDGET = 20_000

Placement = Callable[[Entrant, int], tuple[int, ...]]
"""The standing cost of seating an entrant at a table (by table index); lower is better."""
Balance = Callable[[Sequence[Entrant]], int]
"""How unevenly a table would leave its seats (the last thing swaps lower); lower is better."""


def repeat_cost(meetings: int) -> int:
    """What seating together two entrants who already met ``meetings`` times costs: 0 for a first
    meeting, 1 for a second, 4 for a third, 9 for a fourth: a third meeting costs more than two
    second meetings, so repeats are spread over many pairs rather than piled on one."""
    return meetings * meetings


class _OutOfBudget(Exception):
    """The look-ahead tried as many tables as it may."""


class _Search:
    """Repeat-free schedules over entrants ``0..n-1`` (best-ranked first); ``met[v]`` is the bit
    mask of the entrants ``v`` has shared a table with."""

    def __init__(self, n: int, sizes: Sequence[int], budget: int) -> None:
        self.n = n
        self.sizes = tuple(sorted(sizes, reverse=True))
        self.least = min(self.sizes) - 1  # new opponents each entrant meets per round, at least
        self.pairs = sum(size * (size - 1) // 2 for size in self.sizes)  # pairs that meet per round
        self.left = budget
        self.dead_ends: set[tuple[tuple[int, ...], int]] = set()

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfBudget

    def rounds_possible(self, met: tuple[int, ...]) -> int:
        """How many repeat-free rounds the unmet entrants allow at most (for everyone)."""
        if self.least <= 0:
            return 10**6
        return min((self.n - 1 - met[v].bit_count()) // self.least for v in range(self.n))

    def _unmet_pairs(self, met: tuple[int, ...]) -> int:
        return (self.n * (self.n - 1) - sum(mask.bit_count() for mask in met)) // 2

    def completes(self, met: tuple[int, ...], rounds: int) -> bool:
        """Whether ``rounds`` more repeat-free rounds can follow the meetings ``met``."""
        if rounds <= 0:
            return True
        key = (met, rounds)
        if key in self.dead_ends or self.rounds_possible(met) < rounds or self._unmet_pairs(met) < rounds * self.pairs:
            return False
        for tables in self.rounds(met):
            if self.completes(after(met, tables), rounds - 1):
                return True
        self.dead_ends.add(key)
        return False

    def rounds(self, met: tuple[int, ...]) -> Iterator[list[int]]:
        """Every repeat-free round (tables as masks), best-ranked entrants seated together first:
        the best-ranked unseated entrant opens the next table and picks its companions in
        ranking order, preferring the table size its standing would give it."""
        yield from self._place(met, (1 << self.n) - 1, self.sizes, [])

    def _place(self, met: tuple[int, ...], free: int, sizes: tuple[int, ...], tables: list[int]) -> Iterator[list[int]]:
        if not free:
            yield list(tables)
            return
        self.spend()
        smallest = sizes[-1] - 1
        rest = free
        while rest:  # everyone unseated still needs enough unseated entrants it has not met
            low = rest & -rest
            rest ^= low
            if (free & ~met[low.bit_length() - 1]).bit_count() - 1 < smallest:
                return
        opener = free & -free
        index = opener.bit_length() - 1
        free ^= opener
        tried: set[int] = set()
        for position, size in enumerate(sizes):
            if size in tried:
                continue
            tried.add(size)
            others = sizes[:position] + sizes[position + 1:]
            for group in self._companions(met, free & ~met[index], size - 1):
                tables.append(group | opener)
                yield from self._place(met, free & ~group, others, tables)
                tables.pop()

    def _companions(self, met: tuple[int, ...], candidates: int, count: int) -> Iterator[int]:
        """Sets of ``count`` entrants among ``candidates`` no two of whom have met, in ranking order."""
        self.spend()
        if count == 0:
            yield 0
            return
        while candidates.bit_count() >= count:
            low = candidates & -candidates
            candidates ^= low
            for more in self._companions(met, candidates & ~met[low.bit_length() - 1], count - 1):
                yield more | low


def after(met: tuple[int, ...], tables: Sequence[int]) -> tuple[int, ...]:
    """The meetings once the tables (masks) have been played."""
    grown = list(met)
    for table in tables:
        rest = table
        while rest:
            low = rest & -rest
            rest ^= low
            grown[low.bit_length() - 1] |= table & ~low
    return tuple(grown)


def arrange(seated: Sequence[Entrant], sizes: Sequence[int], meetings: Callable[[Entrant, Entrant], int],
            placement: Placement, rounds_after: int, balance: Balance | None = None,
            budget: int = SEARCH_BUDGET) -> list[list[Entrant]]:
    """Tables of ``sizes`` (largest first) for ``seated`` (best-ranked first).

    The tables start filled in ranking order and are improved by :func:`improve`. If that
    round repeats no pairing and leaves a repeat-free schedule for the ``rounds_after`` rounds
    to come (or for as many of them as the unmet entrants allow), it is kept. Otherwise the
    look-ahead searches for a repeat-free round that does leave one, closest to the ranking
    first, and polishes it toward the standing by swaps that keep that property; failing that,
    for one that leaves fewer rounds repeat-free, down to a round that is merely repeat-free.
    """
    index = {entrant: position for position, entrant in enumerate(seated)}
    tables = improve(_in_order(seated, sizes), meetings, placement, balance=balance)
    masks = [0] * len(seated)
    for i, one in enumerate(seated):
        for j, other in enumerate(seated):
            if i != j and meetings(one, other):
                masks[i] |= 1 << j
    met = tuple(masks)
    search = _Search(len(seated), sizes, budget)

    def as_masks(chosen: list[list[Entrant]]) -> list[int]:
        return [sum(1 << index[entrant] for entrant in table) for table in chosen]

    def leaves(chosen: list[list[Entrant]], rounds: int) -> bool | None:
        try:
            return search.completes(after(met, as_masks(chosen)), rounds)
        except _OutOfBudget:
            return None

    clean = _repeats(tables, meetings) == 0
    horizon = min(rounds_after, max(search.rounds_possible(met) - 1, 0))
    for rounds in range(horizon, -1, -1):
        if clean and leaves(tables, rounds) is not False:
            return tables
        try:
            found = next((round for round in search.rounds(met) if search.completes(after(met, round), rounds)), None)
        except _OutOfBudget:
            break
        if found is not None:
            chosen = _from_masks(found, seated, sizes)
            return improve(chosen, meetings, placement, repeats_allowed=False, balance=balance,
                           keep=lambda candidate, rounds=rounds: leaves(candidate, rounds) is True)
    if not clean:  # the look-ahead ran out: at least this round without a repeat, if one is found in time
        search = _Search(len(seated), sizes, budget)
        try:
            found = next(search.rounds(met), None)
        except _OutOfBudget:
            found = None
        if found is not None:
            return improve(_from_masks(found, seated, sizes), meetings, placement, repeats_allowed=False,
                           balance=balance)
    return tables


def improve(tables: list[list[Entrant]], meetings: Callable[[Entrant, Entrant], int], placement: Placement,
            keep: Callable[[list[list[Entrant]]], bool] | None = None,
            repeats_allowed: bool = True, balance: Balance | None = None) -> list[list[Entrant]]:
    """Swap two entrants of different tables while that lowers, in this order, the weighted
    repeats (:func:`repeat_cost`), the standing costs and the ``balance`` of the two tables;
    with ``repeats_allowed`` false only swaps that add no repeat are made, and with ``keep``
    only those it accepts."""
    tables = [list(table) for table in tables]
    everyone = [entrant for table in tables for entrant in table]
    weight = {one: {other: repeat_cost(meetings(one, other)) if one != other else 0 for other in everyone}
              for one in everyone}
    places = {entrant: [placement(entrant, t) for t in range(len(tables))] for entrant in everyone}
    # at[entrant][t]: the repeat cost of ``entrant`` against everyone at table t
    at = {entrant: [sum(weight[entrant][other] for other in table) for table in tables] for entrant in everyone}
    zero = [0] * (2 + len(places[everyone[0]][0])) if everyone else []
    improved = True
    while improved:
        improved = False
        for t in range(len(tables)):
            for u in range(t + 1, len(tables)):
                for i in range(len(tables[t])):
                    for j in range(len(tables[u])):
                        x, y = tables[t][i], tables[u][j]
                        x_there, y_there = at[x][u] - weight[x][y], at[y][t] - weight[y][x]
                        if not repeats_allowed and (x_there or y_there):
                            continue
                        repeats = x_there + y_there - at[x][t] - at[y][u]
                        placed = [a + b - c - d for a, b, c, d in
                                  zip(places[x][u], places[y][t], places[x][t], places[y][u])]
                        change = [repeats, *placed[:1], 0, *placed[1:]]
                        if balance is not None and not any(change[:2]):
                            before = balance(tables[t]) + balance(tables[u])
                            tables[t][i], tables[u][j] = y, x
                            change[2] = balance(tables[t]) + balance(tables[u]) - before
                            tables[t][i], tables[u][j] = x, y
                        if not change < zero:
                            continue
                        tables[t][i], tables[u][j] = y, x
                        if keep is not None and not keep(tables):
                            tables[t][i], tables[u][j] = x, y
                            continue
                        for entrant in everyone:
                            row, shift = at[entrant], weight[entrant][y] - weight[entrant][x]
                            row[t] += shift
                            row[u] -= shift
                        improved = True
    return tables


def _in_order(seated: Sequence[Entrant], sizes: Sequence[int]) -> list[list[Entrant]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(seated[start:start + size]))
        start += size
    return tables


def _from_masks(masks: list[int], seated: Sequence[Entrant], sizes: Sequence[int]) -> list[list[Entrant]]:
    """Tables as entrant lists, ordered so that table ``t`` has ``sizes[t]`` seats (the
    best-ranked opener first among tables of one size)."""
    tables = [[entrant for position, entrant in enumerate(seated) if mask >> position & 1] for mask in masks]
    ordered: list[list[Entrant]] = []
    for size in sizes:
        table = next(table for table in tables if len(table) == size)
        tables.remove(table)
        ordered.append(table)
    return ordered


def _repeats(tables: list[list[Entrant]], meetings: Callable[[Entrant, Entrant], int]) -> int:
    return sum(meetings(one, other) > 0 for table in tables
               for i, one in enumerate(table) for other in table[i + 1:])
