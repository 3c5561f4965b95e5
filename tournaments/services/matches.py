"""Writes on matches: create, append a move, forfeit, undo, upload a log, void.

Each runs in one transaction and checks the log with the same verifier as ``verify_log``,
so a refused request changes nothing and a stored match always verifies.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.errors import GameError
from games.logs import LogError, Replay, replay, verify_log
from games.registry import get_game
from games.seeding import commitment, derive_rng, new_seed
from tournaments import cache
from tournaments.errors import Conflict, Duplicate, InvalidInput, InvalidLog, MoveRejected, refused_by_game
from tournaments.models import Club, LiveGame, Match, MatchLog, Player, Round, Seat, Tournament
from tournaments.selectors import match_envelope
from tournaments.services import fingerprints, live_events, ratings
from tournaments.services.bots import active_versions
from tournaments.services.clubs import players_by_name
from tournaments.services.progress import refresh_progress


def check_players(club: Club, players: Sequence[Player]) -> None:
    strangers = [player.name for player in players if player.club_id != club.pk]
    if strangers:
        raise InvalidInput(f"{strangers[0]} is not a player of {club.name}", code="bad_players",
                           fields={"players": [f"{strangers[0]} is not a player of {club.name}"]})


def check_storable(log: dict[str, Any]) -> None:
    """Refuse text the database cannot keep: NUL characters, over-long seeds."""
    texts = {"seed": log.get("seed") or "", "commitment": log.get("commitment") or ""}
    texts.update({f"forfeits[{index}].reason": forfeit.get("reason") or ""
                  for index, forfeit in enumerate(log.get("forfeits") or [])})
    limits = {"seed": Match._meta.get_field("seed").max_length,
              "commitment": Match._meta.get_field("commitment").max_length}
    for field, text in texts.items():
        if "\x00" in text:
            raise InvalidInput(f"{field} contains a NUL character", fields={field: ["contains a NUL character"]})
        if field in limits and len(text) > limits[field]:
            message = f"at most {limits[field]} characters"
            raise InvalidInput(f"{field} is too long: {message}", fields={field: [message]})


def store_outcome(match: Match, outcome: Replay, seats: Sequence[Seat] | None = None) -> None:
    """Write the verified log's status and result onto the match and its seats (``seats``,
    in seat order, when the caller has them loaded already)."""
    seats = list(match.seats.order_by("index")) if seats is None else list(seats)
    reasons = {forfeit.seat: forfeit.reason or "forfeit" for forfeit in outcome.forfeits}
    for seat in seats:
        seat.forfeit_reason = reasons.get(seat.index, "")
        if outcome.result is not None:
            seat.rank = outcome.result.ranks[seat.index]
            seat.score = outcome.result.scores[seat.index]
        else:
            seat.rank = seat.score = None
    Seat.objects.bulk_update(seats, ["rank", "score", "forfeit_reason"])
    match.move_count = len(outcome.state.moves)
    if outcome.finished:
        match.status = Match.Status.FINISHED
        match.result = outcome.result.to_json()
    else:
        match.status = Match.Status.IN_PROGRESS
        match.result = None


def insert_match(*, players: Sequence[Player], setup: dict[str, Any], moves: Sequence[str] = (),
                 forfeits: Sequence[dict[str, Any]] = (), recorded_by: Any = None,
                 played_at: datetime | None = None, **fields: Any) -> Match:
    """Store a new match with its log and seats, in seat order (callers have checked them);
    a bot's seat keeps the version active now, which every replay of the match plays."""
    match = Match.objects.create(
        recorded_by=recorded_by if getattr(recorded_by, "is_authenticated", False) else None,
        played_at=played_at or timezone.now(), **fields)
    MatchLog.objects.create(match=match, setup=setup, moves=list(moves), forfeits=list(forfeits))
    versions = active_versions(players)
    Seat.objects.bulk_create(Seat(match=match, index=index, player=player, bot_version=version)
                             for index, (player, version) in enumerate(zip(players, versions)))
    return match


def insert_matches(rows: Sequence[tuple[Match, Sequence[Player], Sequence[Any], dict[str, Any]]]) -> list[Match]:
    """Store many new matches at once, as :func:`insert_match` stores one: each row is an
    unsaved match, its players and their bot versions in seat order, and its setup. Three
    queries whatever the number (a tournament round publishes all its matches together)."""
    now = timezone.now()
    for match, *_ in rows:
        match.played_at = match.played_at or now
    matches = Match.objects.bulk_create([match for match, *_ in rows])
    MatchLog.objects.bulk_create(MatchLog(match=match, setup=setup, moves=[], forfeits=[])
                                 for match, _, _, setup in rows)
    Seat.objects.bulk_create(Seat(match=match, index=index, player=player, bot_version=version)
                             for match, players, versions, _ in rows
                             for index, (player, version) in enumerate(zip(players, versions, strict=True)))
    return matches


def checked(envelope: dict[str, Any]) -> Replay:
    """Replay an envelope, raising :class:`InvalidLog` with the verification when it fails."""
    try:
        return replay(envelope)
    except LogError:
        verification = verify_log(envelope)
        error = verification["error"]
        raise InvalidLog(error["message"], code=error["code"], verification=verification) from None


@transaction.atomic
def create_match(*, club: Club, game: str, players: Sequence[Player], options: dict[str, Any] | None = None,
                 setup: dict[str, Any] | None = None, seed: str | None = None, draw_setup: bool = False,
                 recorded_by: Any = None, played_at: datetime | None = None,
                 tournament: Tournament | None = None, round: Round | None = None, rated: bool = True,
                 status: str = Match.Status.IN_PROGRESS) -> Match:
    """Create a match ready for its first move.

    The setup is given (the dealt hands, the race's start order), or drawn by the service
    from ``seed`` (a fresh one when ``draw_setup`` and no seed), which then stores the seed
    and its commitment.
    """
    try:
        engine = get_game(game)
    except GameError as error:
        raise refused_by_game(error) from None
    check_players(club, players)
    try:
        checked_options = engine.parse_options(options or {}, len(players))
        engine.check_players(checked_options, len(players))
    except GameError as error:
        raise refused_by_game(error, field="options" if error.code == "bad_options" else "players") from None
    if draw_setup or seed:
        if setup is not None:
            raise InvalidInput("give a setup or ask the service to draw it, not both", code="bad_setup",
                               fields={"setup": ["give a setup or ask the service to draw it, not both"]})
        seed = seed or new_seed()
        setup = engine.random_setup(checked_options, len(players), derive_rng(seed, "setup"))
    try:
        setup = engine.parse_setup(setup, checked_options, len(players))
    except GameError as error:
        raise refused_by_game(error, field="setup", code="bad_setup") from None
    return insert_match(
        players=players, setup=setup, recorded_by=recorded_by, played_at=played_at, club=club, game=engine.slug,
        options=checked_options, seed=seed or "", commitment=commitment(seed) if seed else "", status=status,
        tournament=tournament, round=round, rated=rated)


def locked(match: Match | int) -> Match:
    """The match row, locked for the rest of the transaction (PostgreSQL)."""
    pk = match.pk if isinstance(match, Match) else match
    return Match.objects.select_for_update(of=("self",)).select_related("club", "log").get(pk=pk)


def check_open(match: Match) -> None:
    if match.status == Match.Status.VOID:
        raise Conflict(f"match {match.pk} is void", code="match_void")
    if match.status == Match.Status.FINISHED:
        raise Conflict(f"match {match.pk} is finished: no more moves", code="match_finished",
                       moves=match.move_count)


def check_index(match: Match, index: int | None) -> None:
    if index is not None and index != match.move_count:
        raise Conflict(f"the match has {match.move_count} moves, not {index}: another move was logged "
                       f"meanwhile; reload and try again", code="stale_index", moves=match.move_count)


def save_log(match: Match, outcome: Replay, expected_count: int) -> Match:
    """Store the new log, guarded by the move count the change was based on."""
    was_finished = match.status == Match.Status.FINISHED
    store_outcome(match, outcome)
    updated = Match.objects.filter(pk=match.pk, move_count=expected_count).update(
        move_count=match.move_count, status=match.status, result=match.result, updated_at=timezone.now())
    if not updated:
        raise Conflict("another change to this match was saved meanwhile; reload and try again",
                       code="stale_index")
    cache.forget(match=match.pk)  # update() sends no signal
    match.log.moves = list(outcome.state.moves)
    match.log.forfeits = [forfeit.to_json() for forfeit in outcome.forfeits]
    match.log.save(update_fields=["moves", "forfeits"])
    fingerprints.stamp(match)  # a game just finished that the club has already is refused
    ratings.note_change(match, was_finished=was_finished)
    if match.tournament_id:
        refresh_progress(match.tournament_id)
    live_events.match_changed(match.pk)  # on commit: every viewer sees the change
    return match


@transaction.atomic
def append_move(match: Match | int, *, move: Any, index: int | None, board: bool = False) -> Match:
    """Log one move. ``index`` is the number of moves the client saw; a stale one is refused,
    so two clients appending on the same position never both succeed. A match played on the
    board takes its moves from the board alone (``play.act``, which passes ``board``)."""
    match = locked(match)
    check_open(match)
    if not board and LiveGame.objects.filter(match_id=match.pk).exists():
        raise Conflict(f"match {match.pk} is played on the board: its moves are made there, seat by seat",
                       code="played_on_board")
    check_index(match, index)
    count = match.move_count
    envelope = match_envelope(match, moves=[*match.log.moves, move])
    try:
        outcome = replay(envelope)
    except LogError as error:
        raise MoveRejected(error.message, code=error.code) from None
    if match.status == Match.Status.SCHEDULED:
        match.status = Match.Status.IN_PROGRESS
    return save_log(match, outcome, count)


@transaction.atomic
def record_forfeit(match: Match | int, *, seat: int, reason: str = "", index: int | None = None) -> Match:
    """A seat leaves the table once the logged moves have been played. In a two-seat game the
    match ends and the other seat wins; otherwise the table plays on."""
    match = locked(match)
    check_open(match)
    check_index(match, index)
    count = match.move_count
    envelope = match_envelope(match)
    envelope["forfeits"] = [*match.log.forfeits, {"seat": seat, "after": count, "reason": reason}]
    check_storable(envelope)
    try:
        outcome = replay(envelope)
    except LogError as error:
        raise InvalidInput(error.message, code=error.code, fields={"seat": [error.message]}) from None
    return save_log(match, outcome, count)


@transaction.atomic
def undo_last_move(match: Match | int, *, index: int | None = None) -> Match:
    """Take back the last move (and any forfeit recorded after it); a finished match reopens."""
    match = locked(match)
    if match.status == Match.Status.VOID:
        raise Conflict(f"match {match.pk} is void", code="match_void")
    check_index(match, index)
    if not match.move_count:
        raise Conflict("the match has no move to take back", code="no_moves", moves=0)
    count = match.move_count
    envelope = match_envelope(match, moves=match.log.moves[:-1])
    envelope["forfeits"] = [forfeit for forfeit in match.log.forfeits if forfeit["after"] < count]
    outcome = checked(envelope)
    return save_log(match, outcome, count)


@transaction.atomic
def void_match(match: Match | int) -> Match:
    """Void a match: its log is kept, but it counts for no standing or rating."""
    match = locked(match)
    if match.status == Match.Status.VOID:
        raise Conflict(f"match {match.pk} is already void", code="match_void")
    was_finished = match.status == Match.Status.FINISHED
    match.status = Match.Status.VOID
    match.save(update_fields=["status", "updated_at"])
    ratings.note_change(match, was_finished=was_finished)
    live_events.match_changed(match.pk)
    return match


@transaction.atomic
def upload_log(*, club: Club, log: Any, players: Sequence[Player], recorded_by: Any = None,
               tournament: Tournament | None = None, played_at: datetime | None = None,
               rated: bool = True) -> Match:
    """Store a whole log after verifying it; an invalid log raises :class:`InvalidLog` and
    nothing is stored. An unfinished log becomes a match in progress that can be continued.
    A finished game the club has stored already (the same setup, moves and players) is
    refused with :class:`~tournaments.errors.Duplicate`, naming the stored match."""
    fingerprints.lock_club(club)  # first, so that two uploads of one game are checked in turn
    outcome = checked(log)
    check_storable(log)
    if len(players) != len(outcome.players):
        message = f"the log has {len(outcome.players)} seats but {len(players)} players were given"
        raise InvalidInput(message, code="bad_players", fields={"seats": [message]})
    check_players(club, players)
    seed = log.get("seed") or ""
    match = insert_match(
        players=players, setup=outcome.setup, moves=outcome.state.moves,
        forfeits=[forfeit.to_json() for forfeit in outcome.forfeits], recorded_by=recorded_by,
        played_at=played_at, club=club, game=outcome.game.slug, options=outcome.options, seed=seed,
        commitment=log.get("commitment") or (commitment(seed) if seed else ""), tournament=tournament, rated=rated)
    store_outcome(match, outcome)
    match.save()
    fingerprints.stamp(match)
    ratings.note_change(match)
    return match


#: What an Idempotency-Key header may hold.
IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,100}")


def idempotent(*, recorded_by: Any, key: str | None, create: Callable[[], Match]) -> tuple[Match, bool]:
    """Run ``create`` once per (recorder, key), so that a client retrying a request whose
    answer it lost gets the match the first request stored instead of a second one. Answers
    the match and whether it is new."""
    if key is None:
        return create(), True
    if not IDEMPOTENCY_KEY.fullmatch(key):
        message = "the Idempotency-Key header must be 1 to 100 visible ASCII characters"
        raise InvalidInput(message, fields={"Idempotency-Key": [message]})
    earlier = Match.objects.filter(recorded_by=recorded_by, idempotency_key=key).first()
    if earlier is not None:
        return earlier, False
    try:
        with transaction.atomic():
            match = create()
            Match.objects.filter(pk=match.pk).update(idempotency_key=key)
    except (IntegrityError, Duplicate):
        # A concurrent request with the same key stored it first: its unique key refused this
        # one, or (waiting for the club's lock) the game it stored did.
        earlier = Match.objects.filter(recorded_by=recorded_by, idempotency_key=key).first()
        if earlier is None:
            raise
        return earlier, False
    return match, True


#: Passed for ``tournament`` or ``round`` to leave them as they are.
UNCHANGED: Any = object()


@transaction.atomic
def update_match(match: Match | int, *, rated: bool | None = None, played_at: datetime | None = None,
                 tournament: Any = UNCHANGED, round: Any = UNCHANGED) -> Match:
    """Change whether a match is rated, when it was played, or the tournament (and round) it
    counts for, as a director would in the admin site. Ratings and the tournaments' progress
    follow; the log itself never changes here."""
    match = locked(match)
    changed = []
    rating_fields = []
    if rated is not None and rated != match.rated:
        match.rated = rated
        rating_fields.append("rated")
    if played_at is not None and played_at != match.played_at:
        match.played_at = played_at
        rating_fields.append("played_at")
    before = match.tournament_id
    if tournament is not UNCHANGED or round is not UNCHANGED:
        if round is UNCHANGED:  # a match given a tournament leaves its old round
            round = match.round if tournament is UNCHANGED else None
        if tournament is UNCHANGED:
            tournament = match.tournament
        check_counts_for(match, tournament, round)
        match.tournament, match.round = tournament, round
        changed += ["tournament", "round"]
    if rating_fields or changed:
        match.save(update_fields=[*rating_fields, *changed, "updated_at"])
    if rating_fields:
        ratings.note_change(match, force=True)
    if changed:
        for tournament_id in {before, match.tournament_id} - {None}:
            refresh_progress(tournament_id)
    return match


@transaction.atomic
def delete_match(match: Match | int) -> None:
    """Delete a match (the admin's delete): its log and its tournament's standings and counts
    change with it (matches have no delete signal)."""
    match = locked(match)
    pk, tournament_id = match.pk, match.tournament_id
    match.delete()
    cache.forget(match=pk, tournament=tournament_id)
    if tournament_id is not None:
        refresh_progress(tournament_id)


def check_counts_for(match: Match, tournament: Tournament | None, round: Round | None) -> None:
    """A match counts only for a tournament of its club and game, in one of its rounds."""
    if tournament is not None and (tournament.club_id != match.club_id or tournament.game != match.game):
        message = f"a match counts only for a {match.game} tournament of {match.club.name}"
        raise InvalidInput(message, fields={"tournament": [message]})
    if round is not None and (tournament is None or round.tournament_id != tournament.pk):
        message = "the round must be one of the match's tournament"
        raise InvalidInput(message, fields={"round": [message]})


def reverify(match: Match) -> dict[str, Any]:
    """The verification of a stored match's log, as ``verify_log`` would answer offline."""
    return verify_log(match_envelope(match))


@transaction.atomic
def import_log(*, club: Club, log: Any, recorded_by: Any = None, tournament: Tournament | None = None,
               played_at: datetime | None = None, rated: bool = True, kinds: Sequence[str] | None = None,
               create_players: bool = False) -> Match:
    """Upload a log whose seats are matched to the club's players by name. Names the club does
    not know are refused, all listed, unless ``create_players``: then they become new players
    (people unless ``kinds`` says otherwise). All or nothing."""
    fingerprints.lock_club(club)
    outcome = checked(log)
    players = players_by_name(club, outcome.players, create=create_players, kinds=kinds)
    return upload_log(club=club, log=log, players=players, recorded_by=recorded_by, tournament=tournament,
                      played_at=played_at, rated=rated)
