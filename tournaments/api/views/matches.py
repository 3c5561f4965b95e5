"""The matches resource: log a game live or upload its log, read it back, and verify logs."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action, api_view, authentication_classes, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.logs import LogError, parse_body, verify_log
from tournaments import cache, replays, selectors, turn_reports
from tournaments.api import serializers as s
from tournaments.api.etags import cached_answer
from tournaments.api.examples import FINISHED_LOG, UNFINISHED_LOG
from tournaments.api.views.base import METHODS, require_director, require_login, valid
from tournaments.errors import InvalidInput, Missing
from tournaments.models import Club, LiveGame, Match, Player
from tournaments.selectors import can_log, is_director, is_member, match_envelope, visible_matches
from tournaments.api.views.challenges import answer as challenge_answer
from tournaments.services import challenges as challenge_services
from tournaments.services import matches as match_services
from tournaments.services import play


LIVE_EXAMPLE = OpenApiExample(
    "Log a game at the table", request_only=True,
    value={"club": "pond", "game": "leapfrog_race", "players": [3, 5], "options": {"plate": False},
           "setup": {"order": "RYPOBG"}})
DRAWN_EXAMPLE = OpenApiExample(
    "Let the service draw the setup", request_only=True,
    value={"club": "pond", "game": "measure_and_tempo", "players": [3, 5], "draw_setup": True, "seed": "table-4"})
UPLOAD_EXAMPLE = OpenApiExample(
    "Upload a finished log", request_only=True,
    value={"club": "pond", "seats": [3, 5], "rated": True,
           "log": FINISHED_LOG})
DUPLICATE_EXAMPLE = OpenApiExample(
    "The club has this game already (409)", response_only=True, status_codes=["409"],
    value={"code": "duplicate_match", "message": "this game is stored already, as match #12: each game counts once",
           "fields": {"log": ["this game is stored already, as match #12: each game counts once"]},
           "match": 12, "match_url": "/api/matches/12/", "page": "/matches/12/"})
UNKNOWN_EXAMPLE = OpenApiExample(
    "Names the club does not know (400)", response_only=True, status_codes=["400"],
    value={"code": "unknown_players", "message": "Pond has no player named 'Ana', 'Bem': check the spelling, "
                                                 "or ask for them to be created as new players",
           "fields": {"seats": [("Pond has no player named 'Ana', 'Bem': check the spelling, or ask for them "
                                 "to be created as new players")]}, "unknown": ["Ana", "Bem"]})
MOVE_EXAMPLE = OpenApiExample("Append the first move", request_only=True,
                              value={"move": "R1 Y2 P2 O3 B6 G5", "index": 0})
STALE_EXAMPLE = OpenApiExample(
    "Someone logged a move meanwhile (409)", response_only=True, status_codes=["409"],
    value={"code": "stale_index", "message": "the match has 3 moves, not 2: another move was logged meanwhile; "
                                             "reload and try again", "moves": 3})
REFUSED_MOVE_EXAMPLE = OpenApiExample(
    "A move the rules forbid (400)", response_only=True, status_codes=["400"],
    value={"code": "illegal_move", "message": "frog R has already played token 1 in this race"})

NEW_MATCH = PolymorphicProxySerializer(component_name="NewMatch",
                                       serializers=[s.LiveMatchSerializer, s.UploadSerializer],
                                       resource_type_field_name=None)


@extend_schema_view(
    list=extend_schema(summary="Matches one may read, newest first, without their logs"),
    retrieve=extend_schema(summary="One match: seats, setup, moves, forfeits, result"),
    create=extend_schema(
        summary="Create a match to log live, or upload a whole log",
        description="Without `log`: a match to log move by move (`players` in seat order; a `setup`, or "
                    "`draw_setup`). With `log`: the log is verified and stored whole, or refused with 400 and "
                    "its `verification`. Without `seats`, the log's names are matched to the club's players; "
                    "names it does not know answer 400 `unknown_players` (listed in `unknown`) unless "
                    "`create_players` is true. A finished game the club has stored already (the same setup, "
                    "moves and players) answers 409 `duplicate_match` naming the stored `match`. With an "
                    "`Idempotency-Key` header, a repeat of the request answers 200 with the match the first one "
                    "stored.",
        request=NEW_MATCH, responses={201: s.MatchSerializer, 200: s.MatchSerializer,
                                      409: OpenApiResponse(OpenApiTypes.OBJECT, description="the game is stored "
                                                           "already (`duplicate_match`), or a stale write")},
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False,
                                     description="1 to 100 visible ASCII characters; a retry with the same key "
                                                 "stores nothing and answers the first match")],
        examples=[LIVE_EXAMPLE, DRAWN_EXAMPLE, UPLOAD_EXAMPLE, DUPLICATE_EXAMPLE, UNKNOWN_EXAMPLE]),
    partial_update=extend_schema(summary="Mark a match rated or unrated, or change when it was played (directors)",
                                 request=s.MatchUpdateSerializer, responses=s.MatchSerializer),
)
class MatchViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Matches: upload a finished log, or create one and log it move by move."""

    filterset_fields = ["club__slug", "game", "status", "tournament", "ladder", "challenge", "rated"]
    ordering_fields = ["played_at", "id"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Match]:
        matches = visible_matches(self.request.user)
        if self.action == "list":
            return matches.prefetch_related("seats__player", "seats__bot_version")
        if self.action == "log":  # read on a cache miss only: the match, its log, then its seats
            return matches.select_related("log")
        return matches.select_related("log", "recorded_by").prefetch_related("seats__player", "seats__bot_version")

    def get_serializer_class(self) -> type:
        return s.MatchListSerializer if self.action == "list" else s.MatchSerializer

    def get_object(self) -> Match:
        """A match one may read; 403 when one may not, 404 when its club is private to one."""
        try:
            return super().get_object()
        except Http404:
            pk = str(self.kwargs.get("pk"))
            match = Match.objects.select_related("club").filter(pk=int(pk)).first() if pk.isdigit() else None
            if match is None or not (match.club.public or is_member(self.request.user, match.club)):
                raise
            require_login(self.request)
            raise PermissionDenied("this match is not public yet") from None

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Create a match to log live, or upload a log. With an ``Idempotency-Key`` header, a
        retry of the same request answers 200 with the match the first one stored."""
        require_login(request)
        match, created = match_services.idempotent(
            recorded_by=request.user, key=request.headers.get("Idempotency-Key"),
            create=lambda: self.upload(request) if isinstance(request.data, dict) and "log" in request.data
            else self.create_live(request))
        return self.answer(match, status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    def check_may_log(self, club: Club, players: list[Player]) -> None:
        """Directors log any of their club's games; members only games they sit in."""
        user = self.request.user
        if is_director(user, club):
            return
        if is_member(user, club) and any(player.user_id == user.pk for player in players):
            return
        raise PermissionDenied(f"only directors of {club.name}, or members who sit in the match, may log it")

    def create_live(self, request: Request) -> Match:
        fields = valid(s.LiveMatchSerializer, request)
        self.check_may_log(fields["club"], fields["players"])
        return match_services.create_match(recorded_by=request.user, **fields)

    def upload(self, request: Request) -> Match:
        fields = valid(s.UploadSerializer, request)
        club, log = fields["club"], fields["log"]
        players = fields.get("seats")
        if players is None:
            if not is_director(request.user, club):
                raise PermissionDenied("only directors may upload a log without naming its seats' players")
            return match_services.import_log(club=club, log=log, recorded_by=request.user,
                                             played_at=fields.get("played_at"), rated=fields["rated"],
                                             create_players=fields["create_players"])
        if fields["create_players"]:
            raise InvalidInput("create_players is for a log whose seats are matched by name: leave out seats",
                               fields={"create_players": ["only without seats"]})
        self.check_may_log(club, players)
        return match_services.upload_log(club=club, log=log, players=players, recorded_by=request.user,
                                         played_at=fields.get("played_at"), rated=fields["rated"])

    def logged(self, request: Request) -> Match:
        match = self.get_object()
        require_login(request)
        if not can_log(request.user, match):
            raise PermissionDenied("only directors of this club, or members who sit in this match, may log it")
        return match

    def answer(self, match: Match, code: int = status.HTTP_200_OK) -> Response:
        """The match as the caller reads it; 403 when the caller may no longer read it (a
        request replayed with its Idempotency-Key after its recorder left the club)."""
        readable = self.get_queryset().filter(pk=match.pk).first()
        if readable is None:
            raise PermissionDenied("you may no longer read the match this request stored")
        match = readable
        return Response(s.MatchSerializer(match, context=self.get_serializer_context()).data, status=code)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        match = self.get_object()
        require_director(request, match.club, "change its matches")
        return self.answer(match_services.update_match(match, **valid(s.MatchUpdateSerializer, request)))

    @extend_schema(summary="Append one move", request=s.MoveSerializer, responses={201: s.MatchSerializer},
                   description="`index` is the number of moves already logged, as the client saw it: a stale one "
                               "answers 409 `stale_index` with the current count; a move the rules refuse, 400 with "
                               "the verifier's code. Nothing changes when a move is refused.",
                   examples=[MOVE_EXAMPLE, STALE_EXAMPLE, REFUSED_MOVE_EXAMPLE])
    @action(detail=True, methods=["post"])
    def moves(self, request: Request, pk: str | None = None) -> Response:
        """Append one move: ``{"move": "...", "index": N}``, N the moves already logged."""
        match = self.logged(request)
        match = match_services.append_move(match, **valid(s.MoveSerializer, request))
        return self.answer(match, status.HTTP_201_CREATED)

    @extend_schema(summary="Take back the last move", request=s.IndexSerializer, responses=s.MatchSerializer,
                   description="A match on the board: a player's own choice in the turn under way, else the last "
                               "move, by whoever completed it until the next one, or by a director.")
    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: str | None = None) -> Response:
        """Take back the last move: ``{"index": N}`` (optional, the moves as you saw them). On
        the board the play service decides who may (``docs/pages.md``, Playing on the board)."""
        match = self.get_object()
        if LiveGame.objects.filter(match_id=match.pk).exists():
            require_login(request)
            return self.answer(play.undo(match, user=request.user, **valid(s.IndexSerializer, request)))
        match = self.logged(request)
        return self.answer(match_services.undo_last_move(match, **valid(s.IndexSerializer, request)))

    @extend_schema(summary="Record that a seat leaves the match", request=s.ForfeitSerializer,
                   responses=s.MatchSerializer)
    @action(detail=True, methods=["post"])
    def forfeit(self, request: Request, pk: str | None = None) -> Response:
        """A seat leaves: ``{"seat": S, "reason": "...", "index": N}``."""
        match = self.logged(request)
        return self.answer(match_services.record_forfeit(match, **valid(s.ForfeitSerializer, request)))

    @extend_schema(summary="Rerun a finished bot match with your version in its entry's seat (unrated)",
                   description="The same seed, setup, options and opponent versions; a challenge of one game "
                               "(`rerun_of` set) is answered, 201. 429 past your daily challenge quota.",
                   request=s.RerunSerializer, responses={201: s.ChallengeSerializer})
    @action(detail=True, methods=["post"])
    def rerun(self, request: Request, pk: str | None = None) -> Response:
        """``{"version": ID, "seat": N}`` (``seat`` only when your entry has several)."""
        match = self.get_object()
        require_login(request)
        data = valid(s.RerunSerializer, request)
        challenge = challenge_services.create_rerun(owner=request.user, match=match, version=data["version"],
                                                    seat=data.get("seat"))
        return challenge_answer(request, challenge)

    @extend_schema(summary="Void a match: its log is kept, it counts for nothing (directors)", request=None,
                   responses=s.MatchSerializer)
    @action(detail=True, methods=["post"])
    def void(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        require_director(request, match.club, "may void its matches")
        return self.answer(match_services.void_match(match))

    @extend_schema(summary="The match as a log envelope, which verify_log accepts offline",
                   description="Cached until the match changes (a move, a forfeit, a void), a player's name "
                               "or a club does; sent with an ETag (`If-None-Match` answers 304).",
                   responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[])  # one match: building the list's filters costs
    def log(self, request: Request, pk: str | None = None) -> Response:
        """The match as a log envelope, which ``verify_log`` accepts offline."""
        def envelope() -> dict[str, Any]:
            match = self.get_object()
            return selectors.shown(match_envelope(match), match, request.user)

        if not str(pk).isdigit():  # one spelling of each id, the one its scope is named by
            return Response(envelope())
        # Readers of one audience may differ in what they see of a live game's hidden setup
        # (``selectors.sees_hidden``): each account has answers of its own.
        reader = request.user.pk if request.user.is_authenticated else "public"
        return cached_answer(request, "log", [int(pk), reader], [cache.match_scope(int(pk)), "players"], envelope)

    @extend_schema(operation_id="matches_position_svg", responses={(200, "image/svg+xml"): OpenApiTypes.STR})
    def position(self, request: Request, pk: str | None = None, number: int = 0) -> HttpResponse:
        """``GET /api/matches/{id}/positions/{n}.svg``: the position after ``n`` moves as the
        game draws it, hidden things shown only to those who may see them (``docs/pages.md``).
        An ended match's pictures never change: they are sent cacheable, with an ETag."""
        try:
            match = self.get_object()
        except Http404:
            raise Missing(f"no match {pk}") from None
        viewpoint = replays.view_of(match, request.user)
        etag = replays.position_etag(match, number, viewpoint)
        if replays.ended(match):
            cache_control = f"{'public' if match.club.public else 'private'}, max-age=3600"
        else:
            cache_control = "private, no-cache"
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponse(status=status.HTTP_304_NOT_MODIFIED)
        else:
            response = HttpResponse(replays.draw_position(match, number, viewpoint), content_type="image/svg+xml")
        response["ETag"] = etag
        response["Cache-Control"] = cache_control
        return response

    def owned_seat(self, request: Request) -> tuple[Match, Any]:
        """The match (404 or 403 as for reading it) and the seat ``?seat=N`` whose bot the
        caller owns (403 for anyone but its owner and staff)."""
        match = self.get_object()
        require_login(request)
        return match, turn_reports.owned_seat(request.user, match, request.query_params.get("seat"))

    @extend_schema(summary="A bot seat's turn report: each move's thinking time and standard error (owner and staff)",
                   description="`turns`: per move the seat's bot made, `turn` (its index in the log's moves), "
                               "`move`, `ms` and the `stderr` it wrote then (at most 4 KiB a turn, 64 KiB in all; "
                               "`cut` counts the bytes dropped). `forfeit`: `turn`, `at`, `limit`, `reason`, "
                               "`last_lines`, or `{}`. 403 for a seat whose bot is not the caller's.",
                   parameters=[OpenApiParameter("seat", int, OpenApiParameter.QUERY, required=True,
                                                description="the seat's index (0 is the first seat)")],
                   responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"], filter_backends=[])
    def turns(self, request: Request, pk: str | None = None) -> Response:
        """``GET /api/matches/{id}/turns/?seat=N``: the seat's turn report (owner and staff)."""
        match, seat = self.owned_seat(request)
        return Response(turn_reports.report(match, seat, request.user))

    @extend_schema(operation_id="matches_turns_jsonl", summary="A bot seat's turns as JSON lines (owner and staff)",
                   parameters=[OpenApiParameter("seat", int, OpenApiParameter.QUERY, required=True,
                                                description="the seat's index (0 is the first seat)")],
                   responses={(200, "application/jsonl"): OpenApiTypes.STR})
    def turns_jsonl(self, request: Request, pk: str | None = None) -> HttpResponse:
        """``GET /api/matches/{id}/turns.jsonl?seat=N``: one JSON object per turn, one a line."""
        match, seat = self.owned_seat(request)
        return turn_reports.download(match, seat, turn_reports.turn_rows(match, seat, request.user))

    @extend_schema(summary="Verify the stored log again: the verification object", responses=OpenApiTypes.OBJECT)
    @action(detail=True, methods=["get"])
    def verification(self, request: Request, pk: str | None = None) -> Response:
        """Re-verify the stored log (as ``verify_log`` would offline): ``valid``, ``result``..."""
        return Response(match_services.reverify(self.get_object()))


@extend_schema(
    summary="Verify a log", request=OpenApiTypes.OBJECT,
    description="The verification object, 200 whether the log is valid or not; 400 (with the same object, "
                "`bad_format` at `format`) only when the body is not JSON. Its own answer, not the error shape.",
    responses={200: OpenApiTypes.OBJECT,
               400: OpenApiResponse(OpenApiTypes.OBJECT, description="the body is not JSON: a verification object")},
    examples=[OpenApiExample("A race's log, nine turns in", request_only=True, value=UNFINISHED_LOG)])
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
def verify_log_view(request: Request) -> Response:
    """``POST /api/logs/verify/``: the verification object, 200 whether the log is valid or
    not; 400 only when the body is not JSON at all."""
    try:
        log = parse_body(request.body)
    except LogError as error:
        return Response({"valid": False, "game": None, "error": error.to_json()}, status=status.HTTP_400_BAD_REQUEST)
    return Response(verify_log(log))
