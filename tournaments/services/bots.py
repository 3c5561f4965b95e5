"""Writes on bot entries and their versions, and the agents that play a match's bot seats.

A bot entry is a player of its club, so tournaments, ladders and ratings treat built-in and
uploaded bots alike. Versions never change once stored; a match keeps the version it was
scheduled with, so a replay after a worker dies plays the same code.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max

from games.bot_process import ProgramAgent
from games.bundle import MAX_ZIP_BYTES, BundleError, check_bundle, safe_filename
from games.errors import GameError
from games.registry import get_game
from games.runner import AgentFailure, bot_class, make_bot
from games.sandbox import Limits, SandboxUnavailable, require_sandbox
from games.seeding import derive_rng
from games.timing import TimedBot
from tournaments.errors import Conflict, InvalidInput, refused_by_game
from tournaments.models import BotEntry, BotVersion, Club, Entrant, Player, Seat
from tournaments.names import clean_name

#: Limits a tournament or ladder may change, and the largest value each may take.
LIMIT_BOUNDS = {"start_ms": 30_000, "move_ms": 60_000, "total_ms": 600_000}
#: The longest text of each field of an entry and a version, on every path that writes one
#: (the API's create and change, the pages, the admin site, the commands).
TEXT_LIMITS = {"name": 100, "description": 5000, "note": 200, "strategy": 200}


class BotUnavailable(Conflict):
    """A match cannot start here: an uploaded bot and no working sandbox on this machine."""

    code = "sandbox_unavailable"


def check_strategy(game_slug: str, strategy: Any) -> str:
    """A built-in strategy string that names a bot of the game with valid parameters."""
    if not isinstance(strategy, str) or not strategy:
        raise InvalidInput("give the built-in strategy as text, like 'random' or 'mcts:budget=400'",
                           fields={"strategy": ["a built-in strategy"]})
    try:
        bot_class(get_game(game_slug), strategy)
    except ValueError as error:
        raise InvalidInput(str(error), code="bad_strategy", fields={"strategy": [str(error)]}) from None
    return strategy


def check_text(field: str, value: Any) -> str:
    """``value`` if it is text within the field's limit (:data:`TEXT_LIMITS`), else InvalidInput."""
    limit = TEXT_LIMITS[field]
    if not isinstance(value, str):
        raise InvalidInput(f"the {field} must be text", fields={field: ["text"]})
    if len(value) > limit:
        message = f"the {field} has {len(value)} characters; at most {limit} are allowed"
        raise InvalidInput(message, fields={field: [message]})
    return value


def parse_limits(raw: Any) -> Limits:
    """Per-tournament or per-ladder bot time limits over the protocol's defaults."""
    if raw in (None, {}):
        return Limits()
    if not isinstance(raw, Mapping):
        raise InvalidInput("bot limits must be an object", fields={"limits": ["an object"]})
    changes = {}
    for key, value in raw.items():
        if key not in LIMIT_BOUNDS:
            known = ", ".join(LIMIT_BOUNDS)
            raise InvalidInput(f"unknown bot limit {key!r} (limits: {known})", fields={"limits": [f"unknown {key!r}"]})
        if type(value) is not int or not 1 <= value <= LIMIT_BOUNDS[key]:
            message = f"{key} must be an integer from 1 to {LIMIT_BOUNDS[key]}"
            raise InvalidInput(message, fields={"limits": [message]})
        changes[key] = value
    return replace(Limits(), **changes)


def upload_bytes(upload: Any) -> bytes:
    """The bytes of an uploaded file (Django's ``UploadedFile``), refusing one larger than
    any bot may be before reading it into memory."""
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_ZIP_BYTES:
        message = f"the upload is {size} bytes; a bot may have at most {MAX_ZIP_BYTES} (a zip archive)"
        raise InvalidInput(message, code="bad_bundle", fields={"file": [message]})
    return upload.read(MAX_ZIP_BYTES + 1)


def _version_fields(entry_game: str, *, strategy: Any, filename: Any, data: Any) -> dict[str, Any]:
    """The stored fields of a new version from either a strategy or an upload."""
    if (strategy is None) == (data is None):
        raise InvalidInput("give either a built-in strategy or a file to upload, not both",
                           fields={"strategy": ["either this"], "file": ["or this"]})
    if strategy is not None:
        strategy = check_strategy(entry_game, check_text("strategy", strategy))
        return {"kind": BotVersion.Kind.BUILTIN, "strategy": strategy, "code": None, "filename": "",
                "size": len(strategy), "sha256": hashlib.sha256(strategy.encode()).hexdigest()}
    if not isinstance(filename, str) or not filename:
        raise InvalidInput("an upload needs its file name (main.py or a .zip)", fields={"file": ["no file name"]})
    try:
        bundle = check_bundle(bytes(data), filename)
    except BundleError as error:
        raise InvalidInput(str(error), code="bad_bundle", fields={"file": [str(error)]}) from None
    return {"kind": bundle.kind, "strategy": "", "code": bytes(data), "filename": safe_filename(filename, bundle.kind),
            "size": bundle.size, "sha256": bundle.sha256}


@transaction.atomic
def create_entry(*, club: Club, owner: Any, game: str, name: str, description: str = "",
                 strategy: str | None = None, filename: str | None = None, data: bytes | None = None,
                 ladder: bool = True) -> BotEntry:
    """A new bot entry, its player in the club, and its first version (active)."""
    try:
        get_game(game)
    except GameError as error:
        raise refused_by_game(error) from None
    check_text("name", name)
    check_text("description", description)
    version = _version_fields(game, strategy=strategy, filename=filename, data=data)
    name = clean_name(name)
    if Player.objects.filter(club=club, name=name).exists():
        raise InvalidInput(f"{club.name} already has a player named {name!r}", fields={"name": ["already taken in this club"]})
    try:
        with transaction.atomic():
            player = Player.objects.create(club=club, name=name, kind=Player.Kind.BOT)
    except IntegrityError:
        raise InvalidInput(f"{club.name} already has a player named {name!r}",
                           fields={"name": ["already taken in this club"]}) from None
    owner = owner if getattr(owner, "is_authenticated", False) else None
    entry = BotEntry.objects.create(player=player, game=game, description=description, owner=owner, ladder=ladder)
    first = BotVersion.objects.create(entry=entry, number=1, created_by=owner, **version)
    entry.active_version = first
    entry.save(update_fields=["active_version"])
    return entry


@transaction.atomic
def add_version(entry: BotEntry, *, by: Any = None, strategy: str | None = None, filename: str | None = None,
                data: bytes | None = None, note: str = "", activate: bool = True) -> BotVersion:
    """Store a new immutable version of ``entry``, numbered after the last, and (by default)
    make it the one new matches play. The same code as the active version is refused."""
    check_text("note", note)
    entry = BotEntry.objects.select_for_update().get(pk=entry.pk)
    version = _version_fields(entry.game, strategy=strategy, filename=filename, data=data)
    active = entry.active_version
    if active is not None and active.sha256 == version["sha256"] and active.kind == version["kind"]:
        raise InvalidInput(f"this is the same as the active version {active.number}", code="duplicate_version",
                           fields={"file" if data is not None else "strategy": ["same as the active version"]})
    number = (entry.versions.aggregate(last=Max("number"))["last"] or 0) + 1
    created = BotVersion.objects.create(entry=entry, number=number, note=note,
                                        created_by=by if getattr(by, "is_authenticated", False) else None, **version)
    if activate:
        entry.active_version = created
        entry.save(update_fields=["active_version"])
    return created


#: Passed for a field :func:`update_entry` leaves as it is.
UNCHANGED: Any = object()


@transaction.atomic
def update_entry(entry: BotEntry, *, description: Any = UNCHANGED, ladder: Any = UNCHANGED,
                 owner: Any = UNCHANGED, active_version: Any = UNCHANGED) -> BotEntry:
    """Change an entry's record (the API's PATCH, the admin site), under the same limits as
    its creation; the active version must be one of the entry's own (None: it plays no new
    matches)."""
    entry = BotEntry.objects.select_for_update().get(pk=entry.pk)
    changed = []
    if description is not UNCHANGED:
        entry.description = check_text("description", description)
        changed.append("description")
    if ladder is not UNCHANGED:
        if type(ladder) is not bool:
            raise InvalidInput("ladder must be true or false", fields={"ladder": ["true or false"]})
        entry.ladder = ladder
        changed.append("ladder")
    if owner is not UNCHANGED:
        entry.owner = owner
        changed.append("owner")
    if active_version is not UNCHANGED:
        if active_version is not None and active_version.entry_id != entry.pk:
            raise InvalidInput(f"{entry.player.name} has no such version", fields={"active_version": ["not its own"]})
        entry.active_version = active_version
        changed.append("active_version")
    if changed:
        entry.save(update_fields=changed)
    return entry


@transaction.atomic
def activate_version(entry: BotEntry, number: Any) -> BotVersion:
    """Make an earlier (or later) version the one new matches play."""
    entry = BotEntry.objects.select_for_update().get(pk=entry.pk)
    version = entry.versions.filter(number=number).first() if type(number) is int else None
    if version is None:
        raise InvalidInput(f"{entry.player.name} has no version {number!r}", fields={"version": ["no such version"]})
    entry.active_version = version
    entry.save(update_fields=["active_version"])
    return version


def builtin_player(club: Club, game: str, name: str, strategy: str, *, owner: Any = None,
                   ladder: bool = True) -> Player:
    """The club's built-in bot ``name`` for ``game`` playing ``strategy``: created on first use
    (on the club's ladder unless ``ladder`` is false), given a new version when the strategy
    changed (demo, command-line tournaments, bot games on the board, tests)."""
    return standing_entry(club, game, name, owner, {"strategy": strategy},
                          hashlib.sha256(strategy.encode()).hexdigest(), ladder=ladder)


def program_player(club: Club, game: str, name: str, filename: str, data: bytes, *, owner: Any = None) -> Player:
    """The club's uploaded bot ``name`` for ``game`` running this program: created on first
    use, given a new version when the code changed (command-line tournaments, the demo)."""
    return standing_entry(club, game, name, owner, {"filename": filename, "data": data},
                          hashlib.sha256(data).hexdigest())


def standing_entry(club: Club, game: str, name: str, owner: Any, source: dict[str, Any], sha256: str,
                   *, ladder: bool = True) -> Player:
    """The entry ``name`` of ``game`` in ``club`` playing ``source``: created with it, or given
    it as a new version unless its active version already has that sha256."""
    entry = (BotEntry.objects.filter(player__club=club, player__name=name, game=game)
             .select_related("player", "active_version").first())
    if entry is None:
        return create_entry(club=club, owner=owner, game=game, name=name, ladder=ladder, **source).player
    if entry.active_version is None or entry.active_version.sha256 != sha256:
        add_version(entry, by=owner, **source)
    return entry.player


def active_versions(players: Sequence[Player]) -> list[BotVersion | None]:
    """Each player's active bot version (None for people), for scheduling a match. The
    versions' code is left unread: a match names its version, and its program is read when
    the match is played (a round of uploaded bots would otherwise read every bundle)."""
    entries = {entry.player_id: entry.active_version for entry in
               BotEntry.objects.filter(player__in=[player.pk for player in players])
               .select_related("active_version").defer("active_version__code")}
    return [entries.get(player.pk) for player in players]


def check_playable(versions: Sequence[BotVersion | None]) -> None:
    """Refuse, with the reason, to play uploaded bots where the sandbox cannot run."""
    if any(version is not None and version.uploaded for version in versions):
        try:
            require_sandbox()
        except SandboxUnavailable as error:
            raise BotUnavailable(f"uploaded bots cannot run on this machine: {error}") from None


@contextlib.contextmanager
def seat_agents(game_slug: str, seats: Sequence[Seat], options: Mapping[str, Any], seed: str,
                limits: Limits) -> Iterator[list[Any]]:
    """The agents for a bot match's seats, in seat order: built-in bots in-process, uploaded
    programs in the sandbox, each closed (its process tree killed) when the match is over."""
    versions = [seat.bot_version for seat in seats]
    if any(version is None for version in versions):
        missing = next(seat.player.name for seat in seats if seat.bot_version is None)
        raise InvalidInput(f"{missing} is not a bot (or was scheduled without a version)", code="not_a_bot")
    check_playable(versions)
    game = get_game(game_slug)
    with contextlib.ExitStack() as stack:
        agents: list[Any] = []
        for seat, version in zip(seats, versions):
            if version.uploaded:
                agents.append(stack.enter_context(ProgramAgent(bytes(version.code), version.filename, limits, stored=True)))
            else:
                agents.append(builtin_agent(game, version.strategy, seat.index, options, len(seats), seed, limits))
        yield agents


class UnplayableStrategy:
    """A seat whose stored strategy is no longer valid (a parameter out of today's range):
    it forfeits at the start, so the match still finishes."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def start(self, info: Mapping[str, Any]) -> None:
        raise AgentFailure(self.reason)

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        raise AgentFailure(self.reason)

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None:
        """Nothing to end."""


def builtin_agent(game: Any, strategy: str, seat: int, options: Mapping[str, Any], players: int, seed: str,
                  limits: Limits) -> TimedBot | UnplayableStrategy:
    """A built-in bot for one seat under the match's time bank, as uploaded programs are."""
    try:
        bot = make_bot(game, strategy, seat, options, players, derive_rng(seed, "bot", seat))
    except ValueError as error:
        return UnplayableStrategy(f"invalid strategy: {error}")
    return TimedBot(bot, limits)


@transaction.atomic
def delete_entry(entry: BotEntry) -> None:
    """Remove an entry and its player, only while it has played no match."""
    if Seat.objects.filter(player_id=entry.player_id).exists() or Entrant.objects.filter(player_id=entry.player_id).exists():
        raise Conflict(f"{entry.player.name} has entered tournaments or played matches and cannot be deleted; take it off the ladder instead",
                       code="in_use")
    entry.active_version = None
    entry.save(update_fields=["active_version"])
    entry.player.delete()
