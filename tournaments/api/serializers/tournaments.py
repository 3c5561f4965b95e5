"""Tournaments, entrants and rounds: their shapes, progress, standings and crosstables, and the
checks of their changes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.api.serializers.base import ClubField, InputSerializer, PlayerField, StrictModelSerializer
from tournaments.api.serializers.matches import MatchListSerializer
from tournaments.models import Bye, Entrant, Round, Tournament
from tournaments.selectors import is_director
from tournaments.services import explanations


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
                  "rated", "round_check_in", "no_show", "status", "current_round", "total_rounds", "progress", "entrants", "created_at", "players"]
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
    round_check_in = serializers.BooleanField(required=False, help_text="check-in before every round after the first")
    no_show = serializers.ChoiceField(choices=Tournament.NoShow.choices, required=False,
                                      help_text="what an entrant not checked in gets: zero_bye or withdraw")


class CheckInSerializer(InputSerializer):
    entrant = serializers.IntegerField(min_value=1, help_text="the entrant to check in for the next round")


class RoundTimesSerializer(InputSerializer):
    """A round's times (ISO 8601); null clears one, a time left out stays."""

    starts_at = serializers.DateTimeField(required=False, allow_null=True)
    check_in_deadline = serializers.DateTimeField(required=False, allow_null=True)
    deadline = serializers.DateTimeField(required=False, allow_null=True)


REASON_KINDS = ("director, same_group, float (down, up, from_points, to_points, why: odd_group, no_unmet_opponent, "
                "seat_clash, completable, director), rematch (met, least, why), order (entrant, natural_opponent, "
                "why), seat (first, by, strength, wanted, history, clash), bye (entrant, byes_before, why), table, "
                "co_table, first_seat, berger, bracket")


class ScoreGroupSerializer(serializers.Serializer):
    points = serializers.FloatField()
    members = serializers.ListField(child=serializers.IntegerField(), help_text="entrant ids, in standing order")


class PairingExplanationSerializer(serializers.Serializer):
    pairing = serializers.IntegerField(help_text="the pairing's index in its round (and bracket)")
    bracket = serializers.CharField(allow_blank=True)
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="entrant ids, seat 0 first")
    bye = serializers.BooleanField()
    changed = serializers.BooleanField(help_text="changed by the director from the pairing proposed")
    reasons = serializers.ListField(child=serializers.DictField(), help_text=f"each with its kind: {REASON_KINDS}")
    text = serializers.ListField(child=serializers.CharField(), help_text="the reasons in words, with names")


class ExplanationSerializer(serializers.Serializer):
    """Why a round's pairings are what they are: data with entrant ids, and the same in words."""

    format = serializers.CharField()
    round = serializers.IntegerField()
    groups = ScoreGroupSerializer(many=True, help_text="score groups, highest first (Swiss, tables)")
    bye = serializers.DictField(allow_null=True, help_text="who has the bye and why")
    byes = serializers.ListField(child=serializers.DictField(), required=False,
                                 help_text="elimination: every bye of the round and why")
    rematches = serializers.IntegerField(required=False, help_text="Swiss: rematches in the round")
    least_rematches = serializers.IntegerField(required=False,
                                               help_text="Swiss: the fewest rematches any pairing of the round has")
    rematches_avoided = serializers.ListField(child=serializers.DictField(),
                                              help_text="pairs the plain Dutch order would have paired again")
    schedule = serializers.DictField(allow_null=True, help_text="round robin: the Berger round; elimination: "
                                     "the bracket's places")
    changed = serializers.BooleanField(help_text="whether the director changed any pairing")
    pairings = PairingExplanationSerializer(many=True)
    text = serializers.ListField(child=serializers.CharField(), help_text="the round's summary in words")


class RoundSerializer(serializers.ModelSerializer):
    """A tournament round: proposed (pairings a director may still change), published or
    complete, with its matches, byes and why they are paired so."""

    matches = serializers.SerializerMethodField()
    byes = serializers.SerializerMethodField()
    explanation = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["id", "tournament", "number", "status", "proposal", "starts_at", "check_in_deadline", "deadline",
                  "checked_in", "absent", "matches", "byes", "explanation"]
        read_only_fields = fields

    @extend_schema_field(ExplanationSerializer(allow_null=True, help_text="why the round is paired so; a proposed "
                                               "round's only for its directors; null before it is explained"))
    def get_explanation(self, round_: Round) -> dict[str, Any] | None:
        known = self.context.setdefault("round_explanations", {})
        if round_.tournament_id not in known:
            tournament = round_.tournament
            request = self.context.get("request")
            user = getattr(request, "user", None)
            directs = user is not None and is_director(user, tournament.club)
            known[round_.tournament_id] = (explanations.names_of(tournament), directs)
        names, directs = known[round_.tournament_id]
        if round_.status == Round.Status.PROPOSED and not directs:
            return None
        return explanations.with_text(round_.explanation, names)

    @extend_schema_field(MatchListSerializer(many=True))
    def get_matches(self, round_: Round) -> list[dict[str, Any]]:
        matches = sorted(round_.matches.all(), key=lambda match: (match.pairing, match.game_number, match.pk))
        return MatchListSerializer(matches, many=True, context=self.context).data

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField(), help_text="entrant ids"))
    def get_byes(self, round_: Round) -> list[int]:
        return [bye.entrant_id for bye in round_.byes.all() if bye.kind == Bye.Kind.BYE]

    checked_in = serializers.SerializerMethodField()
    absent = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField(),
                                               help_text="entrant ids checked in for the round"))
    def get_checked_in(self, round_: Round) -> list[int]:
        return [check.entrant_id for check in round_.check_ins.all()]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField(),
                                               help_text="entrant ids absent (no-shows, zero points)"))
    def get_absent(self, round_: Round) -> list[int]:
        return [bye.entrant_id for bye in round_.byes.all() if bye.kind == Bye.Kind.ABSENT]


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
    first_seat = serializers.IntegerField(help_text="games played from seat 0, the seat that moves first "
                                          "(at a table too); best-of-N games and replays each count")
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
