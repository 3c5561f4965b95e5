"""Every round carries why it is paired so: stored when the round is proposed, marked where a
director swaps, cleared by pairing afresh, kept on publishing (a bot tournament's rounds, which
are published without a proposal, too), and said in words with the entrants' names."""

from __future__ import annotations

from tests.tournaments.conftest import World
from tests.tournaments.console_data import leap_frog_swiss, played_log
from tournaments.models import Round, Tournament
from tournaments.services import explanations, results, rounds
from tournaments.services import tournaments as services
from tournaments.services.bots import builtin_player
from tournaments.services.explanation_text import completion_sentence


def everyone(world: World) -> list:
    return [world.ana, world.ben, world.cy, world.dora, world.eve]


def round_of(tournament: Tournament, number: int) -> Round:
    return Round.objects.get(tournament=tournament, number=number)


def test_a_proposed_round_is_explained_pairing_by_pairing(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    proposed = round_of(tournament, 1)
    explanation = proposed.explanation
    assert explanation["format"] == "swiss" and explanation["round"] == 1 and not explanation["changed"]
    assert [entry["seats"] for entry in explanation["pairings"]] == [game["seats"] for game in proposed.proposal]
    assert explanation["groups"][0]["points"] == 0 and len(explanation["groups"][0]["members"]) == 5
    assert explanation["bye"]["why"] == "lowest_without_bye"
    shown = explanations.with_text(explanation, explanations.names_of(tournament))
    assert "proposed" not in shown
    assert any(line.startswith("Score groups: 0 points: Ana") for line in shown["text"])
    assert all(entry["text"] for entry in shown["pairings"])


def test_a_swap_marks_the_pairings_it_changed_and_pairing_again_clears_them(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    games = round_of(tournament, 1).proposal
    rounds.swap_entrants(tournament, number=1, first=games[0]["seats"][0], second=games[1]["seats"][1])
    explanation = round_of(tournament, 1).explanation
    assert explanation["changed"]
    assert [entry["changed"] for entry in explanation["pairings"]] == [True, True, False]
    assert explanation["pairings"][0]["reasons"][0] == {"kind": "director"}
    assert explanation["proposed"][0]["seats"] == games[0]["seats"]  # what was first proposed is kept
    shown = explanations.with_text(explanation, explanations.names_of(tournament))
    assert "The director changed 2 pairings." in shown["text"]
    rounds.pair_again(tournament, number=1)
    assert not round_of(tournament, 1).explanation["changed"]


def test_publishing_keeps_the_explanation_with_the_directors_changes(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world)[:4])
    games = round_of(tournament, 1).proposal
    rounds.swap_entrants(tournament, number=1, first=games[0]["seats"][0], second=games[0]["seats"][1])
    services.publish_proposed(tournament)
    published = round_of(tournament, 1)
    assert published.status == Round.Status.PUBLISHED
    assert [entry["changed"] for entry in published.explanation["pairings"]] == [True, False]
    for match in tournament.matches.filter(round__number=1):
        results.record_log(match, log=played_log(match))
    services.pair_round(tournament)
    second = round_of(tournament, 2).explanation
    assert second["round"] == 2 and not second["changed"]
    assert round_of(tournament, 1).explanation == published.explanation  # a later round leaves it be


def test_a_bot_tournaments_rounds_are_explained_as_they_are_published(world: World) -> None:
    tournament = services.create_tournament(club=world.club, name="Bots", game="leapfrog_race", format="round_robin",
                                            bots=True, seed="why", rated=False)
    for number, strategy in enumerate(["random", "greedy", "random"]):
        services.register(tournament, builtin_player(world.club, "leapfrog_race", f"bot{number}", strategy))
    services.start(tournament)
    while matches := services.advance(tournament.pk):
        for match in matches:
            services.play_scheduled(match.pk)
    for round_ in tournament.rounds.order_by("number"):
        explanation = round_.explanation
        assert explanation["schedule"]["berger_round"] == round_.number and not explanation["changed"]
        assert explanation["bye"]["why"] == "odd_field"
        assert len(explanation["pairings"]) == 2


def test_a_swiss_round_says_what_the_completion_rule_found(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))  # 5 and a bye: 3 rounds are half of 6
    explanation = round_of(tournament, 1).explanation
    assert explanation["completion"] == {"rule": "dirac", "rounds_left": 3, "avoided": 0}
    shown = explanations.with_text(explanation, explanations.names_of(tournament))
    assert ("With 3 rounds left, this one included, every pairing without a rematch still lets the event "
            "finish with no rematch and no second bye.") in shown["text"]


def test_the_completion_sentence_names_the_pairings_passed_over() -> None:
    assert completion_sentence({"rule": "exact", "rounds_left": 2, "avoided": 1}) == (
        "The 2 rounds left, this one included, can all be paired with no rematch and no second bye. "
        "1 better-ranked pairing was passed over: each would have left a later round with only rematches "
        "or a second bye.")
    assert completion_sentence({"rule": "impossible", "rounds_left": 1, "avoided": 0}).startswith(
        "No pairing can keep the 1 round left free of rematches")
