"""Not one answer changes: today's engines against a base revision's, on the same logs.

The base revision's ``games/`` (``DIFF_BASE``, default the commit where the engines' speed
work starts) is loaded beside today's in this process under its own name, as
``bench/engines.py --against`` does (``bench/revision.py``). For each game, seeded bot
matches of every variant must give byte-identical logs on both sides, and each log and its
mutants (``tests/fuzzing.py``'s mutators) must get identical verification objects: verdict,
error position, code, message and result. ``DIFF_CASES`` logs and mutants per game
(``make soak`` runs 10,000); without the base revision in the clone's history (a shallow
clone) the test skips, and fails under ``CI=true``.
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import json
import os
import random
from types import ModuleType
from typing import Any

import pytest

from games.logs import dump_log, verify_bytes
from games.registry import get_game
from games.runner import play_bots, random_playout
from tests import fuzzing
from tests.helpers import ROOT, skip_or_fail

BASE = os.environ.get("DIFF_BASE", "91e3217")
#: Logs and mutants compared per game: each seeded match gives its log, :data:`MUTANTS_PER_LOG`
#: mutants of it and one of ``tests/fuzzing.py``'s own cases.
CASES = int(os.environ.get("DIFF_CASES", "80"))
MUTANTS_PER_LOG = 3

#: Every game's variants: (options, seats, whether a search bot may sit in), taken in turn.
#: Search bots stay off Leap Frog's 15 x 15 boards, where even a small budget takes seconds.
VARIANTS: dict[str, list[tuple[dict[str, Any], int, bool]]] = {
    "leapfrog_race": [({}, 2, True), ({}, 6, True), ({"plate": False}, 3, True), ({}, 1, True)],
    "measure_and_tempo": [({}, 2, True), ({"target": 3}, 2, True), ({"max_plays": 8, "max_circling": 2}, 2, True)],
    "froggit": [({"version": "junior"}, 2, True), ({"version": "junior"}, 6, True), ({"version": "expert"}, 2, True),
                ({"version": "expert", "family": "quick"}, 4, True)],
    "leap_frog": [({"variant": "traditional"}, 2, False), ({"variant": "murray", "rows": 8, "cols": 8}, 2, True),
                  ({"variant": "froglet"}, 3, True), ({"variant": "capture"}, 2, True),
                  ({"variant": "traditional", "diagonal": True, "rows": 6, "cols": 6}, 3, True),
                  ({"variant": "traditional", "rows": 7, "cols": 9}, 2, True)],
}
#: Each game's search bot with a small budget, in every few matches beside random and greedy.
SEARCH = {"leapfrog_race": "mc:budget=6", "measure_and_tempo": "ismcts:budget=4",
          "froggit": "mcts:budget=4,width=4", "leap_frog": "search:budget=40"}


def load_revision_module() -> ModuleType:
    """``bench/revision.py``, the loader ``bench/engines.py --against`` uses."""
    spec = importlib.util.spec_from_file_location("bench_revision", os.path.join(ROOT, "bench", "revision.py"))
    assert spec and spec.loader
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


@pytest.fixture(scope="module")
def base() -> dict[str, ModuleType]:
    """The base revision's registry, runner and logs modules, or a skip (a failure under CI)."""
    revision = load_revision_module()
    try:
        alias = revision.load_games(BASE)
    except revision.RevisionMissing as error:
        skip_or_fail(f"{error}: the differential test needs it (a full clone, or set DIFF_BASE)")
    return {name: revision.module(alias, name) for name in ("registry", "runner", "logs")}


def bots_for(slug: str, seats: int, searched: bool, rng: random.Random) -> list[str]:
    """Seat bots of a match: random and greedy, and in one match in four a search bot."""
    bots = [rng.choice(("random", "greedy")) for _ in range(seats)]
    if searched and rng.random() < 0.25:
        bots[rng.randrange(seats)] = SEARCH[slug]
    return bots


def mutant(text: str, rng: random.Random) -> bytes:
    """A log with one to three of the fuzzers' mutations, as a client would send it."""
    log = copy.deepcopy(json.loads(text))
    for _ in range(rng.randint(1, 3)):
        rng.choice(fuzzing.STRUCTURAL)(log, rng)
    body = json.dumps(log, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.15:
        body = rng.choice(fuzzing.TEXTUAL)(body, rng)
    return body.encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("slug", sorted(VARIANTS))
def test_the_base_revision_and_today_give_the_same_answers(slug: str, base: dict[str, ModuleType]) -> None:
    game, old_game = get_game(slug), base["registry"].get_game(slug)
    old_play, old_verify, old_dump = base["runner"].play_bots, base["logs"].verify_bytes, base["logs"].dump_log
    compared = matches = 0
    index = 0
    while compared < CASES:
        rng = random.Random(f"diff-{slug}-{index}")
        options, seats, searched = VARIANTS[slug][index % len(VARIANTS[slug])]
        bots, seed = bots_for(slug, seats, searched, rng), f"diff-{slug}-{index}"
        text = dump_log(play_bots(game, bots, options=options, seed=seed))
        assert old_dump(old_play(old_game, bots, options=options, seed=seed)) == text, (bots, options, seed)
        matches += 1
        bodies = [text.encode("utf-8")] + [mutant(text, rng) for _ in range(MUTANTS_PER_LOG)]
        bodies.append(fuzzing.mutate(slug, index))
        for body in bodies:
            assert verify_bytes(body) == old_verify(body), body[:2000]
        compared += len(bodies)
        index += 1
    assert matches >= 1 and compared >= CASES


@pytest.mark.parametrize("slug", sorted(VARIANTS))
def test_random_playouts_are_the_same_games_on_both_sides(slug: str, base: dict[str, ModuleType]) -> None:
    """A random playout takes each action from ``random_action``, which a game may answer
    without listing its actions: the same seeds must still give the same games."""
    sides = ((get_game(slug), random_playout), (base["registry"].get_game(slug), base["runner"].random_playout))
    for index in range(max(4, CASES // 40)):
        options, seats, _ = VARIANTS[slug][index % len(VARIANTS[slug])]
        games = []
        for game, playout in sides:
            rng = random.Random(f"playout-{slug}-{index}")
            parsed = game.parse_options(options, seats)
            state = playout(game.new_state(parsed, seats, game.random_setup(parsed, seats, rng)), rng)
            games.append((state.moves, state.result().to_json(), rng.random()))
        assert games[0] == games[1], (options, seats, index)


def test_the_base_revision_runs_its_own_code(base: dict[str, ModuleType]) -> None:
    """The comparison means something only if the other side is not today's code again."""
    for name, loaded in base.items():
        assert loaded.__name__.startswith("games_at_") and loaded.__name__.endswith(f".{name}")
        assert not os.path.realpath(loaded.__file__).startswith(os.path.realpath(ROOT) + os.sep)
    game = base["registry"].get_game("froggit")
    assert type(game).__module__.startswith("games_at_") and type(game) is not type(get_game("froggit"))
    bot = game.bots["greedy"]
    assert bot.__module__.startswith("games_at_")  # imported inside a function, still the old one


def test_a_revision_missing_from_the_history_is_named() -> None:
    revision = load_revision_module()
    with pytest.raises(revision.RevisionMissing, match="not in the history"):
        revision.load_games("0" * 40)


def test_every_form_of_import_of_the_rules_is_renamed() -> None:
    revision = load_revision_module()
    source = ("import games.base\nfrom games.logs import verify_log\nimport os, games\n"
              "CLASSES = {'froggit': 'games.froggit.game:Froggit'}\nfrom . import board\n"
              "def lazy():\n    from games.froggit.bots import GreedyBot\n")
    tree = ast.fix_missing_locations(revision.Renamer("old").visit(ast.parse(source)))
    assert ast.unparse(tree).splitlines() == [
        "import old.base", "games = old", "from old.logs import verify_log", "import os, old", "games = old",
        "CLASSES = {'froggit': 'old.froggit.game:Froggit'}", "from . import board",
        "", "def lazy():", "    from old.froggit.bots import GreedyBot"]
