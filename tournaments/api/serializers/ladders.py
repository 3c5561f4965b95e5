"""Ladders: their shape, the checks of their changes, and a ladder run's answer."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.serializers.base import ClubField, StrictModelSerializer
from tournaments.models import Ladder


class LadderSerializer(StrictModelSerializer):
    club = ClubField()
    options = serializers.DictField(required=False, help_text="the game's options (GET /api/games/{slug}/)")
    bot_limits = serializers.DictField(required=False, help_text="start_ms, move_ms, total_ms")

    class Meta:
        model = Ladder
        fields = ["id", "club", "game", "seats", "options", "enabled", "every_minutes", "matches_per_run",
                  "placement_matches", "bot_limits", "seed", "runs", "created_at"]
        read_only_fields = ["id", "runs", "created_at"]
        validators: list = []  # one ladder per club and game: the service answers with a clear message


class LadderRunSerializer(serializers.Serializer):
    ladder = serializers.IntegerField()
    matches_url = serializers.URLField()
