"""The games resource: what a client needs to set up, log and play each game."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.registry import GAME_CLASSES
from tournaments.api import catalog
from tournaments.api import serializers as s
from tournaments.api.views.base import known_game


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

    @extend_schema(summary="One game", responses=s.GameSerializer,
                   parameters=[OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH,
                                                enum=sorted(GAME_CLASSES), description="the game's slug")])
    def retrieve(self, request: Request, slug: str | None = None) -> Response:
        described = catalog.describe(known_game(slug or ""))
        return Response(s.GameSerializer(described).data)
