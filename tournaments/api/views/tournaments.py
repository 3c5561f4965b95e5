"""The tournaments and rounds resources: entrants, seeding, pairing, standings and rounds."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import cache
from tournaments.api import serializers as s
from tournaments.api.etags import cached_answer
from tournaments.api.views.base import METHODS, download, require_director, require_login, site_of, valid
from tournaments.errors import Forbidden, InvalidInput, Missing
from tournaments.models import Match, Round, Tournament
from tournaments.selectors import is_director, role_in, visible_rounds, visible_tournaments
from tournaments.services import checkins as checkin_services
from tournaments.services import exports
from tournaments.services import tournaments as tournament_services


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
        tournaments = visible_tournaments(self.request.user).order_by("-created_at")
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

    @extend_schema(summary="Check an entrant in for the next round (directors, or the entrant's own member)",
                   description="Open once the current round is complete, until the round is paired; a member "
                               "checks in their own entrant until the round's check-in deadline. Again: no change.",
                   request=s.CheckInSerializer, responses=s.RoundSerializer)
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str | None = None) -> Response:
        """``{"entrant": id}``: present for the next round."""
        require_login(request)
        tournament = self.get_object()
        if role_in(request.user, tournament.club) is None and not is_director(request.user, tournament.club):
            raise Forbidden(f"only members of {tournament.club.name} check in for its tournaments")
        entrant = tournament.entrants.select_related("player").filter(
            pk=valid(s.CheckInSerializer, request)["entrant"]).first()
        if entrant is None:
            raise Missing("no such entrant in this tournament", fields={"entrant": ["unknown"]})
        if is_director(request.user, tournament.club):
            found = checkin_services.check_in(entrant, at_desk=True)
        else:
            found = checkin_services.check_in_self(tournament, request.user, entrant)
        return self.round_answer(found.round)

    @extend_schema(summary="Set a round's start, check-in deadline and deadline (directors)",
                   request=s.RoundTimesSerializer, responses=s.RoundSerializer,
                   examples=[OpenApiExample("Check-in until 19:15", request_only=True,
                                            value={"check_in_deadline": "2026-05-01T19:15:00+02:00",
                                                   "starts_at": "2026-05-01T19:30:00+02:00"})])
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]{1,4})/times")
    def round_times(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        """The next round's or a published round's times; ``null`` clears one."""
        tournament = self.directed(request)
        round_ = checkin_services.set_round_times(tournament, number=int(number),
                                                  **valid(s.RoundTimesSerializer, request))
        return self.round_answer(round_)

    @extend_schema(summary="Forfeit every unfinished game of a round after its deadline (directors)",
                   description="Both seats of each unfinished game forfeit (each loses; not rated), the reason "
                               "naming the deadline. 409 before the deadline or without one.",
                   request=None, responses=s.RoundSerializer)
    @action(detail=True, methods=["post"], url_path=r"rounds/(?P<number>[0-9]{1,4})/forfeit-unfinished")
    def forfeit_unfinished(self, request: Request, pk: str | None = None, number: str = "") -> Response:
        tournament = self.directed(request)
        checkin_services.forfeit_unfinished(tournament, number=int(number))
        return self.round_answer(tournament.rounds.get(number=int(number)))

    def round_answer(self, round_: Round) -> Response:
        found = with_matches(Round.objects.filter(pk=round_.pk)).get()
        return Response(s.RoundSerializer(found, context=self.get_serializer_context()).data)

    @extend_schema(summary="The tournament's rounds, first first, with their matches and byes",
                   responses=s.RoundSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        rounds = with_matches(Round.objects.filter(tournament=self.get_object())).order_by("number")
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

    # The downloads (docs/exports.md), routed in tournaments/api/urls.py as files with suffixes.

    @extend_schema(operation_id="tournaments_export_trf", summary="The tournament as a FIDE TRF16 report",
                   description="Two-seat formats with one game per entrant a round (Swiss, round robin, double "
                               "round robin, single elimination); others answer 409 `no_trf`.",
                   responses={(200, "text/plain"): OpenApiTypes.STR})
    def export_trf(self, request: Request, pk: str | None = None) -> HttpResponse:
        return download(exports.trf_download(self.get_object()))

    @extend_schema(operation_id="tournaments_standings_csv", summary="The standings as CSV, tie-breaks included",
                   responses={(200, "text/csv"): OpenApiTypes.STR})
    def standings_csv(self, request: Request, pk: str | None = None) -> HttpResponse:
        return download(exports.standings_download(self.get_object()))

    @extend_schema(operation_id="tournaments_crosstable_csv", summary="The crosstable as CSV",
                   responses={(200, "text/csv"): OpenApiTypes.STR})
    def crosstable_csv(self, request: Request, pk: str | None = None) -> HttpResponse:
        return download(exports.crosstable_download(self.get_object()))

    @extend_schema(operation_id="tournaments_rounds_ics", summary="The rounds with a start time as an iCalendar feed",
                   responses={(200, "text/calendar"): OpenApiTypes.STR})
    def rounds_ics(self, request: Request, pk: str | None = None) -> HttpResponse:
        return download(exports.rounds_download(self.get_object(), site_of(request)))


def with_matches(rounds: QuerySet[Round]) -> QuerySet[Round]:
    """Rounds with their matches (seats, players, bot versions) and byes, fetched at once."""
    matches = Match.objects.prefetch_related("seats__player", "seats__bot_version").select_related("club")
    return rounds.prefetch_related(Prefetch("matches", queryset=matches), "byes", "check_ins")


@extend_schema_view(list=extend_schema(summary="Rounds of the tournaments one may see"),
                    retrieve=extend_schema(summary="One round with its matches and byes"))
class RoundViewSet(viewsets.ReadOnlyModelViewSet):
    """Tournament rounds: proposed, published or complete, with their matches and byes."""

    serializer_class = s.RoundSerializer
    filterset_fields = ["tournament", "status"]
    ordering_fields = ["number", "id"]

    def get_queryset(self) -> QuerySet[Round]:
        return with_matches(visible_rounds(self.request.user)).order_by("tournament_id", "number")
