"""Check-in before each round and the round's times: the member's "Check in for round N"
button, and the director's check-in desk for a round (its times, who has checked in, closing
check-in, and forfeiting the games unfinished at the deadline). The services decide and write."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.errors import InvalidInput, ServiceError
from tournaments.forms import apply
from tournaments.models import Match, Round, Tournament
from tournaments.selectors import role_in
from tournaments.services import checkins, registration
from tournaments.web.base import directed_tournament, members_tournament

LOCAL = "%Y-%m-%dT%H:%M"


def when_field(label: str, help_text: str) -> forms.DateTimeField:
    return forms.DateTimeField(label=label, required=False, help_text=help_text, input_formats=[LOCAL],
                               widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL))


class TimesForm(forms.Form):
    """A round's start, check-in deadline and deadline (blank: none)."""

    starts_at = when_field("Starts at", "When the round's games begin (blank: not said).")
    check_in_deadline = when_field("Check-in deadline", "Who has not checked in by then is a no-show.")
    deadline = when_field("Deadline", "After it, the games not finished may be forfeited.")


def round_check_in_panel(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    """For the tournament page: the round whose check-in is open and the looker's own entrants
    with whether each has checked in."""
    number = checkins.open_round(tournament)
    if number is None or role_in(request.user, tournament.club) is None:
        return {}
    round_ = tournament.rounds.filter(number=number).first()
    present = checkins.checked_in_ids(round_)
    own = [{"entrant": entrant, "checked_in": entrant.pk in present}
           for entrant in registration.own_entrants(tournament, request.user) if not entrant.withdrawn]
    return {"check_in_round": number, "check_in_deadline": round_.check_in_deadline if round_ else None,
            "check_in_entrants": own} if own else {}


@login_required
@require_POST
def check_in_self(request: HttpRequest, pk: int) -> HttpResponse:
    """A member checks their own entrant in for the next round."""
    tournament = members_tournament(request, pk, "check in for its tournaments")
    value = request.POST.get("entrant", "")
    entrant = tournament.entrants.select_related("player").filter(pk=int(value)).first() if value.isdigit() else None
    if entrant is None:
        return HttpResponseBadRequest("choose one of your entrants", content_type="text/plain")
    try:
        found = checkins.check_in_self(tournament, request.user, entrant)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"{entrant.player.name} is checked in for round {found.round.number}.")
    return redirect("tournament", tournament.pk)


def local(value: Any) -> Any:
    return timezone.localtime(value).replace(tzinfo=None) if value else None


@login_required
@require_http_methods(["GET", "POST"])
def round_desk(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A round's times, its check-in desk (the next round) and, after its deadline, the
    forfeit of its unfinished games."""
    tournament = directed_tournament(request, pk)
    if tournament.bots or tournament.status != Tournament.Status.RUNNING \
            or not 1 <= number <= tournament.current_round + 1:
        raise Http404(f"round {number} has no times to set")
    round_ = tournament.rounds.filter(number=number).first()
    action = request.POST.get("action", "") if request.method == "POST" else ""
    initial = {name: local(getattr(round_, name, None)) for name in checkins.TIME_FIELDS}
    form = TimesForm(request.POST if action == "times" else None, initial=initial)
    if action == "times":
        if form.is_valid():
            times = {name: form.cleaned_data[name] for name in checkins.TIME_FIELDS
                     if name != "check_in_deadline" or tournament.round_check_in}
            if apply(form, lambda: checkins.set_round_times(tournament, number=number, **times)) is not None:
                messages.success(request, f"Round {number}'s times are set.")
                return redirect("round-desk", tournament.pk, number)
    elif action in ("close", "desk", "forfeit"):
        try:
            message = desk_action(request, tournament, number, action)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, message)
        return redirect("round-desk", tournament.pk, number)
    elif action:
        return HttpResponseBadRequest("unknown action", content_type="text/plain")
    if not tournament.round_check_in:
        form.fields.pop("check_in_deadline")
    return render(request, "tournaments/console/round_desk.html", desk_context(tournament, number, round_, form))


def desk_action(request: HttpRequest, tournament: Tournament, number: int, action: str) -> str:
    if action == "close":
        checkins.set_round_times(tournament, number=number, check_in_deadline=timezone.now())
        return f"Check-in for round {number} is closed: pair the round from the console."
    if action == "forfeit":
        done = checkins.forfeit_unfinished(tournament, number=number)
        return f"{len(done)} unfinished game{'s' if len(done) != 1 else ''} forfeited."
    value = request.POST.get("entrant", "")
    entrant = tournament.entrants.select_related("player").filter(pk=int(value)).first() if value.isdigit() else None
    if entrant is None:
        raise InvalidInput("choose an entrant of this tournament", fields={"entrant": ["unknown"]})
    checkins.check_in(entrant, at_desk=True)
    return f"{entrant.player.name} is checked in for round {number}."


def desk_context(tournament: Tournament, number: int, round_: Round | None, form: TimesForm) -> dict[str, Any]:
    open_now = checkins.open_round(tournament) == number
    present = checkins.checked_in_ids(round_)
    entrants = [{"entrant": entrant, "checked_in": entrant.pk in present}
                for entrant in tournament.entrants.filter(withdrawn=False).select_related("player").order_by("seed")]
    published = round_ is not None and round_.status != Round.Status.PROPOSED
    unfinished = round_.matches.filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS]).count() \
        if published else 0
    late = bool(published and round_.deadline and timezone.now() >= round_.deadline)
    return {"tournament": tournament, "number": number, "round": round_, "form": form,
            "check_in_open": open_now and tournament.round_check_in, "entrants": entrants,
            "present": len(present), "published": published, "unfinished": unfinished, "late": late}
