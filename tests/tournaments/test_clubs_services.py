"""Clubs: their slugs (suggested from the name, checked, some reserved) and inviting an
existing account by its username, recorded as invited by the director."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tournaments.errors import Conflict, InvalidInput
from tournaments.models import Club, Membership
from tournaments.services.clubs import create_club, invite_user, suggest_slug


@pytest.fixture
def club(db: None) -> Club:
    director = User.objects.create_user("director")
    return create_club(name="Pond Club", slug="pond", director=director)


def test_the_creator_directs_the_new_club(club: Club) -> None:
    assert club.memberships.get().role == Membership.Role.DIRECTOR


@pytest.mark.parametrize(("slug", "why"), [("new", "names a page"), ("two words", "letters, digits"),
                                           ("", "letters, digits"), ("x" * 51, "at most 50"),
                                           ("pond", "already taken"), (None, "letters, digits")])
def test_a_slug_must_be_free_well_formed_and_not_a_pages(club: Club, slug: object, why: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        create_club(name="Another", slug=slug)
    assert why in caught.value.fields["slug"][0]


def test_a_suggested_slug_is_made_from_the_name_and_free(club: Club) -> None:
    assert suggest_slug("Pond") == "pond-2"
    assert suggest_slug("Étang des Grenouilles!") == "etang-des-grenouilles"
    assert suggest_slug("New") == "new-2"
    assert suggest_slug("★★★") == "club"
    assert len(suggest_slug("long " * 40)) <= 50


def test_inviting_by_username_adds_the_account_invited_by_the_director(club: Club) -> None:
    director = User.objects.get(username="director")
    ana = User.objects.create_user("Ana")
    membership = invite_user(club, username=" ana ", by=director, role="director")
    assert (membership.user, membership.role, membership.invited_by) == (ana, "director", director)


@pytest.mark.parametrize(("username", "role", "error", "field", "why"), [
    ("nobody", "member", InvalidInput, "username", "no account is named 'nobody'"),
    ("an\x00a", "member", InvalidInput, "username", "no account is named 'an\\x00a'"),
    ("", "member", InvalidInput, "username", "give a username"),
    ("director", "member", Conflict, "username", "director is already a member"),
    ("ana", "king", InvalidInput, "role", "a role is one of director, member"),
])
def test_inviting_by_username_says_why_not_beside_the_field(club, username, role, error, field, why) -> None:
    User.objects.create_user("ana")
    with pytest.raises(error) as caught:
        invite_user(club, username=username, by=User.objects.get(username="director"), role=role)
    assert caught.value.fields[field] == [why]
    assert club.memberships.count() == 1
