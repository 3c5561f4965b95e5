"""Ladders in the admin."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from tournaments.errors import ServiceError
from tournaments.models import Ladder
from tournaments.services import ladders as ladder_services


class LadderForm(forms.ModelForm):
    class Meta:
        model = Ladder
        fields = ["club", "game", "seats", "options", "enabled", "every_minutes", "matches_per_run",
                  "placement_matches", "bot_limits", "seed"]

    def _post_clean(self) -> None:
        super()._post_clean()
        if not self.errors:
            try:
                ladder_services.check_ladder(self.instance)
            except ServiceError as error:
                self.add_error(None, error.message)


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    """Ladders: their rate is set here and kept in beat's schedule by the service."""

    form = LadderForm
    list_display = ["club", "game", "seats", "enabled", "every_minutes", "matches_per_run", "runs"]
    list_filter = ["enabled", "game", "club"]
    readonly_fields = ["runs", "periodic_task"]
    actions = ["run_now"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [*self.readonly_fields, "club", "game", "seed"] if obj else self.readonly_fields

    def save_model(self, request: HttpRequest, obj: Ladder, form: forms.ModelForm, change: bool) -> None:
        data = {field: form.cleaned_data[field] for field in ladder_services.LADDER_FIELDS if field in form.cleaned_data}
        if change:
            saved = ladder_services.update_ladder(obj, **data)
        else:
            saved = ladder_services.create_ladder(club=form.cleaned_data["club"], game=form.cleaned_data["game"],
                                                  seed=form.cleaned_data.get("seed") or None, **data)
        obj.pk = saved.pk
        obj.refresh_from_db()

    @admin.action(description="Schedule a round of the selected ladders now", permissions=["change"])
    def run_now(self, request: HttpRequest, queryset: QuerySet[Ladder]) -> None:
        for ladder in queryset:
            ladder_services.queue_round(ladder)
        self.message_user(request, f"Scheduling rounds of {queryset.count()} ladders.", messages.SUCCESS)
