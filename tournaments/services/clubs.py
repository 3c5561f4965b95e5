"""Writes on clubs and players."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.core.validators import slug_re
from django.db import transaction
from django.utils.text import slugify

from tournaments.errors import Conflict, InvalidInput
from tournaments.models import Club, Membership, Player
from tournaments.names import clean_name, normalized_name

#: What a club's director may change of it (its slug names it in addresses and stays).
CLUB_FIELDS = ("name", "public", "casual_rated", "challenge_quota")
#: The most challenge and rerun games a club may allow one bot owner a day.
MOST_CHALLENGE_QUOTA = 10_000
#: Slugs a club cannot have: page addresses under /clubs/ that would hide it.
RESERVED_SLUGS = frozenset({"new"})
LONGEST_SLUG = 50


def check_slug(slug: Any) -> str:
    """A club's slug as stored, or why it cannot be one."""
    problem = None
    if not isinstance(slug, str) or not slug_re.fullmatch(slug):
        problem = "letters, digits, hyphens and underscores only"
    elif len(slug) > LONGEST_SLUG:
        problem = f"at most {LONGEST_SLUG} characters"
    elif slug in RESERVED_SLUGS:
        problem = f"{slug!r} names a page; choose another"
    if problem:
        raise InvalidInput(f"slug: {problem}", fields={"slug": [problem]})
    return slug


def suggest_slug(name: str) -> str:
    """A free slug made from a club's name: ``Pond Club`` gives ``pond-club`` (or ``pond-club-2``...)."""
    base = slugify(name)[:LONGEST_SLUG - 4].strip("-") or "club"
    slug, number = base, 1
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


@transaction.atomic
def create_club(*, name: str, slug: str, public: bool = True, director: Any = None) -> Club:
    """A new club; the user who creates it becomes its director."""
    name = clean_name(name)
    check_slug(slug)
    if Club.objects.filter(slug=slug).exists():
        raise InvalidInput(f"a club with the slug {slug!r} exists", fields={"slug": ["already taken"]})
    club = Club.objects.create(name=name, slug=slug, public=public)
    if director is not None and director.is_authenticated:
        Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    return club


def club_for_import(slug: str, name: str) -> Club:
    """The club that imported logs go to when none is named: found by its slug, or founded
    (with no director: staff look after it)."""
    club = Club.objects.filter(slug=slug).first()
    return club if club is not None else create_club(name=name, slug=slug)


def players_by_name(club: Club, names: Sequence[str], *, create: bool,
                    kinds: Sequence[str] | None = None, field: str = "seats") -> list[Player]:
    """The club's players with these names, in order. Unknown names become new players only
    when ``create`` (people, unless ``kinds`` says otherwise); otherwise they are refused,
    all of them named at once (``unknown_players``, with the list in ``unknown``), so that a
    misspelt name never becomes a stranger's player. Names are looked up in their stored
    (normalized) form; a new one must pass the names' rule."""
    names = [clean_name(name, field=field) if create else normalized_name(name) for name in names]
    known = {player.name: player for player in Player.objects.filter(club=club, name__in=set(names))}
    unknown = list(dict.fromkeys(name for name in names if name not in known))
    if unknown and not create:
        listed = ", ".join(repr(name) for name in unknown)
        message = (f"{club.name} has no player named {listed}: check the spelling, or ask for "
                   f"{'it' if len(unknown) == 1 else 'them'} to be created as new players")
        raise InvalidInput(message, code="unknown_players", fields={field: [message]}, unknown=unknown)
    players = []
    for seat, name in enumerate(names):
        if name not in known:
            kind = kinds[seat] if kinds else Player.Kind.PERSON
            known[name] = Player.objects.create(club=club, name=name, kind=kind)
        players.append(known[name])
    return players


@transaction.atomic
def update_club(club: Club, **changes: Any) -> Club:
    """Rename a club, make it public or private, say whether its casual games on the board are
    rated, and how many challenge and rerun games a bot owner may ask for a day."""
    unknown = sorted(set(changes) - set(CLUB_FIELDS))
    if unknown:
        raise InvalidInput(f"a club's {unknown[0]} cannot change", fields={unknown[0]: ["cannot change"]})
    if "name" in changes:
        changes["name"] = clean_name(changes["name"])
    for switch in ("public", "casual_rated"):
        if switch in changes and not isinstance(changes[switch], bool):
            raise InvalidInput(f"{switch} is true or false", fields={switch: ["true or false"]})
    if "challenge_quota" in changes:
        quota = changes["challenge_quota"]
        if isinstance(quota, bool) or not isinstance(quota, int) or not 0 <= quota <= MOST_CHALLENGE_QUOTA:
            problem = f"a whole number from 0 to {MOST_CHALLENGE_QUOTA:,}"
            raise InvalidInput(f"challenge_quota: {problem}", fields={"challenge_quota": [problem]})
    club = Club.objects.select_for_update().get(pk=club.pk)
    for field, value in changes.items():
        setattr(club, field, value)
    club.save(update_fields=list(changes) or None)
    return club


def check_role(role: Any) -> str:
    if role not in Membership.Role.values:
        message = f"a role is one of {', '.join(Membership.Role.values)}"
        raise InvalidInput(message, fields={"role": [message]})
    return role


def keeps_a_director(membership: Membership) -> None:
    """Refuse to leave a club without any director: someone must be able to run it."""
    others = (Membership.objects.filter(club_id=membership.club_id, role=Membership.Role.DIRECTOR)
              .exclude(pk=membership.pk))
    if membership.role == Membership.Role.DIRECTOR and not others.exists():
        raise Conflict(f"{membership.user} is the only director of {membership.club.name}; name another first",
                       code="last_director")


@transaction.atomic
def add_member(club: Club, user: Any, role: str = Membership.Role.MEMBER) -> Membership:
    """Make a user account a member (or a director) of the club."""
    check_role(role)
    Club.objects.select_for_update().get(pk=club.pk)
    if Membership.objects.filter(club=club, user=user).exists():
        raise Conflict(f"{user} is already a member of {club.name}", code="already_member")
    return Membership.objects.create(club=club, user=user, role=role)


def find_account(username: Any, *, field: str = "username", active_only: bool = True) -> Any:
    """The account with this username (exactly, or else the one account ignoring case), or
    :class:`InvalidInput` beside ``field`` naming what was asked for."""
    name = username.strip() if isinstance(username, str) else ""
    if not name:
        raise InvalidInput("give the username of an account", fields={field: ["give a username"]})
    user = None
    if not any(unicodedata.category(char) in ("Cc", "Cs") for char in name):  # no account holds one
        accounts = get_user_model().objects.filter(is_active=True) if active_only else get_user_model().objects
        user = accounts.filter(username=name).first()
        if user is None:
            alike = list(accounts.filter(username__iexact=name)[:2])
            user = alike[0] if len(alike) == 1 else None
    if user is None:
        raise InvalidInput(f"there is no account named {name[:150]!r}", code="unknown_user",
                           fields={field: [f"no account is named {name[:150]!r}"]})
    return user


@transaction.atomic
def invite_user(club: Club, *, username: Any, by: Any, role: str = Membership.Role.MEMBER) -> Membership:
    """Add an existing account, named by its username, to the club with ``role``, recorded as
    invited by ``by`` (a director). The username matches exactly, or else ignoring case."""
    check_role(role)
    user = find_account(username)
    Club.objects.select_for_update().get(pk=club.pk)
    if Membership.objects.filter(club=club, user=user).exists():
        raise Conflict(f"{user} is already a member of {club.name}", code="already_member",
                       fields={"username": [f"{user} is already a member"]})
    return Membership.objects.create(club=club, user=user, role=role, invited_by=by)


@transaction.atomic
def change_role(membership: Membership, role: str) -> Membership:
    """Make a member a director or a director a member; the club keeps a director."""
    check_role(role)
    Club.objects.select_for_update().get(pk=membership.club_id)
    membership = Membership.objects.select_related("club", "user").get(pk=membership.pk)
    if role != membership.role and role == Membership.Role.MEMBER:
        keeps_a_director(membership)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def remove_member(membership: Membership) -> None:
    """End a membership (a director removing someone, or a member leaving); the club keeps a
    director. The person's players stay, with their matches."""
    Club.objects.select_for_update().get(pk=membership.club_id)
    membership = Membership.objects.select_related("club", "user").get(pk=membership.pk)
    keeps_a_director(membership)
    membership.delete()


@transaction.atomic
def delete_club(club: Club) -> None:
    """Delete a club with everything in it: matches, tournaments, players, bots and ladders
    (and the ladders' beat schedules). Other clubs' ratings are untouched: matches are
    played within a club."""
    from django_celery_beat.models import PeriodicTask

    from tournaments.models import BotEntry, Entrant, Ladder, Match

    club = Club.objects.select_for_update().get(pk=club.pk)
    # Seats and entrants protect their players, and entries their active versions: remove
    # those references first, then let the cascade take the rest.
    Match.objects.filter(club=club).delete()
    Entrant.objects.filter(tournament__club=club).delete()
    BotEntry.objects.filter(player__club=club).update(active_version=None)
    schedules = list(Ladder.objects.filter(club=club).exclude(periodic_task=None)
                     .values_list("periodic_task", flat=True))
    club.delete()
    PeriodicTask.objects.filter(pk__in=schedules).delete()
