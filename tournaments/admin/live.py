"""Matches played on the board, read-only: the clocks, who opened the board and who moved last.

The turn under way (a race's secret tokens, a cycle's drawn cards) is never shown, here or
anywhere: only how many decisions it holds. Nothing is changed here; the board changes through
the play service alone (``services/play.py``), and a match is voided or deleted on its own page.
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from tournaments.admin.base import ReadOnlyAdmin
from tournaments.models import LiveGame


@admin.register(LiveGame)
class LiveGameAdmin(ReadOnlyAdmin):
    list_display = ["match_link", "status", "timed", "turn_under_way", "last_by", "created_at"]
    list_select_related = ["match", "last_by"]
    search_fields = ["=match__id", "match__club__name"]
    fields = ["match_link", "status", "opened_by", "last_by", "turn_under_way", "clock_ms", "increment_ms",
              "remaining_ms", "turn_started_at", "seq", "created_at"]
    readonly_fields = fields

    @admin.display(description="match")
    def match_link(self, live: LiveGame) -> str:
        return format_html('<a href="{}">match #{}</a>', reverse("admin:tournaments_match_change",
                                                                 args=[live.match_id]), live.match_id)

    @admin.display(description="status")
    def status(self, live: LiveGame) -> str:
        return live.match.get_status_display()

    @admin.display(description="timed", boolean=True)
    def timed(self, live: LiveGame) -> bool:
        return live.timed

    @admin.display(description="turn under way")
    def turn_under_way(self, live: LiveGame) -> str:
        """How many decisions the turn holds, never which (hidden until it is logged)."""
        decisions = sum(1 for seat, _ in live.steps if seat is not None)
        return f"{decisions} decision{'s' if decisions != 1 else ''} taken, hidden until the move is logged" \
            if decisions else "none"
