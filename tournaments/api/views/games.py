"""The games resource: what a client needs to set up, log and play each game."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.registry import GAME_CLASSES
from tournaments.api import catalog
from tournaments.api import serializers as s
from tournaments.api.views.base import known_game
from tournaments.errors import InvalidInput
from tournaments.selectors import seat_advantage, visible_club

SLUG_PARAMETER = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, enum=sorted(GAME_CLASSES),
                                  description="the game's slug")


@extend_schema(tags=["games"])
class GameViewSet(viewsets.ViewSet):
    """The four games: options with limits and defaults, notation, built-in bots, and what a
    bot sees. Public."""

    permission_classes = [AllowAny]
    lookup_field = "slug"
    lookup_value_regex = "[a-z_]+"

    @extend_schema(summary="Every game", responses=s.GameSerializer(many=True))
    def list(self, request: Request) -> Response:
        return Response(s.GameSerializer(catalog.describe_all(), many=True).data)

    @extend_schema(summary="One game", responses=s.GameSerializer, parameters=[SLUG_PARAMETER])
    def retrieve(self, request: Request, slug: str | None = None) -> Response:
        described = catalog.describe(known_game(slug or ""))
        return Response(s.GameSerializer(described).data)

    @extend_schema(
        summary="How often seat 0 won, per seat count, with a 95 % interval",
        description="Over the finished matches of the game in the clubs the caller may see (public clubs; a "
                    "member's own clubs too), or of one of them with `?club=<slug>`: how often seat 0 finished "
                    "first alone, the games counted, the Wilson score interval and the fair rate (1 / seats).",
        responses=s.SeatAdvantageSerializer,
        parameters=[SLUG_PARAMETER, OpenApiParameter("club", OpenApiTypes.STR, OpenApiParameter.QUERY,
                                                     required=False, description="one club's slug: its games only")])
    @action(detail=True, methods=["get"], url_path="seat-advantage")
    def seat_advantage(self, request: Request, slug: str | None = None) -> Response:
        game = known_game(slug or "")
        chosen = request.query_params.get("club", "")
        club = None
        if chosen:
            club = visible_club(request.user, chosen)
            if club is None:
                message = f"no club {chosen!r} that you may see"
                raise InvalidInput(message, fields={"club": [message]})
        figures = [figure.to_json() for figure in seat_advantage(request.user, game, club)]
        return Response(s.SeatAdvantageSerializer({"game": game, "club": chosen or None, "figures": figures}).data)
