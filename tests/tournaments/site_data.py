"""Small bot tournaments of every game for the pages' tests: they live in tests/helpers/tournaments.py."""

from __future__ import annotations

from tests.helpers.tournaments import (  # noqa: F401 (imported from here by the browser tests)
    SHORT_OPTIONS,
    first_match,
    play_next,
    play_tournaments,
    started_bot_tournament,
)
