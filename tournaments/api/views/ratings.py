"""Rating views: leaderboards, a player's ratings and history, head-to-head records, and the
staff's recompute of a game's ratings.

Read-only and public as far as the players' clubs are: a private club's players are
unknown (404) to those outside it.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.decorators import api_view
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.errors import UnknownGameError
from games.registry import GAME_CLASSES, require_game
from tournaments import cache
from tournaments.api import serializers as s
from tournaments.api.etags import cached_answer
from tournaments.api.views.base import known_game, require_staff
from tournaments.api.views.jobs import job_accepted
from tournaments.errors import InvalidInput, Missing, refused_by_game
from tournaments.models import Club, Player, Rating, SeatRating
from tournaments.selectors import (
    RatingView,
    head_to_head,
    leaderboard,
    player_ratings,
    rating_history,
    visible_clubs,
    visible_players,
)
from tournaments.services import jobs as job_services
from tournaments.rating_maths import displayed

GAME_PARAMETER = OpenApiParameter("game", OpenApiTypes.STR, OpenApiParameter.PATH, enum=sorted(GAME_CLASSES),
                                  description="the game's slug")
PLAYER_PARAMETER = OpenApiParameter("player_id", OpenApiTypes.INT, OpenApiParameter.PATH,
                                    description="the player's id")


def visible_player(request: Request, player_id: int) -> Player:
    player = visible_players(request.user).filter(pk=player_id).first()
    if player is None:
        raise Missing(f"no player {player_id}")
    return player


class IntegerFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


class LeaderboardFilter(django_filters.FilterSet):
    club = django_filters.ModelChoiceFilter(
        field_name="player__club", to_field_name="slug", label="a club's slug: its players only",
        queryset=lambda request: visible_clubs(request.user) if request else Club.objects.none())
    kind = django_filters.ChoiceFilter(field_name="player__kind", choices=Player.Kind.choices,
                                       label="people or bots only")
    min_games = IntegerFilter(field_name="games", lookup_expr="gte", min_value=0,
                              label="at least this many rated matches")

    class Meta:
        model = Rating
        fields = ["club", "kind", "min_games"]


@extend_schema(parameters=[GAME_PARAMETER], tags=["ratings"])
class LeaderboardView(generics.ListAPIView):
    """``GET /api/ratings/{game}/``: the game's leaderboard, best first by the conservative
    estimate (rating less three deviations), paginated; ``rank`` counts within the filters."""

    serializer_class = s.LeaderboardRowSerializer
    permission_classes = [AllowAny]
    filter_backends = [DjangoFilterBackend]
    filterset_class = LeaderboardFilter

    def get_queryset(self) -> QuerySet[Rating]:
        if getattr(self, "swagger_fake_view", False):  # the schema generator
            return Rating.objects.none()
        game = known_game(self.kwargs["game"])
        return leaderboard(game).filter(player__club__in=visible_clubs(self.request.user))

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Cached per game, filters, page and the clubs the caller sees, until the game's
        ratings, a player or a club change; sent with an ETag."""
        game = known_game(self.kwargs["game"])
        # One request computes a missing page while the others wait for it: every rated match
        # changes the version, and every reader at that moment would compute the same page.
        return cached_answer(request, "leaderboard", [request.build_absolute_uri()],
                             [cache.ratings_scope(game), "players"], self.page, single=True)

    def page(self) -> Any:
        ratings = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(ratings)
        first = self.paginator.page.start_index() if page is not None else 1
        rows = [{"rank": first + index, **asdict(RatingView.of(rating))}
                for index, rating in enumerate(page if page is not None else ratings)]
        data = self.get_serializer(rows, many=True).data
        return self.get_paginated_response(data).data if page is not None else data


@extend_schema(parameters=[PLAYER_PARAMETER], tags=["ratings"], responses=s.RatingSerializer(many=True))
class PlayerRatingsView(generics.GenericAPIView):
    """``GET /api/players/{id}/ratings/``: the player's rating in every game it has played rated."""

    serializer_class = s.RatingSerializer
    permission_classes = [AllowAny]
    pagination_class = None
    queryset = Rating.objects.none()  # for the schema: the rows come from the selector

    def get(self, request: Request, player_id: int) -> Response:
        player = visible_player(request, player_id)
        return Response(self.get_serializer(player_ratings(player), many=True).data)


@extend_schema(parameters=[PLAYER_PARAMETER, GAME_PARAMETER], tags=["ratings"])
class RatingHistoryView(generics.ListAPIView):
    """``GET /api/players/{id}/ratings/{game}/history/``: the player's rated matches of the
    game, oldest first, with the rating before and after each (from the seats' snapshots)."""

    serializer_class = s.HistoryPointSerializer
    permission_classes = [AllowAny]
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[SeatRating]:
        if getattr(self, "swagger_fake_view", False):  # the schema generator
            return SeatRating.objects.none()
        game = known_game(self.kwargs["game"])
        return rating_history(visible_player(self.request, self.kwargs["player_id"]), game)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        points = []
        for point in page:
            before, after = displayed(point.mu_before, point.sigma_before), displayed(point.mu_after, point.sigma_after)
            points.append({"match_id": point.match_id, "played_at": point.played_at, "seats": point.seats,
                           "rank": point.rank, "outcome": point.outcome, "rating_before": before["rating"],
                           "deviation_before": before["deviation"], "rating": after["rating"],
                           "deviation": after["deviation"]})
        return self.get_paginated_response(self.get_serializer(points, many=True).data)


@extend_schema(parameters=[PLAYER_PARAMETER,
                           OpenApiParameter("opponent_id", OpenApiTypes.INT, OpenApiParameter.PATH,
                                            description="the other player's id"),
                           OpenApiParameter("game", OpenApiTypes.STR, OpenApiParameter.QUERY,
                                            enum=sorted(GAME_CLASSES),
                                            description="one game only (default: every game)")],
               tags=["ratings"])
class HeadToHeadView(generics.GenericAPIView):
    """``GET /api/players/{id}/head-to-head/{opponent_id}/``: the two players' rated matches
    together, from the first player's side; at a table, finishing above counts as a win."""

    serializer_class = s.HeadToHeadSerializer
    permission_classes = [AllowAny]
    pagination_class = None
    queryset = SeatRating.objects.none()  # for the schema: the rows come from the selector

    def get(self, request: Request, player_id: int, opponent_id: int) -> Response:
        player = visible_player(request, player_id)
        opponent = visible_player(request, opponent_id)
        if player == opponent:
            raise InvalidInput("a player has no head-to-head record with itself",
                               fields={"opponent_id": ["must be another player"]})
        game = request.query_params.get("game") or None
        if game is not None:
            try:
                require_game(game)
            except UnknownGameError as error:
                raise refused_by_game(error, code="invalid") from None
        return Response(self.get_serializer(head_to_head(player, opponent, game)).data)


@extend_schema(tags=["ratings"], summary="Recompute a game's ratings from its rated matches (staff)", request=None,
               parameters=[OpenApiParameter("game", OpenApiTypes.STR, OpenApiParameter.PATH, enum=sorted(GAME_CLASSES),
                                            description="the game's slug")],
               description="A long job: 202 with the job, whose `url` (also in `Location`) is polled until its "
                           "`status` is `done` or `failed`. Ratings stay up to date by themselves; this rebuilds "
                           "them from scratch, as `manage.py recompute_ratings` does.",
               responses={202: s.JobSerializer})
@api_view(["POST"])
def recompute_ratings_view(request: Request, game: str) -> Response:
    require_staff(request, "recompute ratings")
    return job_accepted(request, job_services.start_recompute(known_game(game), by=request.user))
