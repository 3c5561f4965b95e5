"""Two matches compared (``/matches/<a>/compare/<b>/``): who may open it (each match as for its
own page: a private club's match is unknown to outsiders), the first difference marked with
its jump, the messages for matches that do not compare or are identical, and each side drawn
as its reader may see it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.urls import reverse

from tests.helpers.matches import STILL
from tests.tournaments.web.conftest import ROLES, Cast
from tournaments import replays
from tournaments.models import Match, Player
from tournaments.services import matches as match_services

#: STILL with its fourth and fifth turns swapped: a finished race that parts at index 3.
SWAPPED = [*STILL[:3], STILL[4], STILL[3], *STILL[5:]]


def race(club: object, players: list[Player], moves: list[str]) -> Match:
    log = {"format": 1, "game": "leapfrog_race", "players": [player.name for player in players],
           "setup": {"order": "RYGBOP"}, "moves": moves}
    return match_services.upload_log(club=club, log=log, players=players)


@dataclass
class Duel:
    cast: Cast
    a: Match
    b: Match
    twin: Match
    lily: Match
    live: Match
    live_too: Match
    froggit: Match


@pytest.fixture
def duel(cast: Cast) -> Duel:
    pond, lily = cast.club, cast.other_club
    lily.public = False
    lily.save()
    lily_people = [Player.objects.create(club=lily, name=name) for name in ("Lotus", "Reed")]
    ben, cy, dora = cast.players[:3]
    live = [match_services.create_match(club=pond, game="measure_and_tempo", players=[cast.ana, ben],
                                        seed=f"table-{n}", recorded_by=cast.director) for n in (1, 2)]
    froggit = match_services.create_match(club=pond, game="froggit", players=[cy, dora], draw_setup=True)
    return Duel(cast, race(pond, [cast.ana, ben], STILL), race(pond, [cast.ana, ben], SWAPPED),
                race(pond, [cy, dora], STILL), race(lily, lily_people, STILL), live[0], live[1], froggit)


EVERYONE = dict.fromkeys(ROLES, 200)
#: Lily Club is private: only its director (the rival) and staff may read its match.
LILY_ONLY = {"anonymous": 404, "member": 404, "rival": 200, "director": 404, "staff": 200}
#: Matches being played in Pond Club: its members and staff only.
POND_ONLY = {"anonymous": 404, "member": 200, "rival": 404, "director": 200, "staff": 200}

CASES = [
    (lambda d: (d.a.pk, d.b.pk), EVERYONE),
    (lambda d: (d.a.pk, d.lily.pk), LILY_ONLY),
    (lambda d: (d.lily.pk, d.a.pk), LILY_ONLY),
    (lambda d: (d.live.pk, d.live_too.pk), POND_ONLY),
    (lambda d: (d.a.pk, 999_999), dict.fromkeys(ROLES, 404)),
]


@pytest.mark.parametrize("door", ["match-compare", "api-match-compare"])
def test_each_role_may_compare_what_it_may_read(duel: Duel, door: str) -> None:
    for number, (ids, answers) in enumerate(CASES):
        address = reverse(door, args=ids(duel))
        for role in ROLES:
            answer = duel.cast.client(role).get(address)
            assert answer.status_code == answers[role], f"case {number} as {role}: {address}"
            if answer.status_code == 404:
                assert "Lotus" not in answer.content.decode() and "Lily" not in answer.content.decode()


def test_the_address_is_the_one_reruns_link_to(duel: Duel) -> None:
    assert reverse("match-compare", args=[duel.a.pk, duel.b.pk]) == f"/matches/{duel.a.pk}/compare/{duel.b.pk}/"


def test_the_first_difference_is_marked_with_both_moves_and_a_jump(duel: Duel) -> None:
    answer = duel.cast.client("anonymous").get(f"/matches/{duel.a.pk}/compare/{duel.b.pk}/")
    page = answer.content.decode()
    assert answer.context["difference"].as_dict() == {"index": 3, "a": STILL[3], "b": STILL[4]}
    assert "part at <strong>move 4</strong> (index 3)" in page
    assert f"A plays <code>{STILL[3]}</code>" in page and f"B plays <code>{STILL[4]}</code>" in page
    assert 'href="?n=4" data-n="4" id="jump"' in page
    rows = answer.context["rows"]
    assert [row["number"] for row in rows if row["first"]] == [4]
    assert [row["number"] for row in rows if not row["same"]] == [4, 5]
    assert page.count("first-difference") == 1 and "tournaments/compare.js" in page
    assert "<script>" not in page and " style=" not in page


def test_identical_matches_and_matches_that_do_not_compare_say_so(duel: Duel) -> None:
    client = duel.cast.client("member")
    same = client.get(f"/matches/{duel.a.pk}/compare/{duel.twin.pk}/").content.decode()
    assert "The two matches are identical: the same 18 moves from the same setup." in same
    assert 'id="jump"' not in same
    other = client.get(f"/matches/{duel.a.pk}/compare/{duel.froggit.pk}/").content.decode()
    assert (f"cannot be compared move by move: match #{duel.a.pk} is a game of leapfrog_race and match "
            f"#{duel.froggit.pk} one of froggit") in other
    assert 'id="board-A"' in other and 'id="board-B"' in other


def test_the_boards_step_from_the_position_asked_for(duel: Duel) -> None:
    answer = duel.cast.client("anonymous").get(f"/matches/{duel.a.pk}/compare/{duel.b.pk}/?n=4")
    expected = replays.draw_position(duel.a, 4, replays.Viewpoint(None, True))  # ended: everything shows
    assert expected in answer.content.decode()
    assert 'data-start="4"' in answer.content.decode()
    beyond = duel.cast.client("anonymous").get(f"/matches/{duel.a.pk}/compare/{duel.b.pk}/?n=junk")
    assert 'data-start="0"' in beyond.content.decode()


def test_each_side_of_matches_being_played_shows_what_its_reader_may_see(duel: Duel) -> None:
    address = f"/matches/{duel.live.pk}/compare/{duel.live_too.pk}/"
    for role, expected in (("member", (0, False)), ("director", (None, True)), ("staff", (None, True))):
        answer = duel.cast.client(role).get(address)
        page = answer.content.decode()
        for board in answer.context["boards"]:
            view = board["side"].view
            assert (view.viewer, view.reveal) == expected, role
            assert replays.draw_position(board["match"], 0, view) in page
        assert ("you see your own seat's hand" in page) == (role == "member")
    public = replays.draw_position(duel.live, 0, replays.Viewpoint(None, False))
    own = replays.draw_position(duel.live, 0, replays.Viewpoint(0, False))
    everything = replays.draw_position(duel.live, 0, replays.Viewpoint(None, True))
    assert len({public, own, everything}) == 3  # the hands differ: the test can tell the views apart
    assert everything not in duel.cast.client("member").get(address).content.decode()
    # The setups (the dealt hands) are compared only for a reader who sees both whole.
    assert duel.cast.client("member").get(address).context["comparison"].same_setup is None
    assert duel.cast.client("director").get(address).context["comparison"].same_setup is False
