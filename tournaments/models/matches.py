"""Matches, their logs and seats.

A match's log (setup, moves, forfeits) is the source of truth: its seats' ranks and scores
are written only by the services, from the verified log, never typed in.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models.base import game_choices
from tournaments.models.bots import BotVersion, Ladder
from tournaments.models.clubs import Club
from tournaments.models.players import Player
from tournaments.models.tournaments import Round, Tournament


class Match(models.Model):
    """One game: what was played, by whom, and how it ended (from its log)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", "scheduled"
        IN_PROGRESS = "in_progress", "in progress"
        FINISHED = "finished", "finished"
        VOID = "void", "void"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=200, blank=True, default="",
                            help_text="Set when the service drew the chance outcomes.")
    commitment = models.CharField(max_length=80, blank=True, default="")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="matches")
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    ladder = models.ForeignKey(Ladder, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    pairing = models.PositiveIntegerField(default=0, help_text="The pairing or table within its round.")
    game_number = models.PositiveIntegerField(default=0, help_text="Best-of-N games and replays count from 0.")
    bracket = models.CharField(max_length=10, blank=True, default="")
    challenge = models.ForeignKey("Challenge", null=True, blank=True, on_delete=models.SET_NULL, related_name="matches",
                                  help_text="The challenge or rerun this unrated game was played for.")
    started_at = models.DateTimeField(null=True, blank=True, help_text="When a worker last started playing it.")
    rated = models.BooleanField(default=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="recorded_matches")
    played_at = models.DateTimeField(null=True, blank=True)
    move_count = models.PositiveIntegerField(default=0, help_text="The number of moves in the log.")
    result = models.JSONField(null=True, blank=True, help_text="The verified result (ranks, scores, detail).")
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, editable=False,
                                       help_text="The Idempotency-Key its recorder sent: a retry returns this match.")
    fingerprint = models.CharField(max_length=64, blank=True, default="", editable=False,
                                   help_text="sha256 of the game's setup, moves and players: one upload per game.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-played_at", "-id"]
        verbose_name_plural = "matches"
        constraints = [models.UniqueConstraint(fields=["recorded_by", "idempotency_key"],
                                               condition=Q(idempotency_key__isnull=False),
                                               name="one_match_per_idempotency_key")]
        indexes = [
            models.Index(fields=["club", "status", "-played_at"], name="match_club_status_played"),
            models.Index(fields=["game", "status", "-played_at"], name="match_game_status_played"),
            models.Index(fields=["tournament", "round"], name="match_tournament_round"),
            models.Index(fields=["club", "fingerprint"], name="match_club_fingerprint"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class MatchLog(models.Model):
    """The match's log: the envelope's setup, moves and forfeits, kept apart from the match
    row so that lists of matches do not load the moves."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="log")
    setup = models.JSONField(default=dict, blank=True)
    moves = models.JSONField(default=list, blank=True)
    forfeits = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"log of {self.match}"


class Seat(models.Model):
    """A player's seat in a match; rank and score come from the verified log."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    bot_version = models.ForeignKey(BotVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="seats",
                                    help_text="The version a bot plays this match with, fixed when it is scheduled.")
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    forfeit_reason = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_player_per_seat")]
        indexes = [models.Index(fields=["player", "match"], name="seat_player_match")]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index}: {self.player}"


class SeatOutput(models.Model):
    """What an uploaded bot wrote to standard error in one match (its first 64 KiB), and its
    report turn by turn: for the bot's owner and staff only."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, primary_key=True, related_name="output")
    stderr = models.TextField(blank=True, default="")
    turns = models.JSONField(default=list, blank=True,
                             help_text="Per turn the bot played: its number, thinking time (ms) and the standard "
                                       "error it wrote during that turn (bounded).")
    forfeit = models.JSONField(default=dict, blank=True,
                               help_text="Where the bot forfeited: the turn, the limit it hit and its last lines.")

    def __str__(self) -> str:
        return f"output of {self.seat}"


class Correction(models.Model):
    """The audit trail of a corrected result: who changed a finished match's log, when, what
    changed and why. Directors read it whole; members see that a correction happened."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="corrections")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField()
    changes = models.JSONField(default=dict, blank=True,
                               help_text="What changed: the result and the moves before and after.")

    class Meta:
        ordering = ["match", "at", "pk"]

    def __str__(self) -> str:
        return f"correction of match {self.match_id}"
