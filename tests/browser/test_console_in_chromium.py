"""A director runs a people's Swiss of Leap Frog from a phone: changes and publishes each round,
prints its sheets, uploads every result as a log file, withdraws an entrant, corrects a result
with a reason, and ends at the final standings. Each step is a screenshot in
``test-artifacts/`` and passes axe-core's WCAG 2.1 AA checks at 360 px."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from tests.tournaments.console_data import leap_frog_swiss, played_log
from tournaments.models import Club, Correction, Match, Membership, Player, Round, Tournament
from tournaments.services import tournaments as services

NAMES = ("Ana", "Ben", "Cy", "Dora", "Eve", "Fay")


@pytest.fixture
def swiss(transactional_db: None) -> Tournament:
    club = Club.objects.create(name="Pond Club", slug="pond")
    director = User.objects.create_user("director", password="pw-director-123")
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    players = [Player.objects.create(club=club, name=name) for name in NAMES]
    return leap_frog_swiss(club, players, rounds=3)


def upload_results(director: Any, tournament: Tournament, number: int, folder: Path) -> None:
    """Upload a log file for every match of the round, through the result page's file input."""
    matches = list(tournament.matches.filter(round__number=number).order_by("pairing"))
    for index, match in enumerate(matches):
        path = folder / f"round-{number}-match-{match.pk}.json"
        path.write_text(json.dumps(played_log(match)))
        director.open(f"/matches/{match.pk}/result/")
        if index == 0:
            director.check_page(f"round-{number}-result-form")
            director.fits_the_phone()
        director.fill(Log_file=path)
        director.submit("Upload")
        director.sees(f"Match #{match.pk} is finished.")
    director.sees("Every game of the round is decided")


def publish(director: Any, tournament: Tournament, number: int) -> None:
    director.sees(f"Round {number} is proposed")
    director.check_page(f"round-{number}-proposed")
    director.fits_the_phone()
    director.click(f"Publish round {number}")
    director.sees(f"Round {number} is published")
    director.check_page(f"round-{number}-published")
    director.fits_the_phone()
    assert tournament.matches.filter(round__number=number, status=Match.Status.SCHEDULED).count() >= 2


def test_a_director_runs_a_swiss_from_a_phone(people: Any, swiss: Tournament, tmp_path: Path) -> None:
    tournament = swiss
    director = people("director")
    director.open(f"/tournaments/{tournament.pk}/console/")
    assert director.path.startswith("/accounts/login/")
    director.fill(Username="director", Password="pw-director-123")
    director.submit_form_of("Password", "the console")  # the form's button (the menu has a "Log in" link too)
    director.sees("Check and publish round 1")
    director.check_page("console-round-1")
    director.fits_the_phone()

    # Round 1: one swap before publishing.
    director.click("Check and publish round 1")
    games = Round.objects.get(tournament=tournament, number=1).proposal
    names = {entrant.pk: entrant.player.name for entrant in tournament.entrants.select_related("player")}
    first, second = games[0]["seats"][0], games[1]["seats"][1]
    director.fill(Swap=f"{names[first]} (table 1)", With=f"{names[second]} (table 2)")
    director.submit("Swap")
    director.sees("Swapped.")
    assert Round.objects.get(tournament=tournament, number=1).proposal[0]["seats"][0] == second
    director.check_page("round-1-swapped")
    director.click("Publish round 1")
    director.sees("Round 1 is published")
    director.check_page("round-1-published")
    director.fits_the_phone()

    director.click("Pairing and score sheets to print")
    director.sees("Score sheet · table 3")
    director.check_page("round-1-print")
    director.fits_the_phone()

    upload_results(director, tournament, 1, tmp_path)
    director.check_page("console-round-1-decided")

    # Round 2.
    director.click("Pair next round")
    publish(director, tournament, 2)
    upload_results(director, tournament, 2, tmp_path)

    # Fay leaves after round 2 (the registration page withdraws through this service).
    services.withdraw(tournament.entrants.get(player__name="Fay"))
    director.click("Pair next round")
    publish(director, tournament, 3)
    assert not Match.objects.filter(round__number=3, tournament=tournament, seats__player__name="Fay").exists()

    # A result of round 1 was misread: corrected with a reason.
    match = tournament.matches.filter(round__number=1).order_by("pairing").first()
    for attempt in range(30):
        corrected = played_log(match, f"corrected {attempt}")
        if corrected["result"]["ranks"] != match.result["ranks"]:
            break
    path = tmp_path / "corrected.json"
    path.write_text(json.dumps(corrected))
    director.open(f"/matches/{match.pk}/correct/")
    director.check_page("correct-form")
    director.fill(Reason="The score sheet of table 1 was misread.", Log_file=path)
    director.submit("Correct")
    director.sees("is corrected")
    director.sees("The score sheet of table 1 was misread.")
    director.check_page("corrected")
    director.fits_the_phone()
    assert Correction.objects.filter(match=match).count() == 1

    upload_results(director, tournament, 3, tmp_path)
    director.click("Pair next round")
    director.sees("the tournament is over")
    director.sees("Final standings")
    director.sees("Crosstable")
    director.check_page("final-standings")
    director.fits_the_phone()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    for number in (1, 2, 3):
        assert Round.objects.get(tournament=tournament, number=number).status == Round.Status.COMPLETE
