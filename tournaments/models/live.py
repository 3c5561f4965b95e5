"""A match played on the service's own board: the turn under way, the clocks and who moved last.

The log (``MatchLog``) stays the source of truth for every finished move. A ``LiveGame`` holds
only what lies between two log moves: the decisions already taken in the turn under way (a
race's secret tokens, the first half of a cycle) and the chance outcomes drawn for it from the
match seed. Those are hidden from everyone until the turn is complete and logged.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.matches import Match


class LiveGame(models.Model):
    """The state between log moves of a match played on the board."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="live")
    steps = models.JSONField(default=list, blank=True, editable=False,
                             help_text="The turn under way: [seat, action] decisions and [null, outcome] draws.")
    draws = models.PositiveIntegerField(default=0, editable=False,
                                        help_text="Chance outcomes drawn from the match seed so far.")
    last_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+", help_text="Who completed the last logged move (may undo it).")
    clock_ms = models.PositiveIntegerField(null=True, blank=True,
                                           help_text="Each seat's time budget; none for an untimed match.")
    increment_ms = models.PositiveIntegerField(default=0, help_text="Time added to a seat after each of its moves.")
    remaining_ms = models.JSONField(default=list, blank=True,
                                    help_text="Each seat's time left when its clock last stopped.")
    turn_started_at = models.DateTimeField(null=True, blank=True,
                                           help_text="When the running clocks started (server time).")
    seq = models.PositiveBigIntegerField(default=0, help_text="The number of the last live event sent.")
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"live {self.match}"

    @property
    def timed(self) -> bool:
        return self.clock_ms is not None
