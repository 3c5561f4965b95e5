"""A bot owner's pages (HTML): their entries, versions, uploads and runs.

Thin like the API: forms check input, the services write, the selectors decide who sees what.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render

from games.registry import get_game
from tournaments.forms import VersionSourceForm, apply
from tournaments.models import BotEntry, Club, Seat
from tournaments.selectors import is_member, owns_bot, visible_bots
from tournaments.services import bots as bot_services


class EntryForm(VersionSourceForm):
    club = forms.ModelChoiceField(queryset=Club.objects.none())
    name = forms.CharField(max_length=100)
    game = forms.ChoiceField(choices=lambda: [(slug, f"{get_game(slug).title} ({slug})")
                                              for slug, _ in BotEntry._meta.get_field("game").choices])
    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    field_order = ["club", "name", "game", "description", "strategy", "file"]

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clubs = Club.objects.all() if user.is_staff else Club.objects.filter(memberships__user=user)
        self.fields["club"].queryset = clubs.order_by("name")


class VersionForm(VersionSourceForm):
    note = forms.CharField(required=False, max_length=200)
    activate = forms.BooleanField(required=False, initial=True, help_text="New matches play this version.")


@login_required
def my_bots(request: HttpRequest) -> HttpResponse:
    """The signed-in member's bot entries, and a form to create one."""
    form = EntryForm(request.POST or None, request.FILES or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        entry = apply(form, lambda: bot_services.create_entry(
            club=data["club"], owner=request.user, game=data["game"], name=data["name"],
            description=data["description"], **form.source()))
        if entry is not None:
            messages.success(request, f"Created {entry.player.name} with version 1.")
            return redirect("bot-detail", entry.pk)
    entries = visible_bots(request.user).filter(owner=request.user).order_by("game", "player__name")
    return render(request, "tournaments/my_bots.html", {"entries": entries, "form": form})


def bot_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A bot entry: its record for everyone; versions, uploads, forfeits and standard error for
    its owner."""
    entry = visible_bots(request.user).filter(pk=pk).first()
    if entry is None:
        raise Http404("no such bot")
    owner = owns_bot(request.user, entry)
    form = VersionForm(request.POST or None, request.FILES or None) if owner else None
    if owner and request.method == "POST":
        if "activate" in request.POST and "version" in request.POST:
            number = request.POST["version"]
            if not (number.isascii() and number.isdigit()):
                return HttpResponseBadRequest(f"the version to activate must be a version number, not {number[:20]!r}",
                                              content_type="text/plain")
            apply(form, lambda: bot_services.activate_version(entry, int(number)))
            return redirect("bot-detail", entry.pk)
        if form.is_valid():
            version = apply(form, lambda: bot_services.add_version(
                entry, by=request.user, note=form.cleaned_data["note"], activate=form.cleaned_data["activate"],
                **form.source()))
            if version is not None:
                messages.success(request, f"Stored version {version.number}.")
                return redirect("bot-detail", entry.pk)
    seats = (Seat.objects.filter(player=entry.player).select_related("match", "bot_version")
             .order_by("-match__played_at", "-match_id"))
    if owner:
        seats = seats.select_related("output")
    else:  # a challenge's games are its owner's trials
        seats = seats.filter(match__challenge__isnull=True)
    page = Paginator(seats, 25).get_page(request.GET.get("page"))
    record = {"played": 0, "first": 0, "forfeits": 0}
    for rank, reason in Seat.objects.filter(player=entry.player, match__status="finished",
                                            match__challenge__isnull=True).values_list(
            "rank", "forfeit_reason"):
        record["played"] += 1
        record["first"] += rank == 1
        record["forfeits"] += bool(reason)
    can_play = entry.active_version_id is not None and is_member(request.user, entry.player.club)
    context = {"entry": entry, "owner": owner, "form": form, "page": page, "record": record, "can_play": can_play,
               "versions": entry.versions.order_by("-number") if owner else []}
    return render(request, "tournaments/bot_detail.html", context)
