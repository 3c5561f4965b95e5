"""An uploaded program as a seat of a match: the JSON-lines bot protocol over a sandbox.

:class:`ProgramAgent` implements the runner's agent protocol (``start``, ``choose``,
``end``) by talking to ``python3 main.py`` in the sandbox exactly as
``docs/bots.md`` says. Every fault of the program (too slow, crashed, exited, wrong
answer, over a limit) raises :class:`~games.runner.AgentFailure` with a short reason that
starts with one of :data:`REASONS`; the runner turns it into a forfeit. Faults of the
machine (no sandbox) raise :class:`~games.sandbox.SandboxUnavailable` instead, since they
are not the bot's.

The caller owns the agent's lifetime: use it as a context manager, or call :meth:`close`.
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import select
import signal
import time
import weakref
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from games.bundle import Bundle, check_bundle, unpack_bundle
from games.errors import AgentFailure
from games.sandbox import (Limits, SandboxProcess, SandboxUnavailable, make_code_dir, remove_code_dir,
                           require_sandbox, start_sandboxed)
from games.turns import TURN_STDERR_BYTES, TurnLog, last_lines, limit_of

#: The most legal moves a ``turn`` message lists; above it, ``legal_count`` replaces ``legal``.
PROTOCOL_CAP = 5000
PROTOCOL = 1
#: A stored bundle's kind stands for a file name of that kind.
KIND_NAMES = {"python": "main.py", "zip": "bundle.zip"}
#: The first word of every failure reason.
REASONS = ("timeout", "crash", "exit", "illegal move", "malformed output", "limit exceeded")
#: How much of the end of standard error is kept (not shown) to recognise a failure's cause.
TAIL_BYTES = 4096
#: Characters of a bad answer quoted in a reason.
QUOTE_CHARS = 60
CHUNK = 64 * 1024
#: The size asked of the bot's standard error pipe (Linux gives 64 KiB unless asked).
STDERR_PIPE_BYTES = 1024 * 1024

#: The last line of a Python traceback that tells which limit a crash hit.
LIMIT_SIGNS = (
    ("MemoryError", "memory"),
    ("[Errno 11] Resource temporarily unavailable", "processes"),
    ("can't start new thread", "processes"),
    ("[Errno 24] Too many open files", "open files"),
    ("[Errno 27] File too large", "file size"),
    ("[Errno 28] No space left on device", "disk"),
)


def quoted(text: str) -> str:
    """A bot's answer as a reason quotes it, cut short."""
    shown = text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + "…"
    return repr(shown)


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


class ProgramAgent:
    """A seat played by an uploaded program in the sandbox.

    >>> agent = ProgramAgent(b"print('no')\\n", "bot.py", Limits(move_ms=200))
    >>> agent.bundle.files, agent.limits.move_ms
    (('main.py',), 200)
    >>> agent.close()
    """

    #: The runner asks concurrent agents for simultaneous moves at the same moment.
    concurrent = True

    def __init__(self, code: bytes, filename: str, limits: Limits | None = None, *, stored: bool = False) -> None:
        """``filename`` is the upload's name, or a stored bundle's kind (``"python"``, ``"zip"``);
        ``stored`` code was compiled when it was uploaded and is not compiled again here."""
        self.limits = limits or Limits()
        filename = KIND_NAMES.get(filename, filename)
        #: The checked upload (raises :class:`~games.bundle.BundleError` for a bad one).
        self.bundle: Bundle = check_bundle(code, filename, compile_source=not stored)
        self._code = code
        #: The display name the bot gave in ``ready``, if any.
        self.ready_name: str | None = None
        #: The reason of the failure that ended this bot, if one did.
        self.failure: str | None = None
        self.bank_ms = float(self.limits.total_ms)
        self.moves = 0
        self._process: SandboxProcess | None = None
        self._code_dir: Path | None = None
        self._stdout = bytearray()
        self._output_total = 0
        self._stderr = bytearray()
        self._stderr_tail = bytearray()
        #: The turn report (``games.turns``): the move index the runner gave for the turn
        #: asked next, what this turn has written to standard error so far, and the turns.
        self.turn: int | None = None
        self.turn_log = TurnLog(self.limits.stderr_bytes)
        self._turn_stderr = bytearray()
        self._turn_seen = 0
        self._pending: dict[str, Any] | None = None
        self._phase = "start"
        self._failed_at: tuple[str, int | None, float] | None = None
        self._poller: select.poll | None = None
        self._stdin_fd: int | None = None
        self._stdout_fd: int | None = None
        self._stderr_fd: int | None = None
        self._stdin_open = False
        self._closed = False
        self._stopped = False
        self._finalizer: weakref.finalize | None = None

    # -- the agent protocol -----------------------------------------------------------------

    def start(self, info: Mapping[str, Any]) -> None:
        """Start the program and send ``start``; it must answer ``ready`` within ``start_ms``."""
        if self._closed:
            raise AgentFailure("exit")
        require_sandbox()
        message = {"type": "start", "protocol": PROTOCOL, **info}
        message.setdefault("limits", self.limits.to_start_message())
        self._code_dir = make_code_dir()
        unpack_bundle(self._code, self.bundle.kind, self._code_dir)
        self._process = self._launch(self._code_dir)
        self._watch()
        self._finalizer = weakref.finalize(self, cleanup, self._process, self._code_dir)
        deadline = time.monotonic() + self.limits.start_ms / 1000
        answer = self._guarded(lambda: self._exchange(message, deadline))
        if not isinstance(answer, dict) or answer.get("type") != "ready":
            self._fail('malformed output (expected {"type": "ready"} after start)')
        name = answer.get("name")
        if isinstance(name, str) and name.strip():
            self.ready_name = name.strip()[:100]

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        """Send ``turn`` and answer the bot's move; its time beyond ``move_ms`` is taken
        from the bank, and an empty bank is a timeout."""
        if self.failure is not None:
            raise AgentFailure(self.failure)
        if self._process is None or self._stopped:
            raise AgentFailure("exit")
        self._finish_turn()
        self._phase = "move"
        bank = max(0, int(self.bank_ms))
        message: dict[str, Any] = {"type": "turn", "observation": observation}
        if len(legal) > PROTOCOL_CAP:
            message["legal_count"] = len(legal)
        else:
            message["legal"] = legal
        message["bank_ms"] = bank
        sent = time.monotonic()
        deadline = sent + (self.limits.move_ms + bank) / 1000
        self._pending = {"turn": self.turn, "sent": sent, "bank": bank}
        answer = self._guarded(lambda: self._exchange(message, deadline))
        used_ms = (time.monotonic() - sent) * 1000
        self._pending["ms"] = used_ms
        self.bank_ms -= max(0.0, used_ms - self.limits.move_ms)
        if self.bank_ms < 0:
            self._fail("timeout")
        move = answer.get("move") if isinstance(answer, dict) else None
        if not isinstance(move, str):
            self._fail("malformed output (expected an object with a string 'move')")
        if move not in legal:
            self._fail(f"illegal move {quoted(move)}")
        self.moves += 1
        return move

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None:
        """Send ``end``, give the bot ``exit_grace_ms`` to exit, then end its process."""
        self._phase = "end"  # what the bot writes until it exits counts to its last turn
        if self._process is None or self.failure is not None or self._stopped:
            self._stop()
            return
        deadline = time.monotonic() + self.limits.exit_grace_ms / 1000
        try:
            self._send_and_drain({"type": "end", "result": dict(result), "log": dict(log)}, deadline)
        except AgentFailure:
            pass
        finally:
            self._stop()

    # -- results for the owner --------------------------------------------------------------

    @property
    def stderr_text(self) -> str:
        """The first ``stderr_bytes`` (64 KiB) of the bot's standard error, for its owner."""
        return self._stderr.decode("utf-8", "replace")

    def at_turn(self, index: int) -> None:
        """The runner names the move index (in the log) of the turn it asks next."""
        self.turn = index

    @property
    def turns(self) -> list[dict[str, Any]]:
        """Every turn asked: its move index, thinking time in ms (as the time bank counts
        it) and the standard error read from sending the turn until the next was sent."""
        self._finish_turn()
        return self.turn_log.turns

    @property
    def forfeit_report(self) -> dict[str, Any] | None:
        """Where and why the bot forfeited: ``turn`` (its move index, or the first move's for
        a failed start), ``at`` (start or move), ``limit``, ``reason`` and its ``last_lines``;
        None when it did not (a fault after the match's end is no forfeit)."""
        if self.failure is None or self._failed_at is None or self._failed_at[0] == "end":
            return None
        phase, turn, bank = self._failed_at
        return {"turn": turn if turn is not None else 0, "at": phase, "reason": self.failure,
                "limit": limit_of(self.failure, at_start=phase == "start", bank_ms=bank),
                "last_lines": last_lines(bytes(self._stderr_tail))}

    def _finish_turn(self) -> None:
        """Store the turn asked last (if any) with the standard error it wrote."""
        self._drain_stderr()
        pending = self._pending
        if pending is not None:
            self._pending = None
            ms = pending.get("ms", (time.monotonic() - pending["sent"]) * 1000)
            self.turn_log.add(pending["turn"], ms, bytes(self._turn_stderr), self._turn_seen)
        self._turn_stderr.clear()
        self._turn_seen = 0

    def close(self) -> None:
        """End the process (if any) and remove the bot's code folder; safe to repeat."""
        self._closed = True
        self._stop()
        if self._finalizer is not None:
            self._finalizer()
        elif self._code_dir is not None:
            remove_code_dir(self._code_dir)

    def __enter__(self) -> ProgramAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _launch(self, code_dir: Path) -> SandboxProcess:
        """Start the program in ``code_dir``: always in the sandbox. (``bench/bot_roundtrip.py``
        overrides it to time the same protocol over a plain process.)"""
        return start_sandboxed(code_dir, self.limits)

    # -- the pipes --------------------------------------------------------------------------

    def _fail(self, reason: str) -> Any:
        """Record a failure (and where it happened), end the process and raise it."""
        if self.failure is None:
            self.failure = reason
            bank = self._pending["bank"] if self._pending is not None else self.bank_ms
            self._failed_at = (self._phase, self.turn if self._phase == "move" else None, bank)
        self._stop()
        raise AgentFailure(reason)

    def _guarded(self, exchange: Callable[[], bytes]) -> Any:
        """Run one exchange; a failure ends the process and raises."""
        try:
            line = exchange()
        except AgentFailure as failure:
            self._fail(failure.reason)
        try:
            return json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            self._fail(f"malformed output (not JSON: {quoted(line.decode('utf-8', 'replace').strip())})")

    def _stop(self) -> None:
        if self._process is not None and not self._stopped:
            self._stopped = True
            self._drain_stderr()
            self._process.kill()
            # kill() closed the pipes: their numbers may now belong to other files.
            self._stdin_open = False
            self._stdin_fd = self._stdout_fd = self._stderr_fd = None
            self._finish_turn()

    def _exchange(self, message: dict[str, Any], deadline: float) -> bytes:
        """Send one message and answer the bot's next non-blank line, before ``deadline``."""
        self._drain_stdout_now()
        if self._next_line() is not None:
            raise AgentFailure("malformed output (a line before it was asked for)")
        return self._pump(encode(message), deadline, want_line=True) or b""

    def _send_and_drain(self, message: dict[str, Any], deadline: float) -> None:
        """Send the last message, close the bot's input and wait for it to exit."""
        self._pump(encode(message), deadline, want_line=False)

    def _watch(self) -> None:
        """Make the bot's pipes non-blocking and watch its output, once per process: every
        exchange then costs one write and one ``poll`` for the answer, and no set-up."""
        assert self._process is not None
        popen = self._process.popen
        self._poller = select.poll()
        for stream in (popen.stdin, popen.stdout, popen.stderr):
            if stream is not None:
                os.set_blocking(stream.fileno(), False)
        if popen.stderr is not None and os.geteuid() == 0:
            # A bot flooding its standard error then wakes the service 16 times less often.
            # Only as root: for other users the kernel counts pipe sizes against a shared
            # allowance, and past it gives every new pipe of that user a single page.
            try:
                fcntl.fcntl(popen.stderr.fileno(), fcntl.F_SETPIPE_SZ, STDERR_PIPE_BYTES)
            except OSError:
                pass
        self._stdin_fd = popen.stdin.fileno() if popen.stdin is not None else None
        self._stdin_open = self._stdin_fd is not None
        for stream in (popen.stdout, popen.stderr):
            if stream is not None:
                self._poller.register(stream.fileno(), select.POLLIN)
        self._stdout_fd = popen.stdout.fileno() if popen.stdout is not None else None
        self._stderr_fd = popen.stderr.fileno() if popen.stderr is not None else None

    def _pump(self, outgoing: bytes, deadline: float, *, want_line: bool) -> bytes | None:
        """Write ``outgoing`` while reading standard output and error, until a line is
        complete (``want_line``) or the bot closes its output, or ``deadline`` passes.

        Whatever the pipe takes at once is written before waiting (a turn nearly always
        fits), so the bot's input is watched only while part of a message is left."""
        assert self._process is not None and self._poller is not None
        poller = self._poller
        pending = self._write(memoryview(outgoing))
        stdin_fd = self._stdin_fd
        if pending:
            poller.register(stdin_fd, select.POLLOUT)
        elif not want_line:
            self._close_stdin()
        try:
            while True:
                if want_line:
                    line = self._next_line()
                    if line is not None:
                        return line
                if self._stdout_fd is None:
                    if want_line:
                        self._raise_after_exit()
                    return None
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AgentFailure("timeout")
                for fd, _ in poller.poll(math.ceil(remaining * 1000)):
                    if pending and fd == stdin_fd:
                        pending = self._write(pending)
                        if not pending:
                            poller.unregister(fd)
                            if not want_line:
                                self._close_stdin()
                    elif fd == self._stdout_fd:
                        data = read_some(fd)
                        if data is None:
                            continue
                        if not data:
                            self._stdout_closed()
                            continue
                        self._take_output(data, count=want_line)
                    elif fd == self._stderr_fd:
                        data = read_some(fd)
                        if data is None:
                            continue
                        if not data:
                            poller.unregister(fd)
                            self._stderr_fd = None
                            continue
                        self._take_stderr(data)
        finally:
            if pending:
                poller.unregister(stdin_fd)

    def _write(self, pending: memoryview) -> memoryview:
        """Write what the bot's input takes now; answer what is left (nothing once the bot
        has closed its input: its output then says why)."""
        if not self._stdin_open or self._stdin_fd is None:
            return pending[len(pending):]
        try:
            while pending:
                pending = pending[os.write(self._stdin_fd, pending[:CHUNK]):]
        except BlockingIOError:
            pass
        except OSError:
            pending = pending[len(pending):]
        return pending

    def _stdout_closed(self) -> None:
        if self._stdout_fd is not None and self._poller is not None:
            self._poller.unregister(self._stdout_fd)
        self._stdout_fd = None

    def _close_stdin(self) -> None:
        assert self._process is not None
        self._stdin_open = False
        stdin = self._process.popen.stdin
        if stdin is not None:
            try:
                stdin.close()
            except OSError:
                pass

    def _next_line(self) -> bytes | None:
        """Pop the next non-blank line from what the bot wrote, or None if none is complete."""
        while True:
            end = self._stdout.find(b"\n")
            if end < 0:
                if len(self._stdout) > self.limits.line_bytes:
                    raise AgentFailure("limit exceeded (line)")
                return None
            line = bytes(self._stdout[:end])
            del self._stdout[: end + 1]
            if len(line) > self.limits.line_bytes:
                raise AgentFailure("limit exceeded (line)")
            if line.strip():
                return line

    def _take_output(self, data: bytes, *, count: bool) -> None:
        if not count:
            return
        self._output_total += len(data)
        if self._output_total > self.limits.output_bytes:
            raise AgentFailure("limit exceeded (output)")
        self._stdout.extend(data)

    def _take_stderr(self, data: bytes) -> None:
        room = self.limits.stderr_bytes - len(self._stderr)
        if room > 0:
            self._stderr.extend(data[:room])
        self._stderr_tail.extend(data)
        del self._stderr_tail[:-TAIL_BYTES]
        if self._pending is not None:
            self._turn_seen += len(data)
            self._turn_stderr.extend(data[:max(0, TURN_STDERR_BYTES - len(self._turn_stderr))])

    def _drain_stdout_now(self) -> None:
        """Read whatever the bot has written so far without waiting."""
        while self._stdout_fd is not None:
            data = read_some(self._stdout_fd)
            if data is None:
                return
            if not data:
                self._stdout_closed()
                return
            self._take_output(data, count=True)

    def _drain_stderr(self) -> None:
        """Keep what the bot has written to standard error so far without waiting."""
        for _ in range(4096):
            if self._stderr_fd is None:
                return
            data = read_some(self._stderr_fd)
            if not data:
                return
            self._take_stderr(data)

    def _raise_after_exit(self) -> None:
        """The bot closed its output: say why, from its exit status and last words."""
        assert self._process is not None
        status = self._process.wait(timeout=1.0)
        self._drain_stderr()
        raise AgentFailure(self._exit_reason(status))

    def _exit_reason(self, status: int | None) -> str:
        if status is None or status == 0:
            return "exit"
        last = self._stderr_tail.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        for sign, limit in LIMIT_SIGNS:
            if sign in last[0]:
                return f"limit exceeded ({limit})"
        # bubblewrap reports a bot killed by signal N as exit status 128 + N.
        number = -status if status < 0 else status - 128 if 128 < status < 128 + 65 else 0
        if number == signal.SIGXCPU:
            return "limit exceeded (cpu)"
        if number == signal.SIGXFSZ:
            return "limit exceeded (file size)"
        if number:
            return f"crash (killed by {signal_name(number)})"
        return f"crash (exit code {status})"


#: One encoder for every message (``json.dumps`` with options builds one per call).
ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encode(message: Mapping[str, Any]) -> bytes:
    """One protocol line: compact JSON in UTF-8 and its newline."""
    return (ENCODER.encode(message) + "\n").encode("utf-8")


def read_some(fd: int) -> bytes | None:
    """What a pipe holds now: bytes, ``b""`` at its end, or None when nothing came yet."""
    try:
        return os.read(fd, CHUNK)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def cleanup(process: SandboxProcess, code_dir: Path) -> None:
    """End a sandbox and remove its code (also run if an agent is dropped unclosed)."""
    try:
        process.kill()
    finally:
        remove_code_dir(code_dir)


__all__ = ["PROTOCOL_CAP", "REASONS", "Limits", "ProgramAgent", "SandboxUnavailable"]
