"""Challenges and reruns: their shapes, and the bodies that start them (``services.challenges``)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from rest_framework import serializers

from tournaments import challenge_reads
from tournaments.api.serializers.base import InputSerializer
from tournaments.models import BotVersion, Challenge


class LineupVersionSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the bot version's id")
    bot = serializers.IntegerField(source="entry_id", help_text="the bot entry's id")
    name = serializers.CharField(source="entry.player.name")
    number = serializers.IntegerField(help_text="the version's number within its entry")


class ChallengeGameSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match.pk")
    seed = serializers.CharField()
    status = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True, help_text="the owner's version's place; null until played")
    score = serializers.FloatField(allow_null=True)
    forfeits = serializers.ListField(child=serializers.CharField(), help_text="'seat N (name): reason' per forfeit")
    url = serializers.SerializerMethodField(help_text="the match in the API")
    page = serializers.SerializerMethodField(help_text="the match's page: its replay and the owner's turn report")
    turns = serializers.SerializerMethodField(help_text="the owner's seat's turn report in the API")

    def get_url(self, row: dict[str, Any]) -> str:
        return reverse("match-detail", args=[row["match"].pk])

    def get_page(self, row: dict[str, Any]) -> str:
        return reverse("match", args=[row["match"].pk])

    def get_turns(self, row: dict[str, Any]) -> str:
        return f"{reverse('match-detail', args=[row['match'].pk])}turns/?seat={row['seat']}"


class ChallengeSerializer(serializers.ModelSerializer):
    """A challenge (or a rerun: ``rerun_of`` set, one game) with its games and, for a finished
    rerun, the first move where it differs from the match it replays."""

    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    version = serializers.SerializerMethodField()
    lineup = serializers.SerializerMethodField(help_text="the versions in seat order, the owner's among them")
    seat = serializers.SerializerMethodField(help_text="the seat of the owner's version")
    games = serializers.SerializerMethodField()
    divergence = serializers.SerializerMethodField(
        help_text="a finished rerun: {original, rerun, first_difference (the first differing move's index, null "
                  "when none differs), moves (each log's length)}; null otherwise")

    class Meta:
        model = Challenge
        fields = ["id", "club", "game", "version", "lineup", "seat", "options", "seeds", "rerun_of", "status", "error",
                  "created_at", "finished_at", "games", "divergence"]
        read_only_fields = fields

    def get_version(self, challenge: Challenge) -> dict[str, Any]:
        return LineupVersionSerializer(challenge.version).data

    def get_lineup(self, challenge: Challenge) -> list[dict[str, Any]]:
        return LineupVersionSerializer(challenge_reads.lineup_versions(challenge), many=True).data

    def get_seat(self, challenge: Challenge) -> int:
        return challenge_reads.owner_seat(challenge)

    def get_games(self, challenge: Challenge) -> list[dict[str, Any]]:
        return ChallengeGameSerializer(challenge_reads.game_rows(challenge), many=True).data

    def get_divergence(self, challenge: Challenge) -> dict[str, Any] | None:
        found = challenge_reads.divergence(challenge, self.context["request"].user)
        return found.to_json() if found else None


class VersionIdField(serializers.PrimaryKeyRelatedField):
    """A bot version by id (the services decide whether the caller may seat it)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(queryset=BotVersion.objects.select_related("entry__player__club"), **kwargs)


class NewChallengeSerializer(InputSerializer):
    version = VersionIdField(help_text="your version under test")
    lineup = serializers.ListField(child=VersionIdField(), min_length=1, max_length=16,
                                   help_text="bot version ids in seat order, yours once among them")
    options = serializers.JSONField(required=False, default=dict, help_text="the game's options (as tournaments take them)")
    seeds = serializers.ListField(child=serializers.CharField(max_length=200, trim_whitespace=False), required=False,
                                  help_text="one seed per game; or give seed_base and count")
    seed_base = serializers.CharField(required=False, max_length=200, help_text="seeds are derived from it")
    count = serializers.IntegerField(required=False, help_text="the number of games, with seed_base")


class RerunSerializer(InputSerializer):
    version = VersionIdField(help_text="your version to play the seat of its entry")
    seat = serializers.IntegerField(required=False, min_value=0, help_text="the seat, when your entry has several")
