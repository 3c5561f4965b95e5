"""Notifications in the admin: webhooks (read-only, their secrets never shown; switched off
and on, or deleted, through the notifications service), their deliveries (read-only: the
service writes them) and users' e-mail preferences (changed through the service, which
checks them as the pages and the API do)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from tournaments.admin.base import AddRefusedAdmin
from tournaments.errors import ServiceError
from tournaments.models import Delivery, NotificationPreference, WebhookEndpoint
from tournaments.models.notifications import EVENTS
from tournaments.services import notifications


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(AddRefusedAdmin):
    """A webhook's URL, owner, events and state. Its secret signs every delivery and stays
    with its owner: it is never shown here."""

    add_refusal = ("Add a webhook",
                   "A webhook is added by its owner (or a club's director) on the notifications "
                   "pages or through the API, which show its secret to them alone.")
    add_elsewhere = ("admin:tournaments_webhookendpoint_changelist", "The webhooks")

    list_display = ["url", "owner", "event_list", "active", "created_at"]
    list_filter = ["active"]
    search_fields = ["url", "user__username", "club__name"]
    fields = ["url", "user", "club", "events", "active", "created_by", "created_at", "delivery_log"]
    readonly_fields = fields
    actions = ["switch_off", "switch_on"]

    @admin.display(description="owner")
    def owner(self, endpoint: WebhookEndpoint) -> str:
        return f"club {endpoint.club.name}" if endpoint.club_id else f"user {endpoint.user}"

    @admin.display(description="events")
    def event_list(self, endpoint: WebhookEndpoint) -> str:
        return ", ".join(endpoint.events)

    @admin.display(description="deliveries")
    def delivery_log(self, endpoint: WebhookEndpoint) -> str:
        return f"{endpoint.deliveries.count()} (see Deliveries, filtered by this webhook)"

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # The page of one webhook is read-only; the list's actions switch webhooks off and on.
        return obj is None and super().has_change_permission(request)

    def switched(self, request: HttpRequest, queryset: QuerySet[WebhookEndpoint], active: bool) -> None:
        done = 0
        for endpoint in queryset:
            try:
                notifications.set_active(endpoint, by=request.user, active=active)
                done += 1
            except ServiceError as error:
                self.message_user(request, f"{endpoint.url}: {error.message}", messages.ERROR)
        self.message_user(request, f"Switched {'on' if active else 'off'} {done} webhook{'s' if done != 1 else ''}.")

    @admin.action(description="Switch off the chosen webhooks (nothing is sent to them)", permissions=["change"])
    def switch_off(self, request: HttpRequest, queryset: QuerySet[WebhookEndpoint]) -> None:
        self.switched(request, queryset, False)

    @admin.action(description="Switch on the chosen webhooks", permissions=["change"])
    def switch_on(self, request: HttpRequest, queryset: QuerySet[WebhookEndpoint]) -> None:
        self.switched(request, queryset, True)

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> tuple[Any, Any, set[str], Any]:
        # A webhook's delivery log goes with it (as on its page and in the API), although
        # deliveries are never deleted on their own.
        deleted, counts, _, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, set(), protected

    def delete_model(self, request: HttpRequest, obj: WebhookEndpoint) -> None:
        notifications.delete_endpoint(obj, by=request.user)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[WebhookEndpoint]) -> None:
        for endpoint in queryset:
            notifications.delete_endpoint(endpoint, by=request.user)


@admin.register(Delivery)
class DeliveryAdmin(AddRefusedAdmin):
    """Each event sent to a webhook and how its attempts went, as the service recorded them."""

    add_refusal = ("Add a delivery",
                   "Deliveries are made by the service when an "
                   "event happens; no one adds one by hand.")
    add_elsewhere = ("admin:tournaments_delivery_changelist", "The deliveries")

    list_display = ["created_at", "event", "endpoint", "status", "attempts", "response_status", "last_error"]
    list_filter = ["status", "event", "endpoint"]
    search_fields = ["endpoint__url", "event", "last_error"]
    fields = ["endpoint", "event", "status", "attempts", "response_status", "last_error", "created_at",
              "last_attempt_at", "delivered_at", "payload"]
    readonly_fields = fields

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the log stays whole; deleting the webhook deletes its log


class PreferenceForm(forms.ModelForm):
    """A user's e-mail choices and threshold, checked by the service as the pages check them."""

    email_events = forms.MultipleChoiceField(choices=EVENTS, required=False, widget=forms.CheckboxSelectMultiple,
                                             label="E-mail events")

    class Meta:
        model = NotificationPreference
        fields = ["email_events", "rating_threshold"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            cleaned["email_events"] = notifications.checked_preferences(
                self.instance.user, cleaned.get("email_events") or [], cleaned.get("rating_threshold"))
        except ServiceError as error:
            for field, problems in (error.fields or {None: [error.message]}).items():
                self.add_error(field if field in self.fields else None, "; ".join(problems))
        return cleaned


@admin.register(NotificationPreference)
class NotificationPreferenceAdmin(AddRefusedAdmin):
    add_refusal = ("Add notification preferences",
                   "A user's preferences are made when they first choose them on their notifications "
                   "page or through the API; change an existing user's here.")
    add_elsewhere = ("admin:tournaments_notificationpreference_changelist", "The preferences")

    list_display = ["user", "email_list", "rating_threshold", "updated_at"]
    search_fields = ["user__username", "user__email"]
    form = PreferenceForm
    fields = ["user", "email_events", "rating_threshold", "rating_marks", "updated_at"]
    readonly_fields = ["user", "rating_marks", "updated_at"]

    @admin.display(description="e-mail events")
    def email_list(self, preference: NotificationPreference) -> str:
        return ", ".join(preference.email_events) or "none"

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # no e-mail is chosen by unticking every event; the rating marks stay

    def save_model(self, request: HttpRequest, obj: NotificationPreference, form: Any, change: bool) -> None:
        saved = notifications.set_preferences(obj.user, email_events=form.cleaned_data["email_events"],
                                              rating_threshold=form.cleaned_data["rating_threshold"])
        obj.pk, obj.updated_at = saved.pk, saved.updated_at
