"""A club made on the web, in two browsers at a phone's width: a director creates the club and an
invitation link, a second person opens the link, logs in and joins; the director imports six
players from a CSV file (previewed, then confirmed) and links one to the new member. Every step
is screenshot and checked for accessibility faults and console errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import User

from tests.browser.driving import Person
from tests.browser.steps import make_invitation_link
from tournaments.models import Club, Player

PLAYERS_CSV = "name,rating,username\nBea Lind,1910,\nCarl Moss,1875,\nDana Reed,1820,\nEli Fern,,\nFlo Marsh,1760,\nGio Pike,1702,\n"


def log_in(person: Person, username: str, password: str) -> None:
    person.fill(Username=username, Password=password)
    person.press(person.driver.find_element("css selector", "main form button"), "logging in")


def step(person: Person, name: str) -> None:
    person.check_page(name)
    person.fits_the_phone()


def test_a_director_makes_a_club_invites_a_member_and_imports_the_roster(
        people: Any, transactional_db: None, tmp_path: Path) -> None:
    User.objects.create_user("director", password="pw-director-123")
    User.objects.create_user("ana", password="pw-ana-123")
    director = people("director")

    director.open("/accounts/login/")
    log_in(director, "director", "pw-director-123")
    director.open("/clubs/new/")
    step(director, "new-club")
    director.fill(Name="Pond Club")
    assert director.field("Slug").get_attribute("value") == "pond-club"  # suggested from the name
    director.submit("Create the club")
    director.sees("Created Pond Club; you are its director.")
    assert director.path == "/clubs/pond-club/"
    step(director, "club-page")

    link = make_invitation_link(director, step)
    assert link.startswith("http") and "/join/" in link

    ana = people("ana")
    ana.open(link)
    ana.sees("This link invites you to Pond Club as a member")
    step(ana, "join-anonymous")
    ana.press(ana.driver.find_element("css selector", ".join-choices a[href*='next=']"), "the log-in page")
    log_in(ana, "ana", "pw-ana-123")
    ana.sees("You join as ana.")
    step(ana, "join-logged-in")
    ana.click("Join Pond Club")
    ana.sees("Welcome to Pond Club.")
    assert ana.path == "/clubs/pond-club/"
    step(ana, "joined")

    director.open("/clubs/pond-club/members/")
    director.sees("invited by director")
    step(director, "members")

    roster = tmp_path / "players.csv"
    roster.write_text(PLAYERS_CSV, encoding="utf-8")
    director.open("/clubs/pond-club/")
    director.click("Import players")
    director.fill(CSV_file=roster)
    director.submit("Preview")
    director.sees("6 new, 0 already here, 0 lines refused")
    step(director, "preview")
    director.click("Import 6 players")
    director.sees("Imported 6 players.")
    club = Club.objects.get(slug="pond-club")
    assert club.players.count() == 6
    step(director, "imported")

    director.fill(Player="Dana Reed", Member="ana")
    director.submit("Link")
    director.sees("Dana Reed is now ana's player.")
    step(director, "linked")
    assert Player.objects.get(club=club, name="Dana Reed").user.username == "ana"
    ana.open("/clubs/pond-club/players/")
    ana.sees("Dana Reed")
    step(ana, "roster-as-member")
