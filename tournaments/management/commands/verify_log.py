"""``manage.py verify_log FILE [FILE ...]``: verify match logs, one JSON line per file.

Exits 0 when every log is valid, 1 when any is not, 2 on a usage error. ``-`` reads standard
input. A file that cannot be read gets a ``bad_format`` line like any invalid log.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.logs import MAX_LOG_BYTES, LogError, verify_bytes


def read_limited(stream: Any) -> bytes:
    """Read at most one byte more than a log may hold, so that huge inputs stop early."""
    return stream.read(MAX_LOG_BYTES + 1)


def verify_file(name: str) -> dict[str, Any]:
    """The verification object of one file (``-`` for standard input), with ``file`` first."""
    try:
        if name == "-":
            data = read_limited(sys.stdin.buffer)
        else:
            with open(name, "rb") as handle:
                data = read_limited(handle)
    except OSError as error:
        problem = LogError("bad_format", "format", f"the file cannot be read: {error.strerror or error}")
        return {"file": name, "valid": False, "game": None, "error": problem.to_json()}
    return {"file": name, **verify_bytes(data)}


class Command(BaseCommand):
    help = "Verify match logs (JSON files, or - for standard input) and print one JSON line each."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="a log file, or - for standard input")

    def handle(self, *args: Any, files: list[str], **options: Any) -> None:
        all_valid = True
        for name in files:
            answer = verify_file(name)
            all_valid &= answer["valid"]
            self.stdout.write(json.dumps(answer, ensure_ascii=False))
        if not all_valid:
            sys.exit(1)
