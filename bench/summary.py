"""The issue's goals beside the figures of the last ``make bench``, from ``bench/results/*.json``.

    .venv/bin/python bench/summary.py

Prints one line a goal (met, missed, or not measured when its part did not run) and writes
the same table to ``bench/results/summary.md``, which ``docs/benchmarks.md`` quotes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

from results import RESULTS


def load(name: str) -> dict[str, Any] | None:
    """The figures a part wrote last, or None when it has not run here."""
    path = os.path.join(RESULTS, f"{name}.json")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as source:
        return json.load(source)["figures"]


def goals() -> Iterator[tuple[str, str, str, bool | None]]:
    """(part, goal, measured, met) for every goal of the benchmarks."""
    engines = load("engines")
    if engines is None:
        yield "engines", "figures only", "not measured", None
    else:
        slowest = min(engines["engines"], key=lambda row: row["games_per_second"])
        yield ("engines", "figures only (slowest row)",
               f"{slowest['row']}: {slowest['games_per_second']:,.0f} games/s, "
               f"{slowest['ratio']:.2f} × its baseline", None)
        for row in engines["verification"]:
            yield ("engines", f"verify_log on {row['logs']:,} {row['game']} logs",
                   f"{row['command_logs_per_second']:,.0f} logs/s, {row['ratio']:.2f} × in-process", None)
        goals_ = engines.get("standalone_goals")
        for row in engines["verification"] if goals_ else []:
            yield ("engines", f"leapfrog-verify on {row['logs']:,} {row['game']} logs ≥ {goals_['ratio']:g} × in-process",
                   f"{row['standalone_logs_per_second']:,.0f} logs/s, {row['standalone_ratio']:.2f} × in-process "
                   f"(its loop in a started process; {row.get('standalone_ratio_warm', 0):.2f} × a warm verify_log)",
                   row["standalone_ratio"] >= goals_["ratio"])
        if goals_ and engines["verification"]:
            slowest = max(engines["verification"], key=lambda row: row["standalone_start_ms"])
            yield ("engines", f"leapfrog-verify starts in < {goals_['start_ms']:g} ms (slowest game, median)",
                   f"{slowest['standalone_start_ms']:.1f} ms ({slowest['game']}; best "
                   f"{slowest['standalone_start_best_ms']:.1f} ms)", slowest["standalone_start_ms"] < goals_["start_ms"])
    against = load("engines_against")
    for row in against["rows"] if against else []:
        first = row.get("first_sight_ratio", row["replay_ratio"])
        yield ("engines", f"{row['row']}: replay ≥ 3 × (logs read before and new), playouts ≥ 2 × {against['revision']}",
               f"replay {row['replay_ratio']:.2f} × read before, {first:.2f} × new; playouts {row['playout_ratio']:.2f} ×",
               min(row["replay_ratio"], first) >= 3 and row["playout_ratio"] >= 2)

    tournament = load("tournament_throughput")
    if tournament is None:
        yield "tournament", "one worker ≥ 0.85 × in-process", "not measured", None
    else:
        workers = tournament["workers"]
        one, two = workers.get("1"), workers.get("2")
        if one:
            yield ("tournament", "one worker ≥ 0.85 × in-process",
                   f"{one['matches_per_second']:.1f} matches/s, {one['ratio_to_in_process']:.2f} × "
                   f"{tournament['in_process']['matches_per_second']:.1f}", one["ratio_to_in_process"] >= 0.85)
        if two and two.get("ratio_to_one_worker") is not None:
            yield ("tournament", "two workers ≥ 1.6 × one",
                   f"{two['matches_per_second']:.1f} matches/s, {two['ratio_to_one_worker']:.2f} × one"
                   + (f" (the rounds' pairing allows {two['pairing_bound']:.2f} ×)" if two.get("pairing_bound") else ""),
                   two["ratio_to_one_worker"] >= 1.6)

    bots = load("bot_roundtrip")
    if bots is None:
        yield "bots", "≤ 0.3 ms added per move", "not measured", None
    else:
        worst = max(bots["per_move"].items(), key=lambda item: item[1]["added_us"])
        yield ("bots", f"≤ {bots['goal_added_us'] / 1000:g} ms added per move (worst game)",
               f"{worst[1]['added_us']:.0f} µs ({worst[0]})", worst[1]["added_us"] <= bots["goal_added_us"])
        start = bots["start"]
        yield ("bots", f"sandboxed start ≤ {bots['goal_start_ms']:g} ms (median)",
               f"{start['sandboxed_ready_ms']:.1f} ms (best {start['sandboxed_ready_min_ms']:.1f} ms)",
               start["goal_met"])

    ratings = load("ratings_recompute")
    if ratings is None:
        yield "ratings", "recompute ≤ 1.5 × openskill alone", "not measured", None
    else:
        yield ("ratings", f"recompute ≤ {ratings['goal_ratio']:g} × openskill alone",
               f"{ratings['recompute_seconds']:.2f} s against {ratings['openskill_alone_seconds']:.2f} s, "
               f"{ratings['ratio']:.2f} ×", ratings["ratio"] <= ratings["goal_ratio"])

    api = load("api_load")
    if api is None:
        yield "api", "≤ 2 × the trivial endpoint, p99 < 50 ms at 200/s", "not measured", None
    else:
        for name, endpoint in api["endpoints"].items():
            if name == "baseline":
                continue
            yield ("api", f"{name}: ≤ 2 × {api['baseline']}",
                   f"{endpoint['max']['requests_per_second']:,.0f} req/s, ratio {endpoint['ratio']:.2f}",
                   endpoint["ratio"] is not None and endpoint["ratio"] <= 2)
        for name, endpoint in api["endpoints"].items():
            paced = endpoint["fixed_rate"]
            yield ("api", f"{name}: p99 < 50 ms at {paced['rate']:g} req/s",
                   f"p50 {paced['p50_ms']:.1f} ms, p99 {paced['p99_ms']:.1f} ms "
                   f"({paced['achieved_per_second']:.0f} req/s achieved)", paced["p99_ms"] < 50)


def main() -> None:
    rows = list(goals())
    verdict = {True: "met", False: "missed", None: "—"}
    lines = ["| part | goal | measured | |", "| --- | --- | --- | --- |"]
    lines += [f"| {part} | {goal} | {measured} | {verdict[met]} |" for part, goal, measured, met in rows]
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "summary.md"), "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
