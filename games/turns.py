"""A sandboxed bot's report turn by turn: thinking time and standard error per move, and
where and why it forfeited (``docs/bots.md``, Reading the turn report).

Everything kept is bounded: a turn keeps at most :data:`TURN_STDERR_BYTES` of standard
error (the start of it), and all turns together at most the match's ``stderr_bytes``
(64 KiB); a turn over either bound keeps what fits and says in ``cut`` how many bytes it
dropped. A forfeit keeps the last :data:`LAST_LINES` lines the bot wrote, each cut to
:data:`LINE_CHARS` characters.
"""

from __future__ import annotations

from typing import Any

#: The most standard error one turn keeps.
TURN_STDERR_BYTES = 4096
#: How many of the bot's last lines a forfeit keeps, and how long each may be.
LAST_LINES = 20
LINE_CHARS = 200

#: A failure reason's first words and the limit (or fault) it names in a forfeit.
REASON_LIMITS = (
    ("limit exceeded (memory)", "memory"),
    ("limit exceeded (processes)", "processes"),
    ("limit exceeded (open files)", "open_files"),
    ("limit exceeded (file size)", "file_size"),
    ("limit exceeded (disk)", "disk"),
    ("limit exceeded (cpu)", "cpu_seconds"),
    ("limit exceeded (line)", "line_bytes"),
    ("limit exceeded (output)", "output_bytes"),
    ("crash", "crash"),
    ("exit", "exit"),
    ("illegal move", "illegal_move"),
    ("malformed output", "bad_output"),
    ("invalid strategy", "bad_strategy"),
)


def limit_of(reason: str, *, at_start: bool, bank_ms: float) -> str:
    """The limit a failure hit: ``start_ms`` for a slow start; ``move_ms`` for a slow move
    with an empty bank, ``total_ms`` when the move overran its ``move_ms`` and all the bank
    left; else the fault its reason names (``crash``, ``exit``, ``bad_output``, ``memory`` ...)."""
    if reason.startswith("timeout"):
        if at_start:
            return "start_ms"
        return "move_ms" if bank_ms <= 0 else "total_ms"
    for start, limit in REASON_LIMITS:
        if reason.startswith(start):
            return limit
    return "other"


def last_lines(stderr: bytes) -> list[str]:
    """The bot's last non-blank lines of standard error, bounded."""
    lines = [line.rstrip() for line in stderr.decode("utf-8", "replace").replace("\x00", "\ufffd").splitlines()]
    lines = [line for line in lines if line.strip()][-LAST_LINES:]
    return [line if len(line) <= LINE_CHARS else line[: LINE_CHARS - 1] + "…" for line in lines]


class TurnLog:
    """The turns of one seat: ``{"turn", "ms", "stderr"}`` each (and ``cut`` when bytes
    were dropped), within ``total_bytes`` of standard error in all."""

    def __init__(self, total_bytes: int) -> None:
        self.turns: list[dict[str, Any]] = []
        self.total_bytes = total_bytes
        self.kept = 0

    def add(self, turn: int | None, ms: float, stderr: bytes, seen: int) -> None:
        """One turn: its move index in the log, thinking time, the first bytes of standard
        error it wrote (``seen``: how many it wrote in all)."""
        room = max(0, min(TURN_STDERR_BYTES, self.total_bytes - self.kept))
        kept = stderr[:room]
        self.kept += len(kept)
        record: dict[str, Any] = {"turn": turn, "ms": max(0, round(ms)),
                                  "stderr": kept.decode("utf-8", "replace").replace("\x00", "\ufffd")}
        if seen > len(kept):
            record["cut"] = seen - len(kept)
        self.turns.append(record)
