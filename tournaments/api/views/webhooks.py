"""Notifications in the API: ``/api/webhooks/`` (one's own, or a club's for its directors with
``?club=<slug>``), one webhook and its delivery log, and one's e-mail preferences at
``/api/notifications/preferences/``. The secrets are shown to those who manage the webhook."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.serializers.base import InputSerializer
from tournaments.errors import Forbidden, Missing
from tournaments.models import Club, Delivery, WebhookEndpoint
from tournaments.models.notifications import EVENT_NAMES
from tournaments.selectors import is_director, visible_clubs
from tournaments.services import notifications

EVENT_CHOICES = EVENT_NAMES
CLUB = OpenApiParameter("club", str, description="a club's slug: that club's webhooks (its directors only)")


class WebhookSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = WebhookEndpoint
        fields = ["id", "url", "events", "active", "club", "secret", "created_at"]
        read_only_fields = fields


class WebhookInputSerializer(InputSerializer):
    url = serializers.CharField(max_length=500, help_text="http(s) URL of a public address (or a trusted host)")
    events = serializers.ListField(child=serializers.ChoiceField(choices=EVENT_CHOICES), allow_empty=False)
    club = serializers.CharField(required=False, max_length=50, help_text="a club's slug: the club's webhook")


class DeliverySerializer(serializers.ModelSerializer):
    class Meta:
        model = Delivery
        fields = ["id", "event", "payload", "status", "attempts", "last_error", "response_status", "created_at",
                  "last_attempt_at", "delivered_at"]
        read_only_fields = fields


class WebhookSwitchSerializer(InputSerializer):
    active = serializers.BooleanField(help_text="false switches the webhook off (nothing is sent to it), true on again")


class PreferenceSerializer(InputSerializer):
    email_events = serializers.ListField(child=serializers.ChoiceField(choices=EVENT_CHOICES), allow_empty=True)
    rating_threshold = serializers.IntegerField(min_value=1, max_value=notifications.MAX_THRESHOLD)


def club_of(request: Request, slug: Any) -> Club | None:
    """The club named by slug, which the caller must direct (404 unseen, 403 not directed)."""
    if slug in (None, ""):
        return None
    found = visible_clubs(request.user).filter(slug=str(slug)[:50]).first()
    if found is None:
        raise Missing("no such club", fields={"club": ["no such club"]})
    if not is_director(request.user, found):
        raise Forbidden(f"only the directors of {found.name} manage its webhooks")
    return found


def managed(request: Request, pk: int) -> WebhookEndpoint:
    endpoint = WebhookEndpoint.objects.select_related("club").filter(pk=pk).first()
    if endpoint is None or not notifications.may_manage(request.user, endpoint):
        raise Missing("no such webhook")
    return endpoint


@extend_schema_view(
    get=extend_schema(summary="One's webhooks, or a club's (its directors only)", parameters=[CLUB],
                      responses=WebhookSerializer(many=True), tags=["notifications"]),
    post=extend_schema(summary="Add a webhook (with `club`, the club's): its secret signs every delivery",
                       request=WebhookInputSerializer, responses={201: WebhookSerializer}, tags=["notifications"]),
)
class WebhookListView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request) -> Response:
        club = club_of(request, request.query_params.get("club"))
        return Response(WebhookSerializer(notifications.endpoints_of(request.user, club), many=True).data)

    def post(self, request: Request) -> Response:
        data = WebhookInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        club = club_of(request, fields.get("club"))
        made = notifications.create_endpoint(by=request.user, club=club, url=fields["url"], events=fields["events"])
        return Response(WebhookSerializer(made).data, status=status.HTTP_201_CREATED)


@extend_schema_view(
    get=extend_schema(summary="One webhook", responses=WebhookSerializer, tags=["notifications"]),
    patch=extend_schema(summary="Switch a webhook off or on again",
                        description="Switched off, a webhook is sent nothing: its pending deliveries end unsent and "
                                    "each later event is logged as not sent. Switched on, new events are sent; "
                                    "none missed is replayed.",
                        request=WebhookSwitchSerializer, responses=WebhookSerializer, tags=["notifications"]),
    delete=extend_schema(summary="Delete a webhook and its delivery log", responses={204: None},
                         tags=["notifications"]),
)
class WebhookDetailView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request, pk: int) -> Response:
        return Response(WebhookSerializer(managed(request, pk)).data)

    def patch(self, request: Request, pk: int) -> Response:
        endpoint = managed(request, pk)
        data = WebhookSwitchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        switched = notifications.set_active(endpoint, by=request.user, active=data.validated_data["active"])
        return Response(WebhookSerializer(switched).data)

    def delete(self, request: Request, pk: int) -> Response:
        notifications.delete_endpoint(managed(request, pk), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema_view(get=extend_schema(summary="A webhook's delivery log, newest first (the latest 50)",
                                      responses=DeliverySerializer(many=True), tags=["notifications"]))
class WebhookDeliveriesView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request, pk: int) -> Response:
        endpoint = managed(request, pk)
        found = notifications.deliveries_of(WebhookEndpoint.objects.filter(pk=endpoint.pk))
        return Response(DeliverySerializer(found, many=True).data)


@extend_schema_view(
    get=extend_schema(summary="One's e-mail notifications and rating threshold", responses=PreferenceSerializer,
                      tags=["notifications"]),
    put=extend_schema(summary="Choose one's e-mail notifications and rating threshold",
                      request=PreferenceSerializer, responses=PreferenceSerializer, tags=["notifications"]),
)
class PreferenceView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request) -> Response:
        found = notifications.preference_of(request.user)
        return Response({"email_events": found.email_events, "rating_threshold": found.rating_threshold})

    def put(self, request: Request) -> Response:
        data = PreferenceSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        saved = notifications.set_preferences(request.user, **data.validated_data)
        return Response({"email_events": saved.email_events, "rating_threshold": saved.rating_threshold})
