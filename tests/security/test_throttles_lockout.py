"""Password guessing: every log-in (the API's token, the log-in page, the admin's) is counted by
account and by address; past the limit it is locked out with a clear 429, until it expires."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

PASSWORD = "the-owners-pass-phrase-1"
LIMIT = settings.AXES_FAILURE_LIMIT


@pytest.fixture
def owner(db: None) -> User:
    User.objects.create_superuser("boss", password=PASSWORD)
    return User.objects.create_user("ana", password=PASSWORD)


def token(username: str, password: str, address: str = "203.0.113.7") -> int:
    return APIClient(REMOTE_ADDR=address).post("/api/auth/token/", {"username": username, "password": password},
                                               format="json").status_code


def expire_lockouts() -> None:
    """What the passing of the lockout's time does."""
    AccessAttempt.objects.update(attempt_time=AccessAttempt.objects.first().attempt_time
                                 - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))


def test_the_token_endpoint_locks_an_account_out_then_lets_its_owner_back(owner: User) -> None:
    assert [token("ana", "guess") for _ in range(LIMIT - 1)] == [400] * (LIMIT - 1)
    assert token("ana", "guess") == 429
    locked = APIClient().post("/api/auth/token/", {"username": "ana", "password": PASSWORD}, format="json")
    assert locked.status_code == 429 and locked.json()["code"] == "locked_out"
    assert "try again in" in locked.json()["message"] and int(locked["Retry-After"]) > 0
    assert token("ANA", PASSWORD, address="198.51.100.9") == 429  # by account: any case, any address
    expire_lockouts()
    assert token("ana", PASSWORD) == 200


def test_one_address_guessing_many_accounts_is_locked_out(owner: User) -> None:
    for number in range(LIMIT):
        token(f"someone{number}", "guess")
    assert token("ana", PASSWORD) == 429  # from that address
    assert token("ana", PASSWORD, address="198.51.100.9") == 200  # the owner elsewhere is not


def test_the_forwarded_header_does_not_reset_the_count(owner: User) -> None:
    client = APIClient(REMOTE_ADDR="203.0.113.7")
    for number in range(LIMIT):
        client.post("/api/auth/token/", {"username": f"x{number}", "password": "guess"}, format="json",
                    HTTP_X_FORWARDED_FOR=f"192.0.2.{number}")
    assert client.post("/api/auth/token/", {"username": "ana", "password": PASSWORD}, format="json",
                       HTTP_X_FORWARDED_FOR="192.0.2.200").status_code == 429


@pytest.mark.parametrize("page", ["/accounts/login/", "/admin/login/"])
def test_the_log_in_pages_lock_out_with_a_message(owner: User, page: str) -> None:
    browser = Client(REMOTE_ADDR="203.0.113.7")
    for _ in range(LIMIT - 1):
        assert browser.post(page, {"username": "boss", "password": "guess"}).status_code == 200
    assert browser.post(page, {"username": "boss", "password": "guess"}).status_code == 429
    locked = browser.post(page, {"username": "boss", "password": PASSWORD})
    assert locked.status_code == 429 and b"Too many failed log-ins" in locked.content
    expire_lockouts()
    assert browser.post(page, {"username": "boss", "password": PASSWORD}).status_code == 302
