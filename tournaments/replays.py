"""Reads for the replay viewer and the positions API: a match's positions as the game's own
SVG drawing (``Game.draw``), shown to each reader as much as that reader may see.

Who sees what (``docs/pages.md``): once a match has ended (finished or void) everybody who
may read it sees everything, hands included. While it is being played a reader sees the
public drawing, and a reader seated at it sees its own seat's hidden things too; the move
list leaves out what a spectator may not read (``Game.public_moves``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from games.base import GameState
from games.errors import GameError
from games.registry import get_game
from tournaments.errors import Missing
from tournaments.models import Match
from tournaments.selectors import User, ended, sees_hidden  # noqa: F401 (ended: the viewers ask replays)


@dataclass(frozen=True)
class Viewpoint:
    """How one reader looks at one match: the seat whose hidden things show (or None) and
    whether everything shows."""

    viewer: int | None
    reveal: bool

    @property
    def key(self) -> str:
        return "all" if self.reveal else "public" if self.viewer is None else f"seat{self.viewer}"


def view_of(match: Match, user: User) -> Viewpoint:
    """Everything for those who may see it (after the end; the club's directors not seated
    at it, ``selectors.sees_hidden``); during play, a seated reader's own seat (when it holds
    one seat alone), otherwise the public view."""
    if sees_hidden(user, match):
        return Viewpoint(None, True)
    if user.is_authenticated:
        seats = list(match.seats.filter(player__user=user).values_list("index", flat=True))
        if len(seats) == 1:
            return Viewpoint(seats[0], False)
    return Viewpoint(None, False)


def move_count(match: Match) -> int:
    return len(match.log.moves)


def shown_moves(match: Match, viewpoint: Viewpoint) -> list[str]:
    """The log's moves as this reader may read them."""
    moves = list(match.log.moves)
    return moves if viewpoint.reveal else get_game(match.game).public_moves(moves)


def initial_state(match: Match, seats: int) -> GameState:
    """The match's first position (its options read as the verifier reads them)."""
    engine = get_game(match.game)
    return engine.new_state(engine.parse_options(match.options, seats), seats, match.log.setup)


def move_rows(match: Match, viewpoint: Viewpoint) -> list[dict[str, object]]:
    """One row per move for the viewer's list: its number, its text and who made it."""
    names = [seat.player.name for seat in match.seats.all().order_by("index")]
    state = initial_state(match, len(names))
    rows = []
    for index, (move, text) in enumerate(zip(match.log.moves, shown_moves(match, viewpoint), strict=True)):
        seats = state.movers()
        if len(seats) == len(names) > 1:
            who = "all seats"
        else:
            who = ", ".join(names[seat] for seat in seats)
        rows.append({"number": index + 1, "text": text, "who": who})
        try:
            state.apply_move(move)
        except GameError:
            break
    return rows


def draw_position(match: Match, number: int, viewpoint: Viewpoint) -> str:
    """The SVG of the position after ``number`` moves (0: the start); :class:`Missing` when
    the match has no such position."""
    moves = match.log.moves
    if not 0 <= number <= len(moves):
        raise Missing(f"match {match.pk} has {len(moves)} moves: its positions are 0 to {len(moves)}, "
                      f"not {number}")
    state = initial_state(match, match.seats.count())
    for move in moves[:number]:
        state.apply_move(move)
    return state.game.draw(state, viewer=viewpoint.viewer, reveal=viewpoint.reveal)


def position_etag(match: Match, number: int, viewpoint: Viewpoint) -> str:
    """Changes whenever the match does (a move, a correction) or the reader's view does."""
    stamp = f"{match.pk}:{match.updated_at.isoformat()}:{len(match.log.moves)}:{number}:{viewpoint.key}"
    return '"' + hashlib.sha256(stamp.encode()).hexdigest()[:32] + '"'
