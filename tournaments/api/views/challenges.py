"""The challenges resource: a bot owner's unrated games against versions they may see, and
reruns of finished bot matches (``POST /api/matches/{id}/rerun/`` starts one)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import challenge_reads
from tournaments.api import serializers as s
from tournaments.api.views.base import METHODS, require_login, valid
from tournaments.models import Challenge
from tournaments.services import challenges as challenge_services

QUOTA_EXAMPLE = OpenApiExample(
    "Past the daily quota (429)", response_only=True, status_codes=["429"],
    value={"code": "challenge_quota", "message": "Pond Club allows 50 challenge games a day and you have asked for 48 "
                                                 "today: 2 left, not 10 (the count starts again at midnight UTC)",
           "fields": {"count": ["..."]}, "quota": 50, "used": 48})


@extend_schema_view(
    list=extend_schema(summary="Your challenges and reruns, newest first (all of them for staff)"),
    retrieve=extend_schema(summary="One challenge: its games with their results, and a rerun's divergence"),
    create=extend_schema(summary="Start N unrated games of your version against versions you may see",
                         request=s.NewChallengeSerializer, responses={201: s.ChallengeSerializer},
                         examples=[QUOTA_EXAMPLE,
                                   OpenApiExample("Ten games from a seed range", request_only=True,
                                                  value={"version": 12, "lineup": [12, 3], "options": {},
                                                         "seed_base": "try-1", "count": 10})]),
)
class ChallengeViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Challenges: only their owner (and staff) read them; anyone else gets 404."""

    serializer_class = s.ChallengeSerializer
    filterset_fields = ["game", "status", "version", "rerun_of"]
    ordering_fields = ["created_at"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Challenge]:
        return challenge_reads.visible_challenges(self.request.user).order_by("-created_at", "-pk")

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_login(request)
        return super().list(request, *args, **kwargs)

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_login(request)
        return super().retrieve(request, *args, **kwargs)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """``version``, ``lineup`` (version ids in seat order), ``options``, and ``seeds`` or
        ``seed_base`` with ``count``. 429 past the owner's daily quota in the club."""
        require_login(request)
        data = valid(s.NewChallengeSerializer, request)
        challenge = challenge_services.create_challenge(
            owner=request.user, version=data["version"], lineup=data["lineup"], options=data.get("options"),
            seeds=data.get("seeds"), seed_base=data.get("seed_base"), count=data.get("count"))
        return answer(request, challenge)


def answer(request: Request, challenge: Challenge) -> Response:
    """A new challenge as the API shows it (201)."""
    found = challenge_reads.visible_challenges(request.user).get(pk=challenge.pk)
    return Response(s.ChallengeSerializer(found, context={"request": request}).data, status=status.HTTP_201_CREATED)
