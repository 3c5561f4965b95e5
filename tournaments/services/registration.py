"""Entrants: registering them (by a director, by members themselves, late), checking in,
seeding, removing and withdrawing; and the sentences that say what a change will do, for the
pages and the API to show before it is confirmed.

Check-in: when a tournament asks for it, the entrants who have not checked in when it starts
are left out, removed from the tournament (they never played, so nothing of theirs is lost),
before round 1 is paired; the start is all or nothing, so a refused start leaves them entered.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from tournaments import cache, formats
from tournaments.errors import Conflict, Forbidden, InvalidInput
from tournaments.models import BotEntry, Entrant, Player, Round, Tournament
from tournaments.selectors import role_in
from tournaments.services.progress import settings_of


def entrant_order(tournament: Tournament) -> list[Entrant]:
    return list(tournament.entrants.select_related("player").order_by("seed"))


def tournament_format(tournament: Tournament) -> formats.Format:
    entrants = [entrant.pk for entrant in entrant_order(tournament)]
    try:
        return formats.make_format(settings_of(tournament), entrants, rng_seed=tournament.seed)
    except formats.FormatError as error:
        raise InvalidInput(str(error), code="bad_format_settings", fields={"format_settings": [str(error)]}) from None


def locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


# -- registering ----------------------------------------------------------------------------------

def check_registrable(tournament: Tournament, player: Player) -> None:
    """Raise unless ``player`` may be entered now (the director's rules; members' come on top)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("the tournament is over", code="tournament_finished")
    if player.club_id != tournament.club_id:
        raise InvalidInput(f"{player.name} is not a player of {tournament.club.name}", fields={"player": ["another club's"]})
    if tournament.entrants.filter(player=player).exists():
        raise Conflict(f"{player.name} is already entered", code="already_entered", fields={"player": ["already entered"]})
    if tournament.bots:
        check_bot_entrant(tournament, player)
    if tournament.status == Tournament.Status.RUNNING and not tournament_format(tournament).accepts_late_entries:
        raise Conflict(f"a {tournament.get_format_display()} cannot take late entries", code="closed")


@transaction.atomic
def register(tournament: Tournament, player: Player) -> Entrant:
    """Enter a player; once the tournament runs, a late entrant joins next round with no points."""
    tournament = locked(tournament)
    check_registrable(tournament, player)
    seed = (tournament.entrants.order_by("-seed").values_list("seed", flat=True).first() or 0) + 1
    return Entrant.objects.create(tournament=tournament, player=player, seed=seed, joined_round=joining_round(tournament))


def joining_round(tournament: Tournament) -> int:
    """The round an entrant registered now plays first."""
    return tournament.current_round + 1 if tournament.status == Tournament.Status.RUNNING else 1


def check_bot_entrant(tournament: Tournament, player: Player) -> None:
    """A bot tournament takes bot entries of its game that have a version to play."""
    entry = BotEntry.objects.filter(player=player).first()
    if entry is None:
        raise InvalidInput(f"{player.name} is not a bot entry; a bot tournament is played by bots",
                           code="not_a_bot", fields={"player": ["not a bot entry"]})
    if entry.game != tournament.game:
        raise InvalidInput(f"{player.name} is a bot for {entry.game}, not {tournament.game}",
                           code="wrong_game", fields={"player": [f"a bot for {entry.game}"]})
    if entry.active_version_id is None:
        raise InvalidInput(f"{player.name} has no active version", code="no_version", fields={"player": ["no active version"]})


def candidates(tournament: Tournament) -> QuerySet[Player]:
    """The club's players a director may enter: people, or for a bot tournament the club's bot
    entries of its game with an active version; none already entered."""
    players = Player.objects.filter(club_id=tournament.club_id).exclude(entries__tournament=tournament)
    if tournament.bots:
        players = players.filter(bot_entry__game=tournament.game, bot_entry__active_version__isnull=False)
    else:
        players = players.filter(kind=Player.Kind.PERSON)
    return players.order_by("name")


def late_entry_effect(tournament: Tournament, player: Player) -> str:
    """What entering ``player`` does now, in a sentence (refusing as :func:`register` would)."""
    tournament = Tournament.objects.get(pk=tournament.pk)
    check_registrable(tournament, player)
    if tournament.status != Tournament.Status.RUNNING:
        return f"{player.name} is entered as seed {tournament.entrants.count() + 1}."
    number = joining_round(tournament)
    sentence = f"{player.name} joins round {number} on 0 points."
    if tournament.rounds.filter(status=Round.Status.PROPOSED, number=number).exists():
        sentence += f" The proposed pairings of round {number} are made again to seat {player.name}."
    return sentence


@transaction.atomic
def remove_entrant(entrant: Entrant) -> None:
    """Take an entrant out before the start (afterwards, withdraw them: their games stand)."""
    tournament = locked(entrant.tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(f"the tournament is {tournament.status}: withdraw {entrant.player.name} instead",
                       code="already_started")
    Entrant.objects.filter(pk=entrant.pk, tournament=tournament).delete()
    cache.forget(tournament=tournament.pk)


# -- members for themselves -----------------------------------------------------------------------

def own_players(tournament: Tournament, user: Any) -> QuerySet[Player]:
    """The players ``user`` may enter themselves: their own people of the club, or for a bot
    tournament the bot entries they own for its game."""
    if not getattr(user, "is_authenticated", False):
        return Player.objects.none()
    players = Player.objects.filter(club_id=tournament.club_id)
    if tournament.bots:
        players = players.filter(bot_entry__owner=user, bot_entry__game=tournament.game)
    else:
        players = players.filter(user=user)
    return players.order_by("name")


def own_entrants(tournament: Tournament, user: Any) -> QuerySet[Entrant]:
    return tournament.entrants.filter(player__in=own_players(tournament, user)).select_related("player")


def check_self_service(tournament: Tournament, user: Any, player: Player) -> None:
    """A member acting for a player of their own in a tournament of their club."""
    if role_in(user, tournament.club) is None:
        raise Forbidden(f"only members of {tournament.club.name} enter its tournaments", fields={"player": ["not a member"]})
    if not own_players(tournament, user).filter(pk=player.pk).exists():
        raise Forbidden(f"{player.name} is not yours to enter", fields={"player": ["not yours"]})


@transaction.atomic
def register_self(tournament: Tournament, user: Any, player: Player) -> Entrant:
    """A member enters a player of their own, while registration is open and the tournament allows it."""
    tournament = locked(tournament)
    check_self_service(tournament, user, player)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("registration is closed: the tournament has started", code="closed")
    if not tournament.self_registration:
        raise Forbidden("the directors enter the players of this tournament", code="no_self_registration")
    return register(tournament, player)


@transaction.atomic
def unregister_self(tournament: Tournament, user: Any, entrant: Entrant) -> None:
    """A member takes their own entry back before the start."""
    tournament = locked(tournament)
    if entrant.tournament_id != tournament.pk:
        raise InvalidInput("no such entrant in this tournament", fields={"entrant": ["unknown"]})
    check_self_service(tournament, user, entrant.player)
    if not tournament.self_registration:
        raise Forbidden("ask a director: members do not enter this tournament themselves", code="no_self_registration")
    remove_entrant(entrant)


@transaction.atomic
def check_in_self(tournament: Tournament, user: Any, entrant: Entrant, checked_in: bool = True) -> Entrant:
    """A member checks their own entrant in (or out) before the start."""
    tournament = locked(tournament)
    if entrant.tournament_id != tournament.pk:
        raise InvalidInput("no such entrant in this tournament", fields={"entrant": ["unknown"]})
    check_self_service(tournament, user, entrant.player)
    return set_checked_in(entrant, checked_in)


# -- check-in, seeding, withdrawal ----------------------------------------------------------------

@transaction.atomic
def set_checked_in(entrant: Entrant, checked_in: bool) -> Entrant:
    """Mark an entrant present (or not) for round 1, where the tournament asks for check-in."""
    tournament = locked(entrant.tournament)
    if not tournament.check_in:
        raise Conflict("this tournament does not ask for check-in", code="no_check_in")
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("check-in closed when the tournament started", code="already_started")
    Entrant.objects.filter(pk=entrant.pk).update(checked_in=bool(checked_in))
    cache.forget(tournament=tournament.pk)  # update() sends no signal
    entrant.refresh_from_db()
    return entrant


@transaction.atomic
def set_registration_rules(tournament: Tournament, *, self_registration: bool, check_in: bool) -> Tournament:
    """Whether members enter themselves and whether entrants check in: set before the start."""
    tournament = locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(f"the tournament is {tournament.status}: registration is closed", code="already_started")
    tournament.self_registration = bool(self_registration)
    tournament.check_in = bool(check_in)
    tournament.save(update_fields=["self_registration", "check_in", "updated_at"])
    return tournament


def absent(tournament: Tournament) -> list[Entrant]:
    """The entrants the start will leave out: those not checked in, where check-in is asked."""
    if not tournament.check_in:
        return []
    return list(tournament.entrants.filter(checked_in=False).select_related("player").order_by("seed"))


def start_effect(tournament: Tournament) -> str:
    """What starting now does, in a sentence."""
    left_out = absent(tournament)
    playing = tournament.entrants.count() - len(left_out)
    sentence = f"{playing} entrants play round 1."
    if left_out:
        names = ", ".join(entrant.player.name for entrant in left_out)
        sentence += f" Not checked in, so left out: {names}."
    return sentence


def leave_out_absent(tournament: Tournament) -> list[str]:
    """Remove the entrants not checked in (at the start, in its transaction) and close up the
    seeds of the rest; answers the names left out."""
    left_out = absent(tournament)
    if not left_out:
        return []
    Entrant.objects.filter(pk__in=[entrant.pk for entrant in left_out]).delete()
    order = list(tournament.entrants.order_by("seed").values_list("pk", flat=True))
    renumber(order)
    cache.forget(tournament=tournament.pk)
    return [entrant.player.name for entrant in left_out]


def renumber(order: list[int]) -> None:
    # Two steps, so that no two entrants hold one seed in between (seeds are unique).
    for offset, entrant_id in enumerate(order, start=len(order) + 1):
        Entrant.objects.filter(pk=entrant_id).update(seed=offset)
    for seed, entrant_id in enumerate(order, start=1):
        Entrant.objects.filter(pk=entrant_id).update(seed=seed)


@transaction.atomic
def reseed(tournament: Tournament, order: Any) -> list[Entrant]:
    """Set the seeding before the start: ``order`` lists every entrant's id, top seed first."""
    tournament = locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict("seeds are set before the tournament starts", code="already_started")
    entrants = {entrant.pk: entrant for entrant in tournament.entrants.all()}
    if not isinstance(order, list) or sorted(order, key=str) != sorted(entrants, key=str) \
            or any(type(entrant_id) is not int for entrant_id in order):
        message = "list every entrant's id once, top seed first"
        raise InvalidInput(message, fields={"order": [message]})
    renumber(order)
    cache.forget(tournament=tournament.pk)  # update() sends no signal
    return list(tournament.entrants.order_by("seed"))


@transaction.atomic
def move_seed(entrant: Entrant, step: int) -> list[Entrant]:
    """Move an entrant one place up (``step=-1``) or down (``step=1``) the seeding."""
    order = list(entrant.tournament.entrants.order_by("seed").values_list("pk", flat=True))
    if step not in (-1, 1) or entrant.pk not in order:
        raise InvalidInput("move a seed one place up or down", fields={"order": ["one place up or down"]})
    here = order.index(entrant.pk)
    there = here + step
    if 0 <= there < len(order):
        order[here], order[there] = order[there], order[here]
    return reseed(entrant.tournament, order)


def check_withdrawable(entrant: Entrant) -> None:
    if entrant.withdrawn:
        raise Conflict(f"{entrant.player.name} has already withdrawn", code="already_withdrawn")


@transaction.atomic
def withdraw(entrant: Entrant) -> Entrant:
    """No further pairings; the games already played stand."""
    tournament = locked(entrant.tournament)
    entrant.refresh_from_db()
    check_withdrawable(entrant)
    entrant.withdrawn = True
    entrant.withdrawn_after_round = tournament.current_round
    entrant.save(update_fields=["withdrawn", "withdrawn_after_round"])
    return entrant


def withdrawal_effect(entrant: Entrant) -> str:
    """What withdrawing ``entrant`` does now, in a sentence (refusing as :func:`withdraw` would)."""
    entrant = Entrant.objects.select_related("player", "tournament").get(pk=entrant.pk)
    check_withdrawable(entrant)
    tournament = entrant.tournament
    name = entrant.player.name
    if tournament.status == Tournament.Status.REGISTRATION:
        return f"{name} is withdrawn before round 1: no pairings at all."
    if tournament.status == Tournament.Status.FINISHED:
        return f"{name} is marked withdrawn; the tournament is over, every game stands."
    after = tournament.current_round
    sentence = f"{name} is withdrawn after round {after}: no more pairings; the games {name} played so far still count."
    proposed = tournament.rounds.filter(status=Round.Status.PROPOSED).values_list("number", flat=True).first()
    if proposed is not None:
        sentence += f" The proposed pairings of round {proposed} are made again without {name}."
    return sentence
