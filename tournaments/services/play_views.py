"""Reading the board of a match played on the service's own board: the position (the log, then
the turn's steps), and what one reader may know of it (``play_view``). The steps themselves
never leave this module: a view says which seats have chosen, never what."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import timezone

from games.base import GameState
from games.registry import get_game
from tournaments.errors import Missing
from tournaments.models import LiveGame, Match
from tournaments.replays import Viewpoint
from tournaments.selectors import match_envelope, may_act
from tournaments.services import matches
from tournaments.services import play_clocks as clocks

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


def live_of(match: Match) -> LiveGame:
    live = LiveGame.objects.filter(match_id=match.pk).first()
    if live is None:
        raise Missing(f"match {match.pk} is not played on the board")
    return live


def forfeited(match: Match) -> set[int]:
    return {forfeit["seat"] for forfeit in match.log.forfeits}


def live_state(match: Match, live: LiveGame | None = None) -> GameState:
    """The position on the board: the log replayed, then the turn's steps applied."""
    live = live_of(match) if live is None else live
    state = matches.checked(match_envelope(match)).state
    for seat, step in live.steps:
        if seat is None:
            state.apply_chance(step)
        else:
            state.apply_action(seat, step)
    return state


def play_view(match: Match, viewpoint: Viewpoint, *, user: Any = None) -> dict[str, Any]:
    """What one reader may know of the board, as JSON: whose decision it is, which seats have
    already chosen this turn (never what), the legal actions of the reader's own seats (every
    seat for a director keeping score), the clocks in server time and the result."""
    live = live_of(match)
    state = live_state(match, live)
    gone = forfeited(match)
    playing = match.status in OPEN and not state.is_over()
    to_move = [seat for seat in state.to_move() if seat not in gone] if playing else []
    legal = {str(seat): state.legal_actions(seat) for seat in legal_seats(match, viewpoint, user, to_move)}
    now = timezone.now()
    return {
        "count": match.move_count,
        "status": match.status,
        "to_move": to_move,
        "chosen": sorted({seat for seat, _ in live.steps if seat is not None}) if playing else [],
        "legal": legal,
        "forfeited": sorted(gone),
        "clocks": clocks.view(live, clocks.running(state, gone) if playing else [], now),
        "last_by_me": bool(user is not None and live.last_by_id is not None and live.last_by_id == user.pk),
        "result": match.result,
    }


def legal_seats(match: Match, viewpoint: Viewpoint, user: Any, to_move: Sequence[int]) -> list[int]:
    """The seats whose legal actions a reader is shown: those it may act for (with no reader
    named, the viewpoint's seat, or every seat for one who sees everything), and of those in
    a game of hidden hands only seats whose hand it sees, since the actions name the cards."""
    people = set(match.seats.filter(bot_version__isnull=True).values_list("index", flat=True))
    own = set(match.seats.filter(player__user=user).values_list("index", flat=True)) \
        if getattr(user, "is_authenticated", False) else set()
    if user is not None:
        acts = {seat for seat in to_move if may_act(user, match, seat)}
    else:
        acts = set(to_move) if viewpoint.reveal else {viewpoint.viewer}
    if not viewpoint.reveal and get_game(match.game).hides_setup:
        acts &= own | {viewpoint.viewer}
    return [seat for seat in to_move if seat in acts and seat in people]
