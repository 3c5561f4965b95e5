"""A tournament's progress: the counts of matches done and expected, kept on its row.

Its own module, imported by the match and the tournament services alike, so that a match that
changes tournament refreshes the counts without the two services importing each other.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q
from django.dispatch import Signal

from games.registry import get_game
from tournaments import cache, formats
from tournaments.models import Match, Tournament

#: Sent after a tournament's counts are refreshed (every change of its matches, rounds or
#: standings comes through here): its live viewers hear of it (``services.live_events``).
progress_refreshed = Signal()


def settings_of(tournament: Tournament) -> formats.Settings:
    """The format's settings of a tournament, with the seat range its game allows."""
    game = get_game(tournament.game)
    # Parsed for no particular seat count (0 is outside every game's limits, so the checks
    # against the seats are skipped): options such as the race's colours fit the seats of each
    # game, which every match checks for its own.
    low, high = game.seat_range(game.parse_options(tournament.options, 0))
    values = dict(tournament.format_settings)
    if "tiebreaks" in values:
        values["tiebreaks"] = tuple(values["tiebreaks"])
    if values.get("place_points") is not None:
        values["place_points"] = tuple(values["place_points"])
    return formats.Settings(format=tournament.format, min_seats=low, max_seats=high, **values)


@transaction.atomic
def refresh_progress(tournament_id: int) -> None:
    """Store the counts of matches done, scheduled and in round 1 (all counted in one query). The
    tournament's row is locked before counting: of two workers finishing chunks at once, the
    one that writes last has counted last, so a stale count never overwrites a fresh one."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    cache.forget(tournament=tournament_id)  # its matches changed, perhaps by update(): no signal
    counts = Match.objects.filter(tournament_id=tournament_id).exclude(status=Match.Status.VOID).aggregate(
        done=Count("pk", filter=Q(status=Match.Status.FINISHED)), total=Count("pk"),
        first=Count("pk", filter=Q(round__number=1)))
    total = expected_total(tournament, counts["total"], counts["first"])
    Tournament.objects.filter(pk=tournament_id).update(matches_done=counts["done"], matches_total=total)
    progress_refreshed.send(sender=Tournament, tournament_id=tournament_id)


#: Formats whose rounds are all known from the start, each pairing as many games as the first.
FIXED_ROUNDS = {Tournament.Format.ROUND_ROBIN, Tournament.Format.DOUBLE_ROUND_ROBIN, Tournament.Format.SWISS,
                Tournament.Format.TABLES}


def expected_total(tournament: Tournament, scheduled: int, first_round: int) -> int:
    """The matches the whole tournament will have, where its format knows them from the start
    (fixed rounds of one game per pairing: the first round's matches times the rounds), so
    that progress counts over the whole tournament from its first round; otherwise, and once
    it has finished, the matches scheduled so far. Never fewer than those."""
    if (tournament.status != Tournament.Status.RUNNING or tournament.format not in FIXED_ROUNDS
            or not tournament.total_rounds or settings_of(tournament).best_of != 1):
        return scheduled
    return max(scheduled, first_round * tournament.total_rounds)
