"""The rating tests' matches and states: they live in tests/helpers/ratings.py."""

from __future__ import annotations

from tests.helpers.ratings import EPOCH, at, correct, finished_match, from_scratch, rating_state  # noqa: F401
