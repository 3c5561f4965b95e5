"""Accounts: their shape, and the checks of creating and changing one."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.api.serializers.base import InputSerializer


class AccountSerializer(serializers.ModelSerializer):
    """A user account as the API shows it (never its password), with its clubs and roles."""

    clubs = serializers.SerializerMethodField()

    class Meta:
        model = get_user_model()
        fields = ["id", "username", "email", "is_active", "is_staff", "is_superuser", "date_joined", "last_login",
                  "clubs"]
        read_only_fields = fields

    @extend_schema_field({"type": "object", "additionalProperties": {"type": "string"},
                          "example": {"pond": "director"}})
    def get_clubs(self, user: Any) -> dict[str, str]:
        return {membership.club.slug: membership.role for membership in user.memberships.select_related("club")}


class NewAccountSerializer(InputSerializer):
    username = serializers.RegexField(r"^[\w.@+-]{1,150}$", help_text="letters, digits and @ . + - _")
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True)
    is_staff = serializers.BooleanField(required=False, default=False)


class AccountUpdateSerializer(InputSerializer):
    email = serializers.EmailField(required=False, allow_blank=True)
    password = serializers.CharField(max_length=128, required=False, write_only=True, trim_whitespace=False,
                                     help_text="ends every token and session of the account")
    current_password = serializers.CharField(max_length=128, required=False, write_only=True,
                                             trim_whitespace=False,
                                             help_text="required to change one's own password")
    is_active = serializers.BooleanField(required=False, help_text="false: the account can no longer log in")
    is_staff = serializers.BooleanField(required=False)
    is_superuser = serializers.BooleanField(required=False, help_text="superusers only")
