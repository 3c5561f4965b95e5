"""Sign-up as a service: who may make an account, with which e-mail, and that joining a club
by invitation is all or nothing with the account."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tournaments.errors import Conflict, Forbidden, InvalidInput, Missing
from tournaments.models import Club, Membership
from tournaments.services import accounts
from tournaments.services.accounts import sign_up
from tournaments.services.invitations import create_invitation

PASSWORD = "a-long-frog-pass-phrase-7"


@pytest.fixture
def club(db: None) -> Club:
    club = Club.objects.create(name="Pond Club", slug="pond")
    director = User.objects.create_user("director")
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    return club


def test_open_sign_up_makes_an_account_with_no_club(club: Club) -> None:
    user, membership = sign_up(username="Newt", email=" newt@example.org ", password=PASSWORD)
    assert membership is None and user.email == "newt@example.org" and user.check_password(PASSWORD)


def test_an_invitation_joins_its_club_with_its_role(club: Club) -> None:
    link = create_invitation(club, by=club.memberships.get().user, role="director")
    user, membership = sign_up(username="newt", email="newt@example.org", password=PASSWORD, invitation=link.code)
    assert (membership.user, membership.club, membership.role) == (user, club, "director")


def test_invitation_mode_needs_a_code(club: Club, settings: object) -> None:
    settings.SIGNUP = "invitation"
    with pytest.raises(Forbidden) as refused:
        sign_up(username="newt", email="newt@example.org", password=PASSWORD)
    assert refused.value.code == "invitation_required"
    assert not User.objects.filter(username="newt").exists()


@pytest.mark.parametrize("email", ["", "newt", "newt@", 7, None])
def test_an_e_mail_address_is_required(club: Club, email: object) -> None:
    with pytest.raises(InvalidInput) as refused:
        sign_up(username="newt", email=email, password=PASSWORD)
    assert refused.value.fields == {"email": ["enter a valid e-mail address"]}


def test_a_dead_code_is_refused_before_anything_is_made(club: Club) -> None:
    with pytest.raises(Missing):
        sign_up(username="newt", email="newt@example.org", password=PASSWORD, invitation="nope")
    assert not User.objects.filter(username="newt").exists()


def test_a_code_used_up_meanwhile_leaves_no_account(club: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    link = create_invitation(club, by=club.memberships.get().user, max_uses=1)

    def used_up(code: str, user: User) -> None:
        raise Conflict("this invitation link has been used up", code="invitation_ended")

    monkeypatch.setattr(accounts, "accept_invitation", used_up)
    with pytest.raises(Conflict):
        sign_up(username="newt", email="newt@example.org", password=PASSWORD, invitation=link.code)
    assert not User.objects.filter(username="newt").exists()
