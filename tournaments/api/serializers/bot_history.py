"""A bot version's history and two versions compared: their shapes (``tournaments.version_records``)."""

from __future__ import annotations

from rest_framework import serializers


class VersionMeetingSerializer(serializers.Serializer):
    """A version's meetings with one opponent: a bot entry's version, or a person (no version)."""

    player = serializers.IntegerField(help_text="the opponent's player id")
    name = serializers.CharField()
    version = serializers.IntegerField(allow_null=True, help_text="the opponent bot's version; null for a person")
    label = serializers.CharField(help_text="the name and version, as pages print it")
    games = serializers.IntegerField(help_text="meetings: at a table of three or more, each other seat is one")
    wins = serializers.IntegerField(help_text="meetings where the version finished above the opponent")
    draws = serializers.IntegerField(help_text="meetings where they shared a place")
    losses = serializers.IntegerField()
    score_rate = serializers.FloatField(allow_null=True, help_text="(wins + draws / 2) / games; null before any")
    forfeits = serializers.IntegerField(help_text="the version's own forfeits in those matches")


class ForfeitReasonSerializer(serializers.Serializer):
    reason = serializers.CharField()
    count = serializers.IntegerField()


class TrailPointSerializer(serializers.Serializer):
    """The entry's rating after one rated match the version played (displayed scale)."""

    match = serializers.IntegerField()
    played_at = serializers.DateTimeField()
    rating = serializers.FloatField()
    deviation = serializers.FloatField()
    change = serializers.FloatField(help_text="the rating after less the rating before")


class VersionHistorySerializer(serializers.Serializer):
    """One version's record over the finished matches it played."""

    entry = serializers.IntegerField()
    version = serializers.IntegerField()
    matches = serializers.IntegerField(help_text="finished matches played")
    meetings = serializers.IntegerField(help_text="meetings with opponents, summed")
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    score_rate = serializers.FloatField(allow_null=True)
    rating = serializers.FloatField(allow_null=True, help_text="after its latest rated match; null before any")
    forfeits = serializers.IntegerField()
    forfeit_reasons = ForfeitReasonSerializer(many=True, help_text="most frequent first")
    opponents = VersionMeetingSerializer(many=True, help_text="most meetings first")
    rating_trail = TrailPointSerializer(many=True, help_text="oldest first")


class ComparedSideSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    score_rate = serializers.FloatField(allow_null=True)
    forfeits = serializers.IntegerField()


class ComparedRowSerializer(serializers.Serializer):
    """One opponent as each of the two versions met it."""

    opponent = serializers.CharField(help_text="the opponent's name and version")
    player = serializers.IntegerField()
    version = serializers.IntegerField(allow_null=True)
    a = ComparedSideSerializer()
    b = ComparedSideSerializer()


class ComparedVersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    matches = serializers.IntegerField()
    meetings = serializers.IntegerField()
    score_rate = serializers.FloatField(allow_null=True)
    rating = serializers.FloatField(allow_null=True)
    forfeits = serializers.IntegerField()


class VersionComparisonSerializer(serializers.Serializer):
    """Two versions of one entry side by side: overall, and per opponent either one met."""

    entry = serializers.IntegerField()
    a = ComparedVersionSerializer()
    b = ComparedVersionSerializer()
    opponents = ComparedRowSerializer(many=True, help_text="most meetings of the two first")
