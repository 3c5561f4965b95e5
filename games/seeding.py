"""Seeds, commitments and the random streams derived from a match seed."""

from __future__ import annotations

import hashlib
import os
import random


def new_seed() -> str:
    """A fresh random seed for a match the service generates: 16 bytes from the system's
    cryptographic source, in hex (what ``secrets.token_hex(16)`` answers, without importing
    ``secrets`` and its ``base64`` into every start of the verifier)."""
    return os.urandom(16).hex()


def commitment(seed: str) -> str:
    """``sha256:`` and the hex SHA-256 of the seed's UTF-8 bytes (published before play)."""
    return "sha256:" + hashlib.sha256(seed.encode("utf-8")).hexdigest()


def derive_rng(seed: str, *labels: object) -> random.Random:
    """An independent, reproducible random stream for one purpose within a match.

    The same seed and labels give the same stream on every machine and Python version
    (the stream is seeded from a SHA-256 digest, not from ``hash()``).
    """
    material = "\x1f".join([seed, *map(str, labels)]).encode("utf-8")
    return random.Random(int.from_bytes(hashlib.sha256(material).digest(), "big"))


def derive_seed(seed: str, *labels: object) -> str:
    """A child seed (for one match of a tournament, or a replayed draw)."""
    material = "\x1f".join([seed, *map(str, labels)]).encode("utf-8")
    return hashlib.sha256(material).hexdigest()[:32]
