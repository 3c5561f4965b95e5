"""Players: created, renamed and deleted by their club's directors, through the API or the
admin, under one set of rules.

A bot player is made with its bot entry (``services/bots.py``), never here; a player keeps
its club and its kind for life, and one who has played or entered a tournament stays, so
that the logs and the standings keep their names.
"""

from __future__ import annotations

import math
from typing import Any

from django.db import IntegrityError, transaction

from tournaments.errors import Conflict, InvalidInput
from tournaments.models import Club, Player
from tournaments.names import clean_name

#: What a director may change about a player.
PLAYER_FIELDS = ("name", "user", "seed_rating")
#: The longest name a player may have (the column's width).
LONGEST_NAME = 100
#: A seeding rating lies within these bounds (any rating scale a club uses fits).
SEED_RATING_BOUND = 100_000


def check_seed_rating(value: Any) -> float | None:
    """A player's seeding rating as stored: None, or a finite number within the bound."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput("a seeding rating is a number", fields={"seed_rating": ["must be a number"]})
    if not math.isfinite(value) or abs(value) > SEED_RATING_BOUND:
        message = f"a seeding rating lies between -{SEED_RATING_BOUND} and {SEED_RATING_BOUND}"
        raise InvalidInput(message, fields={"seed_rating": [message]})
    return float(value)


def check_player(*, club: Club, name: Any, kind: str, user: Any = None, player: Player | None = None) -> str:
    """The name as it would be stored, or :class:`InvalidInput` for a player (a new one when
    ``player`` is None) that cannot have these fields."""
    name = clean_name(name)
    if len(name) > LONGEST_NAME:
        message = f"a name is at most {LONGEST_NAME} characters"
        raise InvalidInput(f"name: {message}", fields={"name": [message]})
    if player is None and kind == Player.Kind.BOT:
        message = "a bot is created as a bot entry (POST /api/bots/, or a bot entry in the admin)"
        raise InvalidInput(message, fields={"kind": [message]})
    if player is not None and club.pk != player.club_id:
        raise InvalidInput("a player cannot move to another club", fields={"club": ["cannot change"]})
    if player is not None and kind != player.kind:
        raise InvalidInput("a player's kind cannot change", fields={"kind": ["a player's kind cannot change"]})
    if kind == Player.Kind.BOT and user is not None:
        raise InvalidInput("only people have accounts", fields={"user": ["only people have accounts"]})
    clash = Player.objects.filter(club=club, name=name)
    if player is not None:
        clash = clash.exclude(pk=player.pk)
    if clash.exists():
        raise InvalidInput(f"{club.name} already has a player named {name!r}",
                           fields={"name": ["already taken in this club"]})
    return name


def saved(player: Player, fields: list[str] | None = None) -> Player:
    """Save, turning a name taken meanwhile (the unique constraint) into the same refusal."""
    try:
        with transaction.atomic():
            player.save(update_fields=fields)
    except IntegrityError:
        raise InvalidInput(f"{player.club.name} already has a player named {player.name!r}",
                           fields={"name": ["already taken in this club"]}) from None
    return player


def create_player(*, club: Club, name: str, kind: str = Player.Kind.PERSON, user: Any = None,
                  seed_rating: float | None = None) -> Player:
    """A new person of ``club`` (optionally linked to an account, optionally with a seeding rating)."""
    name = check_player(club=club, name=name, kind=kind, user=user)
    seed_rating = check_seed_rating(seed_rating)
    return saved(Player(club=club, name=name, kind=kind, user=user, seed_rating=seed_rating))


@transaction.atomic
def update_player(player: Player | int, *, club: Club | None = None, kind: str | None = None,
                  **changes: Any) -> Player:
    """Rename a player, link its account or set its seeding rating. ``club`` and ``kind``, when given, must be the
    player's own: neither ever changes."""
    pk = player.pk if isinstance(player, Player) else player
    player = Player.objects.select_for_update(of=("self",)).select_related("club").get(pk=pk)
    unknown = sorted(set(changes) - set(PLAYER_FIELDS))
    if unknown:
        raise InvalidInput(f"a player has no field {unknown[0]!r} to change", fields={unknown[0]: ["unknown field"]})
    values = {"name": player.name, "user": player.user, **changes}
    seed_rating = check_seed_rating(values.pop("seed_rating", player.seed_rating))
    values["name"] = check_player(club=club or player.club, kind=kind or player.kind, player=player, **values)
    values["seed_rating"] = seed_rating
    for field, value in values.items():
        setattr(player, field, value)
    return saved(player, list(values))


def check_deletable(player: Player) -> None:
    """A player who has played or entered a tournament stays (:class:`Conflict`, ``in_use``)."""
    if player.seats.exists() or player.entries.exists():
        raise Conflict(f"{player.name} has played matches or entered tournaments and cannot be deleted",
                       code="in_use")


@transaction.atomic
def delete_player(player: Player) -> None:
    """Delete a player who never played nor entered a tournament."""
    check_deletable(player)
    player.delete()
