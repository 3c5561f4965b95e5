"""Tournaments, entrants and rounds: their shapes, progress, standings and crosstables, and the
checks of their changes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.api.serializers.base import ClubField, InputSerializer, PlayerField, StrictModelSerializer
from tournaments.api.serializers.matches import MatchListSerializer
from tournaments.models import Entrant, Round, Tournament


class EntrantSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Entrant
        fields = ["id", "player", "name", "seed", "joined_round", "withdrawn", "withdrawn_after_round"]
        read_only_fields = fields


class TournamentSerializer(StrictModelSerializer):
    club = ClubField()
    options = serializers.DictField(required=False, help_text="the game's options (GET /api/games/{slug}/)")
    format_settings = serializers.DictField(required=False, help_text="rounds, table size, best-of, points and "
                                                                      "tie-breaks (docs/tournaments.md)")
    bot_limits = serializers.DictField(required=False, help_text="start_ms, move_ms, total_ms")
    entrants = EntrantSerializer(many=True, read_only=True)
    progress = serializers.SerializerMethodField()
    players = PlayerField(
        many=True, required=False, write_only=True,
        help_text="players to register at once, in seeding order (more may be registered later)")

    class Meta:
        model = Tournament
        fields = ["id", "club", "name", "game", "options", "format", "format_settings", "seed", "bots", "bot_limits",
                  "rated", "status", "current_round", "total_rounds", "progress", "entrants", "created_at", "players"]
        read_only_fields = ["id", "status", "current_round", "total_rounds", "progress", "entrants", "created_at"]

    def get_progress(self, tournament: Tournament) -> dict[str, Any]:
        return progress_of(tournament)


def progress_of(tournament: Tournament) -> dict[str, Any]:
    return {"status": tournament.status, "round": tournament.current_round, "rounds": tournament.total_rounds,
            "matches_done": tournament.matches_done, "matches_total": tournament.matches_total}


class RegisterSerializer(InputSerializer):
    player = PlayerField()


class WithdrawSerializer(InputSerializer):
    entrant = serializers.IntegerField(min_value=1)


class PublishSerializer(InputSerializer):
    games = serializers.ListField(child=serializers.DictField(), required=False,
                                  help_text="the round's games as published: [{'seats': [entrant ids]}, ...]")


class TournamentUpdateSerializer(InputSerializer):
    """What a tournament's directors may change while it takes registrations."""

    name = serializers.CharField(max_length=100, required=False)
    options = serializers.DictField(required=False)
    format = serializers.ChoiceField(choices=Tournament.Format.choices, required=False)
    format_settings = serializers.DictField(required=False)
    seed = serializers.CharField(max_length=200, required=False, allow_blank=True)
    bot_limits = serializers.DictField(required=False)
    rated = serializers.BooleanField(required=False)


class RoundSerializer(serializers.ModelSerializer):
    """A tournament round: proposed (pairings a director may still change), published or
    complete, with its matches and byes."""

    matches = serializers.SerializerMethodField()
    byes = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["id", "tournament", "number", "status", "proposal", "matches", "byes"]
        read_only_fields = fields

    @extend_schema_field(MatchListSerializer(many=True))
    def get_matches(self, round_: Round) -> list[dict[str, Any]]:
        matches = sorted(round_.matches.all(), key=lambda match: (match.pairing, match.game_number, match.pk))
        return MatchListSerializer(matches, many=True, context=self.context).data

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField(), help_text="entrant ids"))
    def get_byes(self, round_: Round) -> list[int]:
        return [bye.entrant_id for bye in round_.byes.all()]


class ProgressSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    round = serializers.IntegerField(help_text="the current round (0 before the first)")
    rounds = serializers.IntegerField(allow_null=True, help_text="the rounds planned, when known")
    matches_done = serializers.IntegerField()
    matches_total = serializers.IntegerField()


class StartedSerializer(ProgressSerializer):
    """A bot tournament started: poll ``progress_url`` (also in the Location header)."""

    progress_url = serializers.URLField()


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entrant = serializers.CharField(help_text="the entrant's name")
    entrant_id = serializers.IntegerField()
    points = serializers.FloatField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(allow_null=True))
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class CrosstableEntrantSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class CrosstableSerializer(serializers.Serializer):
    entrants = CrosstableEntrantSerializer(many=True)
    rows = serializers.DictField(child=serializers.DictField(), help_text="points scored by the row's entrant "
                                 "against the column's, both by entrant id")


class SeedsSerializer(InputSerializer):
    order = serializers.ListField(child=serializers.IntegerField(min_value=1), allow_empty=False,
                                  help_text="every entrant's id, top seed first")
