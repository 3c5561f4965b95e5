"""A bot writer's loop on a phone (360 px): from a version's page start a challenge of three
games against the club's built-in bot, read its results and open a game's replay, be refused
past the day's quota beside the field, then rerun a game with the next version and read
where the two games part. Each step is a screenshot in ``test-artifacts/`` and passes
axe-core's WCAG 2.1 AA checks."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from selenium.webdriver.common.by import By

from tests.browser.driving import Person, console_errors
from tournaments.models import Challenge, Club, Membership
from tournaments.services import bots as bot_services


def step(person: Person, name: str) -> None:
    person.check_page(name)
    person.fits_the_phone()


def test_a_bot_writer_challenges_reads_the_results_and_reruns_on_a_phone(people: Any, transactional_db: None) -> None:
    club = Club.objects.create(name="Pond Club", slug="pond", public=True, challenge_quota=4)
    ana_user = User.objects.create_user("ana", password="pw-ana-123")
    Membership.objects.create(club=club, user=ana_user)
    hopper = bot_services.create_entry(club=club, owner=ana_user, game="froggit", name="Hopper", strategy="random")
    bot_services.add_version(hopper, by=ana_user, strategy="greedy", activate=False)
    bot_services.builtin_player(club, "froggit", "House", "greedy")

    ana = people("ana")
    ana.open("/accounts/login/")
    ana.fill(Username="ana", Password="pw-ana-123")
    ana.press(ana.driver.find_element(By.CSS_SELECTOR, "main form button"), "logging in")
    ana.open(f"/bots/{hopper.pk}/versions/1/")
    ana.click("Challenge")
    ana.sees("Challenge with Hopper v1")
    step(ana, "challenge-form")
    ana.fill(Seat_0="Hopper v1 (random)", Seat_1="House v1 (greedy)", Base_seed="first try", Number_of_games="3")
    ana.submit("Start the challenge")
    ana.sees("3 of 3 games played")
    challenge = Challenge.objects.get()
    assert ana.path == f"/challenges/{challenge.pk}/"
    assert len(ana.driver.find_elements(By.CSS_SELECTOR, "#challenge-games tbody tr")) == 3
    step(ana, "challenge-results")

    ana.open(f"/bots/{hopper.pk}/versions/1/challenge/")
    ana.fill(Seat_1="House v1 (greedy)", Base_seed="second try", Number_of_games="5")
    ana.submit("Start the challenge")
    assert "1 left, not 5" in ana.field_error("Number of games")
    ana.shot("past-the-quota")  # answered 400: the console names the status, so no check_page here
    assert not ana.accessibility_faults()
    assert [error for error in console_errors(ana.driver) if "favicon" not in error and "400" not in error] == []
    ana.fits_the_phone()
    assert Challenge.objects.count() == 1

    first = challenge.matches.order_by("game_number").first()
    ana.open(f"/challenges/{challenge.pk}/")
    ana.press(ana.driver.find_element(By.CSS_SELECTOR, f"#challenge-games a[href='/matches/{first.pk}/']"),
              "the first game's replay")
    ana.sees("Rerun with my version")
    step(ana, "a-game")
    ana.fill(Rerun_with_my_version="seat 0: Hopper v2 (greedy)")
    ana.submit("Rerun with my version")
    ana.sees("Rerun of match")
    rerun = Challenge.objects.get(rerun_of=first)
    assert ana.path == f"/challenges/{rerun.pk}/"
    text = ana.text()
    assert "The games part at move" in text or "played every move" in text
    step(ana, "rerun-side-by-side")
