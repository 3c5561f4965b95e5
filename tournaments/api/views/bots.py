"""The bots resource: bot entries, their uploaded versions, and their runs."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from games.bundle import safe_filename
from tournaments.api import serializers as s
from tournaments.api.views.base import METHODS, require_login, valid
from tournaments.models import BotEntry, BotVersion, Seat
from tournaments.selectors import is_director, is_member, owns_bot, visible_bots
from tournaments.services import bots as bot_services
from tournaments.version_records import comparison, default_pair, version_of, version_record

NUMBER = OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH, description="the version's number")


@extend_schema_view(
    list=extend_schema(summary="Bot entries of the clubs one may see, with the active version"),
    retrieve=extend_schema(summary="One bot entry"),
    create=extend_schema(summary="Enter a bot with its first version (members)",
                         request={"application/json": s.NewBotEntrySerializer,
                                  "multipart/form-data": s.NewBotEntrySerializer},
                         responses={201: s.BotEntrySerializer}),
    partial_update=extend_schema(summary="Change a bot's description or ladder flag (owner or directors)"),
    destroy=extend_schema(summary="Delete a bot that has played no match (owner or directors)"),
)
class BotEntryViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                      viewsets.ReadOnlyModelViewSet):
    """Bot entries: a club's members create them (a built-in strategy or an uploaded program)
    and upload versions; everyone who may see the club reads their record. Code and standard
    error are for the owner and staff alone."""

    serializer_class = s.BotEntrySerializer
    filterset_fields = ["game", "player__club__slug", "ladder", "owner"]
    ordering_fields = ["created_at", "player__name"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[BotEntry]:
        return visible_bots(self.request.user).order_by("game", "player__name")

    def owned(self, request: Request) -> BotEntry:
        entry = self.get_object()
        require_login(request)
        if not owns_bot(request.user, entry):
            raise PermissionDenied(f"only the owner of {entry.player.name} may do this")
        return entry

    def owned_or_directed(self, request: Request, doing: str) -> BotEntry:
        entry = self.get_object()
        require_login(request)
        if not (owns_bot(request.user, entry) or is_director(request.user, entry.player.club)):
            raise PermissionDenied(f"only the owner of {entry.player.name} or a director may {doing}")
        return entry

    def answer(self, entry: BotEntry, code: int = status.HTTP_200_OK) -> Response:
        return Response(s.BotEntrySerializer(self.get_queryset().get(pk=entry.pk),
                                             context=self.get_serializer_context()).data, status=code)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Create an entry with its first version: ``club``, ``name``, ``game``, ``description``
        and ``strategy`` (JSON) or ``file`` (multipart)."""
        require_login(request)
        data = s.NewBotEntrySerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        if not is_member(request.user, fields["club"]):
            raise PermissionDenied(f"only members of {fields['club'].name} enter bots there")
        entry = bot_services.create_entry(club=fields["club"], owner=request.user, game=fields["game"],
                                          name=fields["name"], description=fields["description"],
                                          ladder=fields["ladder"], **data.version_source())
        return self.answer(entry, status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Change the description or whether the entry plays on the ladder (owner or director)."""
        entry = self.owned_or_directed(request, "change it")
        data = s.BotEntrySerializer(entry, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        bot_services.update_entry(entry, **data.validated_data)
        return self.answer(entry)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Delete an entry that has played no match (owner or director)."""
        bot_services.delete_entry(self.owned_or_directed(request, "delete it"))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(methods=["GET"], summary="The versions, newest first", request=None,
                   responses=s.BotVersionSerializer(many=True))
    @extend_schema(methods=["POST"], summary="Store a new version (owner)",
                   request={"application/json": s.NewBotVersionSerializer,
                            "multipart/form-data": s.NewBotVersionSerializer},
                   responses={201: s.BotVersionSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def versions(self, request: Request, pk: str | None = None) -> Response:
        """The versions, newest first; POST a new one (owner): ``strategy`` or ``file``, with
        ``note`` and ``activate`` (default true)."""
        if request.method == "GET":
            entry = self.get_object()
            versions = entry.versions.select_related("entry").order_by("-number")
            return Response(s.BotVersionSerializer(versions, many=True, context=self.get_serializer_context()).data)
        entry = self.owned(request)
        data = s.NewBotVersionSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        version = bot_services.add_version(entry, by=request.user, note=data.validated_data["note"],
                                           activate=data.validated_data["activate"], **data.version_source())
        return Response(s.BotVersionSerializer(BotVersion.objects.select_related("entry").get(pk=version.pk),
                                               context=self.get_serializer_context()).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(summary="A version's stored file (owner and staff); a strategy answers {strategy}",
                   parameters=[NUMBER],
                   responses={(200, "application/octet-stream"): OpenApiTypes.BINARY,
                              (200, "application/json"): OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], url_path=r"versions/(?P<number>[0-9]+)/code", filter_backends=[])
    def code(self, request: Request, pk: str | None = None, number: str = "") -> HttpResponse:
        """A version's uploaded file as it was stored (owner and staff)."""
        entry = self.owned(request)
        version = entry.versions.filter(number=int(number)).first() if len(number) < 10 else None
        if version is None:
            raise NotFound(f"{entry.player.name} has no version {number}")
        if not version.uploaded:
            return Response({"strategy": version.strategy})
        response = HttpResponse(bytes(version.code), content_type="application/octet-stream")
        response["Content-Disposition"] = content_disposition_header(True, safe_filename(version.filename, version.kind))
        return response

    @extend_schema(summary="Make a version the one new matches play (owner)", request=s.ActivateSerializer,
                   responses=s.BotEntrySerializer)
    @action(detail=True, methods=["post"])
    def activate(self, request: Request, pk: str | None = None) -> Response:
        """Make a version the one new matches play: ``{"version": N}`` (owner)."""
        entry = self.owned(request)
        bot_services.activate_version(entry, valid(s.ActivateSerializer, request)["version"])
        return self.answer(entry)

    @extend_schema(summary="The entry's matches with forfeit reasons and standard error (owner and staff)",
                   responses=s.BotRunSerializer(many=True))
    @action(detail=True, methods=["get"], filter_backends=[])
    def runs(self, request: Request, pk: str | None = None) -> Response:
        """The entry's matches, newest first, with forfeit reasons and standard error (owner)."""
        entry = self.owned(request)
        seats = (Seat.objects.filter(player=entry.player).select_related("match", "bot_version", "output")
                 .order_by("-match__played_at", "-match_id"))
        page = self.paginate_queryset(seats)
        return self.get_paginated_response(s.BotRunSerializer(page, many=True).data)

    @extend_schema(summary="A version's record: rating trail, results per opponent version, forfeits by reason",
                   description="Over the finished matches the version played; whoever may read the entry reads "
                               "it. No code, no standard error.",
                   parameters=[NUMBER], responses=s.VersionHistorySerializer)
    @action(detail=True, methods=["get"], url_path=r"versions/(?P<number>[0-9]+)/history", filter_backends=[],
            pagination_class=None)
    def history(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        """One version's record (``tournaments.version_records.version_record``)."""
        entry = self.get_object()
        version = entry.versions.select_related("entry").filter(number=int(number)).first() if len(number) < 10 else None
        if version is None:
            raise NotFound(f"{entry.player.name} has no version {number}")
        return Response(s.VersionHistorySerializer(version_record(version).to_json()).data)

    @extend_schema(summary="Two versions of the entry side by side, overall and per opponent version",
                   description="`a` and `b` are version numbers; by default `b` is the active version and `a` the "
                               "one before it. A number the entry has no version of is refused (400).",
                   parameters=[OpenApiParameter(name, OpenApiTypes.INT, OpenApiParameter.QUERY, required=False,
                                                description=f"version {name.upper()}") for name in ("a", "b")],
                   responses=s.VersionComparisonSerializer)
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def compare(self, request: Request, pk: str | None = None) -> Response:
        """Two versions compared (``tournaments.version_records.comparison``)."""
        entry = self.get_object()
        defaults = dict(zip(("a", "b"), default_pair(entry)))
        a, b = (version_record(version_of(entry, request.query_params.get(name, defaults[name]), name))
                for name in ("a", "b"))
        return Response(s.VersionComparisonSerializer(comparison(a, b)).data)
