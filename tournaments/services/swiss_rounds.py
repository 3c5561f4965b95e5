"""How many Swiss rounds can still be paired with no rematch and no second bye, and what the
director is told when the rounds chosen are more than that (at creation, at a settings change,
at a withdrawal and on the console)."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments import formats
from tournaments.errors import InvalidInput
from tournaments.models import Entrant, Match, Tournament
from tournaments.services import registration
from tournaments.services.progress import settings_of
from tournaments.services.standings import active_entrants, outcomes


def rounds_ceiling(count: int) -> int:
    """The most rounds a Swiss of ``count`` entrants can have with no rematch and no second bye:
    everyone meets everyone once (an odd field: everyone has the bye once)."""
    return count if count % 2 else max(count - 1, 0)


def check_rounds(format: str, format_settings: dict, count: int) -> None:
    """Refuse a Swiss whose rounds cannot all be paired for ``count`` entrants, naming the most that can."""
    rounds = format_settings.get("rounds")
    if format != Tournament.Format.SWISS or count < 2 or not isinstance(rounds, int) or isinstance(rounds, bool):
        return
    most = rounds_ceiling(count)
    if rounds > most:
        message = (f"{count} entrants can play at most {most} Swiss rounds with no rematch and no second bye, "
                   f"not {rounds}: choose {most} rounds or fewer")
        raise InvalidInput(message, code="too_many_rounds", fields={"format_settings.rounds": [message]})


def rounds_left(tournament: Tournament, without: Sequence[int] = ()) -> tuple[int, int] | None:
    """For a Swiss: the rounds still to pair and the most of them that can be paired with no
    rematch and no second bye, once the entrants ``without`` are gone; None for other formats
    or when no round is left."""
    if tournament.format != Tournament.Format.SWISS or tournament.status == Tournament.Status.FINISHED:
        return None
    total = settings_of(tournament).rounds or 0
    left = total - (tournament.current_round if tournament.status == Tournament.Status.RUNNING else 0)
    active = [entrant for entrant in active_entrants(tournament) if entrant not in set(without)]
    if left <= 0 or len(active) < 2:
        return None
    seeding = list(tournament.entrants.order_by("seed").values_list("pk", flat=True))
    fmt = formats.make_format(settings_of(tournament), seeding, rng_seed=tournament.seed)
    assert isinstance(fmt, formats.Swiss)
    playing = tournament.matches.filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS])
    seats: dict[int, list[int]] = {}
    entrant_of = dict(tournament.entrants.order_by().values_list("player_id", "pk"))
    for match_id, player_id in playing.values_list("pk", "seats__player_id").order_by("pk", "seats__index"):
        if player_id in entrant_of:
            seats.setdefault(match_id, []).append(entrant_of[player_id])
    return left, fmt.feasible_rounds(outcomes(tournament), active, left, playing=seats.values())


def rounds_warning(tournament: Tournament, without: Sequence[int] = (), name: str = "") -> str:
    """A sentence when the Swiss's rounds left cannot all be paired with no rematch and no second
    bye (once the entrants ``without`` are gone; ``name`` names the one withdrawing); empty otherwise."""
    found = rounds_left(tournament, without)
    if found is None or found[1] >= found[0]:
        return ""
    left, most = found
    later = "the later rounds will repeat a pairing or give a second bye"
    if tournament.status == Tournament.Status.REGISTRATION:
        count = len([e for e in active_entrants(tournament) if e not in set(without)])
        return (f"{f'Without {name}, ' if name else ''}{count} entrants can play at most {most} of the {left} rounds with no rematch and no second "
                f"bye: {later}.")
    who = f"Without {name}, only" if name else "Only"
    return f"{who} {most} of the {left} rounds left can be paired with no rematch and no second bye: {later}."


def withdrawal_effect(entrant: Entrant) -> str:
    """What withdrawing ``entrant`` does (:func:`registration.withdrawal_effect`), with a warning
    when a Swiss's rounds left could then no longer all be paired without a rematch."""
    sentence = registration.withdrawal_effect(entrant)
    tournament = Tournament.objects.get(pk=entrant.tournament_id)
    warning = rounds_warning(tournament, without=[entrant.pk], name=entrant.player.name)
    return f"{sentence} {warning}" if warning else sentence


def start_effect(tournament: Tournament) -> str:
    """What starting does (:func:`registration.start_effect`), with a warning when a Swiss has
    more rounds than its entrants can play without a rematch."""
    sentence = registration.start_effect(tournament)
    warning = rounds_warning(tournament, without=[e.pk for e in registration.absent(tournament)])
    return f"{sentence} {warning}" if warning else sentence
