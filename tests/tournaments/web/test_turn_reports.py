"""A bot's turn report is its owner's (and staff's) alone, at every door: the match page, the
page's JSON-lines download, the API's report and its JSON-lines download, the bot entry page."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from django.test import Client

from games.registry import get_game
from games.runner import play_bots
from tests.factories import MembershipFactory
from tests.tournaments.web.conftest import Cast
from tournaments.models import Match, Seat, SeatOutput
from tournaments.services import bots as bot_services
from tournaments.services.matches import insert_match

SECRET = "hopper thinks: secret plan"
RIVAL_SECRET = "rival thinks: other plan"


@dataclass
class Scene:
    cast: Cast
    match: Match
    hopper: object
    moves: list[str]

    def client(self, role: str) -> Client:
        """The cast's roles, and two more members of the club: ``other_owner`` (who owns the
        opponent's bot) and ``bystander`` (who owns none)."""
        if role in ("other_owner", "bystander"):
            client = Client()
            client.force_login(getattr(self, role))
            return client
        return self.cast.client(role)


@pytest.fixture
def scene(cast: Cast) -> Scene:
    """A finished bot match in the public club: Ana's Hopper (seat 0) forfeits at turn 2
    against Ollie's Rival (seat 1); both seats kept a turn report."""
    ollie = MembershipFactory(club=cast.club, user__username="ollie").user
    bystander = MembershipFactory(club=cast.club, user__username="bea").user
    hopper = bot_services.create_entry(club=cast.club, owner=cast.member, game="froggit", name="Hopper",
                                       strategy="random")
    rival = bot_services.create_entry(club=cast.club, owner=ollie, game="froggit", name="Rival", strategy="random")
    moves = play_bots(get_game("froggit"), ["random", "random"], seed="turns")["moves"][:3]
    match = insert_match(players=[hopper.player, rival.player], setup={}, moves=moves, club=cast.club,
                         game="froggit", status=Match.Status.FINISHED,
                         forfeits=[{"seat": 0, "after": 2, "reason": "timeout"}])
    seats = {seat.index: seat for seat in Seat.objects.filter(match=match)}
    Seat.objects.filter(pk=seats[0].pk).update(forfeit_reason="timeout", rank=2)
    SeatOutput.objects.create(seat=seats[0], stderr=SECRET + "\n",
                              turns=[{"turn": 0, "ms": 12, "stderr": SECRET + "\n"},
                                     {"turn": 2, "ms": 1003, "stderr": "", "cut": 5}],
                              forfeit={"turn": 2, "at": "move", "reason": "timeout", "limit": "move_ms",
                                       "last_lines": [SECRET]})
    SeatOutput.objects.create(seat=seats[1], stderr=RIVAL_SECRET, turns=[{"turn": 1, "ms": 7, "stderr": RIVAL_SECRET}])
    scene = Scene(cast, match, hopper, moves)
    scene.other_owner, scene.bystander = ollie, bystander  # type: ignore[attr-defined]
    return scene


def test_the_owner_reads_a_turn_report_beside_the_replay(scene: Scene) -> None:
    page = scene.client("member").get(f"/matches/{scene.match.pk}/").content.decode()
    assert "Turn report: seat 0, Hopper" in page
    assert SECRET in page and "1003" in page and "(5 bytes not kept)" in page
    assert f"<code>{scene.moves[2]}</code>" in page
    assert "limit <code>move_ms</code>" in page and "Forfeited at turn 2" in page
    assert f"/matches/{scene.match.pk}/turns.jsonl?seat=0" in page
    assert RIVAL_SECRET not in page and "seat 1, Rival" not in page


def test_staff_read_every_seats_report(scene: Scene) -> None:
    page = scene.client("staff").get(f"/matches/{scene.match.pk}/").content.decode()
    assert SECRET in page and RIVAL_SECRET in page


@pytest.mark.parametrize("role", ["anonymous", "bystander", "other_owner", "director", "rival"])
def test_nobody_else_reads_it_on_the_match_page(scene: Scene, role: str) -> None:
    answer = scene.client(role).get(f"/matches/{scene.match.pk}/")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert SECRET not in page and "Turn report: seat 0" not in page and "turns.jsonl?seat=0" not in page


def test_the_owner_downloads_the_turns_as_json_lines(scene: Scene) -> None:
    answer = scene.client("member").get(f"/matches/{scene.match.pk}/turns.jsonl?seat=0")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/jsonl")
    assert "attachment" in answer["Content-Disposition"]
    lines = answer.content.decode().splitlines()
    assert [json.loads(line) for line in lines] == [
        {"turn": 0, "move": scene.moves[0], "ms": 12, "stderr": SECRET + "\n"},
        {"turn": 2, "move": scene.moves[2], "ms": 1003, "stderr": "", "cut": 5}]


@pytest.mark.parametrize(("role", "seat", "status"), [
    ("anonymous", 0, 302), ("bystander", 0, 403), ("other_owner", 0, 403), ("director", 0, 403),
    ("rival", 0, 403), ("member", 1, 403), ("member", 7, 404), ("member", "x", 400), ("member", "", 400),
    ("other_owner", 1, 200), ("staff", 0, 200),
])
def test_the_download_is_the_owners_alone(scene: Scene, role: str, seat: object, status: int) -> None:
    answer = scene.client(role).get(f"/matches/{scene.match.pk}/turns.jsonl?seat={seat}")
    assert answer.status_code == status
    if status != 200:
        assert SECRET.encode() not in answer.content


def test_a_match_one_may_not_see_is_not_found(scene: Scene) -> None:
    Match.objects.filter(pk=scene.match.pk).update(status=Match.Status.IN_PROGRESS)
    for path in (f"/matches/{scene.match.pk}/turns.jsonl?seat=0", f"/api/matches/{scene.match.pk}/turns/?seat=0",
                 f"/api/matches/{scene.match.pk}/turns.jsonl?seat=0"):
        assert scene.client("rival").get(path).status_code in (403, 404)  # the API's rule for another club's
        assert scene.client("member").get(path).status_code == 200
    assert scene.client("rival").get(f"/matches/{scene.match.pk}/turns.jsonl?seat=0").status_code == 404


def test_the_api_answers_the_report_to_its_owner(scene: Scene) -> None:
    answer = scene.client("member").get(f"/api/matches/{scene.match.pk}/turns/?seat=0")
    assert answer.status_code == 200
    body = answer.json()
    assert (body["seat"], body["player"], body["version"]) == (0, "Hopper", 1)
    assert body["turns"][0] == {"turn": 0, "move": scene.moves[0], "ms": 12, "stderr": SECRET + "\n"}
    assert body["forfeit"]["limit"] == "move_ms" and body["forfeit"]["last_lines"] == [SECRET]
    lines = scene.client("member").get(f"/api/matches/{scene.match.pk}/turns.jsonl?seat=0").content.decode()
    assert [json.loads(line) for line in lines.splitlines()] == body["turns"]


@pytest.mark.parametrize("path", ["turns/", "turns.jsonl"])
@pytest.mark.parametrize(("role", "status"), [("anonymous", 403), ("bystander", 403), ("other_owner", 403),
                                              ("director", 403), ("rival", 403), ("staff", 200)])
def test_the_api_refuses_everyone_else(scene: Scene, path: str, role: str, status: int) -> None:
    answer = scene.client(role).get(f"/api/matches/{scene.match.pk}/{path}?seat=0")
    assert answer.status_code == status
    if status == 403:
        assert SECRET.encode() not in answer.content
        assert answer.json()["code"] in ("permission_denied", "not_authenticated")


def test_the_api_refuses_a_bad_seat_precisely(scene: Scene) -> None:
    client = scene.client("member")
    missing = client.get(f"/api/matches/{scene.match.pk}/turns/")
    assert missing.status_code == 400 and "?seat=N" in missing.json()["message"]
    assert client.get(f"/api/matches/{scene.match.pk}/turns/?seat=-1").status_code == 400
    assert client.get(f"/api/matches/{scene.match.pk}/turns/?seat=9").json()["code"] == "not_found"


def test_the_bot_page_names_the_turn_and_the_limit_of_a_forfeit_to_its_owner(scene: Scene) -> None:
    owner = scene.client("member").get(f"/bots/{scene.hopper.pk}/").content.decode()
    assert "turn 2" in owner and "limit <code>move_ms</code>" in owner and "#turn-report-0" in owner
    for role in ("anonymous", "director", "other_owner", "rival"):
        page = scene.client(role).get(f"/bots/{scene.hopper.pk}/").content.decode()
        assert "timeout" in page and "limit <code>move_ms</code>" not in page
