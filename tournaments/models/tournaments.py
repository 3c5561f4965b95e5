"""Tournaments and their entrants, rounds and byes."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.base import game_choices
from tournaments.models.clubs import Club
from tournaments.models.players import Player


class Tournament(models.Model):
    """A club's tournament of one game: its format, entrants, rounds and matches.

    Standings and progress are derived from the stored matches and kept here only so that
    they read fast; they can be recomputed at any time with the same output.
    """

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "round robin"
        DOUBLE_ROUND_ROBIN = "double_round_robin", "double round robin"
        SWISS = "swiss", "Swiss"
        SINGLE_ELIMINATION = "single_elimination", "single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "double elimination"
        TABLES = "tables", "tables"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "registration"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=40, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    rated = models.BooleanField(default=True)
    format = models.CharField(max_length=20, choices=Format.choices, default=Format.ROUND_ROBIN)
    format_settings = models.JSONField(default=dict, blank=True,
                                help_text="Rounds, table size, best-of, points and tie-breaks.")
    seed = models.CharField(max_length=200, blank=True, default="",
                            help_text="Every match seed derives from it, so the tournament replays identically.")
    bots = models.BooleanField(default=False, help_text="Played by workers between bots.")
    bot_limits = models.JSONField(default=dict, blank=True,
                                  help_text="Bot time limits over the protocol's defaults: start_ms, move_ms, total_ms.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION)
    self_registration = models.BooleanField(default=False,
                                            help_text="Members may register themselves while registration is open.")
    check_in = models.BooleanField(default=False, help_text="Entrants check in before round 1; the rest are left out.")

    class NoShow(models.TextChoices):
        ZERO_BYE = "zero_bye", "a zero-point bye"
        WITHDRAW = "withdraw", "withdrawal"

    round_check_in = models.BooleanField(
        default=False, help_text="Entrants check in before every round; who has not by the deadline is a no-show.")
    no_show = models.CharField(max_length=10, choices=NoShow.choices, default=NoShow.ZERO_BYE,
                               help_text="What an entrant who has not checked in for a round gets.")
    clock_seconds = models.PositiveIntegerField(null=True, blank=True,
                                                help_text="Each seat's time for a game played on the board; none: untimed.")
    clock_increment_seconds = models.PositiveIntegerField(default=0, help_text="Seconds added after each move.")
    current_round = models.PositiveIntegerField(default=0)
    total_rounds = models.PositiveIntegerField(null=True, blank=True)
    matches_done = models.PositiveIntegerField(default=0)
    matches_total = models.PositiveIntegerField(default=0)
    standings = models.JSONField(null=True, blank=True, help_text="Derived from the matches; recomputable.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="created_tournaments")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "bots"], name="tournament_status_bots")]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """A player in a tournament, with its seeding; withdrawn entrants get no more pairings."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    seed = models.PositiveIntegerField(help_text="1 is the top seed.")
    joined_round = models.PositiveIntegerField(default=1)
    withdrawn = models.BooleanField(default=False)
    withdrawn_after_round = models.PositiveIntegerField(null=True, blank=True)
    checked_in = models.BooleanField(default=False, help_text="Present for round 1, where the tournament asks.")

    class Meta:
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="one_entrant_per_seed"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.tournament}"


class Round(models.Model):
    """A round: proposed (a director may still change its pairings), published, complete."""

    class Status(models.TextChoices):
        PROPOSED = "proposed", "proposed"
        PUBLISHED = "published", "published"
        COMPLETE = "complete", "complete"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PUBLISHED)
    proposal = models.JSONField(default=list, blank=True, help_text="The proposed games, before publishing.")
    explanation = models.JSONField(default=dict, blank=True,
                                   help_text="Why the pairings are what they are: groups, floats, byes, seats.")
    starts_at = models.DateTimeField(null=True, blank=True, help_text="When the round's games begin.")
    check_in_deadline = models.DateTimeField(null=True, blank=True,
                                             help_text="Entrants not checked in by then are no-shows.")
    deadline = models.DateTimeField(null=True, blank=True,
                                    help_text="Games not finished by then may be forfeited by a director.")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class RoundCheckIn(models.Model):
    """An entrant's check-in for one round of a tournament that asks for it every round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="check_ins")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="round_check_ins")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "at", "pk"]
        constraints = [models.UniqueConstraint(fields=["round", "entrant"], name="one_check_in_per_round")]

    def __str__(self) -> str:
        return f"{self.entrant} checked in for {self.round}"


class Bye(models.Model):
    """An entrant who sits a round out: a pairing bye scores the tournament's bye points; an
    absence (a no-show) scores nothing and does not count as a bye when pairing."""

    class Kind(models.TextChoices):
        BYE = "bye", "bye"
        ABSENT = "absent", "absent (zero-point bye)"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")
    pairing = models.PositiveIntegerField(default=0)
    bracket = models.CharField(max_length=10, blank=True, default="")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.BYE)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "bracket", "entrant"], name="one_bye_per_round")]
