"""The world of clubs, people and API clients that most service tests act on."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from tournaments.models import Club, Membership, Player

@dataclass
class World:
    """One public club with a director, two members (one seated as Ana) and players; another
    club with its own member; a private club; staff."""

    club: Club
    other_club: Club
    private_club: Club
    director: User
    member: User
    bystander: User
    outsider: User
    staff: User
    ana: Player
    ben: Player
    cy: Player
    dora: Player
    eve: Player
    fay: Player
    private_player: Player

    def client(self, user: User | None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client


def make_world() -> World:
    """One public club (Pond) with a director, three members (Ana seated as a player) and six
    players; another club (Lily) with its member; a private club; staff."""
    club = Club.objects.create(name="Pond Club", slug="pond")
    other = Club.objects.create(name="Lily Club", slug="lily")
    private = Club.objects.create(name="Secret Club", slug="secret", public=False)
    director = User.objects.create_user("director", password="pw-director-123")
    member = User.objects.create_user("ana", password="pw-ana-123")
    bystander = User.objects.create_user("bystander")
    outsider = User.objects.create_user("outsider")
    staff = User.objects.create_user("staff", is_staff=True, is_superuser=True)
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    Membership.objects.create(user=member, club=club)
    Membership.objects.create(user=bystander, club=club)
    Membership.objects.create(user=outsider, club=other)
    Membership.objects.create(user=director, club=private, role=Membership.Role.DIRECTOR)
    names = ["Ben", "Cy", "Dora", "Eve", "Fay"]
    others = [Player.objects.create(club=club, name=name) for name in names]
    return World(club, other, private, director, member, bystander, outsider, staff,
                 Player.objects.create(club=club, name="Ana", user=member), *others,
                 Player.objects.create(club=private, name="Quiet"))


@pytest.fixture
def world(db: None) -> World:
    return make_world()
