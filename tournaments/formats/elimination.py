"""Single and double elimination on the standard seeded bracket.

The bracket has room for the next power of two; seed 1 meets the last seed, and the places
left over are byes that go to the top seeds. A pairing level after its games is replayed with
seats swapped up to ``max_replays`` times, then the better seed advances. Each call walks the
bracket from round 1 over the outcomes, so nothing but the outcomes is needed to resume.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from tournaments.formats.base import Format
from tournaments.formats.ledger import Ledger
from tournaments.formats.model import FINAL, LOSERS, WINNERS, Entrant, FormatError, Fixture, Outcome
from tournaments.formats.swiss import SeatPreference


def bracket_order(size: int) -> list[int]:
    """0-based seeds in bracket order for a bracket of ``size`` (a power of two): neighbours
    meet in round 1, and the top two seeds can meet only in the final.

    >>> [seed + 1 for seed in bracket_order(8)]
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [0]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [seed for top in order for seed in (top, doubled - 1 - top)]
    return order


Slot = tuple[Entrant | None, Entrant | None]


@dataclass
class Walk:
    """Where the bracket stands: the games of the earliest round still being played, who went
    out in which round, and the champion once there is one."""

    round: int = 0
    """The round whose games are pending (0 when the tournament is over)."""
    games: list[Fixture] = field(default_factory=list)
    eliminated: dict[Entrant, int] = field(default_factory=dict)
    champion: Entrant | None = None

    @property
    def over(self) -> bool:
        return not self.games


@dataclass
class _Played:
    """The result of one bracket slot: who goes on, and who loses in it."""

    winner: Entrant | None = None
    loser: Entrant | None = None
    out: list[Entrant] = field(default_factory=list)
    """Entrants who leave the tournament at this slot without losing a game in it (withdrawn,
    or both seats forfeited)."""


class _Bracket:
    """Resolves bracket slots against the ledger, collecting the games still to be played."""

    def __init__(self, ledger: Ledger, active: Collection[Entrant]) -> None:
        self.ledger = ledger
        self.active = set(active)
        self.by_key = {(pairing.round, pairing.bracket, pairing.index): pairing for pairing in ledger.pairings}
        self.pending: list[Fixture] = []

    def play(self, round: int, bracket: str, index: int, slot: Slot) -> _Played:
        pairing = self.by_key.get((round, bracket, index))
        if pairing is not None:  # as played, even if a director changed who met whom
            absent = [entrant for entrant in slot
                      if entrant is not None and entrant not in pairing.seats and entrant not in self.active]
            if pairing.next_game is not None:
                self.pending.append(pairing.next_game)
                return _Played(out=absent)
            if pairing.bye:
                return _Played(winner=pairing.seats[0], out=absent)
            if pairing.winner is None:
                return _Played(out=[*pairing.seats, *absent])
            loser = next(entrant for entrant in pairing.seats if entrant != pairing.winner)
            return _Played(winner=pairing.winner, loser=loser, out=absent)
        present = [entrant for entrant in slot if entrant is not None]
        alive = [entrant for entrant in present if entrant in self.active]
        out = [entrant for entrant in present if entrant not in self.active]
        if len(alive) == 2:
            self.pending.append(Fixture(round=round, seats=self.seat(*alive), pairing=index, bracket=bracket))
        elif len(alive) == 1:
            self.pending.append(Fixture(round=round, seats=(alive[0],), bye=True, pairing=index, bracket=bracket))
        return _Played(out=out)

    def seat(self, a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
        """Seat a pairing by both entrants' seat preferences, as Swiss does (an absolute one
        decides, so nobody plays from one seat three times running where the other need not);
        on equal preferences the better seed's, and with none the better seed takes seat 0."""
        rank = self.ledger.seed_rank
        better, worse = sorted((a, b), key=lambda entrant: rank[entrant])
        seat = SeatPreference.first_seat(SeatPreference.from_history(self.ledger.first_seats(better)),
                                         SeatPreference.from_history(self.ledger.first_seats(worse)), default=0)
        return (better, worse) if seat == 0 else (worse, better)


class Elimination(Format):
    """What single and double elimination share: the seeded bracket and walking it."""

    @property
    def size(self) -> int:
        """Places in the bracket: the smallest power of two that holds every entrant."""
        return 1 << max(1, (len(self.entrants) - 1).bit_length())

    @property
    def depth(self) -> int:
        """Rounds of the winners' bracket."""
        return self.size.bit_length() - 1

    def first_round(self) -> list[Slot]:
        seeds = [self.entrants[seed] if seed < len(self.entrants) else None for seed in bracket_order(self.size)]
        return [(seeds[i], seeds[i + 1]) for i in range(0, len(seeds), 2)]

    def walk(self, outcomes: Sequence[Outcome], active: Sequence[Entrant], before: int | None = None) -> Walk:
        """The bracket as the outcomes (of rounds before ``before``, when given) leave it."""
        ledger = self.ledger(outcomes, active, before)
        walk = self._walk(_Bracket(ledger, active))
        if walk.games:
            for entrant in ledger.withdrawn:
                if entrant in self.entrants and entrant not in walk.eliminated and entrant != walk.champion:
                    walk.eliminated[entrant] = walk.round
        return walk

    @abstractmethod
    def _walk(self, bracket: _Bracket) -> Walk:
        """Play the bracket through from round 1, stopping at the first round with games to play."""

    def next_games(self, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        return self.walk(outcomes, active).games

    def propose_round(self, round: int, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        if not isinstance(round, int) or not 1 <= round <= self.max_rounds():
            raise FormatError(f"{self.settings.format} has rounds 1 to {self.max_rounds()}, not {round!r}")
        walk = self.walk(outcomes, active, before=round)
        if walk.games and walk.round < round:
            raise FormatError(f"round {round} cannot be paired before round {walk.round} is decided")
        return walk.games if walk.round == round else []

    def placements(self, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> dict[Entrant, int | None]:
        """Per entrant, the round it went out in; ``None`` for the champion and anyone still in."""
        walk = self.walk(outcomes, active)
        return {entrant: walk.eliminated.get(entrant) for entrant in self.entrants}


class SingleElimination(Elimination):
    """One loss and you are out. Round r has ``size / 2**r`` pairings, indexed by bracket position."""

    def total_rounds(self) -> int:
        return self.depth

    def max_rounds(self) -> int:
        return self.depth

    def _walk(self, bracket: _Bracket) -> Walk:
        walk = Walk()
        slots = self.first_round()
        for round in range(1, self.depth + 1):
            results = [bracket.play(round, "", index, slot) for index, slot in enumerate(slots)]
            for played in results:
                for entrant in [played.loser, *played.out]:
                    if entrant is not None:
                        walk.eliminated[entrant] = round
            if bracket.pending:
                walk.round, walk.games = round, bracket.pending
                return walk
            winners = [played.winner for played in results]
            slots = [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
            if round == self.depth:
                walk.champion = winners[0]
        return walk


class DoubleElimination(Elimination):
    """Two losses and you are out.

    Round numbers are shared by both brackets: round j plays the winners' bracket's round j
    and the losers' bracket's round j-1; with k winners' rounds, the grand final is round 2k.
    If the losers' bracket champion wins it, both have lost once, so a deciding final (the
    bracket reset) is played in round 2k+1. Losers drop into the losers' bracket in reverse
    order (then halves swapped) so that two entrants who just met do not meet again at once.
    """

    brackets = frozenset({WINNERS, LOSERS, FINAL})

    def total_rounds(self) -> int | None:
        return None  # 2k, or 2k + 1 after a bracket reset

    def max_rounds(self) -> int:
        return 2 * self.depth + 1

    def _walk(self, bracket: _Bracket) -> Walk:
        walk = Walk()
        k = self.depth
        winners_slots = self.first_round()
        dropped: dict[int, list[Entrant | None]] = {}  # winners' round -> its losers by pairing
        losers_winners: list[Entrant | None] = []      # winners of the last losers' round played
        winners_champion: Entrant | None = None
        losers_champion: Entrant | None = None

        def settle(round: int, results: list[_Played], eliminate_losers: bool) -> list[Entrant | None]:
            for played in results:
                gone = [*played.out, *([played.loser] if eliminate_losers else [])]
                for entrant in gone:
                    if entrant is not None:
                        walk.eliminated[entrant] = round
            return [played.winner for played in results]

        for round in range(1, 2 * k + 2):
            if round <= k:
                results = [bracket.play(round, WINNERS, index, slot) for index, slot in enumerate(winners_slots)]
                winners = settle(round, results, eliminate_losers=False)
                dropped[round] = [played.loser for played in results]
                if round < k:
                    winners_slots = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
                else:
                    winners_champion = winners[0]
            losers_round = round - 1
            if 1 <= losers_round <= 2 * k - 2:
                slots = self._losers_slots(losers_round, dropped, losers_winners)
                results = [bracket.play(round, LOSERS, index, slot) for index, slot in enumerate(slots)]
                losers_winners = settle(round, results, eliminate_losers=True)
            if round == 2 * k:
                losers_champion = losers_winners[0] if k > 1 else dropped[1][0]
                final = bracket.play(round, FINAL, 0, (winners_champion, losers_champion))
                settle(round, [final], eliminate_losers=False)
                if not bracket.pending:
                    reset = (final.winner is not None and final.winner == losers_champion
                             and final.loser == winners_champion and winners_champion in bracket.active)
                    if not reset:
                        if final.loser is not None:
                            walk.eliminated[final.loser] = round
                        walk.champion = final.winner
                        return walk
            if round == 2 * k + 1:
                final = bracket.play(round, FINAL, 0, (winners_champion, losers_champion))
                settle(round, [final], eliminate_losers=True)
                if not bracket.pending:
                    walk.champion = final.winner
                    return walk
            if bracket.pending:
                walk.round, walk.games = round, bracket.pending
                return walk
        return walk

    def _losers_slots(self, losers_round: int, dropped: dict[int, list[Entrant | None]],
                      previous: list[Entrant | None]) -> list[Slot]:
        if losers_round == 1:
            first = dropped[1]
            return [(first[i], first[i + 1]) for i in range(0, len(first), 2)]
        if losers_round % 2:  # survivors of the losers' bracket play each other
            return [(previous[i], previous[i + 1]) for i in range(0, len(previous), 2)]
        source = losers_round // 2 + 1  # the winners' round whose losers drop in now
        losers = dropped[source]
        count = len(losers)
        if source % 2 == 0:
            arrived = list(reversed(losers))
        else:
            arrived = [losers[i ^ (count // 2)] if count > 1 else losers[i] for i in range(count)]
        return list(zip(previous, arrived))
