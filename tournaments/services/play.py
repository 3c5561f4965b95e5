"""Playing a match on the service's own board: start it, act seat by seat, undo, and the view
each reader gets of the turn under way.

The match log stays the one record of every finished move; ``act`` is the one path by which a
move made on the board reaches it (``matches.append_move``). Between two log moves the
``LiveGame`` keeps the decisions taken so far in the turn (a race's secret tokens, the first
half of a Measure and Tempo cycle) and the chance outcomes drawn for it from the match seed.
Nobody is ever shown those steps (``play_views`` reads the board): a turn shows only once it is
complete and logged. The seed itself stays hidden until the match ends; its commitment is
public from the start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from games.base import GameState
from games.errors import GameError, IllegalMoveError
from games.seeding import commitment, derive_rng, new_seed
from tournaments.errors import Conflict, Forbidden, InvalidInput, Missing, MoveRejected
from tournaments.models import Club, LiveGame, Match, Player, Seat
from tournaments.selectors import can_log, is_director, is_member, may_act
from tournaments.services import live_events, matches, queue
from tournaments.services import play_clocks as clocks
from tournaments.services.play_views import OPEN, forfeited, live_of, live_state, play_view

__all__ = ["act", "advance", "changed", "check_clock", "forfeited", "live_of", "live_state", "locked_live",
           "open_live", "play_view", "settle", "start_game", "undo"]

#: The task the bots' side defines: it plays the bot seats' turns of a board match.
BOT_TURNS = "tournaments.play_bot_turns"
#: The longest action text the board takes (every game's actions are far shorter).
MAX_ACTION = 200


# -- starting -------------------------------------------------------------------------------------

@transaction.atomic
def start_game(*, club: Club, game: str, players: Sequence[Player], options: dict[str, Any] | None = None,
               by: Any, rated: bool | None = None, clock_seconds: int | None = None,
               increment_seconds: int = 0) -> Match:
    """A casual game played on the board: its setup drawn from a fresh seed whose commitment is
    public from the start; rated as the club decides unless said otherwise (a director may
    rate a game the club would not)."""
    if not getattr(by, "is_authenticated", False):
        raise Forbidden("log in to start a game")
    director = is_director(by, club)
    if not director and not (is_member(by, club) and any(player.user_id == by.pk for player in players)):
        raise Forbidden(f"only directors of {club.name}, or members who play in it, may start a game")
    rated = club.casual_rated if rated is None else rated
    if rated and not club.casual_rated and not director:
        message = f"casual games of {club.name} are unrated; only its directors may rate one"
        raise Forbidden(message, fields={"rated": [message]})
    clocks.check_clock_settings(clock_seconds, increment_seconds)
    match = matches.create_match(club=club, game=game, players=players, options=options, draw_setup=True,
                                 recorded_by=by, rated=rated)
    live = LiveGame(match=match, opened_by=by)
    clocks.set_clocks(live, len(players), clock_seconds, increment_seconds)
    live.save()
    changed(match, live, live_state(match, live), bot=False)
    return match


@transaction.atomic
def open_live(match: Match | int, *, by: Any, clock_seconds: int | None = None,
              increment_seconds: int = 0) -> LiveGame:
    """Put a scheduled or running match (a tournament's pairing, a table game) on the board;
    its clock is the tournament's unless given. A match without a seed gets one now, with its
    commitment, before anything is drawn from it."""
    match = matches.locked(match)
    if not getattr(by, "is_authenticated", False) or not can_log(by, match):
        raise Forbidden("only directors of this club, or members who sit in this match, may play it on the board")
    matches.check_open(match)
    if LiveGame.objects.filter(match_id=match.pk).exists():
        raise Conflict(f"match {match.pk} is on the board already", code="already_live")
    if clock_seconds is None and match.tournament_id:
        clock_seconds = match.tournament.clock_seconds
        increment_seconds = match.tournament.clock_increment_seconds if clock_seconds else 0
    clocks.check_clock_settings(clock_seconds, increment_seconds)
    if not match.seed:
        match.seed = new_seed()
        match.commitment = commitment(match.seed)
    if match.status == Match.Status.SCHEDULED:
        match.status = Match.Status.IN_PROGRESS
    match.save(update_fields=["seed", "commitment", "status", "updated_at"])
    live = LiveGame(match=match, opened_by=by)
    clocks.set_clocks(live, match.seats.count(), clock_seconds, increment_seconds)
    state = live_state(match, live)
    match, _ = advance(match, live, state, None)
    live.save()
    changed(match, live, state, bot=False)
    return live


# -- acting ---------------------------------------------------------------------------------------

def pk_of(match: Match | int) -> int:
    return match.pk if isinstance(match, Match) else match


def check_request(seat: Any, action: Any, index: Any) -> None:
    """Refuse malformed input before anything is read or written."""
    if type(seat) is not int or seat < 0:
        raise InvalidInput("seat must be a seat's number (0 is the first seat)",
                           fields={"seat": ["a whole number, 0 or more"]})
    if not isinstance(action, str) or not action or len(action) > MAX_ACTION or "\x00" in action:
        message = f"an action is a non-empty text of at most {MAX_ACTION} characters, as the game writes it"
        raise InvalidInput(f"action must be {message}", fields={"action": [message]})
    if index is not None and (type(index) is not int or index < 0):
        raise InvalidInput("index must be the number of moves logged, as you saw it",
                           fields={"index": ["a whole number, 0 or more"]})


def check_actor(match: Match, seat: int, user: Any, bot: bool) -> None:
    seats = match.seats.count()
    if seat >= seats:
        message = f"the match has seats 0 to {seats - 1}, not {seat}"
        raise InvalidInput(message, fields={"seat": [message]})
    if bot:
        if not Seat.objects.filter(match=match, index=seat, bot_version__isnull=False).exists():
            raise Forbidden(f"seat {seat} is not a bot's seat")
        return
    if user is None or not may_act(user, match, seat):
        raise Forbidden(f"only the player of seat {seat}, or a director of {match.club.name}, may act for it")


def refusal(state: GameState, seat: int, action: str) -> GameError:
    """The engine's reason for refusing ``action`` (found on a copy of the position)."""
    try:
        state.clone().apply_action(seat, action)
    except GameError as error:
        return error
    return IllegalMoveError(f"{action!r} is not a legal action of seat {seat} now")


def advance(match: Match, live: LiveGame, state: GameState, by: Any) -> tuple[Match, bool]:
    """Carry the board on as far as it goes without a person: log each completed move, draw
    chance outcomes from the seed, play the forfeited seats' decisions (a seeded random legal
    one, as the log format has it). Answers the match and whether a move was logged."""
    logged = False
    while True:
        count = match.move_count
        if len(state.moves) > count:
            match = matches.append_move(match, move=state.moves[count], index=count, board=True)
            live.steps, live.last_by, logged = [], by, True
            continue
        if match.status not in OPEN or state.is_over():
            return match, logged
        if state.is_chance_node():
            outcome = state.sample_chance(derive_rng(match.seed, "live", live.draws))
            live.draws += 1
            state.apply_chance(outcome)
            live.steps.append([None, outcome])
            continue
        gone = sorted(forfeited(match) & set(state.to_move()))
        if not gone:
            return match, logged
        seat = gone[0]
        action = derive_rng(match.seed, "fallback", count, seat, len(live.steps)).choice(state.legal_actions(seat))
        state.apply_action(seat, action)
        live.steps.append([seat, action])


def locked_live(match: Match) -> LiveGame:
    live = LiveGame.objects.select_for_update().filter(match_id=match.pk).first()
    if live is None:
        raise Missing(f"match {match.pk} is not played on the board")
    return live


def act(match: Match | int, *, seat: int, action: str, user: Any = None, bot: bool = False,
        index: int | None = None) -> Match:
    """One seat's decision on the board: checked (who may act, the index, the rules), applied,
    the clocks charged, and the log move written once the turn is complete. A seat whose time
    ran out before it acted has forfeited (that is stored) and its action is refused."""
    check_request(seat, action, index)
    pk = pk_of(match)
    settle(pk)
    with transaction.atomic():
        match = matches.locked(pk)
        live = locked_live(match)
        check_actor(match, seat, user, bot)
        reasons = {forfeit["seat"]: forfeit.get("reason") for forfeit in match.log.forfeits}
        if seat in reasons:
            if reasons[seat] == "time":
                raise Conflict(f"seat {seat}'s time ran out: it has forfeited", code="time_out")
            raise Conflict(f"seat {seat} has left the match", code="seat_forfeited")
        matches.check_open(match)
        matches.check_index(match, index)
        state = live_state(match, live)
        match, _ = advance(match, live, state, None)  # a forfeit recorded meanwhile may leave moves to play
        matches.check_open(match)
        legal = state.legal_actions(seat)
        if action not in legal:
            error = refusal(state, seat, action)
            raise MoveRejected(str(error), code=error.code, fields={"action": [str(error)]})
        now = timezone.now()
        clocks.charge(live, clocks.running(state, reasons), now)
        state.apply_action(seat, action)
        live.steps.append([seat, action])
        match, logged = advance(match, live, state, None if bot else user)
        if logged or seat not in clocks.running(state, forfeited(match)):
            clocks.credit(live, [seat])
        live.save()
        changed(match, live, state, bot=bot)
    return Match.objects.select_related("club", "log").get(pk=pk)


# -- undo -----------------------------------------------------------------------------------------

def undo(match: Match | int, *, user: Any, index: int | None = None) -> Match:
    """Take back a decision: a player's own choice in the turn under way, or the last log move
    (by whoever completed it, until the next move is logged, or by a director); the turn
    under way is cleared. A forfeit at the end of the log is a director's to take back."""
    if index is not None and (type(index) is not int or index < 0):
        raise InvalidInput("index must be the number of moves logged, as you saw it",
                           fields={"index": ["a whole number, 0 or more"]})
    pk = pk_of(match)
    with transaction.atomic():
        match = matches.locked(pk)
        live = locked_live(match)
        if not getattr(user, "is_authenticated", False):
            raise Forbidden("log in to take back a move")
        if match.status == Match.Status.VOID:
            raise Conflict(f"match {match.pk} is void", code="match_void")
        director = is_director(user, match.club)
        mine = set(match.seats.filter(player__user=user).values_list("index", flat=True))
        if not director and not (mine and is_member(user, match.club)):
            raise Forbidden("only who made the last move, until the next one is made, or a director "
                            "may take it back")
        matches.check_index(match, index)
        state = live_state(match, live)
        now = timezone.now()
        clocks.charge(live, clocks.running(state, forfeited(match)) if match.status in OPEN else [], now)
        own = [number for number, (seat, _) in enumerate(live.steps) if seat in mine]
        if own and match.status in OPEN:
            first = own[0]
            live.steps = live.steps[:first] + [step for step in live.steps[first:]
                                               if step[0] is not None and step[0] not in mine]
        else:
            if not match.move_count:
                raise Conflict("the match has no move to take back", code="no_moves", moves=0)
            last_forfeit = any(forfeit["after"] >= match.move_count for forfeit in match.log.forfeits)
            if not director and (live.last_by_id != user.pk or last_forfeit):
                raise Forbidden("only who made the last move, until the next one is made, or a director "
                                "may take it back")
            match = matches.undo_last_move(match, index=match.move_count)
            live.steps, live.last_by = [], None
        live.save()
        changed(match, live, live_state(match, live), bot=False)
    return Match.objects.select_related("club", "log").get(pk=pk)


# -- clocks ---------------------------------------------------------------------------------------

@transaction.atomic
def settle(match_id: int) -> bool:
    """Apply the flag falls due now: each running seat whose time is out forfeits, reason
    ``time`` (with two seats the other wins; at a larger table the game goes on). Answers
    whether any fell."""
    match = matches.locked(match_id)
    live = LiveGame.objects.select_for_update().filter(match_id=match.pk).first()
    if live is None or not live.timed or match.status not in OPEN:
        return False
    state = live_state(match, live)
    seats = clocks.running(state, forfeited(match))
    now = timezone.now()
    out = clocks.fallen(live, seats, now)
    if not out:
        return False
    clocks.charge(live, seats, now)
    for seat in out:
        if match.status not in OPEN:
            break
        match = matches.record_forfeit(match, seat=seat, reason="time", index=match.move_count)
    if match.status in OPEN:
        match, _ = advance(match, live, state, None)
    else:
        live.steps = []
    live.save()
    changed(match, live, state, bot=False)
    return True


@shared_task(name="tournaments.check_clock", acks_late=True)
def check_clock(match_id: int) -> bool:
    """Queued for when the first running clock of a board match runs out: the flag falls even
    if nobody acts. A check that comes early (the clocks changed meanwhile) queues the next."""
    if not LiveGame.objects.filter(match_id=match_id).exists():
        return False
    if settle(match_id):
        return True
    match = Match.objects.select_related("log").get(pk=match_id)
    if match.status in OPEN:
        live = live_of(match)
        wait = clocks.next_flag_seconds(live, clocks.running(live_state(match, live), forfeited(match)),
                                        timezone.now())
        if wait is not None:
            queue.after_commit_in(check_clock, wait + 0.05, match_id)
    return False


def changed(match: Match, live: LiveGame, state: GameState, *, bot: bool) -> None:
    """After every change: the live viewers are told once it commits; the next flag fall is
    queued; bot seats due to move are asked (unless a bot is moving: its task plays on)."""
    pk = match.pk
    live_events.match_changed(pk)  # on commit, once a transaction (a log move's save_log calls it too)
    if match.status not in OPEN or state.is_over():
        return
    seats = clocks.running(state, forfeited(match))
    wait = clocks.next_flag_seconds(live, seats, timezone.now())
    if wait is not None:
        queue.after_commit_in(check_clock, wait + 0.05, pk)
    if not bot and Seat.objects.filter(match_id=pk, index__in=seats, bot_version__isnull=False).exists():
        queue.after_commit_named(BOT_TURNS, pk)
