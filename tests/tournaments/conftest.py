"""Clubs, people and API clients for the service tests: the world lives in tests/helpers/world.py."""

from __future__ import annotations

from tests.helpers.world import World, make_world, world  # noqa: F401 (the fixture, and what others import from here)
