"""The clubs: the list of those one may see, and a club's page with its tournaments and players."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Match
from tournaments.selectors import visible_clubs, visible_matches


def club_list(request: HttpRequest) -> HttpResponse:
    """The clubs one may see (public ones, one's own), with their players and tournaments counted."""
    clubs = (visible_clubs(request.user)
             .annotate(player_count=Count("players", distinct=True),
                       tournament_count=Count("tournaments", distinct=True),
                       mine=Count("memberships", filter=Q(memberships__user_id=request.user.pk), distinct=True))
             .order_by("name"))
    return render(request, "tournaments/site/clubs.html", {"clubs": clubs})


def club(request: HttpRequest, slug: str) -> HttpResponse:
    found = visible_clubs(request.user).filter(slug=slug).first()
    if found is None:
        raise Http404("no such club")
    matches = (visible_matches(request.user).filter(club=found).exclude(status=Match.Status.SCHEDULED)
               .prefetch_related("seats__player").order_by("-played_at", "-id")[:20])
    context = {
        "club": found,
        "tournaments": found.tournaments.order_by("-created_at"),
        "players": found.players.order_by("kind", "name"),
        "matches": matches,
        "ladders": found.ladders.filter(enabled=True).order_by("game"),
    }
    return render(request, "tournaments/site/club.html", context)
