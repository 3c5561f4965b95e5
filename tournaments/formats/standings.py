"""Standings and the crosstable, derived from the outcomes alone.

Points are the sum of each decided pairing's points. Tie-breaks, in the order a tournament
chooses them:

- ``buchholz``: the sum of the final points of every opponent met (a bye or an absence
  counts as an opponent on 0 points; at a table, every other seat is an opponent).
- ``buchholz_cut1``: Buchholz less its single lowest term (so a bye is the first term cut).
- ``sonneborn_berger``: the points of every opponent beaten, plus half the points of every
  opponent drawn with (at a table: finished ahead of, level with).
- ``head_to_head``: among the entrants still tied when it is applied, the points each scored
  against the others (at a table: 1 per tied rival finished ahead of, ½ per rival level with);
  0 for an entrant tied with nobody.
- ``wins``: pairings won (at a table: first place alone); byes are not wins.

An absence (a no-show sitting a round out, ``Fixture.absent``) scores 0 points, is a game
not played (not in ``played``, no win, draw or loss), is counted in ``absences`` and not in
``byes``, and adds a 0 term to Buchholz as a bye does.
- ``game_score``: the sum of the games' own scores over every game played.

Elimination formats rank first by how far an entrant got (the champion, then the later an
entrant went out, the better), then as above. Entrants equal in everything share a rank and
are listed in seeding order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.formats.elimination import Elimination
from tournaments.formats.factory import make_format
from tournaments.formats.ledger import Ledger
from tournaments.formats.model import (
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    GAME_SCORE,
    HEAD_TO_HEAD,
    SONNEBORN_BERGER,
    WINS,
    Entrant,
    FormatError,
    Outcome,
    Settings,
    check_scoring,
)
from tournaments.formats.results import ABSENT, BYE, DRAW, LOSS, WIN, ZERO, Pairing


@dataclass(frozen=True)
class Standing:
    """One entrant's line in the standings."""

    rank: int
    """1 best; entrants share a rank only when points and every tie-break are equal."""
    entrant: Entrant
    points: float
    tiebreaks: dict[str, float]
    """Tie-break values in the settings' order."""
    played: int
    """Pairings (or tables) played, byes excluded; a best-of-N pairing counts once."""
    wins: int
    draws: int
    losses: int
    byes: int
    withdrawn: bool
    eliminated_in: int | None = None
    """Elimination formats: the round the entrant went out in; ``None`` for the champion, for
    anyone still in, and in other formats."""
    first_seat: int = 0
    """Games played from seat 0, the seat that moves first (at a table too), over the pairings
    counted in ``played``; every best-of-N game and replay counts."""
    absences: int = 0
    """Rounds sat out as a no-show (zero points; neither a game played nor a bye)."""


def standings(settings: Settings, entrants: Sequence[Entrant], outcomes: Sequence[Outcome],
              withdrawn: Collection[Entrant] = ()) -> list[Standing]:
    """Every entrant's standing, best first; the same inputs give the same list, always.

    ``entrants`` is everyone registered, in seeding order with late entries after;
    ``withdrawn`` those who have left (they keep their games and their place in the list).
    """
    check_scoring(settings)
    sheet = _Sheet(settings, entrants, outcomes, withdrawn)
    placement = sheet.placements()
    values: dict[Entrant, dict[str, Fraction]] = {entrant: {} for entrant in sheet.entrants}
    seed = {entrant: position for position, entrant in enumerate(sheet.entrants)}

    def primary(entrant: Entrant) -> tuple:
        went_out = placement.get(entrant)
        return (0 if went_out is None else 1, -(went_out or 0), -sheet.points(entrant))

    groups = _split(sorted(sheet.entrants, key=lambda entrant: (primary(entrant), seed[entrant])), primary)
    for name in settings.tiebreaks:
        refined: list[list[Entrant]] = []
        for group in groups:
            value = {entrant: sheet.tiebreak(name, entrant, group) for entrant in group}
            for entrant in group:
                values[entrant][name] = value[entrant]
            refined += _ranked(group, value, seed)
        groups = refined

    table = []
    rank = 1
    for group in groups:
        for entrant in group:
            counts = sheet.counts(entrant)
            table.append(Standing(
                rank=rank, entrant=entrant, points=float(sheet.points(entrant)),
                tiebreaks={name: float(values[entrant][name]) for name in settings.tiebreaks},
                played=counts[WIN] + counts[DRAW] + counts[LOSS], wins=counts[WIN], draws=counts[DRAW],
                losses=counts[LOSS], byes=counts[BYE], withdrawn=entrant in sheet.withdrawn,
                eliminated_in=placement.get(entrant), first_seat=sheet.first_seat(entrant), absences=counts[ABSENT],
            ))
        rank += len(group)
    return table


def crosstable(settings: Settings, entrants: Sequence[Entrant], outcomes: Sequence[Outcome],
               withdrawn: Collection[Entrant] = ()) -> dict[Entrant, dict[Entrant, list[float]]]:
    """``[row][column]``: what the row entrant scored against the column entrant, one entry per
    decided pairing in round order (empty lists where they have not met).

    Two-seat formats: the pairing's points (a best-of-N pairing is one entry, its result).
    Tables: 1 for each table where the row entrant finished ahead, ½ level, 0 behind.
    """
    check_scoring(settings)
    sheet = _Sheet(settings, entrants, outcomes, withdrawn)
    grid: dict[Entrant, dict[Entrant, list[float]]] = {
        row: {column: [] for column in sheet.entrants if column != row} for row in sheet.entrants
    }
    for pairing in sheet.ledger.decided:
        for i, row in enumerate(pairing.seats):
            for j, column in enumerate(pairing.seats):
                if i != j:
                    grid[row][column].append(float(sheet.against(pairing, i, j)))
    return grid


def _ranked(group: list[Entrant], value: dict[Entrant, Fraction], seed: dict[Entrant, int]) -> list[list[Entrant]]:
    """``group`` split by ``value``, highest first; equal values stay together in seeding order."""
    ordered = sorted(group, key=lambda entrant: (-value[entrant], seed[entrant]))
    return _split(ordered, value.__getitem__)


def _split(ordered: list[Entrant], key: Callable[[Entrant], object]) -> list[list[Entrant]]:
    """Consecutive runs of equal ``key``."""
    groups: list[list[Entrant]] = []
    for entrant in ordered:
        if groups and key(groups[-1][0]) == key(entrant):
            groups[-1].append(entrant)
        else:
            groups.append([entrant])
    return groups


class _Sheet:
    """The per-entrant figures the standings and the crosstable are built from."""

    def __init__(self, settings: Settings, entrants: Sequence[Entrant], outcomes: Sequence[Outcome],
                 withdrawn: Collection[Entrant]) -> None:
        self.settings = settings
        self.entrants = list(entrants)
        if len(set(self.entrants)) != len(self.entrants):
            raise FormatError("an entrant is registered twice")
        known = set(self.entrants)
        self.withdrawn = frozenset(withdrawn)
        strangers = sorted(self.withdrawn - known)
        if strangers:
            raise FormatError(f"withdrawn entrant {strangers[0]} is not among the entrants")
        self.outcomes = list(outcomes)
        self.ledger = Ledger(settings, self.entrants, self.outcomes, self.withdrawn)
        strangers = [entrant for entrant in self.ledger.entrants() if entrant not in known]
        if strangers:
            raise FormatError(f"entrant {strangers[0]} played a game but is not among the entrants")
        self.by_entrant: dict[Entrant, list[tuple[Pairing, int]]] = defaultdict(list)
        for pairing in self.ledger.decided:
            for seat, entrant in enumerate(pairing.seats):
                self.by_entrant[entrant].append((pairing, seat))

    def placements(self) -> dict[Entrant, int | None]:
        if not self.settings.elimination or len(self.entrants) < 2:
            return {}  # no bracket yet (a bracket needs two entrants): nobody has gone out
        bracket = make_format(self.settings, self.entrants)
        if not isinstance(bracket, Elimination):
            return {}
        active = [entrant for entrant in self.entrants if entrant not in self.withdrawn]
        return bracket.placements(self.outcomes, active)

    def points(self, entrant: Entrant) -> Fraction:
        return self.ledger.points.get(entrant, ZERO)

    def counts(self, entrant: Entrant) -> dict[str, int]:
        counts = {WIN: 0, DRAW: 0, LOSS: 0, BYE: 0, ABSENT: 0}
        for pairing, seat in self.by_entrant[entrant]:
            counts[pairing.results[seat]] += 1
        return counts

    def first_seat(self, entrant: Entrant) -> int:
        """Games the entrant played from seat 0 in its decided pairings, byes excluded."""
        return sum(outcome.game.seats[0] == entrant for pairing, _ in self.by_entrant[entrant] if not pairing.bye
                   for outcome in pairing.games)

    def against(self, pairing: Pairing, seat: int, other: int) -> Fraction:
        """What ``seat`` scored against ``other`` in a pairing, for the crosstable and head-to-head."""
        if self.settings.two_seat:
            return pairing.points[seat]
        return pairing.versus[seat][other]

    def opponent_terms(self, entrant: Entrant) -> list[Fraction]:
        """One term per opponent met, their final points; a bye or an absence adds a 0 term."""
        terms = []
        for pairing, _ in self.by_entrant[entrant]:
            if pairing.bye:
                terms.append(ZERO)
            else:
                terms += [self.points(other) for other in pairing.seats if other != entrant]
        return terms

    def tiebreak(self, name: str, entrant: Entrant, group: list[Entrant]) -> Fraction:
        if name == BUCHHOLZ:
            return sum(self.opponent_terms(entrant), ZERO)
        if name == BUCHHOLZ_CUT1:
            terms = self.opponent_terms(entrant)
            return sum(terms, ZERO) - min(terms, default=ZERO)
        if name == SONNEBORN_BERGER:
            return sum((pairing.versus[seat][other] * self.points(opponent)
                        for pairing, seat in self.by_entrant[entrant] if not pairing.bye
                        for other, opponent in enumerate(pairing.seats) if other != seat), ZERO)
        if name == HEAD_TO_HEAD:
            rivals = set(group) - {entrant}
            return sum((self.against(pairing, seat, other)
                        for pairing, seat in self.by_entrant[entrant] if not pairing.bye
                        for other, opponent in enumerate(pairing.seats) if opponent in rivals), ZERO)
        if name == WINS:
            return Fraction(self.counts(entrant)[WIN])
        if name == GAME_SCORE:
            return sum((pairing.game_scores[seat] for pairing, seat in self.by_entrant[entrant]), ZERO)
        raise FormatError(f"unknown tie-break {name!r}")
