"""Determinism: the same inputs give the same games and standings, byte for byte, in any
process; the outcomes' order does not matter; the tournament seed only draws lots."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.formats import FORMATS, Fixture, Outcome, Settings, make_format, standings

ROOT = Path(__file__).resolve().parents[3]


def settings_for(fmt: str) -> Settings:
    if fmt == "tables":
        return Settings(fmt, min_seats=2, max_seats=6, rounds=4, table_size=3,
                        tiebreaks=("buchholz", "head_to_head", "game_score"))
    return Settings(fmt, rounds=4, best_of=3 if fmt == "double_elimination" else 1,
                    tiebreaks=("buchholz_cut1", "sonneborn_berger", "head_to_head", "wins"))


def run(fmt: str, seed: str, count: int = 11) -> tuple[list[Outcome], str]:
    """A whole tournament with results drawn from ``seed``: its outcomes and its standings' repr."""
    config = settings_for(fmt)
    entrants = [10 * i for i in range(1, count + 1)]
    tournament = make_format(config, entrants, rng_seed=seed)
    rng = random.Random(seed)
    outcomes: list[Outcome] = []
    while games := tournament.next_games(outcomes, entrants):
        for game in games:
            if game.bye:
                outcomes.append(Outcome(game, (1,), (0.0,)))
            else:
                ranks = tuple(rng.randint(1, len(game.seats)) for _ in game.seats)
                outcomes.append(Outcome(game, ranks, tuple(rng.random() * 10 for _ in game.seats)))
    assert tournament.is_over(outcomes, entrants)
    return outcomes, repr(standings(config, entrants, outcomes))


@pytest.mark.parametrize("fmt", FORMATS)
def test_two_runs_give_identical_games_and_standings(fmt: str) -> None:
    first, second = run(fmt, "seed-7"), run(fmt, "seed-7")
    assert repr(first[0]) == repr(second[0])
    assert first[1] == second[1]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_next_games_do_not_depend_on_the_order_outcomes_are_given_in(fmt: str) -> None:
    outcomes, _ = run(fmt, "seed-3")
    config = settings_for(fmt)
    entrants = [10 * i for i in range(1, 12)]
    tournament = make_format(config, entrants, rng_seed="seed-3")
    last = max(outcome.game.round for outcome in outcomes)
    earlier = [outcome for outcome in outcomes if outcome.game.round < last]
    shuffled = list(earlier)
    random.Random(1).shuffle(shuffled)
    assert tournament.next_games(earlier, entrants) == tournament.next_games(shuffled, entrants)
    assert repr(standings(config, entrants, outcomes)) == repr(standings(config, entrants, outcomes[::-1]))


SCRIPT = """
import random
from tests.tournaments.formats.test_formats_determinism import run
for fmt in ("swiss", "tables", "double_elimination"):
    outcomes, table = run(fmt, "cross-process")
    print(repr(outcomes))
    print(table)
"""


def test_other_processes_with_other_hash_seeds_agree() -> None:
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                              check=True)
        outputs.append(done.stdout)
    local = "".join(f"{run(fmt, 'cross-process')[0]!r}\n{run(fmt, 'cross-process')[1]}\n"
                    for fmt in ("swiss", "tables", "double_elimination"))
    assert outputs[0] == outputs[1] == local


def test_the_seed_draws_lots_for_seats_but_never_changes_who_meets_whom() -> None:
    entrants = list(range(1, 13))
    swiss = Settings("swiss", rounds=3)
    tables = Settings("tables", min_seats=2, max_seats=6, rounds=3)
    for config in (swiss, tables):
        lots = {tuple(game.seats) for seed in ("a", "b", "c", "d")
                for game in make_format(config, entrants, rng_seed=seed).next_games([], entrants)[:1]}
        groups = {frozenset(game.seats) for seed in ("a", "b", "c", "d")
                  for game in make_format(config, entrants, rng_seed=seed).next_games([], entrants)}
        assert len(lots) > 1  # different seeds, different seat lots
        assert len(groups) == len(make_format(config, entrants).next_games([], entrants))  # same groups
    for fmt in ("round_robin", "single_elimination", "double_elimination"):
        config = Settings(fmt)
        games = {tuple(map(repr, make_format(config, entrants, rng_seed=seed).next_games([], entrants)))
                 for seed in ("a", "b")}
        assert len(games) == 1  # no lots at all: the seeding decides


def test_games_and_outcomes_are_immutable_values() -> None:
    game = Fixture(round=1, seats=(1, 2))
    assert game == Fixture(round=1, seats=(1, 2)) and hash(game) == hash(Fixture(round=1, seats=(1, 2)))
    with pytest.raises(AttributeError):
        game.round = 2  # type: ignore[misc]
