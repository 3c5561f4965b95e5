"""Live events: one payload per audience, each holding only what that audience may see, kept
for catching up, fanned out through Redis to every web process, and refused to those who may
not see the match."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from django.test import Client

from tests.helpers.live import live_settings, moves_of, session_cookie
from tests.helpers.world import World
from tournaments.models import Match
from tournaments.services import live_events
from tournaments.services import matches as match_services
from tournaments.web import live
from tournaments.web.live import Hub, topic_for

pytestmark = pytest.mark.django_db


def cards_match(world: World) -> Match:
    return match_services.create_match(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                                       draw_setup=True)


def cards(hand: list[str], payload: dict[str, Any]) -> list[str]:
    """The cards of ``hand`` a payload draws (its picture marks each card it shows)."""
    return [card for card in hand if f'data-card="{card}"' in payload["svg"]]


def test_each_seat_sees_its_own_hand_and_the_public_neither(world: World) -> None:
    match = cards_match(world)
    hands = match.log.setup["hands"]
    payloads = {key: live_events.match_payload(match, live_events.viewpoint_for(match, key), 1)
                for key in live_events.audience_keys(2)}
    seat0 = payloads["seat0"]
    assert cards(hands[0], seat0) == hands[0] and cards(hands[1], seat0) == []
    seat1 = payloads["seat1"]
    assert cards(hands[1], seat1) == hands[1] and cards(hands[0], seat1) == []
    public = payloads["public"]
    assert cards(hands[0], public) == [] and cards(hands[1], public) == []
    assert cards(hands[0], payloads["all"]) == hands[0]
    assert payloads["public"]["count"] == 0 and payloads["public"]["result"] is None


def test_a_viewer_is_in_the_audience_replays_gives_it(world: World) -> None:
    match = cards_match(world)
    assert topic_for("matches", match.pk, session_cookie(world.member)) == live_events.match_topic(match.pk, "seat0")
    assert topic_for("matches", match.pk, session_cookie(world.bystander)) == live_events.match_topic(match.pk,
                                                                                                    "public")
    assert topic_for("matches", match.pk, session_cookie(world.director)) == live_events.match_topic(match.pk, "all")


def test_a_private_clubs_match_and_tournament_are_refused_to_outsiders(world: World) -> None:
    quiet = world.private_player
    other = type(quiet).objects.create(club=world.private_club, name="Hush")
    match = match_services.create_match(club=world.private_club, game="leap_frog", players=[quiet, other])
    assert topic_for("matches", match.pk, None) is None
    assert topic_for("matches", match.pk, session_cookie(world.outsider)) is None
    assert topic_for("matches", match.pk, session_cookie(world.member)) is None
    assert topic_for("matches", match.pk, session_cookie(world.director)) is not None
    assert topic_for("tournaments", 999_999, session_cookie(world.staff)) is None
    from tournaments.services import tournaments as tournament_services

    hidden = tournament_services.create_tournament(club=world.private_club, name="Quiet cup", game="leap_frog",
                                                   players=[quiet, other])
    assert topic_for("tournaments", hidden.pk, session_cookie(world.outsider)) is None
    assert topic_for("tournaments", hidden.pk, None) is None
    assert topic_for("tournaments", hidden.pk, session_cookie(world.director)) == live_events.tournament_topic(
        hidden.pk)


def test_payloads_are_computed_once_a_change_per_viewpoint(world: World, redis_url: str, settings: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    live_settings(settings, redis_url)
    computed: list[str] = []
    real = live_events.match_payload

    def counting(match: Match, viewpoint: Any, seq: int) -> dict[str, Any]:
        computed.append(viewpoint.key)
        return real(match, viewpoint, seq)

    monkeypatch.setattr(live_events, "match_payload", counting)
    hidden = cards_match(world)
    assert len(live_events.publish_match(hidden.pk)) == 4  # public, all, seat0, seat1
    assert sorted(computed) == ["all", "public", "seat0", "seat1"]
    computed.clear()
    plain = match_services.create_match(club=world.club, game="leap_frog", players=[world.ana, world.ben])
    assert len(live_events.publish_match(plain.pk)) == 4
    assert computed == ["all"], "a game that hides nothing shows every audience the same"


def test_every_logged_move_is_published_on_commit_and_a_client_catches_up(
        world: World, redis_url: str, settings: Any, django_capture_on_commit_callbacks: Any) -> None:
    live_settings(settings, redis_url)
    match = cards_match(world)
    moves = moves_of(match)
    for index, move in enumerate(moves[:3]):
        with django_capture_on_commit_callbacks(execute=True):
            match_services.append_move(match.pk, move=move, index=index)
    seat0 = live_events.match_topic(match.pk, "seat0")
    [(newest_id, newest)] = live_events.events_after(seat0, None)
    assert json.loads(newest)["count"] == 3
    every = live_events.events_after(seat0, "0-0")
    assert [json.loads(data)["count"] for _, data in every] == [1, 2, 3]
    assert [json.loads(data)["seq"] for _, data in every] == [1, 2, 3]
    later = live_events.events_after(seat0, every[0][0])
    assert [json.loads(data)["count"] for _, data in later] == [2, 3]
    assert live_events.events_after(seat0, newest_id) == []
    with django_capture_on_commit_callbacks(execute=True):
        match_services.undo_last_move(match.pk, index=3)
    [(_, undone)] = live_events.events_after(seat0, newest_id)
    assert json.loads(undone)["count"] == 2 and len(json.loads(undone)["moves"]) == 2
    with django_capture_on_commit_callbacks(execute=True):
        match_services.void_match(match.pk)
    [(_, void)] = live_events.events_after(seat0, None)
    assert json.loads(void)["status"] == Match.Status.VOID


def test_a_change_rolled_back_publishes_nothing_and_one_transaction_publishes_once(
        world: World, redis_url: str, settings: Any, django_capture_on_commit_callbacks: Any) -> None:
    live_settings(settings, redis_url)
    match = cards_match(world)
    moves = moves_of(match)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        match_services.append_move(match.pk, move=moves[0], index=0)
        match_services.append_move(match.pk, move=moves[1], index=1)
    assert len([callback for callback in callbacks if hasattr(callback, "live_event")]) == 1
    assert [json.loads(data)["count"] for _, data in
            live_events.events_after(live_events.match_topic(match.pk, "public"), "0-0")] == [2]


def test_a_tournaments_progress_is_published_once_rendered(world: World, redis_url: str, settings: Any,
                                                           django_capture_on_commit_callbacks: Any) -> None:
    from tournaments.services import tournaments as tournament_services
    from tournaments.services.progress import refresh_progress

    live_settings(settings, redis_url)
    with django_capture_on_commit_callbacks(execute=True):
        tournament = tournament_services.create_tournament(club=world.club, name="Pond cup", game="leap_frog",
                                                           players=[world.ana, world.ben, world.cy, world.dora])
        tournament_services.start_and_pair(tournament)
        refresh_progress(tournament.pk)  # what every change of its matches and rounds calls
        refresh_progress(tournament.pk)
    [(_, data)] = live_events.events_after(live_events.tournament_topic(tournament.pk), None)
    payload = json.loads(data)
    assert payload["tournament"] == tournament.pk and payload["progress"]["running"]
    assert 'id="live"' in payload["html"] and "Standings" in payload["html"] and "hx-" not in payload["html"]
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "hx-trigger" not in page, "the timer reloads are gone"


def test_with_a_worker_a_tournaments_renders_are_paced_and_the_newest_state_goes_out(
        world: World, redis_url: str, settings: Any, monkeypatch: pytest.MonkeyPatch,
        django_capture_on_commit_callbacks: Any) -> None:
    """However many games of a tournament finish meanwhile, one render is queued for
    ``LIVE_TOURNAMENT_SECONDS`` later; when it runs it reads the tournament then, and the next
    change queues the next one."""
    from celery import current_app

    from tournaments.services import tournaments as tournament_services
    from tournaments.services.progress import refresh_progress
    from tournaments.tasks import publish_live

    live_settings(settings, redis_url)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.LIVE_TOURNAMENT_SECONDS = 2.5
    sent: list[tuple[str, list[Any], float]] = []
    monkeypatch.setattr(current_app, "send_task",
                        lambda name, args=(), **options: sent.append((name, args, options.get("countdown"))))
    tournament = tournament_services.create_tournament(club=world.club, name="Pond cup", game="leap_frog",
                                                       players=[world.ana, world.ben, world.cy, world.dora])
    topic = live_events.tournament_topic(tournament.pk)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_services.start_and_pair(tournament)
    for _ in range(3):  # three chunks of games finishing, each in its own transaction
        with django_capture_on_commit_callbacks(execute=True):
            refresh_progress(tournament.pk)
    assert sent == [("tournaments.publish_live", ["tournament", tournament.pk], 2.5)]
    assert live_events.events_after(topic, None) == [], "nothing is rendered before its time"

    publish_live("tournament", tournament.pk)  # what the worker runs when the countdown ends
    [(first_id, data)] = live_events.events_after(topic, None)
    assert json.loads(data)["progress"]["running"]
    with django_capture_on_commit_callbacks(execute=True):
        refresh_progress(tournament.pk)
    assert len(sent) == 2, "a change after the render queues the next one"
    publish_live("tournament", tournament.pk)
    assert len(live_events.events_after(topic, first_id)) == 1


def test_without_a_worker_or_with_no_pace_every_change_is_rendered_at_once(
        world: World, redis_url: str, settings: Any, django_capture_on_commit_callbacks: Any) -> None:
    from tournaments.services import tournaments as tournament_services
    from tournaments.services.progress import refresh_progress

    live_settings(settings, redis_url)
    tournament = tournament_services.create_tournament(club=world.club, name="Pond cup", game="leap_frog",
                                                       players=[world.ana, world.ben])
    topic = live_events.tournament_topic(tournament.pk)
    for eager, seconds in ((True, 2.0), (False, 0.0)):
        settings.CELERY_TASK_ALWAYS_EAGER, settings.LIVE_TOURNAMENT_SECONDS = eager, seconds
        before = len(live_events.events_after(topic, "0-0"))
        with django_capture_on_commit_callbacks(execute=True):
            refresh_progress(tournament.pk)
        assert len(live_events.events_after(topic, "0-0")) == before + 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seconds", [3600.0, 0.0])
def test_a_tournament_played_here_is_paced_as_on_workers_and_its_end_is_shown(
        world: World, redis_url: str, settings: Any, seconds: float) -> None:
    """``play_here`` (the command line without a worker) holds its changes between renders
    and publishes what is left when it ends: paced by an hour, its viewers get one render, of
    the finished tournament; unpaced, one after every chunk."""
    from tournaments.models import Tournament
    from tournaments.services import tournaments as tournament_services
    from tournaments.services.bots import builtin_player

    live_settings(settings, redis_url)
    settings.LIVE_TOURNAMENT_SECONDS = seconds
    tournament = tournament_services.create_tournament(club=world.club, name="Here cup", game="leapfrog_race",
                                                       format="round_robin", bots=True, seed="here", rated=False)
    for number in range(4):
        tournament_services.register(tournament, builtin_player(world.club, "leapfrog_race", f"R{number}", "random"))
    tournament_services.start(tournament)
    chunks: list[int] = []
    tournament_services.play_here(tournament.pk, on_chunk=chunks.append, chunk_size=1)
    events = [json.loads(data) for _, data in
              live_events.events_after(live_events.tournament_topic(tournament.pk), "0-0")]
    assert events[-1]["status"] == Tournament.Status.FINISHED
    assert len(events) == (1 if seconds else len(chunks) + 1) and len(chunks) == 6


def test_redis_fans_each_event_out_to_every_web_process(world: World, redis_url: str, settings: Any) -> None:
    """Two hubs, as two web processes have, both subscribed to one audience: each receives the
    event once, with the id a reconnecting client names."""
    live_settings(settings, redis_url)
    match = cards_match(world)
    topic = live_events.match_topic(match.pk, "seat1")
    payloads = live_events.match_topics(match)  # (the database is read outside the event loop)

    async def scenario() -> list[tuple[str, bytes]]:
        hubs = [Hub(redis_url), Hub(redis_url)]
        queues = [await hub.join(topic) for hub in hubs]
        ids = live_events.publish(payloads)
        got = [await asyncio.wait_for(queue.get(), 10) for queue in queues]
        for hub, queue in zip(hubs, queues, strict=True):
            await hub.leave(topic, queue)
            await hub.close()
        assert all(event_id == ids[topic] for event_id, _ in got)
        return got

    got = asyncio.run(scenario())
    assert got[0][1] == got[1][1]
    data = json.loads(got[0][1].split(b"data: ", 1)[1])
    hands = match.log.setup["hands"]
    assert cards(hands[1], data) == hands[1] and cards(hands[0], data) == []


def test_the_page_names_its_stream_only_where_it_is_served(world: World, redis_url: str, settings: Any) -> None:
    live_settings(settings, redis_url)
    match = cards_match(world)
    client = Client()
    client.force_login(world.member)
    assert "data-live" not in client.get(f"/matches/{match.pk}/").content.decode()
    served = client.get(f"/matches/{match.pk}/", **{"asgi.scope": {live.SERVED: True}}).content.decode()
    assert f'data-live="/matches/{match.pk}/events/"' in served
    settings.LIVE_EVENTS_REDIS_URL = "off"
    quiet = client.get(f"/matches/{match.pk}/", **{"asgi.scope": {live.SERVED: True}}).content.decode()
    assert "data-live" not in quiet and "Reload for new moves" in quiet


def test_without_redis_the_stream_answers_503(settings: Any) -> None:
    settings.LIVE_EVENTS_REDIS_URL = "off"
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def site(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("the stream is not the site's")

    scope = {"type": "http", "method": "GET", "path": "/matches/1/events/", "headers": [], "query_string": b""}
    asyncio.run(live.LiveEvents(site)(scope, receive, send))
    assert sent[0]["status"] == 503
    assert b"no Redis" in sent[1]["body"]


def test_a_match_on_the_board_carries_each_audiences_play_panel(world: World, redis_url: str,
                                                                settings: Any) -> None:
    """The board's state (``play_views.play_view``) rides in each event: a seat's legal actions
    to that seat alone, never to the spectators, in a game that hides nothing too."""
    from tournaments.services import play

    live_settings(settings, redis_url)
    match = play.start_game(club=world.club, game="leap_frog", players=[world.ana, world.ben], by=world.member)
    topics = live_events.match_topics(match)
    panels = {key: topics[live_events.match_topic(match.pk, key)].get("play") for key in ("public", "seat0", "seat1",
                                                                                            "all")}
    assert all(panel is not None for panel in panels.values())
    mover = str(panels["all"]["to_move"][0])
    assert set(panels["all"]["legal"]) == {mover}
    assert set(panels[f"seat{mover}"]["legal"]) == {mover}
    assert panels["public"]["legal"] == {} and panels[f"seat{1 - int(mover)}"]["legal"] == {}
    assert topics[live_events.match_topic(match.pk, "public")]["svg"] == topics[
        live_events.match_topic(match.pk, "seat0")]["svg"], "the picture is drawn once for a game hiding nothing"
    assert topic_for("matches", match.pk, session_cookie(world.member)) == live_events.match_topic(match.pk, "seat0")
    assert topic_for("matches", match.pk, session_cookie(world.bystander)) == live_events.match_topic(match.pk,
                                                                                                    "public")
    plain = match_services.create_match(club=world.club, game="leap_frog", players=[world.ana, world.ben])
    assert "play" not in live_events.match_topics(plain)[live_events.match_topic(plain.pk, "public")]
