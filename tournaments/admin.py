"""The admin site: every model, with logs shown readable and results read-only.

Matches are never typed in: they are uploaded as logs (pasted or from a file) through the
same service as the API, and their results come from the verified log.

Every page and action, the custom ones too, asks for the model permission Django's admin
would: adding a bot entry or version needs its add permission (activating a version, the
entry's change permission), uploading a log needs ``add_match``, voiding ``change_match``.
Staff without the permission get 403.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from games.logs import LogError, parse_body
from tournaments.errors import ServiceError
from tournaments.forms import BoundedJSONField, VersionSourceForm
from tournaments.models import (
    BotEntry,
    BotVersion,
    Bye,
    Club,
    Entrant,
    Ladder,
    Match,
    MatchLog,
    Membership,
    Player,
    Round,
    Seat,
    SeatOutput,
    Tournament,
)
from tournaments.selectors import log_lines
from tournaments.services import bots as bot_services
from tournaments.services import ladders as ladder_services
from tournaments.services import matches as match_services
from tournaments.services import players as player_services
from tournaments.services import tournaments as tournament_services


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "public", "member_count", "created_at"]
    list_filter = ["public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]

    @admin.display(description="members")
    def member_count(self, club: Club) -> int:
        return club.memberships.count()


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]
    autocomplete_fields = ["user", "club"]


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
                bot_limits=tournament.bot_limits)
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


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "seed", "joined_round", "withdrawn"]
    list_filter = ["withdrawn", "tournament"]
    search_fields = ["player__name", "tournament__name"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["entrant", "tournament", "round"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["index", "player", "bot_version", "rank", "score", "forfeit_reason", "stderr"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


    @admin.display(description="standard error")
    def stderr(self, seat: Seat) -> str:
        try:
            text = seat.output.stderr
        except SeatOutput.DoesNotExist:
            return "—"
        return format_html("<pre class='seat-stderr'>{}</pre>", text) if text else "—"


class UploadLogForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.all())
    file = forms.FileField(required=False, help_text="a log file (JSON)")
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 12, "cols": 80}),
                           help_text="or paste the log here")
    rated = forms.BooleanField(required=False, initial=True)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload, text = data.get("file"), data.get("text")
        if bool(upload) == bool(text):
            raise forms.ValidationError("Give a file or paste a log, one of the two.")
        body = upload.read() if upload else text.encode("utf-8", "surrogatepass")
        try:
            data["log"] = parse_body(body)
        except LogError as error:
            raise forms.ValidationError(f"{error.code}: {error.message}") from None
        return data


class MatchForm(forms.ModelForm):
    """A match's tournament, round, rated flag and time, checked by the service's own rule."""

    def _post_clean(self) -> None:
        super()._post_clean()
        if not self.errors and {"tournament", "round"} & set(self.changed_data):
            try:
                match_services.check_counts_for(self.instance, self.cleaned_data.get("tournament"),
                                                self.cleaned_data.get("round"))
            except ServiceError as error:
                self.add_error(None, error.message)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    form = MatchForm
    list_display = ["id", "game", "club", "status", "seated", "outcome", "move_count", "played_at", "rated"]
    list_filter = ["game", "status", "rated", "club"]
    search_fields = ["seats__player__name", "club__name", "=id"]
    date_hierarchy = "played_at"
    inlines = [SeatInline]
    actions = ["reverify", "void"]
    fields = ["club", "game", "options", "status", "tournament", "round", "rated", "played_at", "recorded_by",
              "seed", "commitment", "move_count", "result", "log_display"]
    readonly_fields = ["club", "game", "options", "status", "seed", "commitment", "move_count", "result",
                       "recorded_by", "log_display"]
    change_list_template = "admin/tournaments/match/change_list.html"

    class Media:
        css = {"all": ["tournaments/admin.css"]}  # no inline styles: the Content-Security-Policy

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return super().get_queryset(request).select_related("club").prefetch_related("seats__player")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def save_model(self, request: HttpRequest, match: Match, form: forms.ModelForm, change: bool) -> None:
        """The service saves the change, as the API does: the same checks, ratings and counts."""
        data = form.cleaned_data
        match_services.update_match(match.pk, rated=data.get("rated"), played_at=data.get("played_at"),
                                    tournament=data.get("tournament"), round=data.get("round"))

    def delete_model(self, request: HttpRequest, match: Match) -> None:
        match_services.delete_match(match.pk)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        for pk in list(queryset.values_list("pk", flat=True)):
            match_services.delete_match(pk)

    @admin.display(description="players")
    def seated(self, match: Match) -> str:
        return ", ".join(seat.player.name for seat in match.seats.all())

    @admin.display(description="ranks / scores")
    def outcome(self, match: Match) -> str:
        if not match.result:
            return "—"
        return f"{match.result['ranks']} / {match.result['scores']}"

    @admin.display(description="log")
    def log_display(self, match: Match) -> str:
        try:
            lines = log_lines(match)
        except MatchLog.DoesNotExist:
            return "—"
        if not lines:
            return "no moves yet"
        return format_html(
            "<ol start='0' class='match-log'>{}</ol>",
            format_html_join("", "<li>{} <span class='mover'>({})</span></li>", lines))

    @admin.action(description="Re-verify selected matches", permissions=["view"])
    def reverify(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        failed = []
        for match in queryset.select_related("log"):
            verification = match_services.reverify(match)
            if not verification["valid"]:
                error = verification["error"]
                failed.append(f"#{match.pk}: {error['code']} at {error['at']}: {error['message']}")
        if failed:
            self.message_user(request, "These matches no longer verify: " + "; ".join(failed), messages.ERROR)
        else:
            self.message_user(request, f"All {queryset.count()} selected matches verify.", messages.SUCCESS)

    @admin.action(description="Void selected matches", permissions=["change"])
    def void(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        voided = 0
        for match in queryset.exclude(status=Match.Status.VOID):
            match_services.void_match(match)
            voided += 1
        self.message_user(request, f"Voided {voided} matches.", messages.SUCCESS)

    def get_urls(self) -> list:
        return [path("upload/", self.admin_site.admin_view(self.upload_view), name="tournaments_match_upload"),
                *super().get_urls()]

    def has_upload_permission(self, request: HttpRequest) -> bool:
        """Uploading stores a new match: the model's add permission (the add page itself stays
        closed, since matches are never typed in)."""
        return request.user.has_perm(f"{self.opts.app_label}.add_{self.opts.model_name}")

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        return super().changelist_view(request, {**(extra_context or {}),
                                                 "can_upload": self.has_upload_permission(request)})

    def upload_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a log (a file or pasted): verified, its seats matched to the club's players by
        name (unknown names become new people), stored whole or not at all."""
        if not self.has_upload_permission(request):
            raise PermissionDenied
        form = UploadLogForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            log, club = data["log"], data["club"]
            try:
                match = match_services.import_log(club=club, log=log, recorded_by=request.user, rated=data["rated"])
            except ServiceError as error:
                form.add_error(None, f"{error.code}: {error.message}")
            else:
                self.message_user(request, f"Stored match #{match.pk} ({match.status}).", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:tournaments_match_change", args=[match.pk]))
        return service_form_view(self, request, form, title="Upload a match log", submit="Verify and store",
                                 intro="The log is verified move by move. Its seats are matched to the club's "
                                       "players by name; unknown names become new people. Nothing is stored "
                                       "unless the whole log verifies.")



def service_form_view(model_admin: admin.ModelAdmin, request: HttpRequest, form: forms.Form, *, title: str,
                      intro: str, submit: str) -> HttpResponse:
    context = {**model_admin.admin_site.each_context(request), "form": form, "title": title, "intro": intro,
               "submit": submit, "opts": model_admin.model._meta}
    return TemplateResponse(request, "admin/tournaments/service_form.html", context)


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


@admin.register(SeatOutput)
class SeatOutputAdmin(admin.ModelAdmin):
    """What uploaded bots wrote to standard error, by match and seat (staff only, read-only)."""

    list_display = ["seat", "size"]
    search_fields = ["seat__player__name", "=seat__match__id"]
    fields = ["seat", "stderr"]
    readonly_fields = fields

    @admin.display(description="characters")
    def size(self, output: SeatOutput) -> int:
        return len(output.stderr)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

from tournaments import admin_accounts  # noqa: E402,F401  (the user pages, under the accounts' rule)

def bound_json_fields(site: admin.AdminSite) -> None:
    """Every registered admin (and its inlines) edits JSON with :class:`BoundedJSONField`, so a
    deeply nested value is a form error rather than a RecursionError."""
    override = {models.JSONField: {"form_class": BoundedJSONField}}
    for model_admin in site._registry.values():  # noqa: SLF001
        model_admin.formfield_overrides = {**model_admin.formfield_overrides, **override}
        for inline in model_admin.inlines:
            inline.formfield_overrides = {**inline.formfield_overrides, **override}


bound_json_fields(admin.site)
