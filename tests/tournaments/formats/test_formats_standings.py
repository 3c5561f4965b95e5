"""Standings and tie-breaks on small crosstables computed by hand."""

from __future__ import annotations

import pytest

from tournaments.formats import FormatError, Fixture, Outcome, Settings, crosstable, standings


def played(round: int, a: int, b: int, winner: int | None, scores: tuple[float, float], pairing: int = 0) -> Outcome:
    ranks = (1, 1) if winner is None else (1, 2) if winner == a else (2, 1)
    return Outcome(Fixture(round=round, seats=(a, b), pairing=pairing), ranks, scores)


def bye(round: int, entrant: int, pairing: int) -> Outcome:
    return Outcome(Fixture(round=round, seats=(entrant,), bye=True, pairing=pairing), (1,), (0.0,))


# Five entrants, three Swiss rounds, one bye a round (scores are the games' own):
#
#   round 1:  1-2 won by 1 (5:2)   3-4 drawn (4:4)   5 bye
#   round 2:  5-1 drawn (3:3)      2-3 won by 2 (6:1) 4 bye
#   round 3:  1-4 won by 4 (2:7)   3-5 won by 3 (5:0) 2 bye
#
# Points: 1 = 1 + ½ + 0 = 1½; 2 = 0 + 1 + 1 (bye) = 2; 3 = ½ + 0 + 1 = 1½;
#         4 = ½ + 1 (bye) + 1 = 2½; 5 = 1 (bye) + ½ + 0 = 1½.
#
# Buchholz (opponents' points, a bye a 0 term):
#   1: 2 (2) + 5 (1½) + 4 (2½) = 6        2: 1 (1½) + 3 (1½) + bye 0 = 3
#   3: 4 (2½) + 2 (2) + 5 (1½) = 6        4: 3 (1½) + bye 0 + 1 (1½) = 3
#   5: bye 0 + 1 (1½) + 3 (1½) = 3
# Buchholz cut-1 (less the lowest term): 1: 6 - 1½ = 4½; 3: 6 - 1½ = 4½; 2, 4, 5: 3 - 0 = 3.
# Sonneborn-Berger (beaten: their points; drawn: half):
#   1: beat 2 (2) + drew 5 (¾) = 2¾       2: beat 3 (1½) = 1½
#   3: drew 4 (1¼) + beat 5 (1½) = 2¾     4: drew 3 (¾) + beat 1 (1½) = 2¼
#   5: drew 1 (¾) = ¾
# Wins: 1, 2, 3, 4 one each; 5 none. Fixture scores: 1 = 5+3+2 = 10; 2 = 2+6 = 8;
#   3 = 4+1+5 = 10; 4 = 4+7 = 11; 5 = 3+0 = 3.
# Head-to-head among the three on 1½ (1, 3, 5): 1 drew 5 (½); 3 beat 5 (1); 5 drew 1 (½).
ENTRANTS = [1, 2, 3, 4, 5]
OUTCOMES = [
    played(1, 1, 2, 1, (5, 2)), played(1, 3, 4, None, (4, 4), pairing=1), bye(1, 5, 2),
    played(2, 5, 1, None, (3, 3)), played(2, 2, 3, 2, (6, 1), pairing=1), bye(2, 4, 2),
    played(3, 1, 4, 4, (2, 7)), played(3, 3, 5, 3, (5, 0), pairing=1), bye(3, 2, 2),
]
EVERY_TIEBREAK = ("buchholz", "buchholz_cut1", "sonneborn_berger", "head_to_head", "wins", "game_score")


def test_points_and_every_tiebreak_match_the_hand_computed_values() -> None:
    config = Settings("swiss", rounds=3, tiebreaks=EVERY_TIEBREAK)
    table = {row.entrant: row for row in standings(config, ENTRANTS, OUTCOMES)}
    assert {entrant: row.points for entrant, row in table.items()} == {1: 1.5, 2: 2.0, 3: 1.5, 4: 2.5, 5: 1.5}
    expected = {
        1: {"buchholz": 6.0, "buchholz_cut1": 4.5, "sonneborn_berger": 2.75, "wins": 1.0, "game_score": 10.0},
        2: {"buchholz": 3.0, "buchholz_cut1": 3.0, "sonneborn_berger": 1.5, "wins": 1.0, "game_score": 8.0},
        3: {"buchholz": 6.0, "buchholz_cut1": 4.5, "sonneborn_berger": 2.75, "wins": 1.0, "game_score": 10.0},
        4: {"buchholz": 3.0, "buchholz_cut1": 3.0, "sonneborn_berger": 2.25, "wins": 1.0, "game_score": 11.0},
        5: {"buchholz": 3.0, "buchholz_cut1": 3.0, "sonneborn_berger": 0.75, "wins": 0.0, "game_score": 3.0},
    }
    for entrant, values in expected.items():
        row = table[entrant]
        assert list(row.tiebreaks) == list(EVERY_TIEBREAK)  # in the settings' order
        assert {name: row.tiebreaks[name] for name in values} == values
    assert (table[4].played, table[4].wins, table[4].draws, table[4].losses, table[4].byes) == (2, 1, 1, 0, 1)
    assert (table[5].played, table[5].wins, table[5].draws, table[5].losses, table[5].byes) == (2, 0, 1, 1, 1)


def test_the_default_tiebreaks_leave_1_and_3_level_sharing_third_in_seed_order() -> None:
    # 4 (2½), 2 (2), then 1, 3, 5 on 1½: Buchholz 6, 6, 3; 1 and 3 are level on
    # Sonneborn-Berger (2¾) and wins (1) too, so they share third, listed in seed order.
    table = standings(Settings("swiss", rounds=3), ENTRANTS, OUTCOMES)
    assert [(row.rank, row.entrant) for row in table] == [(1, 4), (2, 2), (3, 1), (3, 3), (5, 5)]


def test_head_to_head_counts_only_games_among_those_still_tied() -> None:
    # Among 1, 3, 5 on 1½: head-to-head 1 = ½, 3 = 1, 5 = ½, so 3 leads; 1 and 5 are then
    # split by Buchholz cut-1 (4½ against 3).
    config = Settings("swiss", rounds=3, tiebreaks=("head_to_head", "buchholz_cut1"))
    table = standings(config, ENTRANTS, OUTCOMES)
    assert [(row.rank, row.entrant) for row in table] == [(1, 4), (2, 2), (3, 3), (4, 1), (5, 5)]
    values = {row.entrant: row.tiebreaks["head_to_head"] for row in table}
    assert values == {4: 0.0, 2: 0.0, 3: 1.0, 1: 0.5, 5: 0.5}  # 0 for those tied with nobody


def test_the_crosstable_lists_each_result_against_each_opponent() -> None:
    grid = crosstable(Settings("swiss", rounds=3), ENTRANTS, OUTCOMES)
    assert grid == {
        1: {2: [1.0], 3: [], 4: [0.0], 5: [0.5]},
        2: {1: [0.0], 3: [1.0], 4: [], 5: []},
        3: {1: [], 2: [0.0], 4: [0.5], 5: [1.0]},
        4: {1: [1.0], 2: [], 3: [0.5], 5: []},
        5: {1: [0.5], 2: [], 3: [0.0], 4: []},
    }


def test_without_tiebreaks_entrants_on_equal_points_share_a_rank() -> None:
    table = standings(Settings("swiss", rounds=3, tiebreaks=()), ENTRANTS, OUTCOMES)
    assert [(row.rank, row.entrant) for row in table] == [(1, 4), (2, 2), (3, 1), (3, 3), (3, 5)]


def test_configured_points_change_points_and_sonneborn_berger_alike() -> None:
    # Win 3, draw 1, bye 3: 1 = 3 + 1 + 0 = 4; 4 = 1 + 3 + 3 = 7; 1 beat 2 (0 + 3 + 3 = 6) and
    # drew 5 (3 + 1 + 0 = 4): Sonneborn-Berger 6 + 4/2 = 8.
    config = Settings("swiss", rounds=3, win=3, draw=1, bye=3)
    table = {row.entrant: row for row in standings(config, ENTRANTS, OUTCOMES)}
    assert (table[1].points, table[4].points, table[1].tiebreaks["sonneborn_berger"]) == (4.0, 7.0, 8.0)


def test_a_no_show_is_a_loss_for_the_absent_seat() -> None:
    no_show = Outcome(Fixture(round=1, seats=(1, 2)), (2, 1), (0.0, 0.0), forfeited=(True, False))
    table = {row.entrant: row for row in standings(Settings("swiss", rounds=1), [1, 2], [no_show])}
    assert (table[1].points, table[1].losses, table[2].points, table[2].wins) == (0.0, 1, 1.0, 1)


# Tables of up to 3 seats, four entrants, default place points (n down to 1), byes worth the
# average seat of a 3-seat table: (3 + 2 + 1) / 3 = 2.
#
#   round 1:  table (1, 2, 3) ranks (1, 1, 3): 1 and 2 share places 1-2 -> 2½ each; 3 gets 1.
#             4 has a bye -> 2.
#   round 2:  table (4, 1) ranks (1, 2): 4 -> 2, 1 -> 1.  table (3, 2) ranks (1, 1): 1½ each.
#
# Points: 1 = 2½ + 1 = 3½; 2 = 2½ + 1½ = 4; 3 = 1 + 1½ = 2½; 4 = 2 + 2 = 4.
# Buchholz (every other seat at each table; a bye a 0 term):
#   1: 2 (4) + 3 (2½) + 4 (4) = 10½      2: 1 (3½) + 3 (2½) + 3 (2½) = 8½
#   3: 1 (3½) + 2 (4) + 2 (4) = 11½      4: bye 0 + 1 (3½) = 3½
# Sonneborn-Berger (ahead: their points, level: half):
#   1: level with 2 (2) + ahead of 3 (2½) = 4½        2: level 1 (1¾) + ahead 3 (2½) + level 3 (1¼) = 5½
#   3: level with 2 in round 2 (2) = 2                4: ahead of 1 (3½) = 3½
# Wins (first place alone): only 4 (round 2). 2 and 4 on 4 points: Buchholz 8½ puts 2 first.
TABLE_OUTCOMES = [
    Outcome(Fixture(round=1, seats=(1, 2, 3)), (1, 1, 3), (10.0, 10.0, 4.0)),
    Outcome(Fixture(round=1, seats=(4,), bye=True, pairing=1), (1,), (0.0,)),
    Outcome(Fixture(round=2, seats=(4, 1)), (1, 2), (8.0, 3.0)),
    Outcome(Fixture(round=2, seats=(3, 2), pairing=1), (1, 1), (5.0, 5.0)),
]
TABLE_SETTINGS = Settings("tables", min_seats=2, max_seats=6, table_size=3, rounds=2,
                          tiebreaks=("buchholz", "sonneborn_berger", "wins", "game_score"))


def test_table_standings_match_the_hand_computed_values() -> None:
    table = standings(TABLE_SETTINGS, [1, 2, 3, 4], TABLE_OUTCOMES)
    assert [(row.rank, row.entrant, row.points) for row in table] == [(1, 2, 4.0), (2, 4, 4.0), (3, 1, 3.5),
                                                                      (4, 3, 2.5)]
    values = {row.entrant: row.tiebreaks for row in table}
    assert values[1] == {"buchholz": 10.5, "sonneborn_berger": 4.5, "wins": 0.0, "game_score": 13.0}
    assert values[2] == {"buchholz": 8.5, "sonneborn_berger": 5.5, "wins": 0.0, "game_score": 15.0}
    assert values[3] == {"buchholz": 11.5, "sonneborn_berger": 2.0, "wins": 0.0, "game_score": 9.0}
    assert values[4] == {"buchholz": 3.5, "sonneborn_berger": 3.5, "wins": 1.0, "game_score": 8.0}
    rows = {row.entrant: row for row in table}
    assert (rows[2].wins, rows[2].draws, rows[2].losses) == (0, 2, 0)  # shared firsts count as draws
    assert (rows[4].wins, rows[4].byes, rows[4].played) == (1, 1, 1)


def test_the_table_crosstable_says_who_finished_ahead_of_whom() -> None:
    grid = crosstable(TABLE_SETTINGS, [1, 2, 3, 4], TABLE_OUTCOMES)
    assert grid[1] == {2: [0.5], 3: [1.0], 4: [0.0]}
    assert grid[2] == {1: [0.5], 3: [1.0, 0.5], 4: []}
    assert grid[3] == {1: [0.0], 2: [0.0, 0.5], 4: []}
    assert grid[4] == {1: [1.0], 2: [], 3: []}


def test_standings_come_out_identical_every_time_whatever_the_order_of_outcomes() -> None:
    config = Settings("swiss", rounds=3, tiebreaks=EVERY_TIEBREAK)
    first = standings(config, ENTRANTS, OUTCOMES)
    assert repr(first) == repr(standings(config, ENTRANTS, list(reversed(OUTCOMES))))
    assert repr(crosstable(config, ENTRANTS, OUTCOMES)) == repr(crosstable(config, ENTRANTS, OUTCOMES[::-1]))


def test_standings_refuse_outcomes_that_do_not_fit_the_entrants() -> None:
    config = Settings("swiss", rounds=3)
    with pytest.raises(FormatError, match="entrant 5 played a game but is not among the entrants"):
        standings(config, [1, 2, 3, 4], OUTCOMES)
    with pytest.raises(FormatError, match="withdrawn entrant 9 is not among the entrants"):
        standings(config, ENTRANTS, OUTCOMES, withdrawn=[9])
    with pytest.raises(FormatError, match="has two outcomes"):
        standings(config, ENTRANTS, [*OUTCOMES, OUTCOMES[0]])


def test_each_standing_counts_the_games_played_from_the_first_seat() -> None:
    rows = {row.entrant: row for row in standings(Settings("swiss", rounds=3), ENTRANTS, OUTCOMES)}
    # Seat 0: round 1 entrants 1 and 3, round 2 entrants 5 and 2, round 3 entrants 1 and 3; byes do not count.
    assert {entrant: row.first_seat for entrant, row in rows.items()} == {1: 2, 2: 1, 3: 2, 4: 0, 5: 1}
    # A best-of-three pairing counts every game: 1 opens and plays the third game from seat 0.
    games = [Outcome(Fixture(round=1, seats=seats, number=number), ranks, (0.0, 0.0))
             for number, (seats, ranks) in enumerate([((1, 2), (1, 2)), ((2, 1), (1, 2)), ((1, 2), (2, 1))])]
    rows = {row.entrant: row for row in standings(Settings("round_robin", best_of=3), [1, 2], games)}
    assert (rows[1].first_seat, rows[2].first_seat, rows[1].played) == (2, 1, 1)
    # At a table the first seat is seat 0 too.
    table = Outcome(Fixture(round=1, seats=(3, 1, 2)), (1, 2, 3), (0.0, 0.0, 0.0))
    rows = {row.entrant: row for row in standings(Settings("tables", min_seats=3, max_seats=3, rounds=1), [1, 2, 3],
                                                  [table])}
    assert {entrant: row.first_seat for entrant, row in rows.items()} == {1: 0, 2: 0, 3: 1}
def test_an_absence_scores_nothing_is_no_bye_and_no_game_played() -> None:
    """A no-show's absence: zero points, counted apart from byes and games played."""
    from tournaments.formats import Fixture, Outcome, Settings, standings
    from tournaments.formats.ledger import Ledger

    rules = Settings(format="swiss", rounds=2)
    played = Outcome(game=Fixture(round=1, seats=(1, 2)), ranks=(1, 2), scores=(1, 0))
    absent = Outcome(game=Fixture(round=1, seats=(3,), bye=True, pairing=1, absent=True), ranks=(1,), scores=(0,))
    bye = Outcome(game=Fixture(round=2, seats=(3,), bye=True, pairing=1), ranks=(1,), scores=(0,))
    ledger = Ledger(rules, [1, 2, 3], [played, absent])
    assert ledger.byes[3] == 0 and ledger.points[3] == 0
    rows = {row.entrant: row for row in standings(rules, [1, 2, 3], [played, absent, bye])}
    assert rows[3].points == 1.0 and rows[3].absences == 1 and rows[3].byes == 1 and rows[3].played == 0
    assert rows[1].absences == 0
