"""Writes on clubs and players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from tournaments.errors import InvalidInput
from tournaments.models import Club, Membership, Player


@transaction.atomic
def create_club(*, name: str, slug: str, public: bool = True, director: Any = None) -> Club:
    """A new club; the user who creates it becomes its director."""
    if Club.objects.filter(slug=slug).exists():
        raise InvalidInput(f"a club with the slug {slug!r} exists", fields={"slug": ["already taken"]})
    club = Club.objects.create(name=name, slug=slug, public=public)
    if director is not None and director.is_authenticated:
        Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    return club


def players_by_name(club: Club, names: Sequence[str], *, create: bool,
                    kinds: Sequence[str] | None = None) -> list[Player]:
    """The club's players with these names, in order; unknown names become new players when
    ``create`` (people, unless ``kinds`` says otherwise), else they are refused."""
    known = {player.name: player for player in Player.objects.filter(club=club, name__in=set(names))}
    players = []
    for seat, name in enumerate(names):
        if name not in known:
            if not create:
                raise InvalidInput(f"{club.name} has no player named {name!r}", code="bad_players",
                                   fields={"seats": [f"no player named {name!r}"]})
            kind = kinds[seat] if kinds else Player.Kind.PERSON
            known[name] = Player.objects.create(club=club, name=name, kind=kind)
        players.append(known[name])
    return players
