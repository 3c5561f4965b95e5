"""The log envelope and its verification (``docs/log-format.md``), every error code and the
order of the checks, on Leapfrog race logs."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.logs import MAX_LOG_BYTES, MAX_MOVES, dump_log, verify_bytes, verify_log
from games.seeding import commitment

CODES = {"bad_format", "unknown_game", "bad_options", "bad_players", "bad_setup", "bad_notation",
         "illegal_move", "moves_after_end", "bad_forfeit", "seed_mismatch", "result_mismatch"}


def still_moves(count: int = 18) -> list[str]:
    """Turns where every frog plays the same token: the column never moves."""
    return [" ".join(f"{frog}{turn % 6 + 1}" for frog in "RYGBOP") for turn in range(count)]


def race_log(**changes: object) -> dict:
    log = {"format": 1, "game": "leapfrog_race", "options": {}, "players": ["ana", "ben"],
           "setup": {"order": "RYGBOP"}, "moves": still_moves()}
    log.update(changes)
    return {key: value for key, value in log.items() if value is not ...}


def error_of(log: object) -> tuple[object, str]:
    answer = verify_log(log)
    assert answer["valid"] is False, answer
    assert answer["error"]["message"]
    return answer["error"]["at"], answer["error"]["code"]


def test_a_valid_finished_log() -> None:
    answer = verify_log(race_log())
    assert answer == {"valid": True, "game": "leapfrog_race", "moves": 18, "finished": True,
                      "result": answer["result"]}
    assert answer["result"]["ranks"] == [1, 2] and answer["result"]["scores"] == [13, 12]


def test_a_log_that_stops_early_is_valid_and_unfinished() -> None:
    answer = verify_log(race_log(moves=still_moves(7)))
    assert answer["valid"] and answer["finished"] is False and "result" not in answer
    assert answer["moves"] == 7


@pytest.mark.parametrize(("log", "at"), [
    ([], "format"), ("text", "format"), (None, "format"), (5, "format"),
    (race_log(format=...), "format"), (race_log(format="1"), "format"), (race_log(format=True), "format"),
    (race_log(format=1.0), "format"), (race_log(format=2), "format"),
    (race_log(game=...), "game"), (race_log(game=7), "game"),
    (race_log(options=[]), "options"), (race_log(options="plate"), "options"),
    (race_log(players=...), "players"), (race_log(players="ana"), "players"),
    (race_log(moves=...), "moves"), (race_log(moves="R1"), "moves"),
    (race_log(setup=0), "setup"), (race_log(setup=["RYGBOP"]), "setup"),
    (race_log(forfeits={}), "forfeits"), (race_log(forfeits=["timeout"]), "forfeits"),
    (race_log(result=[]), "result"), (race_log(result={"ranks": [1, 2]}), "result"),
    (race_log(result={"ranks": [True, 2], "scores": [1, 2]}), "result"),
    (race_log(result={"ranks": [1, 2], "scores": [1, False]}), "result"),
    (race_log(result={"ranks": [1.0, 2], "scores": [1, 2]}), "result"),
    (race_log(seed=5), "seed"), (race_log(commitment=12), "commitment"),
    (race_log(moves=["R1"] * (MAX_MOVES + 1)), "moves"),
])
def test_bad_format(log: object, at: str) -> None:
    assert error_of(log) == (at, "bad_format")


def test_type_checks_come_in_field_order() -> None:
    # An unknown game and a commitment of the wrong type: the types are checked first.
    assert error_of(race_log(game="no_such_game", commitment=12)) == ("commitment", "bad_format")
    assert error_of(race_log(moves="x", setup=3)) == ("moves", "bad_format")


def test_null_optional_fields_count_as_absent_and_unknown_keys_are_ignored() -> None:
    log = race_log(options=None, forfeits=None, result=None, seed=None, commitment=None, event="club night")
    assert verify_log(log)["valid"] is True


def test_unknown_game() -> None:
    assert error_of(race_log(game="leapfrog-race")) == ("game", "unknown_game")


def test_options_then_players_then_setup() -> None:
    assert error_of(race_log(options={"plate": 1}, players=[], setup={})) == ("options", "bad_options")
    assert error_of(race_log(players=[], setup={})) == ("players", "bad_players")
    assert error_of(race_log(setup={})) == ("setup", "bad_setup")


@pytest.mark.parametrize("players", [[], ["a"] * 7, ["ana", 5], ["ana", ""], ["ana", "x" * 101], ["ana", None]])
def test_bad_players(players: list) -> None:
    assert error_of(race_log(players=players)) == ("players", "bad_players")


def test_names_are_free_text_and_need_not_be_unique() -> None:
    assert verify_log(race_log(players=["青蛙 🐸", "青蛙 🐸"]))["valid"] is True
    assert verify_log(race_log(players=["x" * 100, "y"]))["valid"] is True


@pytest.mark.parametrize("forfeits", [
    [{"seat": 2, "after": 3}], [{"seat": -1, "after": 3}], [{"seat": True, "after": 3}],
    [{"seat": "0", "after": 3}], [{"seat": 0, "after": 19}], [{"seat": 0, "after": -1}],
    [{"seat": 0, "after": 2.0}], [{"seat": 0}], [{"seat": 0, "after": 3, "reason": 5}],
    [{"seat": 0, "after": 3}, {"seat": 1, "after": 4}],
])
def test_bad_forfeits(forfeits: list) -> None:
    assert error_of(race_log(forfeits=forfeits, moves=still_moves(18))) == ("forfeits", "bad_forfeit")


def test_a_seat_forfeits_at_most_once() -> None:
    log = race_log(players=["a", "b", "c"], forfeits=[{"seat": 1, "after": 3}, {"seat": 1, "after": 4}])
    assert error_of(log) == ("forfeits", "bad_forfeit")


def test_a_forfeit_at_or_after_the_end_is_refused() -> None:
    log = race_log(players=["a", "b", "c"], forfeits=[{"seat": 1, "after": 18}])
    assert error_of(log) == ("forfeits", "bad_forfeit")


def test_other_keys_of_a_forfeit_are_ignored() -> None:
    log = race_log(moves=still_moves(6), forfeits=[{"seat": 1, "after": 6, "reason": "timeout", "ms": 1200}])
    assert verify_log(log)["valid"] is True


def test_a_two_seat_forfeit_ends_the_game_and_the_other_seat_wins() -> None:
    # After race 1 of a still column, R (seat 0) leads 6 to 5; seat 0 forfeits and loses.
    answer = verify_log(race_log(moves=still_moves(6), forfeits=[{"seat": 0, "after": 6, "reason": "crash"}]))
    assert answer["finished"] is True
    assert answer["result"]["ranks"] == [2, 1]
    assert answer["result"]["scores"] == [6, 5]


def test_moves_after_a_two_seat_forfeit() -> None:
    log = race_log(moves=still_moves(8), forfeits=[{"seat": 1, "after": 6}])
    assert error_of(log) == (6, "moves_after_end")


def test_a_two_seat_forfeit_in_an_unfinished_log_ends_it_where_it_stands() -> None:
    answer = verify_log(race_log(moves=still_moves(3), forfeits=[{"seat": 1, "after": 3}]))
    assert answer["finished"] is True and answer["result"]["ranks"] == [1, 2]
    assert answer["result"]["scores"] == [0, 0]


def test_forfeited_seats_rank_below_the_others_later_forfeits_higher() -> None:
    # A still column with six seats: the game's own order is P R G B O Y (Y eaten).
    log = race_log(players=list("abcdef"), forfeits=[
        {"seat": 5, "after": 2}, {"seat": 0, "after": 9}, {"seat": 2, "after": 9}])
    answer = verify_log(log)
    assert answer["result"]["ranks"] == [4, 3, 4, 1, 2, 6]
    assert answer["result"]["scores"] == [13, 12, 11, 10, 9, 13]


def test_a_game_of_several_seats_goes_on_after_a_forfeit() -> None:
    log = race_log(players=["a", "b", "c"], forfeits=[{"seat": 0, "after": 4}])
    answer = verify_log(log)
    assert answer["finished"] is True and answer["result"]["ranks"] == [3, 2, 1]  # G (11) above the eaten Y


def test_seed_and_commitment() -> None:
    assert verify_log(race_log(seed="abc", commitment=commitment("abc")))["valid"] is True
    assert verify_log(race_log(seed="abc", commitment=commitment("abc").upper().replace("SHA256", "sha256")))["valid"]
    assert verify_log(race_log(seed="abc"))["valid"] is True
    assert verify_log(race_log(commitment="sha256:00"))["valid"] is True
    assert error_of(race_log(seed="abd", commitment=commitment("abc"))) == ("seed", "seed_mismatch")
    assert error_of(race_log(seed="abc", commitment="abc")) == ("seed", "seed_mismatch")


def test_forfeits_are_checked_before_the_seed() -> None:
    log = race_log(seed="x", commitment="sha256:00", forfeits=[{"seat": 9, "after": 0}])
    assert error_of(log) == ("forfeits", "bad_forfeit")


def test_replay_errors_carry_the_index_and_the_move() -> None:
    moves = still_moves()
    moves[4] = 42
    answer = verify_log(race_log(moves=moves))
    assert answer["error"] == {"at": 4, "move": 42, "code": "bad_notation",
                               "message": "move 4 (all seats) is 42, not a string"}
    moves[4] = "R1 Y1 G1 B1 O1 P1"
    answer = verify_log(race_log(moves=moves))
    assert (answer["error"]["at"], answer["error"]["code"]) == (4, "illegal_move")
    assert answer["error"]["move"] == "R1 Y1 G1 B1 O1 P1"
    assert answer["error"]["message"].startswith("move 4 (all seats): ")


def test_moves_after_the_end_whatever_they_are() -> None:
    assert error_of(race_log(moves=[*still_moves(), None])) == (18, "moves_after_end")
    assert error_of(race_log(moves=[*still_moves(), "garbage"])) == (18, "moves_after_end")


def test_claimed_results() -> None:
    assert verify_log(race_log(result={"ranks": [1, 2], "scores": [13.0, 12]}))["valid"] is True
    assert verify_log(race_log(result={"ranks": [1, 2], "scores": [13, 12], "detail": {"x": 1}}))["valid"]
    assert error_of(race_log(result={"ranks": [2, 1], "scores": [13, 12]})) == ("result", "result_mismatch")
    assert error_of(race_log(result={"ranks": [1, 2], "scores": [13, 11]})) == ("result", "result_mismatch")
    assert error_of(race_log(result={"ranks": [1], "scores": [13]})) == ("result", "result_mismatch")
    assert error_of(race_log(moves=still_moves(5), result={"ranks": [1, 2], "scores": [0, 0]})) == (
        "result", "result_mismatch")


@pytest.mark.parametrize("body", [
    b"", b"{", b"not json", b"\xff\xfe{}", "{\"a\": \"\udc00\"}", b"[" * 100_000 + b"]" * 100_000,
    b'{"format": NaN}', b'{"format": Infinity}', b'{"format": ' + b"9" * 5000 + b"}",
])
def test_bodies_that_are_not_json(body: bytes | str) -> None:
    answer = verify_bytes(body)
    assert answer["valid"] is False and answer["game"] is None
    assert (answer["error"]["at"], answer["error"]["code"]) == ("format", "bad_format")


def test_deep_nesting_inside_an_object() -> None:
    body = b'{"format": 1, "game": "leapfrog_race", "x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    assert verify_bytes(body)["error"]["code"] == "bad_format"


def test_the_size_limit() -> None:
    body = json.dumps(race_log(event="x" * MAX_LOG_BYTES)).encode()
    answer = verify_bytes(body)
    assert answer["error"]["code"] == "bad_format" and "at most" in answer["error"]["message"]


def test_a_utf8_byte_order_mark_is_accepted() -> None:
    assert verify_bytes(b"\xef\xbb\xbf" + json.dumps(race_log()).encode())["valid"] is True


def test_a_dumped_log_verifies_the_same() -> None:
    log = race_log(players=["Émile", "青蛙"])
    assert verify_bytes(dump_log(log).encode()) == verify_log(log)


# -- no input makes verification raise ----------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
FIELDS = ["format", "game", "options", "players", "setup", "moves", "forfeits", "result", "seed", "commitment"]


def check_answer(answer: dict) -> None:
    assert isinstance(answer["valid"], bool)
    if not answer["valid"]:
        assert answer["error"]["code"] in CODES and answer["error"]["message"]
    json.dumps(answer)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200))
def test_random_bytes_never_raise(body: bytes) -> None:
    check_answer(verify_bytes(body))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIELDS), json_values)
def test_any_value_in_any_field_never_raises(field: str, value: object) -> None:
    log = race_log()
    log[field] = value
    check_answer(verify_log(log))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 17), st.text(max_size=30) | json_values)
def test_any_move_never_raises(index: int, move: object) -> None:
    log = race_log()
    log["moves"][index] = move
    check_answer(verify_log(log))


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_logs_never_raise(data: st.DataObject) -> None:
    log = copy.deepcopy(race_log(forfeits=[{"seat": 1, "after": 17}]))
    moves = log["moves"]
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["drop", "duplicate", "swap", "truncate", "flip"]))
        if not moves:
            break
        index = data.draw(st.integers(0, len(moves) - 1))
        if kind == "drop":
            del moves[index]
        elif kind == "duplicate":
            moves.insert(index, moves[index])
        elif kind == "swap":
            other = data.draw(st.integers(0, len(moves) - 1))
            moves[index], moves[other] = moves[other], moves[index]
        elif kind == "truncate":
            del moves[index:]
        elif isinstance(moves[index], str) and moves[index]:
            position = data.draw(st.integers(0, len(moves[index]) - 1))
            moves[index] = moves[index][:position] + data.draw(st.characters()) + moves[index][position + 1:]
    check_answer(verify_log(log))


def test_a_file_is_read_whole_up_to_one_byte_past_the_largest_log(tmp_path, monkeypatch) -> None:
    """``read_limited`` asks a regular file for its own size, reads on when it grew since,
    stops one byte past the limit on a larger file and reads any other stream to the limit."""
    import io
    import os

    from games import logs

    short = tmp_path / "short.json"
    short.write_bytes(b'{"game": "leap_frog"}\n')
    with open(short, "rb") as handle:
        assert logs.read_limited(handle) == short.read_bytes()
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_LOG_BYTES + 10)
    with open(huge, "rb") as handle:
        assert len(logs.read_limited(handle)) == MAX_LOG_BYTES + 1
    assert logs.read_limited(io.BytesIO(b"x" * 10)) == b"x" * 10
    real_fstat = os.fstat

    def stale(fd: int) -> os.stat_result:  # the size seen before the file grew
        seen = list(real_fstat(fd))
        seen[6] = 5
        return os.stat_result(seen)

    monkeypatch.setattr(logs.os, "fstat", stale)
    with open(short, "rb") as handle:
        assert logs.read_limited(handle) == short.read_bytes()
