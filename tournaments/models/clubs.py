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
    casual_rated = models.BooleanField(default=False,
                                       help_text="Casual games played on the board (against bots too) count for ratings.")
    challenge_quota = models.PositiveIntegerField(default=50,
                                                  help_text="Challenge and rerun games a bot owner may ask for a day.")
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
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", help_text="Who invited this member (by link or by name).")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club")]
        ordering = ["club", "user"]

    def __str__(self) -> str:
        return f"{self.user} ({self.role} of {self.club})"


class Invitation(models.Model):
    """A link that lets whoever holds it join a club with a role (and sign up, where sign-up
    is by invitation only). It ends when revoked, when it expires, or after its last use."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    code = models.CharField(max_length=64, unique=True, editable=False)
    role = models.CharField(max_length=10, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    max_uses = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: any number of people.")
    uses = models.PositiveIntegerField(default=0)
    revoked = models.BooleanField(default=False)

    class Meta:
        ordering = ["club", "-created_at"]

    def __str__(self) -> str:
        return f"invitation to {self.club} as {self.role}"
