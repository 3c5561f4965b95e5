"""The Content-Security-Policy in a real browser: the Swagger UI, the admin and a tournament
page with its progress bar work under it, with no violation in the console."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from tests.browser import conftest as browser_fixtures
from tests.browser.driving import console_errors, wait_for
from tests.browser.test_site_in_chromium import open_page
from tests.helpers.tournaments import play_tournaments
from tournaments.models import Tournament

browser = browser_fixtures.browser  # one Chromium for the module, as in tests/browser


def test_the_swagger_ui_renders_under_the_policy(browser: Any, live_server: Any, transactional_db: None) -> None:
    browser.get_log("browser")
    from selenium.webdriver.support.ui import WebDriverWait

    open_page(browser, live_server, "/api/docs/")
    # The UI fetches the whole schema, which takes a while to generate on a busy machine.
    WebDriverWait(browser, 90, poll_frequency=0.25).until(
        lambda d: d.find_elements("css selector", ".swagger-ui .opblock"), "the operations show")
    assert "Leapfrog club service" in browser.find_element("css selector", ".swagger-ui .info").text
    assert console_errors(browser) == []


def test_the_admin_and_a_tournament_page_work_under_the_policy(browser: Any, live_server: Any,
                                                                transactional_db: None) -> None:
    from selenium.webdriver.common.by import By

    froggit = play_tournaments()["froggit"]
    User.objects.create_superuser("boss", password="pw-boss-123")
    browser.get_log("browser")
    open_page(browser, live_server, f"/tournaments/{froggit.pk}/")
    bar = browser.find_element(By.ID, "progress-bar")
    fill = bar.find_element(By.CSS_SELECTOR, ".fill")
    assert bar.get_attribute("aria-valuenow") == "100" and fill.size["width"] >= bar.size["width"] - 4
    open_page(browser, live_server, "/admin/login/")
    browser.find_element(By.NAME, "username").send_keys("boss")
    browser.find_element(By.NAME, "password").send_keys("pw-boss-123")
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    wait_for(browser, lambda d: "Site administration" in d.page_source, "logged in")
    match = Tournament.objects.get(pk=froggit.pk).matches.first()
    open_page(browser, live_server, f"/admin/tournaments/match/{match.pk}/change/")
    log = browser.find_element(By.CSS_SELECTOR, "ol.match-log")
    assert log.value_of_css_property("font-family").startswith("monospace")
    # The admin names no icon, so the browser asks for /favicon.ico: a 404, not the policy.
    assert [error for error in console_errors(browser) if "favicon.ico" not in error] == []
