"""The notifications pages and API: one's e-mail preferences and webhooks, a club's webhooks for
its directors only, secrets and delivery logs seen by those who manage them, refusals beside
the field that caused them."""

from __future__ import annotations

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from tests.helpers.receiver import receiver
from tournaments.models import Delivery, NotificationPreference, WebhookEndpoint
from tournaments.services import notifications

PUBLIC = "https://93.184.215.14/hook"

#: role: the status of GET /clubs/pond/webhooks/ (anonymous people are sent to log in).
CLUB_WEBHOOKS = {"anonymous": 302, "member": 403, "rival": 403, "director": 200, "staff": 200}


def api(cast, role: str) -> APIClient:
    client = APIClient()
    user = cast.user(role)
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.mark.parametrize("role", list(CLUB_WEBHOOKS))
def test_only_the_clubs_directors_open_its_webhooks(cast, role: str) -> None:
    hook = notifications.create_endpoint(by=cast.director, club=cast.club, url=PUBLIC, events=["round.published"])
    answer = cast.client(role).get("/clubs/pond/webhooks/")
    assert answer.status_code == CLUB_WEBHOOKS[role]
    assert (hook.secret in answer.content.decode()) == (answer.status_code == 200)
    posted = cast.client(role).post("/clubs/pond/webhooks/", {"delete": hook.pk})
    assert WebhookEndpoint.objects.filter(pk=hook.pk).exists() == (CLUB_WEBHOOKS[role] != 200)
    assert posted.status_code == (302 if role in ("anonymous", "director", "staff") else 403)


@pytest.mark.parametrize("role", ["anonymous", "member", "rival", "director", "staff"])
def test_ones_own_notifications_page_shows_only_ones_own_webhooks(cast, role: str) -> None:
    theirs = notifications.create_endpoint(by=cast.member, url=PUBLIC, events=["bot.forfeited"])
    answer = cast.client(role).get("/me/notifications/")
    if role == "anonymous":
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
        return
    assert answer.status_code == 200
    assert (theirs.secret in answer.content.decode()) == (role == "member")
    cast.client(role).post("/me/notifications/", {"delete": theirs.pk})
    assert WebhookEndpoint.objects.filter(pk=theirs.pk).exists() == (role != "member")


def test_a_member_adds_a_webhook_and_sees_its_deliveries(cast) -> None:
    client = cast.client("member")
    refused = client.post("/me/notifications/", {"url": "http://169.254.169.254/", "events": ["bot.forfeited"]})
    assert refused.status_code == 400
    assert "169.254.169.254 is a link-local (cloud metadata) address" in refused.context["hook"].errors["url"][0]
    assert not WebhookEndpoint.objects.exists()
    with override_settings(WEBHOOK_TRUSTED_HOSTS=["127.0.0.1"]), receiver() as hook:
        made = client.post("/me/notifications/", {"url": hook.url, "events": ["bot.forfeited", "bot.placed"]})
        assert made.status_code == 302
        notifications.notify("bot.forfeited", {"bot": {"name": "Hopper"}}, users=[cast.member])
        page = client.get("/me/notifications/").content.decode()
    endpoint = WebhookEndpoint.objects.get()
    assert endpoint.user == cast.member and endpoint.events == ["bot.forfeited", "bot.placed"]
    assert endpoint.secret in page and "delivered" in page and hook.url in page
    assert 'for="id_url"' in page and "csrfmiddlewaretoken" in page


def test_preferences_are_saved_with_errors_beside_their_fields(cast) -> None:
    client = cast.client("member")
    bad = client.post("/me/notifications/", {"preferences": "1", "email_events": ["bot.forfeited"],
                                             "rating_threshold": "0"})
    assert bad.status_code == 400 and "rating_threshold" in bad.context["prefs"].errors
    good = client.post("/me/notifications/", {"preferences": "1", "email_events": ["bot.forfeited"],
                                              "rating_threshold": "80"})
    assert good.status_code == 302
    saved = NotificationPreference.objects.get(user=cast.member)
    assert (saved.email_events, saved.rating_threshold) == (["bot.forfeited"], 80)
    assert "E-mail for: bot.forfeited" in client.get("/me/").content.decode()


def test_the_club_settings_page_links_to_its_webhooks(cast) -> None:
    assert "/clubs/pond/webhooks/" in cast.client("director").get("/clubs/pond/settings/").content.decode()


# -- the API ---------------------------------------------------------------------------------------

def test_the_api_adds_lists_and_deletes_ones_webhooks(cast) -> None:
    client = api(cast, "member")
    refused = client.post("/api/webhooks/", {"url": "http://localhost/", "events": ["bot.forfeited"]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["fields"] == {"url": [("localhost resolves to 127.0.0.1 is a loopback address; only public "
                                                 "addresses (or WEBHOOK_TRUSTED_HOSTS) may receive webhooks")]}
    made = client.post("/api/webhooks/", {"url": PUBLIC, "events": ["bot.forfeited"]}, format="json")
    assert made.status_code == 201 and made.json()["secret"].startswith("whsec_")
    pk = made.json()["id"]
    assert [hook["id"] for hook in client.get("/api/webhooks/").json()] == [pk]
    assert api(cast, "director").get("/api/webhooks/").json() == []
    assert api(cast, "director").get(f"/api/webhooks/{pk}/").status_code == 404
    Delivery.objects.create(endpoint_id=pk, event="bot.forfeited", payload={"x": 1}, status="failed", attempts=5)
    [row] = client.get(f"/api/webhooks/{pk}/deliveries/").json()
    assert (row["status"], row["attempts"], row["payload"]) == ("failed", 5, {"x": 1})
    assert api(cast, "rival").get(f"/api/webhooks/{pk}/deliveries/").status_code == 404
    assert api(cast, "rival").delete(f"/api/webhooks/{pk}/").status_code == 404
    assert client.delete(f"/api/webhooks/{pk}/").status_code == 204
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize(("role", "status"), [("member", 403), ("rival", 403), ("director", 201), ("staff", 201)])
def test_the_api_keeps_a_clubs_webhooks_to_its_directors(cast, role: str, status: int) -> None:
    client = api(cast, role)
    made = client.post("/api/webhooks/", {"url": PUBLIC, "events": ["round.published"], "club": "pond"},
                       format="json")
    assert made.status_code == status
    listed = client.get("/api/webhooks/?club=pond")
    assert listed.status_code == (200 if status == 201 else 403)
    assert client.get("/api/webhooks/?club=nowhere").status_code == 404


def test_the_api_sets_ones_preferences(cast) -> None:
    client = api(cast, "member")
    assert client.get("/api/notifications/preferences/").json() == {"email_events": [], "rating_threshold": 50}
    bad = client.put("/api/notifications/preferences/", {"email_events": ["nope"], "rating_threshold": 10},
                     format="json")
    assert bad.status_code == 400 and "email_events" in bad.json()["fields"]
    saved = client.put("/api/notifications/preferences/", {"email_events": ["bot.placed"], "rating_threshold": 10},
                       format="json")
    assert saved.json() == {"email_events": ["bot.placed"], "rating_threshold": 10}
    assert APIClient().get("/api/notifications/preferences/").status_code in (401, 403)


@pytest.mark.parametrize("role", ["anonymous", "member", "rival", "director", "staff"])
def test_only_a_webhooks_managers_switch_it_off_and_on_from_the_page(cast, role: str) -> None:
    theirs = notifications.create_endpoint(by=cast.member, url=PUBLIC, events=["bot.forfeited"])
    club_hook = notifications.create_endpoint(by=cast.director, club=cast.club, url=PUBLIC, events=["round.published"])
    client = cast.client(role)
    off = client.post("/me/notifications/", {"switch_off": theirs.pk})
    assert WebhookEndpoint.objects.get(pk=theirs.pk).active == (role != "member")
    assert off.status_code == {"anonymous": 302, "member": 302}.get(role, 404)
    if role == "member":
        page = client.get("/me/notifications/").content.decode()
        assert "Switched off the webhook to" in page and "switched off: events are not sent" in page
        assert 'name="switch_on"' in page and 'name="switch_off"' not in page
        assert client.post("/me/notifications/", {"switch_on": theirs.pk}).status_code == 302
        assert WebhookEndpoint.objects.get(pk=theirs.pk).active
    client.post("/clubs/pond/webhooks/", {"switch_off": club_hook.pk})
    assert WebhookEndpoint.objects.get(pk=club_hook.pk).active == (role not in ("director", "staff"))


def test_a_switched_off_webhook_is_sent_nothing_and_its_log_says_so(cast) -> None:
    client = cast.client("member")
    with override_settings(WEBHOOK_TRUSTED_HOSTS=["127.0.0.1"]), receiver() as hook:
        made = notifications.create_endpoint(by=cast.member, url=hook.url, events=["bot.forfeited"])
        client.post("/me/notifications/", {"switch_off": made.pk})
        assert notifications.notify("bot.forfeited", {"bot": {"name": "Hopper"}}, users=[cast.member]) == []
        assert hook.received == []
        page = client.get("/me/notifications/").content.decode()
        assert notifications.SKIPPED in page
        client.post("/me/notifications/", {"switch_on": made.pk})
        [sent] = notifications.notify("bot.forfeited", {"bot": {"name": "Hopper"}}, users=[cast.member])
        assert len(hook.received) == 1
    assert [(d.status, d.attempts, d.last_error) for d in Delivery.objects.order_by("pk")] == [
        ("failed", 0, notifications.SKIPPED), ("delivered", 1, "")]


def test_the_api_switches_a_webhook_off_and_on(cast) -> None:
    made = notifications.create_endpoint(by=cast.member, url=PUBLIC, events=["bot.forfeited"])
    client = api(cast, "member")
    off = client.patch(f"/api/webhooks/{made.pk}/", {"active": False}, format="json")
    assert off.status_code == 200 and off.json()["active"] is False
    assert notifications.notify("bot.forfeited", {}, users=[cast.member]) == []
    assert Delivery.objects.get().last_error == notifications.SKIPPED
    bad = client.patch(f"/api/webhooks/{made.pk}/", {"active": "perhaps"}, format="json")
    assert bad.status_code == 400 and "active" in bad.json()["fields"]
    unknown = client.patch(f"/api/webhooks/{made.pk}/", {"active": True, "url": "https://example.org/"}, format="json")
    assert unknown.status_code == 400 and not WebhookEndpoint.objects.get().active
    assert api(cast, "rival").patch(f"/api/webhooks/{made.pk}/", {"active": True}, format="json").status_code == 404
    on = client.patch(f"/api/webhooks/{made.pk}/", {"active": True}, format="json")
    assert on.status_code == 200 and on.json()["active"] is True and WebhookEndpoint.objects.get().active
