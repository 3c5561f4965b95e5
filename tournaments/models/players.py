"""Players: the people and bots who sit at a club's tables."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.names import NameField
from tournaments.models.clubs import Club


class Player(models.Model):
    """Someone who takes a seat: a person (optionally with an account) or a bot entry."""

    class Kind(models.TextChoices):
        PERSON = "person", "person"
        BOT = "bot", "bot"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = NameField(max_length=100)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PERSON)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="players")
    seed_rating = models.FloatField(
        null=True, blank=True,
        help_text="The seeding rating its club gave it (higher is stronger), from a roster import or its director: "
                  "it orders entrants when seeds are assigned, before any played rating exists. Empty: none.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_name_unique_in_club"),
            models.CheckConstraint(condition=Q(kind="person") | Q(user__isnull=True), name="only_people_have_accounts"),
        ]

    def __str__(self) -> str:
        return self.name
