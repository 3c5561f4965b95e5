"""Notifications: webhook endpoints and e-mail preferences, telling people of events, and the
signed delivery of each event with its retries.

An event (``notify``) reaches the e-mail of the users who chose it and every active endpoint
that wants it (the users' own, and the club's): each endpoint gets a ``Delivery`` row and a
task, queued after the commit. A delivery is tried up to ``MAX_ATTEMPTS`` times, waiting
``BACKOFF_SECONDS * 4**n`` between attempts; every attempt's answer or error is recorded.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterable, Sequence
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from tournaments.errors import Forbidden, InvalidInput
from tournaments.models import Club, Delivery, NotificationPreference, WebhookEndpoint
from tournaments.models.notifications import EVENTS
from tournaments.selectors import is_director
from tournaments.services import webhook_net
from tournaments.services.queue import after_commit

EVENT_NAMES = tuple(name for name, _ in EVENTS)
#: A club's endpoints hear of its rounds, tournaments and its bots' forfeits and placements;
#: rating moves are measured against an owner's own threshold, so they go to owners only.
CLUB_EVENTS = tuple(name for name in EVENT_NAMES if name != "bot.rating_moved")
MAX_ATTEMPTS = 5
BACKOFF_SECONDS = 10
MAX_ENDPOINTS = 10
MAX_THRESHOLD = 5000


# -- endpoints and preferences -----------------------------------------------------------------------

def checked_events(events: Any, allowed: Sequence[str]) -> list[str]:
    if not isinstance(events, list | tuple) or not events or not all(isinstance(event, str) for event in events):
        raise InvalidInput("choose at least one event", fields={"events": ["choose at least one event"]})
    unknown = sorted(set(events) - set(allowed))
    if unknown:
        raise InvalidInput(f"no such event here: {unknown[0]!r}", fields={"events": [f"unknown: {unknown[0]}"]})
    return [name for name in allowed if name in events]


def may_manage(user: Any, endpoint: WebhookEndpoint) -> bool:
    """An endpoint's own user, its club's directors (and staff) manage it."""
    if endpoint.club_id is not None:
        return is_director(user, endpoint.club)
    return bool(user.is_authenticated and (endpoint.user_id == user.pk or user.is_staff))


@transaction.atomic
def create_endpoint(*, by: Any, url: Any, events: Any, club: Club | None = None) -> WebhookEndpoint:
    """A new endpoint of ``by`` (or of ``club``, which ``by`` must direct), its secret made here."""
    if club is not None and not is_director(by, club):
        raise Forbidden(f"only the directors of {club.name} manage its webhooks")
    url = webhook_net.check_url(url)
    wanted = checked_events(events, CLUB_EVENTS if club is not None else EVENT_NAMES)
    owned = WebhookEndpoint.objects.filter(club=club) if club is not None else WebhookEndpoint.objects.filter(user=by)
    if owned.count() >= MAX_ENDPOINTS:
        raise InvalidInput(f"at most {MAX_ENDPOINTS} webhooks each", fields={"url": [f"at most {MAX_ENDPOINTS}"]})
    return WebhookEndpoint.objects.create(user=None if club is not None else by, club=club, url=url, events=wanted,
                                          secret="whsec_" + secrets.token_urlsafe(32), created_by=by)


@transaction.atomic
def delete_endpoint(endpoint: WebhookEndpoint, *, by: Any) -> None:
    """Remove an endpoint and its delivery log."""
    if not may_manage(by, endpoint):
        raise Forbidden("not your webhook")
    endpoint.delete()


#: What the delivery log says of an event not sent, and of a delivery the switch-off ended.
SKIPPED = "not sent: the webhook is switched off"
STOPPED = "not delivered: the webhook was switched off"


@transaction.atomic
def set_active(endpoint: WebhookEndpoint, *, by: Any, active: Any) -> WebhookEndpoint:
    """Switch an endpoint off (its pending deliveries end, unsent; later events are logged as
    not sent) or on again (events are delivered from then on; none missed is replayed)."""
    if not may_manage(by, endpoint):
        raise Forbidden("not your webhook")
    if type(active) is not bool:
        raise InvalidInput("active is true or false", fields={"active": ["true or false"]})
    endpoint = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
    if endpoint.active == active:
        return endpoint
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(active=active)
    endpoint.active = active
    if not active:
        Delivery.objects.filter(endpoint=endpoint, status=Delivery.Status.PENDING).update(
            status=Delivery.Status.FAILED, last_error=STOPPED)
    return endpoint


def endpoints_of(user: Any, club: Club | None = None) -> QuerySet[WebhookEndpoint]:
    """The endpoints one manages: one's own, or the club's for its directors (none otherwise)."""
    if club is not None:
        found = WebhookEndpoint.objects.filter(club=club)
        return found if is_director(user, club) else found.none()
    return WebhookEndpoint.objects.filter(user_id=user.pk) if user.is_authenticated else WebhookEndpoint.objects.none()


def deliveries_of(endpoints: QuerySet[WebhookEndpoint], limit: int = 50) -> list[Delivery]:
    return list(Delivery.objects.filter(endpoint__in=endpoints).select_related("endpoint")[:limit])


def preference_of(user: Any) -> NotificationPreference:
    """A user's e-mail preferences (unsaved defaults when never set: no e-mail)."""
    return NotificationPreference.objects.filter(user=user).first() or NotificationPreference(user=user)


def checked_preferences(user: Any, email_events: Any, rating_threshold: Any) -> list[str]:
    """The e-mail events as stored, or InvalidInput beside the field at fault."""
    events = checked_events(email_events, EVENT_NAMES) if email_events else []
    if type(rating_threshold) is not int or not 1 <= rating_threshold <= MAX_THRESHOLD:
        raise InvalidInput(f"the rating threshold is from 1 to {MAX_THRESHOLD} points",
                           fields={"rating_threshold": [f"from 1 to {MAX_THRESHOLD}"]})
    if events and not user.email:
        raise InvalidInput("your account has no e-mail address to write to", fields={"email_events": ["no e-mail address"]})
    return events


@transaction.atomic
def set_preferences(user: Any, *, email_events: Any, rating_threshold: Any) -> NotificationPreference:
    """Which events reach the user's e-mail, and the rating move worth telling."""
    events = checked_preferences(user, email_events, rating_threshold)
    preference, _ = NotificationPreference.objects.update_or_create(
        user=user, defaults={"email_events": events, "rating_threshold": rating_threshold})
    return preference


# -- telling ---------------------------------------------------------------------------------------

def wanting(event: str, users: Iterable[Any], club: Club | None,
            switched_off: bool = False) -> tuple[list[int], list[WebhookEndpoint]]:
    """The users to e-mail and the active endpoints that want the event (the switched-off
    ones too with ``switched_off``)."""
    ids = {user if isinstance(user, int) else user.pk for user in users}
    mailed = [preference.user_id for preference in NotificationPreference.objects.filter(user_id__in=ids)
              if event in preference.email_events]
    scope = Q(user_id__in=ids) | (Q(club=club) if club is not None and event in CLUB_EVENTS else Q(pk__in=[]))
    if not switched_off:
        scope &= Q(active=True)
    endpoints = [endpoint for endpoint in WebhookEndpoint.objects.filter(scope) if event in endpoint.events]
    return sorted(mailed), endpoints


def notify(event: str, data: dict[str, Any], *, users: Iterable[Any] = (), club: Club | None = None) -> list[Delivery]:
    """Tell the users (by e-mail, by their webhooks) and the club's webhooks of an event,
    once the current transaction commits. A switched-off webhook gets nothing; its delivery
    log notes the event as not sent."""
    mailed, endpoints = wanting(event, users, club, switched_off=True)
    for user_id in mailed:
        after_commit(send_notification_email, user_id, event, data)
    deliveries = []
    for endpoint in endpoints:
        if not endpoint.active:
            Delivery.objects.create(endpoint=endpoint, event=event, payload=data, status=Delivery.Status.FAILED,
                                    last_error=SKIPPED)
            continue
        delivery = Delivery.objects.create(endpoint=endpoint, event=event, payload=data)
        after_commit(deliver_webhook, delivery.pk)
        deliveries.append(delivery)
    return deliveries


def describe(event: str, data: dict[str, Any]) -> tuple[str, str]:
    """An e-mail's subject and text for an event."""
    label = dict(EVENTS)[event]
    name = data.get("bot", {}).get("name") or data.get("tournament", {}).get("name") or ""
    lines = [f"{label.capitalize()}: {name}.", ""]
    lines += [f"{key}: {json.dumps(value, sort_keys=True)}" for key, value in sorted(data.items())]
    lines += ["", "You chose these e-mails on your profile page (Notifications), where you can change them."]
    return f"[Leapfrog] {event}: {name}"[:200], "\n".join(lines)


@shared_task(name="tournaments.send_notification_email")
def send_notification_email(user_id: int, event: str, data: dict[str, Any]) -> bool:
    """E-mail one user of an event (SMTP when configured, the console otherwise)."""
    preference = NotificationPreference.objects.select_related("user").filter(user_id=user_id).first()
    if preference is None or not preference.user.email or event not in preference.email_events:
        return False
    subject, text = describe(event, data)
    send_mail(subject, text, settings.DEFAULT_FROM_EMAIL, [preference.user.email])
    return True


# -- delivering -------------------------------------------------------------------------------------

def body_of(delivery: Delivery) -> bytes:
    """The exact bytes posted (the same on every attempt)."""
    envelope = {"delivery": delivery.pk, "event": delivery.event, "created_at": delivery.created_at.isoformat(),
                "data": delivery.payload}
    return json.dumps(envelope, sort_keys=True, separators=(",", ":")).encode()


def backoff(attempts: int) -> int:
    """Seconds to wait after the ``attempts``-th failed attempt."""
    return BACKOFF_SECONDS * 4 ** (attempts - 1)


def attempt_delivery(delivery_id: int) -> int | None:
    """One attempt at a pending delivery, recorded: the seconds to wait before the next one,
    or None when it is done (delivered, or failed for good)."""
    with transaction.atomic():
        delivery = Delivery.objects.select_for_update().select_related("endpoint").filter(pk=delivery_id).first()
        if delivery is None or delivery.status != Delivery.Status.PENDING:
            return None
        delivery.attempts += 1
        attempts = delivery.attempts
        delivery.last_attempt_at = timezone.now()
        delivery.save(update_fields=["attempts", "last_attempt_at"])
    endpoint = delivery.endpoint
    body = body_of(delivery)
    stamp = str(int(time.time()))
    headers = {webhook_net.SIGNATURE_HEADER: webhook_net.sign(endpoint.secret, stamp, body),
               webhook_net.TIMESTAMP_HEADER: stamp, webhook_net.EVENT_HEADER: delivery.event}
    status, error, final = None, "", False
    if not endpoint.active:
        error, final = STOPPED, True
    else:
        try:
            answer = webhook_net.post(endpoint.url, body, headers)
            status = answer.status
            if 300 <= status < 400:
                error, final = f"answered a redirect ({status}): redirects are not followed", True
            elif status >= 300:
                error = f"answered {status}"
        except webhook_net.Refused as refusal:
            error, final = f"refused: {refusal}", True
        except OSError as failure:
            error = f"could not post: {failure}"[:500]
    done = status is not None and 200 <= status < 300
    failed = not done and (final or attempts >= MAX_ATTEMPTS)
    Delivery.objects.filter(pk=delivery_id).update(
        response_status=status, last_error=error[:500],
        status=Delivery.Status.DELIVERED if done else Delivery.Status.FAILED if failed else Delivery.Status.PENDING,
        delivered_at=timezone.now() if done else None)
    return None if done or failed else backoff(attempts)


@shared_task(name="tournaments.deliver_webhook", acks_late=True)
def deliver_webhook(delivery_id: int) -> str:
    """Try a delivery; while it may be retried, queue the next attempt after its backoff.
    Without a worker (eager), the attempts follow one another at once."""
    wait = attempt_delivery(delivery_id)
    while wait is not None and settings.CELERY_TASK_ALWAYS_EAGER:
        wait = attempt_delivery(delivery_id)
    if wait is not None:
        deliver_webhook.apply_async((delivery_id,), countdown=wait)
    return Delivery.objects.filter(pk=delivery_id).values_list("status", flat=True).first() or "gone"
