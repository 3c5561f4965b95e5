"""Serializers: input checks and output shapes; no business logic."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.registry import GAME_CLASSES
from tournaments.models import BotEntry, BotVersion, Club, Entrant, Ladder, Match, Player, Seat, Tournament


@extend_schema_field(OpenApiTypes.STR)
class ClubField(serializers.Field):
    """A club named by its slug (or its id)."""

    default_error_messages = {"unknown": "no club {value!r}"}

    def to_internal_value(self, data: Any) -> Club:
        lookup = {"pk": data} if type(data) is int else {"slug": data} if isinstance(data, str) else None
        club = Club.objects.filter(**lookup).first() if lookup else None
        if club is None:
            self.fail("unknown", value=data)
        return club

    def to_representation(self, value: Club) -> str:
        return value.slug


class ClubSerializer(serializers.ModelSerializer):
    role = serializers.SerializerMethodField()

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "public", "created_at", "role"]
        read_only_fields = ["id", "created_at", "role"]

    def get_role(self, club: Club) -> str | None:
        roles = self.context.get("roles") or {}
        return roles.get(club.pk)


class PlayerSerializer(serializers.ModelSerializer):
    club = ClubField()

    class Meta:
        model = Player
        fields = ["id", "club", "name", "kind", "user", "created_at"]
        read_only_fields = ["id", "created_at"]
        validators: list = []  # the name clash is checked in validate(), with a clearer message

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        club = attrs.get("club", getattr(self.instance, "club", None))
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


class SeatSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    bot_version = serializers.IntegerField(source="bot_version.number", read_only=True, default=None)

    class Meta:
        model = Seat
        fields = ["index", "player", "player_name", "bot_version", "rank", "score", "forfeit_reason"]


class MatchSerializer(serializers.ModelSerializer):
    club = ClubField()
    seats = SeatSerializer(many=True, read_only=True)
    recorded_by = serializers.CharField(source="recorded_by.username", read_only=True, default=None)
    setup = serializers.JSONField(source="log.setup", read_only=True)
    moves = serializers.JSONField(source="log.moves", read_only=True)
    forfeits = serializers.JSONField(source="log.forfeits", read_only=True)

    class Meta:
        model = Match
        fields = ["id", "club", "game", "options", "status", "seed", "commitment", "tournament", "round", "ladder",
                  "rated", "recorded_by", "played_at", "move_count", "result", "seats", "setup", "moves",
                  "forfeits", "created_at", "updated_at"]
        read_only_fields = fields


class MatchListSerializer(MatchSerializer):
    """Matches in lists: without their logs."""

    class Meta(MatchSerializer.Meta):
        fields = ["id", "club", "game", "status", "tournament", "round", "ladder", "rated", "played_at",
                  "move_count", "result", "seats"]
        read_only_fields = fields


class LiveMatchSerializer(serializers.Serializer):
    """A match to be logged move by move."""

    club = ClubField()
    game = serializers.CharField(max_length=40)
    players = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True, allow_empty=False)
    options = serializers.DictField(required=False, default=dict)
    setup = serializers.DictField(required=False, allow_null=True, default=None)
    draw_setup = serializers.BooleanField(required=False, default=False)
    seed = serializers.CharField(required=False, max_length=200)
    played_at = serializers.DateTimeField(required=False)
    rated = serializers.BooleanField(required=False, default=True)


class UploadSerializer(serializers.Serializer):
    """A whole log to verify and store; ``seats`` are player ids in seat order, or left out
    to match the log's names to the club's players."""

    club = ClubField()
    log = serializers.JSONField()
    seats = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True, required=False)
    played_at = serializers.DateTimeField(required=False)
    rated = serializers.BooleanField(required=False, default=True)


class MoveSerializer(serializers.Serializer):
    move = serializers.JSONField(help_text="one move in the game's notation")
    index = serializers.IntegerField(min_value=0, help_text="the number of moves already logged, as you saw it")


class IndexSerializer(serializers.Serializer):
    index = serializers.IntegerField(min_value=0, required=False)


class ForfeitSerializer(IndexSerializer):
    seat = serializers.IntegerField(min_value=0)
    reason = serializers.CharField(max_length=200, required=False, default="", allow_blank=True)


class EntrantSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Entrant
        fields = ["id", "player", "name", "seed", "joined_round", "withdrawn", "withdrawn_after_round"]
        read_only_fields = fields


class TournamentSerializer(serializers.ModelSerializer):
    club = ClubField()
    entrants = EntrantSerializer(many=True, read_only=True)
    progress = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = ["id", "club", "name", "game", "options", "format", "format_settings", "seed", "bots", "bot_limits",
                  "rated", "status", "current_round", "total_rounds", "progress", "entrants", "created_at"]
        read_only_fields = ["id", "status", "current_round", "total_rounds", "progress", "entrants", "created_at"]

    def get_progress(self, tournament: Tournament) -> dict[str, Any]:
        return progress_of(tournament)


def progress_of(tournament: Tournament) -> dict[str, Any]:
    return {"status": tournament.status, "round": tournament.current_round, "rounds": tournament.total_rounds,
            "matches_done": tournament.matches_done, "matches_total": tournament.matches_total}


class RegisterSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class WithdrawSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(min_value=1)


class PublishSerializer(serializers.Serializer):
    games = serializers.ListField(child=serializers.DictField(), required=False,
                                  help_text="the round's games as published: [{'seats': [entrant ids]}, ...]")


# -- bot entries and ladders ------------------------------------------------------------------------

class BotVersionSerializer(serializers.ModelSerializer):
    active = serializers.SerializerMethodField()

    class Meta:
        model = BotVersion
        fields = ["number", "kind", "strategy", "filename", "size", "sha256", "note", "created_at", "active"]
        read_only_fields = fields

    def get_active(self, version: BotVersion) -> bool:
        return version.entry.active_version_id == version.pk


class BotEntrySerializer(serializers.ModelSerializer):
    """A bot entry as everyone sees it: no code, no standard error."""

    name = serializers.CharField(source="player.name", read_only=True)
    club = serializers.CharField(source="player.club.slug", read_only=True)
    owner = serializers.CharField(source="owner.username", read_only=True, default=None)
    active_version = BotVersionSerializer(read_only=True)

    class Meta:
        model = BotEntry
        fields = ["id", "player", "name", "club", "game", "description", "owner", "ladder", "active_version",
                  "created_at"]
        read_only_fields = ["id", "player", "name", "club", "game", "owner", "active_version", "created_at"]


class FormBooleanField(serializers.BooleanField):
    """A boolean whose default holds in multipart forms too (where DRF reads a missing
    checkbox as false)."""

    default_empty_html = serializers.empty


class VersionSourceSerializer(serializers.Serializer):
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
            return {"filename": data["file"].name, "data": data["file"].read()}
        return {"strategy": data["strategy"]}


class NewBotEntrySerializer(VersionSourceSerializer):
    club = ClubField()
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(choices=sorted(GAME_CLASSES))
    description = serializers.CharField(required=False, default="", allow_blank=True, max_length=5000)
    ladder = FormBooleanField(required=False, default=True)


class NewBotVersionSerializer(VersionSourceSerializer):
    note = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)
    activate = FormBooleanField(required=False, default=True)


class ActivateSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=1)


class BotRunSerializer(serializers.ModelSerializer):
    """One match of a bot, for its owner: the version, the outcome, any forfeit and stderr."""

    match = serializers.IntegerField(source="match_id", read_only=True)
    game = serializers.CharField(source="match.game", read_only=True)
    status = serializers.CharField(source="match.status", read_only=True)
    played_at = serializers.DateTimeField(source="match.played_at", read_only=True)
    version = serializers.IntegerField(source="bot_version.number", read_only=True, default=None)
    stderr = serializers.CharField(source="output.stderr", read_only=True, default="")

    class Meta:
        model = Seat
        fields = ["match", "game", "status", "played_at", "index", "version", "rank", "score", "forfeit_reason",
                  "stderr"]
        read_only_fields = fields


class LadderSerializer(serializers.ModelSerializer):
    club = ClubField()

    class Meta:
        model = Ladder
        fields = ["id", "club", "game", "seats", "options", "enabled", "every_minutes", "matches_per_run",
                  "placement_matches", "bot_limits", "seed", "runs", "created_at"]
        read_only_fields = ["id", "runs", "created_at"]
        validators: list = []  # one ladder per club and game: the service answers with a clear message


# -- ratings (read-only shapes; the numbers are on the displayed scale, docs/ratings.md) ----------------

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
