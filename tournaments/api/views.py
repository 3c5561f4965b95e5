"""API views: parse, check permissions, call a service, answer. Nothing more.

Who may do what is decided here, object by object, from the caller's role in the object's
club (``tournaments.selectors``): anonymous callers read what is public, members read their
club and log the games they sit in, directors run their club, staff may do everything.
Updates are PATCH (partial); PUT is not offered.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpResponse
from django.utils.http import content_disposition_header
from django_filters import rest_framework as filters
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
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from games.bundle import safe_filename
from games.errors import GameError
from games.logs import LogError, parse_body, verify_log
from tournaments import cache, replays, selectors
from games.registry import GAME_CLASSES
from tournaments.api import games as game_catalog
from tournaments.api import serializers as s
from tournaments.api.caching import cached_answer
from tournaments.errors import InvalidInput, Missing
from tournaments.models import (
    BotEntry,
    BotVersion,
    Club,
    Job,
    Ladder,
    Match,
    Membership,
    Player,
    Round,
    Seat,
    Tournament,
)
from tournaments.selectors import (
    can_log,
    is_director,
    is_member,
    match_envelope,
    owns_bot,
    visible_bots,
    visible_clubs,
    visible_matches,
    visible_players,
)
from tournaments.services import accounts as account_services
from tournaments.services import bots as bot_services
from tournaments.services import clubs as club_services
from tournaments.services import jobs as job_services
from tournaments.services import ladders as ladder_services
from tournaments.services import matches as match_services
from tournaments.services import players as player_services
from tournaments.services import tournaments as tournament_services

#: Every viewset's methods: updates are partial (PATCH); PUT is not offered.
METHODS = ["get", "post", "patch", "delete", "head", "options"]


def require_login(request: Request) -> None:
    if not request.user.is_authenticated:
        raise NotAuthenticated()


def require_director(request: Request, club: Club, doing: str) -> None:
    """Directors of ``club`` (and staff) only: 403 for anyone else, naming what was refused."""
    require_login(request)
    if not is_director(request.user, club):
        raise PermissionDenied(f"only directors of {club.name} {doing}")


def require_staff(request: Request, doing: str) -> None:
    require_login(request)
    if not request.user.is_staff:
        raise PermissionDenied(f"only staff {doing}")


def valid(serializer_class: type, request: Request, **kwargs: Any) -> dict[str, Any]:
    """The request body checked by ``serializer_class``: its validated data, or a 400."""
    data = serializer_class(data=request.data, **{"context": {"request": request}, **kwargs})
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


# -- clubs and memberships -----------------------------------------------------------------------------

@extend_schema_view(
    list=extend_schema(summary="Clubs one may see: public ones and one's own, with one's role"),
    retrieve=extend_schema(summary="One club"),
    create=extend_schema(summary="Found a club (any account); its founder directs it"),
    partial_update=extend_schema(summary="Rename a club or make it public or private (directors)",
                                 request=s.ClubUpdateSerializer),
    destroy=extend_schema(summary="Delete a club with everything in it (staff)"),
)
class ClubViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                  viewsets.ReadOnlyModelViewSet):
    """Clubs: public ones and one's own. Anyone logged in may found a club and direct it."""

    serializer_class = s.ClubSerializer
    lookup_field = "slug"
    filterset_fields = ["public"]
    ordering_fields = ["name", "created_at"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Club]:
        return visible_clubs(self.request.user).order_by("name")

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if self.request.user.is_authenticated:
            context["roles"] = dict(Membership.objects.filter(user=self.request.user).values_list("club_id", "role"))
        return context

    def perform_create(self, serializer: s.ClubSerializer) -> None:
        serializer.instance = club_services.create_club(director=self.request.user, **serializer.validated_data)
        serializer.context["roles"] = self.get_serializer_context().get("roles")  # the founder's new role

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.get_object()
        require_director(request, club, "change it")
        club = club_services.update_club(club, **valid(s.ClubUpdateSerializer, request))
        return Response(self.get_serializer(club).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.get_object()
        require_staff(request, "delete clubs")
        club_services.delete_club(club)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MembershipFilter(filters.FilterSet):
    club = filters.CharFilter(field_name="club__slug", label="a club's slug")
    user = filters.CharFilter(field_name="user__username", label="a username")

    class Meta:
        model = Membership
        fields = ["club", "user", "role"]


@extend_schema_view(
    list=extend_schema(summary="Memberships of one's clubs (all of them for staff)"),
    retrieve=extend_schema(summary="One membership"),
    create=extend_schema(summary="Add an account to a club, as member or director (directors)"),
    partial_update=extend_schema(summary="Change a member's role (directors)", request=s.RoleSerializer),
    destroy=extend_schema(summary="Remove a member (directors), or leave a club (the member)"),
)
class MembershipViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                        viewsets.ReadOnlyModelViewSet):
    """Who belongs to which club, with which role. Members read their clubs' memberships;
    directors add and remove members and change roles; a club always keeps a director."""

    serializer_class = s.MembershipSerializer
    permission_classes = [IsAuthenticated]
    filterset_class = MembershipFilter
    ordering_fields = ["joined_at", "user__username"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Membership]:
        memberships = Membership.objects.select_related("club", "user").order_by("club__name", "user__username")
        user = self.request.user
        if user.is_staff:
            return memberships
        return memberships.filter(club__memberships__user=user).distinct() if user.is_authenticated \
            else memberships.none()

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        fields = valid(s.MembershipSerializer, request)
        require_director(request, fields["club"], "add members")
        role = fields.get("role", Membership.Role.MEMBER)
        membership = club_services.add_member(fields["club"], fields["user"], role)
        return Response(self.get_serializer(membership).data, status=status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        membership = self.get_object()
        require_director(request, membership.club, "change roles")
        membership = club_services.change_role(membership, valid(s.RoleSerializer, request)["role"])
        return Response(self.get_serializer(membership).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        membership = self.get_object()
        if membership.user_id != request.user.pk:
            require_director(request, membership.club, "remove members")
        club_services.remove_member(membership)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- accounts -------------------------------------------------------------------------------------------

@extend_schema_view(
    list=extend_schema(summary="User accounts (staff)"),
    retrieve=extend_schema(summary="One account (staff, or one's own)"),
    create=extend_schema(summary="Create an account (staff)", request=s.NewAccountSerializer,
                         responses={201: s.AccountSerializer}),
    partial_update=extend_schema(summary="Change an account's e-mail, password, flags or activity (staff; a "
                                         "superuser's account: superusers only; one's own e-mail, and password "
                                         "with the current one)",
                                 request=s.AccountUpdateSerializer, responses=s.AccountSerializer),
)
class AccountViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """User accounts, as the admin site manages them: staff create and change them (an
    account is deactivated, never deleted, so its matches keep their recorder); everyone
    logged in reads and changes their own (``/api/users/me/``)."""

    serializer_class = s.AccountSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["is_active", "is_staff", "username"]
    ordering_fields = ["username", "date_joined"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Any]:
        accounts = get_user_model().objects.order_by("username")
        user = self.request.user
        return accounts if user.is_staff else accounts.filter(pk=user.pk)

    def get_object(self) -> Any:
        if self.kwargs.get("pk") == "me":
            return self.request.user
        return super().get_object()

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_staff(request, "list accounts")
        return super().list(request, *args, **kwargs)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_staff(request, "create accounts")
        account = account_services.create_account(**valid(s.NewAccountSerializer, request), actor=request.user)
        return Response(self.get_serializer(account).data, status=status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """The accounts' rule (who may change whom) is the service's, shared with the admin site."""
        account = self.get_object()
        changes = valid(s.AccountUpdateSerializer, request)
        current_password = changes.pop("current_password", None)
        if not request.user.is_staff:
            refused = sorted(set(changes) - {"email", "password"})
            if refused:
                raise PermissionDenied(f"only staff change {refused[0]}")
        account = account_services.update_account(account, actor=request.user, current_password=current_password,
                                                  **changes)
        return Response(self.get_serializer(account).data)


# -- games and players ---------------------------------------------------------------------------------

@extend_schema(tags=["games"])
class GameViewSet(viewsets.ViewSet):
    """The four games: options with limits and defaults, notation, built-in bots, and what a
    bot sees. Public."""

    permission_classes = [AllowAny]
    lookup_field = "slug"
    lookup_value_regex = "[a-z_]+"

    @extend_schema(summary="Every game", responses=s.GameSerializer(many=True))
    def list(self, request: Request) -> Response:
        return Response(s.GameSerializer(game_catalog.describe_all(), many=True).data)

    @extend_schema(summary="One game", responses=s.GameSerializer,
                   parameters=[OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH,
                                                enum=sorted(GAME_CLASSES), description="the game's slug")])
    def retrieve(self, request: Request, slug: str | None = None) -> Response:
        try:
            described = game_catalog.describe(slug or "")
        except GameError:
            raise Missing(f"no game {slug!r}; the games are {', '.join(sorted(GAME_CLASSES))}") from None
        return Response(s.GameSerializer(described).data)


@extend_schema_view(
    list=extend_schema(summary="Players of the clubs one may see"),
    retrieve=extend_schema(summary="One player"),
    create=extend_schema(summary="Add a person to a club (directors); bots are added as bot entries"),
    partial_update=extend_schema(summary="Rename a player or link an account (directors)"),
    destroy=extend_schema(summary="Remove a player who has played no match (directors)"),
)
class PlayerViewSet(viewsets.ModelViewSet):
    """Players of the clubs one may see; directors manage their club's players."""

    serializer_class = s.PlayerSerializer
    filterset_fields = ["club__slug", "kind"]
    ordering_fields = ["name", "created_at"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Player]:
        return visible_players(self.request.user).order_by("club__name", "name")

    def check_director(self, club: Club) -> None:
        require_director(self.request, club, "manage its players")

    def perform_create(self, serializer: s.PlayerSerializer) -> None:
        self.check_director(serializer.validated_data["club"])
        serializer.instance = player_services.create_player(**serializer.validated_data)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_director(self.get_object().club)
        return super().update(request, *args, **kwargs)

    def perform_update(self, serializer: s.PlayerSerializer) -> None:
        serializer.instance = player_services.update_player(serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance: Player) -> None:
        self.check_director(instance.club)
        player_services.delete_player(instance)


# -- matches and logs ----------------------------------------------------------------------------------

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
           "log": {"format": "leapfrog-log/1", "game": "froggit", "options": {}, "players": ["Ana", "Ben"],
                   "setup": {}, "moves": ["S start b1", "fish e4", "..."]}})
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
                    "its `verification`. With an `Idempotency-Key` header, a repeat of the request answers 200 "
                    "with the match the first one stored.",
        request=NEW_MATCH, responses={201: s.MatchSerializer, 200: s.MatchSerializer},
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False,
                                     description="1 to 100 visible ASCII characters; a retry with the same key "
                                                 "stores nothing and answers the first match")],
        examples=[LIVE_EXAMPLE, DRAWN_EXAMPLE, UPLOAD_EXAMPLE]),
    partial_update=extend_schema(summary="Mark a match rated or unrated, or change when it was played (directors)",
                                 request=s.MatchUpdateSerializer, responses=s.MatchSerializer),
)
class MatchViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Matches: upload a finished log, or create one and log it move by move."""

    filterset_fields = ["club__slug", "game", "status", "tournament", "ladder", "rated"]
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
            players = club_services.players_by_name(club, match_services.checked(log).players, create=False)
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

    @extend_schema(summary="Take back the last move", request=s.IndexSerializer, responses=s.MatchSerializer)
    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: str | None = None) -> Response:
        """Take back the last move: ``{"index": N}`` (optional, the moves as you saw them)."""
        match = self.logged(request)
        return self.answer(match_services.undo_last_move(match, **valid(s.IndexSerializer, request)))

    @extend_schema(summary="Record that a seat leaves the match", request=s.ForfeitSerializer,
                   responses=s.MatchSerializer)
    @action(detail=True, methods=["post"])
    def forfeit(self, request: Request, pk: str | None = None) -> Response:
        """A seat leaves: ``{"seat": S, "reason": "...", "index": N}``."""
        match = self.logged(request)
        return self.answer(match_services.record_forfeit(match, **valid(s.ForfeitSerializer, request)))

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
        view = replays.view_of(match, request.user)
        etag = replays.position_etag(match, number, view)
        if replays.ended(match):
            cache = f"{'public' if match.club.public else 'private'}, max-age=3600"
        else:
            cache = "private, no-cache"
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponse(status=status.HTTP_304_NOT_MODIFIED)
        else:
            response = HttpResponse(replays.draw_position(match, number, view), content_type="image/svg+xml")
        response["ETag"] = etag
        response["Cache-Control"] = cache
        return response

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
    examples=[OpenApiExample("A log", request_only=True,
                             value={"format": "leapfrog-log/1", "game": "leapfrog_race", "options": {},
                                    "players": ["Ana", "Ben"], "setup": {"order": "RYPOBG"},
                                    "moves": ["R1 Y2 P2 O3 B6 G5"]})])
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


# -- tournaments and rounds ----------------------------------------------------------------------------

@extend_schema_view(
    list=extend_schema(summary="Tournaments of the clubs one may see"),
    retrieve=extend_schema(summary="One tournament with its entrants and progress"),
    create=extend_schema(summary="Create a tournament, open for registration (directors)"),
    partial_update=extend_schema(summary="Change a tournament's settings while it takes registrations (directors)",
                                 request=s.TournamentUpdateSerializer),
    destroy=extend_schema(summary="Delete a tournament that has not started (directors)"),
)
class TournamentViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                        viewsets.ReadOnlyModelViewSet):
    """Tournaments: directors create them, register entrants, start them and publish rounds;
    everyone who may see the club reads standings, crosstable and progress."""

    serializer_class = s.TournamentSerializer
    filterset_fields = ["club__slug", "game", "format", "status", "bots"]
    ordering_fields = ["created_at", "name"]
    http_method_names = METHODS

    #: Actions that answer something derived from the tournament, not the tournament itself.
    DERIVED = {"rounds", "standings", "crosstable", "progress"}

    def get_queryset(self) -> QuerySet[Tournament]:
        tournaments = (Tournament.objects.filter(club__in=visible_clubs(self.request.user))
                       .select_related("club").order_by("-created_at"))
        if self.action in self.DERIVED:  # nor the stored standings, a large JSON document
            return tournaments.defer("standings")
        return tournaments.prefetch_related("entrants__player")

    def directed(self, request: Request) -> Tournament:
        tournament = self.get_object()
        require_director(request, tournament.club, "run its tournaments")
        return tournament

    def answer(self, tournament: Tournament, code: int = status.HTTP_200_OK) -> Response:
        tournament = self.get_queryset().get(pk=tournament.pk)
        return Response(s.TournamentSerializer(tournament, context=self.get_serializer_context()).data, status=code)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_login(request)
        fields = valid(s.TournamentSerializer, request)
        require_director(request, fields["club"], "create its tournaments")
        tournament = tournament_services.create_tournament(created_by=request.user, **fields)
        return self.answer(tournament, status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament = self.directed(request)
        return self.answer(tournament_services.update_tournament(tournament, **valid(s.TournamentUpdateSerializer,
                                                                                        request)))

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament_services.delete_tournament(self.directed(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(summary="Register a player (directors); late entries join the next round",
                   request=s.RegisterSerializer, responses={201: s.TournamentSerializer})
    @action(detail=True, methods=["post"])
    def entrants(self, request: Request, pk: str | None = None) -> Response:
        """Register a player: ``{"player": id}`` (late entries join the next round)."""
        tournament = self.directed(request)
        tournament_services.register(tournament, valid(s.RegisterSerializer, request)["player"])
        return self.answer(tournament, status.HTTP_201_CREATED)

    @extend_schema(summary="Withdraw an entrant: its games stand, no more pairings (directors)",
                   request=s.WithdrawSerializer, responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        """Withdraw an entrant: ``{"entrant": id}``; its games stand, no more pairings."""
        tournament = self.directed(request)
        entrant = tournament.entrants.filter(pk=valid(s.WithdrawSerializer, request)["entrant"]).first()
        if entrant is None:
            raise InvalidInput("no such entrant in this tournament", fields={"entrant": ["unknown"]})
        tournament_services.withdraw(entrant)
        return self.answer(tournament)

    @extend_schema(summary="Set the seeding before the start (directors)", request=s.SeedsSerializer,
                   responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"])
    def seeds(self, request: Request, pk: str | None = None) -> Response:
        """``{"order": [entrant ids, top seed first]}``, every entrant once."""
        tournament = self.directed(request)
        tournament_services.reseed(tournament, valid(s.SeedsSerializer, request)["order"])
        return self.answer(tournament)

    @extend_schema(summary="Close registration and start (directors)", request=None,
                   description="A bot tournament then runs on the workers: 202 with `progress_url` (and "
                               "`Location`) to poll. A people's tournament gets its first round proposed: 200.",
                   responses={200: s.TournamentSerializer, 202: s.StartedSerializer})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str | None = None) -> Response:
        """Close registration. A bot tournament then runs on the workers (202: poll
        ``progress``); a people's tournament gets its first round proposed."""
        tournament = tournament_services.start_and_pair(self.directed(request))
        if tournament.bots:
            url = request.build_absolute_uri(f"/api/tournaments/{tournament.pk}/progress/")
            body = {**s.progress_of(Tournament.objects.get(pk=tournament.pk)), "progress_url": url}
            return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})
        return self.answer(tournament)

    @extend_schema(summary="Propose the next round once the current one is decided (directors)", request=None,
                   responses=s.TournamentSerializer)
    @action(detail=True, methods=["post"])
    def pair(self, request: Request, pk: str | None = None) -> Response:
        """Propose the next round once the current one is decided (people's tournaments)."""
        tournament = self.directed(request)
        tournament_services.pair_round(tournament)
        return self.answer(tournament)

    @extend_schema(summary="Publish the proposed round, as proposed or changed (directors)",
                   request=s.PublishSerializer, responses=s.TournamentSerializer,
                   examples=[OpenApiExample("Swap two pairings", request_only=True,
                                            value={"games": [{"seats": [3, 1]}, {"seats": [2, 4]}]})])
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, pk: str | None = None) -> Response:
        """Publish the proposed round, as proposed or with ``{"games": [{"seats": [...]}, ...]}``."""
        tournament = self.directed(request)
        tournament_services.publish_proposed(tournament, valid(s.PublishSerializer, request).get("games"))
        return self.answer(tournament)

    @extend_schema(summary="The tournament's rounds, first first, with their matches and byes",
                   responses=s.RoundSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        rounds = rounds_queryset().filter(tournament=self.get_object()).order_by("number")
        return Response(s.RoundSerializer(rounds, many=True, context=self.get_serializer_context()).data)

    @extend_schema(summary="Standings with tie-breaks, recomputed from the matches",
                   description="Cached until the tournament's matches, entrants or settings, a player's "
                               "name or a club change; sent with an ETag (`If-None-Match` answers 304).",
                   responses=s.StandingSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        if not str(pk).isdigit():  # one spelling of each id, the one its scope is named by
            return Response(tournament_services.compute_standings(self.get_object()))
        return cached_answer(request, "standings", [int(pk)], [cache.tournament_scope(int(pk)), "players"],
                             lambda: tournament_services.compute_standings(self.get_object()), single=True)

    @extend_schema(summary="The crosstable: points of each entrant against each", responses=s.CrosstableSerializer)
    @action(detail=True, methods=["get"], filter_backends=[])
    def crosstable(self, request: Request, pk: str | None = None) -> Response:
        return Response(tournament_services.crosstable(self.get_object()))

    @extend_schema(summary="Progress: status, round, matches done of matches scheduled",
                   responses=s.ProgressSerializer)
    @action(detail=True, methods=["get"], filter_backends=[])
    def progress(self, request: Request, pk: str | None = None) -> Response:
        return Response(s.progress_of(self.get_object()))


def rounds_queryset() -> QuerySet[Round]:
    matches = Match.objects.prefetch_related("seats__player", "seats__bot_version").select_related("club")
    return Round.objects.prefetch_related(Prefetch("matches", queryset=matches), "byes")


@extend_schema_view(list=extend_schema(summary="Rounds of the tournaments one may see"),
                    retrieve=extend_schema(summary="One round with its matches and byes"))
class RoundViewSet(viewsets.ReadOnlyModelViewSet):
    """Tournament rounds: proposed, published or complete, with their matches and byes."""

    serializer_class = s.RoundSerializer
    filterset_fields = ["tournament", "status"]
    ordering_fields = ["number", "id"]

    def get_queryset(self) -> QuerySet[Round]:
        return rounds_queryset().filter(tournament__club__in=visible_clubs(self.request.user)) \
            .order_by("tournament_id", "number")


# -- bot entries and ladders ---------------------------------------------------------------------------

@extend_schema_view(
    list=extend_schema(summary="Bot entries of the clubs one may see, with the active version"),
    retrieve=extend_schema(summary="One bot entry"),
    create=extend_schema(summary="Enter a bot with its first version (members)",
                         request={"application/json": s.NewBotEntrySerializer,
                                  "multipart/form-data": s.NewBotEntrySerializer},
                         responses={201: s.BotEntrySerializer}),
    partial_update=extend_schema(summary="Change a bot's description or ladder flag (owner or directors)"),
    destroy=extend_schema(summary="Delete a bot that has played no match (owner or directors)"),
)
class BotEntryViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                      viewsets.ReadOnlyModelViewSet):
    """Bot entries: a club's members create them (a built-in strategy or an uploaded program)
    and upload versions; everyone who may see the club reads their record. Code and standard
    error are for the owner and staff alone."""

    serializer_class = s.BotEntrySerializer
    filterset_fields = ["game", "player__club__slug", "ladder", "owner"]
    ordering_fields = ["created_at", "player__name"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[BotEntry]:
        return visible_bots(self.request.user).order_by("game", "player__name")

    def owned(self, request: Request) -> BotEntry:
        entry = self.get_object()
        require_login(request)
        if not owns_bot(request.user, entry):
            raise PermissionDenied(f"only the owner of {entry.player.name} may do this")
        return entry

    def owned_or_directed(self, request: Request, doing: str) -> BotEntry:
        entry = self.get_object()
        require_login(request)
        if not (owns_bot(request.user, entry) or is_director(request.user, entry.player.club)):
            raise PermissionDenied(f"only the owner of {entry.player.name} or a director may {doing}")
        return entry

    def answer(self, entry: BotEntry, code: int = status.HTTP_200_OK) -> Response:
        return Response(s.BotEntrySerializer(self.get_queryset().get(pk=entry.pk),
                                             context=self.get_serializer_context()).data, status=code)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Create an entry with its first version: ``club``, ``name``, ``game``, ``description``
        and ``strategy`` (JSON) or ``file`` (multipart)."""
        require_login(request)
        data = s.NewBotEntrySerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        if not is_member(request.user, fields["club"]):
            raise PermissionDenied(f"only members of {fields['club'].name} enter bots there")
        entry = bot_services.create_entry(club=fields["club"], owner=request.user, game=fields["game"],
                                          name=fields["name"], description=fields["description"],
                                          ladder=fields["ladder"], **data.version_source())
        return self.answer(entry, status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Change the description or whether the entry plays on the ladder (owner or director)."""
        entry = self.owned_or_directed(request, "change it")
        data = s.BotEntrySerializer(entry, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        bot_services.update_entry(entry, **data.validated_data)
        return self.answer(entry)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Delete an entry that has played no match (owner or director)."""
        bot_services.delete_entry(self.owned_or_directed(request, "delete it"))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(methods=["GET"], summary="The versions, newest first", request=None,
                   responses=s.BotVersionSerializer(many=True))
    @extend_schema(methods=["POST"], summary="Store a new version (owner)",
                   request={"application/json": s.NewBotVersionSerializer,
                            "multipart/form-data": s.NewBotVersionSerializer},
                   responses={201: s.BotVersionSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None, filter_backends=[])
    def versions(self, request: Request, pk: str | None = None) -> Response:
        """The versions, newest first; POST a new one (owner): ``strategy`` or ``file``, with
        ``note`` and ``activate`` (default true)."""
        if request.method == "GET":
            entry = self.get_object()
            versions = entry.versions.select_related("entry").order_by("-number")
            return Response(s.BotVersionSerializer(versions, many=True, context=self.get_serializer_context()).data)
        entry = self.owned(request)
        data = s.NewBotVersionSerializer(data=request.data, context={"request": request})
        data.is_valid(raise_exception=True)
        version = bot_services.add_version(entry, by=request.user, note=data.validated_data["note"],
                                           activate=data.validated_data["activate"], **data.version_source())
        return Response(s.BotVersionSerializer(BotVersion.objects.select_related("entry").get(pk=version.pk),
                                               context=self.get_serializer_context()).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(summary="A version's stored file (owner and staff); a strategy answers {strategy}",
                   parameters=[OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH,
                                                description="the version's number")],
                   responses={(200, "application/octet-stream"): OpenApiTypes.BINARY,
                              (200, "application/json"): OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], url_path=r"versions/(?P<number>[0-9]+)/code", filter_backends=[])
    def code(self, request: Request, pk: str | None = None, number: str = "") -> HttpResponse:
        """A version's uploaded file as it was stored (owner and staff)."""
        entry = self.owned(request)
        version = entry.versions.filter(number=int(number)).first() if len(number) < 10 else None
        if version is None:
            raise NotFound(f"{entry.player.name} has no version {number}")
        if not version.uploaded:
            return Response({"strategy": version.strategy})
        response = HttpResponse(bytes(version.code), content_type="application/octet-stream")
        response["Content-Disposition"] = content_disposition_header(True, safe_filename(version.filename, version.kind))
        return response

    @extend_schema(summary="Make a version the one new matches play (owner)", request=s.ActivateSerializer,
                   responses=s.BotEntrySerializer)
    @action(detail=True, methods=["post"])
    def activate(self, request: Request, pk: str | None = None) -> Response:
        """Make a version the one new matches play: ``{"version": N}`` (owner)."""
        entry = self.owned(request)
        bot_services.activate_version(entry, valid(s.ActivateSerializer, request)["version"])
        return self.answer(entry)

    @extend_schema(summary="The entry's matches with forfeit reasons and standard error (owner and staff)",
                   responses=s.BotRunSerializer(many=True))
    @action(detail=True, methods=["get"], filter_backends=[])
    def runs(self, request: Request, pk: str | None = None) -> Response:
        """The entry's matches, newest first, with forfeit reasons and standard error (owner)."""
        entry = self.owned(request)
        seats = (Seat.objects.filter(player=entry.player).select_related("match", "bot_version", "output")
                 .order_by("-match__played_at", "-match_id"))
        page = self.paginate_queryset(seats)
        return self.get_paginated_response(s.BotRunSerializer(page, many=True).data)


@extend_schema_view(
    list=extend_schema(summary="Ladders of the clubs one may see"),
    retrieve=extend_schema(summary="One ladder"),
    create=extend_schema(summary="Set up a club's ladder for a game (directors)"),
    partial_update=extend_schema(summary="Change a ladder's settings (directors); club, game and seed stay"),
    destroy=extend_schema(summary="Remove a ladder and its schedule; its matches stay (directors)"),
)
class LadderViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                    viewsets.ReadOnlyModelViewSet):
    """Ladders: a club's continuous rated bot play for one game. Directors set them up; the
    beat schedule runs them, and ``run`` schedules a round at once."""

    serializer_class = s.LadderSerializer
    filterset_fields = ["club__slug", "game", "enabled"]
    ordering_fields = ["created_at", "game"]
    http_method_names = METHODS

    def get_queryset(self) -> QuerySet[Ladder]:
        return Ladder.objects.filter(club__in=visible_clubs(self.request.user)).select_related("club").order_by("pk")

    def check_director(self, club: Club) -> None:
        require_director(self.request, club, "manage its ladders")

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_login(request)
        fields = valid(s.LadderSerializer, request)
        self.check_director(fields["club"])
        ladder = ladder_services.create_ladder(**fields)
        return Response(s.LadderSerializer(ladder).data, status=status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        ladder = self.get_object()
        self.check_director(ladder.club)
        data = s.LadderSerializer(ladder, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return Response(s.LadderSerializer(ladder_services.update_ladder(ladder, **data.validated_data)).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        ladder = self.get_object()
        self.check_director(ladder.club)
        ladder_services.delete_ladder(ladder)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(summary="Schedule a round now (directors): 202, its matches under matches_url", request=None,
                   responses={202: s.LadderRunSerializer})
    @action(detail=True, methods=["post"])
    def run(self, request: Request, pk: str | None = None) -> Response:
        """Schedule a round now (202); its matches appear under ``/api/matches/?ladder=ID``."""
        ladder = self.get_object()
        self.check_director(ladder.club)
        ladder_services.queue_round(ladder)
        url = request.build_absolute_uri(f"/api/matches/?ladder={ladder.pk}")
        return Response({"ladder": ladder.pk, "matches_url": url}, status=status.HTTP_202_ACCEPTED,
                        headers={"Location": url})


# -- long jobs -----------------------------------------------------------------------------------------

def job_accepted(request: Request, job: Job) -> Response:
    """202 with the job and its address to poll (also in ``Location``)."""
    job = Job.objects.get(pk=job.pk)
    body = s.JobSerializer(job, context={"request": request}).data
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


@extend_schema(tags=["ratings"], summary="Recompute a game's ratings from its rated matches (staff)", request=None,
               parameters=[OpenApiParameter("game", OpenApiTypes.STR, OpenApiParameter.PATH, enum=sorted(GAME_CLASSES),
                                            description="the game's slug")],
               description="A long job: 202 with the job, whose `url` (also in `Location`) is polled until its "
                           "`status` is `done` or `failed`. Ratings stay up to date by themselves; this rebuilds "
                           "them from scratch, as `manage.py recompute_ratings` does.",
               responses={202: s.JobSerializer})
@api_view(["POST"])
def recompute_ratings_view(request: Request, game: str) -> Response:
    require_staff(request, "recompute ratings")
    if game not in GAME_CLASSES:
        raise Missing(f"no game {game!r}; the games are {', '.join(sorted(GAME_CLASSES))}")
    return job_accepted(request, job_services.start_recompute(game, by=request.user))


@extend_schema_view(list=extend_schema(summary="One's jobs, newest first (everyone's for staff)"),
                    retrieve=extend_schema(summary="A job: poll it until it is done or failed"))
class JobViewSet(viewsets.ReadOnlyModelViewSet):
    """Long jobs started through the API, for whoever started them and staff."""

    serializer_class = s.JobSerializer
    permission_classes = [IsAuthenticated]
    filterset_fields = ["kind", "status"]
    ordering_fields = ["created_at", "id"]

    def get_queryset(self) -> QuerySet[Job]:
        jobs = Job.objects.order_by("-created_at", "-id")
        user = self.request.user
        return jobs if user.is_staff else jobs.filter(created_by=user) if user.is_authenticated else jobs.none()
