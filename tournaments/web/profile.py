"""One's own page: clubs, players, recent matches, the pairings waiting to be played, and the
API tokens, made and revoked here (a token's secret is shown once, when it is made)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache

from tournaments.errors import Missing, ServiceError
from tournaments.forms import apply
from tournaments.models import Match, Membership
from tournaments.selectors import visible_matches, visible_players
from tournaments.services import checkins, notifications
from tournaments.services.tokens import issue_token, live_tokens, longest_life, revoke_token
from tournaments.web.tournaments import match_summary

RECENT = 20
PENDING = 50


class TokenForm(forms.Form):
    name = forms.CharField(max_length=100, help_text="What will hold it, like “laptop” or “results script”.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        most = longest_life().days  # the setting, read when the page is
        self.fields["days"] = forms.IntegerField(required=False, min_value=1, max_value=most, label="Days it works",
                                                 help_text=f"1 to {most}; left empty, {most}.")


def my_matches(user: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The account's players' matches it may see: the latest played, and those waiting."""
    mine = (visible_matches(user).filter(seats__player__user=user).distinct()
            .prefetch_related("seats__player"))
    recent = mine.filter(status__in=[Match.Status.FINISHED, Match.Status.VOID]).order_by("-played_at", "-id")[:RECENT]
    pending = (mine.filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS])
               .select_related("tournament", "round").order_by("tournament_id", "round__number", "pairing", "id")
               [:PENDING])
    waiting = []
    for match in pending:
        summary = match_summary(match)
        seats = {seat.player_id: seat.player for seat in match.seats.all()}
        summary.update(match=match, game=match.game, tournament=match.tournament,
                       round=match.round.number if match.round else None,
                       me=[seat for seat in summary["seats"] if seats[seat["player_id"]].user_id == user.pk],
                       opponents=[seat for seat in summary["seats"] if seats[seat["player_id"]].user_id != user.pk])
        waiting.append(summary)
    return list(recent), waiting


def profile_context(user: Any) -> dict[str, Any]:
    recent, pending = my_matches(user)
    return {
        "memberships": Membership.objects.filter(user=user).select_related("club").order_by("club__name"),
        "players": visible_players(user).filter(user=user).order_by("club__name", "name"),
        "matches": recent,
        "pending": pending,
        "check_ins": checkins.check_ins_due(user),
        "tokens": live_tokens(user),
        "notice_events": notifications.preference_of(user).email_events,
        "notice_webhooks": notifications.endpoints_of(user).count(),
    }


@never_cache
@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """``me/``: one's clubs, players, matches and pairings; a POST makes a token (its secret on
    this answer only) or revokes one (``revoke=<key>``)."""
    form = TokenForm(request.POST if request.method == "POST" and "revoke" not in request.POST else None)
    status, made = 200, None
    if request.method == "POST" and "revoke" in request.POST:
        key = request.POST["revoke"][:64]
        try:
            if "\x00" in key:  # no database holds a NUL: no token has it
                raise Missing("no such token")
            revoke_token(request.user, key)
        except ServiceError as error:
            messages.error(request, "That token does not exist or has already been revoked.")
            return render(request, "tournaments/site/profile.html",
                          {**profile_context(request.user), "form": form}, status=error.status)
        messages.success(request, "Token revoked: programs using it can no longer sign in with it.")
        return redirect("profile")
    if request.method == "POST":
        if form.is_valid():
            made = apply(form, lambda: issue_token(request.user, name=form.cleaned_data["name"],
                                                   days=form.cleaned_data["days"]))
        if made is None:
            status = 400
        else:
            form = TokenForm()
    context = {**profile_context(request.user), "form": form}
    if made is not None:
        context["new_token"], context["secret"] = made
    return render(request, "tournaments/site/profile.html", context, status=status)
