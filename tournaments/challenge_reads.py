"""Reads of challenges and reruns: who sees them, their games with results, and a rerun set
beside the match it replays with the first move where the two differ.

A challenge is its owner's (and staff's) alone, at every door: the pages and the API list and
show nobody else's, and answer 404 for them. Its games are matches of the club, read as any
other (``visible_matches``); their turn reports stay the bot owner's (``turn_reports``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

from games.rerun import first_difference
from tournaments import replays
from tournaments.models import BotVersion, Challenge, Match
from tournaments.selectors import User


def visible_challenges(user: User) -> QuerySet[Challenge]:
    """The challenges ``user`` may read: their own (every one for staff)."""
    found = Challenge.objects.select_related("club", "version__entry__player", "rerun_of")
    if not user.is_authenticated:
        return found.none()
    return found if user.is_staff else found.filter(owner=user)


def owner_seat(challenge: Challenge) -> int:
    """The seat of the owner's version in every game of the challenge."""
    return challenge.lineup.index(challenge.version_id)


def lineup_versions(challenge: Challenge) -> list[BotVersion]:
    """The challenge's versions in seat order."""
    found = BotVersion.objects.select_related("entry__player").in_bulk(challenge.lineup)
    return [found[pk] for pk in challenge.lineup if pk in found]


def game_rows(challenge: Challenge) -> list[dict[str, Any]]:
    """One row per game: its match, seed, status, the owner's seat's place and score, every
    seat's place, and the forfeits."""
    seat = owner_seat(challenge)
    rows = []
    for match in challenge.matches.prefetch_related("seats__player").order_by("game_number"):
        seats = sorted(match.seats.all(), key=lambda s: s.index)
        mine = seats[seat] if seat < len(seats) else None
        rows.append({"match": match, "seed": match.seed, "status": match.status,
                     "finished": match.status == Match.Status.FINISHED, "seat": seat,
                     "rank": mine.rank if mine else None, "score": mine.score if mine else None,
                     "places": [(s.player.name, s.rank, s.score, s.forfeit_reason) for s in seats],
                     "forfeits": [f"seat {s.index} ({s.player.name}): {s.forfeit_reason}"
                                  for s in seats if s.forfeit_reason]})
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, int]:
    """The owner's version's record over the challenge's finished games."""
    finished = [row for row in rows if row["finished"] and row["rank"] is not None]
    return {"games": len(rows), "played": len(finished), "first": sum(row["rank"] == 1 for row in finished),
            "forfeits": sum(bool(row["places"][row["seat"]][3]) for row in finished)}


@dataclass(frozen=True)
class Divergence:
    """A finished match and its rerun, side by side: each move of both and where they part."""

    original: Match
    rerun: Match
    first: int | None
    rows: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"original": self.original.pk, "rerun": self.rerun.pk, "first_difference": self.first,
                "moves": [len(self.original.log.moves), len(self.rerun.log.moves)]}


def divergence(challenge: Challenge, user: User) -> Divergence | None:
    """A finished rerun beside the match it replays (both finished, so both read whole)."""
    if challenge.rerun_of_id is None:
        return None
    rerun = challenge.matches.select_related("log").first()
    original = Match.objects.select_related("log").filter(pk=challenge.rerun_of_id).first()
    if rerun is None or original is None or rerun.status != Match.Status.FINISHED \
            or original.status != Match.Status.FINISHED:
        return None
    a = replays.shown_moves(original, replays.view_of(original, user))
    b = replays.shown_moves(rerun, replays.view_of(rerun, user))
    first = first_difference(a, b)
    rows = [{"number": index + 1, "index": index, "original": a[index] if index < len(a) else "",
             "rerun": b[index] if index < len(b) else "", "differs": first is not None and index >= first,
             "first": index == first} for index in range(max(len(a), len(b)))]
    return Divergence(original, rerun, first, rows)


def compare_url(a: int, b: int) -> str:
    """The two-match comparison page: both replays stepping together, the first difference marked."""
    return reverse("match-compare", args=[a, b])
