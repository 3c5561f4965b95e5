"""The downloads of the tournament and player pages: TRF16, the standings and crosstable as
CSV, and the iCalendar feeds of rounds and of a player's scheduled matches. Each is found as
its page is (404 for those who may not see it) and holds what that page shows."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.http import content_disposition_header

from tournaments.errors import ServiceError
from tournaments.selectors import visible_players
from tournaments.services import exports
from tournaments.web.tournaments import visible_tournament


def download(file: exports.Download) -> HttpResponse:
    """A file to save, with its media type and name (RFC 6266)."""
    response = HttpResponse(file.content, content_type=file.content_type)
    response["Content-Disposition"] = content_disposition_header(True, file.filename)
    return response


def site_of(request: HttpRequest) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def tournament_trf(request: HttpRequest, pk: int) -> HttpResponse:
    found = visible_tournament(request, pk)
    try:
        return download(exports.trf_download(found))
    except ServiceError as error:
        return HttpResponse(error.message, status=error.status, content_type="text/plain; charset=utf-8")


def tournament_standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return download(exports.standings_download(visible_tournament(request, pk)))


def tournament_crosstable_csv(request: HttpRequest, pk: int) -> HttpResponse:
    return download(exports.crosstable_download(visible_tournament(request, pk)))


def tournament_rounds_ics(request: HttpRequest, pk: int) -> HttpResponse:
    return download(exports.rounds_download(visible_tournament(request, pk), site_of(request)))


def player_matches_ics(request: HttpRequest, pk: int) -> HttpResponse:
    found = visible_players(request.user).filter(pk=pk).first()
    if found is None:
        raise Http404("no such player")
    return download(exports.player_matches_download(found, request.user, site_of(request)))
