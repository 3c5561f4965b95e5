"""The ladders resource: bots playing each other in rated series of games."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.views.base import METHODS, require_director, require_login, valid
from tournaments.models import Club, Ladder
from tournaments.selectors import visible_ladders
from tournaments.services import ladders as ladder_services


@extend_schema_view(
    list=extend_schema(summary="Ladders of the clubs one may see"),
    retrieve=extend_schema(summary="One ladder"),
    create=extend_schema(summary="Set up a club's ladder for a game (directors)"),
    partial_update=extend_schema(summary="Change a ladder's settings (directors); club, game and seed stay"),
    destroy=extend_schema(summary="Remove a ladder and its schedule; its matches stay (directors)"),
)
class LadderViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                    viewsets.ReadOnlyModelViewSet):
    """Ladders: a club's continuous rated bot play for one game. Directors set them up; the
    beat schedule runs them, and ``run`` schedules a round at once."""

    serializer_class = s.LadderSerializer
    filterset_fields = ["club__slug", "game", "enabled"]
    ordering_fields = ["created_at", "game"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Ladder]:
        return visible_ladders(self.request.user).order_by("pk")

    def check_director(self, club: Club) -> None:
        require_director(self.request, club, "manage its ladders")

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_login(request)
        fields = valid(s.LadderSerializer, request)
        self.check_director(fields["club"])
        ladder = ladder_services.create_ladder(**fields)
        return Response(s.LadderSerializer(ladder).data, status=status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        ladder = self.get_object()
        self.check_director(ladder.club)
        data = s.LadderSerializer(ladder, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return Response(s.LadderSerializer(ladder_services.update_ladder(ladder, **data.validated_data)).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        ladder = self.get_object()
        self.check_director(ladder.club)
        ladder_services.delete_ladder(ladder)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(summary="Schedule a round now (directors): 202, its matches under matches_url", request=None,
                   responses={202: s.LadderRunSerializer})
    @action(detail=True, methods=["post"])
    def run(self, request: Request, pk: str | None = None) -> Response:
        """Schedule a round now (202); its matches appear under ``/api/matches/?ladder=ID``."""
        ladder = self.get_object()
        self.check_director(ladder.club)
        ladder_services.queue_round(ladder)
        url = request.build_absolute_uri(f"/api/matches/?ladder={ladder.pk}")
        return Response({"ladder": ladder.pk, "matches_url": url}, status=status.HTTP_202_ACCEPTED,
                        headers={"Location": url})
