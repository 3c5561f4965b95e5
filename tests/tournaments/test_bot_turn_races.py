"""Two deliveries of the bots' task for the same turn, at the same moment (PostgreSQL, each in its
own connection): both ask the bot, one plays its move, the other stops quietly; the turn is
played and reported once."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from tests.factories import ClubFactory, MembershipFactory
from tests.helpers import needs_postgresql
from tournaments.models import Match, SeatOutput
from tournaments.services import bot_turns, play
from tournaments.services.bot_games import start_bot_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_deliveries_of_one_turn_play_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    needs_postgresql("two connections racing for one turn")
    club = ClubFactory(slug="pond")
    member = MembershipFactory(club=club).user
    match = start_bot_game(club=club, game="leap_frog", user=member, bot="random", seat=0,
                           options={"rows": 4, "cols": 4})
    # The member's move, with the bot's answer left to the two deliveries below.
    monkeypatch.setattr(play, "changed", lambda *args, **kwargs: None)
    play.act(match, seat=0, action=play.live_state(match).legal_actions(0)[0], user=member, index=0)
    both_asked = threading.Barrier(2, timeout=30)
    ask = bot_turns.ask_builtin

    def ask_then_wait(*args: Any) -> bot_turns.Answer:
        answer = ask(*args)
        both_asked.wait()  # neither plays before both have read the turn and asked the bot
        return answer

    monkeypatch.setattr(bot_turns, "ask_builtin", ask_then_wait)
    results: list[Any] = []

    def deliver() -> None:
        try:
            results.append(bot_turns.play_turns(match.pk))
        except Exception as error:  # noqa: BLE001 - the test reports it
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(results) == [0, 1]
    match = Match.objects.select_related("log").get(pk=match.pk)
    assert match.move_count == 2
    assert [row["turn"] for row in SeatOutput.objects.get(seat__match=match, seat__index=1).turns] == [1]
