"""A player's page: ratings, matches and tournaments."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games.registry import get_game
from tournaments import charts
from tournaments.models import Seat
from tournaments.selectors import player_ratings, rating_history, visible_bots, visible_matches, visible_players
from tournaments.services.ratings import display
from tournaments.web.tournaments import match_summary


def player(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's rating in each game with its history chart, and recent matches."""
    found = visible_players(request.user).filter(pk=pk).first()
    if found is None:
        raise Http404("no such player")
    ratings = []
    for view in player_ratings(found):
        points = [charts.ChartPoint(display(row.mu_after), display(row.sigma_after),
                                    f"match {row.match_id}, {row.played_at:%Y-%m-%d}: "
                                    f"{display(row.mu_before):.0f} → {display(row.mu_after):.0f}",
                                    f"/matches/{row.match_id}/")
                  for row in rating_history(found, view.game)]
        if points:
            first = rating_history(found, view.game).first()
            points.insert(0, charts.ChartPoint(display(first.mu_before), display(first.sigma_before), "before"))
        chart = charts.rating_chart(points, label=f"{found.name}: {view.game} rating")
        ratings.append({"view": view, "title": get_game(view.game).title, "chart": mark_safe(chart)})
    seats = (Seat.objects.filter(player=found, match__in=visible_matches(request.user), match__challenge__isnull=True)
             .select_related("match").prefetch_related("match__seats__player")
             .order_by("-match__played_at", "-match_id"))
    page = Paginator(seats, 25).get_page(request.GET.get("page"))
    entry = visible_bots(request.user).filter(player=found).first()
    context = {"player": found, "ratings": ratings, "page": page, "entry": entry,
               "matches": [match_summary(seat.match) | {"game": seat.match.game, "played_at": seat.match.played_at,
                                                        "rank": seat.rank}
                           for seat in page.object_list]}
    return render(request, "tournaments/site/player.html", context)
