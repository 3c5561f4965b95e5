"""Match services: every write checked by the verifier, each all or nothing."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from games.registry import get_game
from games.runner import play_bots
from games.seeding import commitment
from tests.helpers.matches import STILL, snapshot  # noqa: F401 (imported from here of old)
from tests.helpers.world import World
from tournaments.errors import Conflict, InvalidInput, InvalidLog, MoveRejected
from tournaments.models import Match, Player
from tournaments.selectors import log_lines, match_envelope
from tournaments.services import matches as services

def race(world: World, **kwargs: object) -> Match:
    return services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                 setup={"order": "RYGBOP"}, **kwargs)


def test_create_with_a_given_setup(world: World) -> None:
    match = race(world, recorded_by=world.director)
    assert match.status == Match.Status.IN_PROGRESS and match.move_count == 0
    assert match.options == {"colours": "RY", "plate": True}
    assert match.log.setup == {"order": "RYGBOP"} and match.seed == ""
    assert [seat.player for seat in match.seats.order_by("index")] == [world.ana, world.ben]
    assert match.recorded_by == world.director and match.played_at is not None


def test_create_with_a_setup_drawn_from_a_seed(world: World) -> None:
    match = services.create_match(club=world.club, game="leapfrog_race", players=[world.ana], seed="s1")
    assert match.seed == "s1" and match.commitment == commitment("s1")
    again = services.create_match(club=world.club, game="leapfrog_race", players=[world.ben], seed="s1")
    assert again.log.setup == match.log.setup
    drawn = services.create_match(club=world.club, game="leapfrog_race", players=[world.ben], draw_setup=True)
    assert len(drawn.seed) == 32 and sorted(drawn.log.setup["order"]) == sorted("RYGBOP")


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"game": "chess"}, "unknown_game"),
    ({"options": {"plate": "yes"}}, "bad_options"),
    ({"players": []}, "bad_players"),
    ({"setup": {"order": "RRGBOP"}}, "bad_setup"),
    ({"setup": None}, "bad_setup"),
    ({"setup": {"order": "RYGBOP"}, "seed": "x"}, "bad_setup"),
])
def test_create_refuses_bad_input_and_stores_nothing(world: World, kwargs: dict, code: str) -> None:
    arguments = {"club": world.club, "game": "leapfrog_race", "players": [world.ana, world.ben],
                 "setup": {"order": "RYGBOP"}, **kwargs}
    before = snapshot()
    with pytest.raises(InvalidInput) as refused:
        services.create_match(**arguments)
    assert refused.value.code == code and refused.value.fields
    assert snapshot() == before


def test_players_must_belong_to_the_club(world: World) -> None:
    with pytest.raises(InvalidInput, match="not a player of Pond Club"):
        services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.private_player],
                              setup={"order": "RYGBOP"})


def test_append_moves_until_the_end_stores_the_result(world: World) -> None:
    match = race(world)
    for index, move in enumerate(STILL):
        match = services.append_move(match, move=move, index=index)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.move_count == 18
    assert match.result["ranks"] == [1, 2] and match.result["scores"] == [13, 12]
    assert [(seat.rank, seat.score) for seat in match.seats.order_by("index")] == [(1, 13), (2, 12)]
    assert match.log.moves == STILL


@pytest.mark.parametrize(("move", "code"), [("R1 Y1 G1 B1 O1 P9", "bad_notation"), (7, "bad_notation"),
                                            ("R1 Y1 G1 B1 O1 P1", "illegal_move")])
def test_a_refused_move_changes_nothing(world: World, move: object, code: str) -> None:
    match = race(world)
    services.append_move(match, move=STILL[0], index=0)
    before = snapshot()
    with pytest.raises(MoveRejected) as refused:
        services.append_move(match, move=move, index=1)
    assert refused.value.code == code and refused.value.message.startswith("move 1 (all seats)")
    assert snapshot() == before


def test_a_stale_index_is_a_conflict(world: World) -> None:
    match = race(world)
    services.append_move(match, move=STILL[0], index=0)
    before = snapshot()
    with pytest.raises(Conflict) as refused:
        services.append_move(match, move=STILL[1], index=0)
    assert refused.value.code == "stale_index" and refused.value.extra == {"moves": 1}
    assert snapshot() == before


def test_no_move_after_the_end_or_on_a_void_match(world: World) -> None:
    match = race(world)
    for index, move in enumerate(STILL):
        services.append_move(match, move=move, index=index)
    with pytest.raises(Conflict, match="finished"):
        services.append_move(match, move=STILL[0], index=18)
    other = race(world)
    services.void_match(other)
    with pytest.raises(Conflict, match="void"):
        services.append_move(other, move=STILL[0], index=0)
    with pytest.raises(Conflict, match="already void"):
        services.void_match(other)


def test_undo_takes_back_the_last_move_and_reopens_a_finished_match(world: World) -> None:
    match = race(world)
    with pytest.raises(Conflict, match="no move"):
        services.undo_last_move(match)
    for index, move in enumerate(STILL):
        services.append_move(match, move=move, index=index)
    with pytest.raises(Conflict):
        services.undo_last_move(match, index=17)
    match = services.undo_last_move(match, index=18)
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PROGRESS and match.move_count == 17 and match.result is None
    assert match.seats.filter(rank__isnull=False).count() == 0
    assert match.log.moves == STILL[:17]


def test_a_two_seat_forfeit_ends_the_match(world: World) -> None:
    match = race(world)
    for index, move in enumerate(STILL[:6]):
        services.append_move(match, move=move, index=index)
    match = services.record_forfeit(match, seat=0, reason="went home", index=6)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["ranks"] == [2, 1]
    assert match.seats.get(index=0).forfeit_reason == "went home"
    assert match.log.forfeits == [{"seat": 0, "after": 6, "reason": "went home"}]
    with pytest.raises(InvalidInput):
        services.record_forfeit(race(world), seat=5)
    undone = services.undo_last_move(match)
    assert undone.log.forfeits == [] and undone.status == Match.Status.IN_PROGRESS


def test_upload_a_valid_log(world: World) -> None:
    log = play_bots(get_game("leapfrog_race"), ["random", "greedy"], seed="up")
    match = services.upload_log(club=world.club, log=log, players=[world.cy, world.dora])
    assert match.status == Match.Status.FINISHED and match.move_count == 18
    assert match.result["ranks"] == log["result"]["ranks"]
    assert match.seed == "up" and match.commitment == commitment("up")
    envelope = match_envelope(match)
    assert envelope["players"] == ["Cy", "Dora"] and envelope["moves"] == log["moves"]
    assert services.reverify(match)["valid"]


def test_upload_an_unfinished_log_to_continue_it_live(world: World) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["a", "b"], "setup": {"order": "RYGBOP"},
           "moves": STILL[:5]}
    match = services.upload_log(club=world.club, log=log, players=[world.ana, world.ben])
    assert match.status == Match.Status.IN_PROGRESS and match.move_count == 5
    services.append_move(match, move=STILL[5], index=5)


def test_an_invalid_upload_stores_nothing(world: World) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["a", "b"], "setup": {"order": "RYGBOP"},
           "moves": [*STILL[:3], "R9"]}
    before = snapshot()
    with pytest.raises(InvalidLog) as refused:
        services.upload_log(club=world.club, log=log, players=[world.ana, world.ben])
    assert refused.value.verification["error"]["at"] == 3
    with pytest.raises(InvalidInput, match="2 seats but 1 players"):
        services.upload_log(club=world.club, log={**log, "moves": STILL}, players=[world.ana])
    with pytest.raises(InvalidInput, match="NUL"):
        services.upload_log(club=world.club, log={**log, "moves": STILL[:2], "seed": "a\x00b"},
                            players=[world.ana, world.ben])
    assert snapshot() == before


def test_import_matches_names_and_creates_new_people_when_asked(world: World) -> None:
    log = {"format": 1, "game": "leapfrog_race", "players": ["Ana", "Newcomer"], "setup": {"order": "RYGBOP"},
           "moves": STILL}
    with pytest.raises(InvalidInput) as refused:
        services.import_log(club=world.club, log=log)
    assert refused.value.code == "unknown_players" and refused.value.extra["unknown"] == ["Newcomer"]
    assert not Player.objects.filter(name="Newcomer").exists() and not Match.objects.exists()
    match = services.import_log(club=world.club, log=log, create_players=True)
    seats = [seat.player for seat in match.seats.order_by("index")]
    assert seats[0] == world.ana and seats[1].name == "Newcomer" and seats[1].kind == Player.Kind.PERSON


def test_the_log_reads_with_its_movers(world: World) -> None:
    match = services.append_move(race(world), move=STILL[0], index=0)
    assert log_lines(match) == [(STILL[0], "all seats")]


def test_player_constraints(world: World) -> None:
    with pytest.raises(IntegrityError):
        Player.objects.create(club=world.club, name="Ana")


def test_a_bot_has_no_account(world: World) -> None:
    with pytest.raises(IntegrityError):
        Player.objects.create(club=world.club, name="Robo", kind=Player.Kind.BOT, user=world.member)
