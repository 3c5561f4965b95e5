"""Invitation links: who they let in, with which role, and when they stop working."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.errors import Conflict, InvalidInput, Missing
from tournaments.models import Club, Membership
from tournaments.services.invitations import (accept_invitation, create_invitation, find_invitation,
                                              open_invitations, revoke_invitation)


@pytest.fixture
def club(db: None) -> Club:
    return Club.objects.create(name="Pond Club", slug="pond")


@pytest.fixture
def director(club: Club) -> User:
    user = User.objects.create_user("director")
    Membership.objects.create(user=user, club=club, role=Membership.Role.DIRECTOR)
    return user


def test_accepting_makes_a_member_with_the_links_role_recorded_as_invited_by_its_creator(club, director):
    link = create_invitation(club, by=director, role="director")
    newcomer = User.objects.create_user("newcomer")
    membership = accept_invitation(link.code, newcomer)
    assert (membership.club, membership.role, membership.invited_by) == (club, "director", director)
    link.refresh_from_db()
    assert link.uses == 1


def test_a_member_accepting_again_keeps_their_role_and_uses_nothing(club, director):
    link = create_invitation(club, by=director, role="director")
    membership = accept_invitation(link.code, director)
    assert membership.role == "director" and membership.invited_by is None
    link.refresh_from_db()
    assert link.uses == 0


def test_a_link_for_two_people_refuses_the_third(club, director):
    link = create_invitation(club, by=director, max_uses=2)
    for name in ("one", "two"):
        accept_invitation(link.code, User.objects.create_user(name))
    with pytest.raises(Conflict, match="expired or been used up"):
        accept_invitation(link.code, User.objects.create_user("three"))
    assert not Membership.objects.filter(user__username="three").exists()
    assert open_invitations(club) == []


def test_an_expired_link_and_a_revoked_one_let_nobody_in(club, director):
    expired = create_invitation(club, by=director, days=1)
    expired.expires_at = timezone.now() - timedelta(seconds=1)
    expired.save()
    with pytest.raises(Conflict):
        find_invitation(expired.code)
    revoked = revoke_invitation(create_invitation(club, by=director))
    for code in (revoked.code, "no-such-code", "", None, "x" * 500, "bad\x00code", revoked.code + "\n"):
        with pytest.raises(Missing, match="not valid"):
            find_invitation(code)


@pytest.mark.parametrize(("asked", "field"), [({"days": 0}, "days"), ({"days": 400}, "days"),
                                                 ({"max_uses": 0}, "max_uses"), ({"role": "king"}, "role")])
def test_impossible_links_are_refused_by_field(club, director, asked, field):
    with pytest.raises(InvalidInput) as refused:
        create_invitation(club, by=director, **asked)
    assert field in refused.value.fields
    assert not club.invitations.exists()
