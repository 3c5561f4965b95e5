"""The project's example logs (``tests/data/examples``) get exactly the verifications listed in
``expected.jsonl``, and ``python -m tests.examples`` makes the same files again."""

from __future__ import annotations


import pytest

from games.logs import verify_bytes
from tests.examples import EXAMPLES, build, expected_lines
from tests.helpers import examples

CASES = examples()
CODES = {"bad_format", "unknown_game", "bad_options", "bad_players", "bad_setup", "bad_notation",
         "illegal_move", "moves_after_end", "bad_forfeit", "seed_mismatch", "result_mismatch"}


@pytest.mark.parametrize(("name", "expected"), CASES, ids=[name for name, _ in CASES])
def test_example_gets_its_verification(name: str, expected: dict) -> None:
    answer = verify_bytes((EXAMPLES / name).read_bytes())
    assert answer["valid"] is expected["valid"], answer
    if not expected["valid"]:
        assert (answer["error"]["at"], answer["error"]["code"]) == (expected["at"], expected["code"]), answer
        return
    assert answer["finished"] is expected["finished"]
    if expected["finished"]:
        assert (answer["result"]["ranks"], answer["result"]["scores"]) == (expected["ranks"], expected["scores"])


def test_every_game_has_valid_unfinished_and_every_code_but_those_it_cannot_have() -> None:
    by_game: dict[str, set[str]] = {}
    for name, expected in CASES:
        kinds = by_game.setdefault(name.split("/")[0], set())
        kinds.add(expected.get("code") or ("valid" if expected["finished"] else "unfinished"))
    assert set(by_game) == {"leapfrog_race", "measure_and_tempo", "froggit", "leap_frog"}
    for game, kinds in by_game.items():
        assert kinds == CODES | {"valid", "unfinished"}, game


def test_the_examples_are_what_the_builder_makes() -> None:
    built = build()
    assert sorted(built) == sorted(name for name, _ in CASES)
    for name, (text, _) in built.items():
        assert (EXAMPLES / name).read_text(encoding="utf-8") == text, f"{name}: run python -m tests.examples"
    assert (EXAMPLES / "expected.jsonl").read_text(encoding="utf-8") == expected_lines(built)
