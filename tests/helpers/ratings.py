"""Matches with chosen places, and the whole rating state of a game, for the rating tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import transaction

from games.registry import get_game
from games.seeding import derive_rng
from tournaments.models import Match, Player, Rating, SeatRating
from tournaments.services import ratings
from tournaments.services.matches import insert_match

EPOCH = datetime(2025, 1, 1, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return EPOCH + timedelta(minutes=minutes)


@transaction.atomic
def finished_match(players: Sequence[Player], ranks: Sequence[int], *, minutes: float = 0, game: str = "froggit",
                   rated: bool = True, forfeits: Sequence[int] = ()) -> Match:
    """A finished match whose seats took these places, stored as the services store one
    (ranks from a verified log are the services' job; here the places are chosen)."""
    engine = get_game(game)
    options = engine.parse_options({}, len(players))
    setup = engine.random_setup(options, len(players), derive_rng("ratings", "setup"))
    match = insert_match(players=players, setup=setup, club=players[0].club, game=game, options=options,
                         played_at=at(minutes), rated=rated, status=Match.Status.FINISHED)
    match.result = {"ranks": list(ranks), "scores": [0] * len(ranks), "detail": {}}
    match.save(update_fields=["result"])
    for seat in match.seats.all():
        seat.rank = ranks[seat.index]
        seat.forfeit_reason = "forfeit" if seat.index in forfeits else ""
        seat.save(update_fields=["rank", "forfeit_reason"])
    ratings.note_change(match)
    return match


@transaction.atomic
def correct(match: Match, ranks: Sequence[int]) -> None:
    """Change a finished match's places, as a corrected log would."""
    for seat in match.seats.all():
        seat.rank = ranks[seat.index]
        seat.save(update_fields=["rank"])
    ratings.note_change(match, was_finished=True)


def rating_state(game: str) -> dict[str, Any]:
    """Every rating and snapshot of a game, exactly (floats unrounded)."""
    rows = Rating.objects.filter(game=game).order_by("player_id").values(
        "player_id", "mu", "sigma", "games", "wins", "losses", "draws", "tables", "place_sum", "best_mu", "best_at",
        "best_match_id", "last_played_at")
    snapshots = SeatRating.objects.filter(game=game).order_by("played_at", "match_id", "seat_id").values_list(
        "seat_id", "match_id", "player_id", "played_at", "seats", "rank", "outcome", "mu_before", "sigma_before",
        "mu_after", "sigma_after")
    return {"ratings": list(rows), "snapshots": list(snapshots)}


def from_scratch(game: str) -> dict[str, Any]:
    """The state a full recompute gives (it replaces the stored one)."""
    ratings.recompute_ratings(game)
    return rating_state(game)
