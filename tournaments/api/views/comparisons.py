"""Two matches compared: ``GET /api/matches/{a}/compare/{b}/``, the first move where they
part (as the caller may see both), for the comparison page's readers and reruns' checkers."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import comparisons
from tournaments.errors import Missing
from tournaments.models import Match
from tournaments.selectors import visible_matches

EXAMPLE = OpenApiExample("Two races that part at the fourth move", response_only=True, value={
    "a": {"id": 12, "game": "leapfrog_race", "options": {}, "status": "finished", "seats": 2, "moves": 18,
          "url": "/api/matches/12/", "page": "/matches/12/"},
    "b": {"id": 15, "game": "leapfrog_race", "options": {}, "status": "finished", "seats": 2, "moves": 18,
          "url": "/api/matches/15/", "page": "/matches/15/"},
    "comparable": True, "reason": "", "identical": False, "same_setup": True,
    "first_difference": {"index": 3, "a": "R4 Y4 G4 B4 O4 P4", "b": "R5 Y5 G5 B5 O5 P5"},
    "page": "/matches/12/compare/15/"})


def readable(request: Request, pk: int) -> Match:
    found = visible_matches(request.user).filter(pk=pk).select_related("log", "club").first()
    if found is None:
        raise Missing(f"no such match: #{pk}")
    return found


class MatchCompareView(APIView):
    """Both matches must be readable by the caller (404 otherwise, as for one match)."""

    permission_classes = [AllowAny]

    @extend_schema(summary="Two matches compared move by move: where they first differ",
                   description="`first_difference` is `{index, a, b}` (the move index from 0 and each side's "
                               "move there, `null` for a side that has ended) or `null` when the move lists are "
                               "the same. The moves compared are those the caller's move list shows (a hidden card "
                               "stays hidden). `comparable` is false, with the `reason`, for matches of different "
                               "games, options or seat counts; `same_setup` is `null` unless the caller sees both "
                               "setups whole; `identical` is true for the same moves (and setups, where seen).",
                   responses=OpenApiTypes.OBJECT, examples=[EXAMPLE], tags=["matches"])
    def get(self, request: Request, a: int, b: int) -> Response:
        return Response(comparisons.compare(readable(request, a), readable(request, b), request.user).as_dict())
