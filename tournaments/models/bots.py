"""Bots: entries, their uploaded versions, and the ladders they play on."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models.base import game_choices
from tournaments.models.clubs import Club
from tournaments.models.players import Player


class BotEntry(models.Model):
    """A bot for one game, taking its seats as a player of its club: a built-in strategy or an
    uploaded program, in numbered immutable versions of which one is active."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="bot_entry")
    game = models.CharField(max_length=40, choices=game_choices)
    description = models.TextField(blank=True, default="")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="bot_entries", help_text="Only the owner (and staff) see its code and standard error.")
    active_version = models.ForeignKey("BotVersion", null=True, blank=True, on_delete=models.PROTECT,
                                       related_name="+", help_text="The version new matches are played with.")
    ladder = models.BooleanField(default=True, help_text="Takes part in its club's ladder for the game.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "player__name"]
        verbose_name_plural = "bot entries"

    def __str__(self) -> str:
        return f"{self.player.name} ({self.game})"


class BotVersion(models.Model):
    """One immutable version of a bot entry: a built-in strategy with its parameters, or the
    bytes of an uploaded Python file or zip with their sha256."""

    class Kind(models.TextChoices):
        BUILTIN = "builtin", "built-in strategy"
        PYTHON = "python", "Python file"
        ZIP = "zip", "zip archive"

    entry = models.ForeignKey(BotEntry, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    strategy = models.CharField(max_length=200, blank=True, default="",
                                help_text="A built-in bot with its parameters, like mcts:budget=400.")
    filename = models.CharField(max_length=200, blank=True, default="")
    code = models.BinaryField(null=True, blank=True, editable=False)
    size = models.PositiveIntegerField(default=0)
    sha256 = models.CharField(max_length=64)
    note = models.CharField(max_length=200, blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "number"], name="bot_version_number_unique"),
            models.CheckConstraint(condition=Q(kind="builtin", code__isnull=True) & ~Q(strategy="")
                                   | ~Q(kind="builtin") & Q(code__isnull=False, strategy=""),
                                   name="bot_version_strategy_or_code"),
        ]

    def __str__(self) -> str:
        return f"{self.entry.player.name} v{self.number}"

    @property
    def uploaded(self) -> bool:
        return self.kind != self.Kind.BUILTIN


class Ladder(models.Model):
    """A club's continuous rated ladder for one game: a scheduled task pairs its active bot
    entries by rating, giving new versions their placement matches first."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ladders")
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    seats = models.PositiveSmallIntegerField(default=2, help_text="Seats per ladder match.")
    enabled = models.BooleanField(default=True)
    every_minutes = models.PositiveIntegerField(default=10, help_text="How often the ladder schedules matches.")
    matches_per_run = models.PositiveIntegerField(default=4)
    placement_matches = models.PositiveIntegerField(default=5, help_text="Matches a new version plays first.")
    bot_limits = models.JSONField(default=dict, blank=True,
                                  help_text="Bot time limits over the protocol's defaults: start_ms, move_ms, total_ms.")
    seed = models.CharField(max_length=200, blank=True, default="",
                            help_text="Pairings and match seeds derive from it and the run number.")
    runs = models.PositiveIntegerField(default=0)
    periodic_task = models.OneToOneField("django_celery_beat.PeriodicTask", null=True, blank=True,
                                         on_delete=models.SET_NULL, related_name="ladder")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "game"]
        constraints = [models.UniqueConstraint(fields=["club", "game"], name="one_ladder_per_club_game")]

    def __str__(self) -> str:
        return f"{self.club} {self.game} ladder"
