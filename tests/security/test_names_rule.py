"""Names people read (players, clubs, users) are NFKC and hold no control or format character,
on every path; usernames are unique whatever their case, and log-in finds the one account."""

from __future__ import annotations

import unicodedata

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tournaments.errors import InvalidInput
from tournaments.models import Club, Membership, Player
from tournaments.names import REFUSED_CATEGORIES, clean_name
from tournaments.services import clubs as club_services

RLO, ZWSP = "\u202e", "\u200b"
PASSWORD = "a-long-pass-phrase-1"


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(max_size=30))
def test_a_clean_name_is_normalized_and_holds_no_refused_character(text: str) -> None:
    try:
        name = clean_name(text)
    except InvalidInput as error:
        assert error.fields and "name" in error.fields
        return
    assert name == unicodedata.normalize("NFKC", name) == name.strip() and name
    assert not any(unicodedata.category(char) in REFUSED_CATEGORIES for char in name)
    assert clean_name(name) == name


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(st.characters(exclude_categories=list(REFUSED_CATEGORIES)), min_size=1, max_size=10),
       st.characters(categories=["Cc", "Cf"]),
       st.text(st.characters(exclude_categories=list(REFUSED_CATEGORIES)), max_size=10))
def test_any_control_or_format_character_is_refused_by_its_code_point(before: str, bad: str, after: str) -> None:
    with pytest.raises(InvalidInput, match=f"U\\+{ord(bad):04X}"):
        clean_name(before + bad + after)


@pytest.fixture
def director(db: None) -> User:
    user = User.objects.create_user("director", password=PASSWORD)
    club = club_services.create_club(name="Pond", slug="pond", director=user)
    assert Membership.objects.filter(club=club, user=user).exists()
    return user


def as_user(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize(("address", "body"), [
    ("/api/players/", {"club": "pond", "name": f"Eve{RLO}lin"}),
    ("/api/clubs/", {"name": f"Po{ZWSP}nd", "slug": "pond-2"}),
    ("/api/bots/", {"club": "pond", "name": f"Hop{RLO}per", "game": "froggit", "strategy": "random"}),
])
def test_the_api_refuses_spoofing_names_with_the_character(director: User, address: str,
                                                           body: dict[str, str]) -> None:
    answer = as_user(director).post(address, body, format="json")
    assert answer.status_code == 400 and "name" in answer.json()["fields"], answer.json()
    assert "U+" in answer.json()["message"] or "U+" in str(answer.json()["fields"])
    assert not Player.objects.filter(name__contains=RLO).exists() and Club.objects.count() == 1


def test_renames_are_checked_and_names_stored_normalized(director: User) -> None:
    client = as_user(director)
    assert client.patch("/api/clubs/pond/", {"name": f"Pond{RLO}"}, format="json").status_code == 400
    created = client.post("/api/players/", {"club": "pond", "name": "ＡＮＡ"}, format="json")
    assert created.status_code == 201 and created.json()["name"] == "ANA"
    renamed = client.patch(f"/api/players/{created.json()['id']}/", {"name": f"A{ZWSP}na"}, format="json")
    assert renamed.status_code == 400 and Player.objects.get(pk=created.json()["id"]).name == "ANA"


def test_services_and_the_admin_follow_the_same_rule(director: User) -> None:
    club = Club.objects.get(slug="pond")
    with pytest.raises(InvalidInput, match="U\\+202E"):
        club_services.players_by_name(club, [f"x{RLO}"], create=True)
    with pytest.raises(InvalidInput), transaction.atomic():
        Player.objects.create(club=club, name=f"y{ZWSP}")  # whatever writes it
    admin = Client()
    admin.force_login(User.objects.create_superuser("root", password=PASSWORD))
    page = admin.post(reverse("admin:tournaments_player_add"), {"club": club.pk, "name": f"Zed{RLO}", "kind": "person"})
    assert page.status_code == 200 and b"U+202E" in page.content
    assert not Player.objects.filter(club=club).exists()


def test_usernames_are_unique_whatever_their_case(db: None) -> None:
    User.objects.create_superuser("root", password=PASSWORD)
    staff = as_user(User.objects.get(username="root"))
    for name in ("ROOT", "Root", f"ro{ZWSP}ot"):
        answer = staff.post("/api/users/", {"username": name, "password": PASSWORD}, format="json")
        assert answer.status_code == 400 and "username" in answer.json()["fields"], name
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("rOOt")  # the database holds the rule too
    admin = Client()
    admin.force_login(User.objects.get(username="root"))
    page = admin.post(reverse("admin:auth_user_add"), {"username": "ROOT", "password1": PASSWORD,
                                                       "password2": PASSWORD, "usable_password": "true"})
    assert page.status_code == 200 and User.objects.count() == 1
    with pytest.raises(CommandError, match="taken"):
        call_command("createsuperuser", username="ROOT", email="", interactive=False, verbosity=0)
    assert User.objects.count() == 1


def test_a_rename_cannot_take_another_accounts_name_in_another_case(db: None) -> None:
    root = User.objects.create_superuser("root", password=PASSWORD)
    other = User.objects.create_user("other", password=PASSWORD)
    admin = Client()
    admin.force_login(root)
    page = admin.post(reverse("admin:auth_user_change", args=[other.pk]), {
        "username": "ROOT", "is_active": "on", "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00"})
    assert page.status_code == 200 and User.objects.get(pk=other.pk).username == "other"


def test_log_in_in_any_case_finds_the_one_account(db: None) -> None:
    User.objects.create_user("Ana", password=PASSWORD)
    for typed in ("ana", "ANA", "Ana"):
        answer = APIClient().post("/api/auth/token/", {"username": typed, "password": PASSWORD}, format="json")
        assert answer.status_code == 200, typed
    assert Client().post(reverse("login"), {"username": "aNA", "password": PASSWORD}).status_code == 302
