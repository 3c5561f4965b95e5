"""The time bank for built-in bots, which run in the service's own process.

An uploaded program's moves are timed by its process's clock (``games.bot_process``); a
built-in bot runs in the calling thread, so :class:`TimedBot` gives it the same limits: each
move may take ``move_ms``, and what it takes beyond that comes out of a bank of
``total_ms`` per match. A bot whose bank runs out forfeits with ``timeout``, exactly as a
sandboxed one does.

A move is charged the CPU time of the thread that thinks (not the wall clock), so that a
busy machine does not make a bot forfeit: the other seats' work, other requests and other
processes are not the bot's. The bank is enforced while the bot thinks, not after: one
watchdog thread per process wakes when a move's allowance could be spent, reads the bot
thread's CPU clock, and, once the allowance is gone, raises :class:`OutOfTime` in that
thread (CPython's asynchronous exception, delivered between two bytecodes). Built-in bots
are pure Python, so it lands within microseconds; it derives from ``BaseException`` so that
no ``except Exception`` in a search can swallow it.
"""

from __future__ import annotations

import ctypes
import logging
import os
import threading
import time
from collections.abc import Mapping
from typing import Any

from games.errors import AgentFailure
from games.sandbox import Limits

logger = logging.getLogger(__name__)


class OutOfTime(BaseException):
    """Raised inside a built-in bot's thread when its move's allowance is spent."""


_clocks = threading.local()


def thread_clock() -> tuple[int | None, float]:
    """The calling thread's CPU clock id (None where the platform has none: the wall clock
    is used instead) and its reading in seconds."""
    clock = getattr(_clocks, "id", False)
    if clock is False:
        try:
            clock = time.pthread_getcpuclockid(threading.get_ident())
            time.clock_gettime(clock)
        except (AttributeError, OSError):
            clock = None
        _clocks.id = clock
    return clock, (time.monotonic() if clock is None else time.clock_gettime(clock))


class Allowance:
    """One move's allowance of one thread: ``seconds`` of its clock from ``start``."""

    __slots__ = ("ident", "clock", "start", "seconds", "begun", "due", "fired")

    def __init__(self, ident: int, clock: int | None, start: float, seconds: float, begun: float) -> None:
        self.ident = ident
        self.clock = clock
        self.start = start
        self.seconds = seconds
        #: The wall clock when it began, and when the watchdog looks at it next.
        self.begun = begun
        self.due = begun + seconds
        self.fired = False

    def used(self) -> float:
        """Seconds of the thread's clock used so far."""
        now = time.monotonic() if self.clock is None else time.clock_gettime(self.clock)
        return now - self.start

    def used_at_most(self, seconds: float) -> float:
        """:meth:`used`, or less when the wall clock shows no more than ``seconds`` went
        by (CPU time never exceeds the wall clock's): a quick move reads no CPU clock."""
        wall = time.monotonic() - self.begun
        return wall if wall <= seconds else self.used()


class Watchdog:
    """One thread per process that stops the moves whose allowance is spent.

    Arming and disarming cost a lock and, only when the watchdog must wake sooner, a
    notification: the watchdog wakes about once per allowance, not once per move.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """A fresh state: at start, and in a forked child (a Celery worker), which inherits
        the object but not the thread."""
        self._condition = threading.Condition()
        self._armed: dict[int, Allowance] = {}
        self._wake_at: float | None = None
        self._thread: threading.Thread | None = None

    def arm(self, seconds: float) -> Allowance:
        """Give the calling thread ``seconds`` of its CPU time from now."""
        clock, start = thread_clock()
        allowance = Allowance(threading.get_ident(), clock, start, seconds, time.monotonic())
        with self._condition:
            if self._thread is None:
                self._start_thread()
            self._armed[allowance.ident] = allowance
            if self._wake_at is None or allowance.due < self._wake_at:
                self._condition.notify()
        return allowance

    def disarm(self, allowance: Allowance) -> bool:
        """End the allowance; answers whether it was spent (``OutOfTime`` was raised or is
        about to be, in the calling thread)."""
        with self._condition:
            if self._armed.get(allowance.ident) is allowance:
                del self._armed[allowance.ident]
            return allowance.fired

    def _start_thread(self) -> None:
        self._thread = threading.Thread(target=self._run, name="bot-watchdog", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        with self._condition:
            while True:
                now = time.monotonic()
                for allowance in list(self._armed.values()):
                    if allowance.due > now:
                        continue
                    left = allowance.seconds - allowance.used()
                    if left > 0:
                        allowance.due = now + left
                        continue
                    del self._armed[allowance.ident]
                    allowance.fired = True
                    interrupt(allowance.ident)
                self._wake_at = min((allowance.due for allowance in self._armed.values()), default=None)
                self._condition.wait(None if self._wake_at is None else max(0.0, self._wake_at - now))


def interrupt(ident: int) -> None:
    """Raise :class:`OutOfTime` in the thread ``ident`` at its next bytecode."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(OutOfTime))


WATCHDOG = Watchdog()
os.register_at_fork(after_in_child=WATCHDOG.reset)


def _landing() -> None:
    """Bytecodes for a pending :class:`OutOfTime` to land on, inside the caller's ``try``."""
    for _ in range(100):
        pass


class TimedBot:
    """A built-in bot played under a match's time limits: ``move_ms`` per move and a bank of
    ``total_ms``, charged in the thread's CPU time; an empty bank forfeits with ``timeout``,
    and an error in the bot with ``crash (ErrorName)`` (logged), as a program's would."""

    def __init__(self, bot: Any, limits: Limits | None = None) -> None:
        self.bot = bot
        self.limits = limits or Limits()
        self.bank_ms = float(self.limits.total_ms)
        self.failure: str | None = None

    def start(self, info: Mapping[str, Any]) -> None:
        self.bot.start(info)

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        if self.failure is not None:
            raise AgentFailure(self.failure)
        allowance: Allowance | None = None
        spent = False
        try:
            try:
                allowance = WATCHDOG.arm((self.limits.move_ms + max(0.0, self.bank_ms)) / 1000)
                move = self.bot.choose(observation, legal)
            finally:
                if allowance is not None and WATCHDOG.disarm(allowance):
                    spent = True
                    _landing()
        except OutOfTime:
            spent = True
        except Exception as error:  # a bug in a bot ends its seat, not the match
            logger.exception("built-in bot %s failed", type(self.bot).__name__)
            self.failure = f"crash ({type(error).__name__})"
            raise AgentFailure(self.failure) from None
        used_ms = allowance.used_at_most(self.limits.move_ms / 1000) * 1000 if allowance is not None else 0.0
        self.bank_ms -= max(0.0, used_ms - self.limits.move_ms)
        if spent or self.bank_ms < 0:
            self.failure = "timeout"
            raise AgentFailure("timeout")
        return move

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None:
        self.bot.end(result, log)
