"""Results from the director's table: a log uploaded into its scheduled match (and refused when
it is not that match's), forfeits and no-shows, and corrections of finished results, which the
standings and the ratings follow and a trail records. A refusal leaves everything as it was."""

from __future__ import annotations

import json

import pytest

from tests.tournaments.conftest import World
from tests.tournaments.console_data import leap_frog_swiss, played_log
from tournaments.errors import Conflict, InvalidInput, InvalidLog
from tournaments.models import Correction, Match, Rating, Tournament
from tournaments.services import matches as match_services
from tournaments.services import results
from tournaments.services import tournaments as services


@pytest.fixture
def tournament(world: World) -> Tournament:
    """Round 1 published: three scheduled matches."""
    tournament = leap_frog_swiss(world.club, [world.ana, world.ben, world.cy, world.dora, world.eve, world.fay])
    services.publish_proposed(tournament)
    return tournament


def scheduled(tournament: Tournament) -> list[Match]:
    return list(tournament.matches.order_by("pairing"))


def as_stored(match: Match) -> tuple:
    match.refresh_from_db()
    match.log.refresh_from_db()
    return (match.status, match.move_count, match.result, match.log.moves, match.log.forfeits,
            [(seat.rank, seat.score, seat.forfeit_reason) for seat in match.seats.order_by("index")])


def test_an_uploaded_log_fills_its_scheduled_match(tournament: Tournament) -> None:
    match = scheduled(tournament)[0]
    log = played_log(match)
    stored = results.record_log(match, log=json.dumps(log))
    assert stored.status == Match.Status.FINISHED
    match.refresh_from_db()
    assert match.log.moves == log["moves"] and match.result["ranks"] == log["result"]["ranks"]
    assert [seat.rank for seat in match.seats.order_by("index")] == log["result"]["ranks"]
    assert match_services.reverify(match)["valid"]
    tournament.refresh_from_db()
    assert tournament.matches_done == 1


def test_a_log_without_seed_with_names_in_another_case_is_taken(tournament: Tournament) -> None:
    match = scheduled(tournament)[0]
    log = played_log(match)
    log.pop("seed"), log.pop("commitment")
    log["players"] = [f" {name.upper()} " for name in log["players"]]
    assert results.record_log(match, log=log).status == Match.Status.FINISHED


@pytest.mark.parametrize(("change", "code"), [
    (lambda log: {"players": list(reversed(log["players"]))}, "wrong_players"),
    (lambda log: {"players": [*log["players"], "Gus"], "moves": [], "result": None}, "wrong_players"),
    (lambda log: {"players": ["Ana"]}, "bad_players"),
    (lambda log: {"options": {"rows": 7, "cols": 6}, "moves": [], "result": None}, "wrong_options"),
    (lambda log: {"game": "froggit"}, "bad_options"),
    (lambda log: {"seed": "another", "commitment": None}, "wrong_seed"),
    (lambda log: {"moves": [*log["moves"][:3], "z99"]}, "bad_notation"),
    (lambda log: {"result": {"ranks": [1, 1], "scores": [0, 0]}}, "result_mismatch"),
])
def test_a_log_that_is_not_this_matchs_is_refused_and_nothing_changes(tournament: Tournament, change, code) -> None:
    match = scheduled(tournament)[0]
    log = played_log(match)
    before = as_stored(match)
    with pytest.raises(InvalidLog) as refused:
        results.record_log(match, log={**log, **change(log)})
    assert refused.value.code == code
    assert refused.value.fields["log"][0].startswith(f"{code}: ")
    assert as_stored(match) == before


def test_a_log_of_another_setup_is_refused(world: World) -> None:
    tournament = services.create_tournament(club=world.club, name="Murray", game="leap_frog", format="swiss",
                                            options={"variant": "murray", "rows": 6, "cols": 6},
                                            format_settings={"rounds": 1}, players=[world.ana, world.ben])
    services.start_and_pair(tournament)
    [match] = services.publish_proposed(tournament)
    log = played_log(match)
    layout = log["setup"]["layout"]
    other = {"layout": [row[::-1] for row in layout]}
    assert other != log["setup"]
    with pytest.raises(InvalidLog) as refused:
        results.record_log(match, log={**log, "setup": other, "moves": [], "result": None})
    assert refused.value.code == "wrong_setup"


@pytest.mark.parametrize(("text", "code"), [
    ("not json", "bad_format"), ("[1, 2]", "bad_format"), ("{" * 100_000, "bad_format"),
    (" " * (results.MAX_UPLOAD_BYTES + 1), "bad_format"), (b"\xff\xfe", "bad_format"),
    ('{"format": 1, "game": "chess", "players": [], "moves": []}', "unknown_game"),
])
def test_text_that_is_no_log_is_refused_with_the_verifiers_code(tournament: Tournament, text, code) -> None:
    match = scheduled(tournament)[0]
    with pytest.raises(InvalidLog) as refused:
        results.record_log(match, log=text)
    assert refused.value.code == code and "log" in refused.value.fields


def test_a_finished_match_takes_no_second_log(tournament: Tournament) -> None:
    match = scheduled(tournament)[0]
    results.record_log(match, log=played_log(match))
    with pytest.raises(Conflict):
        results.record_log(match, log=played_log(match, "other"))


def test_a_forfeit_gives_the_game_to_the_other_seat(tournament: Tournament) -> None:
    match = scheduled(tournament)[0]
    results.record_absence(match, seats=[1], reason="felt unwell")
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["ranks"] == [1, 2]
    assert [seat.forfeit_reason for seat in match.seats.order_by("index")] == ["", "felt unwell"]


def test_a_no_show_is_a_forfeit_with_its_reason(tournament: Tournament) -> None:
    match = scheduled(tournament)[0]
    results.record_absence(match, seats=[0], reason="stuck in traffic", no_show=True)
    match.refresh_from_db()
    assert match.result["ranks"] == [2, 1]
    assert match.log.forfeits == [{"seat": 0, "after": 0, "reason": "no-show: stuck in traffic"}]


def test_when_both_seats_do_not_come_both_lose_and_the_game_is_not_rated(tournament: Tournament) -> None:
    match = scheduled(tournament)[0]
    entrants = [seat.player.entries.get(tournament=tournament).pk for seat in match.seats.order_by("index")]
    results.record_absence(match, seats=[0, 1], reason="nobody came", no_show=True)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.rated is False
    assert [seat.forfeit_reason for seat in match.seats.order_by("index")] == ["no-show: nobody came"] * 2
    [outcome] = [outcome for outcome in services.outcomes(tournament) if outcome.game.pairing == match.pairing]
    assert outcome.forfeited == (True, True)
    points = {row["entrant_id"]: row["points"] for row in services.compute_standings(tournament)}
    assert points[entrants[0]] == points[entrants[1]] == 0
    assert match_services.reverify(match)["valid"]


@pytest.mark.parametrize(("seats", "reason"), [([], "x"), ([0, 0], "x"), ([2], "x"), (["0"], "x"), ([0], "  "),
                                               ([0], "x" * 300)])
def test_absences_without_seats_or_reason_are_refused(tournament: Tournament, seats, reason) -> None:
    match = scheduled(tournament)[0]
    before = as_stored(match)
    with pytest.raises(InvalidInput):
        results.record_absence(match, seats=seats, reason=reason)
    assert as_stored(match) == before


def finish_round(tournament: Tournament, number: int, rng_seed: str = "moves") -> None:
    for match in tournament.matches.filter(round__number=number, status=Match.Status.SCHEDULED):
        results.record_log(match, log=played_log(match, rng_seed))


def other_result(match: Match, winner: bool = False) -> dict:
    """A log of the same match that ends with other ranks (``winner``: with another winner)."""
    for attempt in range(50):
        log = played_log(match, f"corrected {attempt}")
        ranks = log["result"]["ranks"]
        if ranks != match.result["ranks"] and (not winner or (ranks.count(1) == 1 and match.result["ranks"].count(1) == 1)):
            return log
    raise AssertionError("no other result in 50 games")


def test_a_correction_rewrites_the_result_the_standings_and_the_ratings(world: World, tournament: Tournament) -> None:
    finish_round(tournament, 1)
    match = scheduled(tournament)[0]
    players = [seat.player_id for seat in match.seats.order_by("index")]
    ratings_before = {rating.player_id: rating.mu for rating in Rating.objects.filter(player_id__in=players)}
    standings_before = services.compute_standings(tournament)
    old = {"result": match.result, "moves": match.log.moves}
    log = other_result(match)
    correction = results.correct_match(match, log=log, reason="the score sheet was misread", by=world.director)
    match.refresh_from_db()
    assert match.result["ranks"] == log["result"]["ranks"] and match.log.moves == log["moves"]
    assert correction.by == world.director and correction.reason == "the score sheet was misread"
    assert correction.changes["before"]["result"] == old["result"] and correction.changes["before"]["moves"] == old["moves"]
    assert correction.changes["after"]["moves"] == log["moves"]
    assert services.compute_standings(tournament) != standings_before
    ratings_after = {rating.player_id: rating.mu for rating in Rating.objects.filter(player_id__in=players)}
    assert ratings_after != ratings_before
    assert match_services.reverify(match)["valid"]


def test_a_correction_after_the_end_stores_the_standings_again(world: World) -> None:
    tournament = leap_frog_swiss(world.club, [world.ana, world.ben], rounds=1)
    [match] = services.publish_proposed(tournament)
    results.record_log(match, log=played_log(match))
    services.pair_round(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    match.refresh_from_db()
    while match.result["ranks"].count(1) != 1:  # a draw at first: no winner to change
        results.correct_match(match, log=other_result(match), reason="a first correction", by=world.director)
        match.refresh_from_db()
    tournament.refresh_from_db()
    winner = tournament.standings[0]["entrant"]
    results.correct_match(match, log=other_result(match, winner=True), reason="wrong sheet", by=world.director)
    tournament.refresh_from_db()
    assert tournament.standings == services.compute_standings(tournament)
    assert tournament.standings[0]["entrant"] != winner


def test_refused_corrections_leave_everything_as_it_was(world: World, tournament: Tournament) -> None:
    finish_round(tournament, 1)
    match, unfinished = scheduled(tournament)[0], None
    good = other_result(match)
    before = as_stored(match)
    ratings = sorted(Rating.objects.values_list("player_id", "mu"))
    refusals = [
        dict(log=good, reason="   "),
        dict(log={**good, "moves": [*good["moves"], "a1"], "result": None}, reason="typo"),
        dict(log={**good, "players": ["Gus", "Hal"]}, reason="typo"),
        dict(log={**good, "moves": good["moves"][:2], "result": None}, reason="typo"),
        dict(log=played_log(match), reason="the same"),
        dict(log="{", reason="typo"),
    ]
    for kwargs in refusals:
        with pytest.raises((InvalidInput, InvalidLog)):
            results.correct_match(match, by=world.director, **kwargs)
    assert as_stored(match) == before
    assert sorted(Rating.objects.values_list("player_id", "mu")) == ratings
    assert not Correction.objects.exists()
    services.pair_round(tournament)
    services.publish_proposed(tournament)
    unfinished = tournament.matches.filter(round__number=2).first()
    with pytest.raises(Conflict):
        results.correct_match(unfinished, log=played_log(unfinished), reason="early", by=world.director)
