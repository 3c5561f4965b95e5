"""The events people hear of, from the services where they happen: a bot's forfeit, a new
version's placement matches, a rating move past the owner's threshold, a round published and a
tournament finished, by e-mail (``mail.outbox``) and by webhook."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.test import override_settings

from tests.helpers.bots import needs_sandbox
from tests.helpers.receiver import receiver
from tests.helpers.world import World
from tournaments.errors import InvalidInput
from tournaments.models import Delivery, NotificationPreference, Seat, Tournament
from tournaments.services import bots as bot_services
from tournaments.services import ladders, notices, notifications
from tournaments.services import tournaments as tournament_services
from tournaments.tasks import run_ladder


def wants(user: object, *events: str, threshold: int = 50) -> None:
    user.email = f"{user.username}@example.org"
    user.save()
    notifications.set_preferences(user, email_events=list(events), rating_threshold=threshold)


def subjects() -> list[str]:
    return [message.subject for message in mail.outbox]


def test_an_owner_is_emailed_when_their_bot_forfeits(world: World) -> None:
    wants(world.member, "bot.forfeited")
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="leapfrog_race", name="Hopper",
                                      strategy="random")
    house = bot_services.create_entry(club=world.club, owner=None, game="leapfrog_race", name="House",
                                      strategy="random")
    ladder = ladders.create_ladder(club=world.club, game="leapfrog_race", seed="s", matches_per_run=1)
    [match] = ladders.schedule_round(ladder.pk)
    Seat.objects.filter(match=match, player=entry.player).update(forfeit_reason="time limit: 1000 ms per move")
    Seat.objects.filter(match=match, player=house.player).update(forfeit_reason="")
    notices.bot_match_stored(match, list(match.seats.select_related("player", "bot_version")))
    [message] = mail.outbox
    assert message.to == ["ana@example.org"]
    assert message.subject == "[Leapfrog] bot.forfeited: Hopper"
    assert "time limit: 1000 ms per move" in message.body


def test_a_crashing_upload_in_a_ladder_match_emails_its_owner(world: World) -> None:
    """The whole way: the sandboxed bot exits, the match is stored with its forfeit, and the
    owner's e-mail is sent from there."""
    needs_sandbox()
    wants(world.member, "bot.forfeited")
    bot_services.create_entry(club=world.club, owner=world.member, game="leapfrog_race", name="Crasher",
                              filename="main.py", data=b"raise SystemExit(3)\n")
    bot_services.create_entry(club=world.club, owner=None, game="leapfrog_race", name="House", strategy="random")
    ladder = ladders.create_ladder(club=world.club, game="leapfrog_race", seed="s", matches_per_run=1)
    [match] = ladders.schedule_round(ladder.pk)
    assert tournament_services.play_scheduled(match.pk)
    assert subjects() == ["[Leapfrog] bot.forfeited: Crasher"]


def test_nobody_is_emailed_who_did_not_ask(world: World) -> None:
    wants(world.member, "bot.placed")
    notifications.notify("bot.forfeited", {"bot": {"name": "Hopper"}}, users=[world.member, world.director])
    assert mail.outbox == []


def test_placement_and_rating_moves_reach_the_owner_once_each(world: World, django_capture_on_commit_callbacks) -> None:
    wants(world.member, "bot.placed", "bot.rating_moved", threshold=1)
    ladder = ladders.create_ladder(club=world.club, game="leapfrog_race", seed="ladder", matches_per_run=1,
                                   placement_matches=2)
    mine = bot_services.create_entry(club=world.club, owner=world.member, game="leapfrog_race", name="Mine",
                                     strategy="greedy")
    bot_services.create_entry(club=world.club, owner=world.bystander, game="leapfrog_race", name="Theirs",
                              strategy="random")
    for _ in range(4):
        with django_capture_on_commit_callbacks(execute=True):
            run_ladder.delay(ladder.pk).get()
    placed = [message for message in mail.outbox if "bot.placed" in message.subject]
    assert len(placed) == 1 and "Mine" in placed[0].subject and 'placement_matches: 2' in placed[0].body
    moved = [message for message in mail.outbox if "bot.rating_moved" in message.subject]
    assert moved, subjects()  # the first update takes note; later ones move more than 1 point
    marks = NotificationPreference.objects.get(user=world.member).rating_marks
    assert set(marks) == {str(mine.player_id)}


@override_settings(WEBHOOK_TRUSTED_HOSTS=["127.0.0.1"])
def test_directors_hear_of_rounds_published_and_the_tournament_finished(world: World) -> None:
    wants(world.director, "round.published", "tournament.finished")
    off = notifications.create_endpoint(by=world.director, club=world.club, url="https://93.184.215.14/hook",
                                        events=["tournament.finished"])
    notifications.set_active(off, by=world.director, active=False)
    players = [bot_services.create_entry(club=world.club, owner=None, game="leapfrog_race", name=f"B{n}",
                                         strategy="random").player for n in range(3)]
    tournament = tournament_services.create_tournament(club=world.club, name="Cup", game="leapfrog_race", bots=True,
                                                       players=players, seed="cup")
    with receiver() as hook:
        notifications.create_endpoint(by=world.director, club=world.club, url=hook.url, events=["tournament.finished"])
        tournament_services.start_and_pair(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert subjects().count("[Leapfrog] round.published: Cup") == tournament.total_rounds
    assert subjects().count("[Leapfrog] tournament.finished: Cup") == 1
    [(_, body)] = hook.received
    sent = json.loads(body)
    assert sent["event"] == "tournament.finished" and sent["data"]["tournament"]["name"] == "Cup"
    assert sent["data"]["standings"] == [{key: row[key] for key in ("rank", "entrant", "points")}
                                         for row in tournament.standings]
    assert Delivery.objects.exclude(endpoint=off).get().status == "delivered"
    # The switched-off webhook is sent nothing; its log notes the event as not sent.
    assert [(d.event, d.status, d.attempts, d.last_error) for d in off.deliveries.all()] == [
        ("tournament.finished", "failed", 0, notifications.SKIPPED)]


def test_preferences_are_checked(world: World) -> None:
    with pytest.raises(InvalidInput) as refused:
        notifications.set_preferences(world.member, email_events=["bot.forfeited"], rating_threshold=50)
    assert refused.value.fields == {"email_events": ["no e-mail address"]}
    for threshold in (0, 5001, "50", True):
        with pytest.raises(InvalidInput) as refused:
            notifications.set_preferences(world.member, email_events=[], rating_threshold=threshold)
        assert "rating_threshold" in refused.value.fields
    assert not NotificationPreference.objects.exists()
