"""Settings that no tournament can run with, and what one game is worth (points_of)."""

from __future__ import annotations

import re

import pytest

from tournaments.formats import FORMATS, FormatError, Fixture, Outcome, Settings, make_format, points_of


@pytest.mark.parametrize(
    ("config", "entrants", "message"),
    [
        (Settings("knockout"), [1, 2], "unknown format 'knockout'"),
        (Settings("swiss", min_seats=3, max_seats=6, rounds=3), [1, 2, 3], "seats 3 to 6: use the tables format"),
        (Settings("round_robin", min_seats=1, max_seats=1), [1, 2], "seats exactly 1"),
        (Settings("tables", min_seats=2, max_seats=6, table_size=7, rounds=2), [1, 2, 3], "table_size 7 is outside"),
        (Settings("tables", min_seats=3, max_seats=6, table_size=2, rounds=2), [1, 2, 3], "table_size 2 is outside"),
        (Settings("tables", min_seats=3, max_seats=6, rounds=2), [1, 2], "at least 3 entrants, not 2"),
        (Settings("round_robin"), [1], "at least 2 entrants, not 1"),
        (Settings("single_elimination", best_of=2), [1, 2], "best_of must be a positive odd number, not 2"),
        (Settings("single_elimination", best_of=0), [1, 2], "best_of must be a positive odd number, not 0"),
        (Settings("swiss"), [1, 2], "swiss needs the number of rounds"),
        (Settings("tables", min_seats=2, max_seats=6), [1, 2], "tables needs the number of rounds"),
        (Settings("swiss", rounds=0), [1, 2], "rounds must be a positive integer, not 0"),
        (Settings("tables", min_seats=2, max_seats=4, rounds=2, best_of=3), [1, 2], "a table plays one game"),
        (Settings("round_robin"), [1, 2, 1], "registered twice"),
        (Settings("round_robin", tiebreaks=("buchholz", "rating")), [1, 2], "unknown tie-break 'rating'"),
        (Settings("round_robin", tiebreaks=("wins", "wins")), [1, 2], "listed twice"),
        (Settings("round_robin", win=0.5, draw=1.0), [1, 2], "must not rise as results worsen"),
        (Settings("tables", min_seats=2, max_seats=4, rounds=1, place_points=(3, 5)), [1, 2], "must not rise"),
        (Settings("single_elimination", max_replays=-1), [1, 2], "max_replays must not be negative"),
        (Settings("round_robin", bye=float("nan")), [1, 2], "bye must be a finite number"),
        (Settings("round_robin", max_seats=1), [1, 2], "max_seats (1) is below min_seats (2)"),
    ],
)
def test_impossible_settings_are_refused_with_the_reason(config: Settings, entrants: list[int], message: str) -> None:
    with pytest.raises(FormatError, match=re.escape(message)):
        make_format(config, entrants)


def test_format_error_is_a_value_error() -> None:
    assert issubclass(FormatError, ValueError)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_accepts_a_two_seat_game_with_its_defaults(fmt: str) -> None:
    config = Settings(fmt, rounds=3)
    assert make_format(config, [7, 8, 9]).settings is config


def test_two_seat_formats_accept_multi_seat_games_that_can_seat_two() -> None:
    make_format(Settings("swiss", min_seats=2, max_seats=6, rounds=2), [1, 2, 3])
    make_format(Settings("round_robin", min_seats=1, max_seats=6), [1, 2])


def test_default_table_size_is_four_within_the_games_limits() -> None:
    assert Settings("tables", min_seats=2, max_seats=6).wanted_table_size == 4
    assert Settings("tables", min_seats=1, max_seats=3).wanted_table_size == 3
    assert Settings("tables", min_seats=5, max_seats=6).wanted_table_size == 5
    assert Settings("tables", min_seats=2, max_seats=6, table_size=6).wanted_table_size == 6


def test_one_seat_games_can_run_tables_of_one_entrant() -> None:
    config = Settings("tables", min_seats=1, max_seats=6, rounds=1)
    assert make_format(config, [5]).next_games([], [5]) == [Fixture(round=1, seats=(5,), pairing=0)]


# -- what one game is worth -------------------------------------------------------------------

TWO_SEAT = Settings("swiss", rounds=3)
TABLES = Settings("tables", min_seats=2, max_seats=6, rounds=3)


def game(*seats: int, bye: bool = False) -> Fixture:
    return Fixture(round=1, seats=seats, bye=bye)


@pytest.mark.parametrize(
    ("ranks", "forfeited", "expected"),
    [
        ((1, 2), (), {1: 1.0, 2: 0.0}),
        ((2, 1), (), {1: 0.0, 2: 1.0}),
        ((1, 1), (), {1: 0.5, 2: 0.5}),
        ((2, 1), (True, False), {1: 0.0, 2: 1.0}),   # a no-show loses
        ((1, 2), (False, True), {1: 1.0, 2: 0.0}),
        ((1, 1), (True, True), {1: 0.0, 2: 0.0}),    # nobody showed: a loss each
    ],
)
def test_two_seat_games_score_win_draw_loss(ranks, forfeited, expected) -> None:
    assert points_of(TWO_SEAT, Outcome(game(1, 2), ranks, (0.0, 0.0), forfeited)) == expected


def test_a_forfeit_loses_even_when_the_ranks_claim_otherwise() -> None:
    outcome = Outcome(game(1, 2), (1, 2), (9.0, 0.0), forfeited=(True, False))
    assert points_of(TWO_SEAT, outcome) == {1: 0.0, 2: 1.0}


def test_points_follow_the_settings() -> None:
    football = Settings("round_robin", win=3, draw=1, loss=0, bye=2)
    assert points_of(football, Outcome(game(1, 2), (1, 1), (0.0, 0.0))) == {1: 1.0, 2: 1.0}
    assert points_of(football, Outcome(game(1, 2), (2, 1), (0.0, 0.0))) == {1: 0.0, 2: 3.0}
    assert points_of(football, Outcome(game(4, bye=True), (1,), (0.0,))) == {4: 2.0}


def test_a_table_of_n_gives_n_points_down_to_1() -> None:
    outcome = Outcome(game(4, 5, 6, 7), (2, 1, 4, 3), (0.0,) * 4)
    assert points_of(TABLES, outcome) == {4: 3.0, 5: 4.0, 6: 1.0, 7: 2.0}


def test_tied_seats_share_the_points_of_the_places_they_cover() -> None:
    # The example: two tied winners at a 3-seat table get 2.5 each.
    assert points_of(TABLES, Outcome(game(1, 2, 3), (1, 1, 3), (0.0,) * 3)) == {1: 2.5, 2: 2.5, 3: 1.0}
    # Dense ranks mean the same: only the order of ranks matters.
    assert points_of(TABLES, Outcome(game(1, 2, 3), (1, 1, 2), (0.0,) * 3)) == {1: 2.5, 2: 2.5, 3: 1.0}
    # Three tied for second at a 4-seat table share places 2-4: (3 + 2 + 1) / 3.
    assert points_of(TABLES, Outcome(game(1, 2, 3, 4), (2, 1, 2, 2), (0.0,) * 4)) == {1: 2.0, 2: 4.0, 3: 2.0, 4: 2.0}


def test_custom_place_points_apply_to_every_table_size_and_run_out_at_zero() -> None:
    podium = Settings("tables", min_seats=2, max_seats=6, rounds=1, place_points=(10, 6, 3))
    assert points_of(podium, Outcome(game(1, 2, 3, 4), (1, 2, 3, 4), (0.0,) * 4)) == {1: 10, 2: 6, 3: 3, 4: 0}
    assert points_of(podium, Outcome(game(1, 2), (1, 1), (0.0,) * 2)) == {1: 8.0, 2: 8.0}
    shared = points_of(podium, Outcome(game(1, 2, 3, 4), (1, 2, 2, 2), (0.0,) * 4))
    assert shared[2] == pytest.approx(3.0) and shared[1] == 10.0


def test_a_forfeit_at_a_table_finishes_below_everyone_who_played() -> None:
    outcome = Outcome(game(1, 2, 3, 4), (1, 2, 3, 4), (0.0,) * 4, forfeited=(True, False, False, False))
    assert points_of(TABLES, outcome) == {1: 1.0, 2: 4.0, 3: 3.0, 4: 2.0}
    nobody = Outcome(game(1, 2, 3), (1, 1, 1), (0.0,) * 3, forfeited=(True, True, True))
    assert points_of(TABLES, nobody) == {1: 0.0, 2: 0.0, 3: 0.0}


def test_a_bye_at_tables_is_worth_an_average_seat_unless_set() -> None:
    bye = Outcome(game(9, bye=True), (1,), (0.0,))
    assert points_of(TABLES, bye) == {9: 2.5}  # (4 + 3 + 2 + 1) / 4 at the default 4-seat tables
    assert points_of(Settings("tables", min_seats=2, max_seats=6, rounds=1, table_size=3), bye) == {9: 2.0}
    assert points_of(Settings("tables", min_seats=2, max_seats=6, rounds=1, table_bye=1.0), bye) == {9: 1.0}


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        (Outcome(game(1, 2), (1,), (0.0, 0.0)), "one entry per seat"),
        (Outcome(game(1, 2), (1, 2), (0.0, 0.0), (True,)), "forfeited needs one entry per seat"),
        (Outcome(game(1, 1), (1, 2), (0.0, 0.0)), "holds two seats"),
        (Outcome(game(1, 2), (0, 1), (0.0, 0.0)), "ranks are integers from 1"),
        (Outcome(game(1, 2, bye=True), (1, 1), (0.0, 0.0)), "a bye has exactly one seat"),
        (Outcome(game(1, 2, 3), (1, 2, 3), (0.0,) * 3), "games have two seats, not 3"),
        (Outcome(Fixture(round=0, seats=(1, 2)), (1, 2), (0.0, 0.0)), "rounds count from 1"),
        (Outcome(Fixture(round=1, seats=(1, 2), bracket="consolation"), (1, 2), (0.0, 0.0)), "unknown bracket"),
    ],
)
def test_malformed_outcomes_are_refused(outcome: Outcome, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        points_of(TWO_SEAT, outcome)


def test_non_finite_scores_are_refused() -> None:
    with pytest.raises(FormatError, match="scores are finite numbers"):
        points_of(TWO_SEAT, Outcome(game(1, 2), (1, 2), (float("nan"), 0.0)))


def test_the_library_is_plain_python_without_django() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    code = "import sys, tournaments.formats; print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True,
                          env={"PATH": "", "PYTHONPATH": str(root)})
    assert done.stdout.strip() == "[]"
