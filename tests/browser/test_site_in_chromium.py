"""The pages in a real browser: Debian's headless Chromium driven by Selenium against the live
test server. Pages load without console errors, the replay steps through every game, the
leaderboard sorts, and the progress bar advances while a bot tournament runs. Screenshots of
each game's replay go to ``test-artifacts/`` (``TEST_ARTIFACTS`` names another folder)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driving import artifacts, console_errors, wait_for
from tests.helpers import skip_or_fail
from tests.tournaments.site_data import first_match, play_next, play_tournaments, started_bot_tournament
from tournaments.models import Club, Tournament


def open_page(driver: Any, live_server: Any, path: str) -> None:
    driver.get(live_server.url + path)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete", f"{path} loads")


@pytest.fixture
def tournaments(transactional_db: None) -> dict[str, Tournament]:
    return play_tournaments()


def test_every_page_loads_without_console_errors(browser: Any, live_server: Any,
                                                 tournaments: dict[str, Tournament]) -> None:
    froggit = tournaments["froggit"]
    player = froggit.entrants.first().player
    paths = ["/", f"/clubs/{froggit.club.slug}/", f"/tournaments/{froggit.pk}/", f"/players/{player.pk}/",
             "/leaderboards/", "/leaderboards/froggit/", "/bots/", "/accounts/login/"]
    paths += [f"/games/{game}/" for game in tournaments]
    paths += [f"/matches/{first_match(tournament).pk}/" for tournament in tournaments.values()]
    browser.get_log("browser")
    for path in paths:
        open_page(browser, live_server, path)
        assert browser.find_element("css selector", "main h1").text, path
        assert console_errors(browser) == [], path
    browser.set_window_size(390, 844)
    try:
        open_page(browser, live_server, f"/matches/{first_match(froggit).pk}/")
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        browser.save_screenshot(str(artifacts() / "phone-replay-froggit.png"))
    finally:
        browser.set_window_size(1200, 900)


def test_stepping_through_each_games_replay_changes_the_board(browser: Any, live_server: Any,
                                                              tournaments: dict[str, Tournament]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    for game, tournament in tournaments.items():
        match = first_match(tournament)
        open_page(browser, live_server, f"/matches/{match.pk}/")
        replay = browser.find_element(By.ID, "replay")
        board = browser.find_element(By.ID, "board")

        def shown(number: int) -> Any:
            return lambda driver: replay.get_attribute("data-shown") == str(number)

        assert replay.get_attribute("data-shown") == str(match.move_count)
        last = board.get_attribute("innerHTML")
        browser.find_element(By.CSS_SELECTOR, 'button[data-step="first"]').click()
        wait_for(browser, shown(0), f"{game}: the first position shows")
        start = board.get_attribute("innerHTML")
        assert start != last and start.startswith("<svg")
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        wait_for(browser, shown(1), f"{game}: the right arrow steps forward")
        assert board.get_attribute("innerHTML") not in (start, last)
        assert browser.find_element(By.ID, "counter").text == f"1 / {match.move_count}"
        browser.find_element(By.CSS_SELECTOR, 'button[data-step="next"]').click()
        wait_for(browser, shown(2), f"{game}: next steps forward")
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        wait_for(browser, shown(1), f"{game}: the left arrow steps back")
        middle = match.move_count // 2
        browser.find_element(By.CSS_SELECTOR, f'#move-list a[data-n="{middle}"]').click()
        wait_for(browser, shown(middle), f"{game}: a move in the list jumps to it")
        current = browser.find_element(By.CSS_SELECTOR, "#move-list a[aria-current]")
        assert current.get_attribute("data-n") == str(middle)
        browser.save_screenshot(str(artifacts() / f"replay-{game}.png"))
        browser.find_element(By.CSS_SELECTOR, 'button[data-step="last"]').click()
        wait_for(browser, shown(match.move_count), f"{game}: last jumps to the end")
        assert board.get_attribute("innerHTML") == last
        assert console_errors(browser) == [], game


def test_the_leaderboard_sorts_by_the_column_clicked(browser: Any, live_server: Any,
                                                   tournaments: dict[str, Tournament]) -> None:
    from selenium.webdriver.common.by import By

    def column(index: int) -> list[str]:
        return [cell.get_attribute("data-value") for cell in
                browser.find_elements(By.CSS_SELECTOR, f"#leaderboard tbody tr td:nth-child({index})")]

    open_page(browser, live_server, "/leaderboards/leap_frog/")
    ranks = [int(rank) for rank in column(1)]
    assert ranks == sorted(ranks) and len(ranks) == 3
    browser.find_element(By.CSS_SELECTOR, 'th[data-column="name"] a').click()
    wait_for(browser, lambda d: "sort=name" in d.current_url, "sorted by name")
    names = column(2)
    assert names == sorted(names, key=str.lower)
    browser.find_element(By.CSS_SELECTOR, 'th[data-column="name"] a').click()
    wait_for(browser, lambda d: "sort=-name" in d.current_url, "sorted by name, reversed")
    assert column(2) == names[::-1]
    browser.find_element(By.CSS_SELECTOR, 'th[data-column="rating"] a').click()
    wait_for(browser, lambda d: "sort=rating" in d.current_url, "sorted by rating")
    ratings = [float(value) for value in column(4)]
    assert ratings == sorted(ratings, reverse=True)
    assert console_errors(browser) == []


@pytest.mark.redis
def test_the_progress_bar_advances_while_a_bot_tournament_runs(browser: Any, transactional_db: None, redis_url: str,
                                                              settings: Any, tmp_path: Any) -> None:
    """The page follows the tournament through its live events (the site under uvicorn, as the
    Procfile serves it), not by polling."""
    from django.db import connection

    from tests.helpers.live import Site, live_settings

    if connection.vendor == "sqlite":
        # The web process shares the test database only on PostgreSQL.
        skip_or_fail("the running-tournament test needs PostgreSQL (set DATABASE_URL)")
    live_server = Site(tmp_path / "uvicorn.log", redis_url, live_settings(settings, redis_url))
    live_server.start()
    try:
        progress_follows(browser, live_server)
    finally:
        live_server.stop()


def progress_follows(browser: Any, live_server: Any) -> None:
    from selenium.webdriver.common.by import By

    club = Club.objects.create(name="Live Club", slug="live")
    tournament = started_bot_tournament(club)
    open_page(browser, live_server, f"/tournaments/{tournament.pk}/")

    def percent() -> int:
        return int(browser.find_element(By.ID, "progress-bar").get_attribute("aria-valuenow"))

    seen = [percent()]
    assert seen == [0]
    while play_next(tournament):
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        previous = seen[-1]
        wait_for(browser, lambda d: percent() > previous or percent() == 100, "the bar advances")
        seen.append(percent())
        browser.save_screenshot(str(artifacts() / "progress.png"))
    wait_for(browser, lambda d: percent() == 100, "the bar reaches the end")
    wait_for(browser, lambda d: d.find_element(By.ID, "tournament-status").text == "finished", "it finishes")
    assert seen == sorted(seen) and len(set(seen)) >= 4
    assert not browser.find_element(By.ID, "live").get_attribute("hx-trigger")  # no polling
    assert console_errors(browser) == []
