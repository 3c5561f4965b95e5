"""The leaderboards: one page per game, sortable, with each player's rating trend."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games.errors import GameError
from games.registry import get_game
from tournaments import charts
from tournaments.models import Player, SeatRating
from tournaments.selectors import RatingView, leaderboard, visible_clubs
from tournaments.services.ratings import display
from tournaments.web.base import games_list


#: Leaderboard columns one may sort by: the key of each row, and whether larger comes first.
LEADERBOARD_SORTS = {"rank": ("rank", False), "rating": ("rating", True), "deviation": ("deviation", False),
                     "games": ("games", True), "name": ("name", False), "club": ("club", False)}
LEADERBOARD_ROWS = 500
TREND_POINTS = 20


@dataclass
class LeaderboardRow:
    rank: int
    view: RatingView
    club: str
    club_slug: str
    kind: str
    trend: str

    @property
    def name(self) -> str:
        return self.view.player_name.lower()

    @property
    def rating(self) -> float:
        return self.view.rating

    @property
    def deviation(self) -> float:
        return self.view.deviation

    @property
    def games(self) -> int:
        return self.view.games


def trends(game: str, player_ids: list[int]) -> dict[int, list[float]]:
    """The latest ratings of each player in a game, oldest first, for the trend lines."""
    values: dict[int, list[float]] = defaultdict(list)
    rows = (SeatRating.objects.filter(game=game, player_id__in=player_ids).order_by("played_at", "match_id")
            .values_list("player_id", "mu_before", "mu_after"))
    for player_id, before, after in rows:
        if not values[player_id]:
            values[player_id].append(display(before))
        values[player_id].append(display(after))
    return {player_id: series[-TREND_POINTS:] for player_id, series in values.items()}


def leaderboards(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/site/leaderboards.html", {"games": games_list()})


def leaderboard_page(request: HttpRequest, game: str) -> HttpResponse:
    """A game's leaderboard, best first by the conservative estimate; any column sorts."""
    try:
        engine = get_game(game)
    except GameError:
        raise Http404("no such game") from None
    clubs = visible_clubs(request.user)
    ratings = leaderboard(engine.slug).filter(player__club__in=clubs)
    club_slug = request.GET.get("club") or ""
    kind = request.GET.get("kind") or ""
    if club_slug:
        ratings = ratings.filter(player__club__slug=club_slug)
    if kind in Player.Kind.values:
        ratings = ratings.filter(player__kind=kind)
    ratings = list(ratings[:LEADERBOARD_ROWS])
    series = trends(engine.slug, [rating.player_id for rating in ratings])
    rows = [LeaderboardRow(rank, RatingView.of(rating), rating.player.club.name, rating.player.club.slug,
                           rating.player.kind, mark_safe(charts.sparkline(series.get(rating.player_id, []))))
            for rank, rating in enumerate(ratings, start=1)]
    sort = request.GET.get("sort") or "rank"
    key = sort.removeprefix("-")
    if key not in LEADERBOARD_SORTS:
        key, sort = "rank", "rank"
    attribute, larger_first = LEADERBOARD_SORTS[key]
    descending = larger_first != sort.startswith("-")
    rows.sort(key=lambda row: (getattr(row, attribute), -row.rank if descending else row.rank), reverse=descending)
    columns = []
    for name in ("rank", "name", "club", "rating", "deviation", "games"):
        current = name == key
        columns.append({"name": name, "current": current, "descending": current and descending,
                        "link": f"-{name}" if current and not sort.startswith("-") else name})
    context = {"game": engine, "rows": rows, "columns": columns, "sort": sort, "club_slug": club_slug,
               "kind": kind, "clubs": clubs.order_by("name"), "games": games_list()}
    return render(request, "tournaments/site/leaderboard.html", context)
