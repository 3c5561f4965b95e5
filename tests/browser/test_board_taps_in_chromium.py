"""Froggit and Leap Frog played on the board by taps alone, two members on their own phones
(360 px): a few moves of Froggit, and a small Leap Frog game to its end, one move made from
the keyboard (Tab to a target, Enter) and one set of taps cleared with Escape."""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.keys import Keys

from tests.browser.board_steps import (
    count_of,
    log_in,
    open_board,
    panel_shot,
    play_by_taps,
    tap_target,
    taps,
    two_member_club,
)
from tests.browser.driving import wait_for
from tournaments.models import Match
from tournaments.services import play


def test_froggit_by_taps_for_a_few_moves_each(people: Any, transactional_db: None) -> None:
    club, players = two_member_club()
    ana, ben = people("ana"), people("ben")
    log_in(ana, "/clubs/pond/play/")
    ana.fill(Game="Froggit")
    ana.fill(Family="quick", Seat_0="Ana", Seat_1="Ben")
    ana.submit("Start the game")
    match = Match.objects.get()
    assert match.game == "froggit" and match.options["family"] == "quick"
    log_in(ben, f"/matches/{match.pk}/")
    for turn in range(6):
        person = (ana, ben)[turn % 2]
        open_board(person, match.pk)
        paths = taps(person)
        action = max(paths, key=lambda action: (len(paths[action]), action))  # the longest jumps
        if turn == 0:
            person.check_page("froggit-first-move")
            panel_shot(person, "panel-froggit")
            person.fits_the_phone()
        play_by_taps(person, action)
        assert count_of(match) == turn + 1 and match.log.moves[-1] == action
        if turn == 0:
            assert taps(person) == {}
            person.sees("Waiting")
    ben.check_page("froggit-six-moves")


def test_a_small_leap_frog_game_by_taps_to_its_end(people: Any, transactional_db: None) -> None:
    club, players = two_member_club()
    director = club.memberships.get(role="director").user
    match = play.start_game(club=club, game="leap_frog", players=players, options={"rows": 4, "cols": 4},
                            by=director)
    ana, ben = people("ana"), people("ben")
    log_in(ana, f"/matches/{match.pk}/")
    log_in(ben, f"/matches/{match.pk}/")
    moves = 0
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        person = (ana, ben)[play.live_state(match).seat_to_move()]
        open_board(person, match.pk)
        paths = taps(person)
        action = max(paths, key=lambda action: (len(paths[action]), action))
        if moves == 2:
            # Escape clears a half-made capture; then the capture is made from the keyboard.
            tap_target(person, paths[action][0])
            wait_for(person.driver, lambda d: d.find_element("id", "play-panel").get_attribute("data-taps"),
                     "the first tap is taken")
            person.check_page("leap-frog-half-a-capture")
            panel_shot(person, "panel-leap-frog-half-a-capture")
            person.driver.find_element("tag name", "body").send_keys(Keys.ESCAPE)
            wait_for(person.driver, lambda d: not d.find_element("id", "play-panel").get_attribute("data-taps"),
                     "Escape clears the taps")
            before = person.driver.execute_script("return window.panels || 0")
            for target in paths[action]:
                element = person.driver.find_element("css selector", f'#play-board [data-tap="{target}"]')
                wait_for(person.driver, lambda d: element.get_attribute("tabindex") == "0",
                         f"{target} can be reached with Tab")
                person.driver.execute_script("arguments[0].focus()", element)
                person.driver.switch_to.active_element.send_keys(Keys.ENTER)
            wait_for(person.driver, lambda d: d.execute_script("return window.panels || 0") > before,
                     "the capture made from the keyboard is posted")
        else:
            play_by_taps(person, action)
        moves += 1
        assert count_of(match) == moves and match.log.moves[-1] == action
        assert moves < 40
    match.refresh_from_db()
    assert match.result and match.status == Match.Status.FINISHED
    for person in (ana, ben):
        open_board(person, match.pk)
        person.sees("The game is over")
        assert taps(person) == {}
    ana.check_page("leap-frog-over")
    ana.fits_the_phone()
