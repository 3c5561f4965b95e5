"""The project's example logs: seeded bot matches of every game, and faulty copies of them
that cover every verification code (docs/log-format.md).

``python -m tests.examples`` writes them to ``tests/data/examples/<game>/`` with the
verification each must get in ``tests/data/examples/expected.jsonl``; the same seeds give the
same files, byte for byte, and ``tests/games/test_examples.py`` checks both.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from games.base import Game
from games.logs import dump_log, verify_log
from games.registry import all_games
from games.runner import play_bots

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"

Log = dict[str, Any]

#: The players' names, seat by seat.
NAMES = ("ana", "ben", "cy", "dee", "eli", "fay")

#: Per game, the valid matches: (bots, options) played from a fixed seed.
MATCHES: dict[str, list[tuple[list[str], dict[str, Any]]]] = {
    "leapfrog_race": [(["greedy", "random"], {}), (["random"], {}), (["greedy", "greedy", "random"], {}),
                      (["random"] * 6, {}), (["greedy", "random", "greedy", "random", "greedy"], {"plate": False}),
                      (["random", "greedy"], {"colours": "OB"})],
    "measure_and_tempo": [(["greedy", "random"], {}), (["random", "greedy"], {"target": 5}),
                          (["greedy", "greedy"], {"max_plays": 12}), (["random", "random"], {"max_circling": 3})],
    "froggit": [(["greedy", "random", "random"], {}), (["greedy"] * 2, {"version": "expert"}),
                (["greedy", "random", "greedy", "random"], {"family": "quick"}),
                (["random"] * 5, {"version": "expert", "family": "quick"}), (["greedy"] * 6, {"max_rounds": 30})],
    "leap_frog": [(["greedy", "random"], {}), (["greedy", "random", "greedy"], {"variant": "murray"}),
                  (["random"] * 4, {"variant": "froglet"}), (["greedy"] * 5, {"variant": "capture"}),
                  (["random"] * 6, {"rows": 9, "cols": 9, "diagonal": True})],
}


def expected_of(log: Log) -> dict[str, Any]:
    """The verification a log gets, reduced to what ``expected.jsonl`` records."""
    answer = verify_log(log)
    if not answer["valid"]:
        return {"valid": False, "at": answer["error"]["at"], "code": answer["error"]["code"]}
    verdict: dict[str, Any] = {"valid": True, "finished": answer["finished"]}
    if answer["finished"]:
        verdict |= {"ranks": answer["result"]["ranks"], "scores": answer["result"]["scores"]}
    return verdict


def swapped_move(game: Game, log: Log) -> tuple[int, str] | None:
    """A move index and a move of the same game that parses there but the rules forbid."""
    for index in range(len(log["moves"]) - 1, 0, -1):
        for other in reversed(log["moves"][:index]):
            trial = copy.deepcopy(log)
            trial["moves"][index] = other
            trial.pop("result", None)
            answer = verify_log(trial)
            if not answer["valid"] and answer["error"] == {**answer["error"], "at": index, "code": "illegal_move"}:
                return index, other
    return None


def faults(game: Game, log: Log) -> Iterator[tuple[str, Callable[[Log], None]]]:
    """Each fault as a name and a change of a copy of ``log``, one per verification code."""
    middle = len(log["moves"]) // 2
    yield "bad_format", lambda bad: bad.update(format=2)
    yield "bad_format", lambda bad: bad.update(moves="all of them")
    yield "bad_format", lambda bad: bad.update(commitment=7)
    yield "unknown_game", lambda bad: bad.update(game="chess")
    yield "bad_options", lambda bad: bad["options"].update(house_rule=True)
    yield "bad_players", lambda bad: bad.update(players=[*bad["players"][:-1], ""])
    yield "bad_players", lambda bad: bad.update(players=bad["players"] * (game.max_players + 1))
    yield "bad_setup", lambda bad: bad["setup"].update(shuffled_by="ana")
    yield "bad_notation", lambda bad: bad["moves"].__setitem__(middle, "?? jump")
    yield "bad_notation", lambda bad: bad["moves"].__setitem__(middle, 17)
    illegal = swapped_move(game, log)
    if illegal:
        yield "illegal_move", lambda bad: bad["moves"].__setitem__(*illegal)
    yield "moves_after_end", lambda bad: bad["moves"].append(bad["moves"][-1])
    yield "bad_forfeit", lambda bad: bad.update(forfeits=[{"seat": len(bad["players"]), "after": 0}])
    yield "bad_forfeit", lambda bad: bad.update(forfeits=[{"seat": 0, "after": len(bad["moves"]) + 1}])
    yield "seed_mismatch", lambda bad: bad.update(seed=bad["seed"] + "x")
    yield "result_mismatch", lambda bad: bad["result"].update(scores=[score + 1 for score in bad["result"]["scores"]])


def derived_valid(log: Log) -> Iterator[tuple[str, Log]]:
    """Valid logs made from a finished one: an unfinished prefix, and a forfeit."""
    prefix = copy.deepcopy(log)
    prefix["moves"] = prefix["moves"][: len(log["moves"]) // 2]
    prefix.pop("result")
    yield "unfinished", prefix
    if len(log["players"]) == 2:
        forfeited = copy.deepcopy(prefix)
        forfeited["forfeits"] = [{"seat": 0, "after": len(prefix["moves"]), "reason": "timeout"}]
        yield "forfeit", forfeited


def build() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every example as its path under ``EXAMPLES``, its text and the verification it gets."""
    examples: dict[str, tuple[str, dict[str, Any]]] = {}
    for game in all_games():
        logs: list[tuple[str, Log]] = []
        for number, (bots, options) in enumerate(MATCHES[game.slug]):
            played = play_bots(game, bots, options=options, seed=f"{game.slug}-example-{number}",
                               players=NAMES[: len(bots)])
            logs.append(("valid", played))
            if number == 0:
                first = played
        logs += list(derived_valid(first))
        seen: set[str] = set()
        for code, change in faults(game, first):
            bad = copy.deepcopy(first)
            change(bad)
            verdict = expected_of(bad)
            if verdict.get("code") != code or json.dumps(verdict) in seen:
                continue  # this game has no such fault of this kind (no setup keys, say)
            seen.add(json.dumps(verdict))
            logs.append((code, bad))
        for index, (name, log) in enumerate(logs, start=1):
            examples[f"{game.slug}/{index:02d}-{name}.json"] = (dump_log(log), expected_of(log))
    return examples


def expected_lines(examples: dict[str, tuple[str, dict[str, Any]]]) -> str:
    """``expected.jsonl``: one verification per example, in file order."""
    return "".join(json.dumps({"file": name, **verdict}) + "\n" for name, (_, verdict) in examples.items())


def write(folder: Path = EXAMPLES) -> None:
    """Write every example and ``expected.jsonl`` under ``folder``, replacing what was there."""
    examples = build()
    for old in folder.glob("*/*.json"):
        old.unlink()
    for name, (text, _) in examples.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (folder / "expected.jsonl").write_text(expected_lines(examples), encoding="utf-8")
    sys.stdout.write(f"{len(examples)} example logs in {folder}\n")


if __name__ == "__main__":
    write()
