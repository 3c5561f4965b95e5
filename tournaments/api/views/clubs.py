"""The clubs and memberships resources: clubs, and who belongs to each with which role."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.views.base import METHODS, require_director, require_staff, valid
from tournaments.models import Club, Membership
from tournaments.selectors import visible_clubs
from tournaments.services import clubs as club_services


@extend_schema_view(
    list=extend_schema(summary="Clubs one may see: public ones and one's own, with one's role"),
    retrieve=extend_schema(summary="One club"),
    create=extend_schema(summary="Found a club (any account); its founder directs it"),
    partial_update=extend_schema(summary="Rename a club or make it public or private (directors)",
                                 request=s.ClubUpdateSerializer),
    destroy=extend_schema(summary="Delete a club with everything in it (staff)"),
)
class ClubViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                  viewsets.ReadOnlyModelViewSet):
    """Clubs: public ones and one's own. Anyone logged in may found a club and direct it."""

    serializer_class = s.ClubSerializer
    lookup_field = "slug"
    filterset_fields = ["public"]
    ordering_fields = ["name", "created_at"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Club]:
        return visible_clubs(self.request.user).order_by("name")

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if self.request.user.is_authenticated:
            context["roles"] = dict(Membership.objects.filter(user=self.request.user).values_list("club_id", "role"))
        return context

    def perform_create(self, serializer: s.ClubSerializer) -> None:
        serializer.instance = club_services.create_club(director=self.request.user, **serializer.validated_data)
        serializer.context["roles"] = self.get_serializer_context().get("roles")  # the founder's new role

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.get_object()
        require_director(request, club, "change it")
        club = club_services.update_club(club, **valid(s.ClubUpdateSerializer, request))
        return Response(self.get_serializer(club).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.get_object()
        require_staff(request, "delete clubs")
        club_services.delete_club(club)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MembershipFilter(filters.FilterSet):
    club = filters.CharFilter(field_name="club__slug", label="a club's slug")
    user = filters.CharFilter(field_name="user__username", label="a username")

    class Meta:
        model = Membership
        fields = ["club", "user", "role"]


@extend_schema_view(
    list=extend_schema(summary="Memberships of one's clubs (all of them for staff)"),
    retrieve=extend_schema(summary="One membership"),
    create=extend_schema(summary="Add an account to a club, as member or director (directors)"),
    partial_update=extend_schema(summary="Change a member's role (directors)", request=s.RoleSerializer),
    destroy=extend_schema(summary="Remove a member (directors), or leave a club (the member)"),
)
class MembershipViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                        viewsets.ReadOnlyModelViewSet):
    """Who belongs to which club, with which role. Members read their clubs' memberships;
    directors add and remove members and change roles; a club always keeps a director."""

    serializer_class = s.MembershipSerializer
    permission_classes = [IsAuthenticated]
    filterset_class = MembershipFilter
    ordering_fields = ["joined_at", "user__username"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Membership]:
        memberships = Membership.objects.select_related("club", "user").order_by("club__name", "user__username")
        user = self.request.user
        if user.is_staff:
            return memberships
        return memberships.filter(club__memberships__user=user).distinct() if user.is_authenticated \
            else memberships.none()

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        fields = valid(s.MembershipSerializer, request)
        require_director(request, fields["club"], "add members")
        role = fields.get("role", Membership.Role.MEMBER)
        membership = club_services.add_member(fields["club"], fields["user"], role)
        return Response(self.get_serializer(membership).data, status=status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        membership = self.get_object()
        require_director(request, membership.club, "change roles")
        membership = club_services.change_role(membership, valid(s.RoleSerializer, request)["role"])
        return Response(self.get_serializer(membership).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        membership = self.get_object()
        if membership.user_id != request.user.pk:
            require_director(request, membership.club, "remove members")
        club_services.remove_member(membership)
        return Response(status=status.HTTP_204_NO_CONTENT)
