"""Reads: who may see or do what, and a match as a log envelope."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery

from games.errors import GameError
from games.logs import FORMAT
from games.registry import get_game
from tournaments.models import (
    BotEntry,
    Club,
    Ladder,
    LiveGame,
    Match,
    Membership,
    Player,
    Rating,
    Round,
    Seat,
    SeatRating,
    Tournament,
)
from tournaments.rating_maths import CONSERVATIVE_DEVIATIONS, display, displayed, new_rating

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


def visible_tournaments(user: User) -> QuerySet[Tournament]:
    """The tournaments of the clubs one may see (every door lists and finds them here)."""
    return Tournament.objects.filter(club__in=visible_clubs(user)).select_related("club")


def visible_rounds(user: User) -> QuerySet[Round]:
    """The rounds of the tournaments one may see."""
    return Round.objects.filter(tournament__club__in=visible_clubs(user))


def visible_ladders(user: User) -> QuerySet[Ladder]:
    """The ladders of the clubs one may see."""
    return Ladder.objects.filter(club__in=visible_clubs(user)).select_related("club")


def visible_players(user: User) -> QuerySet[Player]:
    return Player.objects.filter(club__in=visible_clubs(user)).select_related("club")


def sits_in(user: User, match: Match) -> bool:
    return bool(user.is_authenticated and match.seats.filter(player__user=user).exists())


def can_log(user: User, match: Match) -> bool:
    """Directors of the match's club and members who sit in it may log its moves."""
    if is_director(user, match.club):
        return True
    return is_member(user, match.club) and sits_in(user, match)


def may_act(user: User, match: Match, seat: int) -> bool:
    """Whether ``user`` may make seat ``seat``'s decisions on the board: the member the seat's
    player is linked to, or a director of the club (staff too), keeping score for anyone. A
    bot's seat is played by its bot alone (``play.act(..., bot=True)``)."""
    if not user.is_authenticated or type(seat) is not int:
        return False
    row = match.seats.filter(index=seat).select_related("player").first()
    if row is None or row.bot_version_id is not None:
        return False
    if is_director(user, match.club):
        return True
    return row.player.user_id == user.pk and is_member(user, match.club)


def ended(match: Match) -> bool:
    return match.status in (Match.Status.FINISHED, Match.Status.VOID)


def sees_hidden(user: User, match: Match) -> bool:
    """Whether ``user`` may read everything a match holds: its setup (hands, the deck's order),
    its seed and its moves whole. Everybody may once it has ended, or in a game that hides
    nothing; while it is played, only the club's directors (and staff) who do not sit at it.
    Every door (the API's match and log, the positions, the pages) asks this."""
    if ended(match) or not get_game(match.game).hides_setup:
        return True
    return is_director(user, match.club) and not sits_in(user, match)


#: What :func:`shown` leaves out for a reader who may not see everything.
WITHHELD = ("setup", "seed")


def shown(data: dict[str, Any], match: Match, user: User) -> dict[str, Any]:
    """A match's JSON (the API's match or its log envelope) as ``user`` may read it: for one
    who may not see everything, the setup is empty, the seed blank (the commitment stays) and
    the moves given as a spectator reads them (``Game.public_moves``); ``withheld`` names
    what was left out."""
    if not ended(match) and data.get("seed") and LiveGame.objects.filter(match_id=match.pk).exists():
        # A match on the board draws its chance outcomes from the seed as it goes: nobody
        # reads it before the end, directors included (the commitment shows).
        data = {**data, "seed": ""}
        if sees_hidden(user, match):
            return {**data, "withheld": ["seed"]}
    if sees_hidden(user, match):
        return data
    data = {**data, "setup": {}, "withheld": list(WITHHELD)}
    if "seed" in data:
        data["seed"] = ""
    if isinstance(data.get("moves"), list):
        data["moves"] = get_game(match.game).public_moves(data["moves"])
    return data


def match_envelope(match: Match, moves: list[Any] | None = None) -> dict[str, Any]:
    """The match as a log envelope (``docs/log-format.md``) that ``verify_log`` accepts."""
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


def exported_envelope(match: Match) -> dict[str, Any]:
    """The envelope an export writes: whole, except that a match on the board still being
    played keeps its seed back (its chance outcomes are still drawn from it); the commitment
    stays, and the seed is exported once the match has ended."""
    envelope = match_envelope(match)
    if "seed" in envelope and not ended(match) and LiveGame.objects.filter(match_id=match.pk).exists():
        del envelope["seed"]
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



# -- ratings ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class RatingView:
    """A player's rating in a game on the displayed scale (``docs/ratings.md``); an unrated
    player shows a new player's rating with no games."""

    player_id: int
    game: str
    rating: float
    deviation: float
    conservative: float
    provisional: bool
    games: int
    wins: int = 0
    losses: int = 0
    draws: int = 0
    tables: int = 0
    average_place: float | None = None
    best_rating: float | None = None
    best_at: datetime | None = None
    best_match_id: int | None = None
    last_played_at: datetime | None = None
    player_name: str = ""

    @classmethod
    def of(cls, rating: Rating) -> RatingView:
        return cls(
            player_id=rating.player_id, game=rating.game, **displayed(rating.mu, rating.sigma),
            games=rating.games, wins=rating.wins,
            losses=rating.losses, draws=rating.draws, tables=rating.tables,
            average_place=round(rating.place_sum / rating.tables, 2) if rating.tables else None,
            best_rating=round(display(rating.best_mu), 1) if rating.best_mu is not None else None,
            best_at=rating.best_at, best_match_id=rating.best_match_id, last_played_at=rating.last_played_at,
            player_name=rating.player.name)

    @classmethod
    def unrated(cls, player_id: int, game: str) -> RatingView:
        return cls(player_id=player_id, game=game, **displayed(*new_rating()), games=0)


def ratings_for(game: str, player_ids: Iterable[int]) -> dict[int, RatingView]:
    """The players' ratings in a game, a new player's for those not rated yet."""
    player_ids = list(player_ids)
    found = {rating.player_id: RatingView.of(rating)
             for rating in Rating.objects.filter(game=game, player_id__in=player_ids).select_related("player")}
    return {player: found.get(player) or RatingView.unrated(player, game) for player in player_ids}


def leaderboard(game: str, club: Club | None = None, kind: str | None = None,
                min_games: int = 0) -> QuerySet[Rating]:
    """A game's ratings, best first by the conservative estimate, then more games, then the
    older player; optionally one club's, people's or bots', with at least ``min_games``."""
    ratings = Rating.objects.filter(game=game).select_related("player", "player__club")
    if club is not None:
        ratings = ratings.filter(player__club=club)
    if kind:
        ratings = ratings.filter(player__kind=kind)
    if min_games:
        ratings = ratings.filter(games__gte=min_games)
    return ratings.annotate(estimate=F("mu") - CONSERVATIVE_DEVIATIONS * F("sigma")).order_by(
        "-estimate", "-games", "player_id")


def player_ratings(player: Player) -> list[RatingView]:
    """A player's ratings in every game it has played rated matches of."""
    return [RatingView.of(rating) for rating in Rating.objects.filter(player=player).select_related("player")
            .order_by("game")]


def rating_history(player: Player, game: str) -> QuerySet[SeatRating]:
    """A player's rated matches of a game, oldest first: the rating before and after each."""
    return SeatRating.objects.filter(player=player, game=game).order_by("played_at", "match_id")


def head_to_head(player: Player, opponent: Player, game: str | None = None) -> dict[str, Any]:
    """Two players' rated matches together: who finished above whom (at tables too), newest first."""
    mine = SeatRating.objects.filter(player=player)
    if game:
        mine = mine.filter(game=game)
    theirs = dict(SeatRating.objects.filter(player=opponent, match_id__in=mine.values("match_id"))
                  .values_list("match_id", "rank"))
    meetings = [row for row in mine.filter(match_id__in=list(theirs)).order_by("-played_at", "-match_id")
                .values("match_id", "game", "played_at", "seats", "rank", "mu_before", "mu_after")]
    record = {"wins": 0, "losses": 0, "draws": 0}
    recent = []
    for row in meetings:
        other = theirs[row["match_id"]]
        outcome = "wins" if row["rank"] < other else "losses" if row["rank"] > other else "draws"
        record[outcome] += 1
        recent.append({"match": row["match_id"], "game": row["game"], "played_at": row["played_at"],
                       "seats": row["seats"], "rank": row["rank"], "opponent_rank": other,
                       "rating_change": round(display(row["mu_after"]) - display(row["mu_before"]), 1)})
    return {"player": player.pk, "opponent": opponent.pk, "game": game, "matches": len(meetings), **record,
            "recent": recent[:HEAD_TO_HEAD_RECENT]}


#: How many of their latest meetings a head-to-head record lists.
HEAD_TO_HEAD_RECENT = 20


# -- corrections ------------------------------------------------------------------------------------

def correction_notes(user: User, club: Club, corrections: Iterable[Any]) -> list[dict[str, Any]]:
    """Corrected results as ``user`` may read of them: everybody that a match was corrected and
    when; the club's members also why; its directors (and staff) also who and what changed."""
    member, director = is_member(user, club), is_director(user, club)
    notes = []
    for correction in corrections:
        note: dict[str, Any] = {"match_id": correction.match_id, "at": correction.at}
        if member:
            note["reason"] = correction.reason
        if director:
            note["by"] = correction.by.get_username() if correction.by else "?"
            note["changes"] = correction.changes
        notes.append(note)
    return notes


# -- seat advantage ---------------------------------------------------------------------------------

#: The normal quantile of a two-sided 95 % interval.
Z_95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float] | None:
    """The Wilson score interval of a rate of ``wins`` in ``games`` (95 % by default): unlike
    the plain rate plus or minus two standard errors it stays within 0 to 1 and is sound for
    few games or rates near 0 or 1. ``None`` for no games."""
    if games <= 0:
        return None
    rate = wins / games
    z2 = z * z
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * (rate * (1 - rate) / games + z2 / (4 * games * games)) ** 0.5
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class SeatAdvantage:
    """How often seat 0 won a game at tables of ``seats`` seats: alone in first place in
    ``wins`` of ``games`` finished games (a shared first place is not a win)."""

    seats: int
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def fair(self) -> float:
        """The rate if the seat made no difference: one win in ``seats``."""
        return 1 / self.seats

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games) or (0.0, 1.0)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"seats": self.seats, "games": self.games, "wins": self.wins, "rate": self.rate,
                "low": low, "high": high, "fair": self.fair}


def visible_club(user: User, slug: str) -> Club | None:
    """The club of that slug if ``user`` may see it, else ``None`` (as if it did not exist)."""
    return visible_clubs(user).filter(slug=slug).first()


def seat_advantage(user: User, game: str, club: Club | None = None) -> list[SeatAdvantage]:
    """Per seat count, how often seat 0 won ``game``'s finished matches of the clubs ``user``
    may see (of ``club`` alone when given; the caller checked it is visible), fewest seats first.

    One grouped query over the seat-0 rows: each match's seat count and whether another seat
    shares first place come from correlated subqueries, so nothing is counted in Python."""
    matches = Match.objects.filter(game=game, status=Match.Status.FINISHED)
    matches = matches.filter(club=club) if club is not None else matches.filter(club__in=visible_clubs(user))
    seats = Seat.objects.filter(match=OuterRef("match_id")).order_by().values("match_id")
    rows = (Seat.objects.filter(index=0, match__in=matches.values("pk")).order_by()
            .annotate(seat_count=Subquery(seats.annotate(n=Count("pk")).values("n")),
                      shared=Exists(Seat.objects.filter(match=OuterRef("match_id"), rank=1).exclude(index=0)))
            .values("seat_count")
            .annotate(games=Count("pk"), wins=Count("pk", filter=Q(rank=1, shared=False)))
            .order_by("seat_count"))
    return [SeatAdvantage(seats=row["seat_count"], games=row["games"], wins=row["wins"])
            for row in rows if row["seat_count"] and row["seat_count"] > 1]
