"""Every admin page opens: each registered model's changelist, add, change, delete and history
pages and its own custom pages, walked from ``admin.site._registry`` (a model registered later
is walked too, and fails here until it has a factory below), with one object of each model.

A superuser gets every page, or, where the admin refuses by design (deleting an account,
adding a bot's standard error), a 403 refusal page that says why. Staff with view rights only
are refused adding and deleting with an explained 403 page. Nothing answers 5xx, and no
refusal is logged with a traceback. A director who is not staff is sent to the admin's log-in
page, which points to the club pages."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group, Permission, User
from django.db.models import Model
from django.test import Client
from django.test import override_settings
from django.urls import URLPattern, URLResolver, reverse
from django.utils import timezone
from django_celery_beat.models import ClockedSchedule, CrontabSchedule, SolarSchedule

from tests.helpers import free_port
from tests.tournaments.site_data import play_next, started_bot_tournament
from tests.tournaments.test_match_services import STILL
from tournaments.models import BotEntry, Bye, Club, Ladder, Match, Membership, RoundCheckIn, Seat, SeatOutput
from tournaments.services import bots as bot_services
from tournaments.services import challenges as challenge_services
from tournaments.services import ladders as ladder_services
from tournaments.services import notifications as notification_services
from tournaments.services import play as play_services

#: Templates of a refusal that says why: the admin's own (by design) and the site's 403 page.
REFUSALS = {"admin/tournaments/refused.html", "403.html"}


def build_world() -> dict[str, Model]:
    """One object of each model the admin shows, made the way the service makes them."""
    club = Club.objects.create(name="Admin Pond", slug="admin-pond")
    director = User.objects.create_user("pond-director", password="pw-director-123")
    membership = Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    tournament = started_bot_tournament(club, entrants=3)
    play_next(tournament)
    match = tournament.matches.filter(status=Match.Status.FINISHED).first()
    seat = match.seats.first()
    entry = bot_services.create_entry(club=club, owner=director, game="leapfrog_race", name="Hopper",
                                      strategy="greedy")
    ladder = ladder_services.create_ladder(club=club, game="froggit", options={"family": "quick"})
    rival = bot_services.create_entry(club=club, owner=director, game="leapfrog_race", name="Leaper", strategy="random")
    challenge = challenge_services.create_challenge(owner=director, version=entry.active_version,
                                                    lineup=[entry.active_version, rival.active_version], seeds=["admin"])
    board = play_services.start_game(club=club, game="leapfrog_race", players=list(club.players.all()[:2]),
                                     by=director, clock_seconds=600)
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog

    # An address nothing answers at, trusted for the moment: the delivery stays on record, failed.
    with override_settings(WEBHOOK_TRUSTED_HOSTS=["127.0.0.1"]):
        webhook = notification_services.create_endpoint(by=director, url=f"http://127.0.0.1:{free_port()}/hook",
                                                        events=["bot.forfeited"])

    attempt = dict(user_agent="pytest", ip_address="192.0.2.1", username="pond-director", http_accept="*/*",
                   path_info="/accounts/login/")
    objects: dict[str, Model] = {
        "tournaments.club": club, "tournaments.membership": membership, "tournaments.player": seat.player,
        "tournaments.tournament": tournament, "tournaments.round": tournament.rounds.first(),
        "tournaments.entrant": tournament.entrants.first(),
        # Made here directly: a bot tournament takes no check-ins, and the admin only reads them.
        "tournaments.roundcheckin": RoundCheckIn.objects.create(round=tournament.rounds.first(),
                                                                entrant=tournament.entrants.first()), "tournaments.bye": Bye.objects.filter(tournament=tournament).first(),
        "tournaments.match": match, "tournaments.botentry": entry, "tournaments.botversion": entry.versions.get(),
        "tournaments.seatoutput": SeatOutput.objects.create(seat=seat, stderr="thinking...\n"),
        "tournaments.ladder": ladder, "tournaments.livegame": board.live,
        "tournaments.challenge": challenge, "auth.group": Group.objects.create(name="referees"), "auth.user": director,
        "django_celery_beat.periodictask": Ladder.objects.get(pk=ladder.pk).periodic_task,
        "django_celery_beat.intervalschedule": Ladder.objects.get(pk=ladder.pk).periodic_task.interval,
        "django_celery_beat.clockedschedule": ClockedSchedule.objects.create(
            clocked_time=timezone.now() + timedelta(days=1)),
        "django_celery_beat.crontabschedule": CrontabSchedule.objects.create(minute="0", hour="4"),
        "django_celery_beat.solarschedule": SolarSchedule.objects.create(event="sunrise", latitude=48.85,
                                                                         longitude=2.35),
        "axes.accessattempt": AccessAttempt.objects.create(**attempt, get_data="", post_data="",
                                                           failures_since_start=1),
        "axes.accesslog": AccessLog.objects.create(**attempt),
        "axes.accessfailurelog": AccessFailureLog.objects.create(**attempt),
        "tournaments.webhookendpoint": webhook,
        "tournaments.delivery": notification_services.notify("bot.forfeited", {"bot": {"name": "Hopper"}},
                                                             users=[director])[0],
        "tournaments.notificationpreference": notification_services.set_preferences(
            director, email_events=[], rating_threshold=40),
    }
    return objects


def patterns(resolvers: list[Any]) -> Iterator[URLPattern]:
    for entry in resolvers:
        if isinstance(entry, URLResolver):
            yield from patterns(entry.url_patterns)
        else:
            yield entry


def admin_pages(objects: dict[str, Model]) -> Iterator[tuple[admin.ModelAdmin, str, str]]:
    """(model admin, URL name, address) of every named page of every registered model admin, the
    ones taking an object given that model's object."""
    for model, model_admin in admin.site._registry.items():  # noqa: SLF001
        obj = objects[model._meta.label_lower]
        for pattern in patterns(model_admin.get_urls()):
            if not pattern.name:
                continue  # the bare "<object_id>/" redirect to the change page
            arguments = list(pattern.pattern.converters)
            address = reverse(f"admin:{pattern.name}", kwargs={name: obj.pk for name in arguments})
            yield model_admin, pattern.name, address


@pytest.fixture
def world(db: None) -> dict[str, Model]:
    return build_world()


@pytest.fixture
def tracebacks(caplog: pytest.LogCaptureFixture) -> Callable[[], list[str]]:
    """The log records of the requests so far that carry a traceback."""
    caplog.set_level(logging.WARNING)
    return lambda: [record.getMessage() for record in caplog.records if record.exc_info]


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_every_registered_model_has_an_object_here(world: dict[str, Model]) -> None:
    missing = [model._meta.label_lower for model in admin.site._registry  # noqa: SLF001
               if model._meta.label_lower not in world]
    assert not missing, f"add a factory for {missing} to build_world"


def test_a_superuser_opens_every_admin_page(world: dict[str, Model], tracebacks: Callable[[], list[str]]) -> None:
    boss = User.objects.create_superuser("boss", password="pw-boss-123")
    client = client_of(boss)
    assert client.get(reverse("admin:index")).status_code == 200
    refused, opened = [], 0
    for model_admin, name, address in admin_pages(world):
        answer = client.get(address)
        used = {template.name for template in answer.templates}
        assert answer.status_code < 500, f"{address} ({name}) answers {answer.status_code}"
        if answer.status_code == 403:
            assert used & REFUSALS, f"{address} ({name}) refuses without saying why"
            assert b'class="errornote"' in answer.content or b"closed to everyone" in answer.content
            refused.append(name)
        else:
            assert answer.status_code in (200, 302), f"{address} ({name}) answers {answer.status_code}"
            opened += 1
    assert sorted(refused) == sorted([
        "auth_user_delete", "axes_accessattempt_add", "axes_accessfailurelog_add", "axes_accesslog_add",
        "tournaments_livegame_add", "tournaments_livegame_delete",
        "tournaments_challenge_add", "tournaments_challenge_delete",
        "tournaments_roundcheckin_add", "tournaments_roundcheckin_delete", "tournaments_seatoutput_add",
        # Webhooks are added by their owners, deliveries by the service; preferences by their users.
        "tournaments_webhookendpoint_add", "tournaments_delivery_add", "tournaments_delivery_delete",
        "tournaments_notificationpreference_add", "tournaments_notificationpreference_delete"])
    assert opened > 100
    assert tracebacks() == []


def test_staff_with_view_rights_only_are_refused_writes_with_a_page_that_says_why(
        world: dict[str, Model], tracebacks: Callable[[], list[str]]) -> None:
    clerk = User.objects.create_user("clerk", password="pw-clerk-123", is_staff=True)
    clerk.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client = client_of(clerk)
    for model_admin, name, address in admin_pages(world):
        answer = client.get(address)
        assert answer.status_code < 500, f"{address} ({name}) answers {answer.status_code}"
        if answer.status_code == 403:
            assert {template.name for template in answer.templates} & REFUSALS, f"{address} ({name})"
            assert b'class="reason"' in answer.content or b'class="errornote"' in answer.content
        if name.endswith(("_changelist", "_change", "_history")) and not name.startswith("auth_user_password"):
            assert answer.status_code == 200, f"{address} ({name}) answers {answer.status_code} to a viewer"
        if name.endswith(("_add", "_delete")):
            assert answer.status_code == 403, f"{address} ({name}) lets a viewer write"
    assert tracebacks() == []


def test_staff_without_rights_see_an_explained_refusal(world: dict[str, Model],
                                                       tracebacks: Callable[[], list[str]]) -> None:
    client = client_of(User.objects.create_user("intern", password="pw-intern-123", is_staff=True))
    assert client.get(reverse("admin:index")).status_code == 200
    answer = client.get(reverse("admin:tournaments_match_changelist"))
    assert answer.status_code == 403 and "403.html" in {template.name for template in answer.templates}
    assert b"a superuser can grant it" in answer.content
    assert tracebacks() == []


def test_a_director_who_is_not_staff_is_sent_to_the_admin_log_in_which_points_to_the_club_pages(
        world: dict[str, Model]) -> None:
    client = client_of(User.objects.get(username="pond-director"))
    answer = client.get("/admin/", follow=True)
    assert answer.redirect_chain and answer.redirect_chain[-1][0].startswith(reverse("admin:login"))
    page = answer.content.decode()
    assert "The admin site is for the service's staff; directors run their clubs from the club pages" in page
    assert f'href="{reverse("home")}"' in page
    assert "Traceback" not in page


# -- adding a match through the services -----------------------------------------------------

@pytest.fixture
def boss(world: dict[str, Model]) -> Client:
    return client_of(User.objects.create_superuser("boss", password="pw-boss-123"))


def test_the_match_changelist_offers_adding_and_uploading(boss: Client) -> None:
    page = boss.get(reverse("admin:tournaments_match_changelist")).content.decode()
    assert reverse("admin:tournaments_match_add") in page and reverse("admin:tournaments_match_upload") in page


def test_a_match_started_in_the_admin_is_ready_for_its_first_move(boss: Client, world: dict[str, Model]) -> None:
    club = world["tournaments.club"]
    names = list(club.players.filter(kind="bot").values_list("name", flat=True)[:2])
    answer = boss.post(reverse("admin:tournaments_match_add"), {
        "club": club.pk, "game": "leap_frog", "players": "\n".join(names),
        "options": json.dumps({"variant": "murray", "rows": 5, "cols": 5}), "rated": "on"})
    assert answer.status_code == 302, answer.content.decode()
    match = Match.objects.latest("pk")
    assert match.status == Match.Status.IN_PROGRESS and match.options["rows"] == 5 and match.seed
    assert [seat.player.name for seat in match.seats.order_by("index")] == names
    assert answer.url == reverse("admin:tournaments_match_change", args=[match.pk])


def test_a_match_added_from_a_log_takes_the_named_players_or_the_logs_names(boss: Client,
                                                                           world: dict[str, Model]) -> None:
    club = world["tournaments.club"]
    first, second = club.players.filter(kind="bot").values_list("name", flat=True)[:2]
    log = {"format": 1, "game": "leapfrog_race", "players": ["A", "B"], "setup": {"order": "RYGBOP"}, "moves": STILL}
    named = boss.post(reverse("admin:tournaments_match_add"),
                      {"club": club.pk, "players": f"{first}\n{second}", "text": json.dumps(log)})
    assert named.status_code == 302
    match = Match.objects.latest("pk")
    assert match.status == Match.Status.FINISHED and match.seats.get(index=1).player.name == second
    unknown = boss.post(reverse("admin:tournaments_match_add"), {"club": club.pk, "text": json.dumps(log)})
    assert unknown.status_code == 200 and "no player named &#x27;A&#x27;, &#x27;B&#x27;" in unknown.content.decode()
    assert Match.objects.latest("pk") == match and not club.players.filter(name__in=["A", "B"]).exists()
    created = boss.post(reverse("admin:tournaments_match_add"),
                        {"club": club.pk, "text": json.dumps(log), "create_players": "on"})
    assert created.status_code == 302
    assert Match.objects.latest("pk").seats.get(index=0).player.name == "A"


@pytest.mark.parametrize(("fields", "why"), [
    ({}, "Name the game, or give a log."),
    ({"game": "leap_frog"}, "Name the players, or give a log."),
    ({"game": "leap_frog", "players": "Nobody\nNoone"}, "has no player named"),
    ({"game": "leap_frog", "players": "bot 0\nbot 1", "options": '{"rows": 99}'}, "rows"),
    ({"text": "{not json"}, "bad_format"),
])
def test_a_refused_match_says_why_and_stores_nothing(boss: Client, world: dict[str, Model],
                                                     fields: dict[str, str], why: str) -> None:
    before = Match.objects.count(), Seat.objects.count(), BotEntry.objects.count()
    answer = boss.post(reverse("admin:tournaments_match_add"), {"club": world["tournaments.club"].pk, **fields})
    assert answer.status_code == 200
    assert why in answer.content.decode()
    assert (Match.objects.count(), Seat.objects.count(), BotEntry.objects.count()) == before
