"""Unrated games a bot owner asks for: a challenge of N seeded games, or a rerun of one match."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.base import game_choices
from tournaments.models.bots import BotVersion
from tournaments.models.clubs import Club


class Challenge(models.Model):
    """N unrated games between the owner's version and versions they may see, one per seed.

    A rerun is a challenge of one game that replays a finished match (``rerun_of``): the same
    seed, options and opponents, with the owner's version in one seat."""

    class Status(models.TextChoices):
        QUEUED = "queued", "queued"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"
        FAILED = "failed", "failed"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="challenges")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges")
    game = models.CharField(max_length=40, choices=game_choices)
    version = models.ForeignKey(BotVersion, on_delete=models.CASCADE, related_name="challenges",
                                help_text="The owner's version under test.")
    lineup = models.JSONField(default=list, help_text="The bot version ids in seat order, the owner's among them.")
    options = models.JSONField(default=dict, blank=True)
    seeds = models.JSONField(default=list, help_text="One seed per game.")
    rerun_of = models.ForeignKey("Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="reruns")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "created_at"], name="challenge_owner_created")]

    def __str__(self) -> str:
        what = f"rerun of match {self.rerun_of_id}" if self.rerun_of_id else f"{len(self.seeds)} games"
        return f"challenge {self.pk}: {what}"
