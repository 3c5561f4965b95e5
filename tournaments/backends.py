"""Log-in by username in any case: usernames are unique whatever their case, so ``ROOT`` and
``root`` name the one account (docs/security.md)."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


def login_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """The username a log-in attempt names, as lockouts count it: normalized and in lower case,
    so changing its case does not buy more guesses."""
    username = (credentials or {}).get("username")
    if username is None and request is not None:
        username = request.POST.get("username")
    return unicodedata.normalize("NFKC", str(username or "")).strip().casefold()


class AnyCaseModelBackend(ModelBackend):
    """Django's model backend, finding the account whatever the case of the username typed."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None, password: str | None = None,
                     **kwargs: Any) -> Any:
        User = get_user_model()
        if username is None:
            username = kwargs.get(User.USERNAME_FIELD)
        if username is None or password is None:
            return None
        username = unicodedata.normalize("NFKC", str(username)).strip()
        user = User._default_manager.filter(username__iexact=username).order_by("pk").first()
        if user is None:
            User().set_password(password)  # the same cost as a wrong password (timing)
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' lockout check for every log-in that comes with a request (the API's token,
    the log-in pages, the admin's). A call without one (a script, a test client's ``login``)
    has no address to count and is left to the next backend."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None, password: str | None = None,
                     **kwargs: Any) -> Any:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
