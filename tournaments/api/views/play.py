"""Playing on the board over the API: a reader's view of the turn, a seat's action, putting a
match on the board, and starting a casual game in a club. Every check is the play service's,
so the pages refuse what the API refuses, with the same message."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import replays
from tournaments.api import serializers as s
from tournaments.api.views.base import require_login, valid
from tournaments.api.views.matches import MatchViewSet
from tournaments.models import Match
from tournaments.selectors import visible_clubs
from tournaments.services import play

ACTION_EXAMPLE = OpenApiExample("Seat 0 chooses its token", request_only=True,
                                value={"seat": 0, "action": "3", "index": 4})
TURN_EXAMPLE = OpenApiExample(
    "A race: seat 0 has chosen, seat 1 not yet", response_only=True,
    value={"count": 4, "status": "in_progress", "to_move": [1], "chosen": [0], "legal": {"1": ["1", "3", "6"]},
           "forfeited": [], "clocks": {"remaining_ms": [281250, 300000], "running": [1], "at": 1796200000000,
                                       "increment_ms": 0},
           "last_by_me": False, "result": None})
START_EXAMPLE = OpenApiExample("A timed race between two members", request_only=True,
                               value={"game": "leapfrog_race", "players": [3, 5], "clock_seconds": 300})


class MatchPlayViewSet(MatchViewSet):
    """The board's routes of a match, found as the match resource finds it (404 or 403)."""

    def view_of(self, request: Request, match: Match) -> Response:
        match = Match.objects.select_related("club", "log").get(pk=match.pk)
        viewpoint = replays.view_of(match, request.user)
        return Response(play.play_view(match, viewpoint, user=request.user))

    @extend_schema(summary="The board as the caller may know it: whose decision it is, the caller's legal "
                           "actions, the clocks", responses=s.PlayViewSerializer, examples=[TURN_EXAMPLE],
                   description="404 for a match not played on the board. `legal` holds only the caller's own "
                               "seats (every seat for a director keeping score who does not sit at it); "
                               "`chosen` names the seats that have chosen this turn, never what.")
    def board_view(self, request: Request, pk: str | None = None) -> Response:
        return self.view_of(request, self.get_object())

    @extend_schema(summary="One seat's action on the board", request=s.ActionSerializer,
                   responses={201: s.PlayViewSerializer,
                              409: OpenApiResponse(description="`stale_index`, `match_finished`, `time_out`")},
                   description="The seat's player or a director acts; an action the rules refuse answers 400 with "
                               "the engine's code and message; a seat whose time ran out has forfeited (409 "
                               "`time_out`). Nothing is stored for a refused action.",
                   examples=[ACTION_EXAMPLE, TURN_EXAMPLE])
    def act(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        require_login(request)
        fields = valid(s.ActionSerializer, request)
        match = play.act(match, seat=fields["seat"], action=fields["action"], index=fields["index"],
                         user=request.user)
        response = self.view_of(request, match)
        response.status_code = status.HTTP_201_CREATED
        return response

    @extend_schema(summary="Put a scheduled or running match on the board", request=s.OpenBoardSerializer,
                   responses={201: s.PlayViewSerializer})
    def open_board(self, request: Request, pk: str | None = None) -> Response:
        match = self.get_object()
        require_login(request)
        play.open_live(match, by=request.user, **valid(s.OpenBoardSerializer, request))
        response = self.view_of(request, match)
        response.status_code = status.HTTP_201_CREATED
        return response


class ClubGamesView(APIView):
    """``POST /api/clubs/{slug}/games/``: start a casual game on the board."""

    @extend_schema(summary="Start a casual game played on the board (directors, or members who play in it)",
                   request=s.StartGameSerializer, responses={201: s.MatchSerializer}, examples=[START_EXAMPLE],
                   description="The setup is drawn from a fresh seed; the answer's `commitment` is its SHA-256, "
                               "the seed itself shows once the game ends. Rated as the club rates casual games "
                               "unless `rated` says otherwise (rating a game the club would not is a director's "
                               "choice).")
    def post(self, request: Request, slug: str) -> Response:
        club = get_object_or_404(visible_clubs(request.user), slug=slug)
        require_login(request)
        match = play.start_game(club=club, by=request.user, **valid(s.StartGameSerializer, request))
        match = Match.objects.select_related("log", "recorded_by").prefetch_related("seats__player").get(pk=match.pk)
        data = s.MatchSerializer(match, context={"request": request}).data
        return Response(data, status=status.HTTP_201_CREATED)
