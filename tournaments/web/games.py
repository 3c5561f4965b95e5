"""A game's rules page, rendered from the project's game docs, with the seat advantage
measured over the games the visitor may see."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games.errors import GameError
from games.registry import get_game
from tournaments.models import Match
from tournaments.selectors import seat_advantage, visible_club, visible_clubs


@lru_cache(maxsize=8)
def game_summary(slug: str) -> str:
    """The first paragraph of the game's page in the docs, for the home page: its first two
    sentences, their Markdown (emphasis, code) rendered."""
    text = (settings.BASE_DIR / "docs" / "games" / f"{slug}.md").read_text(encoding="utf-8")
    paragraph = text.split("\n\n")[1]
    sentences = re.split(r"(?<=[a-z0-9)*]\.) (?=[A-Z*])", " ".join(paragraph.split()))
    html = markdown.markdown(" ".join(sentences[:2]), output_format="html")
    return mark_safe(html.removeprefix("<p>").removesuffix("</p>"))


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


def scrolling_boxes(html: str) -> str:
    """Code blocks and tables of the docs scroll in their own box on a phone; a keyboard
    reaches them (``tabindex``) so that it can scroll them too."""
    html = html.replace("<pre>", '<pre tabindex="0">')
    html = html.replace("<table>", '<div class="scroll" tabindex="0" role="region" aria-label="table"><table>')
    return html.replace("</table>", "</table></div>")


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """A game's notation and rulings (``docs/games/GAME.md``) and the rulings all games share."""
    try:
        engine = get_game(game)
    except GameError:
        raise Http404("no such game") from None
    docs = settings.BASE_DIR / "docs"
    body = markdown_file(docs / "games" / f"{engine.slug}.md")
    body = re.sub(r'<a href="(?!https?:|#|/)[^"]*">(.*?)</a>', r"\1", body)  # links between docs files
    context = {"game": engine, "body": mark_safe(scrolling_boxes(body)),
               "shared": mark_safe(scrolling_boxes(sections(docs / "rulings.md", SHARED_RULINGS))),
               **advantage(request, engine.slug)}
    return render(request, "tournaments/site/rules.html", context)


def percent(value: float) -> str:
    return f"{100 * value:.1f} %"


def advantage(request: HttpRequest, game: str) -> dict[str, Any]:
    """The seat-advantage figures for the page: over every club the visitor may see, or over
    the one chosen with ``?club=<slug>`` (404 for a club the visitor may not see)."""
    slug = request.GET.get("club", "")
    club = None
    if slug:
        club = visible_club(request.user, slug)
        if club is None:
            raise Http404(f"no club {slug!r} that you may see")
    rows = []
    for figure in seat_advantage(request.user, game, club):
        low, high = figure.interval
        rows.append({"seats": figure.seats, "games": figure.games, "wins": figure.wins,
                     "rate": percent(figure.rate), "low": percent(low), "high": percent(high),
                     "fair": percent(figure.fair), "fair_outside": not low <= figure.fair <= high})
    clubs = list(visible_clubs(request.user).filter(matches__game=game, matches__status=Match.Status.FINISHED)
                 .distinct().order_by("name").values("slug", "name"))
    if club is not None and all(choice["slug"] != club.slug for choice in clubs):
        clubs.append({"slug": club.slug, "name": club.name})
    return {"advantage": rows, "advantage_club": club, "advantage_clubs": clubs}
