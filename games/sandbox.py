"""The bot sandbox: an uploaded program runs under bubblewrap with resource limits.

Inside the sandbox a bot sees its own code read-only at ``/bot`` (its working folder), a
private empty ``/tmp``, a fresh ``/proc`` and ``/dev``, and read-only the bot interpreter
with its standard library and the shared libraries these load: nothing of the service's
code, data, settings, environment or secrets, and no network at all (a network namespace
of its own, with no interface but loopback).

Resource limits are set with ``setrlimit`` just before bubblewrap starts (CPU seconds,
address space, processes, file size, open files, no core files). Where the service runs as
root, the sandbox first drops to an unprivileged uid of its own (one per sandboxed process,
from :data:`UID_BASE` up), because root ignores the process limit and because every
process of a uid counts towards that uid's limit. ``docs/bots.md`` explains what holds
where the service is not root.

Where bubblewrap cannot run, :func:`require_sandbox` raises :class:`SandboxUnavailable`:
uploaded programs never run outside the sandbox.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

KiB = 1024
MiB = 1024 * KiB

#: The interpreter that runs bots unless ``BOT_PYTHON`` names another: Debian's python3,
#: with the standard library only.
DEFAULT_BOT_PYTHON = "/usr/bin/python3"
#: Where bots' code folders are made unless ``BOT_WORK_ROOT`` names another place.
DEFAULT_WORK_ROOT = os.path.join(tempfile.gettempdir(), "leapfrog-bots")
#: Sandboxed processes run as uids from here up when the service runs as root.
UID_BASE = 2_000_000
#: Processes bubblewrap itself keeps under the bot's uid: its monitor outside the sandbox
#: and the reaper that is process 1 inside it. They count towards the process limit, so
#: the limit is raised by this much to leave the bot its full share.
BWRAP_PROCESSES = 2
#: Where the bot sees its code.
BOT_DIR = "/bot"
#: The environment a bot gets: nothing of the service's.
BOT_ENV = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "PYTHONUTF8": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
    "HOME": "/tmp",
}


@dataclass(frozen=True)
class Limits:
    """What one bot process may use (``docs/bots.md``, Limits).

    Times are in milliseconds, sizes in bytes. ``cpu_seconds`` bounds the CPU time of the
    whole match, thinking on other seats' time included; ``exit_grace_ms`` is how long a bot
    has to exit after ``end``.
    """

    start_ms: int = 5000
    move_ms: int = 1000
    total_ms: int = 10_000
    memory_bytes: int = 256 * MiB
    processes: int = 16
    line_bytes: int = 1 * MiB
    output_bytes: int = 16 * MiB
    tmp_bytes: int = 16 * MiB
    stderr_bytes: int = 64 * KiB
    exit_grace_ms: int = 1000
    cpu_seconds: int = 300
    open_files: int = 64

    def __post_init__(self) -> None:
        for spec in fields(self):
            value = getattr(self, spec.name)
            if type(value) is not int or value < 0 or (value == 0 and spec.name != "total_ms"):
                raise ValueError(f"the limit {spec.name!r} must be a positive integer, not {value!r}")

    def to_start_message(self) -> dict[str, int]:
        """The ``limits`` object of the protocol's ``start`` message."""
        return {"start_ms": self.start_ms, "move_ms": self.move_ms, "total_ms": self.total_ms}

    def to_json(self) -> dict[str, int]:
        return asdict(self)


class SandboxUnavailable(RuntimeError):
    """Bubblewrap cannot run here, so no uploaded program may run."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the bot sandbox cannot run here: {reason}")
        self.reason = reason


# -- the interpreter and what it needs -------------------------------------------------------

def bot_python() -> str:
    """The bot interpreter's path: ``BOT_PYTHON``, else :data:`DEFAULT_BOT_PYTHON`."""
    return os.environ.get("BOT_PYTHON") or DEFAULT_BOT_PYTHON


def work_root() -> Path:
    """The folder under which bots' code folders are made (traversable by every uid)."""
    root = Path(os.environ.get("BOT_WORK_ROOT") or DEFAULT_WORK_ROOT)
    root.mkdir(mode=0o711, parents=True, exist_ok=True)
    os.chmod(root, 0o711)
    return root


@dataclass(frozen=True)
class Layout:
    """The read-only binds a sandbox needs for one interpreter and its masked folders."""

    interpreter: str
    version: str
    binds: tuple[str, ...]
    symlinks: tuple[tuple[str, str], ...]
    masked: tuple[str, ...]


INSPECT = """
import json, os, sys, sysconfig
paths = sysconfig.get_paths()
print(json.dumps({
    "executable": os.path.realpath(sys.executable),
    "version": sys.version.split()[0],
    "stdlib": [paths["stdlib"], paths["platstdlib"]],
    "dynload": [entry for entry in sys.path if entry.endswith("lib-dynload")],
    "site": [paths["purelib"], paths["platlib"],
             *[entry for entry in sys.path if entry.endswith(("site-packages", "dist-packages"))]],
}))
"""

LDD_LINE = re.compile(r"(?:=>\s*)?(/\S+)\s+\(0x[0-9a-f]+\)")


def shared_libraries(paths: list[str]) -> set[str]:
    """The shared libraries the given binaries load, as ``ldd`` resolves them."""
    ldd = shutil.which("ldd") or "/usr/bin/ldd"
    found: set[str] = set()
    for start in range(0, len(paths), 64):
        try:
            output = subprocess.run([ldd, *paths[start:start + 64]], capture_output=True, text=True,
                                    timeout=60, env={"PATH": BOT_ENV["PATH"], "LANG": "C"}).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        for line in output.splitlines():
            match = LDD_LINE.search(line)
            if match and os.path.exists(match.group(1)):
                found.add(match.group(1))
    # glibc loads libgcc_s at run time when a thread exits or is cancelled.
    for library in list(found):
        if os.path.basename(library).startswith("libc.so"):
            gcc = os.path.join(os.path.dirname(library), "libgcc_s.so.1")
            if os.path.exists(gcc):
                found.add(gcc)
    return found


def inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def inspect_interpreter(python: str) -> Layout:
    """Ask the bot interpreter where its standard library lives and resolve its libraries."""
    result = subprocess.run([python, "-I", "-c", INSPECT], capture_output=True, text=True, timeout=60,
                            env={"PATH": BOT_ENV["PATH"], "LANG": "C.UTF-8"}, cwd="/")
    if result.returncode != 0:
        raise SandboxUnavailable(f"{python} does not run: {result.stderr.strip()[-300:]}")
    info = json.loads(result.stdout)
    executable = info["executable"]
    folders = sorted({os.path.realpath(path) for path in info["stdlib"] + info["dynload"]
                      if os.path.isdir(path)})
    folders = [folder for folder in folders if not any(other != folder and inside(folder, other)
                                                       for other in folders)]
    binaries = [executable]
    for folder in info["dynload"]:
        if os.path.isdir(folder):
            binaries += sorted(os.path.join(folder, name) for name in os.listdir(folder)
                               if name.endswith(".so"))
    libraries = shared_libraries(binaries)
    binds = sorted({executable, *folders, *libraries})
    symlinks = []
    if os.path.realpath(python) == executable and python != executable:
        symlinks.append((executable, python))
    site = {os.path.realpath(path) for path in info["site"] if os.path.isdir(path)}
    masked = sorted(path for path in site if any(inside(path, folder) for folder in folders))
    return Layout(executable, info["version"], tuple(binds), tuple(symlinks), tuple(masked))


# -- bubblewrap -----------------------------------------------------------------------------

def bwrap_path() -> str | None:
    return shutil.which("bwrap", path=os.environ.get("PATH", "") + ":/usr/bin:/bin")


_features: dict[str, set[str]] = {}
_layouts: dict[str, Layout] = {}
_status: dict[tuple[str | None, str], tuple[bool, str]] = {}
_lock = threading.Lock()


def bwrap_features(bwrap: str) -> set[str]:
    """The optional flags the installed bubblewrap knows (``--clearenv``, ``--size``, ...)."""
    if bwrap not in _features:
        try:
            text = subprocess.run([bwrap, "--help"], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            text = ""
        _features[bwrap] = {flag for flag in ("--clearenv", "--size", "--disable-userns")
                            if re.search(rf"^\s*{flag}\b", text, re.MULTILINE)}
    return _features[bwrap]


def layout_for(python: str) -> Layout:
    if python not in _layouts:
        _layouts[python] = inspect_interpreter(python)
    return _layouts[python]


# -- the staged root -----------------------------------------------------------------------

#: Changes whenever a staged root's shape does, so that older ones are not reused.
STAGE_FORMAT = 1
#: Mount points every sandbox needs in its root.
MOUNT_POINTS = ("/proc", "/dev", "/tmp", BOT_DIR)

_stages: dict[tuple[Layout, Path], tuple[Path, tuple[str, ...], tuple[str, ...]] | None] = {}
_stage_lock = threading.Lock()


def stage_name(layout: Layout) -> str | None:
    """The staged root's folder name: it changes with any of the layout's files (an
    upgraded library is a new inode), so a stale root is never used. None if one is missing."""
    parts: list[Any] = [STAGE_FORMAT, layout.interpreter, [list(pair) for pair in layout.symlinks]]
    for path in layout.binds:
        try:
            info = os.stat(path)
        except OSError:
            return None
        if os.path.isdir(path):
            parts.append([path, "folder"])
        else:
            parts.append([path, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns])
    return "root-" + hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:20]


def allows_exec(folder: Path) -> bool:
    """Whether programs under ``folder`` may run: a bind mount keeps its source's
    ``noexec``, so a root staged on such a file system (a hardened ``/tmp``) would run nothing."""
    try:
        return not os.statvfs(folder).f_flag & os.ST_NOEXEC
    except OSError:
        return False


def build_stage(layout: Layout, files: tuple[str, ...], folders: tuple[str, ...], root: Path) -> None:
    """Put every file of ``layout`` at its own path under ``root`` (a hard link, or a copy
    where linking is refused), its symlinks, and the mount points of its folders and of
    the sandbox; made aside and renamed into place, so a root is complete or absent."""
    aside = Path(tempfile.mkdtemp(prefix=".stage-", dir=root.parent))
    try:
        for path in files:
            target = aside / path.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            source = os.path.realpath(path)
            try:
                os.link(source, target)
            except OSError:
                shutil.copy2(source, target)
        for target, link in layout.symlinks:
            (aside / link.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
            os.symlink(target, aside / link.lstrip("/"))
        for folder in (*folders, *MOUNT_POINTS):
            (aside / folder.lstrip("/")).mkdir(parents=True, exist_ok=True)
        for directory, _, _ in os.walk(aside):
            os.chmod(directory, 0o755)
        try:
            os.rename(aside, root)
        except OSError:
            if not root.is_dir():  # another worker renamed its own into place first
                raise
    finally:
        shutil.rmtree(aside, ignore_errors=True)


def staged_root(layout: Layout) -> tuple[Path, tuple[str, ...]] | None:
    """A root folder holding every file the sandbox binds, at its own path, and the
    folders (the standard library) still to bind on top of it; None where it cannot be made
    (or the work root's file system forbids running programs), and then every file is
    bound on its own.

    Bubblewrap spends most of its start on mounts, about a millisecond each; the
    interpreter, its libraries and ``ld.so`` are some thirty files, so one bind of a
    prepared root instead of one bind each halves its start. The root holds the same files
    as before and is bound read-only, so the bot sees exactly what it saw. Made once per
    machine under the work root, and again if one of its files has changed or gone.
    """
    key = (layout, work_root())
    with _stage_lock:
        if key not in _stages:
            name = stage_name(layout) if allows_exec(key[1]) else None
            folders = tuple(path for path in layout.binds if os.path.isdir(path))
            files = tuple(path for path in layout.binds if path not in folders)
            _stages[key] = (key[1] / name, files, folders) if name is not None else None
        stage = _stages[key]
        if stage is None:
            return None
        root, files, folders = stage
        if all(os.path.exists(root / path.lstrip("/")) for path in files):
            return root, folders
        try:
            if root.exists():
                shutil.rmtree(root)
            build_stage(layout, files, folders, root)
        except OSError:
            _stages[key] = None
            return None
        return root, folders


def sandbox_command(code_dir: Path, limits: Limits, *, bwrap: str | None = None,
                    python: str | None = None, argv: tuple[str, ...] = ("main.py",)) -> list[str]:
    """The bubblewrap command line that runs ``python main.py`` in ``code_dir``."""
    bwrap = bwrap or bwrap_path()
    if bwrap is None:
        raise SandboxUnavailable("bubblewrap (bwrap) is not installed")
    python = python or bot_python()
    layout = layout_for(python)
    features = bwrap_features(bwrap)
    command = [bwrap, "--unshare-all", "--new-session", "--die-with-parent", "--hostname", "bot"]
    if "--disable-userns" in features:
        command += ["--unshare-user", "--disable-userns"]
    if "--clearenv" in features:
        command.append("--clearenv")
        for name, value in BOT_ENV.items():
            command += ["--setenv", name, value]
    stage = staged_root(layout)
    if stage is not None:
        root, folders = stage
        command += ["--ro-bind", str(root), "/", "--proc", "/proc", "--dev", "/dev"]
        for folder in folders:
            command += ["--ro-bind", folder, folder]
    else:
        command += ["--proc", "/proc", "--dev", "/dev"]
        for path in layout.binds:
            command += ["--ro-bind", path, path]
        for target, link in layout.symlinks:
            command += ["--symlink", target, link]
    for folder in layout.masked:
        command += ["--tmpfs", folder, "--remount-ro", folder]
    if "--size" in features:
        command += ["--size", str(limits.tmp_bytes)]
    command += ["--tmpfs", "/tmp"]
    command += ["--ro-bind", str(code_dir), BOT_DIR, "--chdir", BOT_DIR]
    command += ["--", layout.interpreter, *argv]
    return command


# -- uids and limits ------------------------------------------------------------------------

_counter = itertools.count()


def sandbox_uid() -> int:
    """A uid no other live sandbox uses: the worker's pid (22 bits) and a counter (9 bits),
    so that bots of different matches and workers never share a process count."""
    return UID_BASE + ((os.getpid() % (1 << 22)) << 9) + (next(_counter) % (1 << 9))


def user_task_count(uid: int) -> int:
    """How many processes and threads ``uid`` has now (what ``RLIMIT_NPROC`` counts)."""
    count = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid == uid:
                count += len(os.listdir(f"/proc/{entry.name}/task"))
        except OSError:
            continue
    return count


def process_limit(limits: Limits, as_root: bool) -> int:
    """The ``RLIMIT_NPROC`` figure: the bot's share plus bubblewrap's own processes, plus,
    where the sandbox shares the service's uid, the processes that uid already has."""
    base = limits.processes + BWRAP_PROCESSES
    return base if as_root else base + user_task_count(os.getuid())


def rlimits(limits: Limits, nproc: int) -> list[tuple[int, int, int]]:
    """``(resource, soft, hard)`` for every limit the sandbox sets."""
    return [
        (resource.RLIMIT_CPU, limits.cpu_seconds, limits.cpu_seconds + 1),
        (resource.RLIMIT_AS, limits.memory_bytes, limits.memory_bytes),
        (resource.RLIMIT_NPROC, nproc, nproc),
        (resource.RLIMIT_FSIZE, limits.tmp_bytes, limits.tmp_bytes),
        (resource.RLIMIT_NOFILE, limits.open_files, limits.open_files),
        (resource.RLIMIT_CORE, 0, 0),
    ]


def limiter(settings: list[tuple[int, int, int]]) -> Callable[[], None]:
    """A ``preexec_fn`` that sets the limits in the child just before bubblewrap starts."""
    def apply() -> None:
        for which, soft, hard in settings:
            resource.setrlimit(which, (soft, hard))
    return apply


# -- a sandboxed process --------------------------------------------------------------------

class SandboxProcess:
    """One running sandbox: the bubblewrap process with pipes to the bot's standard streams.

    :meth:`kill` ends the whole process tree (bubblewrap's process group and, with it, the
    sandbox's pid namespace) and reaps it; it may be called any number of times.
    """

    def __init__(self, popen: subprocess.Popen[bytes], uid: int | None) -> None:
        self.popen = popen
        self.uid = uid
        self.pid = popen.pid

    def poll(self) -> int | None:
        return self.popen.poll()

    def wait(self, timeout: float | None = None) -> int | None:
        """The exit status after at most ``timeout`` seconds, or None if it still runs."""
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.popen.returncode is None:
            # Kill the sandbox's process 1 first: its pid namespace dies with it, and
            # bubblewrap reaps it and exits, so no orphan is left for init to reap.
            for child in children_of(self.pid):
                try:
                    os.kill(child, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            if self.wait(timeout=1.0) is None:
                try:
                    os.killpg(self.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
        self.popen.wait()
        if self.uid is not None:
            kill_uid(self.uid)
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass


def children_of(pid: int) -> list[int]:
    """The pids whose parent is ``pid``: what the kernel lists for its threads (one small
    read), or, where it does not (no ``CONFIG_PROC_CHILDREN``), a scan of every process."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    children: list[int] = []
    try:
        for task in tasks:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as handle:
                children += [int(child) for child in handle.read().split()]
    except FileNotFoundError:
        if os.path.exists(f"/proc/{pid}/task/{tasks[0]}"):
            return scanned_children_of(pid)
    except OSError:
        pass
    return children


def scanned_children_of(pid: int) -> list[int]:
    """The pids whose parent is ``pid``, from every process's ``stat`` (slow: a read each)."""
    children = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as handle:
                fields_after_name = handle.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if len(fields_after_name) > 1 and int(fields_after_name[1]) == pid:
            children.append(int(entry.name))
    return children


def kill_uid(uid: int) -> None:
    """Kill whatever a sandbox's private uid still runs (normally nothing: the pid namespace
    dies with bubblewrap). Only for uids the sandbox gave out, never the service's."""
    if uid < UID_BASE:
        return
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid == uid:
                os.kill(int(entry.name), signal.SIGKILL)
        except OSError:
            continue


def start_sandboxed(code_dir: Path, limits: Limits, *,
                    argv: tuple[str, ...] = ("main.py",)) -> SandboxProcess:
    """Start ``python3 main.py`` in ``code_dir`` under the sandbox, with pipes on its
    standard input, output and error. Raises :class:`SandboxUnavailable`."""
    command = sandbox_command(code_dir, limits, argv=argv)
    as_root = os.geteuid() == 0
    uid = sandbox_uid() if as_root else None
    identity: dict[str, Any] = {"user": uid, "group": uid, "extra_groups": []} if as_root else {}
    try:
        popen = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
            env=dict(BOT_ENV), close_fds=True, start_new_session=True, cwd="/",
            preexec_fn=limiter(rlimits(limits, process_limit(limits, as_root))), **identity)
    except OSError as error:
        raise SandboxUnavailable(f"bubblewrap does not start: {error}") from None
    return SandboxProcess(popen, uid)


def make_code_dir() -> Path:
    """A fresh folder for one bot's code, readable by the sandbox's unprivileged uid."""
    path = Path(tempfile.mkdtemp(prefix="bot-", dir=work_root()))
    path.chmod(0o755)
    return path


def remove_code_dir(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


# -- is it available? -----------------------------------------------------------------------

PROBE = "import sys; sys.stdout.write(sys.stdin.readline().upper())"


def probe(limits: Limits) -> tuple[bool, str]:
    bwrap = bwrap_path()
    if bwrap is None:
        return False, "bubblewrap (bwrap) is not installed; install the bubblewrap package"
    python = bot_python()
    if not (os.path.isfile(python) and os.access(python, os.X_OK)):
        return False, f"the bot interpreter {python} does not exist (set BOT_PYTHON)"
    try:
        layout = layout_for(python)
    except (OSError, ValueError, subprocess.SubprocessError, SandboxUnavailable) as error:
        return False, f"cannot inspect the bot interpreter {python}: {error}"
    code_dir = make_code_dir()
    try:
        (code_dir / "main.py").write_text(PROBE + "\n")
        (code_dir / "main.py").chmod(0o644)
        process = start_sandboxed(code_dir, limits)
        try:
            output, errors = process.popen.communicate(b"ready\n", timeout=30)
        except subprocess.TimeoutExpired:
            output, errors = b"", b"no answer within 30 s"
        finally:
            process.kill()
        if output.strip() != b"READY":
            detail = (errors.decode("utf-8", "replace").strip()[-300:]
                      or f"exit status {process.popen.returncode}")
            return False, f"bubblewrap cannot start a sandboxed {python}: {detail}"
    except SandboxUnavailable as error:
        return False, error.reason
    except OSError as error:
        return False, f"bubblewrap cannot start: {error}"
    finally:
        remove_code_dir(code_dir)
    version = subprocess.run([bwrap, "--version"], capture_output=True, text=True).stdout.strip()
    return True, f"{version or 'bubblewrap'} runs {python} (Python {layout.version})"


def sandbox_status() -> tuple[bool, str]:
    """Whether bubblewrap can run a sandboxed bot here, and why (checked once per process)."""
    key = (bwrap_path(), bot_python())
    with _lock:
        if key not in _status:
            _status[key] = probe(Limits())
        return _status[key]


def require_sandbox() -> None:
    """Raise :class:`SandboxUnavailable` unless bubblewrap can run a sandboxed bot here."""
    ok, reason = sandbox_status()
    if not ok:
        raise SandboxUnavailable(reason)
