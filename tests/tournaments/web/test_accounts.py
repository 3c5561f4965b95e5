"""Accounts in the browser: sign-up (open and by invitation), log-in and log-out, the password's
change and reset by e-mail, the profile page with its tokens, and the rate limits; each page
tried as the people of the ``cast``."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.security.test_csp import inline_code
from tests.tournaments.rating_helpers import finished_match
from tests.tournaments.web.conftest import Cast
from tournaments.models import ApiToken, Membership, Player
from tournaments.services.invitations import create_invitation, revoke_invitation
from tournaments.services.tokens import issue_token
from tournaments.services.tournaments import create_tournament, publish_proposed, start_and_pair

GOOD = "a-long-frog-pass-phrase-7"


def form(username: str = "newt", email: str = "newt@example.org", password: str = GOOD,
         again: str | None = None) -> dict[str, str]:
    return {"username": username, "email": email, "password": password,
            "password_again": password if again is None else again}


def field_errors(html: str, field: str) -> str:
    """The error list tied to a field (``id_<field>_error``), as the page shows it."""
    found = re.search(rf'<ul class="errorlist" id="id_{field}_error">(.*?)</ul>', html, re.S)
    return re.sub(r"<[^>]+>", " ", found.group(1)) if found else ""


def signup_url(code: str | None = None) -> str:
    return reverse("signup") + (f"?invitation={code}" if code else "")


# -- sign-up -----------------------------------------------------------------------------------

def test_open_sign_up_makes_the_account_logs_it_in_and_shows_its_profile(cast: Cast) -> None:
    browser = Client()
    page = browser.get(signup_url())
    assert page.status_code == 200 and b'name="password_again"' in page.content and b"Log in" in page.content
    assert inline_code(page.content.decode()) == []
    answer = browser.post(signup_url(), form(), follow=True)
    assert answer.redirect_chain == [(reverse("profile"), 302)]
    assert b"Welcome, newt" in answer.content and b"You belong to no club yet" in answer.content
    user = User.objects.get(username="newt")
    assert user.email == "newt@example.org" and user.check_password(GOOD)
    assert not Membership.objects.filter(user=user).exists()


def test_an_invitation_link_says_which_club_and_joins_it_after_sign_up(cast: Cast) -> None:
    link = create_invitation(cast.club, by=cast.director)
    browser = Client()
    page = browser.get(signup_url(link.code))
    assert b"joining <strong>Pond Club</strong> as a member" in page.content
    answer = browser.post(signup_url(link.code), form(), follow=True)
    assert answer.redirect_chain == [(reverse("club", args=["pond"]), 302)]
    assert b"You are now a member of Pond Club" in answer.content
    membership = Membership.objects.get(user__username="newt")
    assert (membership.club, membership.role, membership.invited_by) == (cast.club, "member", cast.director)
    link.refresh_from_db()
    assert link.uses == 1


def test_invitation_mode_lets_in_only_those_with_a_working_code(cast: Cast, settings: object) -> None:
    settings.SIGNUP = "invitation"
    page = Client().get(signup_url())
    assert page.status_code == 200 and b"by invitation only" in page.content and b"<form method" not in page.content
    refused = Client().post(signup_url(), form())
    assert refused.status_code == 403 and b"by invitation only" in refused.content
    link = create_invitation(cast.club, by=cast.director, role="director")
    answer = Client().post(signup_url(link.code), form())
    assert answer.status_code == 302
    assert Membership.objects.get(user__username="newt").role == "director"


@pytest.mark.parametrize("mode", ["open", "invitation"])
def test_a_refused_code_leaves_no_account(cast: Cast, settings: object, mode: str) -> None:
    settings.SIGNUP = mode
    link = create_invitation(cast.club, by=cast.director, max_uses=1)
    revoke_invitation(link)
    for code in (link.code, "no-such-code", "nul%00code"):
        answer = Client().post(signup_url(code), form())
        assert answer.status_code == 404 and b"not valid" in answer.content
    assert not User.objects.filter(username="newt").exists()


def test_a_code_used_up_during_sign_up_rolls_the_account_back(cast: Cast, monkeypatch: pytest.MonkeyPatch) -> None:
    """The code worked when the page was opened; someone else took its last use before the
    account was made: neither the account nor a membership stays."""
    from tournaments.errors import Conflict
    from tournaments.services import accounts

    link = create_invitation(cast.club, by=cast.director, max_uses=1)

    def used_up(code: str, user: User) -> None:
        raise Conflict("this invitation link has been used up", code="invitation_ended",
                       fields={"invitation": ["used up"]})

    monkeypatch.setattr(accounts, "accept_invitation", used_up)
    answer = Client().post(signup_url(link.code), form())
    assert answer.status_code == 400 and b"used up" in answer.content
    assert not User.objects.filter(username="newt").exists()


def test_an_expired_or_used_up_code_says_so(cast: Cast) -> None:
    link = create_invitation(cast.club, by=cast.director, max_uses=1)
    Client().post(signup_url(link.code), form())
    answer = Client().get(signup_url(link.code))
    assert answer.status_code == 409 and b"expired or been used up" in answer.content


@pytest.mark.parametrize("taken", ["ana", "ANA", "Ana"])
def test_a_taken_username_in_any_case_is_refused_beside_the_field(cast: Cast, taken: str) -> None:
    answer = Client().post(signup_url(), form(username=taken))
    assert answer.status_code == 400
    assert "already taken" in field_errors(answer.content.decode(), "username")
    assert User.objects.filter(username__iexact="ana").count() == 1


@pytest.mark.parametrize(("password", "why"), [("short", "too short"), ("password123", "too common"),
                                              ("83920174652", "entirely numeric"), ("newtfrog-1", "too similar")])
def test_a_weak_password_is_refused_beside_the_field(cast: Cast, password: str, why: str) -> None:
    answer = Client().post(signup_url(), form(username="newtfrog", password=password))
    assert answer.status_code == 400 and why in field_errors(answer.content.decode(), "password")
    assert not User.objects.filter(username="newtfrog").exists()


@pytest.mark.parametrize(("data", "field", "why"), [
    (form(again="another-pass-phrase-9"), "password_again", "differ"),
    (form(email="not-an-address"), "email", "valid email"),
    (form(username="new t"), "username", "valid username"),
    (form(username="x" * 151), "username", "at most 150"),
    ({"username": "newt"}, "email", "required"),
    ({}, "username", "required"),
    (form(username="ne\x00wt"), "username", "Null characters"),
])
def test_malformed_sign_ups_answer_400_with_the_reason_beside_the_field(cast: Cast, data: dict, field: str,
                                                                          why: str) -> None:
    answer = Client().post(signup_url(), data)
    assert answer.status_code == 400 and why in field_errors(answer.content.decode(), field)
    assert User.objects.count() == 4


def test_someone_logged_in_is_sent_to_their_profile_or_offered_the_club(cast: Cast) -> None:
    member = cast.client("member")
    answer = member.get(signup_url())
    assert answer.status_code == 302 and answer["Location"] == reverse("profile")
    assert member.post(signup_url(), form()).status_code == 302 and not User.objects.filter(username="newt").exists()
    link = create_invitation(cast.other_club, by=cast.rival)
    page = member.get(signup_url(link.code))
    assert page.status_code == 200 and b"logged in as <strong>ana</strong>" in page.content
    assert not Membership.objects.filter(user=cast.member, club=cast.other_club).exists()


# -- log-in and log-out ------------------------------------------------------------------------

def test_log_in_goes_to_the_profile_and_log_out_ends_the_session(cast: Cast) -> None:
    browser = Client()
    page = browser.get(reverse("login"))
    assert reverse("signup").encode() in page.content and reverse("password_reset").encode() in page.content
    answer = browser.post(reverse("login"), {"username": "ANA", "password": "pw-ana-123"})
    assert answer.status_code == 302 and answer["Location"] == reverse("profile")
    assert browser.get(reverse("profile")).status_code == 200
    confirm = browser.get(reverse("logout"))
    assert confirm.status_code == 200 and b"logged in as <strong>ana</strong>" in confirm.content
    assert browser.post(reverse("logout")).status_code == 302
    assert browser.get(reverse("profile")).status_code == 302


def test_a_wrong_password_is_refused_with_a_message(cast: Cast) -> None:
    answer = Client().post(reverse("login"), {"username": "ana", "password": "guess"})
    assert answer.status_code == 200 and b"correct username and password" in answer.content


def test_the_log_in_page_tells_someone_logged_in_who_they_are(cast: Cast) -> None:
    answer = cast.client("member").get(reverse("login"))
    assert answer.status_code == 200 and b"logged in as <strong>ana</strong>" in answer.content


def test_log_out_opened_anonymously_leads_to_log_in(cast: Cast) -> None:
    answer = Client().get(reverse("logout"))
    assert answer.status_code == 302 and answer["Location"] == reverse("login")


# -- passwords ---------------------------------------------------------------------------------

def test_changing_the_password_keeps_this_session_and_ends_the_tokens(cast: Cast) -> None:
    browser = Client()
    browser.login(username="ana", password="pw-ana-123")
    issue_token(cast.member, name="laptop")
    wrong = browser.post(reverse("password_change"), {"old_password": "guess", "new_password1": GOOD,
                                                      "new_password2": GOOD})
    assert wrong.status_code == 400 and "incorrectly" in field_errors(wrong.content.decode(), "old_password")
    answer = browser.post(reverse("password_change"), {"old_password": "pw-ana-123", "new_password1": GOOD,
                                                       "new_password2": GOOD}, follow=True)
    assert answer.redirect_chain == [(reverse("password_change_done"), 302)]
    assert b"still logged in" in answer.content
    assert browser.get(reverse("profile")).status_code == 200  # still logged in
    assert not ApiToken.objects.filter(user=cast.member).exists()
    assert Client().login(username="ana", password=GOOD)


def test_a_weak_new_password_is_refused_beside_the_field(cast: Cast) -> None:
    answer = cast.client("member").post(reverse("password_change"), {
        "old_password": "pw-ana-123", "new_password1": "12345", "new_password2": "12345"})
    assert answer.status_code == 400 and "too short" in field_errors(answer.content.decode(), "new_password2")


def test_a_password_reset_by_e_mail_end_to_end(cast: Cast) -> None:
    issue_token(cast.member, name="laptop")
    browser = Client()
    answer = browser.post(reverse("password_reset"), {"email": "ANA@example.org"})
    assert answer.status_code == 302 and answer["Location"] == reverse("password_reset_done")
    [message] = mail.outbox
    assert message.to == ["ana@example.org"] and "password" in message.subject.lower()
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    ask = browser.get(link, follow=True)
    assert ask.status_code == 200 and b'name="new_password1"' in ask.content
    done = browser.post(ask.redirect_chain[-1][0], {"new_password1": GOOD, "new_password2": GOOD}, follow=True)
    assert done.redirect_chain[-1][0] == reverse("password_reset_complete") and b"Log in" in done.content
    assert not ApiToken.objects.filter(user=cast.member).exists()
    assert Client().post(reverse("login"), {"username": "ana", "password": GOOD}).status_code == 302
    used = Client().get(link, follow=True)
    assert used.status_code == 400 and b"This link does not work" in used.content


def test_a_reset_for_an_unknown_address_looks_the_same_and_sends_nothing(cast: Cast) -> None:
    answer = Client().post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert answer.status_code == 302 and answer["Location"] == reverse("password_reset_done")
    assert mail.outbox == []
    bad = Client().post(reverse("password_reset"), {"email": "not an address"})
    assert bad.status_code == 400 and "valid email" in field_errors(bad.content.decode(), "email")


def test_a_garbled_reset_link_answers_400_with_a_way_on(cast: Cast) -> None:
    answer = Client().get("/accounts/reset/Zm9v/not-a-token/")
    assert answer.status_code == 400 and reverse("password_reset").encode() in answer.content


# -- permissions -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["profile", "password_change", "password_change_done"])
def test_anonymous_people_are_asked_to_log_in(cast: Cast, name: str) -> None:
    for method in ("get", "post"):
        answer = getattr(Client(), method)(reverse(name))
        assert answer.status_code == 302 and answer["Location"].startswith(reverse("login") + "?next=")


@pytest.mark.parametrize("role", ["anonymous", "member", "rival", "director", "staff"])
@pytest.mark.parametrize("name", ["login", "password_reset", "password_reset_done", "password_reset_complete"])
def test_the_open_pages_answer_everybody(cast: Cast, role: str, name: str) -> None:
    answer = cast.client(role).get(reverse(name))
    assert answer.status_code == 200
    assert inline_code(answer.content.decode()) == []


# -- the profile -------------------------------------------------------------------------------

def test_the_profile_shows_my_clubs_players_matches_and_pairings(cast: Cast) -> None:
    ben, cy, dora = cast.players[:3]
    played = finished_match([cast.ana, ben], [1, 2])
    tournament = create_tournament(club=cast.club, name="Spring Cup", game="froggit", players=[cast.ana, ben, cy, dora])
    publish_proposed(start_and_pair(tournament))
    page = cast.client("member").get(reverse("profile"))
    html = page.content.decode()
    assert page.status_code == 200 and inline_code(html) == []
    assert f'href="{reverse("club", args=["pond"])}">Pond Club</a> <span class="tag">member' in html
    assert f'href="{reverse("player", args=[cast.ana.pk])}">Ana</a>' in html
    assert f'href="{reverse("match", args=[played.pk])}"' in html
    pending = html.split("Your pairings to play")[1].split("Your recent matches")[0]
    assert "Spring Cup" in pending and "round 1" in pending and reverse("tournament", args=[tournament.pk]) in pending
    assert "<strong>Ana</strong>" in pending and "vs" in pending
    assert pending.count("<li>") == 1  # Ana's one table of the round, not the other pairing


def test_the_profile_shows_only_my_things(cast: Cast) -> None:
    lily_player = Player.objects.create(club=cast.other_club, name="Rivalry", user=cast.rival)
    lily_match = finished_match([lily_player, Player.objects.create(club=cast.other_club, name="Lou")], [1, 2])
    theirs = finished_match(cast.players[:2], [2, 1])
    _, secret = issue_token(cast.rival, name="rivals-secret-laptop")
    html = cast.client("member").get(reverse("profile")).content.decode()
    assert "rivals-secret-laptop" not in html and secret not in html and "Lily Club" not in html
    assert "Rivalry" not in html and reverse("match", args=[lily_match.pk]) not in html
    assert reverse("match", args=[theirs.pk]) not in html  # Ben and Cy's match, not Ana's
    staff = cast.client("staff").get(reverse("profile")).content.decode()
    assert "You have no API tokens" in staff and "No matches yet" in staff


def test_a_new_token_shows_its_secret_once_and_revokes(cast: Cast) -> None:
    member = cast.client("member")
    made = member.post(reverse("profile"), {"name": "results script", "days": "7"})
    assert made.status_code == 200 and made["Cache-Control"].startswith("max-age=0")
    secret = made.context["secret"]
    token = ApiToken.objects.get(user=cast.member)
    assert secret in made.content.decode() and b"shown only this once" in made.content
    assert token.name == "results script" and secret.startswith(token.token_key)
    again = member.get(reverse("profile")).content.decode()
    assert "results script" in again and secret not in again
    api = Client(HTTP_AUTHORIZATION=f"Token {secret}")
    assert api.get("/api/users/me/").status_code == 200
    revoked = member.post(reverse("profile"), {"revoke": token.token_key}, follow=True)
    assert b"Token revoked" in revoked.content and not ApiToken.objects.filter(user=cast.member).exists()
    assert api.get("/api/users/me/").status_code in (401, 403)


def test_nobody_revokes_anothers_token(cast: Cast) -> None:
    token, _ = issue_token(cast.rival, name="phone")
    for key in (token.token_key, "nul\x00key", ""):
        answer = cast.client("member").post(reverse("profile"), {"revoke": key})
        assert answer.status_code == 404 and b"does not exist or has already been revoked" in answer.content
    assert ApiToken.objects.filter(pk=token.pk).exists()


@pytest.mark.parametrize(("data", "field", "why"), [
    ({}, "name", "required"),
    ({"name": "x" * 101}, "name", "at most 100"),
    ({"name": "laptop", "days": "0"}, "days", "greater than or equal to 1"),
    ({"name": "laptop", "days": "9999"}, "days", "less than or equal to 30"),
    ({"name": "laptop", "days": "soon"}, "days", "whole number"),
    ({"name": "lap\u202etop"}, "name", "format character"),
])
def test_malformed_token_requests_answer_400_beside_the_field(cast: Cast, data: dict, field: str, why: str) -> None:
    answer = cast.client("member").post(reverse("profile"), data)
    assert answer.status_code == 400 and why in field_errors(answer.content.decode(), field)
    assert not ApiToken.objects.exists()


# -- rate limits -------------------------------------------------------------------------------

def test_sign_ups_past_the_rate_answer_429_by_address(cast: Cast, settings: object) -> None:
    settings.SIGNUP_RATE = "2/h"
    assert [Client(REMOTE_ADDR="203.0.113.7").post(signup_url(), form(username=f"n{number}")).status_code
            for number in range(2)] == [302, 302]
    limited = Client(REMOTE_ADDR="203.0.113.7").post(signup_url(), form(username="n3"))
    assert limited.status_code == 429 and b"Too many sign-ups" in limited.content and int(limited["Retry-After"]) > 0
    assert not User.objects.filter(username="n3").exists()
    assert Client(REMOTE_ADDR="198.51.100.9").post(signup_url(), form(username="n4")).status_code == 302
    assert Client(REMOTE_ADDR="203.0.113.7").get(signup_url()).status_code == 200  # reading is not counted


def test_resets_past_the_rate_answer_429_by_address_and_by_e_mail(cast: Cast, settings: object) -> None:
    settings.RESET_RATE = "2/h"
    here = Client(REMOTE_ADDR="203.0.113.7")
    assert [here.post(reverse("password_reset"), {"email": f"x{n}@example.org"}).status_code
            for n in range(2)] == [302, 302]
    limited = here.post(reverse("password_reset"), {"email": "ana@example.org"})
    assert limited.status_code == 429 and b"Too many password resets" in limited.content
    assert mail.outbox == []  # and the refused request is not counted against ana's address
    for address in ("198.51.100.1", "198.51.100.2"):
        assert Client(REMOTE_ADDR=address).post(reverse("password_reset"), {"email": "ana@example.org"}).status_code == 302
    elsewhere = Client(REMOTE_ADDR="198.51.100.3").post(reverse("password_reset"), {"email": "ANA@example.org "})
    assert elsewhere.status_code == 429 and len(mail.outbox) == 2


def test_a_malformed_rate_setting_is_refused_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.core.exceptions import ImproperlyConfigured

    from config.settings import env_rate

    monkeypatch.setenv("SIGNUP_RATE", "lots")
    with pytest.raises(ImproperlyConfigured, match="SIGNUP_RATE must be a rate"):
        env_rate("SIGNUP_RATE", "5/h")
    monkeypatch.setenv("SIGNUP_RATE", "20/10m")
    assert env_rate("SIGNUP_RATE", "5/h") == "20/10m"


@pytest.mark.parametrize(("name", "data"), [
    ("login", {"username": "a\x00na", "password": "pw-ana-123"}),
    ("login", {"username": "ana", "password": "pw\x00"}),
    ("password_reset", {"email": "ana\x00@example.org"}),
])
def test_nul_characters_in_a_form_are_refused_not_a_server_error(cast: Cast, name: str, data: dict) -> None:
    answer = Client().post(reverse(name), data)
    assert answer.status_code in (200, 400) and b"Null characters" in answer.content


def test_the_profile_offers_to_start_a_club(cast: Cast) -> None:
    """Someone who just signed up lands on the profile: from there they start their own club."""
    for role in ("member", "director"):
        page = cast.client(role).get("/me/").content.decode()
        assert f'<a href="{reverse("club-create")}">Start a new club</a>' in page, role
