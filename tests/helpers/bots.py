"""Uploaded bots: the project's example bots, and a skip where the sandbox cannot run."""

from __future__ import annotations

from games.sandbox import sandbox_status
from tests.helpers import ROOT, skip_or_fail

EXAMPLES = ROOT / "examples" / "bots"


def example(game: str) -> bytes:
    return (EXAMPLES / f"{game}.py").read_bytes()


def needs_sandbox() -> None:
    ready, reason = sandbox_status()
    if not ready:
        skip_or_fail(f"bubblewrap cannot run here: {reason}")
