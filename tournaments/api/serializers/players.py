"""Players: their shape and the checks of their changes."""

from __future__ import annotations



from tournaments.api.serializers.base import ClubField, StrictModelSerializer
from tournaments.models import Player


class PlayerSerializer(StrictModelSerializer):
    club = ClubField()

    class Meta:
        model = Player
        fields = ["id", "club", "name", "kind", "user", "created_at"]
        read_only_fields = ["id", "created_at"]
        validators: list = []  # the rules are the service's (services/players.py), whatever the door
