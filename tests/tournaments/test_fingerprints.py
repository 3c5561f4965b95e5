"""Each game counted once: the fingerprint of a finished game, and the refusal of a game its
club has stored already, whatever the service that would store it (upload, import, live
logging, a tournament result, a correction), while a void match no longer counts and a bot
match keeps its print."""

from __future__ import annotations

import importlib
import json
import random
import threading
from typing import Any

import pytest
from django.apps import apps
from django.db import connection

from games.registry import get_game
from games.runner import make_bot, play_bots, play_match
from tests.helpers import skip_or_fail
from tests.helpers.matches import STILL, finished_match
from tests.helpers.world import World
from tests.tournaments.console_data import leap_frog_swiss, played_log
from tournaments.errors import Duplicate, InvalidInput
from tournaments.models import Club, Match, Player
from tournaments.services import fingerprints
from tournaments.services import matches as services
from tournaments.services import results
from tournaments.services import tournaments as tournament_services

PARTS: dict[str, Any] = {"club": 1, "game": "leap_frog", "options": {"rows": 6, "cols": 6}, "seed": "s",
                         "setup": {"order": "RYGBOP"}, "moves": ["a1-b2", "c3-d4"],
                         "forfeits": [{"seat": 1, "after": 2, "reason": ""}], "players": [7, 9]}


def race_log(seed: str = "dupe", names: tuple[str, ...] = ("Ana", "Ben"), setup: Any = None) -> dict[str, Any]:
    """A finished Leapfrog Race between random bots; the same seed, the same game."""
    game = get_game("leapfrog_race")
    if setup is None:
        return play_bots(game, ["random"] * len(names), seed=seed, players=list(names))
    agents = [make_bot(game, "random", seat, {}, len(names), random.Random(f"{seed}/{seat}"))
              for seat in range(len(names))]
    log = play_match(game, agents, players=list(names), setup=setup)
    log.pop("seed"), log.pop("commitment")
    return log


def test_the_same_game_has_the_same_print_and_any_change_another() -> None:
    same = fingerprints.fingerprint(**json.loads(json.dumps(PARTS)))
    assert same == fingerprints.fingerprint(**PARTS) and len(same) == 64
    assert same == fingerprints.fingerprint(**{**PARTS, "options": {"cols": 6, "rows": 6}})  # key order is no matter
    changes = [{"moves": ["a1-b2", "c3-d5"]}, {"players": [9, 7]}, {"options": {"rows": 6, "cols": 7}},
               {"club": 2}, {"seed": "t"}, {"setup": {"order": "RYGBPO"}}, {"forfeits": []}, {"game": "froggit"}]
    prints = {fingerprints.fingerprint(**{**PARTS, **change}) for change in changes}
    assert len(prints) == len(changes) and same not in prints


def test_a_stored_finished_match_carries_its_print_and_an_unfinished_one_none(world: World) -> None:
    match = services.upload_log(club=world.club, log=race_log(), players=[world.ana, world.ben])
    match.refresh_from_db()
    assert match.fingerprint == fingerprints.of_match(match) != ""
    half = race_log("half")
    half["moves"] = half["moves"][:3]
    half.pop("result", None)
    unfinished = services.upload_log(club=world.club, log=half, players=[world.ana, world.ben])
    assert unfinished.status == Match.Status.IN_PROGRESS and unfinished.fingerprint == ""


def test_the_same_log_uploaded_again_is_refused_naming_the_stored_match(world: World) -> None:
    first = services.upload_log(club=world.club, log=race_log(), players=[world.ana, world.ben])
    for _ in range(2):
        with pytest.raises(Duplicate) as refused:
            services.upload_log(club=world.club, log=race_log(), players=[world.ana, world.ben], rated=False)
        assert refused.value.status == 409 and refused.value.match_id == first.pk
        body = refused.value.to_json()
        assert body["code"] == "duplicate_match" and body["match"] == first.pk
        assert body["match_url"] == f"/api/matches/{first.pk}/" and body["page"] == f"/matches/{first.pk}/"
    assert Match.objects.count() == 1
    with pytest.raises(Duplicate):
        services.import_log(club=world.club, log=race_log())
    assert Match.objects.count() == 1


def test_other_seats_another_club_or_another_game_are_new_games(world: World) -> None:
    services.upload_log(club=world.club, log=race_log(), players=[world.ana, world.ben])
    services.upload_log(club=world.club, log=race_log(), players=[world.ben, world.ana])
    services.upload_log(club=world.club, log=race_log("other"), players=[world.ana, world.ben])
    strangers = [Player.objects.create(club=world.other_club, name=name) for name in ("Ana", "Ben")]
    services.upload_log(club=world.other_club, log=race_log(), players=strangers)
    assert Match.objects.count() == 4 and len(set(Match.objects.values_list("fingerprint", flat=True))) == 4


def test_a_void_match_does_not_count_as_stored(world: World) -> None:
    first = services.upload_log(club=world.club, log=race_log(), players=[world.ana, world.ben])
    services.void_match(first)
    again = services.upload_log(club=world.club, log=race_log(), players=[world.ana, world.ben])
    assert again.pk != first.pk and again.fingerprint == Match.objects.get(pk=first.pk).fingerprint


def test_a_game_logged_live_to_its_end_is_refused_when_stored_already(world: World) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Ben"], "setup": {"order": "RYGBOP"},
           "moves": STILL}
    uploaded = services.upload_log(club=world.club, log=log, players=[world.ana, world.ben])
    live = services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                 setup={"order": "RYGBOP"})
    for index, move in enumerate(STILL[:-1]):
        live = services.append_move(live, move=move, index=index)
    with pytest.raises(Duplicate) as refused:
        services.append_move(live, move=STILL[-1], index=len(STILL) - 1)
    assert refused.value.match_id == uploaded.pk
    live.refresh_from_db()
    assert live.status == Match.Status.IN_PROGRESS and live.move_count == len(STILL) - 1


def test_live_logging_stamps_the_print_and_taking_a_move_back_clears_it(world: World) -> None:
    match = finished_match(world)
    match.refresh_from_db()
    assert match.fingerprint == fingerprints.of_match(match) != ""
    with pytest.raises(Duplicate):
        services.import_log(club=world.club, log={"format": 1, "game": "leapfrog_race", "players": ["Ana", "Ben"],
                                                  "setup": {"order": "RYGBOP"}, "moves": STILL})
    services.undo_last_move(match)
    match.refresh_from_db()
    assert match.fingerprint == "" and match.status == Match.Status.IN_PROGRESS


def test_unknown_names_are_refused_all_listed_and_created_on_request(world: World) -> None:
    log = race_log(names=("Ana", "Bne", "Cyy", "Bne"))
    with pytest.raises(InvalidInput) as refused:
        services.import_log(club=world.club, log=log)
    assert refused.value.code == "unknown_players" and refused.value.extra["unknown"] == ["Bne", "Cyy"]
    assert "'Bne', 'Cyy'" in refused.value.message and "seats" in refused.value.fields
    assert not Match.objects.exists() and not Player.objects.filter(name__in=["Bne", "Cyy"]).exists()
    match = services.import_log(club=world.club, log=log, create_players=True)
    seated = [seat.player for seat in match.seats.order_by("index")]
    assert seated[0] == world.ana and seated[1] == seated[3] and seated[2].name == "Cyy"
    assert seated[1].kind == Player.Kind.PERSON and seated[1].club == world.club


def test_a_tournament_result_of_a_game_stored_already_is_refused(world: World) -> None:
    tournament = leap_frog_swiss(world.club, [world.ana, world.ben, world.cy, world.dora])
    tournament_services.publish_proposed(tournament)
    match = tournament.matches.order_by("pairing").first()
    log = played_log(match)
    players = [seat.player for seat in match.seats.order_by("index")]
    uploaded = services.upload_log(club=world.club, log=log, players=players)
    with pytest.raises(Duplicate) as refused:
        results.record_log(match, log=log)
    assert refused.value.match_id == uploaded.pk and refused.value.fields == {"log": [refused.value.message]}
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED
    services.void_match(uploaded)
    stored = results.record_log(match, log=log)
    stored.refresh_from_db()
    assert stored.status == Match.Status.FINISHED and stored.fingerprint == fingerprints.of_match(stored) != ""


def test_a_correction_recomputes_the_print_and_may_not_copy_another_game(world: World) -> None:
    setup = {"order": "RYGBOP"}
    first_log, second_log, third_log = (race_log(seed, setup=setup) for seed in ("one", "two", "three"))
    assert len({json.dumps(log["moves"]) for log in (first_log, second_log, third_log)}) == 3
    first = services.upload_log(club=world.club, log=first_log, players=[world.ana, world.ben])
    second = services.upload_log(club=world.club, log=second_log, players=[world.ana, world.ben])
    with pytest.raises(Duplicate) as refused:
        results.correct_match(second, log=first_log, reason="typed the other game", by=world.director)
    assert refused.value.match_id == first.pk
    results.correct_match(second, log=third_log, reason="a move was wrong", by=world.director)
    second.refresh_from_db()
    assert second.fingerprint == fingerprints.of_match(second) and second.log.moves == third_log["moves"]
    with pytest.raises(Duplicate):
        services.upload_log(club=world.club, log=third_log, players=[world.ana, world.ben])
    assert services.upload_log(club=world.club, log=second_log, players=[world.ana, world.ben]).pk


def test_bot_matches_keep_their_prints(world: World) -> None:
    from tests.helpers.tournaments import bot_tournament, run

    tournament = bot_tournament(world.club, ["random", "greedy", "random"])
    run(tournament)
    played = list(tournament.matches.filter(status=Match.Status.FINISHED))
    assert played and all(match.fingerprint == fingerprints.of_match(match) != "" for match in played)


def test_the_migration_fills_the_prints_the_service_computes(world: World) -> None:
    kept = services.upload_log(club=world.club, log=race_log(), players=[world.ana, world.ben])
    voided = services.upload_log(club=world.club, log=race_log("v"), players=[world.ana, world.ben])
    services.void_match(voided)
    expected = dict(Match.objects.values_list("pk", "fingerprint"))
    Match.objects.update(fingerprint="")
    migration = importlib.import_module("tournaments.migrations.0013_match_fingerprints")
    migration.fill(apps, None)
    assert dict(Match.objects.values_list("pk", "fingerprint")) == expected and expected[kept.pk] != ""
    assert migration.canonical(**PARTS) == fingerprints.canonical(**PARTS)


@pytest.mark.django_db(transaction=True)
def test_two_uploads_of_one_game_at_once_store_one(world: World) -> None:
    if connection.vendor != "postgresql":
        skip_or_fail("concurrent writers need PostgreSQL's row locks (CI runs this on PostgreSQL)")
    log = race_log("racing")
    barrier = threading.Barrier(4)
    outcomes: list[Any] = []

    def send() -> None:
        barrier.wait()
        try:
            outcomes.append(services.upload_log(club=Club.objects.get(pk=world.club.pk), log=log,
                                                players=[world.ana, world.ben]).pk)
        except Duplicate as error:
            outcomes.append(("duplicate", error.match_id))
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = [outcome for outcome in outcomes if isinstance(outcome, int)]
    assert len(stored) == 1 and sorted(outcomes, key=str)[:3] == [("duplicate", stored[0])] * 3
    assert Match.objects.filter(club=world.club).count() == 1
