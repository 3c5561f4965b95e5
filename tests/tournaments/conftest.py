"""Clubs, people and API clients for the service tests: the world lives in tests/helpers/world.py;
the board's server time, frozen and moved by a test, in tests/helpers/play.py."""

from __future__ import annotations

from tests.helpers.play import clock  # noqa: F401 (the fixture)
from tests.helpers.world import World, make_world, world  # noqa: F401 (the fixture, and what others import from here)
