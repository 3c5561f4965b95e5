"""What every serializer shares: unknown fields refused, and the club and player fields that look
up what the caller may see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.models import Club, Player
from tournaments import selectors


#: Keys a browser form sends along with the fields (the CSRF token of session logins).
FORM_KEYS = {"csrfmiddlewaretoken"}


class StrictFieldsMixin:
    """Refuse keys that are not writable fields, rather than ignore them (DRF's default), so a
    misspelt field is an error and not a silent no-op: ``fields: {"nmae": ["unknown field"]}``."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            fields = self.fields  # type: ignore[attr-defined]
            writable = {name for name, field in fields.items() if not field.read_only}
            refused = {key: ["unknown field" if key not in fields else "read-only field"]
                       for key in data if key not in writable and key not in FORM_KEYS}
            if refused:
                raise serializers.ValidationError(refused)
        return super().to_internal_value(data)  # type: ignore[misc]


class InputSerializer(StrictFieldsMixin, serializers.Serializer):
    """A request body: only its declared fields are accepted."""


class StrictModelSerializer(StrictFieldsMixin, serializers.ModelSerializer):
    """A model's shape, read and written; only its writable fields are accepted."""


def caller(field: serializers.Field) -> Any:
    """The user of the request a serializer reads, or None outside a request."""
    request = field.context.get("request")
    return request.user if request is not None else None


@extend_schema_field(OpenApiTypes.STR)
class ClubField(serializers.Field):
    """A club named by its slug (or its id), among those the caller may see: a private club
    is, to an outsider, as unknown as a missing one (the same answer, naming nothing)."""

    default_error_messages = {"unknown": "no club {value!r}"}

    def to_internal_value(self, data: Any) -> Club:
        lookup = {"pk": data} if type(data) is int and 0 < data < 2**63 \
            else {"slug": data} if isinstance(data, str) and "\x00" not in data and len(data) <= 50 else None
        user = caller(self)
        clubs = Club.objects.all() if user is None else selectors.visible_clubs(user)
        club = clubs.filter(**lookup).first() if lookup else None
        if club is None:
            self.fail("unknown", value=data)
        return club

    def to_representation(self, value: Club) -> str:
        return value.slug


class PlayerField(serializers.PrimaryKeyRelatedField):
    """A player by id, among those the caller may see: a private club's player is, to an
    outsider, as unknown as a missing one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(queryset=Player.objects.all(), **kwargs)  # the model, for the schema

    def get_queryset(self) -> Any:
        user = caller(self)
        return Player.objects.all() if user is None else selectors.visible_players(user)
