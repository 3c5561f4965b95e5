"""A spectator's match page follows the game live, in Chromium against the site under a real
uvicorn (the Procfile's web server), PostgreSQL and Redis: each logged move appears without a
reload; when the web server goes away and comes back, the page takes its stream up again and
catches up with the moves logged meanwhile."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.driving import PHONE, Person, new_driver, wait_for
from tests.helpers.live import Site, moves_of, sign_in
from tests.helpers.world import make_world
from tournaments.services import matches as match_services
from tournaments.services import tournaments as tournament_services

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def spectator(live_site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Person]:
    driver = new_driver(tmp_path_factory.mktemp("chromium-spectator"), PHONE)
    try:
        yield Person(driver, live_site, "spectator", "live")
    finally:
        driver.quit()


def counter(person: Person) -> str:
    return person.driver.find_element("id", "counter").text


def moves_listed(person: Person) -> int:
    return len(person.driver.find_elements("css selector", "#move-list a[data-n]")) - 1


def test_a_spectator_sees_moves_live_and_catches_up_after_the_server_restarts(live_site: Site,
                                                                              spectator: Person) -> None:
    world = make_world()
    match = match_services.create_match(club=world.club, game="leap_frog", players=[world.ana, world.ben])
    moves = moves_of(match)
    sign_in(spectator, world.bystander)
    spectator.open(f"/matches/{match.pk}/")
    spectator.sees("New moves appear as they are made")
    wait_for(spectator.driver, lambda d: d.find_element("tag name", "body").get_attribute("data-live") == "open",
             "the page opening its event stream")
    spectator.check_page("spectator waiting")

    match_services.append_move(match.pk, move=moves[0], index=0)
    wait_for(spectator.driver, lambda d: counter(spectator) == "1 / 1", "the first move arriving")
    assert moves_listed(spectator) == 1
    board = spectator.driver.find_element("id", "board").get_attribute("innerHTML")
    assert "<svg" in board
    spectator.shot("first move arrived")

    live_site.stop()
    match_services.append_move(match.pk, move=moves[1], index=1)
    match_services.append_move(match.pk, move=moves[2], index=2)
    live_site.start()
    wait_for(spectator.driver, lambda d: counter(spectator) == "3 / 3", "the moves logged meanwhile", timeout=60)
    assert moves_listed(spectator) == 3
    texts = [element.text for element in spectator.driver.find_elements("css selector", "#move-list a[data-n] code")]
    assert texts == [str(move) for move in moves[:3]]

    # A reader looking back stays where it is while the game goes on.
    spectator.driver.find_element("css selector", '#move-list a[data-n="1"]').click()
    wait_for(spectator.driver, lambda d: counter(spectator) == "1 / 3", "stepping back")
    match_services.append_move(match.pk, move=moves[3], index=3)
    wait_for(spectator.driver, lambda d: counter(spectator) == "1 / 4", "the count following, the position not")
    spectator.shot("looking back while the game goes on")


def test_a_tournaments_progress_follows_without_polling(live_site: Site, spectator: Person) -> None:
    world = make_world()
    tournament = tournament_services.create_tournament(club=world.club, name="Pond cup", game="leap_frog",
                                                       players=[world.ana, world.ben, world.cy, world.dora])
    tournament_services.start_and_pair(tournament)
    tournament_services.publish_proposed(tournament)
    sign_in(spectator, world.bystander)
    spectator.open(f"/tournaments/{tournament.pk}/")
    page = spectator.driver.page_source
    assert "hx-trigger" not in page and 'data-live="/tournaments/' in page
    wait_for(spectator.driver, lambda d: d.find_element("tag name", "body").get_attribute("data-live") == "open",
             "the page opening its event stream")
    before = spectator.driver.find_element("id", "progress-text").text
    match = tournament.matches.order_by("pk").first()
    for index, move in enumerate(moves_of(match)):
        match_services.append_move(match.pk, move=move, index=index)
    wait_for(spectator.driver, lambda d: d.find_element("id", "progress-text").text != before,
             "the progress moving on")
    assert "1 of" in spectator.driver.find_element("id", "progress-text").text
    spectator.check_page("tournament progress live")
