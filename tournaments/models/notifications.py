"""Notifications: signed webhook endpoints (a user's or a club's), the log of their
deliveries, and each user's e-mail preferences."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models.clubs import Club

#: The events one may hear of (docs/notifications.md describes each payload).
EVENTS = (
    ("bot.forfeited", "a bot of mine forfeits a match"),
    ("bot.placed", "a new version of my bot finishes its placement matches"),
    ("bot.rating_moved", "my bot's rating moves by more than my threshold"),
    ("round.published", "a round of a tournament I direct is published"),
    ("tournament.finished", "a tournament I direct finishes"),
)
EVENT_NAMES = [name for name, _ in EVENTS]


class WebhookEndpoint(models.Model):
    """A URL the service posts signed events to: a user's own, or a club's (managed by its
    directors). The secret signs every delivery; its owner may read it again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="webhooks")
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=80, editable=False)
    events = models.JSONField(default=list, help_text="The event names it wants.")
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.CheckConstraint(condition=Q(user__isnull=True) ^ Q(club__isnull=True),
                                              name="webhook_of_a_user_or_a_club")]

    def __str__(self) -> str:
        return f"webhook {self.url} of {self.club or self.user}"


class Delivery(models.Model):
    """One event sent to one endpoint: its payload, and how its attempts went."""

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        DELIVERED = "delivered", "delivered"
        FAILED = "failed", "failed"

    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=40)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True, default="")
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "deliveries"

    def __str__(self) -> str:
        return f"{self.event} to {self.endpoint.url}: {self.status}"


class NotificationPreference(models.Model):
    """Which events a user hears of by e-mail, the rating move worth a word, and the last
    rating each of their bots was told at (so that small moves add up)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preference")
    email_events = models.JSONField(default=list, blank=True)
    rating_threshold = models.PositiveIntegerField(default=50, help_text="Rating points (displayed scale).")
    rating_marks = models.JSONField(default=dict, blank=True, editable=False,
                                    help_text="Per bot player id: the rating last told.")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"notifications of {self.user}"
