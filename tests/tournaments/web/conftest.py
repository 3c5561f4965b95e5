"""The people every page is tried as: anonymous, a member, another club's director, the club's
director and staff; each a signed-in Django test client."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import ClubFactory, DirectorFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import Club, Player

ROLES = ("anonymous", "member", "rival", "director", "staff")


@dataclass
class Cast:
    """Pond Club (public) with its director, a member seated as Ana and five more players;
    Lily Club with its own director (the rival); a staff superuser with no membership. Each
    account's password is ``pw-<username>-123`` (``tests.factories.UserFactory``)."""

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
    club = ClubFactory(name="Pond Club", slug="pond")
    other = ClubFactory(name="Lily Club", slug="lily")
    director = DirectorFactory(club=club, user__username="director", user__email="director@example.org").user
    member = MembershipFactory(club=club, invited_by=director, user__username="ana", user__email="ana@example.org").user
    rival = DirectorFactory(club=other, user__username="rival").user
    staff = UserFactory(username="staff", is_staff=True, is_superuser=True)
    ana = PlayerFactory(club=club, name="Ana", user=member)
    players = [PlayerFactory(club=club, name=name) for name in ("Ben", "Cy", "Dora", "Eve", "Fay")]
    return Cast(club, other, director, member, rival, staff, ana, players)
