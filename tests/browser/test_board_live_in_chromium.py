"""Two phones follow each other's moves on the board without reloading: the site under a real
uvicorn with PostgreSQL and Redis (the live updates), a small Leap Frog game played by taps,
each player's panel fetched again on the ``leapfrog:match`` event the other's move sends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.board_steps import COUNT_PANELS, play_by_taps, taps, two_member_club
from tests.browser.driving import PHONE, Person, new_driver, wait_for
from tests.helpers.live import Site, sign_in
from tournaments.models import Match
from tournaments.services import play

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phones(live_site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Person]]:
    drivers = [new_driver(tmp_path_factory.mktemp(f"chromium-{name}"), PHONE) for name in ("ana", "ben")]
    try:
        yield [Person(driver, live_site, name, "board_live") for driver, name in zip(drivers, ("ana", "ben"))]
    finally:
        for driver in drivers:
            driver.quit()


def test_each_phone_sees_the_others_move_arrive_and_plays_on_without_a_reload(phones: list[Person]) -> None:
    club, players = two_member_club()
    director = club.memberships.get(role="director").user
    match = play.start_game(club=club, game="leap_frog", players=players, options={"rows": 4, "cols": 4},
                            by=director)
    for person, player in zip(phones, players):
        sign_in(person, player.user)
        person.open(f"/matches/{match.pk}/")
        person.driver.execute_script(COUNT_PANELS)
        wait_for(person.driver, lambda d: d.find_element("tag name", "body").get_attribute("data-live") == "open",
                 f"{person.name}'s page opens its event stream")
    ana, ben = phones
    assert taps(ana) and not taps(ben)
    for number in range(1, 7):
        mover, other = (ana, ben) if number % 2 else (ben, ana)
        paths = taps(mover)
        action = max(paths, key=lambda action: (len(paths[action]), action))
        play_by_taps(mover, action)
        wait_for(other.driver, lambda d: d.find_element("id", "counter").text == f"{number} / {number}",
                 f"{other.name}'s replay shows move {number}")
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            other.sees("The game is over")
            break
        wait_for(other.driver, lambda d: bool(taps(other)), f"{other.name}'s panel offers the next move by itself")
        if number == 2:
            other.check_page("live-the-other-moved")
    assert match.log.moves[:1] and match.move_count >= 3
