"""Ratings: each player's rating per game, each seat's rating change, and the bookkeeping of
recomputes."""

from __future__ import annotations

from django.db import models
from django.db.models import F

from tournaments.models.base import game_choices
from tournaments.models.matches import Match, Seat
from tournaments.models.players import Player


class Rating(models.Model):
    """A player's rating in one game (openskill's mu and sigma) and its running record.

    Derived data: rebuilt from the seats' snapshots (:class:`SeatRating`) by replaying the
    rated matches of the game in (played time, id) order.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=40, choices=game_choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text="Rated matches played.")
    wins = models.PositiveIntegerField(default=0, help_text="Two-seat matches won.")
    losses = models.PositiveIntegerField(default=0, help_text="Two-seat matches lost.")
    draws = models.PositiveIntegerField(default=0, help_text="Two-seat matches drawn.")
    tables = models.PositiveIntegerField(default=0, help_text="Matches of three seats or more.")
    place_sum = models.PositiveIntegerField(default=0, help_text="Sum of places at those tables.")
    best_mu = models.FloatField(null=True, blank=True)
    best_at = models.DateTimeField(null=True, blank=True)
    best_match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    last_played_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "player"]
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="one_rating_per_player_and_game")]
        indexes = [
            models.Index(fields=["game", "games"], name="rating_game_games"),
            # The leaderboard's order (selectors.leaderboard): a page is read from the index,
            # not sorted from every rating of the game. 3 is CONSERVATIVE_DEVIATIONS.
            models.Index(F("game"), (F("mu") - 3 * F("sigma")).desc(), F("games").desc(), F("player"),
                         name="rating_leaderboard"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.game}"


class SeatRating(models.Model):
    """A rated seat's snapshot: the player's rating before and after the match.

    The match's time, player, game and place are copied here so that a player's history and
    the rollback to a point in time read this table alone, in (played_at, match) order.
    """

    class Outcome(models.TextChoices):
        WIN = "win", "win"
        LOSS = "loss", "loss"
        DRAW = "draw", "draw"
        TABLE = "", "a table of three or more"

    # No database constraints on this table: a full recompute writes hundreds of thousands of
    # rows, and checking each one's seat at commit cost as much again as writing it. The rows
    # are derived and written only from seats read in the same transaction; Django's cascades
    # remove them with their seat, match or player.
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, primary_key=True, related_name="rating",
                                db_constraint=False)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seat_ratings", db_constraint=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seat_ratings", db_constraint=False,
                               db_index=False)  # the (player, game, played_at, match) index serves
    game = models.CharField(max_length=40, choices=game_choices)
    played_at = models.DateTimeField(help_text="The match's played_at (its created_at when that is empty).")
    seats = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    outcome = models.CharField(max_length=4, choices=Outcome.choices, blank=True, default="")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["game", "played_at", "match", "seat"]
        indexes = [
            models.Index(fields=["game", "played_at", "match"], name="seat_rating_game_time"),
            models.Index(fields=["player", "game", "played_at", "match"], name="seat_rating_player_time"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.match}"


class RatingCursor(models.Model):
    """Per game: the last rated match applied, and the row locked while ratings change, so
    that concurrent updates of one game run one at a time, each seeing the other's work."""

    game = models.CharField(max_length=40, choices=game_choices, primary_key=True)
    last_played_at = models.DateTimeField(null=True, blank=True)
    last_match_id = models.BigIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"ratings of {self.game}"


class RatingMark(models.Model):
    """A change that may touch ratings (a match finished, corrected or voided), written in
    the same transaction as the change; the ratings update consumes it. The match is named
    by id, not by a key, so that a mark outlives the match."""

    game = models.CharField(max_length=40, choices=game_choices)
    match_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["game", "id"], name="rating_mark_game")]

    def __str__(self) -> str:
        return f"{self.game} match {self.match_id} changed"
