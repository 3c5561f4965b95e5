"""The match-log envelope and its verification, exactly as ``docs/log-format.md`` says.

:func:`verify_log` replays a parsed log and :func:`verify_bytes` a raw body; both answer a
verification object (a plain dict, ready for JSON) and never raise, whatever the input.

>>> verify_bytes(b"[]")["error"]["code"]
'bad_format'
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, BinaryIO, NamedTuple

from games.base import Game, GameState, Result
from games.errors import GameError, PlayersError
from games.jsondepth import depth_error
from games.registry import get_game
from games.seeding import commitment as commit

FORMAT = 1
#: The largest log body the service reads, in bytes.
MAX_LOG_BYTES = 16 * 1024 * 1024
#: The most moves a log may hold (a 6-seat Froggit game of 10,000 rounds fits).
MAX_MOVES = 250_000
#: Names of seats: free text of this many characters at most.
MAX_NAME_CHARS = 100
#: Moves are quoted in messages up to this many characters.
QUOTE_CHARS = 60

COMMITMENT_PATTERN = re.compile(r"sha256:([0-9a-fA-F]{64})")


class Forfeit(NamedTuple):
    """A seat that left the game once ``after`` moves had been played."""

    seat: int
    after: int
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "after": self.after, "reason": self.reason}


class LogError(Exception):
    """A verification failure: a code, where it was found, and a message for people."""

    def __init__(self, code: str, at: str | int, message: str, move: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.at = at
        self.message = message
        self.move = move

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"at": self.at}
        if isinstance(self.at, int):
            error["move"] = self.move
        error.update(code=self.code, message=self.message)
        return error


def commitment_matches(seed: str, commitment: str) -> bool:
    """True when ``commitment`` is ``sha256:`` and the hex SHA-256 of ``seed``."""
    found = COMMITMENT_PATTERN.fullmatch(commitment)
    return found is not None and found.group(1).lower() == commit(seed)[len("sha256:"):]


def final_result(state: GameState, forfeits: Sequence[Forfeit]) -> Result:
    """The result of a log that has ended, forfeits applied (``docs/log-format.md``, Forfeits).

    In a two-seat game a forfeit ends the game: the other seat ranks 1 and the scores are
    those of the moment. Otherwise the seats that did not forfeit rank by the game's own
    result, above every forfeited seat; a later forfeit ranks above an earlier one.
    """
    n = state.num_players
    if n == 2 and forfeits:
        loser = forfeits[0]
        ranks = [1, 1]
        ranks[loser.seat] = 2
        return Result(ranks, list(state.scores()),
                      {"forfeit": loser.to_json(), "finished_by": "forfeit"})
    result = state.result()
    if not forfeits:
        return result
    after = {forfeit.seat: forfeit.after for forfeit in forfeits}
    playing = [seat for seat in range(n) if seat not in after]
    ranks = [0] * n
    for seat in playing:
        ranks[seat] = 1 + sum(1 for other in playing if result.ranks[other] < result.ranks[seat])
    for seat, moment in after.items():
        ranks[seat] = 1 + len(playing) + sum(1 for other in after.values() if other > moment)
    detail = {**result.detail, "forfeits": [forfeit.to_json() for forfeit in forfeits]}
    return Result(ranks, list(result.scores), detail)


def quote(move: Any) -> str:
    """A move as it appears in a message, cut short when long."""
    text = json.dumps(move, ensure_ascii=False)
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + "…\""


def seats_phrase(seats: Sequence[int], num_players: int) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    if len(seats) == num_players and num_players > 1:
        return "all seats"
    if not seats:
        return "no seat"
    return "seats " + ", ".join(map(str, seats))


# -- step 1: types ----------------------------------------------------------------------------

REQUIRED = ("format", "game", "players", "moves")
FIELD_TYPES: tuple[tuple[str, type, str], ...] = (
    ("format", int, "the integer 1"),
    ("game", str, "a string"),
    ("options", dict, "an object"),
    ("players", list, "an array"),
    ("moves", list, "an array"),
    ("setup", dict, "an object"),
    ("forfeits", list, "an array of objects"),
    ("result", dict, "an object"),
    ("seed", str, "a string"),
    ("commitment", str, "a string"),
)


def is_integer(value: Any) -> bool:
    return type(value) is int


def is_number(value: Any) -> bool:
    return (type(value) is int) or (type(value) is float and math.isfinite(value))


def check_types(log: Mapping[str, Any]) -> None:
    for name, kind, wanted in FIELD_TYPES:
        value = log.get(name)
        if value is None:
            if name in REQUIRED:
                raise LogError("bad_format", name, f"the log has no {name!r} field, which is required")
            continue
        if name == "format":
            if not (type(value) is int and value == FORMAT):
                raise LogError("bad_format", "format",
                               f"'format' must be the integer {FORMAT}, not {quote(value)}")
            continue
        if not isinstance(value, kind):
            raise LogError("bad_format", name, f"{name!r} must be {wanted}, not {quote(value)}")
        if name == "moves" and len(value) > MAX_MOVES:
            raise LogError("bad_format", "moves",
                           f"the log has {len(value)} moves; the service reads at most {MAX_MOVES}")
        if name == "forfeits" and not all(isinstance(entry, dict) for entry in value):
            raise LogError("bad_format", "forfeits", "'forfeits' must be an array of objects")
        if name == "result":
            ranks, scores = value.get("ranks"), value.get("scores")
            if not (isinstance(ranks, list) and all(is_integer(rank) for rank in ranks)):
                raise LogError("bad_format", "result", "the claimed result's 'ranks' must be an array of integers")
            if not (isinstance(scores, list) and all(is_number(score) for score in scores)):
                raise LogError("bad_format", "result", "the claimed result's 'scores' must be an array of numbers")


# -- steps 3 and 4: options, players, setup, forfeits -----------------------------------------

def check_players(game: Game, options: Mapping[str, Any], players: list[Any]) -> None:
    game.check_players(options, len(players))
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_CHARS:
            raise PlayersError(f"the name of seat {seat} must be text of 1 to {MAX_NAME_CHARS} characters, "
                               f"not {quote(name)}")


def parse_forfeits(entries: list[dict[str, Any]], num_players: int, num_moves: int) -> list[Forfeit]:
    forfeits: list[Forfeit] = []
    seen: set[int] = set()
    for index, entry in enumerate(entries):
        seat, after, reason = entry.get("seat"), entry.get("after"), entry.get("reason")
        where = f"forfeit {index}"
        if not is_integer(seat) or not 0 <= seat < num_players:
            raise LogError("bad_forfeit", "forfeits", f"{where} names seat {quote(seat)}, which is not a seat of this game")
        if not is_integer(after) or not 0 <= after <= num_moves:
            raise LogError("bad_forfeit", "forfeits",
                           f"{where} (seat {seat}) has 'after' {quote(after)}; it must be an integer from 0 to {num_moves}")
        if seat in seen:
            raise LogError("bad_forfeit", "forfeits", f"seat {seat} forfeits twice")
        if reason is not None and not isinstance(reason, str):
            raise LogError("bad_forfeit", "forfeits", f"{where} (seat {seat}) has a 'reason' that is not text")
        if num_players == 2 and forfeits:
            raise LogError("bad_forfeit", "forfeits", "a two-seat game has at most one forfeit: the first ends it")
        seen.add(seat)
        forfeits.append(Forfeit(seat, after, reason or ""))
    return forfeits


# -- the whole verification -------------------------------------------------------------------

class Replay(NamedTuple):
    """A verified log: the game, its final state and the forfeits, for callers that need more
    than the verification object (the match runner, the services)."""

    game: Game
    options: dict[str, Any]
    players: list[str]
    setup: dict[str, Any]
    state: GameState
    forfeits: list[Forfeit]
    finished: bool
    result: Result | None

    def verification(self) -> dict[str, Any]:
        answer: dict[str, Any] = {"valid": True, "game": self.game.slug,
                                  "moves": len(self.state.moves), "finished": self.finished}
        if self.result is not None:
            answer["result"] = self.result.to_json()
        return answer


def replay(log: Any) -> Replay:
    """Replay and check a parsed log; raises :class:`LogError` at the first fault."""
    if not isinstance(log, dict):
        raise LogError("bad_format", "format", "the log must be a JSON object")
    check_types(log)
    try:
        game = get_game(log["game"])
    except GameError as error:
        raise LogError(error.code, "game", str(error)) from None
    players: list[Any] = log["players"]
    moves: list[Any] = log["moves"]
    try:
        options = game.parse_options(log.get("options"), len(players))
    except GameError as error:
        raise LogError("bad_options", "options", str(error)) from None
    try:
        check_players(game, options, players)
    except GameError as error:
        raise LogError("bad_players", "players", str(error)) from None
    try:
        setup = game.parse_setup(log.get("setup"), options, len(players))
    except GameError as error:
        raise LogError("bad_setup", "setup", str(error)) from None
    forfeits = parse_forfeits(log.get("forfeits") or [], len(players), len(moves))
    seed, promised = log.get("seed"), log.get("commitment")
    if seed is not None and promised is not None and not commitment_matches(seed, promised):
        raise LogError("seed_mismatch", "seed", "the seed does not match the commitment published for it")

    state = game.new_state(options, len(players), setup)
    cut = forfeits[0].after if len(players) == 2 and forfeits else -1  # -1: no forfeit ends the game
    is_over, apply_move = state.is_over, state.apply_move
    for index, move in enumerate(moves):
        if is_over() or index == cut:
            why = "the game had ended" if state.is_over() else f"seat {forfeits[0].seat} forfeited"
            raise LogError("moves_after_end", index,
                           f"move {index} comes after the end: {why} after {index} moves", move)
        if not isinstance(move, str):
            seats = seats_phrase(state.movers(), len(players))
            raise LogError("bad_notation", index, f"move {index} ({seats}) is {quote(move)}, not a string", move)
        try:
            apply_move(move)
        except GameError as error:
            # Named only for the message: a state that raises is unchanged, so these are
            # the seats of the move refused.
            seats = seats_phrase(state.movers(), len(players))
            code = error.code if error.code in ("bad_notation", "illegal_move", "moves_after_end") else "illegal_move"
            raise LogError(code, index, f"move {index} ({seats}): {error}", move) from None
    # A move after the end is refused above, so a game that has ended did so at the last move.
    ended_at = len(moves) if moves and state.is_over() else None
    for forfeit in forfeits:
        if ended_at is not None and forfeit.after >= ended_at:
            raise LogError("bad_forfeit", "forfeits",
                           f"seat {forfeit.seat} forfeits after {forfeit.after} moves, "
                           f"but the game had already ended after {ended_at}")

    finished = state.is_over() or cut == len(moves)
    result = final_result(state, forfeits) if finished else None
    claimed = log.get("result")
    if claimed is not None:
        if result is None:
            raise LogError("result_mismatch", "result", "a result is claimed, but the game is not finished")
        if claimed["ranks"] != result.ranks or claimed["scores"] != result.scores:
            raise LogError("result_mismatch", "result",
                           f"the claimed result (ranks {claimed['ranks']}, scores {claimed['scores']}) differs "
                           f"from the replayed one (ranks {result.ranks}, scores {result.scores})")
    return Replay(game, options, list(players), setup, state, forfeits, finished, result)


def verify_log(log: Any) -> dict[str, Any]:
    """The verification object of a parsed log. Never raises."""
    game = log.get("game") if isinstance(log, dict) and isinstance(log.get("game"), str) else None
    try:
        return replay(log).verification()
    except LogError as error:
        return {"valid": False, "game": game, "error": error.to_json()}
    except RecursionError:
        return {"valid": False, "game": game,
                "error": LogError("bad_format", "format", "the log is nested too deeply").to_json()}


def parse_body(data: bytes | str) -> Any:
    """Parse a log body (UTF-8 JSON, at most :data:`MAX_LOG_BYTES`); raises :class:`LogError`."""
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise LogError("bad_format", "format", "the log is not valid UTF-8 text") from None
    if len(data) > MAX_LOG_BYTES:
        raise LogError("bad_format", "format",
                       f"the log is {len(data)} bytes; the service reads at most {MAX_LOG_BYTES}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogError("bad_format", "format", f"the log is not UTF-8 text (byte {error.start})") from None
    text = text.removeprefix("\ufeff")
    nested = depth_error(text)
    if nested is not None:
        raise LogError("bad_format", "format", f"the log is not valid JSON: {nested}")

    def reject_constant(name: str) -> None:
        raise ValueError(f"{name} is not a JSON number")

    def finite(number: str) -> float:
        value = float(number)
        if math.isinf(value):  # 1e999: valid JSON, but no number a log or an answer can hold
            raise ValueError(f"the number {number[:40]} is out of range")
        return value

    try:
        return json.loads(text, parse_constant=reject_constant, parse_float=finite)
    except RecursionError:
        raise LogError("bad_format", "format", "the log is nested too deeply") from None
    except ValueError as error:
        raise LogError("bad_format", "format", f"the log is not valid JSON: {error}") from None


def verify_bytes(data: bytes | str) -> dict[str, Any]:
    """The verification object of a raw log body. Never raises."""
    try:
        log = parse_body(data)
    except LogError as error:
        return {"valid": False, "game": None, "error": error.to_json()}
    return verify_log(log)


def dump_log(log: Mapping[str, Any]) -> str:
    """A log as the service writes it: stable key order, two-space indent, newline-ended."""
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


# -- the verify command, shared by ``leapfrog-verify`` and ``manage.py verify_log`` ------------

def read_limited(stream: BinaryIO) -> bytes:
    """Read at most one byte more than a log may hold, so that huge inputs stop early. A
    regular file is asked for its own size (and one byte more, for one that grew): asking
    every file for the largest log's size makes and cuts down a 16 MB buffer each time,
    which costs a short log's file three times its reading."""
    limit = MAX_LOG_BYTES + 1
    try:
        size = os.fstat(stream.fileno()).st_size
    except (AttributeError, OSError, ValueError):  # not a file of the system's (a test's BytesIO)
        size = 0
    if not 0 < size < MAX_LOG_BYTES:
        return stream.read(limit)
    data = stream.read(size + 1)
    if len(data) > size:  # it grew since: read on, up to the limit
        data += stream.read(limit - len(data))
    return data


def verify_file(name: str, stdin: BinaryIO | None = None) -> dict[str, Any]:
    """The verification object of one file (``-`` for ``stdin``), with ``file`` first. A file
    that cannot be read gets a ``bad_format`` answer like any invalid log."""
    try:
        if name == "-":
            data = read_limited(stdin if stdin is not None else sys.stdin.buffer)
        else:
            with open(name, "rb") as handle:
                data = read_limited(handle)
    except OSError as error:
        problem = LogError("bad_format", "format", f"the file cannot be read: {error.strerror or error}")
        return {"file": name, "valid": False, "game": None, "error": problem.to_json()}
    return {"file": name, **verify_bytes(data)}


def verify_files(names: Sequence[str], write: Callable[[str], Any], stdin: BinaryIO | None = None) -> int:
    """Verify ``names`` in order, writing one JSON line each (without its newline) through
    ``write``; answer the exit status: 0 when every log is valid, 1 when any is not."""
    status = 0
    for name in names:
        answer = verify_file(name, stdin)
        if not answer["valid"]:
            status = 1
        write(json.dumps(answer, ensure_ascii=False))
    return status
