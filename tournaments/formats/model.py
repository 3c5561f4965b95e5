"""The value types every format and the standings share: games, outcomes, settings, errors."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: An entrant id. The order of the ``entrants`` list given to a format is the seeding, top seed first.
Entrant = int

ROUND_ROBIN = "round_robin"
DOUBLE_ROUND_ROBIN = "double_round_robin"
SWISS = "swiss"
SINGLE_ELIMINATION = "single_elimination"
DOUBLE_ELIMINATION = "double_elimination"
TABLES = "tables"

#: Every format, in the order the docs list them.
FORMATS = (ROUND_ROBIN, DOUBLE_ROUND_ROBIN, SWISS, SINGLE_ELIMINATION, DOUBLE_ELIMINATION, TABLES)
#: Formats whose games have exactly two seats.
TWO_SEAT_FORMATS = frozenset(FORMATS) - {TABLES}
ELIMINATION_FORMATS = frozenset({SINGLE_ELIMINATION, DOUBLE_ELIMINATION})
#: Formats whose rounds the director fixes in advance (``Settings.rounds`` is required).
FORMATS_WITH_ROUNDS = frozenset({SWISS, TABLES})
#: Formats that pair each round afresh, so an entrant can join after round 1.
FORMATS_WITH_LATE_ENTRY = frozenset({SWISS, TABLES})

BUCHHOLZ = "buchholz"
BUCHHOLZ_CUT1 = "buchholz_cut1"
SONNEBORN_BERGER = "sonneborn_berger"
HEAD_TO_HEAD = "head_to_head"
WINS = "wins"
GAME_SCORE = "game_score"
#: Every tie-break a tournament may choose, in the docs' order.
TIEBREAKS = (BUCHHOLZ, BUCHHOLZ_CUT1, SONNEBORN_BERGER, HEAD_TO_HEAD, WINS, GAME_SCORE)

#: ``Fixture.bracket`` values: "" outside double elimination.
WINNERS = "winners"
LOSERS = "losers"
FINAL = "final"
BRACKETS = ("", WINNERS, LOSERS, FINAL)


#: The limits of a tournament's settings, the same on every path (API, admin, services,
#: commands): past them a setting is refused, never stored.
MAX_ROUNDS = 100
MAX_BEST_OF = 99
MAX_REPLAYS = 20
MAX_POINTS = 1_000_000
"""Points (win, draw, loss, byes, places) lie within plus or minus this."""
MAX_PLACES = 64
"""``place_points`` gives points for at most this many places."""

#: The formats each setting applies to; a setting given for another format would be ignored,
#: so it is refused (:func:`ignored_settings`).
APPLIES_TO = {
    "rounds": FORMATS_WITH_ROUNDS,
    "table_size": frozenset({TABLES}),
    "place_points": frozenset({TABLES}),
    "table_bye": frozenset({TABLES}),
    "best_of": TWO_SEAT_FORMATS,
    "win": TWO_SEAT_FORMATS,
    "draw": TWO_SEAT_FORMATS,
    "loss": TWO_SEAT_FORMATS,
    "bye": TWO_SEAT_FORMATS,
    "max_replays": ELIMINATION_FORMATS,
    "tiebreaks": frozenset(FORMATS),
}


def ignored_settings(format: str, names: Sequence[str]) -> list[str]:
    """The settings among ``names`` that ``format`` does not use, in the order given."""
    return [name for name in names if name in APPLIES_TO and format not in APPLIES_TO[name]]


class FormatError(ValueError):
    """Settings, entrants or outcomes that no format can work with; the message says which and why."""


@dataclass(frozen=True)
class Fixture:
    """One game to play, a fixture: a two-seat pairing's game, a table, or a bye (one seat,
    ``bye=True``). (Not a game of the rules engines, ``games.base.Game``: a place in a round.)"""

    round: int
    """1-based round number."""
    seats: tuple[Entrant, ...]
    """Entrants in seat order, seat 0 first."""
    bye: bool = False
    pairing: int = 0
    """Index of the pairing or table within its round (stable across best-of-N games and replays)."""
    number: int = 0
    """0 for a pairing's first game; 1, 2, ... for further best-of-N games and elimination replays."""
    bracket: str = ""
    """"" normally; "winners", "losers" or "final" in double elimination."""
    absent: bool = False
    """With ``bye=True``: an absence (a no-show sitting the round out), worth no points, not
    a bye for pairing (a later real bye stays possible) and a game not played."""

    @property
    def key(self) -> tuple[int, str, int]:
        """The pairing this game belongs to: (round, bracket, pairing)."""
        return (self.round, self.bracket, self.pairing)


@dataclass(frozen=True)
class Outcome:
    """A played game as the standings see it."""

    game: Fixture
    ranks: tuple[int, ...]
    """Per seat, 1 best; seats that tie share a rank. A bye: ``(1,)``."""
    scores: tuple[float, ...]
    """The game's own scores per seat. A bye: ``(0,)``."""
    forfeited: tuple[bool, ...] = ()
    """Per seat; empty means nobody forfeited. A no-show is a forfeit: that seat loses."""

    def forfeit(self, seat: int) -> bool:
        """Whether ``seat`` forfeited this game."""
        return bool(self.forfeited) and self.forfeited[seat]


@dataclass(frozen=True)
class Settings:
    """How a tournament is played and scored."""

    format: str
    """One of :data:`FORMATS`."""
    min_seats: int = 2
    max_seats: int = 2
    """The game's seat limits."""
    rounds: int | None = None
    """Swiss and tables: the number of rounds (required). Other formats compute their own."""
    table_size: int | None = None
    """Tables: the largest table wanted, within the game's limits. Default: 4 clamped to the limits."""
    best_of: int = 1
    """Two-seat formats: games per pairing (odd); a pairing stops once one side has a majority."""
    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0
    """Two-seat formats: points for a won, drawn and lost pairing, and for a bye."""
    place_points: tuple[float, ...] | None = None
    """Tables: points for places 1, 2, ...; places past the end score 0.
    Default: a table of n seats gives n points for first place down to 1 for last."""
    tiebreaks: tuple[str, ...] = (BUCHHOLZ, SONNEBORN_BERGER, WINS)
    """Tie-breaks after points, in order, from :data:`TIEBREAKS`."""
    max_replays: int = 3
    """Elimination: replays of a drawn pairing before the better seed advances."""
    table_bye: float | None = None
    """Tables: points for a bye. Default: the average points of a seat at a full table of the wanted size."""

    @property
    def two_seat(self) -> bool:
        """Whether every game of this format has exactly two seats (byes aside)."""
        return self.format in TWO_SEAT_FORMATS

    @property
    def elimination(self) -> bool:
        return self.format in ELIMINATION_FORMATS

    @property
    def wanted_table_size(self) -> int:
        """Tables: the table size asked for, or the default (4 clamped to the game's limits)."""
        if self.table_size is not None:
            return self.table_size
        return max(self.min_seats, min(4, self.max_seats))


def check_scoring(settings: Settings) -> None:
    """Raise :class:`FormatError` unless the settings can score games and rank entrants.

    This is what the standings need; :func:`check_format` adds what pairing needs.
    """
    if settings.format not in FORMATS:
        raise FormatError(f"unknown format {settings.format!r} (known formats: {', '.join(FORMATS)})")
    for name in ("min_seats", "max_seats", "best_of", "max_replays"):
        value = getattr(settings, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise FormatError(f"{name} must be an integer, not {_shown(value)}")
    if settings.best_of > MAX_BEST_OF:
        raise FormatError(f"best_of must be at most {MAX_BEST_OF}, not {_shown(settings.best_of)}")
    if settings.max_replays > MAX_REPLAYS:
        raise FormatError(f"max_replays must be at most {MAX_REPLAYS}, not {_shown(settings.max_replays)}")
    if settings.min_seats < 1:
        raise FormatError(f"min_seats must be at least 1, not {settings.min_seats}")
    if settings.max_seats < settings.min_seats:
        raise FormatError(f"max_seats ({settings.max_seats}) is below min_seats ({settings.min_seats})")
    for name in ("win", "draw", "loss", "bye"):
        _check_number(name, getattr(settings, name))
    if not settings.win >= settings.draw >= settings.loss:
        raise FormatError(
            f"points must not rise as results worsen: win {settings.win}, draw {settings.draw}, loss {settings.loss}"
        )
    if settings.table_bye is not None:
        _check_number("table_bye", settings.table_bye)
    if settings.place_points is not None:
        points = tuple(settings.place_points)
        if not points:
            raise FormatError("place_points must give points for at least first place")
        if len(points) > MAX_PLACES:
            raise FormatError(f"place_points gives points for at most {MAX_PLACES} places, not {len(points)}")
        for place, value in enumerate(points, start=1):
            _check_number(f"place_points[{place}]", value)
        if any(better < worse for better, worse in zip(points, points[1:])):
            raise FormatError(f"place_points must not rise as places worsen: {points}")
    if any(not isinstance(name, str) for name in settings.tiebreaks):
        raise FormatError("tiebreaks must be a list of tie-break names")
    unknown = [name for name in settings.tiebreaks if name not in TIEBREAKS]
    if unknown:
        raise FormatError(f"unknown tie-break {unknown[0]!r} (known tie-breaks: {', '.join(TIEBREAKS)})")
    if len(set(settings.tiebreaks)) != len(settings.tiebreaks):
        raise FormatError(f"a tie-break is listed twice: {settings.tiebreaks}")


def check_format(settings: Settings, entrants: Sequence[Entrant]) -> None:
    """Raise :class:`FormatError` for settings and entrants that no tournament can be run with."""
    check_scoring(settings)
    fmt = settings.format
    if settings.two_seat and not settings.min_seats <= 2 <= settings.max_seats:
        raise FormatError(
            f"{fmt} pairs two entrants per game, but the game seats {_seat_range(settings)}: use the tables format"
        )
    if settings.best_of < 1 or settings.best_of % 2 == 0:
        raise FormatError(f"best_of must be a positive odd number, not {settings.best_of}")
    if fmt == TABLES and settings.best_of != 1:
        raise FormatError("best_of applies to two-seat formats; a table plays one game per round")
    if settings.max_replays < 0:
        raise FormatError(f"max_replays must not be negative, not {settings.max_replays}")
    if fmt == TABLES:
        size = settings.wanted_table_size
        if not isinstance(size, int) or isinstance(size, bool):
            raise FormatError(f"table_size must be an integer, not {size!r}")
        if not settings.min_seats <= size <= settings.max_seats:
            raise FormatError(f"table_size {size} is outside the game's limits ({_seat_range(settings)})")
    if fmt in FORMATS_WITH_ROUNDS:
        if settings.rounds is None:
            raise FormatError(f"{fmt} needs the number of rounds")
        if not isinstance(settings.rounds, int) or isinstance(settings.rounds, bool) or settings.rounds < 1:
            raise FormatError(f"rounds must be a positive integer, not {_shown(settings.rounds)}")
        if settings.rounds > MAX_ROUNDS:
            raise FormatError(f"rounds must be at most {MAX_ROUNDS}, not {_shown(settings.rounds)}")
    for entrant in entrants:
        if not isinstance(entrant, int) or isinstance(entrant, bool):
            raise FormatError(f"entrant ids are integers, not {entrant!r}")
    if len(set(entrants)) != len(entrants):
        raise FormatError("an entrant is registered twice")
    least = 2 if settings.two_seat else settings.min_seats
    if len(entrants) < least:
        raise FormatError(f"{fmt} needs at least {least} entrants, not {len(entrants)}")


def _check_number(name: str, value: object) -> None:
    """A number of points: finite and within :data:`MAX_POINTS` (an integer like 10**400 is
    compared as an integer: it has no float)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
            isinstance(value, float) and not math.isfinite(value)):
        raise FormatError(f"{name} must be a finite number, not {_shown(value)}")
    if not -MAX_POINTS <= value <= MAX_POINTS:
        raise FormatError(f"{name} must lie between {-MAX_POINTS} and {MAX_POINTS}, not {_shown(value)}")


def _shown(value: object) -> str:
    """A value for a message: a huge integer by its size, so no message grows with the input
    (and none trips Python's limit on converting long integers to text)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _seat_range(settings: Settings) -> str:
    if settings.min_seats == settings.max_seats:
        return f"exactly {settings.min_seats}"
    return f"{settings.min_seats} to {settings.max_seats}"
