"""A member sets up notifications from a phone: an address into the workers' network is
refused beside the URL field, a public one is added and its secret shown, switched off and on
again, and the e-mail preferences are saved. Each step is a screenshot in ``test-artifacts/`` and passes axe-core's
WCAG 2.1 AA checks at 360 px."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.browser.driving import console_errors
from tournaments.models import Club, Membership, NotificationPreference, WebhookEndpoint


@pytest.fixture
def member(transactional_db: None) -> User:
    club = Club.objects.create(name="Pond Club", slug="pond")
    user = User.objects.create_user("ana", email="ana@example.org", password="pw-ana-123")
    Membership.objects.create(user=user, club=club)
    return user


def test_a_member_adds_a_webhook_and_chooses_e_mails_on_a_phone(people: Any, member: User) -> None:
    ana = people("member")
    ana.open("/accounts/login/?next=/me/")
    ana.fill(Username="ana", Password="pw-ana-123")
    ana.submit_form_of("Password", "/me/")
    ana.sees("Notifications")
    ana.click("Choose e-mail notifications, rating threshold and webhooks")
    ana.sees("By e-mail")
    ana.check_page("notifications")
    ana.fits_the_phone()

    ana.fill(Webhook_URL="http://169.254.169.254/latest/meta-data/")
    ana.fill(**{"bot.forfeited: a bot of mine forfeits a match": True})
    ana.submit("Add the webhook")
    assert "link-local (cloud metadata) address" in ana.field_error("Webhook URL")
    ana.shot("webhook-refused")  # answered 400: the console names the status, so no check_page here
    assert not ana.accessibility_faults()
    assert all("400 (Bad Request)" in error for error in console_errors(ana.driver))  # read, so cleared
    ana.fits_the_phone()
    assert not WebhookEndpoint.objects.exists()

    ana.fill(Webhook_URL="https://93.184.215.14/hooks/leapfrog")
    ana.fill(**{"bot.forfeited: a bot of mine forfeits a match": True})
    ana.submit("Add the webhook")
    ana.sees("Added the webhook")
    ana.click("Show the secret", among="//summary")
    ana.sees(WebhookEndpoint.objects.get().secret)
    ana.check_page("webhook-added")
    ana.fits_the_phone()

    ana.click("Switch off")
    ana.sees("switched off: events are not sent")
    assert not WebhookEndpoint.objects.get().active
    ana.check_page("webhook-switched-off")
    ana.fits_the_phone()
    ana.click("Switch on")
    ana.sees("Switched on the webhook")
    assert WebhookEndpoint.objects.get().active

    ana.fill(**{"my bot's rating moves by more than my threshold": True})
    ana.fill(**{"Rating move worth an e-mail or webhook": 75})
    ana.submit("Save the preferences")
    ana.sees("Saved your notification preferences")
    saved = NotificationPreference.objects.get(user=member)
    assert (saved.email_events, saved.rating_threshold) == (["bot.rating_moved"], 75)
