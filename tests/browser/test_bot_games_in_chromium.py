"""On a phone, a member starts a game of Leap Frog against a built-in bot from the club page
("Play a bot"), choosing the game, the bot, their seat and a small board; the bot, seated
first, has moved when the match page opens, and the member plays the game to its end by
tapping the board, the bot answering each move. A refused start says why beside its field."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from tests.browser.board_steps import COUNT_PANELS, log_in, play_by_taps, taps
from tests.browser.driving import Person, console_errors
from tournaments.models import Club, Match, Membership


def step(person: Person, name: str) -> None:
    person.check_page(name)
    person.fits_the_phone()


def test_a_member_starts_a_game_against_a_built_in_bot_on_a_phone(people: Any, transactional_db: None) -> None:
    club = Club.objects.create(name="Pond Club", slug="pond")
    Membership.objects.create(club=club, user=User.objects.create_user("ana", password="pw-ana-123"))
    ana = people("ana")
    log_in(ana, "/clubs/pond/")
    ana.click("Play a bot")
    ana.sees("Play a bot")
    step(ana, "choose-the-game")
    ana.fill(Game="Leap Frog")
    ana.submit("Choose")
    ana.sees("Leap Frog against a bot")
    ana.fill(Bot="greedy (built-in)", My_seat="The bot moves first", Rows=4, Cols=4, **{"Increment (seconds)": 5})
    step(ana, "bot-seat-options")  # docs/images/play-bot-form.png
    ana.submit("Start the game")
    assert "an increment needs a clock" in ana.field_error("Increment (seconds)")
    assert not Match.objects.exists()
    ana.shot("increment-without-a-clock")
    ana.fits_the_phone()
    assert [error for error in console_errors(ana.driver) if "400 (Bad Request)" not in error] == []
    ana.fill(**{"Clock (minutes each)": 10})
    ana.submit("Start the game")
    match = Match.objects.get()
    assert ana.path == f"/matches/{match.pk}/"
    ana.sees("Your game against the bot has started")
    ana.sees("greedy · Leap Frog")
    match.refresh_from_db()
    assert match.move_count == 1  # the bot, seated first, has moved
    ana.sees(match.log.moves[0])
    step(ana, "the-bot-has-moved")
    ana.driver.execute_script(COUNT_PANELS)
    for turn in range(20):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        count = match.move_count
        play_by_taps(ana, sorted(taps(ana))[0])
        match.refresh_from_db()
        # The member's move and the bot's answer, unless the member's move ended the game.
        assert match.move_count == count + 2 or (match.status == Match.Status.FINISHED and match.move_count == count + 1)
        if turn == 0:
            step(ana, "the-bot-has-answered")  # docs/images/play-bot-answered.png
    assert match.status == Match.Status.FINISHED
    ana.sees("The game is over")
    assert taps(ana) == {}
    step(ana, "the-game-is-over")
