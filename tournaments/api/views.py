"""API views: parse, check permissions, call a service, answer. Nothing more."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action, api_view, authentication_classes, permission_classes
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.logs import LogError, parse_body, verify_log
from tournaments import replays
from tournaments.api import serializers as s
from tournaments.errors import Conflict, InvalidInput, Missing
from tournaments.models import BotEntry, BotVersion, Club, Ladder, Match, Membership, Player, Seat, Tournament
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
from tournaments.services import bots as bot_services
from tournaments.services import clubs as club_services
from tournaments.services import ladders as ladder_services
from tournaments.services import matches as match_services
from tournaments.services import tournaments as tournament_services
from tournaments.tasks import advance_tournament, run_ladder


def require_login(request: Request) -> None:
    if not request.user.is_authenticated:
        raise NotAuthenticated()


class ClubViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Clubs: public ones and one's own. Anyone logged in may found a club and direct it."""

    serializer_class = s.ClubSerializer
    lookup_field = "slug"
    filterset_fields = ["public"]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self) -> QuerySet[Club]:
        return visible_clubs(self.request.user).order_by("name")

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()
        if self.request.user.is_authenticated:
            context["roles"] = dict(Membership.objects.filter(user=self.request.user).values_list("club_id", "role"))
        return context

    def perform_create(self, serializer: s.ClubSerializer) -> None:
        serializer.instance = club_services.create_club(director=self.request.user, **serializer.validated_data)


class PlayerViewSet(viewsets.ModelViewSet):
    """Players of the clubs one may see; directors manage their club's players."""

    serializer_class = s.PlayerSerializer
    filterset_fields = ["club__slug", "kind"]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self) -> QuerySet[Player]:
        return visible_players(self.request.user).order_by("club__name", "name")

    def check_director(self, club: Club) -> None:
        require_login(self.request)
        if not is_director(self.request.user, club):
            raise PermissionDenied(f"only directors of {club.name} manage its players")

    def perform_create(self, serializer: s.PlayerSerializer) -> None:
        self.check_director(serializer.validated_data["club"])
        self.save(serializer)

    def perform_update(self, serializer: s.PlayerSerializer) -> None:
        self.check_director(serializer.instance.club)
        if "club" in serializer.validated_data and serializer.validated_data["club"] != serializer.instance.club:
            raise InvalidInput("a player cannot move to another club", fields={"club": ["cannot change"]})
        self.save(serializer)

    def save(self, serializer: s.PlayerSerializer) -> None:
        try:
            with transaction.atomic():
                serializer.save()
        except IntegrityError:
            raise InvalidInput("the club already has a player of that name",
                               fields={"name": ["already taken in this club"]}) from None

    def perform_destroy(self, instance: Player) -> None:
        self.check_director(instance.club)
        if instance.seats.exists():
            raise InvalidInput(f"{instance.name} has played matches and cannot be deleted", code="in_use")
        instance.delete()


class MatchViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Matches: upload a finished log, or create one and log it move by move."""

    filterset_fields = ["club__slug", "game", "status", "tournament", "ladder", "rated"]
    ordering_fields = ["played_at", "id"]

    def get_queryset(self) -> QuerySet[Match]:
        matches = visible_matches(self.request.user)
        if self.action == "list":
            return matches.prefetch_related("seats__player")
        return matches.select_related("log", "recorded_by").prefetch_related("seats__player")

    def get_serializer_class(self) -> type:
        return s.MatchListSerializer if self.action == "list" else s.MatchSerializer

    def get_object(self) -> Match:
        """A match one may read; 403 when one may not, 404 when its club is private to one."""
        try:
            return super().get_object()
        except Http404:
            match = Match.objects.select_related("club").filter(pk=self.kwargs.get("pk")).first()
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
        match = self.get_queryset().get(pk=match.pk)
        return Response(s.MatchSerializer(match, context=self.get_serializer_context()).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    def check_may_log(self, club: Club, players: list[Player]) -> None:
        """Directors log any of their club's games; members only games they sit in."""
        user = self.request.user
        if is_director(user, club):
            return
        if is_member(user, club) and any(player.user_id == user.pk for player in players):
            return
        raise PermissionDenied(f"only directors of {club.name}, or members who sit in the match, may log it")

    def create_live(self, request: Request) -> Match:
        data = s.LiveMatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        self.check_may_log(fields["club"], fields["players"])
        return match_services.create_match(recorded_by=request.user, **fields)

    def upload(self, request: Request) -> Match:
        data = s.UploadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
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
        match = self.get_queryset().get(pk=match.pk)
        return Response(s.MatchSerializer(match, context=self.get_serializer_context()).data, status=code)

    @action(detail=True, methods=["post"])
    def moves(self, request: Request, pk: str | None = None) -> Response:
        """Append one move: ``{"move": "...", "index": N}``, N the moves already logged."""
        match = self.logged(request)
        data = s.MoveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = match_services.append_move(match, **data.validated_data)
        return self.answer(match, status.HTTP_201_CREATED)

    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: str | None = None) -> Response:
        """Take back the last move: ``{"index": N}`` (optional, the moves as you saw them)."""
        match = self.logged(request)
        data = s.IndexSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self.answer(match_services.undo_last_move(match, **data.validated_data))

    @action(detail=True, methods=["post"])
    def forfeit(self, request: Request, pk: str | None = None) -> Response:
        """A seat leaves: ``{"seat": S, "reason": "...", "index": N}``."""
        match = self.logged(request)
        data = s.ForfeitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self.answer(match_services.record_forfeit(match, **data.validated_data))

    @action(detail=True, methods=["post"])
    def void(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        require_login(request)
        if not is_director(request.user, match.club):
            raise PermissionDenied(f"only directors of {match.club.name} may void its matches")
        return self.answer(match_services.void_match(match))

    @action(detail=True, methods=["get"])
    def log(self, request: Request, pk: str | None = None) -> Response:
        """The match as a log envelope, which ``verify_log`` accepts offline."""
        return Response(match_envelope(self.get_object()))

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


@extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
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


class TournamentViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Tournaments: directors create them, register entrants, start them and publish rounds;
    everyone who may see the club reads standings, crosstable and progress."""

    serializer_class = s.TournamentSerializer
    filterset_fields = ["club__slug", "game", "format", "status", "bots"]
    ordering_fields = ["created_at", "name"]

    def get_queryset(self) -> QuerySet[Tournament]:
        return (Tournament.objects.filter(club__in=visible_clubs(self.request.user))
                .select_related("club").prefetch_related("entrants__player").order_by("-created_at"))

    def directed(self, request: Request) -> Tournament:
        tournament = self.get_object()
        require_login(request)
        if not is_director(request.user, tournament.club):
            raise PermissionDenied(f"only directors of {tournament.club.name} run its tournaments")
        return tournament

    def answer(self, tournament: Tournament, code: int = status.HTTP_200_OK) -> Response:
        tournament = self.get_queryset().get(pk=tournament.pk)
        return Response(s.TournamentSerializer(tournament, context=self.get_serializer_context()).data, status=code)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_login(request)
        data = s.TournamentSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        if not is_director(request.user, fields["club"]):
            raise PermissionDenied(f"only directors of {fields['club'].name} create its tournaments")
        tournament = tournament_services.create_tournament(created_by=request.user, **fields)
        return self.answer(tournament, status.HTTP_201_CREATED)

    @action(detail=True, methods=["post"])
    def entrants(self, request: Request, pk: str | None = None) -> Response:
        """Register a player: ``{"player": id}`` (late entries join the next round)."""
        tournament = self.directed(request)
        data = s.RegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament_services.register(tournament, data.validated_data["player"])
        return self.answer(tournament, status.HTTP_201_CREATED)

    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        """Withdraw an entrant: ``{"entrant": id}``; its games stand, no more pairings."""
        tournament = self.directed(request)
        data = s.WithdrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entrant = tournament.entrants.filter(pk=data.validated_data["entrant"]).first()
        if entrant is None:
            raise InvalidInput("no such entrant in this tournament", fields={"entrant": ["unknown"]})
        tournament_services.withdraw(entrant)
        return self.answer(tournament)

    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str | None = None) -> Response:
        """Close registration. A bot tournament then runs on the workers (202: poll
        ``progress``); a people's tournament gets its first round proposed."""
        tournament = tournament_services.start(self.directed(request))
        if tournament.bots:
            advance_tournament.delay(tournament.pk)
            url = request.build_absolute_uri(f"/api/tournaments/{tournament.pk}/progress/")
            body = {**s.progress_of(Tournament.objects.get(pk=tournament.pk)), "progress_url": url}
            return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})
        tournament_services.advance(tournament.pk)
        return self.answer(tournament)

    @action(detail=True, methods=["post"])
    def pair(self, request: Request, pk: str | None = None) -> Response:
        """Propose the next round once the current one is decided (people's tournaments)."""
        tournament = self.directed(request)
        if tournament_services.pending(tournament):
            raise Conflict("the current round still has games to play or to publish", code="round_in_progress")
        tournament_services.advance(tournament.pk)
        return self.answer(tournament)

    @action(detail=True, methods=["post"])
    def publish(self, request: Request, pk: str | None = None) -> Response:
        """Publish the proposed round, as proposed or with ``{"games": [{"seats": [...]}, ...]}``."""
        tournament = self.directed(request)
        data = s.PublishSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament_services.publish_proposed(tournament, data.validated_data.get("games"))
        return self.answer(tournament)

    @action(detail=True, methods=["get"])
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        tournament = self.get_object()
        rounds = []
        for round_ in tournament.rounds.order_by("number").prefetch_related("matches__seats__player", "byes"):
            rounds.append({
                "number": round_.number, "status": round_.status, "proposal": round_.proposal,
                "matches": s.MatchListSerializer(round_.matches.order_by("pairing", "game_number"), many=True,
                                                 context=self.get_serializer_context()).data,
                "byes": [bye.entrant_id for bye in round_.byes.all()]})
        return Response(rounds)

    @action(detail=True, methods=["get"])
    def standings(self, request: Request, pk: str | None = None) -> Response:
        return Response(tournament_services.compute_standings(self.get_object()))

    @action(detail=True, methods=["get"])
    def crosstable(self, request: Request, pk: str | None = None) -> Response:
        return Response(tournament_services.crosstable(self.get_object()))

    @action(detail=True, methods=["get"])
    def progress(self, request: Request, pk: str | None = None) -> Response:
        return Response(s.progress_of(self.get_object()))


class BotEntryViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, mixins.DestroyModelMixin,
                      viewsets.ReadOnlyModelViewSet):
    """Bot entries: a club's members create them (a built-in strategy or an uploaded program)
    and upload versions; everyone who may see the club reads their record. Code and standard
    error are for the owner and staff alone."""

    serializer_class = s.BotEntrySerializer
    filterset_fields = ["game", "player__club__slug", "ladder", "owner"]
    ordering_fields = ["created_at", "player__name"]

    def get_queryset(self) -> QuerySet[BotEntry]:
        return visible_bots(self.request.user).order_by("game", "player__name")

    def owned(self, request: Request) -> BotEntry:
        entry = self.get_object()
        require_login(request)
        if not owns_bot(request.user, entry):
            raise PermissionDenied(f"only the owner of {entry.player.name} may do this")
        return entry

    def answer(self, entry: BotEntry, code: int = status.HTTP_200_OK) -> Response:
        return Response(s.BotEntrySerializer(self.get_queryset().get(pk=entry.pk)).data, status=code)

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Create an entry with its first version: ``club``, ``name``, ``game``, ``description``
        and ``strategy`` (JSON) or ``file`` (multipart)."""
        require_login(request)
        data = s.NewBotEntrySerializer(data=request.data)
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
        entry = self.get_object()
        require_login(request)
        if not (owns_bot(request.user, entry) or is_director(request.user, entry.player.club)):
            raise PermissionDenied(f"only the owner of {entry.player.name} or a director may change it")
        data = s.BotEntrySerializer(entry, data=request.data, partial=kwargs.get("partial", False))
        data.is_valid(raise_exception=True)
        data.save()
        return self.answer(entry)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Delete an entry that has played no match (owner or director)."""
        entry = self.get_object()
        require_login(request)
        if not (owns_bot(request.user, entry) or is_director(request.user, entry.player.club)):
            raise PermissionDenied(f"only the owner of {entry.player.name} or a director may delete it")
        bot_services.delete_entry(entry)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @action(detail=True, methods=["get", "post"])
    def versions(self, request: Request, pk: str | None = None) -> Response:
        """The versions, newest first; POST a new one (owner): ``strategy`` or ``file``, with
        ``note`` and ``activate`` (default true)."""
        if request.method == "GET":
            entry = self.get_object()
            versions = entry.versions.select_related("entry").order_by("-number")
            return Response(s.BotVersionSerializer(versions, many=True).data)
        entry = self.owned(request)
        data = s.NewBotVersionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        version = bot_services.add_version(entry, by=request.user, note=data.validated_data["note"],
                                           activate=data.validated_data["activate"], **data.version_source())
        return Response(s.BotVersionSerializer(BotVersion.objects.select_related("entry").get(pk=version.pk)).data,
                        status=status.HTTP_201_CREATED)

    @action(detail=True, methods=["get"], url_path=r"versions/(?P<number>[0-9]+)/code")
    def code(self, request: Request, pk: str | None = None, number: str = "") -> HttpResponse:
        """A version's uploaded file as it was stored (owner and staff)."""
        entry = self.owned(request)
        version = entry.versions.filter(number=int(number)).first()
        if version is None:
            raise NotFound(f"{entry.player.name} has no version {number}")
        if not version.uploaded:
            return Response({"strategy": version.strategy})
        response = HttpResponse(bytes(version.code), content_type="application/octet-stream")
        response["Content-Disposition"] = f'attachment; filename="{version.filename}"'
        return response

    @action(detail=True, methods=["post"])
    def activate(self, request: Request, pk: str | None = None) -> Response:
        """Make a version the one new matches play: ``{"version": N}`` (owner)."""
        entry = self.owned(request)
        data = s.ActivateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        bot_services.activate_version(entry, data.validated_data["version"])
        return self.answer(entry)

    @action(detail=True, methods=["get"])
    def runs(self, request: Request, pk: str | None = None) -> Response:
        """The entry's matches, newest first, with forfeit reasons and standard error (owner)."""
        entry = self.owned(request)
        seats = (Seat.objects.filter(player=entry.player).select_related("match", "bot_version", "output")
                 .order_by("-match__played_at", "-match_id"))
        page = self.paginate_queryset(seats)
        return self.get_paginated_response(s.BotRunSerializer(page, many=True).data)


class LadderViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Ladders: a club's continuous rated bot play for one game. Directors set them up; the
    beat schedule runs them, and ``run`` schedules a round at once."""

    serializer_class = s.LadderSerializer
    filterset_fields = ["club__slug", "game", "enabled"]

    def get_queryset(self) -> QuerySet[Ladder]:
        return Ladder.objects.filter(club__in=visible_clubs(self.request.user)).select_related("club").order_by("pk")

    def check_director(self, club: Club) -> None:
        require_login(self.request)
        if not is_director(self.request.user, club):
            raise PermissionDenied(f"only directors of {club.name} manage its ladders")

    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        require_login(request)
        data = s.LadderSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        self.check_director(data.validated_data["club"])
        ladder = ladder_services.create_ladder(**data.validated_data)
        return Response(s.LadderSerializer(ladder).data, status=status.HTTP_201_CREATED)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        ladder = self.get_object()
        self.check_director(ladder.club)
        data = s.LadderSerializer(ladder, data=request.data, partial=kwargs.get("partial", False))
        data.is_valid(raise_exception=True)
        changes = {key: value for key, value in data.validated_data.items() if key in ladder_services.LADDER_FIELDS}
        fixed = sorted(key for key in data.validated_data if key in ("club", "game", "seed")
                       and data.validated_data[key] != getattr(ladder, key))
        if fixed:
            raise InvalidInput(f"a ladder's {fixed[0]} cannot change", fields={fixed[0]: ["cannot change"]})
        return Response(s.LadderSerializer(ladder_services.update_ladder(ladder, **changes)).data)

    @action(detail=True, methods=["post"])
    def run(self, request: Request, pk: str | None = None) -> Response:
        """Schedule a round now (202); its matches appear under ``/api/matches/?ladder=ID``."""
        ladder = self.get_object()
        self.check_director(ladder.club)
        run_ladder.delay(ladder.pk)
        url = request.build_absolute_uri(f"/api/matches/?ladder={ladder.pk}")
        return Response({"ladder": ladder.pk, "matches_url": url}, status=status.HTTP_202_ACCEPTED,
                        headers={"Location": url})
