"""Players: their shape and the checks of their changes."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.base import ClubField, StrictModelSerializer
from tournaments.models import Player
from tournaments.names import normalized_name


class PlayerSerializer(StrictModelSerializer):
    club = ClubField()

    class Meta:
        model = Player
        fields = ["id", "club", "name", "kind", "user", "created_at"]
        read_only_fields = ["id", "created_at"]
        validators: list = []  # the name clash is checked in validate(), with a clearer message

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        club = attrs.get("club", getattr(self.instance, "club", None))
        if "name" in attrs:
            attrs["name"] = normalized_name(attrs["name"])
        name = attrs.get("name", getattr(self.instance, "name", None))
        clash = Player.objects.filter(club=club, name=name)
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError({"name": [f"{club} already has a player named {name!r}"]})
        if attrs.get("kind", getattr(self.instance, "kind", Player.Kind.PERSON)) == Player.Kind.BOT and attrs.get("user"):
            raise serializers.ValidationError({"user": ["only people have accounts"]})
        if self.instance is None and attrs.get("kind") == Player.Kind.BOT:
            raise serializers.ValidationError({"kind": ["a bot is created as a bot entry: POST /api/bots/"]})
        if self.instance is not None and "kind" in attrs and attrs["kind"] != self.instance.kind:
            raise serializers.ValidationError({"kind": ["a player's kind cannot change"]})
        return attrs
