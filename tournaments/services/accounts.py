"""Writes on user accounts, and the rule every door that writes them follows (the API, the
admin site's user pages, management commands).

The rule (docs/security.md, "Accounts, sign-in and tokens"):

- only a superuser changes a superuser's account (password, e-mail, flags, activity) or makes
  anyone a superuser;
- nobody raises their own rights (staff or superuser flag) or deactivates themselves;
- the last active superuser stays one: it cannot be demoted or deactivated;
- changing one's own password asks for the current one; any password change ends every token
  and session of the account (:mod:`tournaments.services.tokens`, and Django's session hash).

``actor`` is the account making the change; ``None`` is the operator at the server's shell
(a management command), who may do anything but leave the service without a superuser.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from tournaments.errors import Conflict, Forbidden, InvalidInput
from tournaments.models import Membership
from tournaments.names import clean_name
from tournaments.services.invitations import accept_invitation, find_invitation

User = get_user_model()

#: Fields that grant rights: only superusers set them on others, nobody raises their own.
RIGHTS = ("is_staff", "is_superuser")
#: What the rule knows how to change; anything else is refused.
FIELDS = ("username", "email", "password", "is_active", "is_staff", "is_superuser")


def checked_password(password: str, user: Any = None) -> str:
    """Django's password validators' verdict as the API's error shape."""
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise InvalidInput(" ".join(error.messages), fields={"password": list(error.messages)}) from None
    return password


def clean_username(username: str, *, keep: Any = None) -> str:
    """A username under the names' rule, free whatever its case (``keep``: the account being
    renamed, which may keep its own name)."""
    username = clean_name(username, field="username")
    clash = User.objects.filter(username__iexact=username)
    if keep is not None:
        clash = clash.exclude(pk=keep.pk)
    if clash.exists():
        raise InvalidInput(f"the username {username!r} is taken (usernames are the same whatever their case)",
                           fields={"username": ["already taken"]})
    return username


def check_change(actor: Any, target: Any, changes: dict[str, Any]) -> None:
    """Refuse a change of ``target`` that ``actor`` may not make (the module's rule).

    ``target`` is the account as stored; ``changes`` maps fields to their new values."""
    unknown = sorted(set(changes) - set(FIELDS))
    if unknown:
        raise InvalidInput(f"an account's {unknown[0]} cannot change here", fields={unknown[0]: ["cannot change"]})
    changed = {field for field, value in changes.items() if field == "password" or getattr(target, field) != value}
    if not changed:
        return
    if actor is not None:
        if target.is_superuser and not actor.is_superuser:
            raise Forbidden("only a superuser changes a superuser's account", code="superuser_only")
        if changes.get("is_superuser") and not actor.is_superuser:
            raise Forbidden("only a superuser makes another account a superuser", code="superuser_only")
        if target.pk == actor.pk:
            raised = [field for field in RIGHTS if changes.get(field) and not getattr(target, field)]
            if raised:
                raise Forbidden(f"nobody raises their own rights ({raised[0]})", code="own_rights")
            if changes.get("is_active") is False:
                raise Conflict("you cannot deactivate your own account", code="own_account")
    demoted = changes.get("is_superuser") is False or changes.get("is_active") is False
    if target.is_superuser and target.is_active and demoted:
        others = User.objects.select_for_update().filter(is_superuser=True, is_active=True).exclude(pk=target.pk)
        if not others.exists():
            raise Conflict(f"{target.get_username()} is the last active superuser; make another first",
                           code="last_superuser")


def check_delete(actor: Any, target: Any) -> None:
    """Deleting is a demotion too: the same rule (admin site; the API only deactivates)."""
    check_change(actor, target, {"is_active": False, "is_superuser": False} if target.is_superuser
                 else {"is_active": False})


@transaction.atomic
def create_account(*, username: str, password: str, email: str = "", is_staff: bool = False,
                   is_superuser: bool = False, actor: Any = None) -> Any:
    """A new account that can log in at once (and obtain a token)."""
    if is_superuser and actor is not None and not actor.is_superuser:
        raise Forbidden("only a superuser makes another account a superuser", code="superuser_only")
    username = clean_username(username)
    candidate = User(username=username, email=email)
    checked_password(password, candidate)
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password, email=email,
                                            is_staff=is_staff or is_superuser, is_superuser=is_superuser)
    except IntegrityError:
        raise InvalidInput(f"the username {username!r} is taken", fields={"username": ["already taken"]}) from None


def checked_email(email: Any) -> str:
    """An e-mail address a password reset can reach (required at sign-up)."""
    email = email.strip() if isinstance(email, str) else ""
    try:
        validate_email(email)
    except ValidationError:
        raise InvalidInput("give an e-mail address, like ana@example.org: password resets are sent there",
                           fields={"email": ["enter a valid e-mail address"]}) from None
    return email


@transaction.atomic
def sign_up(*, username: str, email: str, password: str,
            invitation: str | None = None) -> tuple[Any, Membership | None]:
    """Someone makes their own account (``settings.SIGNUP``: ``open`` to anyone, ``invitation``
    only with a club's invitation code) and, with a code, joins that club: one transaction, so
    a code refused on the way (expired, used up meanwhile) leaves no account behind."""
    if not invitation and settings.SIGNUP != "open":
        raise Forbidden("sign-up here is by invitation only: ask a club's director for an invitation link",
                        code="invitation_required", fields={"invitation": ["required"]})
    if invitation:
        find_invitation(invitation)  # a dead code is refused before the name and password are judged
    user = create_account(username=username, password=password, email=checked_email(email))
    membership = accept_invitation(invitation, user) if invitation else None
    return user, membership


@transaction.atomic
def update_account(user: Any, *, actor: Any = None, current_password: str | None = None, **changes: Any) -> Any:
    """Change an account's name, e-mail, password, flags or whether it may log in, under the
    module's rule. A password change ends every token and session of the account."""
    user = User.objects.select_for_update().get(pk=user.pk)
    check_change(actor, user, changes)
    if "password" in changes and actor is not None and actor.pk == user.pk:
        if not current_password or not user.check_password(current_password):
            raise InvalidInput("give your current password to change it",
                               fields={"current_password": ["wrong or missing"]}, code="wrong_password")
    if "username" in changes:
        changes["username"] = clean_username(changes["username"], keep=user)
    if "password" in changes:
        user.set_password(checked_password(changes.pop("password"), user))
    for field, value in changes.items():
        setattr(user, field, value)
    user.save()
    return user
