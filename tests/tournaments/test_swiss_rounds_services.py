"""A Swiss with more rounds than its entrants can play without a rematch: refused at creation
and at a settings change for the entrants known, and a warning where an entrant withdraws or
the tournament starts (the withdrawal and the start themselves are allowed)."""

from __future__ import annotations

import pytest

from tests.tournaments.web import conftest as web_conftest
from tournaments.errors import InvalidInput
from tournaments.models import Tournament
from tournaments.services import registration, swiss_rounds
from tournaments.services import tournaments as services
from tournaments.web.setup_forms import TournamentForm

cast = web_conftest.cast


def swiss(cast, rounds: int, players) -> Tournament:
    return services.create_tournament(club=cast.club, name="Swiss", game="leap_frog", format="swiss",
                                      format_settings={"rounds": rounds}, seed="s", players=players)


@pytest.mark.parametrize(("count", "most"), [(2, 1), (3, 3), (4, 3), (5, 5), (6, 5)])
def test_creation_refuses_more_rounds_than_a_round_robin_naming_the_most_that_work(cast, count, most):
    players = [cast.ana, *cast.players][:count]
    with pytest.raises(InvalidInput) as refused:
        swiss(cast, most + 1, players)
    message = (f"{count} entrants can play at most {most} Swiss rounds with no rematch and no second bye, "
               f"not {most + 1}: choose {most} rounds or fewer")
    assert refused.value.message == message
    assert refused.value.fields == {"format_settings.rounds": [message]}
    assert not Tournament.objects.exists()  # nothing stored
    assert swiss(cast, most, players).format_settings == {"rounds": most}


def test_the_creation_form_puts_the_refusal_beside_rounds(cast):
    with pytest.raises(InvalidInput) as refused:
        swiss(cast, 6, [cast.ana, *cast.players])
    form = TournamentForm({"name": "Swiss", "game": "leap_frog", "format": "swiss", "rounds": "6"})
    assert form.is_valid(), form.errors
    assert form.placed(refused.value) == {"rounds": [refused.value.message]}


def test_a_settings_change_is_refused_for_the_entrants_registered(cast):
    tournament = swiss(cast, 3, [cast.ana, *cast.players[:3]])
    with pytest.raises(InvalidInput, match="4 entrants can play at most 3 Swiss rounds"):
        services.update_tournament(tournament, format_settings={"rounds": 4})
    tournament.refresh_from_db()
    assert tournament.format_settings == {"rounds": 3}


def test_a_withdrawal_that_leaves_too_few_opponents_warns_with_the_rounds_that_still_work(cast):
    tournament = swiss(cast, 5, [cast.ana, *cast.players[:4]])  # five entrants, five rounds: each a bye once
    assert swiss_rounds.start_effect(tournament) == "5 entrants play round 1."
    services.start_and_pair(tournament)
    eve = tournament.entrants.get(player__name="Eve")
    effect = swiss_rounds.withdrawal_effect(eve)
    assert effect == (
        "Eve is withdrawn after round 0: no more pairings; the games Eve played so far still count. "
        "The proposed pairings of round 1 are made again without Eve. Without Eve, only 3 of the 5 rounds "
        "left can be paired with no rematch and no second bye: the later rounds will repeat a pairing or "
        "give a second bye.")
    assert registration.withdrawal_effect(eve) in effect
    services.withdraw(eve)  # allowed all the same
    tournament.refresh_from_db()
    assert swiss_rounds.rounds_left(tournament) == (5, 3)
    assert swiss_rounds.rounds_warning(tournament).startswith("Only 3 of the 5 rounds left")


def test_the_start_warns_when_the_entrants_registered_are_too_few_for_the_rounds(cast):
    tournament = services.create_tournament(club=cast.club, name="Swiss", game="leap_frog", format="swiss",
                                            format_settings={"rounds": 5})
    for player in [cast.ana, *cast.players[:3]]:
        registration.register(tournament, player)
    assert swiss_rounds.start_effect(tournament) == (
        "4 entrants play round 1. 4 entrants can play at most 3 of the 5 rounds with no rematch and no "
        "second bye: the later rounds will repeat a pairing or give a second bye.")


def test_other_formats_and_feasible_swisses_say_nothing(cast):
    tournament = swiss(cast, 3, [cast.ana, *cast.players])
    assert swiss_rounds.rounds_warning(tournament) == ""
    round_robin = services.create_tournament(club=cast.club, name="RR", game="leap_frog", players=cast.players[:3])
    assert swiss_rounds.rounds_left(round_robin) is None
