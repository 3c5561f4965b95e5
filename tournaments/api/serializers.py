"""Serializers: input checks and output shapes; no business logic."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.registry import GAME_CLASSES
from tournaments.models import (
    BotEntry,
    BotVersion,
    Club,
    Entrant,
    Job,
    Ladder,
    Match,
    Membership,
    Player,
    Round,
    Seat,
    Tournament,
)
from tournaments import selectors
from tournaments.selectors import owns_bot
from tournaments.services.bots import TEXT_LIMITS, upload_bytes

#: Keys a browser form sends along with the fields (the CSRF token of session logins).
FORM_KEYS = {"csrfmiddlewaretoken"}


class StrictFieldsMixin:
    """Refuse keys that are not writable fields, rather than ignore them (DRF's default), so a
    misspelt field is an error and not a silent no-op: ``fields: {"nmae": ["unknown field"]}``."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            fields = self.fields  # type: ignore[attr-defined]
            writable = {name for name, field in fields.items() if not field.read_only}
            refused = {key: ["unknown field" if key not in fields else "read-only field"]
                       for key in data if key not in writable and key not in FORM_KEYS}
            if refused:
                raise serializers.ValidationError(refused)
        return super().to_internal_value(data)  # type: ignore[misc]


class InputSerializer(StrictFieldsMixin, serializers.Serializer):
    """A request body: only its declared fields are accepted."""


class StrictModelSerializer(StrictFieldsMixin, serializers.ModelSerializer):
    """A model's shape, read and written; only its writable fields are accepted."""


def caller(field: serializers.Field) -> Any:
    """The user of the request a serializer reads, or None outside a request."""
    request = field.context.get("request")
    return request.user if request is not None else None


@extend_schema_field(OpenApiTypes.STR)
class ClubField(serializers.Field):
    """A club named by its slug (or its id), among those the caller may see: a private club
    is, to an outsider, as unknown as a missing one (the same answer, naming nothing)."""

    default_error_messages = {"unknown": "no club {value!r}"}

    def to_internal_value(self, data: Any) -> Club:
        lookup = {"pk": data} if type(data) is int and 0 < data < 2**63 \
            else {"slug": data} if isinstance(data, str) and "\x00" not in data and len(data) <= 50 else None
        user = caller(self)
        clubs = Club.objects.all() if user is None else selectors.visible_clubs(user)
        club = clubs.filter(**lookup).first() if lookup else None
        if club is None:
            self.fail("unknown", value=data)
        return club

    def to_representation(self, value: Club) -> str:
        return value.slug


class PlayerField(serializers.PrimaryKeyRelatedField):
    """A player by id, among those the caller may see: a private club's player is, to an
    outsider, as unknown as a missing one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(queryset=Player.objects.all(), **kwargs)  # the model, for the schema

    def get_queryset(self) -> Any:
        user = caller(self)
        return Player.objects.all() if user is None else selectors.visible_players(user)


class ClubSerializer(StrictModelSerializer):
    role = serializers.SerializerMethodField()

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "public", "created_at", "role"]
        read_only_fields = ["id", "created_at", "role"]

    def get_role(self, club: Club) -> str | None:
        roles = self.context.get("roles") or {}
        return roles.get(club.pk)


class PlayerSerializer(StrictModelSerializer):
    club = ClubField()

    class Meta:
        model = Player
        fields = ["id", "club", "name", "kind", "user", "created_at"]
        read_only_fields = ["id", "created_at"]
        validators: list = []  # the rules are the service's (services/players.py), whatever the door


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
    to match the log's names to the club's players."""

    club = ClubField()
    log = serializers.JSONField()
    seats = PlayerField(many=True, required=False)
    played_at = serializers.DateTimeField(required=False)
    rated = serializers.BooleanField(required=False, default=True)


class MoveSerializer(InputSerializer):
    move = serializers.JSONField(help_text="one move in the game's notation")
    index = serializers.IntegerField(min_value=0, help_text="the number of moves already logged, as you saw it")


class IndexSerializer(InputSerializer):
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


# -- bot entries and ladders ------------------------------------------------------------------------

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


# -- memberships, games, rounds, jobs, and the updates of clubs, tournaments and matches ---------------

class UsernameField(serializers.SlugRelatedField):
    """A user account named by its username."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(slug_field="username", queryset=get_user_model().objects.all(), **kwargs)


class MembershipSerializer(StrictModelSerializer):
    """A user account's role in a club."""

    club = ClubField()
    user = UsernameField(help_text="the account's username")

    class Meta:
        model = Membership
        fields = ["id", "club", "user", "role", "joined_at"]
        read_only_fields = ["id", "joined_at"]
        validators: list = []  # one membership per club and user: the service answers 409


class RoleSerializer(InputSerializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class ClubUpdateSerializer(InputSerializer):
    """What a club's directors may change (its slug names it and stays)."""

    name = serializers.CharField(max_length=100, required=False)
    public = serializers.BooleanField(required=False)


class TournamentUpdateSerializer(InputSerializer):
    """What a tournament's directors may change while it takes registrations."""

    name = serializers.CharField(max_length=100, required=False)
    options = serializers.DictField(required=False)
    format = serializers.ChoiceField(choices=Tournament.Format.choices, required=False)
    format_settings = serializers.DictField(required=False)
    seed = serializers.CharField(max_length=200, required=False, allow_blank=True)
    bot_limits = serializers.DictField(required=False)
    rated = serializers.BooleanField(required=False)


class MatchUpdateSerializer(InputSerializer):
    """What a match's directors may change: whether it is rated and when it was played (its
    log and result come only from moves and uploads)."""

    rated = serializers.BooleanField(required=False)
    played_at = serializers.DateTimeField(required=False)
    tournament = serializers.PrimaryKeyRelatedField(queryset=Tournament.objects.all(), required=False,
                                                    allow_null=True, help_text="the tournament it counts for, or null")
    round = serializers.PrimaryKeyRelatedField(queryset=Round.objects.all(), required=False, allow_null=True,
                                               help_text="a round of that tournament, or null")


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


class JobSerializer(serializers.ModelSerializer):
    """A long job: poll its ``url`` until ``status`` is ``done`` (see ``result``) or ``failed``."""

    url = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = ["id", "kind", "params", "status", "result", "error", "created_at", "started_at", "finished_at",
                  "url"]
        read_only_fields = fields

    def get_url(self, job: Job) -> str:
        path = f"/api/jobs/{job.pk}/"
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class GameOptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["integer", "boolean", "string"])
    help = serializers.CharField()
    default = serializers.JSONField(required=False, help_text="absent when it depends on the seats or other options")
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    choices = serializers.ListField(child=serializers.CharField(), required=False)


class SeatRangeSerializer(serializers.Serializer):
    min = serializers.IntegerField()
    max = serializers.IntegerField()


class BotParamSerializer(serializers.Serializer):
    default = serializers.IntegerField()
    minimum = serializers.IntegerField()
    maximum = serializers.IntegerField()
    help = serializers.CharField()


class BuiltinBotSerializer(serializers.Serializer):
    summary = serializers.CharField()
    params = serializers.DictField(child=serializers.IntegerField(), help_text="parameters and their defaults")
    limits = serializers.DictField(child=BotParamSerializer(),
                                   help_text="each parameter's default and range; a value outside it is refused")


class ObservationSerializer(serializers.Serializer):
    keys = serializers.DictField(child=serializers.CharField(), help_text="each key a bot's observation has")
    example = serializers.DictField(help_text="seat 0's observation before the first move of a seeded match "
                                              "with the default options")


class GameSerializer(serializers.Serializer):
    """A game: its seats, options with their limits and defaults, notation, built-in bots, and
    what a bot sees (the observation's keys and an example)."""

    slug = serializers.CharField()
    title = serializers.CharField()
    players = SeatRangeSerializer()
    options = GameOptionSerializer(many=True)
    defaults = serializers.DictField(help_text="the options a match gets when none are given, at the fewest seats")
    notation = serializers.CharField(help_text="how moves are written")
    bots = serializers.DictField(child=BuiltinBotSerializer())
    observation = ObservationSerializer()
    rules = serializers.CharField(help_text="where the full rules and notation are documented")


# -- answers of tournament actions -------------------------------------------------------------------

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


class LadderRunSerializer(serializers.Serializer):
    ladder = serializers.IntegerField()
    matches_url = serializers.URLField()


# -- accounts ---------------------------------------------------------------------------------------

class AccountSerializer(serializers.ModelSerializer):
    """A user account as the API shows it (never its password), with its clubs and roles."""

    clubs = serializers.SerializerMethodField()

    class Meta:
        model = get_user_model()
        fields = ["id", "username", "email", "is_active", "is_staff", "is_superuser", "date_joined", "last_login",
                  "clubs"]
        read_only_fields = fields

    @extend_schema_field({"type": "object", "additionalProperties": {"type": "string"},
                          "example": {"pond": "director"}})
    def get_clubs(self, user: Any) -> dict[str, str]:
        return {membership.club.slug: membership.role for membership in user.memberships.select_related("club")}


class NewAccountSerializer(InputSerializer):
    username = serializers.RegexField(r"^[\w.@+-]{1,150}$", help_text="letters, digits and @ . + - _")
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)
    email = serializers.EmailField(required=False, allow_blank=True)
    is_staff = serializers.BooleanField(required=False, default=False)


class AccountUpdateSerializer(InputSerializer):
    email = serializers.EmailField(required=False, allow_blank=True)
    password = serializers.CharField(max_length=128, required=False, write_only=True, trim_whitespace=False,
                                     help_text="ends every token and session of the account")
    current_password = serializers.CharField(max_length=128, required=False, write_only=True,
                                             trim_whitespace=False,
                                             help_text="required to change one's own password")
    is_active = serializers.BooleanField(required=False, help_text="false: the account can no longer log in")
    is_staff = serializers.BooleanField(required=False)
    is_superuser = serializers.BooleanField(required=False, help_text="superusers only")


class SeedsSerializer(InputSerializer):
    order = serializers.ListField(child=serializers.IntegerField(min_value=1), allow_empty=False,
                                  help_text="every entrant's id, top seed first")
