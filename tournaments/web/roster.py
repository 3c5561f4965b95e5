"""A club's players: the roster its members read and its directors keep (adding people,
linking them to members' accounts), and the CSV import, previewed before it is confirmed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from tournaments.errors import ServiceError
from tournaments.models import Club, Membership, Player
from tournaments.selectors import is_director
from tournaments.services import roster as roster_services
from tournaments.web.clubs import attempt, club_page, refused
from tournaments.web.members import first_error


class AddPlayerForm(forms.Form):
    name = forms.CharField(max_length=100)
    username = forms.CharField(max_length=150, required=False, label="Member's username",
                               help_text="Optional: the account of a member who plays as this player.")
    seed_rating = forms.FloatField(required=False, label="Seeding rating",
                                   help_text="Optional: higher is stronger; orders the entrants when seeds are given.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, prefix="add", **kwargs)


class MemberChoice(forms.ModelChoiceField):
    def label_from_instance(self, membership: Membership) -> str:
        return membership.user.get_username()


class LinkForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(),
                                    error_messages={"invalid_choice": "no such person among this club's players"})
    member = MemberChoice(queryset=Membership.objects.none(),
                          error_messages={"invalid_choice": "no such member of this club"})

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, prefix="link", **kwargs)
        self.fields["player"].queryset = club.players.filter(kind=Player.Kind.PERSON).order_by("name")
        self.fields["member"].queryset = club.memberships.select_related("user").order_by("user__username")


class UnlinkForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none(),
                                    error_messages={"invalid_choice": "no such linked player of this club"})

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = club.players.filter(user__isnull=False)


def act(request: HttpRequest, found: Club, action: str) -> tuple[Any, str, int]:
    """One of the roster's POST actions: (its form, what was done, status)."""
    if action == "add":
        form: forms.Form = AddPlayerForm(request.POST)
        if not form.is_valid():
            return form, "", 400
        made, status = attempt(form, lambda: roster_services.add_person(found, **form.cleaned_data))
        return form, f"Added {made.name}." if made else "", status
    if action == "link":
        form = LinkForm(request.POST, club=found)
        if not form.is_valid():
            return form, "", 400
        player, membership = form.cleaned_data["player"], form.cleaned_data["member"]
        made, status = attempt(form, lambda: roster_services.link_player(player, membership.user))
        return form, f"{made.name} is now {membership.user}'s player." if made else "", status
    if action == "unlink":
        form = UnlinkForm(request.POST, club=found)
        if not form.is_valid():
            return None, first_error(form), 400
        try:
            player = roster_services.link_player(form.cleaned_data["player"], None)
        except ServiceError as error:
            return None, error.message, error.status
        return None, f"{player.name} is no longer linked to an account.", 200
    return None, f"unknown action {action[:30]!r}", 400


@club_page("member")
def club_players(request: HttpRequest, found: Club) -> HttpResponse:
    """The club's people and bots; the director adds people and links them to members."""
    directs = is_director(request.user, found)
    shown: dict[str, Any] = {"add": AddPlayerForm(), "link": LinkForm(club=found)}
    status = 200
    if request.method == "POST":
        if not directs:
            return refused(request, f"Only the directors of {found.name} may change its players.")
        action = request.POST.get("action", "")
        form, said, status = act(request, found, action)
        if status == 200:
            messages.success(request, said)
            return redirect("club-players", found.slug)
        if form is not None:
            shown[action] = form
        else:
            messages.error(request, said)
    players = found.players.select_related("user").order_by("kind", "name")
    context = {"club": found, "directs": directs, "people": [p for p in players if p.kind == Player.Kind.PERSON],
               "bots": [p for p in players if p.kind == Player.Kind.BOT],
               "add_form": shown["add"], "link_form": shown["link"]}
    return render(request, "tournaments/site/players.html", context, status=status)


class ImportForm(forms.Form):
    file = forms.FileField(label="CSV file", help_text=(
        f"A header row, then one player a line: name (required), rating or seed (optional, higher is "
        f"stronger), username (optional, a member's account). Comma or semicolon separated, UTF-8; at most "
        f"{roster_services.MAX_ROWS} players and {roster_services.MAX_BYTES // 1024} KiB."))


@club_page("director")
def club_players_import(request: HttpRequest, found: Club) -> HttpResponse:
    """Upload a CSV file, read its preview, confirm: exactly the previewed players are created."""
    form = ImportForm()
    preview = None
    token = ""
    status = 200
    if request.method == "POST" and request.POST.get("action") == "confirm":
        try:
            sealed = roster_services.Preview.unseal(request.POST.get("preview"), club=found, by=request.user)
            created = roster_services.import_players(found, sealed)
        except ServiceError as error:
            messages.error(request, error.message)
            return render(request, "tournaments/site/players_import.html",
                          {"club": found, "form": form}, status=error.status)
        messages.success(request, f"Imported {len(created)} player{'' if len(created) == 1 else 's'}.")
        return redirect("club-players", found.slug)
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        status = 400
        if form.is_valid():
            upload = form.cleaned_data["file"]
            if upload.size > roster_services.MAX_BYTES:
                status = 413
                form.add_error("file", f"the file is {upload.size} bytes; an import takes at most "
                                       f"{roster_services.MAX_BYTES // 1024} KiB")
            else:
                data = upload.read()
                preview, status = attempt(form, lambda: roster_services.preview_import(found, data))
                if preview is not None:
                    token = preview.seal(request.user)
    context = {"club": found, "form": form, "preview": preview, "token": token}
    return render(request, "tournaments/site/players_import.html", context, status=status)
