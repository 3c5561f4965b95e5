"""Notifications in the admin: a webhook's secret is never shown, webhooks are switched off and
on and deleted through the service, deliveries are read-only, a user's preferences change
through the service with its refusals beside their fields; staff without the rights are refused."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse

from tests.helpers.world import World
from tournaments.models import Delivery, NotificationPreference, WebhookEndpoint
from tournaments.services import notifications

PUBLIC = "https://93.184.215.14/hook"


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def hook(world: World) -> WebhookEndpoint:
    return notifications.create_endpoint(by=world.member, url=PUBLIC, events=["bot.forfeited"])


def clerk(*codenames: str) -> Client:
    """Staff holding the named permissions of the notification models alone."""
    user = User.objects.create_user(f"clerk-{len(codenames)}", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return client_of(user)


def test_no_admin_page_shows_a_webhooks_secret(world: World, hook: WebhookEndpoint) -> None:
    delivery = Delivery.objects.create(endpoint=hook, event="bot.forfeited", payload={"bot": {"name": "Hopper"}})
    boss = client_of(world.staff)
    for address in (reverse("admin:tournaments_webhookendpoint_changelist"),
                    reverse("admin:tournaments_webhookendpoint_change", args=[hook.pk]),
                    reverse("admin:tournaments_webhookendpoint_delete", args=[hook.pk]),
                    reverse("admin:tournaments_delivery_changelist"),
                    reverse("admin:tournaments_delivery_change", args=[delivery.pk])):
        answer = boss.get(address)
        assert answer.status_code == 200, address
        assert hook.secret not in answer.content.decode() and "whsec_" not in answer.content.decode(), address
    page = boss.get(reverse("admin:tournaments_webhookendpoint_change", args=[hook.pk])).content.decode()
    assert PUBLIC in page and 'name="url"' not in page  # read-only
    assert 'name="_save"' not in page


def test_the_admin_switches_webhooks_off_and_on_through_the_service(world: World, hook: WebhookEndpoint) -> None:
    pending = Delivery.objects.create(endpoint=hook, event="bot.forfeited", payload={})
    boss = client_of(world.staff)
    address = reverse("admin:tournaments_webhookendpoint_changelist")
    answer = boss.post(address, {"action": "switch_off", "_selected_action": [hook.pk]}, follow=True)
    assert "Switched off 1 webhook." in answer.content.decode()
    pending.refresh_from_db()
    assert not WebhookEndpoint.objects.get(pk=hook.pk).active
    assert (pending.status, pending.last_error) == ("failed", notifications.STOPPED)
    boss.post(address, {"action": "switch_on", "_selected_action": [hook.pk]})
    assert WebhookEndpoint.objects.get(pk=hook.pk).active


def test_deleting_a_webhook_in_the_admin_takes_its_delivery_log(world: World, hook: WebhookEndpoint) -> None:
    Delivery.objects.create(endpoint=hook, event="bot.forfeited", payload={})
    answer = client_of(world.staff).post(reverse("admin:tournaments_webhookendpoint_delete", args=[hook.pk]),
                                         {"post": "yes"})
    assert answer.status_code == 302
    assert not WebhookEndpoint.objects.exists() and not Delivery.objects.exists()


def test_staff_need_the_rights_to_see_or_switch_webhooks(world: World, hook: WebhookEndpoint) -> None:
    address = reverse("admin:tournaments_webhookendpoint_changelist")
    assert clerk().get(address).status_code == 403
    viewer = clerk("view_webhookendpoint", "view_delivery", "view_notificationpreference")
    assert viewer.get(address).status_code == 200
    assert 'value="switch_off"' not in viewer.get(address).content.decode()
    answer = viewer.post(address, {"action": "switch_off", "_selected_action": [hook.pk]})
    assert answer.status_code in (200, 302) and WebhookEndpoint.objects.get(pk=hook.pk).active
    assert viewer.post(reverse("admin:tournaments_webhookendpoint_delete", args=[hook.pk]),
                       {"post": "yes"}).status_code == 403
    assert WebhookEndpoint.objects.filter(pk=hook.pk).exists()
    changer = clerk("view_webhookendpoint", "change_webhookendpoint")
    changer.post(address, {"action": "switch_off", "_selected_action": [hook.pk]})
    assert not WebhookEndpoint.objects.get(pk=hook.pk).active


def test_a_users_preferences_change_through_the_service(world: World) -> None:
    preference = notifications.set_preferences(world.member, email_events=[], rating_threshold=50)
    boss = client_of(world.staff)
    address = reverse("admin:tournaments_notificationpreference_change", args=[preference.pk])
    refused = boss.post(address, {"email_events": ["bot.forfeited"], "rating_threshold": 30})
    assert refused.status_code == 200 and "no e-mail address" in refused.content.decode()
    assert NotificationPreference.objects.get(pk=preference.pk).email_events == []
    world.member.email = "ana@example.org"
    world.member.save()
    saved = boss.post(address, {"email_events": ["bot.forfeited"], "rating_threshold": 30})
    assert saved.status_code == 302
    stored = NotificationPreference.objects.get(pk=preference.pk)
    assert (stored.email_events, stored.rating_threshold) == (["bot.forfeited"], 30)
    too_far = boss.post(address, {"email_events": [], "rating_threshold": 9000})
    assert too_far.status_code == 200 and NotificationPreference.objects.get(pk=preference.pk).rating_threshold == 30
    viewer = clerk("view_notificationpreference")
    assert viewer.get(address).status_code == 200
    viewer.post(address, {"email_events": [], "rating_threshold": 99})
    assert NotificationPreference.objects.get(pk=preference.pk).rating_threshold == 30
