"""The bubblewrap sandbox: what a bot can see, and the limits that hold it."""

from __future__ import annotations

import os
import subprocess
import textwrap
import uuid
from pathlib import Path

import pytest

from games import sandbox
from games.sandbox import (Limits, SandboxUnavailable, make_code_dir, remove_code_dir, require_sandbox,
                           sandbox_command, sandbox_status, start_sandboxed)
from tests.helpers import ROOT, skip_or_fail


@pytest.fixture(autouse=True)
def bubblewrap() -> None:
    ok, reason = sandbox_status()
    if not ok:
        skip_or_fail(f"bubblewrap cannot run here: {reason}")


def run(source: str, limits: Limits | None = None, stdin: bytes = b"") -> tuple[int, str, str]:
    """Run a program in the sandbox to its end; answers its exit status, output and error."""
    code_dir = make_code_dir()
    try:
        (code_dir / "main.py").write_text(textwrap.dedent(source))
        (code_dir / "main.py").chmod(0o644)
        process = start_sandboxed(code_dir, limits or Limits())
        try:
            output, errors = process.popen.communicate(stdin, timeout=60)
        finally:
            process.kill()
        return process.popen.returncode, output.decode(), errors.decode()
    finally:
        remove_code_dir(code_dir)


def processes_with(marker: str) -> list[int]:
    """Host pids whose command line holds ``marker``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if marker.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                    found.append(int(entry))
            except OSError:
                continue
    return found


def test_the_status_says_what_runs() -> None:
    ok, reason = sandbox_status()
    assert ok and "bubblewrap" in reason and "Python" in reason
    require_sandbox()


def test_without_a_bot_interpreter_the_sandbox_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_PYTHON", "/nonexistent/python3")
    ok, reason = sandbox_status()
    assert not ok and "/nonexistent/python3" in reason
    with pytest.raises(SandboxUnavailable, match="cannot run here"):
        require_sandbox()


def test_the_command_binds_only_what_the_interpreter_needs(tmp_path: Path) -> None:
    command = sandbox_command(tmp_path, Limits())
    assert {"--unshare-all", "--die-with-parent", "--new-session"} <= set(command)
    binds = [command[index + 1] for index, flag in enumerate(command) if flag == "--ro-bind"]
    assert str(tmp_path) in binds
    for path in binds:
        assert not path.startswith(("/work", "/root", "/home", "/etc", str(ROOT)))
        assert "site-packages" not in path and "dist-packages" not in path and ".venv" not in path
    assert command[command.index("--chdir") + 1] == "/bot"


def staged_files(root: Path) -> set[str]:
    """Every file and symlink under a staged root, as the sandbox sees its path."""
    found = set()
    for directory, _, names in os.walk(root):
        for name in names:
            found.add("/" + os.path.relpath(os.path.join(directory, name), root))
    return found


def first_bind(command: list[str]) -> tuple[Path, str]:
    index = command.index("--ro-bind")
    return Path(command[index + 1]), command[index + 2]


def test_the_interpreters_files_are_bound_as_one_staged_root(tmp_path: Path) -> None:
    layout = sandbox.layout_for(sandbox.bot_python())
    command = sandbox_command(tmp_path, Limits())
    root, target = first_bind(command)
    assert target == "/" and root.parent == sandbox.work_root()
    folders = [path for path in layout.binds if os.path.isdir(path)]
    files = [path for path in layout.binds if path not in folders]
    assert staged_files(root) == set(files) | {link for _, link in layout.symlinks}
    for path in files:
        assert (root / path.lstrip("/")).read_bytes() == Path(path).read_bytes()
    binds = [command[at + 1] for at, flag in enumerate(command) if flag == "--ro-bind"]
    assert binds == [str(root), *folders, str(tmp_path)]
    assert "--symlink" not in command


def test_a_staged_root_that_lost_a_file_is_made_again(tmp_path: Path) -> None:
    root, _ = first_bind(sandbox_command(tmp_path, Limits()))
    library = next(path for path in staged_files(root) if ".so" in path)
    (root / library.lstrip("/")).unlink()
    assert sandbox_command(tmp_path, Limits()) == sandbox_command(tmp_path, Limits())
    assert (root / library.lstrip("/")).is_file()
    status, output, errors = run("print('still runs')")
    assert status == 0 and output == "still runs\n", errors


def test_without_a_staged_root_every_file_is_bound_on_its_own(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sandbox, "build_stage", refuse)
    monkeypatch.setattr(sandbox, "_stages", {})
    monkeypatch.setattr(sandbox, "stage_name", lambda layout: f"root-missing-{uuid.uuid4().hex}")
    layout = sandbox.layout_for(sandbox.bot_python())
    command = sandbox_command(tmp_path, Limits())
    binds = [command[at + 1] for at, flag in enumerate(command) if flag == "--ro-bind"]
    assert binds == [*layout.binds, str(tmp_path)]
    assert ("--symlink" in command) == bool(layout.symlinks)
    status, output, errors = run("import json, random\nprint('runs unstaged')")
    assert status == 0 and output == "runs unstaged\n", errors


def test_no_root_is_staged_where_the_work_root_may_not_run_programs(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    real = os.statvfs

    def noexec(path: object) -> os.statvfs_result:
        found = real(path)  # type: ignore[arg-type]
        return os.statvfs_result((*found[:8], found.f_flag | os.ST_NOEXEC, found.f_namemax))

    monkeypatch.setattr(sandbox, "_stages", {})
    monkeypatch.setattr(sandbox.os, "statvfs", noexec)
    assert sandbox.staged_root(sandbox.layout_for(sandbox.bot_python())) is None
    assert first_bind(sandbox_command(tmp_path, Limits()))[1] != "/"


def test_a_bot_sees_nothing_of_the_service(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://secret@127.0.0.1:5432/leapfrog")
    monkeypatch.setenv("SECRET_KEY", "do-not-leak")
    status, output, errors = run(f"""
        import json, os, socket
        facts = {{
            "uid": os.getuid(),
            "root": sorted(os.listdir("/")),
            "env": sorted(os.environ),
            "visible": [path for path in ("/work", {str(ROOT)!r}, "/root", "/home", "/etc/passwd")
                        if os.path.exists(path)],
            "cwd": os.getcwd(),
            "code": sorted(os.listdir(".")),
            "processes": sorted(name for name in os.listdir("/proc") if name.isdigit()),
        }}
        for name, address in (("database", ("127.0.0.1", 5432)), ("internet", ("1.1.1.1", 80))):
            try:
                socket.create_connection(address, timeout=2).close()
                facts[name] = "connected"
            except OSError as error:
                facts[name] = error.strerror
        print(json.dumps(facts))
    """)
    assert status == 0, errors
    facts = __import__("json").loads(output)
    assert facts["uid"] != 0
    assert facts["visible"] == []
    assert "work" not in facts["root"] and "root" not in facts["root"] and "etc" not in facts["root"]
    assert not {"DATABASE_URL", "SECRET_KEY"} & set(facts["env"])
    assert set(facts["env"]) <= {"PATH", "LANG", "PYTHONUTF8", "PYTHONDONTWRITEBYTECODE", "HOME", "PWD"}
    assert facts["cwd"] == "/bot" and facts["code"] == ["main.py"]
    assert len(facts["processes"]) <= 3
    assert facts["database"] != "connected" and facts["internet"] != "connected"


def test_the_code_is_read_only_and_tmp_is_small() -> None:
    status, output, errors = run("""
        import os
        try:
            open("/bot/new.py", "w")
            print("wrote code")
        except OSError as error:
            print("code read-only", error.errno)
        with open("/tmp/scratch", "wb") as handle:
            try:
                for _ in range(64):
                    handle.write(b"x" * (1024 * 1024))
                    handle.flush()
                print("wrote 64 MiB")
            except OSError as error:
                print("tmp full", error.errno)
    """)
    assert status == 0, errors
    assert "code read-only" in output and "tmp full" in output


def test_the_process_limit_holds_even_for_a_fork_bomb() -> None:
    status, output, errors = run("""
        import os, time
        children = 0
        try:
            while children < 200:
                if os.fork() == 0:
                    time.sleep(30)
                    os._exit(0)
                children += 1
        except OSError as error:
            print(children, error.errno)
    """, Limits(processes=8))
    assert status == 0, errors
    children, errno = map(int, output.split())
    assert 1 <= children <= 7 and errno == 11


def test_threads_count_towards_the_process_limit() -> None:
    status, output, errors = run("""
        import threading, time
        started = 0
        try:
            while started < 200:
                threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
                started += 1
        except RuntimeError:
            print(started, flush=True)
        import os
        os._exit(0)
    """, Limits(processes=8))
    assert status == 0, errors
    assert 1 <= int(output) <= 7


def test_memory_open_files_and_cpu_are_limited() -> None:
    status, output, errors = run("""
        import os
        try:
            block = bytearray(1024 ** 3)
            print("allocated")
        except MemoryError:
            print("memory limited")
        handles = []
        try:
            for _ in range(1000):
                handles.append(open("/bot/main.py"))
        except OSError as error:
            print("files limited", error.errno)
    """, Limits(open_files=32))
    assert status == 0, errors
    assert output.split("\n")[:2] == ["memory limited", "files limited 24"]
    status, _, _ = run("while True: pass", Limits(cpu_seconds=1))
    assert status == 128 + 24  # SIGXCPU, as bubblewrap reports a signal


def test_nothing_is_left_running_after_a_kill() -> None:
    marker = f"stray-{uuid.uuid4().hex}"
    code_dir = make_code_dir()
    try:
        (code_dir / "main.py").write_text(textwrap.dedent(f"""
            import os, sys, time
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(600)", {marker!r}])
                os._exit(0)
            print("ready", flush=True)
            time.sleep(600)
        """))
        (code_dir / "main.py").chmod(0o644)
        process = start_sandboxed(code_dir, Limits())
        assert process.popen.stdout.readline() == b"ready\n"
        for _ in range(100):
            if processes_with(marker):
                break
            __import__("time").sleep(0.05)
        assert processes_with(marker), "the grandchild should be running before the kill"
        process.kill()
        process.kill()
        assert process.popen.returncode is not None
        if process.uid is not None:
            assert sandbox.user_task_count(process.uid) == 0, "not even a zombie is left"
        for _ in range(100):
            if not processes_with(marker):
                break
            __import__("time").sleep(0.05)
        assert processes_with(marker) == []
    finally:
        remove_code_dir(code_dir)


@pytest.mark.skipif(os.geteuid() != 0, reason="uids are only handed out when the service runs as root")
def test_a_processs_children_are_read_from_the_kernel_as_a_scan_finds_them() -> None:
    child = subprocess.Popen(["sleep", "30"])
    try:
        found = sandbox.children_of(os.getpid())
        assert child.pid in found
        assert sorted(found) == sorted(sandbox.scanned_children_of(os.getpid()))
        assert sandbox.children_of(child.pid) == []
    finally:
        child.kill()
        child.wait()
    assert sandbox.children_of(child.pid) == []


def test_each_sandbox_runs_as_its_own_unprivileged_uid() -> None:
    uids = {sandbox.sandbox_uid() for _ in range(50)}
    assert len(uids) == 50 and min(uids) >= sandbox.UID_BASE
    first = run("import os; print(os.getuid(), os.getgid(), os.getgroups())")[1].split(maxsplit=2)
    second = run("import os; print(os.getuid())")[1].strip()
    assert int(first[0]) >= sandbox.UID_BASE and first[0] == first[1] and first[2].strip() == "[]"
    assert first[0] != second


def test_limits_are_checked_and_go_into_the_start_message() -> None:
    assert Limits().to_start_message() == {"start_ms": 5000, "move_ms": 1000, "total_ms": 10000}
    with pytest.raises(ValueError, match="move_ms"):
        Limits(move_ms=0)
    with pytest.raises(ValueError, match="processes"):
        Limits(processes=-1)


def test_the_interpreter_is_debians_python_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOT_PYTHON", raising=False)
    assert sandbox.bot_python() == "/usr/bin/python3"
    monkeypatch.setenv("BOT_PYTHON", "/opt/python3")
    assert sandbox.bot_python() == "/opt/python3"
    assert subprocess.run(["/usr/bin/python3", "-c", "import sys"]).returncode == 0
