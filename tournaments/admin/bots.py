"""Bot entries, versions and their seats' output in the admin: adding an entry or a version
needs its add permission, activating a version the entry's change permission."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse

from tournaments.errors import ServiceError
from tournaments.forms import VersionSourceForm
from tournaments.models import BotEntry, BotVersion, Club, SeatOutput
from tournaments.services import bots as bot_services
from tournaments.admin.base import AddRefusedAdmin, service_form_view


class NewEntryForm(VersionSourceForm):
    club = forms.ModelChoiceField(queryset=Club.objects.all())
    name = forms.CharField(max_length=100)
    game = forms.ChoiceField(choices=BotEntry._meta.get_field("game").choices)
    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    owner = forms.ModelChoiceField(queryset=get_user_model().objects.all(), required=False)
    field_order = ["club", "name", "game", "description", "owner", "strategy", "file"]


class NewVersionForm(VersionSourceForm):
    entry = forms.ModelChoiceField(queryset=BotEntry.objects.select_related("player"))
    note = forms.CharField(required=False, max_length=200)
    activate = forms.BooleanField(required=False, initial=True, help_text="new matches play this version")
    field_order = ["entry", "strategy", "file", "note", "activate"]


class BotVersionInline(admin.TabularInline):
    model = BotVersion
    extra = 0
    fields = ["number", "kind", "strategy", "filename", "size", "sha256", "note", "created_by", "created_at"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class BotEntryForm(forms.ModelForm):
    """An entry's record, checked by the service's limits (the same as the API's)."""

    class Meta:
        model = BotEntry
        fields = ["owner", "description", "ladder", "active_version"]

    def clean_description(self) -> str:
        try:
            return bot_services.check_text("description", self.cleaned_data["description"])
        except ServiceError as error:
            raise forms.ValidationError(error.message) from None


@admin.register(BotEntry)
class BotEntryAdmin(admin.ModelAdmin):
    """Bot entries: created, changed and given versions through the services, so uploads
    and texts are checked."""

    form = BotEntryForm

    list_display = ["player", "game", "club", "owner", "active_version", "ladder", "created_at"]
    list_filter = ["game", "ladder", "player__club"]
    search_fields = ["player__name", "owner__username"]
    fields = ["player", "game", "owner", "description", "ladder", "active_version"]
    readonly_fields = ["player", "game"]
    inlines = [BotVersionInline]

    @admin.display(description="club")
    def club(self, entry: BotEntry) -> Club:
        return entry.player.club

    def get_queryset(self, request: HttpRequest) -> QuerySet[BotEntry]:
        return super().get_queryset(request).select_related("player__club", "owner", "active_version")

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "active_version":
            entry_id = request.resolver_match.kwargs.get("object_id") if request.resolver_match else None
            kwargs["queryset"] = BotVersion.objects.filter(entry_id=entry_id)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request: HttpRequest, obj: BotEntry, form: forms.Form, change: bool) -> None:
        data = form.cleaned_data
        bot_services.update_entry(obj, description=data["description"], ladder=data["ladder"],
                                  owner=data["owner"], active_version=data["active_version"])

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = NewEntryForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                entry = bot_services.create_entry(club=data["club"], owner=data["owner"], game=data["game"],
                                                  name=data["name"], description=data["description"],
                                                  **form.source())
            except ServiceError as error:
                form.add_error(None, f"{error.code}: {error.message}")
            else:
                self.message_user(request, f"Created the bot entry {entry}.", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:tournaments_botentry_change", args=[entry.pk]))
        return service_form_view(self, request, form, title="Add a bot entry", submit="Create",
                                 intro="A bot entry is a player of its club for one game. Give a built-in "
                                       "strategy or upload a program; it becomes version 1.")


@admin.register(BotVersion)
class BotVersionAdmin(admin.ModelAdmin):
    """Versions never change: they are added (checked by the service) and read."""

    list_display = ["entry", "number", "kind", "strategy", "filename", "size", "short_sha", "created_at"]
    list_filter = ["kind", "entry__game"]
    search_fields = ["entry__player__name", "sha256"]
    fields = ["entry", "number", "kind", "strategy", "filename", "size", "sha256", "note", "created_by",
              "created_at", "files"]
    readonly_fields = fields

    @admin.display(description="sha256")
    def short_sha(self, version: BotVersion) -> str:
        return version.sha256[:12]

    @admin.display(description="files")
    def files(self, version: BotVersion) -> str:
        if not version.uploaded:
            return "—"
        from games.bundle import check_bundle

        bundle = check_bundle(bytes(version.code), version.filename, compile_source=False)
        return ", ".join(bundle.files)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = NewVersionForm(request.POST or None, request.FILES or None, initial={"entry": request.GET.get("entry")})
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            if data["activate"] and not request.user.has_perm("tournaments.change_botentry"):
                raise PermissionDenied("activating a version changes its bot entry")
            try:
                version = bot_services.add_version(data["entry"], by=request.user, note=data["note"],
                                                   activate=data["activate"], **form.source())
            except ServiceError as error:
                form.add_error(None, f"{error.code}: {error.message}")
            else:
                self.message_user(request, f"Stored {version}.", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:tournaments_botentry_change", args=[version.entry_id]))
        return service_form_view(self, request, form, title="Add a bot version", submit="Store",
                                 intro="Versions are numbered and never change. Uploads are checked: a Python "
                                       "file, or a zip with main.py at its root.")


@admin.register(SeatOutput)
class SeatOutputAdmin(AddRefusedAdmin):
    """What uploaded bots wrote to standard error, and their turn reports, by match and seat
    (staff only, read-only)."""

    add_refusal = ("Add seat output",
                   "Standard error is kept from the matches uploaded "
                   "bots play; no one adds it by hand.")
    add_elsewhere = ("admin:tournaments_match_changelist", "The matches")

    list_display = ["seat", "size"]
    search_fields = ["seat__player__name", "=seat__match__id"]
    fields = ["seat", "stderr", "forfeit", "turns"]
    readonly_fields = fields

    @admin.display(description="characters")
    def size(self, output: SeatOutput) -> int:
        return len(output.stderr)

