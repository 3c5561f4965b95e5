"""The players resource: the people (and bots) who sit at a club's tables."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.views.base import METHODS, require_director
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import Club, Player
from tournaments.selectors import visible_players


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
        self.save(serializer)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_director(self.get_object().club)
        return super().update(request, *args, **kwargs)

    def perform_update(self, serializer: s.PlayerSerializer) -> None:
        if "club" in serializer.validated_data and serializer.validated_data["club"] != serializer.instance.club:
            raise InvalidInput("a player cannot move to another club", fields={"club": ["cannot change"]})
        self.save(serializer)

    def save(self, serializer: s.PlayerSerializer) -> None:
        try:
            with transaction.atomic():
                serializer.save()
        except IntegrityError:
            raise InvalidInput("the club already has a player of that name",
                               fields={"name": ["already taken in this club"]}) from None

    def perform_destroy(self, instance: Player) -> None:
        self.check_director(instance.club)
        if instance.seats.exists() or instance.entries.exists():
            raise Conflict(f"{instance.name} has played matches or entered tournaments and cannot be deleted",
                           code="in_use")
        instance.delete()
