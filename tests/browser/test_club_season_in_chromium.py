"""A club's season on the web, end to end through its pages, in several phones' browsers at once:
a director signs up and makes a club, two members sign up through the director's invitation
link (each in their own browser, both open together), the director imports the roster from a
CSV file, runs a Swiss of Leap Frog (a swap before publishing, the printed sheets, every result
uploaded as a log file, a withdrawal, a bye, a correction with its reason) to its final
standings, which a member reads with the correction's note; then starts a bot tournament and
watches it finish. The test writes nothing itself: it builds the games' logs with the engine
and reads the database only to check. Every step is screenshot and checked with axe-core."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driving import Person, console_errors, wait_for
from tests.browser.steps import enter_start_and_watch, make_invitation_link
from tests.tournaments.console_data import played_log
from tournaments.models import Club, Correction, Match, Membership, Player, Round, Tournament

PASSWORD = "a-long-frog-pass-phrase-7"
ROSTER = "name,rating,username\nBea Lind,1910,\nCarl Moss,1875,\nDora Reed,1820,\nEli Fern,,\nFlo Marsh,1760,\nGio Pike,1702,\n"
ENTRANTS = ("Bea Lind", "Carl Moss", "Dora Reed", "Eli Fern", "Flo Marsh", "Gio Pike")
LEAVER = "Gio Pike"
REASON = "The score sheet of table 1 was misread."


def step(person: Person, name: str) -> None:
    person.check_page(name)
    person.fits_the_phone()


def sign_up(person: Person, username: str, button: str) -> None:
    person.fill(Username=username, Email=f"{username}@example.org", Password=PASSWORD, Password_again=PASSWORD)
    person.submit(button)


def click_css(person: Person, selector: str, what: str) -> None:
    person.press(person.driver.find_element("css selector", selector), what)


def choices(person: Person, label: str) -> list[str]:
    """The options a select offers, as shown."""
    field = person.field(label)
    return [option.text for option in field.find_elements("tag name", "option")]


def match_number(person: Person) -> int:
    found = re.fullmatch(r"/matches/(\d+)/(result|correct)/", person.path)
    assert found, f"{person.path} is not a match's result page"
    return int(found.group(1))


def upload_results(director: Person, number: int, folder: Path) -> None:
    """From the round's page, enter every open table's result by uploading its log file."""
    first = True
    while not director.path.endswith("/console/"):
        director.click("Enter result")
        match = Match.objects.get(pk=match_number(director))
        path = folder / f"round-{number}-match-{match.pk}.json"
        path.write_text(json.dumps(played_log(match)))
        if first:
            step(director, f"round-{number}-result-form")
            first = False
        director.fill(Log_file=path)
        director.submit("Upload")
        director.sees(f"Match #{match.pk} is finished.")
    director.sees("Every game of the round is decided")
    step(director, f"round-{number}-decided")


def publish(director: Person, number: int) -> None:
    """Pairing the next round leads to its proposal (once the browser has followed the
    redirect there): publish it."""
    wait_for(director.driver, lambda driver: director.path.endswith(f"/rounds/{number}/"),
             f"pairing round {number} to lead to its proposal")
    director.sees("Proposed pairings")
    step(director, f"round-{number}-proposed")
    director.click(f"Publish round {number}")
    director.sees(f"Round {number} is published")
    step(director, f"round-{number}-published")


@pytest.mark.usefixtures("transactional_db")
def test_a_club_season_on_the_web(people: Callable[..., Person], settings: Any, tmp_path: Path) -> None:
    settings.SIGNUP = "open"

    # 1. The director signs up and makes the club.
    director = people("season-director")
    director.open("/accounts/signup/")
    step(director, "signup")
    sign_up(director, "dana", "Sign up")
    director.sees("Welcome, dana!")
    assert director.path == "/me/"
    step(director, "profile")
    director.click("Start a new club")
    step(director, "new-club")
    director.fill(Name="Pond Club")
    director.submit("Create the club")
    director.sees("Created Pond Club; you are its director.")
    assert director.path == "/clubs/pond-club/"
    step(director, "club")

    # 2. An invitation link; two people sign up through it, each at their own browser.
    link = make_invitation_link(director, step)
    ana, ben = people("season-ana"), people("season-ben")
    for person in (ana, ben):
        person.open(link)
        person.sees("This link invites you to Pond Club as a member")
        step(person, "invited")
        person.click("Sign up to join")
        person.sees("You're joining Pond Club as a member")
    for person in (ana, ben):
        sign_up(person, person.name.removeprefix("season-"), "Sign up and join")
    for person in (ana, ben):
        person.sees("You are now a member of Pond Club.")
        assert person.path == "/clubs/pond-club/"
        step(person, "joined")
    director.open("/clubs/pond-club/members/")
    director.sees("invited by dana")
    step(director, "members")
    club = Club.objects.get(slug="pond-club")
    assert set(Membership.objects.filter(club=club).values_list("user__username", "role")) == {
        ("dana", "director"), ("ana", "member"), ("ben", "member")}

    # 3. Six players from a CSV file, previewed then imported; two linked to the members.
    roster = tmp_path / "players.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    director.open("/clubs/pond-club/")
    director.click("Import players")
    director.fill(CSV_file=roster)
    director.submit("Preview")
    director.sees("6 new, 0 already here, 0 lines refused")
    step(director, "import-preview")
    director.click("Import 6 players")
    director.sees("Imported 6 players.")
    step(director, "imported")
    for player, member in (("Bea Lind", "ana"), ("Carl Moss", "ben")):
        director.fill(Player=player, Member=member)
        director.submit("Link")
        director.sees(f"{player} is now {member}'s player.")
    step(director, "linked")
    assert set(club.players.values_list("name", flat=True)) == set(ENTRANTS)

    # 4. A Swiss of Leap Frog: created, entered, started.
    director.open("/clubs/pond-club/")
    director.click("New tournament")
    director.fill(Name="Spring Swiss", Game="Leap Frog", Format="Swiss", Rounds=3, Variant="murray", Rows=5, Cols=5)
    step(director, "swiss-create")
    director.click("Create tournament")
    director.sees("now enter its players")
    tournament = Tournament.objects.get(name="Spring Swiss")
    for name in ENTRANTS:
        director.fill(Player=name)
        director.click("Enter")
        director.sees(f"Entered {name}.")
    step(director, "swiss-registration")
    director.click("Start")
    director.sees("round 1 is proposed")
    director.click("Console")
    step(director, "console-round-1")

    # Round 1: one swap before publishing, the printed sheets, every result uploaded.
    director.click("Check and publish round 1")
    options = choices(director, "Swap")
    first = next(text for text in options if text.endswith("(table 1)"))
    second = next(text for text in options if text.endswith("(table 2)"))
    director.fill(Swap=first, With=second)
    director.submit("Swap")
    director.sees("Swapped.")
    checks = director.driver.find_element("id", "checks").text
    assert (director.driver.find_elements("css selector", "#checks .warnings li")
            or "No rematch, no second bye, no seat held too often." in checks), checks
    table_one = director.driver.find_element("css selector", "#proposal .table-card").text
    assert second.removesuffix(" (table 2)") in table_one and first.removesuffix(" (table 1)") not in table_one
    step(director, "round-1-swapped")
    director.click("Publish round 1")
    director.sees("Round 1 is published")
    step(director, "round-1-published")
    director.click("Pairing and score sheets to print")
    director.sees("Pairings")
    director.sees("Score sheet · table 3")
    step(director, "round-1-print")
    director.click("back to round 1")
    upload_results(director, 1, tmp_path)

    # Round 2.
    director.click("Pair next round")
    publish(director, 2)
    upload_results(director, 2, tmp_path)

    # After round 2 an entrant leaves: withdrawn on the registration page, its effect confirmed.
    director.click("Entrants: withdrawals and late entries")
    click_css(director, f"button[aria-label='Withdraw {LEAVER}']", "the withdrawal's effect")
    effect = director.driver.find_element("css selector", ".confirm .effect").text
    assert LEAVER in effect, effect
    step(director, "withdraw-confirm")
    director.click(f"Withdraw {LEAVER}")
    director.sees(f"{LEAVER} is withdrawn after round 2.")
    step(director, "withdrawn")

    # Round 3: five entrants, so one has the bye.
    director.click("Console")
    director.click("Pair next round")
    director.sees("Bye")
    director.click("Publish round 3")
    director.sees("Round 3 is published")
    step(director, "round-3-published")
    assert len(director.driver.find_elements("css selector", "#main .table-card.bye")) == 1
    assert not tournament.matches.filter(round__number=3, seats__player__name=LEAVER).exists()
    upload_results(director, 3, tmp_path)

    # A result of round 1 corrected with its reason.
    director.click("Round 1")
    click_css(director, "a[href$='/correct/']", "the correction page")
    match = Match.objects.get(pk=match_number(director))
    for attempt in range(40):
        corrected = played_log(match, f"corrected {attempt}")
        if corrected["result"]["ranks"] != match.result["ranks"]:
            break
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(corrected))
    step(director, "correct-form")
    director.fill(Reason=REASON, Log_file=path)
    director.submit("Correct")
    director.sees(f"Match #{match.pk} is corrected")
    director.sees(REASON)
    step(director, "corrected")
    assert Correction.objects.filter(match=match).count() == 1

    # The final standings.
    director.click("Spring Swiss console")
    director.click("Pair next round")
    director.sees("the tournament is over")
    director.sees("Final standings")
    standings = director.driver.find_element("css selector", "#final table.standings").text
    for name in ENTRANTS:
        assert name in standings, f"{name} missing from the standings"
    assert "withdrawn" in director.driver.find_element(
        "xpath", f"//table[contains(@class,'standings')]//tr[contains(., '{LEAVER}')]").text
    assert REASON in director.driver.find_element("id", "corrections").text
    step(director, "final-standings")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert list(tournament.rounds.values_list("status", flat=True).order_by("number")) == [Round.Status.COMPLETE] * 3
    assert Player.objects.get(club=club, name="Bea Lind").user.username == "ana"

    ana.open(f"/tournaments/{tournament.pk}/")
    ana.sees("A correction was made")
    ana.sees(REASON)
    step(ana, "tournament-corrected")

    # 5. A bot tournament: four built-in bots made on "My bots", entered, started, watched.
    for number in range(1, 5):
        director.open("/bots/")
        director.fill(Club="Pond Club", Name=f"Racer {number}", Game="Leapfrog (leapfrog_race)", Strategy="random")
        if number == 1:
            step(director, "bot-create")
        director.submit("Create")
        director.sees(f"Created Racer {number} with version 1.")
    step(director, "bot-made")
    director.open("/clubs/pond-club/")
    director.click("New tournament")
    director.fill(Name="Bot race", Game="Leapfrog", Format="round robin", Played_by_bots=True)
    director.fill(**{"Time per move (ms)": 800})
    step(director, "bots-create")
    director.click("Create tournament")
    director.sees("now enter its players")
    race = enter_start_and_watch(director, "Bot race", [f"Racer {number}" for number in range(1, 5)], step)
    assert race.status == Tournament.Status.FINISHED and race.bots
    assert not [error for error in console_errors(director.driver) if "favicon" not in error]
