"""Tables for the multi-seat games: each round seats every active entrant at a table, the first
round by seed (spread so each table gets one of the top seeds), later rounds by standing
(leaders together), avoiding people who already shared a table."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from games.seeding import derive_rng
from tournaments.formats.base import RoundByRound
from tournaments.formats.ledger import Ledger
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
        ledger = self._ledger(outcomes, active, before=round)
        order = self._standing_order(ledger, active)
        sizes = table_sizes(len(order), self.settings.min_seats, self.settings.wanted_table_size)
        if not sizes:
            return []
        byes = _bye_takers(order, ledger, len(order) - sum(sizes))
        seated = [entrant for entrant in order if entrant not in byes]
        tables = snake(seated, sizes) if round == 1 else _by_standing(seated, sizes, ledger)
        positions = ledger.table_positions()
        games = [
            Fixture(round=round, seats=self._seat_order(table, positions, round, index), pairing=index)
            for index, table in enumerate(tables)
        ]
        byes_in_rank_order = [entrant for entrant in order if entrant in byes]
        games += [Fixture(round=round, seats=(entrant,), bye=True, pairing=len(tables) + index)
                  for index, entrant in enumerate(byes_in_rank_order)]
        return games

    def _seat_order(self, table: list[Entrant], positions: dict[Entrant, list[Fraction]], round: int,
                    index: int) -> tuple[Entrant, ...]:
        """Who has sat furthest back so far sits first; ties are drawn by lot."""
        draw = derive_rng(self.rng_seed, "tables", "seats", round, index)
        tiebreak = {entrant: draw.random() for entrant in table}
        lateness = {entrant: sum((position - Fraction(1, 2) for position in positions.get(entrant, [])), Fraction(0))
                    for entrant in table}
        return tuple(sorted(table, key=lambda entrant: (-lateness[entrant], tiebreak[entrant])))


def _bye_takers(order: list[Entrant], ledger: Ledger, count: int) -> set[Entrant]:
    """The ``count`` entrants who sit out: those with the fewest byes, lowest-ranked first."""
    if count <= 0:
        return set()
    rank = {entrant: position for position, entrant in enumerate(order)}
    return set(sorted(order, key=lambda entrant: (ledger.byes[entrant], -rank[entrant]))[:count])


def _by_standing(seated: list[Entrant], sizes: list[int], ledger: Ledger) -> list[list[Entrant]]:
    """Leaders together: tables filled in standing order, then improved by swapping two
    entrants at a time while that lowers, in this order, (1) the number of pairs at a table
    who have met before, (2) how far entrants sit from the tables their score group fills,
    (3) how far they sit from their own table in standing order."""
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
    group_span = {entrant: spans[ledger.points[entrant]] for entrant in seated}

    def placement_cost(entrant: Entrant, table: int) -> tuple[int, int]:
        low, high = group_span[entrant]
        return max(0, low - table, table - high), abs(table - ideal[entrant])

    def met(entrant: Entrant, others: list[Entrant]) -> int:
        return sum(ledger.meetings[frozenset((entrant, other))] for other in others if other != entrant)

    tables = [[entrant for entrant in seated if ideal[entrant] == table] for table in range(len(sizes))]
    improved = True
    while improved:
        improved = False
        for t in range(len(tables)):
            for u in range(t + 1, len(tables)):
                for i in range(len(tables[t])):
                    for j in range(len(tables[u])):
                        x, y = tables[t][i], tables[u][j]
                        rest_t = [e for e in tables[t] if e != x]
                        rest_u = [e for e in tables[u] if e != y]
                        repeats = met(x, rest_u) + met(y, rest_t) - met(x, rest_t) - met(y, rest_u)
                        x_now, y_now = placement_cost(x, t), placement_cost(y, u)
                        x_then, y_then = placement_cost(x, u), placement_cost(y, t)
                        change = (repeats,
                                  x_then[0] + y_then[0] - x_now[0] - y_now[0],
                                  x_then[1] + y_then[1] - x_now[1] - y_now[1])
                        if change < (0, 0, 0):
                            tables[t][i], tables[u][j] = y, x
                            improved = True
    return tables
