"""Everything the formats and the standings derive from the stored outcomes, in one place."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction
from functools import lru_cache

from tournaments.formats.model import Entrant, Outcome, Settings
from tournaments.formats.results import ZERO, Pairing, decide, group_pairings


def decided_pairing(settings: Settings, games: tuple[Outcome, ...], withdrawn: frozenset[Entrant],
                    seed_rank: dict[Entrant, int]) -> Pairing:
    """:func:`~tournaments.formats.results.decide` for a ledger, remembered: every round is
    paired from a ledger of all the outcomes so far, so all but the newest round's pairings
    were decided before, from the same games. What else decides a pairing is what concerns
    its own seats: which of them withdrew, and their seeding positions (an entrant missing from
    the seeding counts as placed after everyone, as ``decide`` places it)."""
    seats = games[0].game.seats
    ranks = tuple((seat, seed_rank.get(seat, len(seed_rank))) for seat in seats)
    return _decided(settings, games, withdrawn.intersection(seats), ranks)


@lru_cache(maxsize=65_536)
def _decided(settings: Settings, games: tuple[Outcome, ...], withdrawn: frozenset[Entrant],
             ranks: tuple[tuple[Entrant, int], ...]) -> Pairing:
    return decide(settings, games, withdrawn=withdrawn, seed_rank=dict(ranks))


class Ledger:
    """The pairings of a tournament so far and what each entrant did in them.

    Built only from outcomes, the seeding and who has withdrawn, so it can be rebuilt at any
    time with the same answer. Only decided pairings count toward points and tie-breaks.
    """

    def __init__(self, settings: Settings, seeding: Sequence[Entrant], outcomes: Iterable[Outcome],
                 withdrawn: Collection[Entrant] = ()) -> None:
        self.settings = settings
        self.seed_rank = {entrant: position for position, entrant in enumerate(seeding)}
        self.withdrawn = frozenset(withdrawn)
        self.pairings: list[Pairing] = [
            decided_pairing(settings, tuple(games), self.withdrawn, self.seed_rank)
            for games in group_pairings(outcomes).values()
        ]
        self.decided = [pairing for pairing in self.pairings if pairing.decided]
        self.points: dict[Entrant, Fraction] = defaultdict(lambda: ZERO)
        self.byes: Counter[Entrant] = Counter()
        self.meetings: Counter[frozenset[Entrant]] = Counter()
        for pairing in self.decided:
            for entrant, points in zip(pairing.seats, pairing.points):
                self.points[entrant] += points
            if pairing.bye and not pairing.absent:  # an absence is no bye: a real one stays possible
                self.byes[pairing.seats[0]] += 1
            for i, one in enumerate(pairing.seats):
                for other in pairing.seats[i + 1:]:
                    self.meetings[frozenset((one, other))] += 1

    def paired(self) -> set[frozenset[Entrant]]:
        """Every two entrants paired so far, decided or not (a pairing under way will be met)."""
        return {frozenset(pairing.seats) for pairing in self.pairings if len(pairing.seats) == 2}

    def entrants(self) -> list[Entrant]:
        """Everyone who appears in a pairing, in order of first appearance."""
        seen: dict[Entrant, None] = {}
        for pairing in self.pairings:
            for entrant in pairing.seats:
                seen.setdefault(entrant)
        return list(seen)

    @property
    def last_round(self) -> int:
        return max((pairing.round for pairing in self.pairings), default=0)

    def pending(self) -> list[Pairing]:
        return [pairing for pairing in self.pairings if not pairing.decided]

    def points_before(self, round: int) -> dict[Entrant, Fraction]:
        """Points from the decided pairings of rounds before ``round``."""
        totals: dict[Entrant, Fraction] = defaultdict(lambda: ZERO)
        for pairing in self.decided:
            if pairing.round < round:
                for entrant, points in zip(pairing.seats, pairing.points):
                    totals[entrant] += points
        return totals

    def first_seats(self, entrant: Entrant) -> list[int]:
        """The seat ``entrant`` held in the first game of each of its two-seat pairings, in round order."""
        return [pairing.seats.index(entrant) for pairing in self.pairings
                if len(pairing.seats) == 2 and entrant in pairing.seats]

    def seat_zero_games(self) -> Counter[Entrant]:
        """How many games each entrant has played from seat 0."""
        counts: Counter[Entrant] = Counter()
        for pairing in self.pairings:
            for outcome in pairing.games:
                if not outcome.game.bye:
                    counts[outcome.game.seats[0]] += 1
        return counts

    def table_positions(self) -> dict[Entrant, list[Fraction]]:
        """Per entrant, where it sat at each table: 0 first, 1 last (½ at a one-seat table)."""
        positions: dict[Entrant, list[Fraction]] = defaultdict(list)
        for pairing in self.pairings:
            if pairing.bye:
                continue
            size = len(pairing.seats)
            for seat, entrant in enumerate(pairing.seats):
                positions[entrant].append(Fraction(seat, size - 1) if size > 1 else Fraction(1, 2))
        return positions

    def floats(self, round: int) -> tuple[set[Entrant], set[Entrant]]:
        """Who floated down and who floated up in ``round``: met an opponent on fewer (more) points.

        A bye counts as floating down; an absence does not float at all.
        """
        before = self.points_before(round)
        down: set[Entrant] = set()
        up: set[Entrant] = set()
        for pairing in self.pairings:
            if pairing.round != round:
                continue
            if pairing.absent:
                continue
            if pairing.bye:
                down.add(pairing.seats[0])
            elif len(pairing.seats) == 2:
                a, b = pairing.seats
                if before[a] > before[b]:
                    down.add(a)
                    up.add(b)
                elif before[b] > before[a]:
                    down.add(b)
                    up.add(a)
        return down, up
