"""API tokens: ``POST /api/auth/token/`` trades a username and password for a named token with
an expiry; ``DELETE /api/auth/token/`` ends the token the request carries; ``/api/auth/tokens/``
lists one's tokens and ends them all, ``/api/auth/tokens/{key}/`` ends one.

Log-ins here are counted like the site's log-in pages (django-axes, by account and by
address): past the limit the answer is 429 until the lockout expires.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate, logout
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from tournaments.api.authentication import NamedTokenAuthentication
from tournaments.api.serializers.base import InputSerializer
from tournaments.errors import InvalidInput, ServiceError
from tournaments.models import ApiToken
from tournaments.services import tokens as token_services


class NamedTokenScheme(OpenApiAuthenticationExtension):
    target_class = NamedTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Token <secret>`, as `POST /api/auth/token/` answers it"}


class LockedOut(ServiceError):
    status = 429
    code = "locked_out"


class LogInSerializer(InputSerializer):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(max_length=128, trim_whitespace=False, write_only=True)
    name = serializers.CharField(max_length=100, required=False, default="", allow_blank=True,
                                 help_text="what holds the token (a device, a program), to tell tokens apart")
    days = serializers.IntegerField(required=False, min_value=1, max_value=3650,
                                    help_text="how long the token lives (at most the service's limit, 30 days "
                                              "unless configured)")


class ApiTokenSerializer(serializers.ModelSerializer):
    """A token as its owner sees it: never its secret, only the key that names it."""

    key = serializers.CharField(source="token_key", read_only=True)
    current = serializers.SerializerMethodField()

    class Meta:
        model = ApiToken
        fields = ["key", "name", "created", "expiry", "current"]
        read_only_fields = fields

    def get_current(self, token: ApiToken) -> bool:
        used = getattr(self.context.get("request"), "auth", None)
        return isinstance(used, ApiToken) and used.pk == token.pk


class NewTokenSerializer(ApiTokenSerializer):
    token = serializers.CharField(read_only=True, help_text="the secret: send it as `Authorization: Token ...`; "
                                                            "it is shown only now")

    class Meta(ApiTokenSerializer.Meta):
        fields = ["token", *ApiTokenSerializer.Meta.fields]
        read_only_fields = fields


def log_in(request: Request, username: str, password: str) -> Any:
    """The account these credentials open, counted by the lockouts; 429 while locked out."""
    user = authenticate(request=request, username=username, password=password)
    if getattr(request, "axes_locked_out", False):
        minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
        raise LockedOut(f"too many failed log-ins for this account or address: try again in {minutes} minutes",
                        wait=int(settings.AXES_COOLOFF_TIME.total_seconds()))
    if user is None:
        raise InvalidInput("unable to log in with that username and password")
    return user


@extend_schema_view(
    post=extend_schema(summary="Trade a username and password for a named token with an expiry "
                               "(send it as `Authorization: Token ...`)",
                       request=LogInSerializer, responses={200: NewTokenSerializer}, tags=["auth"]),
    delete=extend_schema(summary="Log out: end the token this request carries (or its session)", request=None,
                         responses={204: None}, tags=["auth"]),
)
class TokenView(APIView):
    """Log in for a token, or end the one in use. Throttled like the rest of the API, and
    counted by the log-in lockouts."""

    throttle_classes = api_settings.DEFAULT_THROTTLE_CLASSES
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    def initialize_request(self, request: Any, *args: Any, **kwargs: Any) -> Request:
        self.logging_in = request.method == "POST"
        return super().initialize_request(request, *args, **kwargs)

    def get_authenticators(self) -> list[Any]:
        # Logging in needs no credentials; a stale token in the header must not stop it.
        return [] if getattr(self, "logging_in", False) else super().get_authenticators()

    def post(self, request: Request) -> Response:
        data = LogInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        try:
            user = log_in(request, fields["username"], fields["password"])
        except LockedOut as error:
            return Response(error.to_json(), status=error.status, headers={"Retry-After": str(error.extra["wait"])})
        token, secret = token_services.issue_token(user, name=fields["name"], days=fields.get("days"))
        token.token = secret
        return Response(NewTokenSerializer(token, context={"request": request}).data)

    def delete(self, request: Request) -> Response:
        if isinstance(request.auth, ApiToken):
            token_services.revoke_token(request.user, request.auth.token_key)
        else:
            logout(request._request)  # a session (the browsable API, the pages): end it
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema_view(
    get=extend_schema(summary="One's live tokens (never their secrets)", responses=ApiTokenSerializer(many=True),
                      tags=["auth"]),
    delete=extend_schema(summary="End every token of one's account", request=None, responses={204: None},
                         tags=["auth"], operation_id="auth_tokens_destroy_all"),
)
class TokenListView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request) -> Response:
        tokens = token_services.live_tokens(request.user)
        return Response(ApiTokenSerializer(tokens, many=True, context={"request": request}).data)

    def delete(self, request: Request) -> Response:
        token_services.revoke_all(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema_view(delete=extend_schema(summary="End one of one's tokens, named by its key", request=None,
                                         responses={204: None}, tags=["auth"]))
class TokenDetailView(APIView):
    permission_classes = [IsAuthenticated]

    def delete(self, request: Request, key: str) -> Response:
        token_services.revoke_token(request.user, key)
        return Response(status=status.HTTP_204_NO_CONTENT)

