"""Every public page in Chromium, at a phone's width (360 px) and at a desktop's (1280 px):
no WCAG 2.1 A/AA fault axe-core finds, no console error, nothing wider than the phone (wide
tables scroll in their own box), and a skip link that Tab reaches first and that moves focus to
the content. Screenshots of each page go to ``test-artifacts/``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from tests.browser.driving import PHONE, Person, viewport
from tests.tournaments.site_data import first_match, play_next, play_tournaments, started_bot_tournament
from tournaments.models import BotEntry, Club, Membership, Tournament
from tournaments.services import bots as bot_services

DESKTOP = (1280, 900)


@dataclass
class Site:
    finished: dict[str, Tournament]
    running: Tournament
    bot: BotEntry
    owner: User

    def pages(self) -> list[tuple[str, str]]:
        """(step name, path) of every public page."""
        froggit = self.finished["froggit"]
        player = froggit.entrants.select_related("player").first().player
        pages = [("home", "/"), ("clubs", "/clubs/"), ("club", f"/clubs/{froggit.club.slug}/"),
                 ("tournament-finished", f"/tournaments/{froggit.pk}/"),
                 ("tournament-running", f"/tournaments/{self.running.pk}/"),
                 ("player", f"/players/{player.pk}/"), ("leaderboards", "/leaderboards/"),
                 ("leaderboard", "/leaderboards/froggit/"), ("bot", f"/bots/{self.bot.pk}/"),
                 ("login", "/accounts/login/")]
        pages += [(f"match-{game}", f"/matches/{first_match(tournament).pk}/")
                  for game, tournament in self.finished.items()]
        pages += [(f"rules-{game}", f"/games/{game}/") for game in self.finished]
        return pages


@pytest.fixture
def site(transactional_db: None) -> Site:
    finished = play_tournaments()
    running = started_bot_tournament(Club.objects.create(name="Running pond", slug="running-pond"), entrants=5)
    play_next(running)
    owner = User.objects.create_user("bot-owner", password="pw-owner-123")
    club = finished["leapfrog_race"].club
    Membership.objects.create(user=owner, club=club)
    bot = bot_services.create_entry(club=club, owner=owner, game="leapfrog_race", name="Owner's hopper",
                                    strategy="greedy")
    return Site(finished, running, bot, owner)


def log_in(person: Person, user: User) -> None:
    """The person's browser carries a session of ``user`` (made by Django's test client)."""
    client = Client()
    client.force_login(user)
    person.open("/leaderboards/")
    person.driver.add_cookie({"name": settings.SESSION_COOKIE_NAME,
                              "value": client.cookies[settings.SESSION_COOKIE_NAME].value, "path": "/"})


def check(person: Person, step: str, path: str) -> None:
    person.open(path)
    assert person.driver.find_element("css selector", "main h1").text, path
    person.check_page(step)
    if viewport(person.driver)[0] <= PHONE[0]:
        person.fits_the_phone()


def test_every_public_page_passes_axe_and_fits_a_phone(people: Any, site: Site) -> None:
    visitor = people("visitor")
    assert viewport(visitor.driver)[0] == PHONE[0], "the page is laid out at a phone's width"
    for step, path in site.pages():
        check(visitor, step, path)
    log_in(visitor, site.owner)
    check(visitor, "my-bots", "/bots/")
    check(visitor, "bot-owner", f"/bots/{site.bot.pk}/")


def test_a_few_pages_pass_axe_on_a_desktop(people: Any, site: Site) -> None:
    visitor = people("desktop", size=DESKTOP)
    chosen = {"home", "clubs", "tournament-finished", "tournament-running", "leaderboard", "match-froggit"}
    for step, path in site.pages():
        if step in chosen:
            check(visitor, f"desktop-{step}", path)


def test_tab_reaches_the_skip_link_first_and_it_moves_focus_to_the_content(people: Any, site: Site) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    visitor = people("keyboard")
    for path in ("/", f"/tournaments/{site.finished['froggit'].pk}/", "/clubs/"):
        visitor.open(path)
        ActionChains(visitor.driver).send_keys(Keys.TAB).perform()
        focused = visitor.driver.switch_to.active_element
        assert focused.get_attribute("class") == "skip" and focused.text == "Skip to the content", path
        assert focused.is_displayed() and focused.rect["y"] >= 0, "the skip link shows when focused"
        visitor.shot("skip-link")
        ActionChains(visitor.driver).send_keys(Keys.ENTER).perform()
        assert visitor.driver.switch_to.active_element.get_attribute("id") == "main", path
        ActionChains(visitor.driver).send_keys(Keys.TAB).perform()
        inside = visitor.driver.execute_script("return document.getElementById('main').contains(document.activeElement)")
        assert inside, f"{path}: the next Tab stays in the content"
