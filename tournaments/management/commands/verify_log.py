"""``manage.py verify_log FILE [FILE ...]``: verify match logs, one JSON line per file.

Exits 0 when every log is valid, 1 when any is not, 2 on a usage error. ``-`` reads standard
input. A file that cannot be read gets a ``bad_format`` line like any invalid log. The lines
come from :func:`games.logs.verify_files`, the same code as the rules package's own
``leapfrog-verify`` command, so the two always agree.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.__main__ import DESCRIPTION, FILES_HELP
from games.logs import verify_files


class Command(BaseCommand):
    help = DESCRIPTION

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)

    def handle(self, *args: Any, files: list[str], **options: Any) -> None:
        if verify_files(files, self.stdout.write):
            sys.exit(1)
