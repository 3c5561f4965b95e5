"""API tokens: named, expiring, stored hashed, revoked one by one or all at once, and all of
them (and every session) ended by a password change, which asks for the current password."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import ApiToken

PASSWORD = "an-old-pass-phrase-1"
NEW = "a-fresh-pass-phrase-2"


@pytest.fixture
def ana(db: None) -> User:
    return User.objects.create_user("ana", password=PASSWORD)


def log_in(name: str = "", **extra: object) -> dict:
    answer = APIClient().post("/api/auth/token/", {"username": "ana", "password": PASSWORD, "name": name, **extra},
                              format="json")
    assert answer.status_code == 200, answer.json()
    return answer.json()


def holding(secret: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client


def works(secret: str) -> bool:
    return holding(secret).get("/api/users/me/").status_code == 200


def test_a_token_has_a_name_an_expiry_and_only_its_hash_is_kept(ana: User) -> None:
    body = log_in("phone", days=7)
    assert body["name"] == "phone" and body["key"] == body["token"][:len(body["key"])]
    expiry = timezone.datetime.fromisoformat(body["expiry"].replace("Z", "+00:00"))
    assert timedelta(days=6, hours=23) < expiry - timezone.now() <= timedelta(days=7)
    assert works(body["token"])
    stored = ApiToken.objects.get(user=ana)
    assert body["token"] not in (stored.digest, stored.token_key)
    default = log_in("laptop")
    assert timezone.datetime.fromisoformat(default["expiry"].replace("Z", "+00:00")) - timezone.now() \
        > timedelta(days=29)
    refused = APIClient().post("/api/auth/token/", {"username": "ana", "password": PASSWORD, "days": 400},
                               format="json")
    assert refused.status_code == 400 and "days" in refused.json()["fields"]
    spoof = APIClient().post("/api/auth/token/", {"username": "ana", "password": PASSWORD, "name": "pho\u202ene"},
                             format="json")
    assert spoof.status_code == 400 and "U+202E" in spoof.json()["message"]


def test_an_expired_token_is_refused(ana: User) -> None:
    body = log_in("old")
    ApiToken.objects.filter(token_key=body["key"]).update(expiry=timezone.now() - timedelta(seconds=1))
    answer = holding(body["token"]).get("/api/users/me/")
    assert answer.status_code == 403 and answer.json()["code"] == "authentication_failed" and not ApiToken.objects.filter(token_key=body["key"]).exists()


def test_tokens_are_listed_without_secrets_and_revoked_one_by_one(ana: User) -> None:
    phone, laptop = log_in("phone"), log_in("laptop")
    listed = holding(phone["token"]).get("/api/auth/tokens/").json()
    assert {token["name"] for token in listed} == {"phone", "laptop"}
    assert [token["current"] for token in listed if token["name"] == "phone"] == [True]
    assert all("token" not in token for token in listed)
    assert holding(phone["token"]).delete(f"/api/auth/tokens/{laptop['key']}/").status_code == 204
    assert not works(laptop["token"]) and works(phone["token"])
    assert holding(phone["token"]).delete("/api/auth/token/").status_code == 204  # logging out
    assert not works(phone["token"])


def test_all_tokens_end_at_once(ana: User) -> None:
    secrets = [log_in(name)["token"] for name in ("a", "b", "c")]
    assert holding(secrets[0]).delete("/api/auth/tokens/").status_code == 204
    assert not any(works(secret) for secret in secrets)


def test_nobody_revokes_or_lists_anothers_tokens(ana: User) -> None:
    mine = log_in("mine")
    User.objects.create_user("ben", password=PASSWORD)
    ben = APIClient().post("/api/auth/token/", {"username": "ben", "password": PASSWORD}, format="json").json()
    assert holding(ben["token"]).delete(f"/api/auth/tokens/{mine['key']}/").status_code == 404
    assert holding(ben["token"]).delete("/api/auth/tokens/").status_code == 204
    assert works(mine["token"])
    assert not works(ben["token"])
    assert APIClient().get("/api/auth/tokens/").status_code == 403


def test_changing_ones_password_asks_for_the_current_one_and_ends_every_token_and_session(ana: User) -> None:
    token = log_in("phone")["token"]
    browser = Client()
    assert browser.post(reverse("login"), {"username": "ana", "password": PASSWORD}).status_code == 302
    assert browser.get("/api/users/me/").status_code == 200
    for body in ({"password": NEW}, {"password": NEW, "current_password": "wrong"}):
        refused = holding(token).patch("/api/users/me/", body, format="json")
        assert refused.status_code == 400 and refused.json()["fields"] == {"current_password": ["wrong or missing"]}
    assert User.objects.get(pk=ana.pk).check_password(PASSWORD) and works(token)
    changed = holding(token).patch("/api/users/me/", {"password": NEW, "current_password": PASSWORD}, format="json")
    assert changed.status_code == 200
    assert not works(token)
    assert browser.get("/api/users/me/").status_code == 403
    assert not ApiToken.objects.filter(user=ana).exists()


def test_a_password_set_by_staff_or_on_the_shell_ends_the_tokens_too(ana: User) -> None:
    staff = User.objects.create_superuser("root", password=PASSWORD)
    token = log_in("phone")["token"]
    client = APIClient()
    client.force_authenticate(staff)
    assert client.patch(f"/api/users/{ana.pk}/", {"password": NEW}, format="json").status_code == 200
    assert not works(token)
    User.objects.filter(pk=ana.pk).update(password="")
    ana.refresh_from_db()
    ana.set_password(PASSWORD)
    ana.save()
    again = log_in("again")["token"]
    ana.set_password(NEW)
    ana.save()  # what `changepassword` and the admin's password page do
    assert not works(again)
