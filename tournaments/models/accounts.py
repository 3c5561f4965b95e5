"""API tokens: the keys a user's clients sign in with."""

from __future__ import annotations

from django.db import models
from knox.models import AbstractAuthToken


class ApiToken(AbstractAuthToken):
    """An API token (django-rest-knox keeps it hashed): named by its owner for the device or
    program that holds it, with an expiry; revoked one by one or all at once, and all of an
    account's end when its password changes."""

    name = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.token_key} ({self.name or 'unnamed'}) of {self.user}"
