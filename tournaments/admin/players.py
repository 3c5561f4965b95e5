"""Players in the admin."""

from __future__ import annotations

from django.contrib import admin

from tournaments.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "kind", "user", "created_at"]
    list_filter = ["kind", "club"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["club", "user"]
