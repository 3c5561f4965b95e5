"""Tournaments, their rounds, entrants and byes in the admin: settings checked by the same
service as the API."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from tournaments.errors import ServiceError
from tournaments.admin.base import ReadOnlyAdmin
from tournaments.models import Bye, Entrant, Round, RoundCheckIn, Tournament
from tournaments.services import tournaments as tournament_services


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "status"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ["seed", "player", "joined_round", "withdrawn", "withdrawn_after_round"]
    readonly_fields = ["joined_round", "withdrawn", "withdrawn_after_round"]
    autocomplete_fields = ["player"]


class TournamentForm(forms.ModelForm):
    """A tournament's settings, checked by the service as the API checks them: the same
    limits on every path; they no longer change once it has started."""

    class Meta:
        model = Tournament
        exclude = ["standings"]

    def _post_clean(self) -> None:
        super()._post_clean()
        if self.errors:
            return
        tournament = self.instance
        changed = set(self.changed_data) & set(tournament_services.TOURNAMENT_FIELDS)
        if tournament.pk and tournament.status != Tournament.Status.REGISTRATION and changed:
            self.add_error(None, f"the tournament is {tournament.status}: its settings no longer change")
            return
        try:
            tournament_services.checked_tournament(
                club=tournament.club, name=tournament.name, game=tournament.game, format=tournament.format,
                options=tournament.options, format_settings=tournament.format_settings, seed=tournament.seed,
                bots=tournament.bots, rated=tournament.rated, created_by=tournament.created_by,
                bot_limits=tournament.bot_limits, round_check_in=tournament.round_check_in,
                no_show=tournament.no_show)
        except ServiceError as error:
            self.add_error(None, error.message)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "game", "format", "status", "current_round", "progress", "bots", "rated",
                    "created_at"]
    list_filter = ["game", "format", "status", "bots", "rated", "club"]
    search_fields = ["name", "club__name"]
    readonly_fields = ["status", "current_round", "total_rounds", "matches_done", "matches_total",
                       "standings_table"]
    exclude = ["standings"]
    form = TournamentForm
    inlines = [EntrantInline, RoundInline]

    @admin.display(description="matches")
    def progress(self, tournament: Tournament) -> str:
        return f"{tournament.matches_done}/{tournament.matches_total}"

    @admin.display(description="standings")
    def standings_table(self, tournament: Tournament) -> str:
        if not tournament.pk or not tournament.entrants.exists():
            return "—"
        rows = tournament_services.compute_standings(tournament)
        return format_html("<table><tr><th>rank</th><th>entrant</th><th>points</th><th>tie-breaks</th></tr>{}</table>",
                           format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                                            ((row["rank"], row["entrant"], row["points"], row["tiebreaks"])
                                             for row in rows)))


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status"]
    list_filter = ["status", "tournament"]


@admin.register(RoundCheckIn)
class RoundCheckInAdmin(ReadOnlyAdmin):
    """Who checked in for which round, read only: check-ins are made on the site or by the API,
    through the check-in service."""

    list_display = ["entrant", "round", "at"]
    list_filter = ["round__tournament"]
    search_fields = ["entrant__player__name", "round__tournament__name"]
    readonly_fields = ["round", "entrant", "at"]


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "seed", "joined_round", "withdrawn"]
    list_filter = ["withdrawn", "tournament"]
    search_fields = ["player__name", "tournament__name"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["entrant", "tournament", "round"]
