"""A tournament match's result from the director's table: a whole log uploaded into the
scheduled match, a forfeit or a no-show, and the correction of a finished match.

Every log is verified (``matches.checked``) and must fit the match it is for: the same game,
options, setup and players, seat by seat (and the match's seed, where the log names one). A
refused request changes nothing. A correction keeps its trail (``Correction``), and the
ratings and the standings follow it in the same transaction.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.logs import LogError, Replay, parse_body
from tournaments.errors import Conflict, InvalidInput, InvalidLog
from tournaments.models import Correction, Match, Seat, Tournament
from tournaments.services.matches import check_storable, checked, locked, record_forfeit, save_log
from tournaments.services.standings import compute_standings

#: The largest log a page takes (a long game's log is a few tens of kilobytes).
MAX_UPLOAD_BYTES = 2 * 1024 * 1024

#: What a no-show's forfeit reason starts with.
NO_SHOW = "no-show"


def read_log(data: Any) -> dict[str, Any]:
    """A log from the text or bytes a director gave (or the object itself), or ``InvalidLog``
    with the verifier's code for text that is no log at all."""
    if isinstance(data, (str, bytes)):
        if len(data) > MAX_UPLOAD_BYTES:
            message = f"the log is {len(data)} bytes; a page takes at most {MAX_UPLOAD_BYTES}"
            raise InvalidLog(message, code="bad_format", fields={"log": [f"bad_format: {message}"]})
        try:
            data = parse_body(data)
        except LogError as error:
            raise InvalidLog(error.message, code=error.code,
                             fields={"log": [f"{error.code}: {error.message}"]}) from None
    if not isinstance(data, dict):
        message = "the log must be a JSON object (docs/log-format.md)"
        raise InvalidLog(message, code="bad_format", fields={"log": [f"bad_format: {message}"]})
    return data


def verified(log: dict[str, Any]) -> Replay:
    """The log's replay, or ``InvalidLog`` naming the verifier's code and message."""
    try:
        outcome = checked(log)
    except InvalidLog as error:
        error.fields = {"log": [f"{error.code}: {error.message}"]}
        raise
    check_storable(log)
    return outcome


def misfit(code: str, message: str) -> InvalidLog:
    return InvalidLog(message, code=code, fields={"log": [f"{code}: {message}"]})


def check_fits(match: Match, log: dict[str, Any], outcome: Replay) -> None:
    """Refuse a log that is not of this match: another game, other options or setup, other
    players (names compared without regard to case or surrounding spaces), another seed."""
    if outcome.game.slug != match.game:
        raise misfit("wrong_game", f"the log is a game of {outcome.game.slug}, the match one of {match.game}")
    if dict(outcome.options) != dict(match.options):
        raise misfit("wrong_options", f"the log's options {outcome.options} are not the match's {match.options}")
    names = [seat.player.name for seat in match.seats.select_related("player").order_by("index")]
    if len(outcome.players) != len(names):
        raise misfit("wrong_players", f"the log has {len(outcome.players)} seats, the match {len(names)}")
    for index, (ours, theirs) in enumerate(zip(names, outcome.players)):
        if ours.strip().casefold() != str(theirs).strip().casefold():
            raise misfit("wrong_players", f"seat {index} is {ours} in this match, but {theirs!r} in the log")
    if dict(outcome.setup) != dict(match.log.setup):
        raise misfit("wrong_setup", "the log's setup is not the one drawn for this match")
    if log.get("seed") and log["seed"] != match.seed:
        raise misfit("wrong_seed", "the log's seed is not this match's")
    if log.get("commitment") and match.commitment and log["commitment"].lower() != match.commitment.lower():
        raise misfit("wrong_seed", "the log's commitment is not this match's")


def check_result_open(match: Match) -> None:
    if match.status == Match.Status.VOID:
        raise Conflict(f"match {match.pk} is void", code="match_void")
    if match.status == Match.Status.FINISHED:
        raise Conflict(f"match {match.pk} is finished: correct its result instead", code="match_finished")


@transaction.atomic
def record_log(match: Match | int, *, log: Any) -> Match:
    """Fill a scheduled (or half-logged) match with a whole log played at the table: it replaces
    the moves logged so far. A log that stops before the end leaves the match in progress."""
    match = locked(match)
    check_result_open(match)
    log = read_log(log)
    outcome = verified(log)
    check_fits(match, log, outcome)
    return save_log(match, outcome, match.move_count)


@transaction.atomic
def record_absence(match: Match | int, *, seats: Any, reason: str, no_show: bool = False) -> Match:
    """Seats that left the game (a forfeit) or never came (a no-show, reason ``no-show: ...``),
    after the moves logged so far. One seat of two: the other wins. Both seats of a two-seat
    game: the log (which has room for one forfeit there) ends with seat 0's, seat 1's is kept
    on its seat, so the standings count a loss for both, and the match is not rated. At a
    table, the others play on; not every seat of a table may forfeit."""
    match = locked(match)
    check_result_open(match)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput("say why", code="no_reason", fields={"reason": ["say why"]})
    count = match.seats.count()
    if not isinstance(seats, (list, tuple)) or not seats or len(set(seats)) != len(seats) \
            or any(not isinstance(seat, int) or not 0 <= seat < count for seat in seats):
        message = "choose the seats, each once"
        raise InvalidInput(message, code="bad_seats", fields={"seats": [message]})
    text = f"{NO_SHOW}: {reason}" if no_show else reason
    limit = Seat._meta.get_field("forfeit_reason").max_length
    if len(text) > limit:
        message = f"at most {limit - (len(NO_SHOW) + 2 if no_show else 0)} characters"
        raise InvalidInput(f"the reason is too long: {message}", fields={"reason": [message]})
    if len(seats) == count and count > 2:
        message = "a table's game needs a player: record the other seats and void the match if nobody came"
        raise InvalidInput(message, code="bad_seats", fields={"seats": [message]})
    if len(seats) == count == 2:
        Match.objects.filter(pk=match.pk).update(rated=False)
        match = record_forfeit(match.pk, seat=0, reason=text)
        Seat.objects.filter(match=match, index=1).update(forfeit_reason=text)
        return match
    for seat in sorted(seats):
        match = record_forfeit(match.pk, seat=seat, reason=text)
        if match.status == Match.Status.FINISHED:
            break
    return match


def envelope_parts(match: Match) -> dict[str, Any]:
    return {"result": match.result, "moves": list(match.log.moves), "forfeits": list(match.log.forfeits)}


@transaction.atomic
def correct_match(match: Match | int, *, log: Any, reason: str, by: Any) -> Correction:
    """Replace a finished match's log with a corrected one, verified and fitting the match,
    with the director's reason. The ratings replay from the match on; the tournament's
    stored standings are computed again; the trail (``Correction``) records the result, the
    moves and the forfeits before and after."""
    match = locked(match)
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput("say why the result is corrected", code="no_reason",
                           fields={"reason": ["say why the result is corrected"]})
    if match.status != Match.Status.FINISHED:
        raise Conflict(f"match {match.pk} is {match.get_status_display()}: only a finished match is corrected",
                       code="match_not_finished")
    log = read_log(log)
    outcome = verified(log)
    check_fits(match, log, outcome)
    if not outcome.finished:
        raise misfit("unfinished", "the corrected log stops before the end of the game: a result needs the whole game")
    before = envelope_parts(match)
    after_forfeits = [forfeit.to_json() for forfeit in outcome.forfeits]
    if list(outcome.state.moves) == before["moves"] and after_forfeits == before["forfeits"]:
        raise misfit("unchanged", "the log is the one stored: there is nothing to correct")
    check_bracket(match, outcome)
    match = save_log(match, outcome, match.move_count)
    correction = Correction.objects.create(match=match, by=by if getattr(by, "is_authenticated", False) else None,
                                           reason=reason, changes={"before": before, "after": envelope_parts(match)})
    if match.tournament_id:
        restore_standings(match.tournament_id)
    return correction


def check_bracket(match: Match, outcome: Replay) -> None:
    """In an elimination, a result that would send another entrant on is refused once the next
    round is paired from it."""
    tournament = match.tournament
    if tournament is None or tournament.format not in (Tournament.Format.SINGLE_ELIMINATION,
                                                        Tournament.Format.DOUBLE_ELIMINATION):
        return
    ranks = [seat.rank for seat in match.seats.order_by("index")]
    later = match.round is not None and tournament.rounds.filter(number__gt=match.round.number).exists()
    if later and list(outcome.result.ranks) != ranks:
        raise misfit("bracket_paired", "the next round was paired from this result: in an elimination, "
                                       "only a correction that keeps the winner is possible now")


def restore_standings(tournament_id: int) -> None:
    """A finished tournament keeps its standings: compute them again from the matches."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if tournament.status == Tournament.Status.FINISHED:
        tournament.standings = compute_standings(tournament)
        tournament.save(update_fields=["standings", "updated_at"])
