"""Where a director meets a Swiss whose rounds cannot all be paired without a rematch: the
registration desk's start and withdrawal confirmations, and the console."""

from __future__ import annotations

from django.urls import reverse

from tests.tournaments.web.conftest import Cast
from tournaments.models import Tournament
from tournaments.services import tournaments as services


def five_entrant_swiss(cast: Cast) -> Tournament:
    return services.create_tournament(club=cast.club, name="Five", game="leap_frog", format="swiss",
                                      format_settings={"rounds": 5}, seed="s", players=[cast.ana, *cast.players[:4]])


def test_the_withdrawal_confirmation_and_the_console_warn_of_rounds_that_would_repeat(cast: Cast) -> None:
    tournament = five_entrant_swiss(cast)
    client = cast.client("director")
    desk = reverse("tournament-registration", args=[tournament.pk])
    start = client.get(desk).content.decode()
    assert "5 entrants play round 1." in start and "no rematch" not in start
    client.post(desk, {"action": "start"})
    eve = tournament.entrants.get(player__name="Eve")
    preview = client.post(desk, {"action": "withdraw", "entrant": eve.pk}).content.decode()
    assert ("Without Eve, only 3 of the 5 rounds left can be paired with no rematch and no second bye: "
            "the later rounds will repeat a pairing or give a second bye.") in preview
    done = client.post(desk, {"action": "withdraw", "entrant": eve.pk, "confirm": "1"}, follow=True).content.decode()
    assert "Eve is withdrawn after round 0. Only 3 of the 5 rounds left can be paired" in done
    console = client.get(reverse("tournament-console", args=[tournament.pk])).content.decode()
    assert '<p class="message warning" role="status">Only 3 of the 5 rounds left can be paired' in console


def test_the_desk_warns_before_the_start_when_the_entrants_are_too_few(cast: Cast) -> None:
    tournament = services.create_tournament(club=cast.club, name="Four", game="leap_frog", format="swiss",
                                            format_settings={"rounds": 4}, seed="s",
                                            players=[cast.ana, *cast.players[:4]])
    client = cast.client("director")
    desk = reverse("tournament-registration", args=[tournament.pk])
    client.post(desk, {"action": "remove", "entrant": tournament.entrants.get(player__name="Eve").pk})
    page = client.get(desk).content.decode()
    assert ("4 entrants can play at most 3 of the 4 rounds with no rematch and no second bye: "
            "the later rounds will repeat a pairing or give a second bye.") in page
