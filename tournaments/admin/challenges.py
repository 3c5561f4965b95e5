"""Challenges and reruns, read-only: who asked for which games, and how they went.

A challenge is made and played through its service (``services/challenges.py``) by its owner;
staff read it here, with a link to each of its games, and change nothing.
"""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html_join

from tournaments.admin.base import ReadOnlyAdmin
from tournaments.models import Challenge


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    list_display = ["id", "owner", "club", "game", "version", "games", "rerun_of", "status", "created_at"]
    list_filter = ["status", "game"]
    list_select_related = ["owner", "club", "version__entry__player"]
    search_fields = ["=id", "owner__username", "club__name"]
    fields = ["owner", "club", "game", "version", "lineup", "options", "seeds", "rerun_of", "status", "error",
              "played", "created_at", "finished_at"]
    readonly_fields = fields

    @admin.display(description="games")
    def games(self, challenge: Challenge) -> int:
        return len(challenge.seeds)

    @admin.display(description="games played")
    def played(self, challenge: Challenge) -> str:
        matches = challenge.matches.order_by("game_number", "pk")
        if not matches:
            return "none yet"
        return format_html_join(", ", '<a href="{}">match #{}</a> ({})', (
            (reverse("admin:tournaments_match_change", args=[match.pk]), match.pk, match.get_status_display())
            for match in matches))
