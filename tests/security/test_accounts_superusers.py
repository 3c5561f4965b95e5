"""Who may change whom: plain staff never take over a superuser, nobody raises their own rights,
and the last active superuser stays one; through the API and the admin site's user pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

PASSWORD = "an-old-pass-phrase-1"
NEW = "a-fresh-pass-phrase-2"


@dataclass
class People:
    root: User
    staff: User
    alice: User


@pytest.fixture
def people(db: None) -> People:
    """One superuser, one staff account allowed to manage users in the admin, one ordinary account."""
    root = User.objects.create_superuser("root", password=PASSWORD)
    staff = User.objects.create_user("staff", password=PASSWORD, is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(codename__in=["view_user", "change_user", "add_user"]))
    alice = User.objects.create_user("alice", password=PASSWORD)
    return People(root, staff, alice)


def api(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# (actor, target, change, status): the API's half of the matrix.
API_MATRIX = [
    ("staff", "root", {"password": NEW}, 403),
    ("staff", "root", {"is_active": False}, 403),
    ("staff", "root", {"is_staff": False}, 403),
    ("staff", "root", {"email": "mine@example.org"}, 403),
    ("staff", "alice", {"password": NEW}, 200),
    ("staff", "alice", {"is_staff": True}, 200),
    ("staff", "alice", {"is_superuser": True}, 403),
    ("staff", "staff", {"is_superuser": True}, 403),
    ("alice", "alice", {"is_staff": True}, 403),
    ("alice", "alice", {"is_superuser": True}, 403),
    ("root", "staff", {"password": NEW}, 200),
    ("root", "staff", {"is_superuser": True}, 200),
    ("root", "root", {"is_superuser": False}, 409),
    ("root", "root", {"is_active": False}, 409),
]


@pytest.mark.parametrize(("actor", "target", "change", "status"), API_MATRIX,
                         ids=[f"{a} changes {t}'s {next(iter(c))}" for a, t, c, _ in API_MATRIX])
def test_the_api_applies_the_accounts_rule(people: People, actor: str, target: str, change: dict[str, Any],
                                           status: int) -> None:
    acting, changed = getattr(people, actor), getattr(people, target)
    before = User.objects.values().get(pk=changed.pk)
    address = "/api/users/me/" if acting == changed else f"/api/users/{changed.pk}/"
    body = {**change, "current_password": PASSWORD} if "password" in change and acting == changed else change
    answer = api(acting).patch(address, body, format="json")
    assert answer.status_code == status, answer.json()
    if status != 200:
        assert User.objects.values().get(pk=changed.pk) == before
        assert answer.json()["message"]


def test_the_last_active_superuser_stays_one_but_another_may_go(people: People) -> None:
    second = User.objects.create_superuser("second", password=PASSWORD)
    assert api(people.root).patch(f"/api/users/{second.pk}/", {"is_superuser": False},
                                  format="json").status_code == 200
    refused = api(people.root).patch("/api/users/me/", {"is_superuser": False}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "last_superuser"
    # a deactivated superuser does not count as the one left
    other = User.objects.create_superuser("other", password=PASSWORD, is_active=False)
    refused = api(people.root).patch("/api/users/me/", {"is_superuser": False}, format="json")
    assert refused.status_code == 409 and User.objects.get(pk=other.pk).is_superuser


def test_staff_who_took_over_nothing_cannot_log_in_as_the_superuser(people: People) -> None:
    """The probe's path: a new password set by plain staff, then a token for the superuser."""
    api(people.staff).patch(f"/api/users/{people.root.pk}/", {"password": NEW}, format="json")
    token = APIClient().post("/api/auth/token/", {"username": "root", "password": NEW}, format="json")
    assert token.status_code == 400
    assert Client().login(username="root", password=NEW) is False


# -- the admin site ------------------------------------------------------------------------------

def change_form(user: User, **overrides: Any) -> dict[str, Any]:
    """What the admin's change form posts for ``user``, with ``overrides``."""
    data: dict[str, Any] = {
        "username": user.username, "email": user.email, "first_name": "", "last_name": "",
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"), "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        "initial-date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "initial-date_joined_1": user.date_joined.strftime("%H:%M:%S"),
    }
    for flag in ("is_active", "is_staff", "is_superuser"):
        if getattr(user, flag):
            data[flag] = "on"
    for key, value in overrides.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def admin(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_plain_staff_only_view_a_superuser_in_the_admin(people: People) -> None:
    client = admin(people.staff)
    page = client.get(reverse("admin:auth_user_change", args=[people.root.pk]))
    assert page.status_code == 200 and b'name="username"' not in page.content  # read-only
    posted = client.post(reverse("admin:auth_user_change", args=[people.root.pk]),
                         change_form(people.root, is_superuser=None, email="mine@example.org"))
    assert posted.status_code == 403
    password_page = reverse("admin:auth_user_password_change", args=[people.root.pk])
    assert client.get(password_page).status_code == 403
    changed = client.post(password_page, {"password1": NEW, "password2": NEW, "usable_password": "true"})
    assert changed.status_code == 403
    people.root.refresh_from_db()
    assert people.root.check_password(PASSWORD) and people.root.is_superuser and people.root.email == ""


def test_plain_staff_grant_no_rights_in_the_admin_not_even_their_own(people: People) -> None:
    client = admin(people.staff)
    every = [str(pk) for pk in Permission.objects.values_list("pk", flat=True)]
    for user in (people.staff, people.alice):
        client.post(reverse("admin:auth_user_change", args=[user.pk]),
                    change_form(user, is_superuser="on", user_permissions=every))
        user.refresh_from_db()
        assert not user.is_superuser and user.user_permissions.count() <= 3
    client.post(reverse("admin:auth_user_change", args=[people.alice.pk]), change_form(people.alice, is_staff="on"))
    assert User.objects.get(pk=people.alice.pk).is_staff  # staff may make others staff


def test_the_last_superuser_cannot_demote_itself_in_the_admin(people: People) -> None:
    client = admin(people.root)
    page = client.post(reverse("admin:auth_user_change", args=[people.root.pk]),
                       change_form(people.root, is_superuser=None))
    assert page.status_code == 200 and b"last active superuser" in page.content
    assert User.objects.get(pk=people.root.pk).is_superuser


def test_accounts_are_not_deleted_in_the_admin(people: People) -> None:
    client = admin(people.root)
    assert client.post(reverse("admin:auth_user_delete", args=[people.alice.pk]), {"post": "yes"}).status_code == 403
    assert User.objects.filter(pk=people.alice.pk).exists()


def test_commands_keep_a_superuser(people: People) -> None:
    """The operator at the shell is trusted, but the service keeps its last superuser."""
    from tournaments.errors import Conflict
    from tournaments.services import accounts as account_services

    with pytest.raises(Conflict):
        account_services.update_account(people.root, is_active=False)
    account_services.update_account(people.alice, password=NEW)
    assert User.objects.get(pk=people.alice.pk).check_password(NEW)
