"""API tokens: issued for a username and password, each named and with an expiry, revoked one
by one or all at once; every token of an account ends when its password changes.

Tokens are django-rest-knox's: only a hash is stored, so a stolen database holds no usable
token, and the header stays ``Authorization: Token ...``. A token is named in the API by its
``key``, the first characters of the secret that knox keeps in the clear for look-ups.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from django.utils import timezone
from knox.settings import knox_settings

from tournaments.errors import InvalidInput, Missing
from tournaments.models import ApiToken
from tournaments.names import clean_name


def longest_life() -> timedelta:
    return knox_settings.TOKEN_TTL


def issue_token(user: Any, *, name: str = "", days: int | None = None) -> tuple[ApiToken, str]:
    """A new token for ``user`` and its secret (shown once: only its hash is kept)."""
    most = longest_life()
    if days is not None and not 1 <= days <= most.days:
        message = f"a token lives from 1 to {most.days} days"
        raise InvalidInput(message, fields={"days": [message]})
    life = timedelta(days=days) if days is not None else most
    name = clean_name(name) if name else ""
    return ApiToken.objects.create(user, expiry=life, name=name)


def live_tokens(user: Any) -> list[ApiToken]:
    """The account's tokens that have not expired, newest first."""
    return list(ApiToken.objects.filter(user=user, expiry__gt=timezone.now()))


def revoke_token(user: Any, key: str) -> None:
    """End one of the account's tokens, named by its key."""
    deleted, _ = ApiToken.objects.filter(user=user, token_key=key).delete()
    if not deleted:
        raise Missing(f"you have no token {key!r}", code="not_found")


def revoke_all(user: Any) -> int:
    """End every token of the account; how many there were."""
    deleted, _ = ApiToken.objects.filter(user=user).delete()
    return deleted


@receiver(pre_save, sender="auth.User")
def _note_password_change(sender: type, instance: Any, **kwargs: Any) -> None:
    """Whatever writes an account (the API, the admin site, ``changepassword``), a new password
    ends its tokens; Django's session hash ends its sessions."""
    update_fields = kwargs.get("update_fields")
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = sender._default_manager.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._password_changed = stored is not None and stored != instance.password


@receiver(post_save, sender="auth.User")
def _end_tokens_on_password_change(sender: type, instance: Any, created: bool, **kwargs: Any) -> None:
    if getattr(instance, "_password_changed", False):
        instance._password_changed = False
        revoke_all(instance)
