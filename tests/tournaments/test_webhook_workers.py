"""Webhooks delivered by a real Celery worker on Redis (PostgreSQL shared with the test): the
receiver, on 127.0.0.1, is allowed only because the worker's ``WEBHOOK_TRUSTED_HOSTS`` names
it; its first attempt is refused (nothing listens yet), the worker queues one retry after the
backoff, and the receiver gets the delivery signed with the webhook's secret."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from tests.helpers import RemoteWorker, free_port, needs_worker_database, wait_until
from tests.helpers.receiver import receiver
from tournaments.models import Delivery
from tournaments.services import notifications

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def trusting_worker(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> RemoteWorker:
    """The shared worker fixture, started with 127.0.0.1 among its trusted webhook hosts."""
    monkeypatch.setenv("WEBHOOK_TRUSTED_HOSTS", "127.0.0.1")
    return request.getfixturevalue("celery_worker")


@pytest.fixture
def wary_worker(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> RemoteWorker:
    """The shared worker fixture, started with no trusted webhook hosts."""
    monkeypatch.delenv("WEBHOOK_TRUSTED_HOSTS", raising=False)
    return request.getfixturevalue("celery_worker")


def signed(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """The check docs/notifications.md gives receivers."""
    expected = hmac.new(secret.encode(), headers["x-leapfrog-timestamp"].encode() + b"." + body,
                        hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["x-leapfrog-signature"], f"sha256={expected}")


def test_a_worker_retries_a_refused_delivery_once_and_the_receiver_gets_it_signed(
        trusting_worker: RemoteWorker) -> None:
    needs_worker_database()
    port = free_port()
    owner = User.objects.create_user("writer")
    with override_settings(WEBHOOK_TRUSTED_HOSTS=["127.0.0.1"]):
        endpoint = notifications.create_endpoint(by=owner, url=f"http://127.0.0.1:{port}/hook",
                                                 events=["bot.forfeited"])
    # What notify() stores before queueing the task, which here goes to the worker's queue.
    delivery = Delivery.objects.create(endpoint=endpoint, event="bot.forfeited", payload={"bot": {"name": "Hopper"}})
    trusting_worker.client.send_task("tournaments.deliver_webhook", args=(delivery.pk,), queue=trusting_worker.queue)
    wait_until(lambda: Delivery.objects.get(pk=delivery.pk).last_error != "", 60, "the first attempt")
    first = Delivery.objects.get(pk=delivery.pk)
    assert (first.status, first.attempts, first.response_status) == ("pending", 1, None)
    assert first.last_error.startswith("could not post") and "refused" in first.last_error.lower()

    with receiver(200, port=port) as hook:
        wait_until(lambda: Delivery.objects.get(pk=delivery.pk).status != "pending", 90, "the retry")
        done = Delivery.objects.get(pk=delivery.pk)
        assert (done.status, done.attempts, done.response_status, done.last_error) == ("delivered", 2, 200, "")
        [(headers, body)] = hook.received
    assert signed(endpoint.secret, headers, body) and not signed("whsec_forged", headers, body)
    assert headers["x-leapfrog-event"] == "bot.forfeited"
    assert json.loads(body) == {"delivery": delivery.pk, "event": "bot.forfeited",
                                "created_at": delivery.created_at.isoformat(), "data": {"bot": {"name": "Hopper"}}}


def test_the_worker_refuses_the_receiver_without_the_trusted_hosts_setting(wary_worker: RemoteWorker) -> None:
    needs_worker_database()
    owner = User.objects.create_user("writer")
    with receiver(200) as hook:
        with override_settings(WEBHOOK_TRUSTED_HOSTS=["127.0.0.1"]):
            endpoint = notifications.create_endpoint(by=owner, url=hook.url, events=["bot.forfeited"])
        delivery = Delivery.objects.create(endpoint=endpoint, event="bot.forfeited", payload={})
        assert wary_worker.run("tournaments.deliver_webhook", delivery.pk) == "failed"
        assert hook.received == []
    refused = Delivery.objects.get(pk=delivery.pk)
    assert refused.attempts == 1 and "127.0.0.1 is a loopback address" in refused.last_error
