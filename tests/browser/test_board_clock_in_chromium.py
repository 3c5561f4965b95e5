"""A clock running out on the board: the server's clock decides, the seat forfeits with the
reason ``time``, and both phones read the result."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from tests.browser.board_steps import log_in, open_board, taps, tap_target, two_member_club
from tests.browser.driving import console_errors, wait_for
from tournaments.models import LiveGame, Match, Seat
from tournaments.services import play


def test_a_clock_that_runs_out_forfeits_the_seat_for_time(people: Any, transactional_db: None) -> None:
    club, players = two_member_club()
    director = club.memberships.get(role="director").user
    match = play.start_game(club=club, game="leap_frog", players=players, options={"rows": 4, "cols": 4},
                            by=director, clock_seconds=4)
    ana, ben = people("ana"), people("ben")
    log_in(ana, f"/matches/{match.pk}/")
    log_in(ben, f"/matches/{match.pk}/")
    open_board(ana, match.pk)
    clock = '[data-clock="0"] .clock-time'
    wait_for(ana.driver, lambda d: d.find_element("css selector", clock).text in ("0:00", "0:0"),
             "Ana's clock counts down to nothing", timeout=30)
    ana.shot("clock-at-zero")
    live = LiveGame.objects.get(match=match)
    out_at = live.turn_started_at + timedelta(milliseconds=live.remaining_ms[0])
    wait_for(ana.driver, lambda d: timezone.now() > out_at, "the server's clock is out too")

    # Her move comes too late: the server's clock has the last word, and the seat forfeits for time.
    paths = taps(ana)
    action = sorted(paths)[0]
    for target in paths[action]:
        tap_target(ana, target)
    wait_for(ana.driver, lambda d: "The game is over" in d.find_element("id", "play-panel").text,
             "Ana's panel says the game is over")
    # The late move was refused (409); the browser logs the refusal, which is the point here.
    assert any("play/act/" in error and "409" in error for error in console_errors(ana.driver))
    open_board(ana, match.pk)
    ana.sees("forfeit: time")
    ana.check_page("time-ran-out")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.move_count == 0
    assert match.log.forfeits == [{"seat": 0, "after": 0, "reason": "time"}]
    assert Seat.objects.get(match=match, index=1).rank == 1

    open_board(ben, match.pk)
    ben.sees("forfeit: time")
    ben.check_page("ana-forfeited-for-time")
    ben.fits_the_phone()
