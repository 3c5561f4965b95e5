"""Check-in before every round and round times on the pages: a member checks in from the
tournament page, the director sets a round's times (a bad date answered beside its field),
closes check-in, checks an entrant in at the desk, and forfeits what is unfinished."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.console_data import OPTIONS, played_log
from tests.tournaments.web.conftest import ROLES, Cast
from tournaments.models import Bye, Match, Round, RoundCheckIn, Tournament
from tournaments.services import checkins, results
from tournaments.services import tournaments as services

SEEN = {"anonymous": 302, "member": 403, "rival": 403, "director": 200, "staff": 200}


@pytest.fixture
def tournament(cast: Cast) -> Tournament:
    """A Swiss of five asking for check-in every round: round 1 played, round 2's check-in open."""
    created = services.create_tournament(club=cast.club, name="Thursday", game="leap_frog", format="swiss",
                                         options=dict(OPTIONS), format_settings={"rounds": 3}, seed="desk",
                                         round_check_in=True, players=[cast.ana, *cast.players[:4]])
    created = services.start_and_pair(created)
    services.publish_proposed(created)
    for match in created.matches.filter(round__number=1):
        results.record_log(match, log=played_log(match))
    created.refresh_from_db()
    return created


@pytest.mark.parametrize("role", ROLES)
def test_who_may_open_the_round_desk(cast: Cast, tournament: Tournament, role: str) -> None:
    response = cast.client(role).get(f"/tournaments/{tournament.pk}/rounds/2/times/")
    assert response.status_code == SEEN[role]


def test_a_member_checks_in_from_the_tournament_page(cast: Cast, tournament: Tournament) -> None:
    member = cast.client("member")
    page = member.get(f"/tournaments/{tournament.pk}/")
    assert b"Check in for round 2" in page.content
    ana = tournament.entrants.get(player=cast.ana)
    answer = member.post(f"/tournaments/{tournament.pk}/check-in/", {"entrant": ana.pk}, follow=True)
    assert b"Ana is checked in for round 2" in answer.content or b"checked in for round 2" in answer.content
    assert RoundCheckIn.objects.filter(entrant=ana, round__number=2).exists()
    other = tournament.entrants.exclude(player=cast.ana).first()
    refused = member.post(f"/tournaments/{tournament.pk}/check-in/", {"entrant": other.pk}, follow=True)
    assert refused.status_code == 200 and not RoundCheckIn.objects.filter(entrant=other).exists()
    assert member.post(f"/tournaments/{tournament.pk}/check-in/", {"entrant": "x"}).status_code == 400
    assert cast.client("rival").post(f"/tournaments/{tournament.pk}/check-in/",
                                     {"entrant": ana.pk}).status_code == 403
    assert cast.client("anonymous").post(f"/tournaments/{tournament.pk}/check-in/",
                                         {"entrant": ana.pk}).status_code == 302


def test_a_bad_date_is_answered_beside_its_field(cast: Cast, tournament: Tournament) -> None:
    director = cast.client("director")
    answer = director.post(f"/tournaments/{tournament.pk}/rounds/2/times/",
                           {"action": "times", "check_in_deadline": "next tuesday"})
    assert answer.status_code == 200
    assert answer.context["form"].errors["check_in_deadline"]
    assert not Round.objects.filter(tournament=tournament, number=2).exclude(check_in_deadline=None).exists()


def test_the_director_sets_a_deadline_checks_in_at_the_desk_and_pairs(cast: Cast, tournament: Tournament) -> None:
    director = cast.client("director")
    path = f"/tournaments/{tournament.pk}/rounds/2/times/"
    later = (timezone.localtime() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    answer = director.post(path, {"action": "times", "check_in_deadline": later}, follow=True)
    assert b"times are set" in answer.content
    present = list(tournament.entrants.exclude(player=cast.ana))
    for entrant in present:
        director.post(path, {"action": "desk", "entrant": entrant.pk})
    assert RoundCheckIn.objects.filter(round__number=2).count() == len(present)
    early = director.post(f"/tournaments/{tournament.pk}/console/", {"action": "pair"}, follow=True)
    assert b"open until" in early.content
    director.post(path, {"action": "close"})
    director.post(f"/tournaments/{tournament.pk}/console/", {"action": "pair"})
    director.post(f"/tournaments/{tournament.pk}/rounds/2/", {"action": "publish"})
    assert Bye.objects.get(round__number=2, kind=Bye.Kind.ABSENT).entrant.player == cast.ana
    round_page = director.get(f"/tournaments/{tournament.pk}/rounds/2/")
    assert b"<strong>Absent</strong> Ana" in round_page.content
    public = cast.client("anonymous").get(f"/tournaments/{tournament.pk}/")
    assert b"absent" in public.content
    assert director.post(path, {"action": "nap"}).status_code == 400


def test_the_director_forfeits_unfinished_games_after_the_deadline(cast: Cast, tournament: Tournament) -> None:
    for entrant in tournament.entrants.all():
        checkins.check_in(entrant, at_desk=True)
    checkins.set_round_times(tournament, number=2, check_in_deadline=timezone.now())
    services.pair_round(tournament)
    services.publish_proposed(tournament)
    director = cast.client("director")
    path = f"/tournaments/{tournament.pk}/rounds/2/times/"
    page = director.get(path)
    assert b"possible once the round" in page.content
    refused = director.post(path, {"action": "forfeit"}, follow=True)
    assert b"has no deadline" in refused.content
    checkins.set_round_times(tournament, number=2, deadline=timezone.now() - timedelta(minutes=1))
    answer = director.post(path, {"action": "forfeit"}, follow=True)
    assert b"unfinished games forfeited" in answer.content
    assert not tournament.matches.filter(round__number=2, status=Match.Status.SCHEDULED).exists()


def test_the_profile_lists_the_check_ins_due_until_they_are_done(cast: Cast, tournament: Tournament) -> None:
    member = cast.client("member")
    ana = tournament.entrants.get(player=cast.ana)
    profile = member.get("/me/")
    assert b"Check in Ana for round 2" in profile.content
    assert cast.client("director").get("/me/").context["check_ins"] == []  # no entrant of the director's
    member.post(f"/tournaments/{tournament.pk}/check-in/", {"entrant": ana.pk})
    assert RoundCheckIn.objects.filter(entrant=ana, round__number=2).exists()
    assert b"Check in Ana for round 2" not in member.get("/me/").content
