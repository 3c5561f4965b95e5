"""Webhooks: signed deliveries to a receiver on 127.0.0.1 (allowed only as a trusted host),
retries after a failed attempt, and the addresses refused at entry and at delivery."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket

import pytest
from django.test import override_settings

from tests.helpers.receiver import receiver
from tests.helpers.world import World
from tournaments.errors import Forbidden, InvalidInput
from tournaments.models import Delivery, WebhookEndpoint
from tournaments.services import notifications, webhook_net

TRUSTED = override_settings(WEBHOOK_TRUSTED_HOSTS=["127.0.0.1"])


def verify(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """What a receiver does (docs/notifications.md)."""
    stamp = headers["x-leapfrog-timestamp"]
    expected = hmac.new(secret.encode(), stamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["x-leapfrog-signature"], f"sha256={expected}")


def endpoint_to(world: World, url: str, events: list[str] | None = None) -> WebhookEndpoint:
    return notifications.create_endpoint(by=world.member, url=url, events=events or ["bot.forfeited"])


def test_a_local_receiver_is_refused_at_entry_unless_trusted(world: World) -> None:
    with receiver() as hook:
        with pytest.raises(InvalidInput) as refused:
            endpoint_to(world, hook.url)
        assert "127.0.0.1 is a loopback address" in refused.value.fields["url"][0]
        assert not WebhookEndpoint.objects.exists()
        with TRUSTED:
            assert endpoint_to(world, hook.url).secret.startswith("whsec_")
        assert hook.received == []


@TRUSTED
def test_a_delivery_is_signed_and_retried_after_a_failed_attempt(world: World) -> None:
    with receiver(500, 200) as hook:
        endpoint = endpoint_to(world, hook.url)
        [delivery] = notifications.notify("bot.forfeited", {"bot": {"name": "Hopper"}}, users=[world.member])
        delivery.refresh_from_db()
        assert (delivery.status, delivery.attempts, delivery.response_status) == ("delivered", 2, 200)
        assert len(hook.received) == 2
        for headers, body in hook.received:
            assert verify(endpoint.secret, headers, body)
            assert headers["x-leapfrog-event"] == "bot.forfeited"
        assert hook.received[0][1] == hook.received[1][1]  # the same bytes every attempt
        sent = json.loads(hook.received[1][1])
        assert sent == {"delivery": delivery.pk, "event": "bot.forfeited", "created_at": sent["created_at"],
                        "data": {"bot": {"name": "Hopper"}}}
        assert not verify("whsec_other", hook.received[1][0], hook.received[1][1])


@TRUSTED
def test_each_attempt_is_recorded_and_waits_longer_until_the_last(world: World) -> None:
    with receiver(503) as hook:
        endpoint_to(world, hook.url)
        delivery = Delivery.objects.create(endpoint=WebhookEndpoint.objects.get(), event="bot.forfeited", payload={})
        waits = [notifications.attempt_delivery(delivery.pk) for _ in range(notifications.MAX_ATTEMPTS)]
        delivery.refresh_from_db()
    assert waits == [10, 40, 160, 640, None]
    assert (delivery.status, delivery.attempts, delivery.last_error) == ("failed", 5, "answered 503")
    assert notifications.attempt_delivery(delivery.pk) is None and len(hook.received) == 5


def test_a_trusted_receiver_is_refused_at_delivery_once_no_longer_trusted(world: World) -> None:
    with receiver() as hook:
        with TRUSTED:
            endpoint_to(world, hook.url)
        [delivery] = notifications.notify("bot.forfeited", {}, users=[world.member])
        delivery.refresh_from_db()
        assert delivery.status == "failed" and delivery.attempts == 1
        assert delivery.last_error.startswith("refused: 127.0.0.1 is a loopback address")
        assert hook.received == []


@TRUSTED
def test_a_redirect_is_not_followed(world: World) -> None:
    with receiver((302, {"Location": "http://10.0.0.1/inside"})) as hook:
        endpoint_to(world, hook.url)
        [delivery] = notifications.notify("bot.forfeited", {}, users=[world.member])
        delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("failed", 1, 302)
    assert "redirects are not followed" in delivery.last_error
    assert len(hook.received) == 1


@pytest.mark.parametrize(("url", "why"), [
    ("http://127.0.0.1/", "loopback"),
    ("http://localhost:8000/", "localhost resolves to 127.0.0.1 is a loopback"),
    ("http://[::1]/", "loopback"),
    ("http://10.1.2.3/", "private"),
    ("http://172.16.0.9/", "private"),
    ("http://192.168.1.1/", "private"),
    ("http://169.254.169.254/latest/meta-data/", "link-local (cloud metadata)"),
    ("http://[fd00:ec2::254]/", "private"),
    ("http://[fe80::1]/", "link-local"),
    ("http://224.0.0.1/", "multicast"),
    ("http://240.0.0.1/", "reserved"),
    ("http://0.0.0.0/", "unspecified"),
    ("http://100.64.0.1/", "not a public address"),
    ("http://[::ffff:127.0.0.1]/", "loopback"),
    ("http://2130706433/", "2130706433 resolves to 127.0.0.1 is a loopback"),
    ("http://no-such-host.invalid/", "does not resolve"),
    ("ftp://93.184.215.14/", "http:// or https://"),
    ("file:///etc/passwd", "http:// or https://"),
    ("https://user:secret@93.184.215.14/", "no user name or password"),
    ("https://93.184.215.14:99999/", "port"),
    ("https:///path", "names no host"),
    ("https://93.184.215.14/a b", "no spaces"),
])
def test_addresses_into_the_workers_network_are_refused_at_entry(world: World, url: str, why: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        endpoint_to(world, url)
    assert why in refused.value.fields["url"][0]
    assert refused.value.status == 400 and not WebhookEndpoint.objects.exists()


def test_a_name_resolving_to_a_private_address_is_refused_at_delivery(world: World,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A name that resolved to a public address when entered and to a private one later (DNS
    rebinding) is refused when called: the address connected to is the one checked."""
    answers = iter(["93.184.215.14", "10.0.0.7"])

    def lookup(host: str, port: int, **kwargs: object) -> list[tuple]:
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (next(answers), port))]
    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    endpoint_to(world, "https://hooks.example.org/in")
    [delivery] = notifications.notify("bot.forfeited", {}, users=[world.member])
    delivery.refresh_from_db()
    assert delivery.status == "failed"
    assert "hooks.example.org resolves to 10.0.0.7 is a private address" in delivery.last_error


def test_public_addresses_and_trusted_names_are_accepted() -> None:
    assert webhook_net.check_url("https://93.184.215.14/hook?x=1") == "https://93.184.215.14/hook?x=1"
    with override_settings(WEBHOOK_TRUSTED_HOSTS=["localhost"]):
        assert webhook_net.check_url("http://localhost:9000/in")


def test_only_directors_manage_a_clubs_webhooks_and_events_are_checked(world: World) -> None:
    with pytest.raises(Forbidden):
        notifications.create_endpoint(by=world.member, club=world.club, url="https://93.184.215.14/",
                                      events=["round.published"])
    made = notifications.create_endpoint(by=world.director, club=world.club, url="https://93.184.215.14/",
                                         events=["round.published", "tournament.finished"])
    assert list(notifications.endpoints_of(world.member, world.club)) == []
    assert list(notifications.endpoints_of(world.director, world.club)) == [made]
    with pytest.raises(Forbidden):
        notifications.delete_endpoint(made, by=world.member)
    for events, problem in (([], "choose at least one event"), (["bot.rating_moved"], "unknown: bot.rating_moved"),
                            (["nope"], "unknown: nope")):
        with pytest.raises(InvalidInput) as refused:
            notifications.create_endpoint(by=world.director, club=world.club, url="https://93.184.215.14/",
                                          events=events)
        assert refused.value.fields["events"] == [problem]


@TRUSTED
def test_switching_a_webhook_off_ends_its_pending_deliveries_unsent(world: World) -> None:
    with receiver(503) as hook:
        endpoint = endpoint_to(world, hook.url)
        delivery = Delivery.objects.create(endpoint=endpoint, event="bot.forfeited", payload={})
        assert notifications.attempt_delivery(delivery.pk) == 10
        notifications.set_active(endpoint, by=world.member, active=False)
        delivery.refresh_from_db()
        assert (delivery.status, delivery.attempts, delivery.last_error) == ("failed", 1, notifications.STOPPED)
        assert notifications.attempt_delivery(delivery.pk) is None and len(hook.received) == 1
        with pytest.raises(Forbidden):
            notifications.set_active(endpoint, by=world.outsider, active=True)
        with pytest.raises(InvalidInput):
            notifications.set_active(endpoint, by=world.member, active="yes")
        assert not WebhookEndpoint.objects.get(pk=endpoint.pk).active
