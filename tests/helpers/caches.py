"""The cache of answers' versions, watched: which keys it deletes, one list a round trip."""

from __future__ import annotations

import pytest

from tournaments import cache


class CountingCache:
    """The cache, noting the keys of every ``delete_many``."""

    def __init__(self, backend: object) -> None:
        self.backend = backend
        self.deleted: list[list[str]] = []

    def delete_many(self, keys: list[str]) -> None:
        self.deleted.append(list(keys))
        self.backend.delete_many(keys)  # type: ignore[attr-defined]

    def __getattr__(self, name: str) -> object:
        return getattr(self.backend, name)


def count_deletes(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The keys the cache versions module deletes from now on, one list a round trip."""
    counting = CountingCache(cache.cache)
    monkeypatch.setattr(cache, "cache", counting)
    return counting.deleted
