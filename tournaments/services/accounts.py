"""Writes on user accounts (staff only, as in the admin site): create, change, deactivate."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.errors import InvalidInput

User = get_user_model()


def checked_password(password: str, user: Any = None) -> str:
    """Django's password validators' verdict as the API's error shape."""
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise InvalidInput(" ".join(error.messages), fields={"password": list(error.messages)}) from None
    return password


@transaction.atomic
def create_account(*, username: str, password: str, email: str = "", is_staff: bool = False) -> Any:
    """A new account that can log in at once (and obtain a token)."""
    if User.objects.filter(username=username).exists():
        raise InvalidInput(f"the username {username!r} is taken", fields={"username": ["already taken"]})
    candidate = User(username=username, email=email)
    checked_password(password, candidate)
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password, email=email, is_staff=is_staff)
    except IntegrityError:
        raise InvalidInput(f"the username {username!r} is taken", fields={"username": ["already taken"]}) from None


@transaction.atomic
def update_account(user: Any, **changes: Any) -> Any:
    """Change an account's e-mail, password, staff flag or whether it may log in."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if "password" in changes:
        user.set_password(checked_password(changes.pop("password"), user))
    for field, value in changes.items():
        setattr(user, field, value)
    user.save()
    return user
