"""Round robin on Berger tables: everyone meets everyone once (twice, seats swapped, in a double
round robin)."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.formats.base import RoundByRound
from tournaments.formats.model import DOUBLE_ROUND_ROBIN, Entrant, Fixture, Outcome


def berger_round(players: int, round_index: int) -> list[tuple[int, int]]:
    """Board pairs (seat 0, seat 1) of 0-based player numbers for 0-based ``round_index`` of the
    Berger table for an even number of ``players``; board 0 holds the last player's game.

    >>> berger_round(4, 0), berger_round(4, 1), berger_round(4, 2)
    ([(0, 3), (1, 2)], [(3, 2), (0, 1)], [(1, 3), (2, 0)])
    """
    last = players - 1
    pivot = round_index * (players // 2) % last
    boards = [(pivot, last) if round_index % 2 == 0 else (last, pivot)]
    for step in range(1, players // 2):
        boards.append(((pivot + step) % last, (pivot - step) % last))
    return boards


class RoundRobin(RoundByRound):
    """Berger tables in seeding order (seed 1 is player 1). With an odd number of entrants a
    dummy player takes the last number and whoever meets it has a bye. A double round robin
    plays the table twice, seats swapped the second time; its first cycle plays the table's last
    two rounds in swapped order, so that nobody plays from one seat three times running where
    the cycles meet."""

    stop_at_empty_round = False

    @property
    def cycles(self) -> int:
        return 2 if self.settings.format == DOUBLE_ROUND_ROBIN else 1

    @property
    def players(self) -> int:
        """Berger numbers in use: the entrants, plus a dummy when their count is odd."""
        count = len(self.entrants)
        return count + count % 2

    def total_rounds(self) -> int:
        return (self.players - 1) * self.cycles

    def propose_round(self, round: int, outcomes: Sequence[Outcome], active: Sequence[Entrant]) -> list[Fixture]:
        self._check_round(round)
        self._check_entrants(outcomes, active)
        cycle, index = divmod(round - 1, self.players - 1)
        if self.cycles == 2 and cycle == 0 and self.players > 3 and index >= self.players - 3:
            index = 2 * (self.players - 2) - 1 - index  # the last two rounds of the table, swapped
        still_in = set(active)
        games = []
        for board, numbers in enumerate(berger_round(self.players, index)):
            seats = [self.entrants[number] if number < len(self.entrants) else None for number in numbers]
            if cycle % 2:
                seats.reverse()
            playing = tuple(entrant for entrant in seats if entrant is not None and entrant in still_in)
            if len(playing) == 2:
                games.append(Fixture(round=round, seats=playing, pairing=board))
            elif len(playing) == 1:
                games.append(Fixture(round=round, seats=playing, bye=True, pairing=board))
        return games
