"""Matches and seats: their shapes, and the checks of logging, uploading and changing a match."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.base import ClubField, InputSerializer, PlayerField
from tournaments.models import Match, Round, Seat, Tournament
from tournaments import selectors


class SeatSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    bot_version = serializers.IntegerField(source="bot_version.number", read_only=True, default=None, allow_null=True)

    class Meta:
        model = Seat
        fields = ["index", "player", "player_name", "bot_version", "rank", "score", "forfeit_reason"]


class MatchSerializer(serializers.ModelSerializer):
    club = ClubField()
    seats = SeatSerializer(many=True, read_only=True)
    recorded_by = serializers.CharField(source="recorded_by.username", read_only=True, default=None, allow_null=True)
    setup = serializers.JSONField(source="log.setup", read_only=True)
    moves = serializers.JSONField(source="log.moves", read_only=True)
    forfeits = serializers.JSONField(source="log.forfeits", read_only=True)

    class Meta:
        model = Match
        fields = ["id", "club", "game", "options", "status", "seed", "commitment", "tournament", "round", "ladder",
                  "rated", "recorded_by", "played_at", "move_count", "result", "seats", "setup", "moves",
                  "forfeits", "created_at", "updated_at"]
        read_only_fields = fields

    def to_representation(self, match: Match) -> dict[str, Any]:
        """The match as the caller may read it: a live game's hidden setup only for those who
        may see it (``selectors.shown``)."""
        data = super().to_representation(match)
        request = self.context.get("request")
        if "setup" not in data or request is None:
            return data
        return selectors.shown(data, match, request.user)


class MatchListSerializer(MatchSerializer):
    """Matches in lists: without their logs."""

    class Meta(MatchSerializer.Meta):
        fields = ["id", "club", "game", "status", "tournament", "round", "ladder", "rated", "played_at",
                  "move_count", "result", "seats"]
        read_only_fields = fields


class LiveMatchSerializer(InputSerializer):
    """A match to be logged move by move."""

    club = ClubField()
    game = serializers.CharField(max_length=40)
    players = PlayerField(many=True, allow_empty=False)
    options = serializers.DictField(required=False, default=dict)
    setup = serializers.DictField(required=False, allow_null=True, default=None)
    draw_setup = serializers.BooleanField(required=False, default=False)
    seed = serializers.CharField(required=False, max_length=200)
    played_at = serializers.DateTimeField(required=False)
    rated = serializers.BooleanField(required=False, default=True)


class UploadSerializer(InputSerializer):
    """A whole log to verify and store; ``seats`` are player ids in seat order, or left out
    to match the log's names to the club's players (names it does not know are refused,
    unless ``create_players``)."""

    club = ClubField()
    log = serializers.JSONField()
    seats = PlayerField(many=True, required=False)
    played_at = serializers.DateTimeField(required=False)
    rated = serializers.BooleanField(required=False, default=True)
    create_players = serializers.BooleanField(
        required=False, default=False,
        help_text="without seats: make the log's names the club does not know new players (directors)")


class MoveSerializer(InputSerializer):
    move = serializers.JSONField(help_text="one move in the game's notation")
    index = serializers.IntegerField(min_value=0, help_text="the number of moves already logged, as you saw it")


class IndexSerializer(InputSerializer):
    index = serializers.IntegerField(min_value=0, required=False)


class ForfeitSerializer(IndexSerializer):
    seat = serializers.IntegerField(min_value=0)
    reason = serializers.CharField(max_length=200, required=False, default="", allow_blank=True)


class MatchUpdateSerializer(InputSerializer):
    """What a match's directors may change: whether it is rated and when it was played (its
    log and result come only from moves and uploads)."""

    rated = serializers.BooleanField(required=False)
    played_at = serializers.DateTimeField(required=False)
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all(), required=False,
                                                    allow_null=True, help_text="the tournament it counts for, or null")
    round = serializers.PrimaryKeyRelatedField(queryset=Round.objects.all(), required=False, allow_null=True,
                                               help_text="a round of that tournament, or null")
