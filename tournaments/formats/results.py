"""From played games to results: the places a game gives, the points they are worth, and how
the games of one pairing (best-of-N, elimination replays) add up to one result.

All arithmetic is exact (:class:`fractions.Fraction`), so entrants on equal points compare
equal however their points were summed; floats appear only at the edges.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.formats.model import (
    BRACKETS,
    Entrant,
    FormatError,
    Fixture,
    Outcome,
    Settings,
    check_scoring,
)

WIN = "win"
DRAW = "draw"
LOSS = "loss"
BYE = "bye"
ABSENT = "absent"

ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)


def places(outcome: Outcome) -> list[tuple[int, int]]:
    """Per seat, the first and last place it covers (1-based), forfeits counted.

    A seat that forfeited finishes below every seat that did not; seats that tie cover the
    places between them (two tied winners of a 3-seat game cover places 1 and 2). Ranks
    may be dense (1, 1, 2) or standard (1, 1, 3): only their order matters.
    """
    forfeits = [outcome.forfeit(seat) for seat in range(len(outcome.ranks))]
    keys = [(forfeited, rank) for forfeited, rank in zip(forfeits, outcome.ranks)]
    return [
        (1 + sum(other < key for other in keys), sum(other <= key for other in keys))
        for key in keys
    ]


def everyone_forfeited(outcome: Outcome) -> bool:
    """A game nobody played: every seat forfeited (at a bye, never)."""
    return not outcome.game.bye and bool(outcome.forfeited) and all(outcome.forfeited)


def place_points(settings: Settings, seats: int) -> list[Fraction]:
    """Points for places 1..seats at a table of ``seats`` seats."""
    if settings.place_points is None:
        return [Fraction(seats - place) for place in range(seats)]
    given = [Fraction(value) for value in settings.place_points]
    return (given + [ZERO] * seats)[:seats]


def table_bye_points(settings: Settings) -> Fraction:
    """Tables: a bye's points (the setting, else the mean points of a full table's seat)."""
    if settings.table_bye is not None:
        return Fraction(settings.table_bye)
    size = settings.wanted_table_size
    return sum(place_points(settings, size), ZERO) / size


def bye_points(settings: Settings) -> Fraction:
    if settings.two_seat:
        return Fraction(settings.bye)
    return table_bye_points(settings)


def result_points(settings: Settings, result: str) -> Fraction:
    """Two-seat formats: the points a pairing's result is worth."""
    return Fraction({WIN: settings.win, DRAW: settings.draw, LOSS: settings.loss, BYE: settings.bye}[result])


def table_points(settings: Settings, outcome: Outcome) -> list[Fraction]:
    """Points per seat at a table: tied seats share the points of the places they cover."""
    if everyone_forfeited(outcome):
        return [ZERO] * len(outcome.game.seats)
    scale = place_points(settings, len(outcome.game.seats))
    return [sum(scale[first - 1:last], ZERO) / (last - first + 1) for first, last in places(outcome)]


def versus(outcome: Outcome) -> list[list[Fraction]]:
    """``[i][j]``: seat i's result against seat j in this game: 1 ahead, ½ level, 0 behind.

    A seat that forfeited scores 0 against everyone, even against another forfeit.
    """
    seat_places = places(outcome)
    size = len(seat_places)
    table = [[ZERO] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i == j or outcome.forfeit(i):
                continue
            if outcome.forfeit(j) or seat_places[i][0] < seat_places[j][0]:
                table[i][j] = ONE
            elif seat_places[i][0] == seat_places[j][0]:
                table[i][j] = HALF
    return table


def check_outcome(outcome: Outcome) -> None:
    """Raise :class:`FormatError` for an outcome whose parts do not fit its game."""
    game = outcome.game
    where = f"round {game.round} pairing {game.pairing} game {game.number}"
    if not isinstance(game.round, int) or game.round < 1:
        raise FormatError(f"{where}: rounds count from 1")
    if game.pairing < 0 or game.number < 0:
        raise FormatError(f"{where}: pairing and game numbers count from 0")
    if game.bracket not in BRACKETS:
        raise FormatError(f"{where}: unknown bracket {game.bracket!r}")
    seats = len(game.seats)
    if seats == 0:
        raise FormatError(f"{where}: a game needs at least one seat")
    if len(set(game.seats)) != seats:
        raise FormatError(f"{where}: an entrant holds two seats")
    if game.bye and seats != 1:
        raise FormatError(f"{where}: a bye has exactly one seat")
    if len(outcome.ranks) != seats or len(outcome.scores) != seats:
        raise FormatError(f"{where}: ranks and scores need one entry per seat ({seats})")
    if outcome.forfeited and len(outcome.forfeited) != seats:
        raise FormatError(f"{where}: forfeited needs one entry per seat ({seats}) or none")
    if any(not isinstance(rank, int) or isinstance(rank, bool) or rank < 1 for rank in outcome.ranks):
        raise FormatError(f"{where}: ranks are integers from 1, not {outcome.ranks}")
    if any(isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score)
           for score in outcome.scores):
        raise FormatError(f"{where}: scores are finite numbers, not {outcome.scores}")
    if game.bye and any(outcome.forfeited):
        raise FormatError(f"{where}: a bye cannot be forfeited")
    if game.absent and not game.bye:
        raise FormatError(f"{where}: an absence is a one-seat bye")


def points_of(settings: Settings, outcome: Outcome) -> dict[Entrant, float]:
    """The points each entrant of one game scores for it, taken alone.

    Two-seat formats: win, draw or loss by the game's ranks (a forfeit loses; a game both
    seats forfeited is a loss for both). Tables: the place points. A bye: the bye points.
    With best-of-N and elimination replays the standings score the pairing, not each game:
    this is a single game's worth.
    """
    check_scoring(settings)
    check_outcome(outcome)
    return {entrant: float(points) for entrant, points in zip(outcome.game.seats, _game_points(settings, outcome))}


def _game_points(settings: Settings, outcome: Outcome) -> list[Fraction]:
    if outcome.game.absent:
        return [ZERO]
    if outcome.game.bye:
        return [bye_points(settings)]
    if not settings.two_seat:
        return table_points(settings, outcome)
    if len(outcome.game.seats) != 2:
        raise FormatError(f"{settings.format} games have two seats, not {len(outcome.game.seats)}")
    return [result_points(settings, result) for result in _two_seat_results(outcome)]


def _two_seat_results(outcome: Outcome) -> tuple[str, str]:
    if everyone_forfeited(outcome):
        return (LOSS, LOSS)
    (first, _), (second, _) = places(outcome)
    if first == second:
        return (DRAW, DRAW)
    return (WIN, LOSS) if first < second else (LOSS, WIN)


@dataclass(frozen=True)
class Pairing:
    """The games played under one (round, bracket, pairing) and the one result they add up to."""

    round: int
    bracket: str
    index: int
    seats: tuple[Entrant, ...]
    """Seat order of the first game."""
    games: tuple[Outcome, ...]
    """In game-number order."""
    decided: bool
    """Whether the pairing is over; an undecided pairing counts for nothing yet."""
    next_game: Fixture | None
    """The game to play next while undecided (``None`` once decided)."""
    results: tuple[str, ...] = ()
    """Per seat when decided: "win", "draw", "loss", "bye" or "absent"."""
    points: tuple[Fraction, ...] = ()
    """Per seat when decided: the points the standings count."""
    versus: tuple[tuple[Fraction, ...], ...] = ()
    """``[i][j]`` when decided: seat i's result against seat j (1, ½ or 0)."""
    winner: Entrant | None = None
    """Two-seat, when decided: the pairing's winner (in elimination: who advances), else ``None``."""

    @property
    def bye(self) -> bool:
        """A one-seat pairing: a bye or an absence (see :attr:`absent`)."""
        return self.games[0].game.bye

    @property
    def absent(self) -> bool:
        """An absence: the entrant sat the round out for not checking in; zero points."""
        return self.games[0].game.absent

    @property
    def game_scores(self) -> tuple[Fraction, ...]:
        """Per seat, the sum of the game's own scores over the pairing's games."""
        totals = {entrant: ZERO for entrant in self.seats}
        for outcome in self.games:
            for entrant, score in zip(outcome.game.seats, outcome.scores):
                totals[entrant] += Fraction(score)
        return tuple(totals[entrant] for entrant in self.seats)


def group_pairings(outcomes: Iterable[Outcome]) -> dict[tuple[int, str, int], list[Outcome]]:
    """Outcomes by pairing key, each list in game-number order, keys in (round, bracket order, pairing) order."""
    grouped: dict[tuple[int, str, int], list[Outcome]] = {}
    seen: set[tuple[int, str, int, int]] = set()
    for outcome in outcomes:
        check_outcome(outcome)
        game = outcome.game
        if (*game.key, game.number) in seen:
            raise FormatError(
                f"round {game.round} pairing {game.pairing} game {game.number} has two outcomes"
            )
        seen.add((*game.key, game.number))
        grouped.setdefault(game.key, []).append(outcome)
    ordered = sorted(grouped.items(), key=lambda item: (item[0][0], BRACKETS.index(item[0][1]), item[0][2]))
    result = {}
    for key, games in ordered:
        games.sort(key=lambda outcome: outcome.game.number)
        first = set(games[0].game.seats)
        if any(set(outcome.game.seats) != first for outcome in games):
            raise FormatError(f"round {key[0]} pairing {key[2]}: its games seat different entrants")
        if games[0].game.bye and len(games) > 1:
            raise FormatError(f"round {key[0]} pairing {key[2]}: a bye is a single game")
        result[key] = games
    return result


def decide(
    settings: Settings,
    games: Sequence[Outcome],
    *,
    withdrawn: Collection[Entrant] = (),
    seed_rank: dict[Entrant, int] | None = None,
) -> Pairing:
    """The result of one pairing's games so far, or the game it needs next.

    ``withdrawn`` entrants play no further game: an undecided pairing they are in goes to
    the other side. ``seed_rank`` (entrant -> seeding position) names the better seed for
    elimination pairings still level after every replay.
    """
    first = games[0].game
    seats = first.seats
    if first.absent:
        return _pairing(games, results=(ABSENT,), points=(ZERO,), versus=((ZERO,),), winner=None)
    if first.bye:
        return _pairing(games, results=(BYE,), points=(bye_points(settings),), versus=((ZERO,),), winner=seats[0])
    if not settings.two_seat:
        if len(games) > 1:
            raise FormatError(f"round {first.round} table {first.pairing}: a table plays one game per round")
        outcome = games[0]
        return _pairing(games, results=tuple(_table_result(outcome, seat) for seat in range(len(seats))),
                        points=tuple(table_points(settings, outcome)),
                        versus=tuple(tuple(row) for row in versus(outcome)))
    if len(seats) != 2:
        raise FormatError(f"round {first.round} pairing {first.pairing}: {settings.format} games have two seats")
    return _decide_two_seat(settings, games, withdrawn, seed_rank)


def _pairing(games: Sequence[Outcome], *, next_game: Fixture | None = None, results: tuple[str, ...] = (),
             points: tuple[Fraction, ...] = (), versus: tuple[tuple[Fraction, ...], ...] = (),
             winner: Entrant | None = None) -> Pairing:
    """A pairing of these games: decided unless a ``next_game`` is due."""
    first = games[0].game
    return Pairing(round=first.round, bracket=first.bracket, index=first.pairing, seats=first.seats,
                   games=tuple(games), decided=next_game is None, next_game=next_game, results=results,
                   points=points, versus=versus, winner=winner)


def _table_result(outcome: Outcome, seat: int) -> str:
    if outcome.forfeit(seat) or everyone_forfeited(outcome):
        return LOSS
    first, last = places(outcome)[seat]
    if first != 1:
        return LOSS
    return WIN if last == 1 else DRAW


def _decide_two_seat(settings: Settings, games: Sequence[Outcome], withdrawn: Collection[Entrant],
                     seed_rank: dict[Entrant, int] | None) -> Pairing:
    a, b = games[0].game.seats
    tally = {a: ZERO, b: ZERO}
    majority = Fraction(settings.best_of, 2)
    winner: Entrant | None = None
    decided = False
    double_loss = False
    for outcome in games:
        if everyone_forfeited(outcome):
            decided, double_loss = True, True
            break
        (first, _), (second, _) = places(outcome)
        one, other = outcome.game.seats
        if outcome.game.number < settings.best_of:
            if first == second:
                tally[one] += HALF
                tally[other] += HALF
            else:
                tally[one if first < second else other] += ONE
            leader = max((a, b), key=lambda entrant: tally[entrant])
            if tally[leader] > majority:
                decided, winner = True, leader
                break
        elif first != second:  # an elimination replay: the first decisive one settles it
            decided, winner = True, one if first < second else other
            break
    played = len(games)
    if not decided and not double_loss and played >= settings.best_of:
        replays = played - settings.best_of
        if not settings.elimination:
            decided = True  # level after every game: a drawn pairing
        elif replays >= settings.max_replays:
            decided = True
            rank = seed_rank or {}
            winner = min((a, b), key=lambda entrant: (rank.get(entrant, len(rank)), (a, b).index(entrant)))
    if not decided:
        gone = [entrant for entrant in (a, b) if entrant in withdrawn]
        if gone:
            decided = True
            if len(gone) == 2:
                double_loss = True
            else:
                winner = b if gone[0] == a else a
    if not decided:
        last = games[-1].game
        return _pairing(games, next_game=Fixture(round=last.round, seats=tuple(reversed(last.seats)),
                                              pairing=last.pairing, number=last.number + 1, bracket=last.bracket))
    if double_loss:
        results = (LOSS, LOSS)
    elif winner is None:
        results = (DRAW, DRAW)
    else:
        results = (WIN, LOSS) if winner == a else (LOSS, WIN)
    points = tuple(result_points(settings, result) for result in results)
    fraction = {WIN: ONE, DRAW: HALF, LOSS: ZERO}
    table = ((ZERO, fraction[results[0]]), (fraction[results[1]], ZERO))
    return _pairing(games, results=results, points=points, versus=table, winner=winner)
