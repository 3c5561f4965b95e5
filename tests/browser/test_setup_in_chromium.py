"""Setting up tournaments in a phone's browser: a director logs in, creates a six-player Swiss
of Leap Frog through the form, enters the players and starts it; and creates a bot tournament
from the same pages, starts it and watches it to the end on its public page. Each step is
screenshotted and checked for accessibility faults and console errors."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.browser.driving import Person
from tests.browser.steps import enter_start_and_watch
from tournaments.models import Club, Membership, Player, Round, Tournament
from tournaments.services.bots import builtin_player

PASSWORD = "pw-director-123"


@pytest.fixture
def club(transactional_db: None) -> Club:
    club = Club.objects.create(name="Pond Club", slug="pond")
    director = User.objects.create_user("dina", password=PASSWORD)
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    for name in ("Ana", "Ben", "Cy", "Dora", "Eve", "Fay"):
        Player.objects.create(club=club, name=name)
    return club


def log_in(person: Person, path: str) -> None:
    """Open a page for directors: the login page comes first, then the page itself."""
    person.open(path)
    assert person.path.startswith("/accounts/login/")
    person.fill(Username="dina", Password=PASSWORD)
    person.check_page("login")
    person.press(person.driver.find_element("css selector", "main form button"), "the page after logging in")


def shown(person: Person, name: str) -> bool:
    return person.driver.find_element("name", name).is_displayed()


def test_a_director_creates_enters_and_starts_a_swiss_of_leap_frog(people: Any, club: Club) -> None:
    director = people("director")
    log_in(director, f"/clubs/{club.slug}/tournaments/new/")
    director.sees("New tournament")
    director.check_page("create-form")
    director.fits_the_phone()
    director.fill(Name="Spring Swiss", Game="Leap Frog", Format="Swiss", Rounds=3, Variant="murray", Rows=5, Cols=5)
    assert not shown(director, "table_size")  # a Swiss has no tables
    assert not shown(director, "measure_and_tempo__target")  # nor Leap Frog the other games' options
    director.check_page("create-filled")
    director.fill(Rounds=0)
    director.click("Create tournament")
    assert "greater than or equal to 1" in director.field_error("Rounds")
    director.check_page("create-error")
    director.fill(Rounds=3)
    director.click("Create tournament")
    director.sees("now enter its players")
    tournament = Tournament.objects.get(name="Spring Swiss")
    assert (tournament.format, tournament.format_settings["rounds"], tournament.options) == (
        "swiss", 3, {"variant": "murray", "rows": 5, "cols": 5})
    director.check_page("registration-empty")
    for name in ("Ana", "Ben", "Cy", "Dora", "Eve", "Fay"):
        director.fill(Player=name)
        director.click("Enter")
        director.sees(f"Entered {name}.")
    director.check_page("registration-full")
    director.fits_the_phone()
    director.click("Start")
    director.sees("round 1 is proposed")
    director.check_page("started")
    director.fits_the_phone()
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.PROPOSED
    assert len(Round.objects.get(tournament=tournament, number=1).proposal) == 3


def test_a_director_creates_and_starts_a_bot_tournament_and_watches_it_finish(people: Any, club: Club) -> None:
    for number in range(1, 5):
        builtin_player(club, "leapfrog_race", f"Racer {number}", "random")
    director = people("bot-director")
    log_in(director, f"/clubs/{club.slug}/tournaments/new/")
    director.fill(Name="Bot race", Game="Leapfrog", Format="round robin", Played_by_bots=True)
    assert shown(director, "limit_move_ms")
    director.fill(**{"Time per move (ms)": 800})
    director.check_page("bots-create")
    director.click("Create tournament")
    director.sees("now enter its players")
    tournament = enter_start_and_watch(director, "Bot race", [f"Racer {number}" for number in range(1, 5)],
                                       lambda person, name: person.check_page(name))
    director.fits_the_phone()
    assert tournament.status == "finished" and tournament.bot_limits == {"move_ms": 800}
