"""The admin site for a staff account with no permissions: every page of every registered
model, and every custom page, read from the URL conf, answers 403 (cleanly) to GET and POST
and changes nothing; actions and the custom pages ask for the model permission Django's
admin would."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import reverse
from django_celery_beat.models import ClockedSchedule, CrontabSchedule, SolarSchedule
from django.utils import timezone
from axes.models import AccessAttempt, AccessFailureLog, AccessLog

from tests.security.conftest import Route, Scene, site_routes
from tournaments.models import BotEntry, BotVersion, Bye, Delivery, Entrant, Match, Round, RoundCheckIn, Seat, SeatOutput
from tournaments.services import notifications as notification_services

#: The admin site's own pages, which any staff account may open (they show only what its
#: permissions allow), and redirects that lead to a page that is checked itself.
OPEN_TO_STAFF = {"admin/", "admin/login/", "admin/logout/", "admin/password_change/",
                 "admin/password_change/done/", "admin/jsi18n/", "admin/r/{content_type_id}/{object_id}/"}


def model_pages() -> list[Route]:
    """Every admin page but the site's own: changelists, add, change, delete and history
    pages of each registered model, their custom pages, the app indexes. A model page's bare
    ``{object_id}/`` redirects to its change page, checked itself."""
    return [route for route in site_routes("admin/") if route.template not in OPEN_TO_STAFF
            and not (route.template.endswith("{object_id}/") and route.template.count("/") == 4)]


@pytest.fixture
def stocked(scene: Scene) -> Scene:
    """One object of every model registered with the admin (the scene has most of them)."""
    world = scene.world
    Group.objects.create(name="referees")
    visit = {"user_agent": "test", "ip_address": "127.0.0.1", "username": "director",
             "http_accept": "*/*", "path_info": "/accounts/login/"}
    AccessAttempt.objects.create(**visit, get_data="", post_data="", failures_since_start=1)
    AccessFailureLog.objects.create(**visit)
    AccessLog.objects.create(**visit)
    ClockedSchedule.objects.create(clocked_time=timezone.now())
    CrontabSchedule.objects.create(minute="5")
    SolarSchedule.objects.create(event="sunrise", latitude=52, longitude=4)
    running = Round.objects.get(pk=scene.ids["round"])
    entrant = Entrant.objects.filter(tournament=running.tournament).first()
    Bye.objects.create(tournament=running.tournament, round=running, entrant=entrant)
    RoundCheckIn.objects.create(round=running, entrant=entrant)
    SeatOutput.objects.create(seat=Seat.objects.filter(match_id=scene.ids["live"]).first(), stderr="hello")
    # Stored as notify() stores it, without posting to the scene's webhook address.
    Delivery.objects.create(endpoint_id=scene.ids["webhook"], event="bot.forfeited", payload={})
    notification_services.set_preferences(world.member, email_events=[], rating_threshold=40)
    return scene


@pytest.fixture
def no_permissions(world: Any) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(User.objects.create_user("clerk", is_staff=True))
    return client


def values(route: Route) -> dict[str, Any]:
    """The path of one real object for each parameter of an admin route."""
    parts = route.template.split("/")
    found: dict[str, Any] = {"app_label": "tournaments", "url": "nowhere/"}
    if len(parts) > 3 and "{" not in parts[1] + parts[2]:
        model = apps.get_model(parts[1], parts[2])
        first = model._default_manager.order_by("pk").first()
        found["object_id"] = found["id"] = first.pk if first is not None else 0
    return found


def snapshot() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in admin.site._registry}  # noqa: SLF001


def test_every_registered_model_has_an_object_to_open(stocked: Scene) -> None:
    empty = [label for label, count in snapshot().items() if not count]
    assert not empty, f"add an object of {empty} to the fixture, so their pages are opened"


def test_a_staff_account_with_no_permissions_is_refused_everywhere(stocked: Scene, no_permissions: Client) -> None:
    pages = model_pages()
    assert {"admin/tournaments/match/upload/", "admin/tournaments/botentry/add/",
            "admin/tournaments/botversion/add/"} <= {route.template for route in pages}
    before = snapshot()
    wrong = []
    for route in pages:
        path = route.path(values(route))
        if route.template == "admin/autocomplete/":  # a real autocomplete field: the player's account
            path += "?app_label=tournaments&model_name=player&field_name=user&term=a"
        for method in ("get", "post"):
            answer = getattr(no_permissions, method)(path)
            expected = {404} if route.template in ("admin/{app_label}/", "admin/{url}") else {403, 405}
            if answer.status_code not in expected or b"Traceback" in answer.content:
                wrong.append(f"{method.upper()} {path}: {answer.status_code}")
    assert not wrong, "\n".join(wrong)
    assert snapshot() == before


def grant(user: User, *codenames: str) -> None:
    user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))


def test_actions_need_the_change_permission(stocked: Scene, no_permissions: Client) -> None:
    clerk = User.objects.get(username="clerk")
    grant(clerk, "view_match", "view_ladder")
    live = Match.objects.get(pk=stocked.ids["live"])
    answer = no_permissions.post(reverse("admin:tournaments_match_changelist"),
                                 {"action": "void", "_selected_action": [live.pk]})
    assert answer.status_code in (200, 302)
    live.refresh_from_db()
    assert live.status != Match.Status.VOID
    page = no_permissions.get(reverse("admin:tournaments_match_changelist")).content.decode()
    assert "Void selected" not in page and "Upload a log" not in page and "Re-verify selected" in page
    assert "Schedule a round" not in no_permissions.get(reverse("admin:tournaments_ladder_changelist")).content.decode()


def test_adding_a_version_may_not_activate_it_without_changing_the_entry(stocked: Scene,
                                                                          no_permissions: Client) -> None:
    clerk = User.objects.get(username="clerk")
    grant(clerk, "add_botversion", "view_botversion", "view_botentry")
    entry = BotEntry.objects.get(pk=stocked.ids["bot"])
    active = entry.active_version_id
    url = reverse("admin:tournaments_botversion_add")
    answer = no_permissions.post(url, {"entry": entry.pk, "strategy": "greedy", "activate": "on"})
    assert answer.status_code == 403
    assert BotVersion.objects.filter(entry=entry).count() == 1
    answer = no_permissions.post(url, {"entry": entry.pk, "strategy": "greedy"})
    assert answer.status_code == 302
    entry.refresh_from_db()
    assert entry.active_version_id == active and BotVersion.objects.filter(entry=entry).count() == 2


def test_the_upload_page_needs_the_add_match_permission(stocked: Scene, no_permissions: Client) -> None:
    clerk = User.objects.get(username="clerk")
    grant(clerk, "add_match", "view_match")
    page = no_permissions.get(reverse("admin:tournaments_match_changelist")).content.decode()
    assert "Upload a log" in page
    assert no_permissions.get(reverse("admin:tournaments_match_upload")).status_code == 200
    assert ContentType.objects.get_for_model(Match)
