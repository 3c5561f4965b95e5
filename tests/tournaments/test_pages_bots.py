"""The bot owner's pages: log in, create an entry, upload versions, read runs; others see
the record but never the code or standard error."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.helpers.world import World
from tests.helpers.bots import example
from tournaments.models import BotEntry, Match, Seat, SeatOutput
from tournaments.services import bots as bot_services
from tournaments.services.matches import insert_match


def logged_in(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_my_bots_needs_a_login_and_the_login_page_works(world: World) -> None:
    answer = Client().get("/bots/")
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    login = Client().post("/accounts/login/", {"username": "ana", "password": "pw-ana-123"})
    assert login.status_code == 302 and login["Location"] == "/me/"


def test_a_member_creates_an_entry_and_uploads_a_version(world: World) -> None:
    client = logged_in(world.member)
    page = client.get("/bots/").content.decode()
    assert "You have no bots yet" in page and "Pond Club" in page and "Lily Club" not in page
    created = client.post("/bots/", {"club": world.club.pk, "name": "Racer", "game": "leapfrog_race",
                                     "strategy": "greedy"})
    entry = BotEntry.objects.get(player__name="Racer")
    assert created.status_code == 302 and created["Location"] == f"/bots/{entry.pk}/"
    stored = client.post(f"/bots/{entry.pk}/", {"file": SimpleUploadedFile("main.py", example("leapfrog_race")),
                                                "note": "my own", "activate": "on"})
    assert stored.status_code == 302
    entry.refresh_from_db()
    assert entry.active_version.number == 2 and entry.active_version.note == "my own"
    refused = client.post(f"/bots/{entry.pk}/", {"file": SimpleUploadedFile("main.py", b"def broken(:\n")})
    assert refused.status_code == 200 and "main.py has a syntax error on line 1" in refused.content.decode()
    assert entry.versions.count() == 2
    client.post(f"/bots/{entry.pk}/", {"activate": "1", "version": "1"})
    entry.refresh_from_db()
    assert entry.active_version.number == 1


def test_others_see_the_record_but_not_the_code_or_stderr(world: World) -> None:
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Robo",
                                      filename="main.py", data=example("froggit"))
    house = bot_services.builtin_player(world.club, "froggit", "House", "random")
    match = insert_match(players=[entry.player, house], setup={}, club=world.club, game="froggit",
                         status=Match.Status.FINISHED)
    seat = Seat.objects.get(match=match, player=entry.player)
    SeatOutput.objects.create(seat=seat, stderr="secret debugging line")
    Seat.objects.filter(pk=seat.pk).update(forfeit_reason="timeout", rank=2)
    owner = logged_in(world.member).get(f"/bots/{entry.pk}/").content.decode()
    assert "secret debugging line" in owner and "Upload a new version" in owner and "timeout" in owner
    for client in (Client(), logged_in(world.director), logged_in(world.outsider)):
        page = client.get(f"/bots/{entry.pk}/").content.decode()
        assert "Robo" in page and "timeout" in page
        assert "secret debugging line" not in page and "Upload a new version" not in page
        assert "/code/" not in page
    private = bot_services.builtin_player(world.private_club, "froggit", "Hidden", "random")
    assert Client().get(f"/bots/{private.bot_entry.pk}/").status_code == 404


def test_the_new_bot_form_names_each_game_by_its_title_and_slug(world: World) -> None:
    """People choose a game by the name the rules use; the slug stays beside it, as the bot
    protocol and the API spell it."""
    page = logged_in(world.member).get("/bots/").content.decode()
    assert '<option value="leapfrog_race">Leapfrog (leapfrog_race)</option>' in page
    assert '<option value="leap_frog">Leap Frog (leap_frog)</option>' in page
