"""Tables for the multi-seat games: each round seats every active entrant at a table, the first
round by seed (spread so each table gets one of the top seeds), later rounds by standing
(leaders together) with tables that mix (:mod:`tournaments.formats.mixing`: few repeated
meetings, none that an earlier round could have avoided), and a first seat that rotates so
each entrant gets its due of first seats."""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction
from itertools import permutations

from games.seeding import derive_rng
from tournaments.formats.base import RoundByRound
from tournaments.formats.ledger import Ledger
from tournaments.formats.mixing import Placement, arrange
from tournaments.formats.model import Entrant, Fixture, Outcome


def table_sizes(entrants: int, min_seats: int, table_size: int) -> list[int]:
    """Table sizes for one round, largest first: as few tables as ``table_size`` allows, as
    equal as can be, none below ``min_seats``. When no split seats everyone, as many as
    possible are seated and the rest have a bye.

    >>> table_sizes(10, 2, 4), table_sizes(9, 3, 4), table_sizes(10, 4, 4), table_sizes(1, 2, 4)
    ([4, 3, 3], [3, 3, 3], [4, 4], [])
    """
    for seated in range(entrants, 0, -1):
        tables = -(-seated // table_size)
        if tables * min_seats <= seated:
            small, extra = divmod(seated, tables)
            return [small + 1] * extra + [small] * (tables - extra)
    return []


def snake(entrants: Sequence[Entrant], sizes: Sequence[int]) -> list[list[Entrant]]:
    """Deal ``entrants`` (best first) across tables of ``sizes`` back and forth, so that every
    table gets one of each tier: 1 2 3 / 6 5 4 / 7 8 9 ... (full tables are skipped).

    >>> snake(range(1, 9), [4, 4])
    [[1, 4, 5, 8], [2, 3, 6, 7]]
    """
    tables: list[list[Entrant]] = [[] for _ in sizes]
    queue = list(entrants)
    row = 0
    while queue:
        columns = range(len(sizes)) if row % 2 == 0 else reversed(range(len(sizes)))
        for column in columns:
            if queue and len(tables[column]) < sizes[column]:
                tables[column].append(queue.pop(0))
        row += 1
    return tables


class Tables(RoundByRound):
    """Rounds of tables of ``settings.wanted_table_size`` seats at most; late entries join on zero points."""

    accepts_late_entries = True

    def total_rounds(self) -> int:
        return self.settings.rounds or 0  # check_format makes sure it is set

    def propose_round(self, round: int, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        self._check_round(round)
        ledger = self.ledger(outcomes, active, before=round)
        order = self._standing_order(ledger, active)
        sizes = table_sizes(len(order), self.settings.min_seats, self.settings.wanted_table_size)
        if not sizes:
            return []
        byes = _bye_takers(order, ledger, len(order) - sum(sizes))
        seated = [entrant for entrant in order if entrant not in byes]
        history = SeatHistory(ledger, self.settings.wanted_table_size)
        if round == 1:
            tables = snake(seated, sizes)
        else:
            tables = arrange(seated, sizes, lambda one, other: ledger.meetings[frozenset((one, other))],
                             _standing_costs(seated, sizes, ledger), self.total_rounds() - round,
                             balance=history.unevenness)
        games = [
            Fixture(round=round, seats=history.seat_order(table, derive_rng(self.rng_seed, "tables", "seats",
                                                                            round, index)), pairing=index)
            for index, table in enumerate(tables)
        ]
        byes_in_rank_order = [entrant for entrant in order if entrant in byes]
        games += [Fixture(round=round, seats=(entrant,), bye=True, pairing=len(tables) + index)
                  for index, entrant in enumerate(byes_in_rank_order)]
        return games


def _bye_takers(order: list[Entrant], ledger: Ledger, count: int) -> set[Entrant]:
    """The ``count`` entrants who sit out: those with the fewest byes, lowest-ranked first."""
    if count <= 0:
        return set()
    rank = {entrant: position for position, entrant in enumerate(order)}
    return set(sorted(order, key=lambda entrant: (ledger.byes[entrant], -rank[entrant]))[:count])


def _standing_costs(seated: list[Entrant], sizes: list[int], ledger: Ledger) -> Placement:
    """Leaders together: the cost of seating an entrant at a table is (1) how far that table
    lies from the tables its score group fills in standing order, then (2) how far from the
    entrant's own table in standing order."""
    ideal: dict[Entrant, int] = {}
    position = 0
    for table, size in enumerate(sizes):
        for entrant in seated[position:position + size]:
            ideal[entrant] = table
        position += size
    spans: dict[Fraction, tuple[int, int]] = {}
    for entrant in seated:
        points = ledger.points[entrant]
        low, high = spans.get(points, (ideal[entrant], ideal[entrant]))
        spans[points] = (min(low, ideal[entrant]), max(high, ideal[entrant]))

    def cost(entrant: Entrant, table: int) -> tuple[int, int]:
        low, high = spans[ledger.points[entrant]]
        return max(0, low - table, table - high), abs(table - ideal[entrant])

    return cost


class SeatHistory:
    """Who sat where at the tables so far, and the seat order that evens it out."""

    def __init__(self, ledger: Ledger, largest: int) -> None:
        self.firsts: Counter[Entrant] = Counter()
        self.share: dict[Entrant, Fraction] = defaultdict(Fraction)
        self.seats: dict[Entrant, Counter[int]] = defaultdict(Counter)
        self._cache: dict[Entrant, int] = {}
        self.unit = math.lcm(*range(1, max([largest, *(len(pairing.seats) for pairing in ledger.pairings)]) + 1))
        for pairing in ledger.pairings:
            if pairing.bye:
                continue
            self.firsts[pairing.seats[0]] += 1
            for seat, entrant in enumerate(pairing.seats):
                self.share[entrant] += Fraction(1, len(pairing.seats))
                self.seats[entrant][seat] += 1

    def owed(self, entrant: Entrant) -> Fraction:
        """First seats due minus first seats had: each table of n seats owes each of them 1/n."""
        return self.share[entrant] - self.firsts[entrant]

    def unevenness(self, table: Sequence[Entrant]) -> int:
        """How far from their due the table (of at most ``largest`` seats) leaves its entrants' first seats once it is played:
        the sum of the squares, counted in a unit every table's share divides (a sixtieth of a
        seat for tables of up to six), so that it stays an exact integer."""
        share = self.unit // len(table)
        owed = sorted((self._scaled(entrant) + share for entrant in table), reverse=True)
        owed[0] -= self.unit
        return sum(value * value for value in owed)

    def _scaled(self, entrant: Entrant) -> int:
        if entrant not in self._cache:
            self._cache[entrant] = int(self.owed(entrant) * self.unit)
        return self._cache[entrant]

    def seat_order(self, table: Sequence[Entrant], lot: random.Random) -> tuple[Entrant, ...]:
        """The first seat to whoever is owed most of one (then has had fewest, then by lot); the
        other seats so that each sits where it has sat least often (the order with the fewest
        earlier sittings in the seats given, the lot deciding between equals)."""
        draw = {entrant: lot.random() for entrant in table}
        by_lot = sorted(table, key=draw.__getitem__)
        first = max(by_lot, key=lambda entrant: (self.owed(entrant), -self.firsts[entrant]))
        others = [entrant for entrant in by_lot if entrant != first]
        rest = min(permutations(others),
                   key=lambda order: sum(self.seats[entrant][seat] for seat, entrant in enumerate(order, start=1)))
        return (first, *rest)
