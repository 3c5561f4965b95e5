"""Clubs and memberships: their shapes, and the checks of their changes."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from rest_framework import serializers

from tournaments.api.serializers.base import ClubField, InputSerializer, StrictModelSerializer
from tournaments.models import Club, Membership


class ClubSerializer(StrictModelSerializer):
    role = serializers.SerializerMethodField()

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "public", "casual_rated", "challenge_quota", "created_at", "role"]
        read_only_fields = ["id", "casual_rated", "challenge_quota", "created_at", "role"]

    def get_role(self, club: Club) -> str | None:
        roles = self.context.get("roles") or {}
        return roles.get(club.pk)


class UsernameField(serializers.SlugRelatedField):
    """A user account named by its username."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(slug_field="username", queryset=get_user_model().objects.all(), **kwargs)


class MembershipSerializer(StrictModelSerializer):
    """A user account's role in a club."""

    club = ClubField()
    user = UsernameField(help_text="the account's username")

    class Meta:
        model = Membership
        fields = ["id", "club", "user", "role", "joined_at"]
        read_only_fields = ["id", "joined_at"]
        validators: list = []  # one membership per club and user: the service answers 409


class RoleSerializer(InputSerializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class ClubUpdateSerializer(InputSerializer):
    """What a club's directors may change (its slug names it and stays)."""

    name = serializers.CharField(max_length=100, required=False)
    public = serializers.BooleanField(required=False)
    casual_rated = serializers.BooleanField(required=False, help_text="Casual games on the board count for ratings.")
    challenge_quota = serializers.IntegerField(required=False,
                                               help_text="Challenge and rerun games a bot owner may ask for a day.")
