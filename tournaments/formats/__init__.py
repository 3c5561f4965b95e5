"""Tournament formats and standings: plain Python, no Django.

A format turns the outcomes played so far into the games to play next; the standings turn
the same outcomes into a ranked table. Neither keeps state: both are recomputed from the
stored outcomes, the seeding and who has withdrawn, with the same answer every time.
"""

from tournaments.formats.base import Format
from tournaments.formats.elimination import DoubleElimination, Elimination, SingleElimination
from tournaments.formats.factory import FORMAT_CLASSES, make_format
from tournaments.formats.matching import max_weight_matching
from tournaments.formats.model import (
    FORMATS,
    FORMATS_WITH_LATE_ENTRY,
    FORMATS_WITH_ROUNDS,
    TIEBREAKS,
    TWO_SEAT_FORMATS,
    Entrant,
    FormatError,
    Fixture,
    Outcome,
    Settings,
    check_format,
    check_scoring,
    ignored_settings,
)
from tournaments.formats.results import points_of
from tournaments.formats.round_robin import RoundRobin, berger_round
from tournaments.formats.standings import Standing, crosstable, standings
from tournaments.formats.swiss import Swiss
from tournaments.formats.tables import Tables, table_sizes

__all__ = [
    "FORMATS",
    "FORMATS_WITH_LATE_ENTRY",
    "FORMATS_WITH_ROUNDS",
    "FORMAT_CLASSES",
    "TIEBREAKS",
    "TWO_SEAT_FORMATS",
    "DoubleElimination",
    "Elimination",
    "Entrant",
    "Format",
    "FormatError",
    "Fixture",
    "Outcome",
    "RoundRobin",
    "Settings",
    "SingleElimination",
    "Standing",
    "Swiss",
    "Tables",
    "berger_round",
    "check_format",
    "check_scoring",
    "crosstable",
    "ignored_settings",
    "make_format",
    "max_weight_matching",
    "points_of",
    "standings",
    "table_sizes",
]
