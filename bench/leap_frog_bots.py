"""Leap Frog: the built-in bots against each other, and the engine's speed.

    .venv/bin/python bench/leap_frog_bots.py [--games N] [--jobs J] [--bots SPEC ...]

Plays ``N`` seeded two-seat games of every pair of built-in bots on an 8 × 8 murray board
(seats swapped in half of them) and prints each pair's win/draw/loss percentages. Then it
times full random games on a 15 × 15 murray board and an 18 × 18 diagonal one: through the
bot protocol's path
(``legal_actions`` lists every capture, a random one is applied by its notation) against a
baseline measured in the same run (random playouts that draw a capture leap by leap, without
listing them).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.leap_frog.game import LeapFrog, random_capture  # noqa: E402
from games.registry import get_game  # noqa: E402
from games.runner import play_bots  # noqa: E402

OPTIONS = {"variant": "murray", "rows": 8, "cols": 8}
SPEED_OPTIONS = {"variant": "murray", "rows": 15, "cols": 15}
BIG_OPTIONS = {"variant": "traditional", "rows": 18, "cols": 18, "diagonal": True}


def play_one(job: tuple[str, str, int]) -> tuple[str, str, int, float, float]:
    """One seeded game of ``first`` against ``second``; seats swap on odd game numbers.
    Returns the pair, the outcome for ``first`` (1 win, 0 draw, -1 loss) and each bot's time."""
    first, second, number = job
    game = get_game("leap_frog")
    swapped = number % 2 == 1
    specs = [second, first] if swapped else [first, second]
    started = time.perf_counter()
    log = play_bots(game, specs, options=OPTIONS, seed=f"bench-{first}-{second}-{number}")
    elapsed = time.perf_counter() - started
    ranks = log["result"]["ranks"]
    mine, theirs = (ranks[1], ranks[0]) if swapped else (ranks[0], ranks[1])
    outcome = 0 if mine == theirs else (1 if mine < theirs else -1)
    return first, second, outcome, elapsed, len(log["moves"])


def bot_table(games: int, jobs: int, specs: list[str]) -> None:
    pairs = list(itertools.combinations(specs, 2))
    work = [(first, second, number) for first, second in pairs for number in range(games)]
    tally: dict[tuple[str, str], list[int]] = {pair: [0, 0, 0] for pair in pairs}
    seconds: dict[tuple[str, str], float] = dict.fromkeys(pairs, 0.0)
    started = time.perf_counter()
    with Pool(jobs) as pool:
        for first, second, outcome, elapsed, _ in pool.imap_unordered(play_one, work, chunksize=1):
            tally[(first, second)][1 - outcome] += 1
            seconds[(first, second)] += elapsed
    wall = time.perf_counter() - started
    print(f"{games} two-seat games per pair on an 8 x 8 murray board, seats swapped in half "
          f"({jobs} processes, {wall:.0f} s in all)\n")
    print(f"{'bot':<20} {'against':<20} {'wins %':>7} {'draws %':>8} {'losses %':>9} {'s/game':>7}")
    for (first, second), (won, drawn, lost) in tally.items():
        # the later bot of the pair (the stronger one, in the default order) first
        print(f"{second:<20} {first:<20} {100 * lost / games:>7.1f} {100 * drawn / games:>8.1f} "
              f"{100 * won / games:>9.1f} {seconds[(first, second)] / games:>7.2f}")


def speed(seconds: float) -> None:
    game: LeapFrog = get_game("leap_frog")  # type: ignore[assignment]

    def run(raw: dict, listing: bool) -> tuple[float, float]:
        options = game.parse_options(raw, 2)
        rng = random.Random(1)
        played = plies = 0
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            state = game.new_state(options, 2, game.random_setup(options, 2, rng))
            while not state.is_over():
                seat = state.to_move()[0]
                if listing:
                    state.apply_action(seat, rng.choice(state.legal_actions(seat)))
                elif state.in_opening():
                    state.play(rng.choice(state.legal_paths())[0])
                else:
                    state.play(random_capture(state.cells, state.board, state.empty, rng))
                plies += 1
            played += 1
        elapsed = time.perf_counter() - started
        return played / elapsed, plies / played

    print("\nfull random games (two seats), one process:")
    for raw in (SPEED_OPTIONS, BIG_OPTIONS):
        base, base_plies = run(raw, listing=False)
        full, full_plies = run(raw, listing=True)
        size = f"{raw['rows']} x {raw['cols']} {raw['variant']}" + (" diagonal" if raw.get("diagonal") else "")
        print(f"  {size}:")
        print(f"    baseline, leap-by-leap random playouts (no listing): {base:7.1f} games/s "
              f"({base_plies:.0f} moves a game)")
        print(f"    legal_actions listing every capture, then apply_action: {full:7.1f} games/s "
              f"({full_plies:.0f} moves a game), {full / base:.2f} x the baseline")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--bots", nargs="+", default=list(get_game("leap_frog").bots),
                        help="bot specs, like search:budget=500 (default: every built-in bot)")
    parser.add_argument("--speed-seconds", type=float, default=10.0,
                        help="seconds for each speed measurement (default 10)")
    args = parser.parse_args()
    bot_table(args.games, args.jobs, args.bots)
    speed(args.speed_seconds)


if __name__ == "__main__":
    main()
