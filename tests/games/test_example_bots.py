"""The example bots play real matches in the sandbox, and broken or hostile bots forfeit
with the right reason without hurting anyone else."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from games.bot_process import REASONS, ProgramAgent
from games.logs import verify_log
from games.registry import get_game
from games.runner import make_bot, play_match
from games.sandbox import Limits, sandbox_status
from games.seeding import derive_rng
from tests.helpers import ROOT, skip_or_fail

EXAMPLES = ROOT / "examples" / "bots"
GAMES = ["leapfrog_race", "measure_and_tempo", "froggit", "leap_frog"]


@pytest.fixture(autouse=True)
def bubblewrap() -> None:
    ok, reason = sandbox_status()
    if not ok:
        skip_or_fail(f"bubblewrap cannot run here: {reason}")


def against_random(slug: str, agent: ProgramAgent, seed: str, seats: int = 2) -> dict:
    game = get_game(slug)
    options = game.parse_options({}, seats)
    others = [make_bot(game, "random", seat, options, seats, derive_rng(seed, "bot", seat))
              for seat in range(1, seats)]
    return play_match(game, [agent, *others], seed=seed, players=["upload"] + ["random"] * (seats - 1))


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_an_example_that_plays_without_forfeit(slug: str) -> None:
    code = (EXAMPLES / f"{slug}.py").read_bytes()
    for seed in ("1", "2", "3"):
        with ProgramAgent(code, f"{slug}.py") as agent:
            log = against_random(slug, agent, seed)
            assert "forfeits" not in log, (log.get("forfeits"), agent.stderr_text)
            assert agent.ready_name and agent.moves > 0
        verification = verify_log(log)
        assert verification["valid"] and verification["finished"]


def test_the_race_example_plays_the_simultaneous_turns_of_six_seats() -> None:
    code = (EXAMPLES / "leapfrog_race.py").read_bytes()
    agents = [ProgramAgent(code, "leapfrog_race.py") for _ in range(6)]
    try:
        log = play_match(get_game("leapfrog_race"), agents, seed="six")
    finally:
        for agent in agents:
            agent.close()
    assert "forfeits" not in log and verify_log(log)["valid"]


#: Hostile and broken bots: each is PLAYS (whose ``play()`` answers ready, then the first
#: legal token of every turn) followed by its mischief, and the reason its seat forfeits
#: with (None: it must play to the end).
PLAYS = """
import json, sys
def play():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            print(json.dumps({"type": "ready"}), flush=True)
        elif message["type"] == "turn":
            print(json.dumps({"move": message["legal"][0]}), flush=True)
"""

HOSTILE = {
    "infinite loop": ("while True:\n    pass", "timeout"),
    "garbage": ("print('garbage', flush=True)\nplay()", "malformed output"),
    "illegal move": (
        "sys.stdin.readline(); print('{\"type\": \"ready\"}', flush=True)\n"
        "sys.stdin.readline(); print('{\"move\": \"9\"}', flush=True)\nplay()", "illegal move '9'"),
    "exits at once": ("sys.exit(0)", "exit"),
    "raises": ("raise RuntimeError('boom')", "crash (exit code 1)"),
    "fork bomb": (
        "import os, time\n"
        "while True:\n"
        "    if os.fork() == 0:\n"
        "        time.sleep(60)\n", "limit exceeded (processes)"),
    "allocates 1 GiB": ("hog = bytearray(1024 ** 3)\nplay()", "limit exceeded (memory)"),
    "floods standard error": ("sys.stderr.write('e' * (100 * 1024 * 1024))\nplay()", None),
    "tries the network": (
        "import socket\n"
        "for address in (('127.0.0.1', 5432), ('127.0.0.1', 6379), ('1.1.1.1', 80)):\n"
        "    try:\n"
        "        socket.create_connection(address, timeout=1)\n"
        "        print('connected', address, file=sys.stderr)\n"
        "    except OSError as error:\n"
        "        print('no network:', address, error, file=sys.stderr)\n"
        "play()", None),
    "looks for the service": (
        "import os\n"
        f"paths = ('/work', '/root', '/home', '/etc/passwd', {str(ROOT)!r})\n"
        "seen = [path for path in paths if os.path.exists(path)]\n"
        "seen += [name for name in os.environ if name in ('DATABASE_URL', 'SECRET_KEY', 'REDIS_URL')]\n"
        "print('saw', seen, file=sys.stderr, flush=True)\n"
        "if seen:\n"
        "    print('{\"move\": \"leaked\"}', flush=True)\n"
        "play()", None),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_bots_forfeit_with_the_right_reason_and_hurt_nobody(name: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECRET_KEY", "do-not-leak")
    source, reason = HOSTILE[name]
    code = (PLAYS + textwrap.dedent(source) + "\n").encode()
    example = (EXAMPLES / "leapfrog_race.py").read_bytes()
    limits = Limits(start_ms=2000, move_ms=300, total_ms=300)
    with ProgramAgent(code, "hostile.py", limits) as hostile, ProgramAgent(example, "example.py") as example_bot:
        game = get_game("leapfrog_race")
        options = game.parse_options({}, 3)
        random_bot = make_bot(game, "random", 2, options, 3, derive_rng("hostile", "bot", 2))
        log = play_match(game, [hostile, example_bot, random_bot], seed="hostile")
        forfeits = log.get("forfeits", [])
        if reason is None:
            assert forfeits == [], hostile.stderr_text[-500:]
        else:
            assert [forfeit["seat"] for forfeit in forfeits] == [0]
            assert forfeits[0]["reason"].startswith(reason) and forfeits[0]["reason"].startswith(REASONS)
            assert log["result"]["ranks"][0] == 3
        assert verify_log(log)["valid"] and len(log["moves"]) == 18
        assert example_bot.failure is None and example_bot.moves == 18
        assert len(hostile.stderr_text) <= 64 * 1024
    if name == "tries the network":
        assert hostile.stderr_text.count("no network") == 3
    if name == "looks for the service":
        assert "saw []" in hostile.stderr_text


def test_a_zip_bundle_with_its_own_modules_plays(tmp_path: Path) -> None:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("main.py", "from strategy import choose\n" + (EXAMPLES / "leap_frog.py").read_text()
                         .replace("def choose(", "def unused_choose("))
        archive.writestr("strategy.py", "import random\n\ndef choose(observation, legal):\n"
                                        "    return random.choice(legal)\n")
    with ProgramAgent(buffer.getvalue(), "bot.zip") as agent:
        log = against_random("leap_frog", agent, "zip")
        assert "forfeits" not in log, agent.stderr_text
