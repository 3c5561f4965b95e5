"""The clubs: the list of those one may see, a club's public page (tournaments and players),
creating a club, and its settings; ``club_page`` decides who may open a club's inner pages."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from tournaments.errors import ServiceError
from tournaments.forms import apply
from tournaments.models import Club, Match
from tournaments.selectors import is_director, is_member, role_in, visible_clubs, visible_matches
from tournaments.services import clubs as club_services

PUBLIC_HELP = "Public clubs show their finished matches to everyone; a private club shows nothing to non-members."


def refused(request: HttpRequest, message: str, status: int = 403, title: str = "Not allowed") -> HttpResponse:
    """A plain page saying why not, with its status."""
    return render(request, "tournaments/site/refused.html", {"title": title, "message": message}, status=status)


def club_page(need: str) -> Callable[..., Any]:
    """A club's inner page, for its members (``need="member"``) or its directors: anonymous
    people are sent to log in, a club one may not see is not found (404), and one seen but
    not one's own (or not directed) is refused (403). The view gets the club."""
    allowed = is_director if need == "director" else is_member

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def page(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            found = visible_clubs(request.user).filter(slug=slug).first()
            if found is None:
                raise Http404("no such club")
            if not allowed(request.user, found):
                who = "directors" if need == "director" else "members"
                return refused(request, f"Only the {who} of {found.name} may open this page.")
            return view(request, found, *args, **kwargs)
        return page
    return decorate


def attempt(form: forms.Form, write: Callable[[], Any]) -> tuple[Any, int]:
    """``apply`` a service write, with the status its refusal answers (400, 409...), 200 when done."""
    status = 200

    def guarded() -> Any:
        nonlocal status
        try:
            return write()
        except ServiceError as error:
            status = error.status
            raise
    return apply(form, guarded), status


def club_list(request: HttpRequest) -> HttpResponse:
    """The clubs one may see (public ones, one's own), with their players and tournaments counted."""
    clubs = (visible_clubs(request.user)
             .annotate(player_count=Count("players", distinct=True),
                       tournament_count=Count("tournaments", distinct=True),
                       mine=Count("memberships", filter=Q(memberships__user_id=request.user.pk), distinct=True))
             .order_by("name"))
    return render(request, "tournaments/site/clubs.html", {"clubs": clubs})


def club(request: HttpRequest, slug: str) -> HttpResponse:
    found = visible_clubs(request.user).filter(slug=slug).first()
    if found is None:
        raise Http404("no such club")
    matches = (visible_matches(request.user).filter(club=found, challenge__isnull=True)  # owners' trials aside
               .exclude(status=Match.Status.SCHEDULED)
               .prefetch_related("seats__player").order_by("-played_at", "-id")[:20])
    context = {
        "club": found,
        "tournaments": found.tournaments.order_by("-created_at"),
        "players": found.players.order_by("kind", "name"),
        "matches": matches,
        "ladders": found.ladders.filter(enabled=True).order_by("game"),
        "directs": is_director(request.user, found),
        "belongs": is_member(request.user, found),
        "role": role_in(request.user, found),
    }
    return render(request, "tournaments/site/club.html", context)


class ClubForm(forms.Form):
    name = forms.CharField(max_length=100)
    slug = forms.CharField(max_length=50, required=False,
                           help_text="The club's address: /clubs/slug/. Letters, digits and hyphens; "
                                     "left empty, it is made from the name. It cannot change later.")
    public = forms.BooleanField(required=False, initial=True, label="Public club", help_text=PUBLIC_HELP)


class ClubSettingsForm(forms.Form):
    name = forms.CharField(max_length=100)
    public = forms.BooleanField(required=False, label="Public club", help_text=PUBLIC_HELP)
    casual_rated = forms.BooleanField(required=False, label="Rate casual games",
                                      help_text="Games played on the board outside tournaments (against bots too) "
                                                "count for the ratings.")
    challenge_quota = forms.IntegerField(label="Challenge games a day",
                                         help_text="How many challenge and rerun games each bot owner may ask for "
                                                   "a day (UTC).")


@login_required
def club_create(request: HttpRequest) -> HttpResponse:
    """A new club, its creator its director."""
    form = ClubForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            slug = data["slug"].strip() or club_services.suggest_slug(data["name"])
            made, status = attempt(form, lambda: club_services.create_club(
                name=data["name"], slug=slug, public=data["public"], director=request.user))
            if made is not None:
                messages.success(request, f"Created {made.name}; you are its director.")
                return redirect("club", made.slug)
    return render(request, "tournaments/site/club_create.html", {"form": form}, status=status)


@club_page("director")
def club_settings(request: HttpRequest, found: Club) -> HttpResponse:
    """Rename the club, make it public or private, rate its casual games, set the challenge quota."""
    form = ClubSettingsForm(request.POST or None, initial={
        "name": found.name, "public": found.public, "casual_rated": found.casual_rated,
        "challenge_quota": found.challenge_quota})
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            saved, status = attempt(form, lambda: club_services.update_club(found, **form.cleaned_data))
            if saved is not None:
                messages.success(request, f"Saved the settings of {saved.name}.")
                return redirect("club", saved.slug)
    return render(request, "tournaments/site/club_settings.html", {"club": found, "form": form}, status=status)
