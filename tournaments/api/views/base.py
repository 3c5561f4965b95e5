"""What every API view shares: the methods offered, the permission checks that answer 401 or 403,
and the request body checked by a serializer."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.request import Request

from games.errors import UnknownGameError
from games.registry import require_game
from tournaments.errors import Missing
from tournaments.models import Club
from tournaments.services.exports import Download
from tournaments.selectors import is_director


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


def known_game(slug: str) -> str:
    """The game's slug, or 404 in the API's error shape naming the known games."""
    try:
        return require_game(slug)
    except UnknownGameError as error:
        raise Missing(str(error)) from None


def require_staff(request: Request, doing: str) -> None:
    require_login(request)
    if not request.user.is_staff:
        raise PermissionDenied(f"only staff {doing}")


def valid(serializer_class: type, request: Request, **kwargs: Any) -> dict[str, Any]:
    """The request body checked by ``serializer_class``: its validated data, or a 400."""
    data = serializer_class(data=request.data, **{"context": {"request": request}, **kwargs})
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


def download(file: Download) -> HttpResponse:
    """A file to save (TRF16, CSV, iCalendar) with its media type and name (RFC 6266)."""
    response = HttpResponse(file.content, content_type=file.content_type)
    response["Content-Disposition"] = content_disposition_header(True, file.filename)
    return response


def site_of(request: Request) -> str:
    """``https://host``: what the links and the calendar UIDs of a download start with."""
    return request.build_absolute_uri("/").rstrip("/")
