"""Bots as opponents on the board: each bot seat's turn asked of its bot and played.

A match played on the board (``services/play.py``) moves when someone acts. When the seats to
move include bots, the play service queues :func:`play_bot_turns`, which asks each bot for its
action with the agents tournaments use (built-in strategies in this process under their time
bank, uploaded programs in the bubblewrap sandbox) and plays it through
``play.act(..., bot=True)``, as a person's move would be played.

Nothing lives in memory between two turns, since a turn may wait for a person for days: a
built-in bot is made again for each turn with a random stream derived from the match seed and
the turn, and an uploaded program is started afresh for each of its turns (``start``, one
``turn``, then stopped). The bot's time bank and its turn report are kept in the seat's
``SeatOutput``: every row of ``turns`` holds the bank left after that turn (``bank_ms``).

Idempotent: a turn is asked only while it is still due (the log's move count and the turn's
steps unchanged, the seat still to move), and a turn played meanwhile by another delivery of
the task makes the act refused, which stops this one quietly; the turn report is written in
the act's transaction, so a refused act writes none.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from games.bot_process import ProgramAgent
from games.errors import AgentFailure
from games.registry import get_game
from games.runner import start_info
from games.sandbox import Limits, SandboxUnavailable
from games.seeding import derive_seed
from games.timing import thread_clock
from games.turns import last_lines, limit_of
from tournaments.errors import Conflict, ServiceError
from tournaments.models import LiveGame, Match, Seat, SeatOutput
from tournaments.services import matches, play
from tournaments.services import play_clocks as clocks
from tournaments.services.play_views import OPEN
from tournaments.services.bots import builtin_agent
from tournaments.services.tournaments import bot_limits_of

logger = logging.getLogger(__name__)

#: The most actions one run of the task plays (a whole game between bots fits many times over).
MAX_ACTIONS = 5000

_playing = threading.local()


@dataclass
class BotTurn:
    """A bot seat's turn that is due: where the match stands and what the seat may do."""

    match: Match
    seat: Seat
    count: int
    steps: int
    observation: dict[str, Any]
    legal: list[str]
    players: int

    @property
    def key(self) -> tuple[int, int, int]:
        return self.count, self.steps, self.seat.index


@dataclass
class Answer:
    """What a bot answered: its move, or the reason it forfeits; its turn row and what its
    report keeps (standard error, the forfeit's where and why)."""

    move: str | None = None
    failure: str | None = None
    row: dict[str, Any] | None = None
    stderr: str = ""
    forfeit: dict[str, Any] | None = None


def due_turn(match_id: int) -> BotTurn | None:
    """The first bot seat (in seat order) that must decide now, or None: the match is over,
    not on the board, or waiting for a person. (Seats that have forfeited are played by the
    board itself, from the seed.)"""
    match = Match.objects.select_related("club", "log", "tournament", "ladder").filter(pk=match_id).first()
    if match is None or match.status not in OPEN:
        return None
    live = LiveGame.objects.filter(match=match).first()
    if live is None:
        return None
    state = play.live_state(match, live)
    if state.is_over() or state.is_chance_node():
        return None
    movers = set(state.to_move()) - play.forfeited(match)
    seats = list(match.seats.select_related("player", "bot_version").order_by("index"))
    for seat in seats:
        if seat.index in movers and seat.bot_version_id is not None:
            return BotTurn(match=match, seat=seat, count=match.move_count, steps=len(live.steps),
                           observation=state.observation(seat.index), legal=list(state.legal_actions(seat.index)),
                           players=len(seats))
    return None


def still_due(turn: BotTurn) -> bool:
    found = due_turn(turn.match.pk)
    return found is not None and found.key == turn.key


def report_of(seat: Seat) -> SeatOutput | None:
    return SeatOutput.objects.filter(seat=seat).first()


def bank_left(output: SeatOutput | None, limits: Limits) -> float:
    """The seat's time bank: what its last turn left, or the whole bank before its first."""
    for row in reversed(output.turns if output is not None else []):
        if isinstance(row, dict) and isinstance(row.get("bank_ms"), (int, float)):
            return float(row["bank_ms"])
    return float(limits.total_ms)


def kept_stderr(output: SeatOutput | None) -> int:
    """Bytes of standard error the seat's turns already keep (all turns share one budget)."""
    rows = output.turns if output is not None else []
    return sum(len(str(row.get("stderr", "")).encode("utf-8")) for row in rows if isinstance(row, dict))


def ask_builtin(turn: BotTurn, limits: Limits, bank: float) -> Answer:
    """A built-in strategy's action, on the seat's bank and charged its thread's CPU time."""
    version = turn.seat.bot_version
    game = get_game(turn.match.game)
    seed = derive_seed(turn.match.seed, "board", turn.count, turn.steps)
    agent = builtin_agent(game, version.strategy, turn.seat.index, turn.match.options, turn.players, seed, limits)
    if hasattr(agent, "bank_ms"):
        agent.bank_ms = bank
    at = "start"
    clock, started = thread_clock()
    try:
        agent.start(start_info(game, turn.match.options, turn.seat.index, turn.players, agent))
        at = "move"
        move = agent.choose(turn.observation, turn.legal)
    except AgentFailure as failure:
        forfeit = {"turn": turn.count, "at": at, "reason": failure.reason,
                   "limit": limit_of(failure.reason, at_start=at == "start", bank_ms=bank), "last_lines": []}
        return Answer(failure=failure.reason, forfeit=forfeit)
    ms = (thread_clock()[1] - started) * 1000
    return Answer(move=move, row={"turn": turn.count, "ms": max(0, round(ms)), "stderr": "",
                                  "bank_ms": max(0, round(agent.bank_ms))})


def ask_program(turn: BotTurn, limits: Limits, output: SeatOutput | None, bank: float) -> Answer:
    """An uploaded program's action: started in the sandbox for this turn, then stopped."""
    version = turn.seat.bot_version
    game = get_game(turn.match.game)
    agent = ProgramAgent(bytes(version.code), version.filename, limits, stored=True)
    agent.bank_ms = bank
    agent.turn_log.kept = kept_stderr(output)
    agent.at_turn(turn.count)
    move = failure = None
    try:
        agent.start(start_info(game, turn.match.options, turn.seat.index, turn.players, agent))
        move = agent.choose(turn.observation, turn.legal)
    except AgentFailure as error:
        failure = error.reason
    finally:
        agent.close()
    rows = agent.turns
    row = rows[-1] if rows else None
    if row is not None and failure is None:
        row = {**row, "bank_ms": max(0, round(agent.bank_ms))}
    forfeit = agent.forfeit_report
    if forfeit is not None:
        # Each turn starts the program again: a failed start is this turn's, not the first move's.
        forfeit = {**forfeit, "turn": turn.count}
    elif failure is not None:
        forfeit = {"turn": turn.count, "at": "move", "reason": failure, "last_lines": last_lines(b""),
                   "limit": limit_of(failure, at_start=False, bank_ms=bank)}
    return Answer(move=move, failure=failure, row=row,
                  stderr=agent.stderr_text.replace("\x00", "\ufffd"), forfeit=forfeit)


def keep_report(seat: Seat, answer: Answer, limits: Limits) -> None:
    """Add the turn to the seat's report (inside the act's transaction)."""
    if answer.row is None and not answer.stderr and answer.forfeit is None:
        return
    output, _ = SeatOutput.objects.select_for_update().get_or_create(seat=seat)
    if answer.row is not None:
        output.turns = [*output.turns, answer.row]
    if answer.stderr and len(output.stderr.encode("utf-8")) < limits.stderr_bytes:
        room = limits.stderr_bytes - len(output.stderr.encode("utf-8"))
        output.stderr += answer.stderr.encode("utf-8")[:room].decode("utf-8", "ignore")
    if answer.forfeit is not None:
        output.forfeit = answer.forfeit
    output.save()


def take_turn(turn: BotTurn) -> bool:
    """Ask the bot and play its answer (or record its forfeit); False when the turn was played
    meanwhile by another delivery (nothing is then stored)."""
    seat = turn.seat
    limits = bot_limits_of(turn.match)
    output = report_of(seat)
    bank = bank_left(output, limits)
    if seat.bot_version.uploaded:
        answer = ask_program(turn, limits, output, bank)
    else:
        answer = ask_builtin(turn, limits, bank)
    try:
        with transaction.atomic():
            if answer.failure is not None:
                forfeit(turn, answer.failure)
            else:
                play.act(turn.match.pk, seat=seat.index, action=answer.move, bot=True, index=turn.count)
            keep_report(seat, answer, limits)
    except ServiceError:
        if still_due(turn):
            raise
        return False
    return True


def forfeit(turn: BotTurn, reason: str) -> None:
    """The bot leaves the table with the reason its agent gave, as a flag fall does: with two
    seats the other wins; at a larger table the board plays its seat on from the seed."""
    match = matches.locked(turn.match.pk)
    live = play.locked_live(match)
    matches.check_open(match)
    matches.check_index(match, turn.count)
    if len(live.steps) != turn.steps or turn.seat.index in play.forfeited(match):
        raise Conflict("the bot's turn was played meanwhile", code="stale_index")
    state = play.live_state(match, live)
    clocks.charge(live, clocks.running(state, play.forfeited(match)), timezone.now())
    match = matches.record_forfeit(match, seat=turn.seat.index, reason=reason, index=turn.count)
    if match.status in OPEN:
        match, _ = play.advance(match, live, state, None)
    else:
        live.steps = []
    live.save()
    play.changed(match, live, state, bot=True)


def play_turns(match_id: int) -> int:
    """Play the bot seats' turns of a match on the board until a person must move or the match
    ends; answers how many actions it played. A run already under way for the same match in
    this thread (a task run in-process, queued again by the act it made) plays nothing.
    Raises :class:`SandboxUnavailable` where an uploaded bot is due and cannot run here."""
    busy: set[int] = getattr(_playing, "matches", set())
    _playing.matches = busy
    if match_id in busy:
        return 0
    busy.add(match_id)
    played = 0
    try:
        while played < MAX_ACTIONS:
            turn = due_turn(match_id)
            if turn is None or not take_turn(turn):
                break
            played += 1
    finally:
        busy.discard(match_id)
    return played


#: How long a bot's turn waits for a worker that can run the sandbox, and how many times.
SANDBOX_RETRY_SECONDS = 60
SANDBOX_RETRIES = 60


@shared_task(name="tournaments.play_bot_turns", acks_late=True, bind=True, max_retries=SANDBOX_RETRIES)
def play_bot_turns(self: Any, match_id: int) -> int:
    """Play the bots' turns of a match on the board (queued by the play service whenever bot
    seats must move); a turn already played is not played again. A worker that cannot run the
    sandbox hands an uploaded bot's turn back to the queue for another (or a later) worker."""
    try:
        return play_turns(match_id)
    except SandboxUnavailable as error:
        logger.error("match %s: an uploaded bot cannot move on this machine: %s", match_id, error)
        if self.request.is_eager:
            return 0
        raise self.retry(countdown=SANDBOX_RETRY_SECONDS) from error
