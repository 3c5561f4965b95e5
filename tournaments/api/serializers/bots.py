"""Bot entries, versions and runs: their shapes, and the checks of uploading a bot."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.registry import GAME_CLASSES
from tournaments.api.serializers.base import ClubField, InputSerializer, StrictModelSerializer
from tournaments.models import BotEntry, BotVersion, Seat
from tournaments.selectors import owns_bot
from tournaments.services.bots import TEXT_LIMITS, upload_bytes


class BotVersionSerializer(serializers.ModelSerializer):
    """A version: its number, kind and date for everyone; what it plays (the strategy, or the
    file's name, size and sha256) and its note for the entry's owner and staff alone, null
    for others (``tournaments.selectors.owns_bot``)."""

    active = serializers.SerializerMethodField()
    strategy = serializers.CharField(read_only=True, allow_null=True, help_text="the owner's and staff's only")
    filename = serializers.CharField(read_only=True, allow_null=True, help_text="the owner's and staff's only")
    size = serializers.IntegerField(read_only=True, allow_null=True, help_text="the owner's and staff's only")
    sha256 = serializers.CharField(read_only=True, allow_null=True, help_text="the owner's and staff's only")
    note = serializers.CharField(read_only=True, allow_null=True, help_text="the owner's and staff's only")

    #: The fields only the owner and staff read.
    PRIVATE = ("strategy", "filename", "size", "sha256", "note")

    class Meta:
        model = BotVersion
        fields = ["number", "kind", "strategy", "filename", "size", "sha256", "note", "created_at", "active"]
        read_only_fields = fields

    def get_active(self, version: BotVersion) -> bool:
        return version.entry.active_version_id == version.pk

    def to_representation(self, version: BotVersion) -> dict[str, Any]:
        data = super().to_representation(version)
        request = self.context.get("request")
        if request is None or not owns_bot(request.user, version.entry):
            data.update(dict.fromkeys(self.PRIVATE))
        return data


class BotEntrySerializer(StrictModelSerializer):
    """A bot entry as everyone sees it: no code, no standard error."""

    name = serializers.CharField(source="player.name", read_only=True)
    club = serializers.CharField(source="player.club.slug", read_only=True)
    owner = serializers.CharField(source="owner.username", read_only=True, default=None, allow_null=True)
    active_version = BotVersionSerializer(read_only=True)

    class Meta:
        model = BotEntry
        fields = ["id", "player", "name", "club", "game", "description", "owner", "ladder", "active_version",
                  "created_at"]
        read_only_fields = ["id", "player", "name", "club", "game", "owner", "active_version", "created_at"]
        extra_kwargs = {"description": {"max_length": TEXT_LIMITS["description"]}}


class FormBooleanField(serializers.BooleanField):
    """A boolean whose default holds in multipart forms too (where DRF reads a missing
    checkbox as false)."""

    default_empty_html = serializers.empty


class VersionSourceSerializer(InputSerializer):
    """A built-in strategy, or a file: a Python file or a zip with ``main.py`` at its root."""

    strategy = serializers.CharField(required=False, max_length=200,
                                     help_text="a built-in bot with its parameters, like mcts:budget=400")
    file = serializers.FileField(required=False, help_text="a Python file, or a zip with main.py at its root")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("strategy" in attrs) == ("file" in attrs):
            raise serializers.ValidationError({"file": ["give a file or a strategy, one of the two"]})
        return attrs

    def version_source(self) -> dict[str, Any]:
        data = self.validated_data
        if "file" in data:
            return {"filename": data["file"].name, "data": upload_bytes(data["file"])}
        return {"strategy": data["strategy"]}


class NewBotEntrySerializer(VersionSourceSerializer):
    club = ClubField()
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(choices=sorted(GAME_CLASSES))
    description = serializers.CharField(required=False, default="", allow_blank=True,
                                        max_length=TEXT_LIMITS["description"])
    ladder = FormBooleanField(required=False, default=True)


class NewBotVersionSerializer(VersionSourceSerializer):
    note = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)
    activate = FormBooleanField(required=False, default=True)


class ActivateSerializer(InputSerializer):
    version = serializers.IntegerField(min_value=1)


class BotRunSerializer(serializers.ModelSerializer):
    """One match of a bot, for its owner: the version, the outcome, any forfeit and stderr."""

    match = serializers.IntegerField(source="match_id", read_only=True)
    game = serializers.CharField(source="match.game", read_only=True)
    status = serializers.CharField(source="match.status", read_only=True)
    played_at = serializers.DateTimeField(source="match.played_at", read_only=True, allow_null=True)
    version = serializers.IntegerField(source="bot_version.number", read_only=True, default=None, allow_null=True)
    stderr = serializers.CharField(source="output.stderr", read_only=True, default="")

    class Meta:
        model = Seat
        fields = ["match", "game", "status", "played_at", "index", "version", "rank", "score", "forfeit_reason",
                  "stderr"]
        read_only_fields = fields
