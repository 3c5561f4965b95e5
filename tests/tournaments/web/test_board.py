"""The board's pages as each of the cast: the play panel on a match's page and its fragment,
posting an action and undo (``services.play``), and the club's "Play a game" page."""

from __future__ import annotations

import json
import re

import pytest

from tournaments.models import LiveGame, Match
from tournaments.services import play

SMALL = {"rows": 4, "cols": 4}


@pytest.fixture
def board(cast):
    """A casual 4 × 4 Leap Frog game on the board: Ana (the member) seat 0, Ben seat 1."""
    match = play.start_game(club=cast.club, game="leap_frog", players=[cast.ana, cast.players[0]],
                            options=SMALL, by=cast.director)
    return cast, match


def taps_of(page: str) -> dict[str, list[str]]:
    found = re.search(r'<script type="application/json" id="taps">(.*?)</script>', page, re.S)
    return json.loads(found.group(1)) if found else {}


PANEL = {"anonymous": 404, "member": 200, "rival": 404, "director": 200, "staff": 200}


@pytest.mark.parametrize("role", PANEL)
def test_the_panel_fragment_is_for_who_may_act(board, role) -> None:
    cast, match = board
    response = cast.client(role).get(f"/matches/{match.pk}/play/")
    assert response.status_code == PANEL[role]
    if PANEL[role] == 200:
        assert 'id="play-board"' in response.content.decode()


@pytest.mark.parametrize("role", ("member", "director", "staff"))
def test_the_match_page_shows_the_panel_to_who_may_act(board, role) -> None:
    cast, match = board
    page = cast.client(role).get(f"/matches/{match.pk}/").content.decode()
    assert 'id="play-panel"' in page and 'id="board"' in page
    assert taps_of(page)["a1"] == ["a1"] and "board.js" in page
    assert 'name="action" value="a1"' in page and 'name="typed"' in page


def test_a_member_not_seated_sees_the_board_alone(board) -> None:
    from django.test import Client

    from tests.factories import MembershipFactory

    cast, match = board
    client = Client()
    client.force_login(MembershipFactory(club=cast.club, user__username="watcher").user)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="board"' in page and 'id="play-panel"' not in page and 'id="taps"' not in page
    assert client.get(f"/matches/{match.pk}/play/").status_code == 403
    assert client.post(f"/matches/{match.pk}/play/act/", {"seat": 0, "action": "a1", "index": 0},
                       HTTP_X_BOARD="1").status_code == 403


def test_a_match_not_on_the_board_has_no_panel(cast) -> None:
    from tests.factories import MatchFactory

    match = MatchFactory(club=cast.club, game="leap_frog")
    assert cast.client("director").get(f"/matches/{match.pk}/play/").status_code == 404
    assert 'id="play-panel"' not in cast.client("director").get(f"/matches/{match.pk}/").content.decode()


ACT = {"anonymous": 404, "member": 204, "rival": 404, "director": 204, "staff": 204}


@pytest.mark.parametrize("role", ACT)
def test_an_action_is_posted_by_who_may_act_for_the_seat(board, role) -> None:
    cast, match = board
    response = cast.client(role).post(f"/matches/{match.pk}/play/act/", {"seat": 0, "action": "a1", "index": 0},
                                      HTTP_X_BOARD="1")
    assert response.status_code == ACT[role]
    match.refresh_from_db()
    assert match.log.moves == (["a1"] if ACT[role] == 204 else [])


def test_a_member_may_not_act_for_another_seat_and_a_refusal_says_why(board) -> None:
    cast, match = board
    client = cast.client("member")
    assert client.post(f"/matches/{match.pk}/play/act/", {"seat": 1, "action": "a1", "index": 0},
                       HTTP_X_BOARD="1").status_code == 403
    refused = client.post(f"/matches/{match.pk}/play/act/", {"seat": 0, "typed": "z9", "index": 0}, HTTP_X_BOARD="1")
    assert refused.status_code in (400, 422) and refused.content
    stale = client.post(f"/matches/{match.pk}/play/act/", {"seat": 0, "action": "a1", "index": 3}, HTTP_X_BOARD="1")
    assert stale.status_code == 409
    match.refresh_from_db()
    assert match.log.moves == []


def test_the_forms_post_and_redirect_without_script_with_the_refusal_on_the_page(board) -> None:
    cast, match = board
    client = cast.client("member")
    done = client.post(f"/matches/{match.pk}/play/act/", {"seat": 0, "typed": "a1", "index": 0})
    assert done.status_code == 302 and done.url.startswith(f"/matches/{match.pk}/")
    refused = client.post(f"/matches/{match.pk}/play/act/", {"seat": 0, "action": "b1", "index": 1}, follow=True)
    assert "seat 1" in refused.content.decode().lower()
    match.refresh_from_db()
    assert match.log.moves == ["a1"]


UNDO = {"anonymous": 404, "member": 204, "rival": 404, "director": 204, "staff": 204}


@pytest.mark.parametrize("role", UNDO)
def test_undo_is_for_who_made_the_last_move_or_a_director(board, role) -> None:
    cast, match = board
    play.act(match, seat=0, action="a1", user=cast.member, index=0)
    response = cast.client(role).post(f"/matches/{match.pk}/play/undo/", {"index": 1}, HTTP_X_BOARD="1")
    assert response.status_code == UNDO[role]
    match.refresh_from_db()
    assert match.log.moves == ([] if UNDO[role] == 204 else ["a1"])


PLAY_PAGE = {"anonymous": 302, "member": 200, "rival": 403, "director": 200, "staff": 200}


@pytest.mark.parametrize("role", PLAY_PAGE)
def test_the_play_a_game_page_is_for_the_clubs_members(cast, role) -> None:
    response = cast.client(role).get("/clubs/pond/play/")
    assert response.status_code == PLAY_PAGE[role]
    if response.status_code == 200:
        page = response.content.decode()
        assert 'name="leap_frog__rows"' in page and 'name="seat_0"' in page and 'name="clock_minutes"' in page


def test_a_member_starts_a_game_with_options_and_a_clock_and_lands_on_its_board(cast) -> None:
    client = cast.client("member")
    response = client.post("/clubs/pond/play/", {
        "game": "leap_frog", "leap_frog__variant": "traditional", "leap_frog__rows": 4, "leap_frog__cols": 5,
        "seat_0": cast.ana.pk, "seat_1": cast.players[1].pk, "clock_minutes": 5, "increment_seconds": 2})
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == f"/matches/{match.pk}/"
    assert match.options["cols"] == 5 and [seat.player_id for seat in match.seats.order_by("index")] == [
        cast.ana.pk, cast.players[1].pk]
    live = LiveGame.objects.get(match=match)
    assert live.clock_ms == 300_000 and live.increment_ms == 2000
    page = client.get(response.url).content.decode()
    assert 'id="clocks"' in page and "5:00" in page


def test_a_refused_game_is_said_beside_its_field_and_nothing_is_stored(cast) -> None:
    client = cast.client("member")
    without_me = client.post("/clubs/pond/play/", {"game": "froggit", "froggit__version": "junior",
                                                   "froggit__family": "standard", "froggit__max_rounds": 200,
                                                   "seat_0": cast.players[0].pk, "seat_1": cast.players[1].pk})
    assert without_me.status_code == 200 and "who play in it" in without_me.content.decode()
    twice = client.post("/clubs/pond/play/", {"game": "froggit", "seat_0": cast.ana.pk, "seat_1": cast.ana.pk})
    assert "already has a seat" in twice.content.decode()
    gap = client.post("/clubs/pond/play/", {"game": "froggit", "seat_0": cast.ana.pk, "seat_2": cast.players[1].pk})
    assert "without gaps" in gap.content.decode()
    bad = client.post("/clubs/pond/play/", {"game": "leap_frog", "leap_frog__rows": 99, "seat_0": cast.ana.pk,
                                            "seat_1": cast.players[1].pk})
    assert "at most 18" in bad.content.decode() or "less than or equal to 18" in bad.content.decode()
    one = client.post("/clubs/pond/play/", {"game": "measure_and_tempo", "seat_0": cast.ana.pk})
    assert one.status_code == 200 and "2 players" in one.content.decode()
    assert not Match.objects.exists()


def test_the_club_page_links_members_to_play_a_game(cast) -> None:
    assert "/clubs/pond/play/" in cast.client("member").get("/clubs/pond/").content.decode()
    assert "/clubs/pond/play/" not in cast.client("anonymous").get("/clubs/pond/").content.decode()
