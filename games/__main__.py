"""``python -m games verify FILE...`` and ``leapfrog-verify FILE...``: verify match logs offline.

One JSON line per file (the verification object, with the file's name as ``"file"``); ``-``
reads standard input. Exits 0 when every log is valid, 1 when any is not, 2 on a usage error:
the same lines and statuses as the service's ``manage.py verify_log``, from the same code
(:func:`games.logs.verify_files`). Only the rules are imported, so it starts in a blink.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

FILES_HELP = "a log file, or - for standard input"
DESCRIPTION = "Verify match logs (JSON files, or - for standard input) and print one JSON line each."


def write_line(line: str) -> None:
    """One answer line as UTF-8 whatever the locale; a file name that is not valid text (a
    lone surrogate from the command line) keeps the JSON escape it would have had."""
    sys.stdout.buffer.write(line.encode("utf-8", "backslashreplace") + b"\n")


def only_files(argv: Sequence[str]) -> bool:
    """Whether ``argv`` is one or more file names and nothing argparse would read otherwise;
    then the command skips building a parser (argparse and what it imports are a good part
    of a start that is otherwise only the rules)."""
    return bool(argv) and all(arg == "-" or not arg.startswith("-") for arg in argv)


def verify_command(argv: Sequence[str] | None = None, prog: str = "leapfrog-verify") -> int:
    """``leapfrog-verify FILE...``: verify the files and answer the exit status."""
    files = list(sys.argv[1:] if argv is None else argv)
    if not only_files(files):
        import argparse

        parser = argparse.ArgumentParser(prog=prog, description=DESCRIPTION)
        parser.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)
        files = parser.parse_args(files).files
    from games.logs import verify_files

    status = verify_files(files, write_line)
    sys.stdout.flush()
    return status


def verify_main() -> None:
    """The ``leapfrog-verify`` console command."""
    sys.exit(verify_command())


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m games verify FILE...`` (the one subcommand, so far)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["verify"] and only_files(argv[1:]):
        return verify_command(argv[1:], prog="python -m games verify")
    import argparse

    parser = argparse.ArgumentParser(prog="python -m games", description="The leapfrog games' rules, offline.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    verify = commands.add_parser("verify", help="verify match logs", description=DESCRIPTION)
    verify.add_argument("files", nargs="+", metavar="FILE", help=FILES_HELP)
    args = parser.parse_args(argv)
    return verify_command(args.files, prog="python -m games verify")


if __name__ == "__main__":
    sys.exit(main())
