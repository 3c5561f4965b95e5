"""Single and double elimination: seeded brackets with byes for every entrant count 2-33,
replays of drawn games, walkovers, and standings by how far entrants got."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tournaments.formats import FormatError, Fixture, Outcome, Settings, make_format, standings

SINGLE = Settings("single_elimination")
DOUBLE = Settings("double_elimination")


def better_seed_wins(game: Fixture, rng: random.Random) -> Outcome:
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    a, b = game.seats
    return Outcome(game, (1, 2) if a < b else (2, 1), (0.0, 0.0))


def anything_goes(game: Fixture, rng: random.Random) -> Outcome:
    """Random results, a third of them draws (so replays happen)."""
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    roll = rng.random()
    return Outcome(game, (1, 1) if roll < 1 / 3 else (1, 2) if roll < 2 / 3 else (2, 1), (0.0, 0.0))


def play(config: Settings, count: int, decide, seed: int = 0, active: list[int] | None = None) -> list[Outcome]:
    entrants = list(range(1, count + 1))
    fmt = make_format(config, entrants)
    rng = random.Random(seed)
    outcomes: list[Outcome] = []
    active = entrants if active is None else active
    while games := fmt.next_games(outcomes, active):
        assert len({game.round for game in games}) == 1  # one round at a time
        keys = [(game.round, game.bracket, game.pairing) for game in games]
        assert len(keys) == len(set(keys))
        outcomes += [decide(game, rng) for game in games]
        assert len(outcomes) < 50 * count
    return outcomes


def pairing_losers(outcomes: list[Outcome], config: Settings, count: int) -> Counter[int]:
    """Losses per entrant, one per decided pairing (from the standings' own count)."""
    return Counter({row.entrant: row.losses for row in standings(config, list(range(1, count + 1)), outcomes)})


@pytest.mark.parametrize("count", range(2, 34))
def test_single_elimination_bracket_with_byes_to_the_top_seeds(count: int) -> None:
    size = 1 << (count - 1).bit_length()
    fmt = make_format(SINGLE, list(range(1, count + 1)))
    assert fmt.total_rounds() == size.bit_length() - 1
    first = fmt.next_games([], list(range(1, count + 1)))
    assert sorted(e for game in first for e in game.seats) == list(range(1, count + 1))
    byes = sorted(game.seats[0] for game in first if game.bye)
    assert byes == list(range(1, size - count + 1))  # the top seeds, as many as the bracket has room
    for game in first:
        if not game.bye:
            assert sum(game.seats) == size + 1  # seed s meets seed size+1-s
    outcomes = play(SINGLE, count, better_seed_wins)
    final_round = fmt.total_rounds()
    (final,) = [o.game for o in outcomes if o.game.round == final_round]
    assert sorted(final.seats) == [1, 2]  # the top two seeds can only meet in the final
    table = standings(SINGLE, list(range(1, count + 1)), outcomes)
    assert table[0].entrant == 1 and table[0].eliminated_in is None
    assert table[1].entrant == 2 and table[1].eliminated_in == final_round


@pytest.mark.parametrize("count", range(2, 34))
def test_single_elimination_with_draws_crowns_one_champion(count: int) -> None:
    outcomes = play(SINGLE, count, anything_goes, seed=count)
    losses = pairing_losers(outcomes, SINGLE, count)
    assert sorted(losses.values()) == [0] + [1] * (count - 1)  # everyone but the champion lost once
    for entrant, lost in losses.items():
        if lost:
            out = max(o.game.round for o in outcomes if entrant in o.game.seats)
            assert not any(entrant in o.game.seats for o in outcomes if o.game.round > out)


@pytest.mark.parametrize("count", range(2, 34))
def test_double_elimination_puts_out_everyone_but_the_champion_after_two_losses(count: int) -> None:
    config = DOUBLE
    for seed in range(2):
        outcomes = play(config, count, anything_goes, seed=seed)
        losses = pairing_losers(outcomes, config, count)
        champion = [entrant for entrant, lost in losses.items() if lost < 2]
        assert len(champion) == 1 and losses[champion[0]] <= 1
        assert sum(losses.values()) in (2 * count - 2, 2 * count - 1)  # 2n-1 after a bracket reset
        table = standings(config, list(range(1, count + 1)), outcomes)
        assert table[0].entrant == champion[0] and table[0].eliminated_in is None
        assert all(row.eliminated_in is not None for row in table[1:])
        rounds_out = [row.eliminated_in for row in table[1:]]
        assert rounds_out == sorted(rounds_out, reverse=True)  # who went out later ranks higher
        for row in table[1:]:
            later = [o for o in outcomes if row.entrant in o.game.seats and o.game.round > row.eliminated_in]
            assert later == []  # nobody plays after going out
        fmt = make_format(config, list(range(1, count + 1)))
        assert fmt.total_rounds() is None and fmt.max_rounds() == 2 * fmt.depth + 1
        assert max(o.game.round for o in outcomes) <= fmt.max_rounds()


def test_double_elimination_with_seeds_winning_has_no_reset_and_seed_two_second() -> None:
    outcomes = play(DOUBLE, 8, better_seed_wins)
    brackets = Counter(o.game.bracket for o in outcomes)
    assert brackets == {"winners": 7, "losers": 6, "final": 1}
    (final,) = [o.game for o in outcomes if o.game.bracket == "final"]
    assert final.round == 6 and sorted(final.seats) == [1, 2]
    table = standings(DOUBLE, list(range(1, 9)), outcomes)
    assert [row.entrant for row in table[:2]] == [1, 2]


def test_the_bracket_resets_when_the_losers_bracket_champion_wins_the_final() -> None:
    fmt = make_format(DOUBLE, [1, 2])
    outcomes: list[Outcome] = []
    (game,) = fmt.next_games(outcomes, [1, 2])
    assert (game.round, game.bracket) == (1, "winners")
    outcomes.append(Outcome(game, (1, 2) if game.seats[0] == 1 else (2, 1), (0.0, 0.0)))  # 1 wins
    (final,) = fmt.next_games(outcomes, [1, 2])
    assert (final.round, final.bracket) == (2, "final")
    outcomes.append(Outcome(final, (1, 2) if final.seats[0] == 2 else (2, 1), (0.0, 0.0)))  # 2 wins
    (reset,) = fmt.next_games(outcomes, [1, 2])
    assert (reset.round, reset.bracket, reset.pairing) == (3, "final", 0)
    outcomes.append(Outcome(reset, (1, 2) if reset.seats[0] == 2 else (2, 1), (0.0, 0.0)))
    assert fmt.next_games(outcomes, [1, 2]) == []
    assert [(row.entrant, row.eliminated_in) for row in standings(DOUBLE, [1, 2], outcomes)] == [(2, None), (1, 3)]


def test_losers_drop_in_reversed_so_round_one_opponents_do_not_meet_again_at_once() -> None:
    outcomes = play(DOUBLE, 8, better_seed_wins)
    first = {frozenset(o.game.seats) for o in outcomes if o.game.bracket == "winners" and o.game.round == 1}
    drop_in = [o.game for o in outcomes if o.game.bracket == "losers" and o.game.round == 3]
    assert drop_in and all(frozenset(game.seats) not in first for game in drop_in)


@pytest.mark.parametrize("config", [SINGLE, DOUBLE])
def test_a_drawn_game_is_replayed_with_seats_swapped_then_the_better_seed_advances(config: Settings) -> None:
    fmt = make_format(config, [5, 9])  # 5 is the better seed
    outcomes: list[Outcome] = []
    played = []
    for _ in range(4):
        (game,) = fmt.next_games(outcomes, [5, 9])
        played.append(game)
        outcomes.append(Outcome(game, (1, 1), (0.0, 0.0)))
    assert [game.number for game in played] == [0, 1, 2, 3]
    assert all(later.seats == tuple(reversed(earlier.seats)) for earlier, later in zip(played, played[1:]))
    assert len({(game.round, game.pairing, game.bracket) for game in played}) == 1
    nxt = fmt.next_games(outcomes, [5, 9])
    if config is SINGLE:
        assert nxt == []
    else:
        assert nxt[0].bracket == "final" and set(nxt[0].seats) == {5, 9}  # 9 lost once and drops
    table = standings(config, [5, 9], outcomes)
    assert table[0].entrant == 5 and table[1].losses == 1


def test_a_decisive_replay_settles_the_pairing() -> None:
    fmt = make_format(SINGLE, [1, 2])
    (first,) = fmt.next_games([], [1, 2])
    outcomes = [Outcome(first, (1, 1), (0.0, 0.0))]
    (replay,) = fmt.next_games(outcomes, [1, 2])
    outcomes.append(Outcome(replay, (1, 2), (0.0, 0.0)))  # seat 0 of the replay wins
    assert fmt.next_games(outcomes, [1, 2]) == []
    assert standings(SINGLE, [1, 2], outcomes)[0].entrant == replay.seats[0]


def test_with_no_replays_allowed_the_better_seed_advances_at_once() -> None:
    config = Settings("single_elimination", max_replays=0)
    fmt = make_format(config, [1, 2])
    (game,) = fmt.next_games([], [1, 2])
    outcomes = [Outcome(game, (1, 1), (0.0, 0.0))]
    assert fmt.next_games(outcomes, [1, 2]) == []
    assert standings(config, [1, 2], outcomes)[0].entrant == 1


def test_best_of_three_level_after_three_games_goes_to_replays() -> None:
    config = Settings("single_elimination", best_of=3)
    fmt = make_format(config, [1, 2])
    outcomes: list[Outcome] = []
    for ranks in [(1, 2), (1, 2), (1, 1)]:  # alternating seats: 1 wins, 2 wins, a draw -> 1½ each
        (game,) = fmt.next_games(outcomes, [1, 2])
        outcomes.append(Outcome(game, ranks, (0.0, 0.0)))
    (replay,) = fmt.next_games(outcomes, [1, 2])
    assert replay.number == 3 and replay.seats == (2, 1)
    outcomes.append(Outcome(replay, (1, 2), (0.0, 0.0)))
    assert fmt.next_games(outcomes, [1, 2]) == []
    assert standings(config, [1, 2], outcomes)[0].entrant == 2


def test_a_withdrawn_entrants_opponent_advances_on_a_bye() -> None:
    entrants = [1, 2, 3, 4]
    fmt = make_format(SINGLE, entrants)
    round_one = fmt.next_games([], [1, 2, 3])  # 4 withdrew before round 1
    assert Fixture(round=1, seats=(1,), bye=True, pairing=0) in round_one
    outcomes = [better_seed_wins(game, random.Random(0)) for game in round_one]
    final = fmt.next_games(outcomes, [1, 2, 3])
    assert [sorted(game.seats) for game in final] == [[1, 2]]
    outcomes += [better_seed_wins(game, random.Random(0)) for game in final]
    table = standings(SINGLE, entrants, outcomes, withdrawn=[4])
    assert [(row.entrant, row.eliminated_in, row.withdrawn) for row in table] == [
        (1, None, False), (2, 2, False), (3, 1, False), (4, 1, True)]


def test_an_entrant_who_withdraws_mid_pairing_loses_it() -> None:
    config = Settings("single_elimination", best_of=3)
    fmt = make_format(config, [1, 2])
    (game,) = fmt.next_games([], [1, 2])
    outcomes = [Outcome(game, (1, 2), (0.0, 0.0))]  # 1 leads 1-0
    assert fmt.next_games(outcomes, [2]) == []   # 1 withdraws: 2 advances, and has won
    table = standings(config, [1, 2], outcomes, withdrawn=[1])
    assert [(row.entrant, row.wins, row.losses) for row in table] == [(2, 1, 0), (1, 0, 1)]


def test_standings_share_ranks_between_entrants_out_in_the_same_round_without_tiebreaks() -> None:
    config = Settings("single_elimination", tiebreaks=())
    outcomes = play(config, 8, better_seed_wins)
    table = standings(config, list(range(1, 9)), outcomes)
    assert [(row.rank, row.entrant) for row in table] == [
        (1, 1), (2, 2), (3, 3), (3, 4), (5, 5), (5, 6), (5, 7), (5, 8)]


def test_elimination_refuses_late_entries_and_pairing_ahead() -> None:
    fmt = make_format(SINGLE, [1, 2, 3, 4])
    with pytest.raises(FormatError, match="late entries are possible only in"):
        fmt.next_games([], [1, 2, 3, 4, 5])
    with pytest.raises(FormatError, match="round 2 cannot be paired before round 1 is decided"):
        fmt.propose_round(2, [], [1, 2, 3, 4])
    assert [sorted(g.seats) for g in fmt.propose_round(1, [], [1, 2, 3, 4])] == [[1, 4], [2, 3]]


def test_a_bye_stored_without_its_bracket_is_refused_rather_than_paired_again() -> None:
    fmt = make_format(DOUBLE, [1, 2, 3])
    outcomes = [better_seed_wins(game, random.Random(0)) for game in fmt.next_games([], [1, 2, 3])]
    games = fmt.next_games(outcomes, [1, 2, 3])
    (losers_bye,) = [game for game in games if game.bye]
    assert losers_bye.bracket == "losers"
    stripped = Fixture(round=losers_bye.round, seats=losers_bye.seats, bye=True, pairing=losers_bye.pairing)
    played = [better_seed_wins(game, random.Random(0)) for game in games if not game.bye]
    with pytest.raises(FormatError, match="store each game's bracket as the format returned it, byes included"):
        fmt.next_games([*outcomes, *played, Outcome(stripped, (1,), (0.0,))], [1, 2, 3])
