"""Clubs and their members: who belongs to which club, with which role."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.names import NameField


class Club(models.Model):
    """A club: its members, players and matches. Public clubs show finished matches to all."""

    name = NameField(max_length=100)
    slug = models.SlugField(max_length=50, unique=True)
    public = models.BooleanField(default=True, help_text="Anyone may read this club's finished matches.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user account's role in a club."""

    class Role(models.TextChoices):
        DIRECTOR = "director", "director"
        MEMBER = "member", "member"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club")]
        ordering = ["club", "user"]

    def __str__(self) -> str:
        return f"{self.user} ({self.role} of {self.club})"
