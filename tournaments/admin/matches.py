"""Matches in the admin: added through the same services as the API, either started for
their first move (club, game, players, options) or from a whole log (pasted or from a file),
their results read from the verified log; voided with ``change_match``."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from games.logs import LogError, parse_body
from games.registry import all_games
from tournaments.errors import ServiceError
from tournaments.forms import BoundedJSONField, apply
from tournaments.models import Club, LiveGame, Match, MatchLog, Seat, SeatOutput
from tournaments.selectors import ended, log_lines
from tournaments.services import clubs as club_services
from tournaments.services import matches as match_services
from tournaments.admin.base import service_form_view


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
    create_players = forms.BooleanField(required=False, label="Create unknown players",
                                        help_text="make the log's names the club does not know new people; "
                                                  "otherwise they are refused, listed")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload, text = data.get("file"), data.get("text")
        if bool(upload) == bool(text):
            raise forms.ValidationError("Give a file or paste a log, one of the two.")
        data["log"] = log_from(upload, text)
        return data


def log_from(upload: Any, text: str) -> dict[str, Any]:
    """The log of a file or of pasted text, parsed; a form error says what is wrong with it."""
    body = upload.read() if upload else text.encode("utf-8", "surrogatepass")
    try:
        return parse_body(body)
    except LogError as error:
        raise forms.ValidationError(f"{error.code}: {error.message}") from None


class AddMatchForm(forms.Form):
    """A new match: a club and its players in seat order, then either the game and its options
    (a match ready for its first move, setup drawn by the service) or a whole log."""

    club = forms.ModelChoiceField(queryset=Club.objects.order_by("name"))
    players = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 4, "cols": 40}),
                              help_text="the club's players, one name per line, in seat order; with a log, "
                                        "leave empty to take the log's names")
    game = forms.ChoiceField(required=False, choices=[("", "— the log's game —")],
                             help_text="for a match that starts now; a log names its own game")
    options = BoundedJSONField(required=False, help_text='the game\'s options as JSON, like {"variant": "murray"}')
    file = forms.FileField(required=False, help_text="or a whole log file (JSON)")
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 8, "cols": 80}),
                           help_text="or a whole log, pasted")
    rated = forms.BooleanField(required=False, initial=True)
    create_players = forms.BooleanField(required=False, label="Create unknown players",
                                        help_text="with a log and no names: make the log's names the club does "
                                                  "not know new people; otherwise they are refused, listed")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [*self.fields["game"].choices,
                                       *((game.slug, game.title) for game in all_games())]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload, text = data.get("file"), data.get("text")
        data["names"] = [name.strip() for name in (data.get("players") or "").splitlines() if name.strip()]
        if upload and text:
            raise forms.ValidationError("Give a log file or paste a log, not both.")
        if upload or text:
            data["log"] = log_from(upload, text)
        else:
            data["log"] = None
            if not data.get("game"):
                self.add_error("game", "Name the game, or give a log.")
            if not data["names"]:
                self.add_error("players", "Name the players, or give a log.")
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
              "seed_display", "commitment", "move_count", "result", "log_display"]
    readonly_fields = ["club", "game", "options", "status", "seed_display", "commitment", "move_count", "result",
                       "recorded_by", "log_display"]
    change_list_template = "admin/tournaments/match/change_list.html"

    class Media:
        css = {"all": ["tournaments/admin.css"]}  # no inline styles: the Content-Security-Policy

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return super().get_queryset(request).select_related("club").prefetch_related("seats__player")

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        """Add a match through the services: started for its first move, or from a whole log."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = AddMatchForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            match = apply(form, lambda: self.add_match(request, form.cleaned_data))
            if match is not None:
                self.message_user(request, f"Stored match #{match.pk} ({match.get_status_display()}).",
                                  messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:tournaments_match_change", args=[match.pk]))
        return service_form_view(self, request, form, title="Add a match", submit="Add the match",
                                 intro="Name the club and its players in seat order, then either the game and "
                                       "its options, for a match ready for its first move (the service draws "
                                       "its setup), or a whole log, which is verified move by move and stored "
                                       "only if all of it verifies.")

    def add_match(self, request: HttpRequest, data: dict[str, Any]) -> Match:
        club, log = data["club"], data["log"]
        if log is None:
            players = club_services.players_by_name(club, data["names"], create=False)
            return match_services.create_match(club=club, game=data["game"], players=players,
                                               options=data["options"] or {}, draw_setup=True,
                                               recorded_by=request.user, rated=data["rated"])
        if not data["names"]:
            return match_services.import_log(club=club, log=log, recorded_by=request.user, rated=data["rated"],
                                             create_players=data["create_players"])
        players = club_services.players_by_name(club, data["names"], create=False)
        return match_services.upload_log(club=club, log=log, players=players, recorded_by=request.user,
                                         rated=data["rated"])

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

    @admin.display(description="seed")
    def seed_display(self, match: Match) -> str:
        """The seed, except for a match on the board still being played: its chance outcomes
        are drawn from it as the game goes, so it shows only once the match ends."""
        if match.seed and not ended(match) and LiveGame.objects.filter(match_id=match.pk).exists():
            return "hidden until the match ends (its commitment shows)"
        return match.seed

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
        """Uploading stores a new match: the model's add permission."""
        return request.user.has_perm(f"{self.opts.app_label}.add_{self.opts.model_name}")

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        return super().changelist_view(request, {**(extra_context or {}),
                                                 "can_upload": self.has_upload_permission(request)})

    def upload_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a log (a file or pasted): verified, its seats matched to the club's players by
        name (unknown names refused unless the form asks to create them), stored whole or not at
        all; a game the club has already is refused, linked."""
        if not self.has_upload_permission(request):
            raise PermissionDenied
        form = UploadLogForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            log, club = data["log"], data["club"]
            try:
                match = match_services.import_log(club=club, log=log, recorded_by=request.user, rated=data["rated"],
                                                  create_players=data["create_players"])
            except ServiceError as error:
                form.stored_match = getattr(error, "match_id", None)  # a game stored already: linked
                form.add_error(None, f"{error.code}: {error.message}")
            else:
                self.message_user(request, f"Stored match #{match.pk} ({match.status}).", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:tournaments_match_change", args=[match.pk]))
        return service_form_view(self, request, form, title="Upload a match log", submit="Verify and store",
                                 intro="The log is verified move by move. Its seats are matched to the club's "
                                       "players by name; unknown names are refused unless you ask to create "
                                       "them. A game the club has stored already is refused: each game counts "
                                       "once. Nothing is stored unless the whole log verifies.")
