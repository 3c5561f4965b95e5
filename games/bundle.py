"""Uploaded bot code: a single Python file or a zip archive with ``main.py`` at its root.

:func:`check_bundle` looks at an upload without running it and answers a :class:`Bundle`
or raises :class:`BundleError` with one sentence a bot owner understands.
:func:`unpack_bundle` writes the files of a bundle into a folder, enforcing the same limits
while it streams, so that a lying archive header cannot get past it.

>>> check_bundle(b"print('hi')\\n", "bot.py").files
('main.py',)
>>> check_bundle(b"", "bot.py")
Traceback (most recent call last):
...
games.bundle.BundleError: the upload is empty
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import signal
import stat
import subprocess
import sys
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

KiB = 1024
MiB = 1024 * KiB

#: The largest single-file upload.
MAX_PY_BYTES = 1 * MiB
#: The largest zip upload.
MAX_ZIP_BYTES = 4 * MiB
#: The largest upload of each kind.
MAX_UPLOAD_BYTES = {"python": MAX_PY_BYTES, "zip": MAX_ZIP_BYTES}
#: The most entries (files and folders) an archive may hold.
MAX_ENTRIES = 500
#: The most bytes an archive may unpack to, all files together.
MAX_UNPACKED_BYTES = 16 * MiB
#: An entry larger than this must not be compressed more than :data:`MAX_RATIO` times.
RATIO_FLOOR_BYTES = 1 * MiB
MAX_RATIO = 100
#: The longest entry name, in bytes (each part of it at most 255).
MAX_NAME_BYTES = 1024
#: The one file every bundle has: the program the sandbox starts.
MAIN = "main.py"

CHUNK = 64 * KiB
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
DRIVE = re.compile(r"^[A-Za-z]:")


class BundleError(ValueError):
    """An upload that cannot be a bot: the message says why in one sentence."""


@dataclass(frozen=True)
class Bundle:
    """A checked upload: its kind (``"python"`` or ``"zip"``), SHA-256, size and files."""

    kind: str
    sha256: str
    size: int
    files: tuple[str, ...]


def bundle_kind(data: bytes, filename: str) -> str:
    """``"python"`` or ``"zip"``, from the file name, else from the content's first bytes."""
    name = filename.lower()
    if name.endswith(".py"):
        return "python"
    if name.endswith(".zip"):
        if not data.startswith(ZIP_MAGIC):
            raise BundleError(f"{filename!r} is named .zip but is not a zip archive")
        return "zip"
    if data.startswith(ZIP_MAGIC):
        return "zip"
    raise BundleError(f"{filename!r} is neither a Python file (.py) nor a zip archive (.zip)")


def check_bundle(data: bytes, filename: str, *, compile_source: bool = True) -> Bundle:
    """Check an upload without running any of it; raises :class:`BundleError`.

    ``compile_source=False`` skips compiling ``main.py`` (a stored version, checked when it
    was uploaded, about to run in the sandbox, which compiles it under the same limits)."""
    if not data:
        raise BundleError("the upload is empty")
    kind = bundle_kind(data, filename)
    limit = MAX_UPLOAD_BYTES[kind]
    if len(data) > limit:
        what = "a Python file" if kind == "python" else "a zip archive"
        raise BundleError(f"the upload is {len(data)} bytes; {what} may have at most {limit}")
    if kind == "python":
        if compile_source:
            check_source(data, os.path.basename(filename) or MAIN)
        files: tuple[str, ...] = (MAIN,)
    else:
        files = tuple(sorted(walk_zip(data, None, compile_source=compile_source)))
    return Bundle(kind, hashlib.sha256(data).hexdigest(), len(data), files)


def unpack_bundle(data: bytes, kind_or_filename: str, dest: Path) -> None:
    """Write a bundle's files under ``dest`` (an existing folder), checking it again.

    ``kind_or_filename`` is a :class:`Bundle`'s kind or the upload's file name. Folders get
    mode 0o755 and files 0o644, so that the sandbox's unprivileged user can read them.
    """
    kind = kind_or_filename if kind_or_filename in MAX_UPLOAD_BYTES else bundle_kind(data, kind_or_filename)
    check = check_bundle(data, "upload.py" if kind == "python" else "upload.zip", compile_source=False)
    dest = Path(dest)
    if check.kind == "python":
        write_file(dest, MAIN, [data])
        return

    def opener(name: str) -> BinaryIO:
        target = safe_target(dest, name)
        target.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        os.fchmod(descriptor, 0o644)
        return os.fdopen(descriptor, "wb")

    def make_folder(name: str) -> None:
        target = safe_target(dest, name)
        target.mkdir(mode=0o755, parents=True, exist_ok=True)
        target.chmod(0o755)

    walk_zip(data, opener, make_folder, compile_source=False)
    for folder, subfolders, _ in os.walk(dest):
        for sub in subfolders:
            os.chmod(os.path.join(folder, sub), 0o755)


#: Characters a stored file name never keeps: they mean something in a header or a path.
UNSAFE_NAME_CHARS = re.compile(r'["\\/;:*?<>|]')


def safe_filename(filename: str, kind: str = "python") -> str:
    """The name an upload is stored and downloaded under: its last path part, NFC, without
    control or format characters (CR, LF, NUL, direction overrides), quotes, semicolons,
    backslashes or path characters, at most 100 characters and keeping its extension; a
    name with nothing left becomes ``bot.py`` or ``bot.zip``.

    >>> safe_filename('../x"; filename*=evil.py')
    'x__ filename_=evil.py'
    """
    name = unicodedata.normalize("NFC", str(filename)).replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(char for char in name if unicodedata.category(char)[0] not in "CZ" or char == " ")
    name = UNSAFE_NAME_CHARS.sub("_", name).strip(" .")
    if len(name) > 100:
        stem, dot, extension = name.rpartition(".")
        name = stem[: 99 - len(extension)] + dot + extension if dot and len(extension) <= 10 else name[:100]
    return name or ("bot.zip" if kind == "zip" else "bot.py")


# -- single files ----------------------------------------------------------------------------

#: Compiling an upload runs in a child process under these limits: the sandbox's memory and
#: the time a bot has to start, since a source that needs more could not start there either.
COMPILE_MEMORY_BYTES = 256 * MiB
COMPILE_CPU_SECONDS = 5
#: The child's wall-clock limit, for a machine too busy to give it its CPU seconds.
COMPILE_WALL_SECONDS = 30

#: The child: limits first, then the source from standard input, then one JSON line.
COMPILER = r"""
import json, resource, sys
memory, cpu = int(sys.argv[1]), int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
def check(data):
    try:
        source = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return {"error": "encoding", "start": error.start}
    try:
        compile(source, "main.py", "exec", dont_inherit=True)
    except SyntaxError as error:
        return {"error": "syntax", "line": error.lineno, "message": str(error.msg)}
    except MemoryError:
        return {"error": "memory"}
    except (ValueError, RecursionError) as error:
        return {"error": "other", "message": str(error) or type(error).__name__}
    return {"ok": True}
answer = check(sys.stdin.buffer.read())
sys.stdout.write(json.dumps(answer))
"""


def check_source(data: bytes, name: str) -> None:
    """Raise :class:`BundleError` unless ``data`` is UTF-8 Python that compiles (not run).

    The compiler can need hundreds of times a source's size (a megabyte of nested tuples
    takes half a gigabyte), so it runs in a child interpreter with an address-space and a
    CPU-time limit: a source over them is refused, and the service's own memory stays flat.
    """
    try:
        child = subprocess.run(
            [sys.executable, "-I", "-S", "-c", COMPILER, str(COMPILE_MEMORY_BYTES), str(COMPILE_CPU_SECONDS)],
            input=data, capture_output=True, timeout=COMPILE_WALL_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise BundleError(f"{name} takes more than {COMPILE_WALL_SECONDS} seconds to compile") from None
    try:
        answer = json.loads(child.stdout) if child.returncode == 0 else {"error": "killed"}
    except ValueError:
        answer = {"error": "killed"}
    if answer.get("ok"):
        return
    error = answer.get("error")
    if error == "encoding":
        raise BundleError(f"{name} is not UTF-8 text (byte {answer.get('start')})")
    if error == "syntax":
        where = f" on line {answer['line']}" if answer.get("line") else ""
        raise BundleError(f"{name} has a syntax error{where}: {answer.get('message')}")
    if error == "other":
        raise BundleError(f"{name} does not compile: {answer.get('message')}")
    if error == "memory" or child.returncode in (-signal.SIGSEGV, -signal.SIGABRT) or b"MemoryError" in child.stderr:
        raise BundleError(f"{name} needs more than {COMPILE_MEMORY_BYTES // MiB} MiB to compile, "
                          "the most a bot may use")
    if child.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        raise BundleError(f"{name} takes more than {COMPILE_CPU_SECONDS} seconds of CPU time to compile")
    raise BundleError(f"{name} could not be compiled (the compiler stopped with status {child.returncode})")


def write_file(dest: Path, name: str, chunks: list[bytes]) -> None:
    target = safe_target(dest, name)
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    os.fchmod(descriptor, 0o644)
    with os.fdopen(descriptor, "wb") as handle:
        for chunk in chunks:
            handle.write(chunk)


def safe_target(dest: Path, name: str) -> Path:
    """``dest / name``, refusing (again) any name that would land outside ``dest``."""
    target = dest.joinpath(*PurePosixPath(name).parts)
    root = os.path.realpath(dest)
    if os.path.commonpath([root, os.path.realpath(target.parent)]) != root:
        raise BundleError(f"the archive entry {name!r} points outside the bot's folder")
    return target


# -- zip archives ----------------------------------------------------------------------------

def entry_name(info: zipfile.ZipInfo) -> tuple[str, bool]:
    """The checked relative name of an archive entry and whether it is a folder."""
    raw = info.filename
    shown = raw if len(raw) <= 80 else raw[:79] + "…"
    if info.flag_bits & 0x1:
        raise BundleError(f"the archive entry {shown!r} is encrypted; upload it without a password")
    if "\\" in raw or "\x00" in raw or any(ord(char) < 0x20 for char in raw):
        raise BundleError(f"the archive entry {shown!r} has a backslash or control character in its name")
    if raw.startswith("/") or DRIVE.match(raw):
        raise BundleError(f"the archive entry {shown!r} has an absolute path")
    is_folder = raw.endswith("/")
    parts = raw.rstrip("/").split("/") if is_folder else raw.split("/")
    if any(part in ("", ".", "..") for part in parts):
        raise BundleError(f"the archive entry {shown!r} has an empty, '.' or '..' part in its path")
    if len(raw.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES or any(
            len(part.encode("utf-8", "surrogateescape")) > 255 for part in parts):
        raise BundleError(f"the archive entry {shown!r} has a name that is too long")
    mode = info.external_attr >> 16 if info.create_system == 3 else 0
    kind = stat.S_IFMT(mode)
    if stat.S_ISLNK(mode):
        raise BundleError(f"the archive entry {shown!r} is a symbolic link; "
                          "only files and folders are allowed")
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        raise BundleError(f"the archive entry {shown!r} is a special file; "
                          "only files and folders are allowed")
    if kind == stat.S_IFDIR and not is_folder:
        raise BundleError(f"the archive entry {shown!r} is marked as a folder but named as a file")
    return "/".join(parts), is_folder


def walk_zip(data: bytes, opener: Callable[[str], BinaryIO] | None,
             make_folder: Callable[[str], None] | None = None, *, compile_source: bool = True) -> list[str]:
    """Check every entry of an archive, reading (and, with ``opener``, writing) its files
    while counting the bytes; answers the file names."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except BundleError:
        raise
    except Exception as error:  # zipfile raises many kinds of errors on damaged input
        raise BundleError(f"the upload is not a readable zip archive ({describe(error)})") from None
    with archive:
        try:
            entries = archive.infolist()
        except Exception as error:
            raise BundleError(f"the zip archive is damaged ({describe(error)})") from None
        if len(entries) > MAX_ENTRIES:
            raise BundleError(f"the archive has {len(entries)} entries; at most {MAX_ENTRIES} are allowed")
        files: list[str] = []
        folders: set[str] = set()
        seen: set[str] = set()
        checked = []
        for info in entries:
            name, is_folder = entry_name(info)
            if name in seen:
                raise BundleError(f"the archive holds {name!r} twice")
            seen.add(name)
            parents = name.split("/")[:-1]
            folders.update("/".join(parents[:depth]) for depth in range(1, len(parents) + 1))
            if is_folder:
                folders.add(name)
            else:
                files.append(name)
                if info.file_size > MAX_UNPACKED_BYTES:
                    raise BundleError(f"the archive entry {name!r} unpacks to {info.file_size} bytes; "
                                      f"all files together may have at most {MAX_UNPACKED_BYTES}")
            checked.append((info, name, is_folder))
        clash = sorted(set(files) & folders)
        if clash:
            raise BundleError(f"the archive holds {clash[0]!r} both as a file and as a folder")
        if MAIN not in files:
            nested = sorted(name for name in files if name.rsplit("/", 1)[-1] == MAIN)
            if nested:
                raise BundleError(f"main.py must be at the archive's root, not at {nested[0]!r}")
            raise BundleError("the archive has no main.py at its root")

        total = 0
        for info, name, is_folder in checked:
            if is_folder:
                if make_folder is not None:
                    make_folder(name)
                continue
            total = read_entry(archive, info, name, total, opener, compile_source)
    return files


def read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, total: int,
               opener: Callable[[str], BinaryIO] | None, compile_source: bool = True) -> int:
    """Stream one file, counting what it really unpacks to; answers the new running total."""
    size = 0
    main_source = bytearray() if name == MAIN else None
    sink = opener(name) if opener is not None else None
    try:
        with archive.open(info) as stream:
            while True:
                try:
                    chunk = stream.read(CHUNK)
                except BundleError:
                    raise
                except Exception as error:
                    raise BundleError(f"the archive entry {name!r} is damaged ({describe(error)})") from None
                if not chunk:
                    break
                size += len(chunk)
                total += len(chunk)
                if total > MAX_UNPACKED_BYTES:
                    raise BundleError(f"the archive unpacks to more than {MAX_UNPACKED_BYTES} bytes, "
                                      "the most allowed")
                if size > RATIO_FLOOR_BYTES and size > MAX_RATIO * max(info.compress_size, 1):
                    raise BundleError(f"the archive entry {name!r} is compressed more than {MAX_RATIO} "
                                      "times, which only archive bombs are")
                if main_source is not None:
                    if len(main_source) + len(chunk) > MAX_PY_BYTES:
                        raise BundleError(f"main.py may have at most {MAX_PY_BYTES} bytes")
                    main_source.extend(chunk)
                if sink is not None:
                    sink.write(chunk)
    except BundleError:
        raise
    except Exception as error:
        raise BundleError(f"the archive entry {name!r} cannot be read ({describe(error)})") from None
    finally:
        if sink is not None:
            sink.close()
    if main_source is not None:
        if not main_source:
            raise BundleError("main.py in the archive is empty")
        if compile_source:
            check_source(bytes(main_source), MAIN)
    return total


def describe(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 100 else text[:99] + "…"
