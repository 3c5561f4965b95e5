"""Two races compared on a phone (360 px): the boards stacked, one set of controls stepping
both, the jump to the first difference, the arrow keys; a desktop shows them side by side.
Each step is a screenshot in ``test-artifacts/`` and passes axe-core's WCAG 2.1 AA checks."""

from __future__ import annotations

from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.browser.driving import wait_for
from tests.helpers.matches import STILL
from tournaments.models import Club, Match, Player
from tournaments.services import matches as match_services

#: STILL with its fourth and fifth turns swapped: the races part at move 4.
SWAPPED = [*STILL[:3], STILL[4], STILL[3], *STILL[5:]]


@pytest.fixture
def races(transactional_db: None) -> tuple[Match, Match]:
    club = Club.objects.create(name="Pond Club", slug="pond", public=True)
    players = [Player.objects.create(club=club, name=name) for name in ("Ana", "Ben")]

    def race(moves: list[str]) -> Match:
        log = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Ben"], "setup": {"order": "RYGBOP"},
               "moves": moves}
        return match_services.upload_log(club=club, log=log, players=players)

    return race(STILL), race(SWAPPED)


def at(driver: Any, n: int) -> bool:
    """Both boards and the shared counter show position ``n`` (each side's own, when shorter)."""
    compare = driver.find_element(By.ID, "compare")
    sides = [driver.find_element(By.ID, f"side-{name}") for name in "AB"]
    totals = [int(side.get_attribute("data-total")) for side in sides]
    return (compare.get_attribute("data-shown") == str(n)
            and all(side.get_attribute("data-shown") == str(min(n, total)) for side, total in zip(sides, totals)))


def test_two_races_step_together_on_a_phone(people: Any, races: tuple[Match, Match]) -> None:
    a, b = races
    ana = people("reader")
    ana.open(f"/matches/{a.pk}/compare/{b.pk}/")
    ana.sees("The matches part at move 4 (index 3)")
    ana.check_page("compared")
    ana.fits_the_phone()
    driver = ana.driver
    boards = [driver.find_element(By.ID, f"board-{name}") for name in "AB"]
    assert boards[1].location["y"] > boards[0].location["y"] + boards[0].size["height"] - 1, "stacked on a phone"
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-step='next']")) == 1, "one set of controls"

    ana.press(driver.find_element(By.CSS_SELECTOR, "[data-step='next']"), "the next move")
    wait_for(driver, lambda d: at(d, 1), "both boards step to move 1")
    assert boards[0].get_attribute("innerHTML") == boards[1].get_attribute("innerHTML")  # the same so far

    ana.click("Show both boards after move 4")
    wait_for(driver, lambda d: at(d, 4), "both boards jump to the first difference")
    assert boards[0].get_attribute("innerHTML") != boards[1].get_attribute("innerHTML")
    assert driver.find_element(By.CSS_SELECTOR, "tr[aria-current]").get_attribute("data-n") == "4"
    assert driver.current_url.endswith("?n=4")
    ana.check_page("first-difference")
    ana.fits_the_phone()

    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    wait_for(driver, lambda d: at(d, 18), "End shows both last positions")
    assert driver.find_element(By.ID, "compare-counter").text == "18 / 18"
    assert driver.find_element(By.ID, "shown-B").text == "after 18 of 18 moves"
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait_for(driver, lambda d: at(d, 17), "← steps both back")
    ana.press(driver.find_element(By.CSS_SELECTOR, "#compare-moves a[data-n='2']"), "move 2 in the list")
    wait_for(driver, lambda d: at(d, 2), "a move in the list shows both boards there")
    ana.check_page("moves-list")


def test_a_desktop_shows_the_boards_side_by_side(people: Any, races: tuple[Match, Match]) -> None:
    a, b = races
    ben = people("desk", size=(1200, 900))
    ben.open(f"/matches/{a.pk}/compare/{b.pk}/?n=5")
    wait_for(ben.driver, lambda d: at(d, 5), "both boards start at move 5")
    boards = [ben.driver.find_element(By.ID, f"board-{name}") for name in "AB"]
    assert boards[0].location["y"] == boards[1].location["y"] and boards[1].location["x"] > boards[0].location["x"]
    ben.check_page("side-by-side")
