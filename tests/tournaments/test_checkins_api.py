"""The check-in and round-time endpoints: a member checks in their own entrant, a director
sets a round's times; bad input is a 4xx naming the field, and nothing is stored."""

from __future__ import annotations

import json
from datetime import timedelta

from django.utils import timezone

from tests.tournaments.conftest import World
from tests.tournaments.test_checkins_services import swiss
from tournaments.models import Round, RoundCheckIn


def post(client, path: str, body: dict) -> object:
    return client.post(path, data=json.dumps(body), content_type="application/json")


def test_a_member_checks_in_their_own_entrant(world: World) -> None:
    tournament = swiss(world)
    ana = tournament.entrants.get(player=world.ana)
    ben = tournament.entrants.get(player=world.ben)
    member = world.client(world.member)
    answer = post(member, f"/api/tournaments/{tournament.pk}/check-in/", {"entrant": ana.pk})
    assert answer.status_code == 200, answer.content
    assert answer.json()["number"] == 2 and answer.json()["checked_in"] == [ana.pk]
    assert post(member, f"/api/tournaments/{tournament.pk}/check-in/", {"entrant": ana.pk}).status_code == 200
    refused = post(member, f"/api/tournaments/{tournament.pk}/check-in/", {"entrant": ben.pk})
    assert refused.status_code == 403
    assert list(RoundCheckIn.objects.values_list("entrant_id", flat=True)) == [ana.pk]


def test_a_director_sets_times_and_a_bad_one_names_its_field(world: World) -> None:
    tournament = swiss(world)
    director = world.client(world.director)
    path = f"/api/tournaments/{tournament.pk}/rounds/2/times/"
    bad = post(director, path, {"check_in_deadline": "soon"})
    assert bad.status_code == 400 and "check_in_deadline" in bad.json()["fields"]
    when = (timezone.now() + timedelta(hours=1)).replace(microsecond=0)
    answer = post(director, path, {"check_in_deadline": when.isoformat(), "starts_at": None})
    assert answer.status_code == 200, answer.content
    assert Round.objects.get(tournament=tournament, number=2).check_in_deadline == when
    early = director.post(f"/api/tournaments/{tournament.pk}/pair/")
    assert early.status_code == 409 and early.json()["code"] == "check_in_open"
    forfeit = director.post(f"/api/tournaments/{tournament.pk}/rounds/1/forfeit-unfinished/")
    assert forfeit.status_code == 409 and forfeit.json()["code"] == "no_deadline"
