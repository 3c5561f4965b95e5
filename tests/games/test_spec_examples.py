"""The spec's example logs get exactly the verdicts listed in ``expected.jsonl``."""

from __future__ import annotations

import pytest

from games.logs import verify_bytes
from games.registry import GAME_CLASSES
from tests.helpers import SPEC_EXAMPLES, spec_examples

CASES = [case for game in sorted(GAME_CLASSES) for case in spec_examples(game)]


@pytest.mark.parametrize(("name", "expected"), CASES, ids=[name for name, _ in CASES])
def test_example_gets_its_verdict(name: str, expected: dict) -> None:
    answer = verify_bytes((SPEC_EXAMPLES / name).read_bytes())
    assert answer["valid"] is expected["valid"], answer
    if expected["valid"]:
        assert answer["finished"] is expected["finished"]
        assert answer["result"]["ranks"] == expected["ranks"]
        assert answer["result"]["scores"] == expected["scores"]
    else:
        assert (answer["error"]["at"], answer["error"]["code"]) == (expected["at"], expected["code"]), answer


def test_examples_are_present() -> None:
    assert CASES, f"no spec examples found under {SPEC_EXAMPLES}"
