"""Choosing the format class for a tournament's settings."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.formats.base import Format
from tournaments.formats.elimination import DoubleElimination, SingleElimination
from tournaments.formats.model import (
    DOUBLE_ELIMINATION,
    DOUBLE_ROUND_ROBIN,
    ROUND_ROBIN,
    SINGLE_ELIMINATION,
    SWISS,
    TABLES,
    Entrant,
    Settings,
    check_format,
)
from tournaments.formats.round_robin import RoundRobin
from tournaments.formats.swiss import Swiss
from tournaments.formats.tables import Tables

FORMAT_CLASSES: dict[str, type[Format]] = {
    ROUND_ROBIN: RoundRobin,
    DOUBLE_ROUND_ROBIN: RoundRobin,
    SWISS: Swiss,
    SINGLE_ELIMINATION: SingleElimination,
    DOUBLE_ELIMINATION: DoubleElimination,
    TABLES: Tables,
}


def make_format(settings: Settings, entrants: Sequence[Entrant], rng_seed: str = "") -> Format:
    """The format the settings name, for these entrants (seeding order, top seed first).

    Raises :class:`FormatError` for settings or entrants no tournament can be run with: an
    unknown format, a two-seat format for a game that cannot seat two, tables outside the
    game's limits, too few entrants, an even ``best_of``, missing rounds for Swiss or tables.
    """
    check_format(settings, entrants)
    return FORMAT_CLASSES[settings.format](settings, entrants, rng_seed)
