"""Fuzzing logs, per game: valid logs mutated every way (tests/fuzzing.py) and logs drawn by
hypothesis, through the verifier the `verify_log` command runs, the command itself,
`POST /api/logs/verify/` and `POST /api/matches/`. Every answer is a verification object or a
4xx in the error shape, never an exception or a 500, and an invalid log stores nothing.

`make test` runs FUZZ_CASES (default 150) cases per game; `make fuzz` runs 100,000 mutated logs
per game through each path (and 20,000 hypothesis draws)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.logs import verify_bytes
from tests.fuzzing import mutate
from tests.helpers import ROOT
from tests.helpers.world import World
from tournaments.models import Match, Player

GAMES = ["leapfrog_race", "measure_and_tempo", "froggit", "leap_frog"]
CASES = int(os.environ.get("FUZZ_CASES", "150"))
#: Files per run of the command (one process verifies a batch, as a user would).
COMMAND_BATCH = 1000
#: The verification codes (docs/log-format.md): nothing else may appear.
CODES = {"bad_format", "unknown_game", "bad_options", "bad_players", "bad_setup", "bad_notation", "illegal_move",
         "moves_after_end", "bad_forfeit", "seed_mismatch", "result_mismatch"}


def check_verification(answer: dict) -> None:
    assert isinstance(answer["valid"], bool)
    if not answer["valid"]:
        error = answer["error"]
        assert error["code"] in CODES and isinstance(error["message"], str) and error["message"]
        assert error["at"] is None or isinstance(error["at"], (int, str))


@pytest.mark.parametrize("game", GAMES)
def test_the_verifier_answers_every_mutated_log(game: str) -> None:
    outcomes = {"valid": 0, "invalid": 0}
    for seed in range(CASES):
        answer = verify_bytes(mutate(game, seed))
        check_verification(answer)
        outcomes["valid" if answer["valid"] else "invalid"] += 1
    assert outcomes["invalid"] > outcomes["valid"] > 0  # the mutations reach both answers


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
envelopes = st.fixed_dictionaries(
    {"format": st.sampled_from([1, 1, "1", 2, None]), "game": st.sampled_from([*GAMES, "chess", 3]),
     "players": st.lists(st.text(max_size=5), max_size=7) | json_values,
     "moves": st.lists(st.text(max_size=12) | json_values, max_size=12)},
    optional={"options": st.dictionaries(st.sampled_from(["variant", "rows", "target", "version", "x"]), json_values,
                                         max_size=3),
              "setup": json_values, "forfeits": json_values, "result": json_values, "seed": json_values,
              "commitment": json_values})


@settings(max_examples=max(100, min(CASES, 20_000)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(log=envelopes)
def test_the_verifier_answers_logs_hypothesis_draws(log: dict) -> None:
    check_verification(verify_bytes(json.dumps(log).encode()))


@pytest.mark.parametrize("game", GAMES)
def test_the_command_answers_every_mutated_file(game: str, tmp_path: Path) -> None:
    for start in range(0, CASES, COMMAND_BATCH):
        files = []
        for seed in range(start, min(start + COMMAND_BATCH, CASES)):
            path = tmp_path / f"case-{seed}.json"
            path.write_bytes(mutate(game, seed))
            files.append(str(path))
        done = subprocess.run([sys.executable, "manage.py", "verify_log", *files], cwd=ROOT, capture_output=True,
                              timeout=600)
        assert done.returncode in (0, 1) and b"Traceback" not in done.stderr
        lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
        assert [line["file"] for line in lines] == files
        for line in lines:
            check_verification(line)
        for path in files:
            Path(path).unlink()


@pytest.mark.parametrize("game", GAMES)
def test_the_api_answers_every_mutated_log_and_stores_only_valid_ones(world: World, game: str,
                                                                      settings: Any) -> None:
    settings.API_THROTTLE_RATES = {"anon": None, "user": None}  # the fuzzer is no client: no rate limit
    for name in ("random", "greedy"):
        Player.objects.get_or_create(club=world.club, name=name)
    client = world.client(world.director)
    for seed in range(CASES):
        body = mutate(game, seed)
        expected = verify_bytes(body)
        checked = client.post("/api/logs/verify/", body, content_type="application/json")
        assert checked.status_code in (200, 400), (seed, checked.status_code)
        if checked.status_code == 200:
            assert checked.json() == expected
        else:
            assert checked.json()["valid"] is False and checked.json()["error"]["code"] == "bad_format"
        before = Match.objects.count()
        upload = client.post("/api/matches/", b'{"club": "pond", "log": ' + body + b"}",
                             content_type="application/json")
        assert upload.status_code < 500, (seed, upload.status_code)
        if expected["valid"] and upload.status_code == 201:
            assert Match.objects.count() == before + 1
            continue
        assert 400 <= upload.status_code < 500, (seed, upload.status_code, upload.json())
        error = upload.json()
        assert error["code"] and error["message"], (seed, error)
        if not expected["valid"]:
            assert error.get("verification") in (None, expected), seed
        assert Match.objects.count() == before, seed


def test_an_overflowing_number_is_refused_everywhere(world: World) -> None:
    """``1e999`` is valid JSON but overflows to infinity, which no answer can carry back."""
    log = json.loads(mutate("froggit", 0))
    body = json.dumps(log).replace('"moves": [', '"moves": [1e999, ', 1).encode()
    answer = verify_bytes(body)
    assert answer["error"]["code"] == "bad_format" and "out of range" in answer["error"]["message"]
    client = world.client(world.director)
    checked = client.post("/api/logs/verify/", body, content_type="application/json")
    assert checked.status_code == 400 and checked.json()["error"]["code"] == "bad_format"
    upload = client.post("/api/matches/", b'{"club": "pond", "log": ' + body + b"}", content_type="application/json")
    assert upload.status_code == 400 and "out of range" in upload.json()["message"]
    assert not Match.objects.exists()
