"""The event streams served by a real uvicorn (the Procfile's web server) against PostgreSQL
and Redis: a viewer's stream carries each logged move, a reconnecting client names the last
event it saw and gets what it missed, outsiders are refused, and pages are still served."""

from __future__ import annotations


import json
import random

import pytest

from tests.helpers.live import Site, Stream, moves_of, session_cookie
from tests.helpers.play import holds_card, random_action
from tests.helpers.world import make_world
from tournaments import replays
from tournaments.models import Match, Player
from tournaments.services import matches as match_services
from tournaments.services import play

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_a_seats_stream_never_names_a_card_of_the_other_hand(live_site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """Byte for byte: every event seat 0's stream carries (one a decision) across a bout played
    on the board names no card of the other hand that seat 0 may not know, and the spectators'
    stream names no such card of either hand."""
    monkeypatch.setattr(match_services, "new_seed", lambda: "a stream's own seed")  # the same deal every run
    world = make_world()
    match = play.start_game(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                            options={"target": 3}, by=world.director)
    seat0 = Stream(live_site, f"/matches/{match.pk}/events/", session_cookie(world.member))  # Ana, seat 0
    public = Stream(live_site, f"/matches/{match.pk}/events/", session_cookie(world.bystander))
    public.next_event()  # the newest event at once: the position before any move
    rng = random.Random(7)
    for _ in range(30):
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break
        count = match.move_count
        seat, action = random_action(match, rng)
        play.act(match.pk, seat=seat, action=action, user=world.director, index=count)
        match.refresh_from_db()
        if match.status != Match.Status.IN_PROGRESS:
            break  # once it has ended, everybody may see everything
        state = play.live_state(match)  # a cycle's drawn cards count while it is half made
        # What the rules let a seat know (cards shown face up, put under by it) is in its own
        # observation; the rest of the other hand must be nowhere in its stream.
        known = [json.dumps(state.observation(seat)) for seat in (0, 1)]
        secret = [[card for card in state.hands[seat] if not holds_card(known[1 - seat], card)] for seat in (0, 1)]
        _, mine = seat0.next_event()
        text = json.dumps(mine)
        assert not [card for card in secret[1] if holds_card(text, card)], f"seat 0 reads seat 1's hand at {count}"
        _, seen = public.next_event()
        text = json.dumps(seen)
        assert not [card for card in secret[0] + secret[1] if holds_card(text, card)], f"a spectator reads a hand at {count}"
    seat0.close()
    public.close()


def test_a_seat_follows_its_match_live_and_catches_up_after_a_drop(live_site: Site) -> None:
    world = make_world()
    match = match_services.create_match(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                                        draw_setup=True)
    hands = match.log.setup["hands"]
    moves = moves_of(match)
    cookie = session_cookie(world.member)  # seated at seat 0
    stream = Stream(live_site, f"/matches/{match.pk}/events/", cookie)
    assert stream.status == 200 and stream.response.getheader("Content-Type").startswith("text/event-stream")
    match_services.append_move(match.pk, move=moves[0], index=0)
    first_id, first = stream.next_event()
    assert first["count"] == 1 and first["match"] == match.pk
    assert all(f'data-card="{card}"' not in first["svg"] for card in hands[1])
    stream.close()

    match_services.append_move(match.pk, move=moves[1], index=1)
    match_services.append_move(match.pk, move=moves[2], index=2)
    again = Stream(live_site, f"/matches/{match.pk}/events/", cookie, last_id=first_id)
    missed = [again.next_event(), again.next_event()]
    assert [payload["count"] for _, payload in missed] == [2, 3]
    match_services.append_move(match.pk, move=moves[3], index=3)
    assert again.next_event()[1]["count"] == 4
    again.close()

    fresh = Stream(live_site, f"/matches/{match.pk}/events/")  # no session: not a member
    assert fresh.status == 404
    fresh.close()
    spectator = Stream(live_site, f"/matches/{match.pk}/events/", session_cookie(world.bystander))
    newest_id, newest = spectator.next_event()  # without an id: the newest event at once
    match.refresh_from_db()
    match.log.refresh_from_db()
    assert newest["count"] == 4
    assert newest["svg"] == replays.draw_position(match, 4, replays.Viewpoint(None, False)), "the public picture"
    spectator.close()


def test_a_private_clubs_stream_is_refused_to_outsiders_and_pages_still_answer(live_site: Site) -> None:
    world = make_world()
    other = Player.objects.create(club=world.private_club, name="Hush")
    match = match_services.create_match(club=world.private_club, game="leap_frog",
                                        players=[world.private_player, other])
    for user, status in ((world.outsider, 404), (world.member, 404), (world.director, 200)):
        stream = Stream(live_site, f"/matches/{match.pk}/events/", session_cookie(user))
        assert stream.status == status, user.username
        stream.close()
    page = Stream(live_site, f"/matches/{match.pk}/", session_cookie(world.director))
    body = page.response.read().decode()
    assert page.status == 200 and f'data-live="/matches/{match.pk}/events/"' in body
    page.close()
