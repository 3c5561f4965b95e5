"""The users resource: accounts, created and changed by staff, each seen by itself."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.views.base import METHODS, require_staff, valid
from tournaments.services import accounts as account_services


@extend_schema_view(
    list=extend_schema(summary="User accounts (staff)"),
    retrieve=extend_schema(summary="One account (staff, or one's own)"),
    create=extend_schema(summary="Create an account (staff)", request=s.NewAccountSerializer,
                         responses={201: s.AccountSerializer}),
    partial_update=extend_schema(summary="Change an account's e-mail, password, flags or activity (staff; a "
                                         "superuser's account: superusers only; one's own e-mail, and password "
                                         "with the current one)",
                                 request=s.AccountUpdateSerializer, responses=s.AccountSerializer),
)
class AccountViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """User accounts, as the admin site manages them: staff create and change them (an
    account is deactivated, never deleted, so its matches keep their recorder); everyone
    logged in reads and changes their own (``/api/users/me/``)."""

    serializer_class = s.AccountSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["is_active", "is_staff", "username"]
    ordering_fields = ["username", "date_joined"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Any]:
        accounts = get_user_model().objects.order_by("username")
        user = self.request.user
        return accounts if user.is_staff else accounts.filter(pk=user.pk)

    def get_object(self) -> Any:
        if self.kwargs.get("pk") == "me":
            return self.request.user
        return super().get_object()

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_staff(request, "list accounts")
        return super().list(request, *args, **kwargs)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_staff(request, "create accounts")
        account = account_services.create_account(**valid(s.NewAccountSerializer, request), actor=request.user)
        return Response(self.get_serializer(account).data, status=status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """The accounts' rule (who may change whom) is the service's, shared with the admin site."""
        account = self.get_object()
        changes = valid(s.AccountUpdateSerializer, request)
        current_password = changes.pop("current_password", None)
        if not request.user.is_staff:
            refused = sorted(set(changes) - {"email", "password"})
            if refused:
                raise PermissionDenied(f"only staff change {refused[0]}")
        account = account_services.update_account(account, actor=request.user, current_password=current_password,
                                                  **changes)
        return Response(self.get_serializer(account).data)
