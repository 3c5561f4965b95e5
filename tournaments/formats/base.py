"""The interface every format implements, and what the round-by-round formats share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction

from tournaments.formats.ledger import Ledger
from tournaments.formats.model import (
    FORMATS_WITH_LATE_ENTRY,
    Entrant,
    FormatError,
    Fixture,
    Outcome,
    Settings,
    check_format,
)


class Format(ABC):
    """A tournament format: which games to play next, derived only from the outcomes so far.

    A format keeps no state between calls: every answer is computed afresh from the seeding,
    the outcomes and the active entrants, so the service can rebuild it at any time. (It
    remembers the last ledger it built, with what it was built from: see :meth:`ledger`.)
    """

    #: The last ledger built and what it was built from (:meth:`ledger`).
    _last_ledger: tuple[tuple[object, ...], Ledger] | None = None

    #: Whether entrants may join after the first round (they start on zero points).
    accepts_late_entries = False

    def __init__(self, settings: Settings, entrants: Sequence[Entrant], rng_seed: str = "") -> None:
        check_format(settings, entrants)
        self.settings = settings
        self.entrants: tuple[Entrant, ...] = tuple(entrants)
        self.rng_seed = rng_seed

    @abstractmethod
    def total_rounds(self) -> int | None:
        """The number of rounds, or ``None`` while it is not known (double elimination's final)."""

    @abstractmethod
    def max_rounds(self) -> int:
        """The most rounds the tournament can take (``total_rounds`` where that is known)."""

    @abstractmethod
    def next_games(self, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        """The games to play next given the outcome of every game returned before: the current
        round's remaining games (best-of-N games, elimination replays), else the next round's;
        ``[]`` when the tournament is over.

        ``active`` are the entrants still in: withdrawn ones removed, late entries appended.
        """

    def is_over(self, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> bool:
        """Whether no game is left to play."""
        return not self.next_games(outcomes, active)

    @abstractmethod
    def propose_round(self, round: int, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        """The first games of ``round``, paired from the outcomes of earlier rounds as played.

        Outcomes of ``round`` and later are ignored, so the proposal can be recomputed after a
        director changed it.
        """

    # -- shared checks ---------------------------------------------------------------------

    #: The ``Fixture.bracket`` values this format's games carry.
    brackets: frozenset[str] = frozenset({""})

    def _check_entrants(self, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> None:
        for outcome in outcomes:
            if outcome.game.bracket not in self.brackets:
                game = outcome.game
                expected = " or ".join(repr(bracket) for bracket in sorted(self.brackets))
                raise FormatError(
                    f"round {game.round} pairing {game.pairing}{' (a bye)' if game.bye else ''} is marked bracket "
                    f"{game.bracket!r}, but {self.settings.format} games carry bracket {expected}: store each game's "
                    f"bracket as the format returned it, byes included"
                )
        if len(set(active)) != len(active):
            raise FormatError("an entrant is listed twice among the active entrants")
        known = set(self.entrants)
        newcomers = [entrant for entrant in active if entrant not in known]
        strangers = [entrant for outcome in outcomes for entrant in outcome.game.seats
                     if entrant not in known and entrant not in active]
        if self.accepts_late_entries:
            if any(not isinstance(entrant, int) or isinstance(entrant, bool) for entrant in newcomers):
                raise FormatError("entrant ids are integers")
            return
        if newcomers or strangers:
            late = (newcomers or strangers)[0]
            allowed = ", ".join(sorted(FORMATS_WITH_LATE_ENTRY))
            raise FormatError(
                f"entrant {late} was not registered at the start; {self.settings.format} fixes its "
                f"schedule at the start, so late entries are possible only in {allowed}"
            )

    def _withdrawn(self, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> frozenset[Entrant]:
        everyone = set(self.entrants)
        for outcome in outcomes:
            everyone.update(outcome.game.seats)
        return frozenset(everyone - set(active))

    def _seeding(self, active: Sequence[Entrant]) -> list[Entrant]:
        """Initial seeds first, then late entries in the order they joined."""
        known = set(self.entrants)
        return [*self.entrants, *(entrant for entrant in active if entrant not in known)]

    def ledger(self, outcomes: Sequence[Outcome], active: Sequence[Entrant], before: int | None = None) -> Ledger:
        """The ledger of the outcomes (of rounds before ``before`` when given). Building it
        decides every pairing so far, and pairing a round and explaining it ask for the same
        one, so the last one built is answered again for the same outcomes, seeding and
        withdrawals (a ledger is never changed once built)."""
        self._check_entrants(outcomes, active)
        kept = tuple(outcome for outcome in outcomes if before is None or outcome.game.round < before)
        seeding, withdrawn = tuple(self._seeding(active)), self._withdrawn(outcomes, active)
        inputs = (kept, seeding, withdrawn)
        if self._last_ledger is None or self._last_ledger[0] != inputs:
            self._last_ledger = (inputs, Ledger(self.settings, seeding, kept, withdrawn))
        return self._last_ledger[1]


class RoundByRound(Format):
    """Formats with a fixed number of rounds, each paired once the previous one is over
    (round robin, Swiss, tables)."""

    #: Whether a round with nothing to play ends the tournament (Swiss, tables: no one left to
    #: pair) rather than being skipped (round robin: every scheduled game involved a withdrawn entrant).
    stop_at_empty_round = True

    @abstractmethod
    def total_rounds(self) -> int:
        """The number of rounds, fixed from the start."""

    def max_rounds(self) -> int:
        return self.total_rounds()

    def next_games(self, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        ledger = self.ledger(outcomes, active)
        pending = [pairing.next_game for pairing in ledger.pending() if pairing.next_game is not None]
        if pending:
            return pending
        for round in range(ledger.last_round + 1, self.max_rounds() + 1):
            games = self.propose_round(round, outcomes, active)
            if games or self.stop_at_empty_round:
                return games
        return []

    def _check_round(self, round: int) -> None:
        if not isinstance(round, int) or not 1 <= round <= self.max_rounds():
            raise FormatError(f"{self.settings.format} has rounds 1 to {self.max_rounds()}, not {round!r}")

    def _standing_order(self, ledger: Ledger, active: Sequence[Entrant]) -> list[Entrant]:
        """Active entrants by points, then seeding (late entries after every initial seed)."""
        seeding = {entrant: position for position, entrant in enumerate(self._seeding(active))}
        return sorted(active, key=lambda entrant: (-ledger.points.get(entrant, Fraction(0)), seeding[entrant]))
