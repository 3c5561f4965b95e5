"""The admin's player pages: every create, rename and delete through the players service."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse

from tournaments.errors import ServiceError
from tournaments.models import Player
from tournaments.services import players as player_services


class PlayerForm(forms.ModelForm):
    """A player, checked by the service's rules, as the API checks it."""

    class Meta:
        model = Player
        fields = ["club", "name", "kind", "user"]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            try:
                player_services.check_player(club=data["club"], name=data["name"], kind=data["kind"],
                                             user=data.get("user"), player=self.instance if self.instance.pk else None)
            except ServiceError as error:
                raise forms.ValidationError(error.message) from None
        return data

    def _get_validation_exclusions(self) -> set[str]:
        """The name and its clash are the service's to check (above), in its own words."""
        return {*super()._get_validation_exclusions(), "name"}


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerForm
    list_display = ["name", "club", "kind", "user", "created_at"]
    list_filter = ["kind", "club"]
    search_fields = ["name", "user__username"]
    autocomplete_fields = ["club", "user"]

    def save_model(self, request: HttpRequest, obj: Player, form: forms.ModelForm, change: bool) -> None:
        data = form.cleaned_data
        if change:
            saved = player_services.update_player(obj.pk, club=data["club"], kind=data["kind"], name=data["name"],
                                                  user=data.get("user"))
        else:
            saved = player_services.create_player(club=data["club"], name=data["name"], kind=data["kind"],
                                                  user=data.get("user"))
        obj.pk = saved.pk
        obj.refresh_from_db()

    def delete_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> HttpResponse:
        """A player in use is refused with the service's reason, before any confirmation page."""
        player = self.get_object(request, object_id)
        if player is not None and self.has_delete_permission(request, player):
            try:
                player_services.check_deletable(player)
            except ServiceError as error:
                self.message_user(request, error.message, messages.ERROR)
                return HttpResponseRedirect(reverse("admin:tournaments_player_change", args=[player.pk]))
        return super().delete_view(request, object_id, extra_context)

    def delete_model(self, request: HttpRequest, obj: Player) -> None:
        player_services.delete_player(obj)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        """No bulk delete: each player is deleted on its own page, where a refusal can show."""
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions
