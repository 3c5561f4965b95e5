"""The public pages (HTML): home, clubs, tournaments, players, leaderboards, the replay viewer
and the games' rules (``docs/pages.md``).

Thin like the API: the selectors decide who sees what (a private club's pages are unknown,
404, to those outside it), the services compute standings, the engines draw positions.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import markdown
from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games.base import Game
from games.errors import GameError
from games.registry import all_games, get_game
from tournaments import charts, replays
from tournaments.models import Match, Player, Seat, SeatRating, Tournament
from tournaments.selectors import (
    RatingView,
    leaderboard,
    player_ratings,
    rating_history,
    visible_bots,
    visible_clubs,
    visible_matches,
    visible_players,
)
from tournaments.services.ratings import display
from tournaments.services.tournaments import compute_standings, crosstable, settings_of

TIEBREAK_NAMES = {"buchholz": "Buchholz", "buchholz_cut1": "Buchholz cut 1",
                  "sonneborn_berger": "Sonneborn-Berger", "head_to_head": "head to head", "wins": "wins",
                  "game_score": "game score"}
#: Leaderboard columns one may sort by: the key of each row, and whether larger comes first.
LEADERBOARD_SORTS = {"rank": ("rank", False), "rating": ("rating", True), "deviation": ("deviation", False),
                     "games": ("games", True), "name": ("name", False), "club": ("club", False)}
LEADERBOARD_ROWS = 500
TREND_POINTS = 20
#: Polling while a tournament runs: bots play fast, people slowly.
POLL_SECONDS = {True: 2, False: 30}


def games_list() -> list[dict[str, Any]]:
    return [{"slug": game.slug, "title": game.title, "players": seats_text(game.min_players, game.max_players),
             "summary": game_summary(game.slug)} for game in all_games()]


def seats_text(low: int, high: int) -> str:
    """``2 players``, ``1–6 players``."""
    return f"{low} players" if low == high else f"{low}–{high} players"


def hides_information(slug: str) -> bool:
    """Whether a live game hides something from spectators (hands of cards) that its own
    seats see: the games whose moves a spectator reads with parts left out."""
    return type(get_game(slug)).public_moves is not Game.public_moves


@lru_cache(maxsize=8)
def game_summary(slug: str) -> str:
    """The first paragraph of the game's page in the docs, for the home page: its first two
    sentences, their Markdown (emphasis, code) rendered."""
    text = (settings.BASE_DIR / "docs" / "games" / f"{slug}.md").read_text(encoding="utf-8")
    paragraph = text.split("\n\n")[1]
    sentences = re.split(r"(?<=[a-z0-9)*]\.) (?=[A-Z*])", " ".join(paragraph.split()))
    html = markdown.markdown(" ".join(sentences[:2]), output_format="html")
    return mark_safe(html.removeprefix("<p>").removesuffix("</p>"))


def visible_tournaments(request: HttpRequest) -> Any:
    return Tournament.objects.filter(club__in=visible_clubs(request.user)).select_related("club")


# -- home and clubs -----------------------------------------------------------------------------------

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


# -- tournaments --------------------------------------------------------------------------------------

def progress_of(tournament: Tournament, done: int | None = None) -> dict[str, Any]:
    """How far a tournament has come: the matches played of all it will have (counted over the
    whole tournament from its first round where the format knows them, see
    ``refresh_progress``). ``done`` is the count of finished matches a page shows beside it,
    so that the two agree; without it, the stored count."""
    done = tournament.matches_done if done is None else done
    total = max(tournament.matches_total, done)
    if tournament.status == Tournament.Status.FINISHED:
        fraction = 1.0
    elif tournament.status == Tournament.Status.REGISTRATION or not total:
        fraction = 0.0
    else:
        fraction = done / total
    return {"percent": round(fraction * 100), "done": done, "total": total,
            "round": tournament.current_round, "rounds": tournament.total_rounds,
            "running": tournament.status == Tournament.Status.RUNNING,
            "poll": POLL_SECONDS[tournament.bots]}


def half_points(value: float) -> str:
    """``1½``, ``½``, ``2``: points as a crosstable writes them."""
    whole, rest = divmod(round(value * 2), 2)
    if rest:
        return f"{whole}½" if whole else "½"
    return str(whole)


def crosstable_rows(tournament: Tournament) -> dict[str, Any]:
    table = crosstable(tournament)
    entrants = table["entrants"]
    rows = []
    for entrant in entrants:
        line = table["rows"].get(str(entrant["id"]), {})
        cells = []
        for column in entrants:
            if column["id"] == entrant["id"]:
                cells.append({"self": True, "text": ""})
            else:
                scores = line.get(str(column["id"]), [])
                cells.append({"self": False, "text": " ".join(half_points(score) for score in scores)})
        rows.append({"name": entrant["name"], "cells": cells})
    return {"entrants": entrants, "rows": rows}


def tournament_live(tournament: Tournament) -> dict[str, Any]:
    """What the tournament page refreshes while the tournament runs: progress, standings,
    crosstable, rounds."""
    if tournament.status == Tournament.Status.FINISHED and tournament.standings:
        standings = tournament.standings
    else:
        standings = compute_standings(tournament)
    tiebreaks = list(settings_of(tournament).tiebreaks)
    for row in standings:
        row["tiebreak_values"] = [row["tiebreaks"].get(name) for name in tiebreaks]
    entrants = list(tournament.entrants.select_related("player"))
    names = {entrant.pk: entrant.player.name for entrant in entrants}
    players = {entrant.pk: entrant.player_id for entrant in entrants}
    for row in standings:
        row["player_id"] = players.get(row.get("entrant_id"))
    rounds = []
    played = 0
    for round_ in tournament.rounds.order_by("number").prefetch_related("matches__seats__player", "byes"):
        matches = [match for match in round_.matches.all() if match.status != Match.Status.VOID]
        matches.sort(key=lambda match: (match.bracket, match.pairing, match.game_number))
        played += sum(match.status == Match.Status.FINISHED for match in matches)
        rounds.append({"number": round_.number, "status": round_.get_status_display(),
                       "matches": [match_summary(match) for match in matches],
                       "byes": [names.get(bye.entrant_id, "?") for bye in round_.byes.all()]})
    return {"tournament": tournament, "progress": progress_of(tournament, done=played), "standings": standings,
            "tiebreaks": [TIEBREAK_NAMES.get(name, name) for name in tiebreaks],
            "crosstable": crosstable_rows(tournament), "rounds": rounds}


def match_summary(match: Match) -> dict[str, Any]:
    seats = sorted(match.seats.all(), key=lambda seat: seat.index)
    return {"id": match.pk, "status": match.status, "status_text": match.get_status_display(),
            "bracket": match.bracket, "pairing": match.pairing, "game_number": match.game_number,
            "seats": [{"name": seat.player.name, "player_id": seat.player_id, "rank": seat.rank,
                       "score": seat.score, "forfeit": seat.forfeit_reason, "first": seat.rank == 1}
                      for seat in seats]}


def visible_tournament(request: HttpRequest, pk: int) -> Tournament:
    found = visible_tournaments(request).filter(pk=pk).first()
    if found is None:
        raise Http404("no such tournament")
    return found


def tournament(request: HttpRequest, pk: int) -> HttpResponse:
    found = visible_tournament(request, pk)
    context = tournament_live(found)
    context["entrant_count"] = found.entrants.count()
    context["game_title"] = get_game(found.game).title
    return render(request, "tournaments/site/tournament.html", context)


def tournament_live_part(request: HttpRequest, pk: int) -> HttpResponse:
    """The part of the tournament page that htmx polls while it runs."""
    found = visible_tournament(request, pk)
    response = render(request, "tournaments/site/_tournament_live.html", tournament_live(found))
    response["Cache-Control"] = "no-store"
    return response


# -- players and leaderboards -------------------------------------------------------------------------

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
    seats = (Seat.objects.filter(player=found, match__in=visible_matches(request.user))
             .select_related("match").prefetch_related("match__seats__player")
             .order_by("-match__played_at", "-match_id"))
    page = Paginator(seats, 25).get_page(request.GET.get("page"))
    entry = visible_bots(request.user).filter(player=found).first()
    context = {"player": found, "ratings": ratings, "page": page, "entry": entry,
               "matches": [match_summary(seat.match) | {"game": seat.match.game, "played_at": seat.match.played_at,
                                                        "rank": seat.rank}
                           for seat in page.object_list]}
    return render(request, "tournaments/site/player.html", context)


@dataclass
class LeaderboardRow:
    rank: int
    view: RatingView
    club: str
    club_slug: str
    kind: str
    trend: str

    @property
    def name(self) -> str:
        return self.view.player_name.lower()

    @property
    def rating(self) -> float:
        return self.view.rating

    @property
    def deviation(self) -> float:
        return self.view.deviation

    @property
    def games(self) -> int:
        return self.view.games


def trends(game: str, player_ids: list[int]) -> dict[int, list[float]]:
    """The latest ratings of each player in a game, oldest first, for the trend lines."""
    values: dict[int, list[float]] = defaultdict(list)
    rows = (SeatRating.objects.filter(game=game, player_id__in=player_ids).order_by("played_at", "match_id")
            .values_list("player_id", "mu_before", "mu_after"))
    for player_id, before, after in rows:
        if not values[player_id]:
            values[player_id].append(display(before))
        values[player_id].append(display(after))
    return {player_id: series[-TREND_POINTS:] for player_id, series in values.items()}


def leaderboards(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/site/leaderboards.html", {"games": games_list()})


def leaderboard_page(request: HttpRequest, game: str) -> HttpResponse:
    """A game's leaderboard, best first by the conservative estimate; any column sorts."""
    try:
        engine = get_game(game)
    except GameError:
        raise Http404("no such game") from None
    clubs = visible_clubs(request.user)
    ratings = leaderboard(engine.slug).filter(player__club__in=clubs)
    club_slug = request.GET.get("club") or ""
    kind = request.GET.get("kind") or ""
    if club_slug:
        ratings = ratings.filter(player__club__slug=club_slug)
    if kind in Player.Kind.values:
        ratings = ratings.filter(player__kind=kind)
    ratings = list(ratings[:LEADERBOARD_ROWS])
    series = trends(engine.slug, [rating.player_id for rating in ratings])
    rows = [LeaderboardRow(rank, RatingView.of(rating), rating.player.club.name, rating.player.club.slug,
                           rating.player.kind, mark_safe(charts.sparkline(series.get(rating.player_id, []))))
            for rank, rating in enumerate(ratings, start=1)]
    sort = request.GET.get("sort") or "rank"
    key = sort.removeprefix("-")
    if key not in LEADERBOARD_SORTS:
        key, sort = "rank", "rank"
    attribute, larger_first = LEADERBOARD_SORTS[key]
    descending = larger_first != sort.startswith("-")
    rows.sort(key=lambda row: (getattr(row, attribute), -row.rank if descending else row.rank), reverse=descending)
    columns = []
    for name in ("rank", "name", "club", "rating", "deviation", "games"):
        current = name == key
        columns.append({"name": name, "current": current, "descending": current and descending,
                        "link": f"-{name}" if current and not sort.startswith("-") else name})
    context = {"game": engine, "rows": rows, "columns": columns, "sort": sort, "club_slug": club_slug,
               "kind": kind, "clubs": clubs.order_by("name"), "games": games_list()}
    return render(request, "tournaments/site/leaderboard.html", context)


# -- matches: the replay viewer -----------------------------------------------------------------------

def match(request: HttpRequest, pk: int) -> HttpResponse:
    """A match with its replay: the position drawn after any move, a move list, buttons and
    the arrow keys (``static/tournaments/replay.js``)."""
    found = (visible_matches(request.user).filter(pk=pk).select_related("log", "tournament", "round", "ladder")
             .first())
    if found is None:
        raise Http404("no such match")
    view = replays.view_of(found, request.user)
    total = replays.move_count(found)
    try:
        start = int(request.GET.get("n", total))
    except ValueError:
        start = total
    start = min(max(start, 0), total)
    seats = list(found.seats.select_related("player").order_by("index"))
    context = {
        "match": found, "game": get_game(found.game), "seats": seats, "view": view, "total": total,
        "start": start, "moves": replays.move_rows(found, view),
        "picture": mark_safe(replays.draw_position(found, start, view)),
        "ended": replays.ended(found), "summary": match_summary(found), "hides": hides_information(found.game),
    }
    return render(request, "tournaments/site/match.html", context)


# -- the games' rules ---------------------------------------------------------------------------------

#: The sections of ``docs/rulings.md`` that every game's rules page shows.
SHARED_RULINGS = ("Forfeits",)


@lru_cache(maxsize=16)
def rendered_markdown(path: Path, mtime: float) -> str:
    text = path.read_text(encoding="utf-8")
    return markdown.markdown(text, extensions=["tables", "fenced_code", "toc"], output_format="html")


def markdown_file(path: Path) -> str:
    return rendered_markdown(path, path.stat().st_mtime)


def sections(path: Path, titles: tuple[str, ...]) -> str:
    """The named ``##`` sections of a Markdown file, rendered."""
    text = path.read_text(encoding="utf-8")
    parts = re.split(r"^(?=## )", text, flags=re.MULTILINE)
    chosen = [part for part in parts if part.startswith("## ") and part[3:].splitlines()[0].strip() in titles]
    return markdown.markdown("\n".join(chosen), extensions=["tables", "fenced_code"], output_format="html")


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """A game's notation and rulings (``docs/games/GAME.md``) and the rulings all games share."""
    try:
        engine = get_game(game)
    except GameError:
        raise Http404("no such game") from None
    docs = settings.BASE_DIR / "docs"
    body = markdown_file(docs / "games" / f"{engine.slug}.md")
    body = re.sub(r'<a href="(?!https?:|#|/)[^"]*">(.*?)</a>', r"\1", body)  # links between docs files
    context = {"game": engine, "body": mark_safe(body),
               "shared": mark_safe(sections(docs / "rulings.md", SHARED_RULINGS))}
    return render(request, "tournaments/site/rules.html", context)
