"""The events people hear of, told where they happen: a bot's forfeit and the end of a new
version's placement matches (after a bot match is stored), a bot's rating moving past its
owner's threshold (after a ratings update), a round published and a tournament finished.

Each builds its payload (docs/notifications.md) and hands it to ``notifications.notify``,
which queues the e-mails and deliveries after the commit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournaments.models import (
    BotEntry,
    Match,
    Membership,
    NotificationPreference,
    Rating,
    Round,
    Seat,
    Tournament,
)
from tournaments.rating_maths import display
from tournaments.services.notifications import notify, wanting


def bot_of(seat: Seat) -> dict[str, Any]:
    version = seat.bot_version
    return {"player_id": seat.player_id, "name": seat.player.name,
            "version": version.number if version is not None else None}


def match_of(match: Match) -> dict[str, Any]:
    return {"id": match.pk, "game": match.game, "club": match.club.slug if match.club_id else None,
            "tournament": match.tournament_id, "ladder": match.ladder_id, "url": f"/matches/{match.pk}/"}


def owners(seats: Sequence[Seat]) -> dict[int, int]:
    """Seat id to the owner's user id, for the seats of owned bots."""
    found = dict(BotEntry.objects.filter(player_id__in=[seat.player_id for seat in seats], owner__isnull=False)
                 .values_list("player_id", "owner_id"))
    return {seat.pk: found[seat.player_id] for seat in seats if seat.player_id in found}


def bot_match_stored(match: Match, seats: Sequence[Seat]) -> None:
    """After a bot match is stored (``seats`` as stored, with their players and versions): tell
    owners of their bots' forfeits and of versions that have just finished their ladder
    placement matches. A tournament match nobody forfeited costs no query; a challenge's game
    (an owner's own experiment) tells nobody anything."""
    if match.challenge_id is not None:
        return
    if match.ladder_id is None and not any(seat.forfeit_reason for seat in seats):
        return
    owned = owners(seats)
    for seat in seats:
        if seat.pk in owned and seat.forfeit_reason:
            notify("bot.forfeited", {"bot": bot_of(seat), "match": match_of(match), "seat": seat.index,
                                     "reason": seat.forfeit_reason}, users=[owned[seat.pk]], club=match.club)
    if match.ladder_id is None or match.status != Match.Status.FINISHED:
        return
    needed = match.ladder.placement_matches
    for seat in seats:
        if seat.pk not in owned or seat.bot_version_id is None or needed == 0:
            continue
        played = Seat.objects.filter(match__ladder_id=match.ladder_id, bot_version_id=seat.bot_version_id,
                                     match__status=Match.Status.FINISHED).count()
        if played == needed:
            rating = Rating.objects.filter(player_id=seat.player_id, game=match.game).values_list("mu", flat=True).first()
            notify("bot.placed", {"bot": bot_of(seat), "ladder": match.ladder_id, "game": match.game,
                                  "placement_matches": needed,
                                  "rating": round(display(rating), 1) if rating is not None else None},
                   users=[owned[seat.pk]], club=match.club)


def ratings_updated(game: str) -> None:
    """After a game's ratings change: tell each owner who asked of their bots whose rating has
    moved more than their threshold since last told (the first look only takes note)."""
    entries = list(BotEntry.objects.filter(game=game, owner__isnull=False).select_related("player"))
    if not entries:
        return
    mailed, endpoints = wanting("bot.rating_moved", {entry.owner_id for entry in entries}, None)
    listening = set(mailed) | {endpoint.user_id for endpoint in endpoints}
    entries = [entry for entry in entries if entry.owner_id in listening]
    if not entries:
        return
    preferences = {preference.user_id: preference for preference in
                   NotificationPreference.objects.filter(user_id__in={entry.owner_id for entry in entries})}
    ratings = dict(Rating.objects.filter(game=game, player_id__in=[e.player_id for e in entries])
                   .values_list("player_id", "mu"))
    for entry in entries:
        if entry.player_id not in ratings:
            continue
        preference = preferences.get(entry.owner_id) or NotificationPreference.objects.create(user_id=entry.owner_id)
        preferences[entry.owner_id] = preference
        now = round(display(ratings[entry.player_id]), 1)
        key = str(entry.player_id)
        before = preference.rating_marks.get(key)
        if before is not None and abs(now - before) <= preference.rating_threshold:
            continue
        preference.rating_marks = {**preference.rating_marks, key: now}
        NotificationPreference.objects.filter(pk=preference.pk).update(rating_marks=preference.rating_marks)
        if before is not None:
            notify("bot.rating_moved", {"bot": {"player_id": entry.player_id, "name": entry.player.name},
                                        "game": game, "rating": now, "previous": before,
                                        "change": round(now - before, 1), "threshold": preference.rating_threshold},
                   users=[entry.owner_id])


def directors_of(tournament: Tournament) -> list[int]:
    return list(Membership.objects.filter(club_id=tournament.club_id, role=Membership.Role.DIRECTOR)
                .values_list("user_id", flat=True))


def tournament_of(tournament: Tournament) -> dict[str, Any]:
    return {"id": tournament.pk, "name": tournament.name, "game": tournament.game,
            "url": f"/tournaments/{tournament.pk}/"}


def round_published(tournament: Tournament, round_: Round, matches: int | None = None) -> None:
    """``matches``: the round's match count, when the caller has just stored them all."""
    if matches is None:
        matches = round_.matches.count() if round_.pk else 0
    notify("round.published", {"tournament": tournament_of(tournament), "round": round_.number, "matches": matches},
           users=directors_of(tournament), club=tournament.club)


def tournament_finished(tournament: Tournament) -> None:
    standings = tournament.standings if isinstance(tournament.standings, list) else []
    notify("tournament.finished", {"tournament": tournament_of(tournament), "rounds": tournament.total_rounds,
                                   "standings": [{key: row.get(key) for key in ("rank", "entrant", "points")}
                                                 for row in standings[:10]]},
           users=directors_of(tournament), club=tournament.club)

