"""The people every page is tried as: anonymous, a member, another club's director, the club's
director and staff; each a signed-in Django test client."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import Club, Membership, Player

ROLES = ("anonymous", "member", "rival", "director", "staff")


@dataclass
class Cast:
    """Pond Club (public) with its director, a member seated as Ana and five more players;
    Lily Club with its own director (the rival); a staff superuser with no membership."""

    club: Club
    other_club: Club
    director: User
    member: User
    rival: User
    staff: User
    ana: Player
    players: list[Player]

    def user(self, role: str) -> User | None:
        return None if role == "anonymous" else getattr(self, role)

    def client(self, role: str) -> Client:
        client = Client()
        user = self.user(role)
        if user is not None:
            client.force_login(user)
        return client


@pytest.fixture
def cast(db: None) -> Cast:
    club = Club.objects.create(name="Pond Club", slug="pond")
    other = Club.objects.create(name="Lily Club", slug="lily")
    director = User.objects.create_user("director", password="pw-director-123", email="director@example.org")
    member = User.objects.create_user("ana", password="pw-ana-123", email="ana@example.org")
    rival = User.objects.create_user("rival", password="pw-rival-123")
    staff = User.objects.create_user("staff", password="pw-staff-123", is_staff=True, is_superuser=True)
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    Membership.objects.create(user=member, club=club, invited_by=director)
    Membership.objects.create(user=rival, club=other, role=Membership.Role.DIRECTOR)
    ana = Player.objects.create(club=club, name="Ana", user=member)
    players = [Player.objects.create(club=club, name=name) for name in ("Ben", "Cy", "Dora", "Eve", "Fay")]
    return Cast(club, other, director, member, rival, staff, ana, players)
