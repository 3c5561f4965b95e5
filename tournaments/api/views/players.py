"""The players resource: the people (and bots) who sit at a club's tables."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.views.base import METHODS, download, require_director, site_of
from tournaments.models import Club, Player
from tournaments.selectors import visible_players
from tournaments.services import exports
from tournaments.services import players as player_services


@extend_schema_view(
    list=extend_schema(summary="Players of the clubs one may see"),
    retrieve=extend_schema(summary="One player"),
    create=extend_schema(summary="Add a person to a club (directors); bots are added as bot entries"),
    partial_update=extend_schema(summary="Rename a player or link an account (directors)"),
    destroy=extend_schema(summary="Remove a player who has played no match (directors)"),
)
class PlayerViewSet(viewsets.ModelViewSet):
    """Players of the clubs one may see; directors manage their club's players."""

    serializer_class = s.PlayerSerializer
    filterset_fields = ["club__slug", "kind"]
    ordering_fields = ["name", "created_at"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Player]:
        return visible_players(self.request.user).order_by("club__name", "name")

    def check_director(self, club: Club) -> None:
        require_director(self.request, club, "manage its players")

    def perform_create(self, serializer: s.PlayerSerializer) -> None:
        self.check_director(serializer.validated_data["club"])
        serializer.instance = player_services.create_player(**serializer.validated_data)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_director(self.get_object().club)
        return super().update(request, *args, **kwargs)

    def perform_update(self, serializer: s.PlayerSerializer) -> None:
        serializer.instance = player_services.update_player(serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance: Player) -> None:
        self.check_director(instance.club)
        player_services.delete_player(instance)

    @extend_schema(operation_id="players_matches_ics",
                   summary="The player's matches still to play, in rounds with a start time, as an iCalendar feed",
                   responses={(200, "text/calendar"): OpenApiTypes.STR})
    def matches_ics(self, request: Request, pk: str | None = None) -> HttpResponse:
        return download(exports.player_matches_download(self.get_object(), request.user, site_of(request)))
