"""Ratings, leaderboards, rating histories and head-to-head records: their shapes."""

from __future__ import annotations

from rest_framework import serializers


class RatingSerializer(serializers.Serializer):
    """A player's rating in one game."""

    game = serializers.CharField()
    rating = serializers.FloatField(help_text="1500 for a new player")
    deviation = serializers.FloatField(help_text="500 for a new player; lower is surer")
    conservative = serializers.FloatField(help_text="rating less three deviations: what leaderboards sort by")
    provisional = serializers.BooleanField(help_text="the deviation is still above 400")
    games = serializers.IntegerField(help_text="rated matches played")
    wins = serializers.IntegerField(help_text="two-seat matches won")
    losses = serializers.IntegerField(help_text="two-seat matches lost")
    draws = serializers.IntegerField(help_text="two-seat matches drawn")
    tables = serializers.IntegerField(help_text="matches of three seats or more")
    average_place = serializers.FloatField(allow_null=True, help_text="the average place at those tables")
    best_rating = serializers.FloatField(allow_null=True)
    best_at = serializers.DateTimeField(allow_null=True)
    best_match = serializers.IntegerField(source="best_match_id", allow_null=True)
    last_played_at = serializers.DateTimeField(allow_null=True)


class LeaderboardRowSerializer(serializers.Serializer):
    """A leaderboard row: the rank among the rows the filters leave."""

    rank = serializers.IntegerField()
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player_name")
    rating = serializers.FloatField()
    deviation = serializers.FloatField()
    conservative = serializers.FloatField()
    provisional = serializers.BooleanField()
    games = serializers.IntegerField()


class HistoryPointSerializer(serializers.Serializer):
    """One rated match of a player: the rating before and after it."""

    match = serializers.IntegerField(source="match_id")
    played_at = serializers.DateTimeField()
    seats = serializers.IntegerField()
    rank = serializers.IntegerField()
    outcome = serializers.CharField(help_text="win, loss or draw in a two-seat match; empty at a table")
    rating_before = serializers.FloatField()
    deviation_before = serializers.FloatField()
    rating = serializers.FloatField()
    deviation = serializers.FloatField()


class MeetingSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    game = serializers.CharField()
    played_at = serializers.DateTimeField()
    seats = serializers.IntegerField()
    rank = serializers.IntegerField()
    opponent_rank = serializers.IntegerField()
    rating_change = serializers.FloatField(help_text="the player's rating change in that match")


class HeadToHeadSerializer(serializers.Serializer):
    """Two players' rated matches together; at a table, finishing above counts as a win."""

    player = serializers.IntegerField()
    opponent = serializers.IntegerField()
    game = serializers.CharField(allow_null=True)
    matches = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    recent = MeetingSerializer(many=True, help_text="the latest meetings, newest first (at most 20)")
