"""Accounts in real browsers at a phone's width: a director signs up (open sign-up), gets a
club, makes an API token; then two people, each at their own browser at the same time, sign up
through the director's invitation link and land on the club's page. Every step is screenshot
and checked with axe-core."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.browser.driving import Person, console_errors
from tournaments.models import Membership
from tournaments.services.clubs import create_club
from tournaments.services.invitations import create_invitation

PASSWORD = "a-long-frog-pass-phrase-7"


def check_refused_page(person: Person, step: str) -> None:
    """``check_page`` for a form sent back with its errors: the page answers 400, which the
    browser's console notes; nothing else may be there."""
    person.shot(step)
    faults = person.accessibility_faults()
    assert not faults, f"{person.path}: " + "; ".join(faults)
    errors = [error for error in console_errors(person.driver) if "status of 400" not in error]
    assert not errors, f"{person.path}: console errors {errors}"


def sign_up(person: Person, username: str, button: str = "Sign up") -> None:
    person.fill(Username=username, Email=f"{username}@example.org", Password=PASSWORD,
                Password_again=PASSWORD)
    person.submit(button)


@pytest.mark.usefixtures("transactional_db")
def test_a_director_signs_up_then_two_members_join_through_an_invitation_at_once(
        people: Callable[..., Person], live_server: Any, settings: Any) -> None:
    settings.SIGNUP = "open"
    director = people("director")
    director.open("/accounts/login/")
    director.check_page("login")
    director.click("Sign up")
    director.check_page("signup")
    director.fill(Username="Dana", Email="dana@example.org", Password="12345678", Password_again="12345678")
    director.submit("Sign up")
    assert "entirely numeric" in director.field_error("Password")
    director.fits_the_phone()
    check_refused_page(director, "weak-password")
    sign_up(director, "Dana")
    director.sees("Welcome, Dana!")
    assert director.path == "/me/"
    director.fits_the_phone()
    director.check_page("profile-new")

    dana = User.objects.get(username="Dana")
    club = create_club(name="Pond Club", slug="pond", director=dana)
    link = create_invitation(club, by=dana)
    director.open("/me/")
    director.sees("Pond Club")
    director.fill(Name="results script", Days_it_works="7")
    director.submit("Make the token")
    director.sees("shown only this once")
    secret = director.driver.find_element("id", "new-token-secret").text
    assert len(secret) > 20
    director.fits_the_phone()
    director.check_page("token-made")
    director.open("/me/")
    assert secret not in director.driver.page_source and "results script" in director.text()
    director.click("Revoke")
    director.sees("Token revoked")
    director.check_page("token-revoked")

    ana, ben = people("ana"), people("ben")
    for person in (ana, ben):
        person.open(f"/accounts/signup/?invitation={link.code}")
        person.sees("You're joining Pond Club as a member")
        person.check_page("invited")
    for person in (ana, ben):
        sign_up(person, person.name, button="Sign up and join")
    for person in (ana, ben):
        person.sees(f"Welcome, {person.name}! You are now a member of Pond Club.")
        assert person.path == "/clubs/pond/"
        person.fits_the_phone()
        person.check_page("joined")
        person.open("/me/")
        person.sees("Pond Club")
        person.check_page("profile")
    assert set(Membership.objects.filter(club=club).values_list("user__username", "role")) == {
        ("Dana", "director"), ("ana", "member"), ("ben", "member")}
    link.refresh_from_db()
    assert link.uses == 2


@pytest.mark.usefixtures("transactional_db")
def test_a_member_resets_a_forgotten_password_by_e_mail_then_changes_it(
        people: Callable[..., Person], live_server: Any, mailoutbox: list[Any]) -> None:
    User.objects.create_user("ana", email="ana@example.org", password="the-old-pass-phrase-1")
    ana = people("ana")
    ana.open("/accounts/login/")
    ana.click("Forgot your password?")
    ana.check_page("reset")
    ana.fill(Email="ana@example.org")
    ana.submit("Send the link")
    ana.sees("Check your e-mail")
    ana.check_page("reset-sent")
    [message] = mailoutbox
    link = re.search(r"https?://\S+/accounts/reset/\S+/", message.body).group(0)
    ana.open(link.replace("http://testserver", live_server.url))
    ana.check_page("choose-password")
    ana.fill(New_password=PASSWORD, New_password_confirmation=PASSWORD)
    ana.submit("Set my password")
    ana.sees("Your new password is set")
    ana.check_page("password-set")
    ana.click("Log in")
    ana.fill(Username="ANA", Password=PASSWORD)
    ana.submit_form_of("Password", "the profile")  # the header's "Log in" link comes before the form's button
    ana.sees("your profile")
    assert ana.path == "/me/"
    ana.click("Change your password")
    ana.check_page("change-password")
    ana.fill(Old_password=PASSWORD, New_password="another-frog-phrase-8", New_password_confirmation="another-frog-phrase-8")
    ana.submit("Change my password")
    ana.sees("still logged in")
    ana.check_page("password-changed")
    ana.open("/accounts/logout/")
    ana.check_page("log-out")
    ana.submit("Log out")
    assert ana.path.startswith("/accounts/login/")
