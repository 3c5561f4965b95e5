"""Notifications pages: one's e-mail preferences and webhooks (``me/notifications/``), and a
club's webhooks for its directors (``clubs/<slug>/webhooks/``), each with its delivery log."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache

from tournaments.errors import ServiceError
from tournaments.forms import apply
from tournaments.models import Club, WebhookEndpoint
from tournaments.models.notifications import EVENTS
from tournaments.services import notifications
from tournaments.web.clubs import club_page


class PreferenceForm(forms.Form):
    email_events = forms.MultipleChoiceField(choices=EVENTS, required=False, widget=forms.CheckboxSelectMultiple,
                                             label="E-mail me when")
    rating_threshold = forms.IntegerField(min_value=1, max_value=notifications.MAX_THRESHOLD,
                                          label="Rating move worth an e-mail or webhook",
                                          help_text="Points on the displayed scale, counted from the rating last told.")


class WebhookForm(forms.Form):
    url = forms.CharField(max_length=500, label="Webhook URL",
                          help_text="http:// or https://, a public address; each POST is signed with its secret.")
    events = forms.MultipleChoiceField(choices=EVENTS, widget=forms.CheckboxSelectMultiple, label="Events")

    def __init__(self, *args: Any, allowed: tuple[str, ...] = notifications.EVENT_NAMES, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Named as the receiver sees them, and unlike the e-mail choices' labels on the same page.
        self.fields["events"].choices = [(name, f"{name}: {label}") for name, label in EVENTS if name in allowed]


#: The buttons of a webhook in the list, each posting the webhook's id under its name.
ACTIONS = ("delete", "switch_off", "switch_on")


def acting(posted: Any) -> bool:
    """Whether the POST is one of a listed webhook's buttons, not the form adding one."""
    return any(name in posted for name in ACTIONS)


def webhook_post(request: HttpRequest, form: WebhookForm, club: Club | None) -> HttpResponse | int:
    """Add (the form), delete (``delete=<id>``), switch off or on (``switch_off=<id>``,
    ``switch_on=<id>``) a webhook: a redirect when done, else the status."""
    if acting(request.POST):
        name = next(name for name in ACTIONS if name in request.POST)
        key = request.POST[name]
        endpoints = notifications.endpoints_of(request.user, club)
        endpoint = endpoints.filter(pk=int(key)).first() if key.isdigit() and len(key) < 12 else None
        if endpoint is None:
            messages.error(request, "That webhook does not exist or is not yours.")
            return 404
        if name == "delete":
            notifications.delete_endpoint(endpoint, by=request.user)
            messages.success(request, f"Deleted the webhook to {endpoint.url}.")
        elif name == "switch_off":
            notifications.set_active(endpoint, by=request.user, active=False)
            messages.success(request, f"Switched off the webhook to {endpoint.url}: nothing is sent to it until "
                                      "it is switched on again.")
        else:
            notifications.set_active(endpoint, by=request.user, active=True)
            messages.success(request, f"Switched on the webhook to {endpoint.url}: new events are sent to it.")
        return redirect(request.path)
    if not form.is_valid():
        return 400
    status = 201

    def write() -> WebhookEndpoint:
        nonlocal status
        try:
            return notifications.create_endpoint(by=request.user, club=club, **form.cleaned_data)
        except ServiceError as error:
            status = error.status
            raise
    made = apply(form, write, summary=False)
    if made is None:
        return status
    messages.success(request, f"Added the webhook to {made.url}: its secret is shown in the list below.")
    return redirect(request.path)


def webhook_context(user: Any, club: Club | None) -> dict[str, Any]:
    endpoints = notifications.endpoints_of(user, club)
    return {"endpoints": list(endpoints), "deliveries": notifications.deliveries_of(endpoints)}


@never_cache
@login_required
def my_notifications(request: HttpRequest) -> HttpResponse:
    """``me/notifications/``: e-mail preferences, one's webhooks and their delivery log."""
    preference = notifications.preference_of(request.user)
    initial = {"email_events": preference.email_events, "rating_threshold": preference.rating_threshold}
    posted = request.POST if request.method == "POST" else None
    prefs = PreferenceForm(posted if posted is not None and "preferences" in posted else None, initial=initial)
    hook = WebhookForm(posted if posted is not None and "preferences" not in posted and not acting(posted) else None)
    status = 200
    if posted is not None and "preferences" in posted:
        status = 400
        if prefs.is_valid() and apply(prefs, lambda: notifications.set_preferences(request.user, **prefs.cleaned_data)):
            messages.success(request, "Saved your notification preferences.")
            return redirect("my-notifications")
    elif posted is not None:
        answer = webhook_post(request, hook, None)
        if isinstance(answer, HttpResponse):
            return answer
        status = answer
    context = {"prefs": prefs, "hook": hook, **webhook_context(request.user, None)}
    return render(request, "tournaments/site/notifications.html", context, status=status)


@never_cache
@club_page("director")
def club_webhooks(request: HttpRequest, found: Club) -> HttpResponse:
    """``clubs/<slug>/webhooks/``: the club's webhooks and their delivery log, for its directors."""
    hook = WebhookForm(request.POST if request.method == "POST" and not acting(request.POST) else None,
                       allowed=notifications.CLUB_EVENTS)
    status = 200
    if request.method == "POST":
        answer = webhook_post(request, hook, found)
        if isinstance(answer, HttpResponse):
            return answer
        status = answer
    context = {"club": found, "hook": hook, **webhook_context(request.user, found)}
    return render(request, "tournaments/site/club_webhooks.html", context, status=status)
