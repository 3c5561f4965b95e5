"""The challenge pages, tried as every role of the cast: the form on one's version page, the
list, a challenge's games, and the "Rerun with my version" form of a finished bot match. A
challenge is its owner's (and staff's); its games' turn reports are the bot owner's alone."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.tournaments.web.conftest import Cast
from tournaments.models import BotEntry, Challenge, Match, Seat, SeatOutput
from tournaments.services import bots as bot_services
from tournaments.services import challenges as challenge_services

SECRET = "hopper thinks: private plan"


@dataclass
class Scene:
    cast: Cast
    hopper: BotEntry
    house: BotEntry
    challenge: Challenge
    game: Match


@pytest.fixture
def scene(cast: Cast) -> Scene:
    """Ana's Hopper (v1 random, v2 greedy; v1 active) played a challenge of one game against
    the club's built-in House; its seat kept a turn report."""
    hopper = bot_services.create_entry(club=cast.club, owner=cast.member, game="froggit", name="Hopper",
                                       strategy="random")
    bot_services.add_version(hopper, by=cast.member, strategy="greedy", activate=False)
    house = bot_services.builtin_player(cast.club, "froggit", "House", "greedy").bot_entry
    challenge = challenge_services.create_challenge(owner=cast.member, version=hopper.active_version,
                                                    lineup=[hopper.active_version, house.active_version],
                                                    seeds=["web"])
    game = challenge.matches.get()
    SeatOutput.objects.create(seat=Seat.objects.get(match=game, index=0), stderr=SECRET,
                              turns=[{"turn": 0, "ms": 3, "stderr": SECRET}])
    return Scene(cast, hopper, house, challenge, game)


@pytest.mark.parametrize(("role", "status"), [
    ("anonymous", 302), ("member", 200), ("rival", 404), ("director", 404), ("staff", 200)])
def test_the_challenge_form_is_the_version_owners(scene: Scene, role: str, status: int) -> None:
    answer = scene.cast.client(role).get(f"/bots/{scene.hopper.pk}/versions/1/challenge/")
    assert answer.status_code == status
    if status == 200:
        page = answer.content.decode()
        assert "Seat 0" in page and "House v1 (greedy)" in page and "Base seed" in page and "Version" in page


def test_the_version_page_links_its_owner_to_the_challenge_form(scene: Scene) -> None:
    link = f"/bots/{scene.hopper.pk}/versions/1/challenge/"
    assert link in scene.cast.client("member").get(f"/bots/{scene.hopper.pk}/versions/1/").content.decode()
    assert link not in scene.cast.client("director").get(f"/bots/{scene.hopper.pk}/versions/1/").content.decode()
    assert link in scene.cast.client("member").get(f"/bots/{scene.hopper.pk}/").content.decode()
    assert link not in scene.cast.client("rival").get(f"/bots/{scene.hopper.pk}/").content.decode()


def test_the_owner_starts_a_challenge_and_reads_its_games(scene: Scene) -> None:
    client = scene.cast.client("member")
    answer = client.post(f"/bots/{scene.hopper.pk}/versions/1/challenge/", {
        "seat_0": str(scene.house.active_version_id), "seat_1": str(scene.hopper.active_version_id),
        "option_version": "expert", "seed_base": "from the page", "count": "2"})
    assert answer.status_code == 302
    challenge = Challenge.objects.exclude(pk=scene.challenge.pk).get()
    assert answer["Location"] == f"/challenges/{challenge.pk}/"
    assert challenge.options["version"] == "expert" and challenge.lineup == [scene.house.active_version_id,
                                                                             scene.hopper.active_version_id]
    page = client.get(answer["Location"]).content.decode()
    assert "2 of 2 games played" in page
    for match in challenge.matches.all():
        assert f"/matches/{match.pk}/" in page and f"/matches/{match.pk}/#turn-report-1" in page


def test_past_the_quota_the_page_says_so_beside_the_field(scene: Scene) -> None:
    scene.cast.club.challenge_quota = 2
    scene.cast.club.save()
    answer = scene.cast.client("member").post(f"/bots/{scene.hopper.pk}/versions/1/challenge/", {
        "seat_0": str(scene.hopper.active_version_id), "seat_1": str(scene.house.active_version_id),
        "seed_base": "x", "count": "5"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "allows 2 challenge games a day and you have asked for 1 today: 1 left, not 5" in page
    assert Challenge.objects.count() == 1


@pytest.mark.parametrize(("role", "status", "listed"), [
    ("anonymous", 302, False), ("member", 200, True), ("rival", 200, False), ("director", 200, False),
    ("staff", 200, True)])
def test_the_list_shows_ones_own_challenges(scene: Scene, role: str, status: int, listed: bool) -> None:
    answer = scene.cast.client(role).get("/challenges/")
    assert answer.status_code == status
    assert (f"/challenges/{scene.challenge.pk}/" in answer.content.decode()) is listed


@pytest.mark.parametrize(("role", "status"), [
    ("anonymous", 404), ("member", 200), ("rival", 404), ("director", 404), ("staff", 200)])
def test_a_challenge_is_its_owners_and_staffs(scene: Scene, role: str, status: int) -> None:
    answer = scene.cast.client(role).get(f"/challenges/{scene.challenge.pk}/")
    assert answer.status_code == status
    if status == 200:
        assert scene.challenge.seeds[0] in answer.content.decode()


@pytest.mark.parametrize("role", ["anonymous", "rival", "director"])
def test_nobody_else_reads_the_challenges_turn_reports(scene: Scene, role: str) -> None:
    page = scene.cast.client(role).get(f"/matches/{scene.game.pk}/").content.decode()
    assert SECRET not in page and "Rerun with my version" not in page
    assert scene.cast.client(role).get(f"/matches/{scene.game.pk}/turns.jsonl?seat=0").status_code in (302, 403)


def test_the_owner_reads_the_turn_report_and_is_offered_a_rerun(scene: Scene) -> None:
    page = scene.cast.client("member").get(f"/matches/{scene.game.pk}/").content.decode()
    assert SECRET in page and "Rerun with my version" in page and f"/challenges/{scene.challenge.pk}/" in page
    assert "seat 0: Hopper v2 (greedy)" in page


@pytest.mark.parametrize(("role", "status"), [
    ("anonymous", 302), ("member", 302), ("rival", 404), ("director", 404), ("staff", 302)])
def test_only_an_owner_of_a_seat_reruns(scene: Scene, role: str, status: int) -> None:
    v2 = scene.hopper.versions.get(number=2)
    answer = scene.cast.client(role).post(f"/matches/{scene.game.pk}/rerun/", {"version": str(v2.pk)})
    assert answer.status_code == status
    reruns = Challenge.objects.filter(rerun_of=scene.game)
    if role in ("member", "staff"):
        assert answer["Location"] == f"/challenges/{reruns.get().pk}/"
    else:
        assert not reruns.exists()


def test_a_rerun_shows_both_games_side_by_side_and_where_they_part(scene: Scene) -> None:
    v2 = scene.hopper.versions.get(number=2)
    client = scene.cast.client("member")
    location = client.post(f"/matches/{scene.game.pk}/rerun/", {"version": str(v2.pk)})["Location"]
    rerun = Challenge.objects.get(rerun_of=scene.game).matches.get()
    first = next(i for i, (a, b) in enumerate(zip(scene.game.log.moves, rerun.log.moves)) if a != b)
    page = client.get(location).content.decode()
    assert f"The games part at move {first} (counting from 0)" in page
    assert page.count('class="first-difference"') == 1
    assert f"match #{scene.game.pk}" in page and f"rerun #{rerun.pk}" in page
    assert f"/matches/{scene.game.pk}/compare/{rerun.pk}/" in page  # the two replays stepping together


def test_a_refused_rerun_says_why(scene: Scene) -> None:
    answer = scene.cast.client("member").post(f"/matches/{scene.game.pk}/rerun/", {"version": "999999"})
    assert answer.status_code == 400 and "Select a valid choice" in answer.content.decode()
    assert scene.cast.client("member").get(f"/matches/{scene.game.pk}/rerun/").status_code == 405


def test_a_challenges_games_stay_off_the_club_player_and_bot_pages_of_others(scene: Scene) -> None:
    game = f"/matches/{scene.game.pk}/"
    for role in ("anonymous", "rival", "director"):
        client = scene.cast.client(role)
        for page in ("/clubs/pond/", f"/players/{scene.hopper.player_id}/", f"/bots/{scene.hopper.pk}/"):
            assert game not in client.get(page).content.decode(), (role, page)
    owner_page = scene.cast.client("member").get(f"/bots/{scene.hopper.pk}/").content.decode()
    assert game in owner_page and '<span class="tag">challenge</span>' in owner_page


@pytest.mark.parametrize(("fields", "words"), [
    ({"seed_base": "x", "count": "101"}, "the number of games must be from 1 to 100"),
    ({"seeds": "a\nb", "seed_base": "x"}, "give either seeds or a seed range"),
    ({"seat_1": "", "seed_base": "x", "count": "1"}, "Froggit takes 2 to 6 players, not 1"),
])
def test_the_page_refuses_in_the_apis_words(scene: Scene, fields: dict, words: str) -> None:
    body = {"seat_0": str(scene.hopper.active_version_id), "seat_1": str(scene.house.active_version_id)} | fields
    answer = scene.cast.client("member").post(f"/bots/{scene.hopper.pk}/versions/1/challenge/", body)
    assert answer.status_code == 400 and words in answer.content.decode()
    assert Challenge.objects.count() == 1
