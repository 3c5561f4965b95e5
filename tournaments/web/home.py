"""The home page: the games, and the tournaments one may see."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Tournament
from tournaments.selectors import visible_clubs
from tournaments.web.base import games_list, visible_tournaments


def home(request: HttpRequest) -> HttpResponse:
    """Clubs, running and recent tournaments, and the four games."""
    tournaments = visible_tournaments(request)
    context = {
        "clubs": visible_clubs(request.user).order_by("name"),
        "running": tournaments.filter(status=Tournament.Status.RUNNING).order_by("-created_at")[:20],
        "recent": tournaments.filter(status=Tournament.Status.FINISHED).order_by("-updated_at")[:20],
        "games": games_list(),
    }
    return render(request, "tournaments/site/home.html", context)
