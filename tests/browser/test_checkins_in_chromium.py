"""Check-in before round 2 from two phones: a member checks in from the tournament page; the
director checks in two more at the desk, one entrant never comes, the director closes check-in,
pairs and publishes round 2, and sees the absence. Each step is a screenshot in
``test-artifacts/`` and passes axe-core's WCAG 2.1 AA checks at 360 px."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.tournaments.console_data import OPTIONS, played_log
from tournaments.models import Bye, Club, Membership, Player, RoundCheckIn, Tournament
from tournaments.services import results
from tournaments.services import tournaments as services


@pytest.fixture
def swiss(transactional_db: None) -> Tournament:
    """A Swiss of five asking for check-in every round, round 1 played."""
    club = Club.objects.create(name="Pond Club", slug="pond")
    director = User.objects.create_user("director", password="pw-director-123")
    member = User.objects.create_user("ana", password="pw-ana-123")
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    Membership.objects.create(user=member, club=club)
    players = [Player.objects.create(club=club, name="Ana", user=member),
               *[Player.objects.create(club=club, name=name) for name in ("Ben", "Cy", "Dora", "Eve")]]
    tournament = services.create_tournament(club=club, name="Thursday", game="leap_frog", format="swiss",
                                            options=dict(OPTIONS), format_settings={"rounds": 3}, seed="phones",
                                            round_check_in=True, players=players)
    tournament = services.start_and_pair(tournament)
    services.publish_proposed(tournament)
    for match in tournament.matches.filter(round__number=1):
        results.record_log(match, log=played_log(match))
    return tournament


def log_in(person: Any, path: str, username: str) -> None:
    person.open(f"/accounts/login/?next={path}")
    person.fill(Username=username, Password=f"pw-{username}-123")
    person.submit_form_of("Password", path)


def test_a_member_checks_in_and_the_director_pairs_without_the_no_show(people: Any, swiss: Tournament) -> None:
    tournament = swiss
    member = people("member")
    log_in(member, f"/tournaments/{tournament.pk}/", "ana")
    member.sees("Round 2 check-in")
    member.check_page("member-round-2-check-in")
    member.fits_the_phone()
    member.click("Check in for round 2")
    member.sees("Ana is checked in for round 2")
    member.check_page("member-checked-in")
    member.fits_the_phone()

    director = people("director")
    log_in(director, f"/tournaments/{tournament.pk}/console/", "director")
    director.sees("Check-in for round 2 is open")
    director.click("Round 2: check-in and times")
    director.sees("1 of 5 checked in")
    director.check_page("desk-round-2")
    director.fits_the_phone()
    for name in ("Ben", "Cy", "Dora"):
        director.click(f"Check in {name}")
        director.sees(f"{name} is checked in for round 2")
    director.sees("4 of 5 checked in")
    director.click("Close check-in now")
    director.sees("Check-in for round 2 is closed")
    director.open(f"/tournaments/{tournament.pk}/console/")
    director.click("Pair next round")
    director.sees("Round 2 is proposed")
    director.check_page("round-2-proposed-without-eve")
    director.click("Publish round 2")
    director.sees("Round 2 is published")
    director.sees("Absent")
    director.check_page("round-2-absent")
    director.fits_the_phone()
    assert Bye.objects.get(round__number=2, kind=Bye.Kind.ABSENT).entrant.player.name == "Eve"
    assert RoundCheckIn.objects.filter(round__number=2).count() == 4

    member.open(f"/tournaments/{tournament.pk}/")
    member.sees("absent")
    member.check_page("member-sees-the-absence")
