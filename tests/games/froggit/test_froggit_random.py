"""Seeded random games: invariants after every move, the move generator against the move
checker, and garbage input (hypothesis)."""

from __future__ import annotations

import functools
import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import GameOverError, IllegalMoveError, NotationError
from games.froggit.board import CELL, CORNERS, HOPS, IS_PAD, NAMES, PADS, STEPS
from games.froggit.game import Froggit
from games.froggit.notation import FrogMove, parse_move
from games.froggit.routes import frog_route
from games.froggit.rules import LARGE, SMALL, FroggitState
from games.logs import verify_log
from tests.helpers import random_game_count

GAME = Froggit()
VARIANTS = [(players, version) for players in range(2, 7) for version in ("junior", "expert")]
#: Random games in all, shared between the variants (``make soak`` sets thousands).
GAMES = random_game_count(40)
#: Positions whose legal moves are compared with every candidate string the checker accepts.
POSITIONS = max(48, GAMES)


def new_state(players: int, version: str, family: str = "standard", max_rounds: int = 200) -> FroggitState:
    options = GAME.parse_options({"version": version, "family": family, "max_rounds": max_rounds},
                                 players)
    return GAME.new_state(options, players, {})


def snapshot(state: FroggitState) -> tuple:
    return (tuple(state.cells), [list(c) for c in state.at_start], [list(c) for c in state.at_home],
            state.fish, state.turn, state.fish_due, state.turns, state.winner, list(state.moves))


def check_invariants(state: FroggitState) -> None:
    expert = state.options["version"] == "expert"
    for seat in range(state.num_players):
        for size in (SMALL, LARGE):
            on_pads = sum(content.count(seat * 2 + size) for content in state.cells)
            total = state.at_start[seat][size] + state.at_home[seat][size] + on_pads
            assert total == state.family[size], (seat, size)
            assert state.at_start[seat][size] >= 0 and state.at_home[seat][size] >= 0
    for cell, content in enumerate(state.cells):
        assert len(content) <= (2 if expert else 1)
        if not IS_PAD[cell]:
            assert content == ()
        if len(content) == 2:
            below, above = content
            team = below & 1 == LARGE and above == below - 1
            trap = below & 1 == SMALL and above & 1 == LARGE and below >> 1 != above >> 1
            assert team or trap, content
    assert IS_PAD[state.fish] and state.cells[state.fish] == ()
    complete = [seat for seat in range(state.num_players) if state.at_home[seat] == list(state.family)]
    assert complete == ([] if state.winner is None else [state.winner])
    assert state.is_over() == (state.winner is not None or state.turns >= state.max_turns)
    assert state.scores() == [sum(home) for home in state.at_home]
    if state.fish_due:
        assert state.moves[-1].endswith(" home")


def play_random_game(players: int, version: str, seed: int, family: str) -> FroggitState:
    rng = random.Random(seed)
    state = new_state(players, version, family, max_rounds=60)
    while not state.is_over():
        legal = state.legal_actions(state.turn)
        assert legal and legal == sorted(set(legal))
        for seat in range(players):
            if seat != state.turn:
                assert state.legal_actions(seat) == []
        move = rng.choice(legal)
        quick = state.clone()
        quick.play(move)
        state.apply_move(move)
        assert snapshot(quick) == snapshot(state)
        check_invariants(state)
    return state


@pytest.mark.parametrize(("players", "version"), VARIANTS)
def test_random_games_keep_the_invariants(players: int, version: str) -> None:
    for index in range(max(1, GAMES // len(VARIANTS))):
        family = ("standard", "quick")[index % 2]
        state = play_random_game(players, version, 1000 * players + index, family)
        log = {"format": 1, "game": "froggit", "players": [f"p{seat}" for seat in range(players)],
               "options": dict(state.options), "moves": state.moves,
               "result": {"ranks": state.result().ranks, "scores": state.result().scores}}
        answer = verify_log(json.loads(json.dumps(log)))
        assert answer["valid"] and answer["finished"], answer
        assert answer["result"] == state.result().to_json()


def test_some_random_games_are_won() -> None:
    won = 0
    for seed in range(max(4, GAMES // 10)):
        rng = random.Random(seed)
        state = new_state(6, "expert", "quick")
        while not state.is_over():
            state.play(rng.choice(state.legal_actions(state.turn)))
        won += state.winner is not None
        check_invariants(state)
        assert state.result().detail == {"rounds": -(-state.turns // 6), "winner": state.winner}
    assert won


# -- the generator against the checker ----------------------------------------------------------

def candidate_moves(state: FroggitState) -> set[str]:
    """Every string a frog, team or fish move of the seat to move could be, by geometry
    alone: each landing a next cell or a cell two away in a straight line."""
    seat = state.turn
    start, home = state.starts[seat], state.finishes[seat]
    origins = [("start", start)] + [(NAMES[cell], cell) for cell in PADS if state.cells[cell]]
    candidates: set[str] = {f"fish {NAMES[cell]}" for cell in PADS}

    def landings(at: int) -> list[tuple[str, int]]:
        cells = set(STEPS[at]) | {onto for _, onto in HOPS[at]}
        return [("home" if cell == home else NAMES[cell], cell) for cell in sorted(cells)
                if IS_PAD[cell] or cell == home]

    for (origin, cell), size in itertools.product(origins, "SL"):
        paths = [((origin,), cell)]
        for _ in range(3 if size == "S" else 2):
            paths = [(path + (name,), landing) for path, at in paths if path[-1] != "home"
                     for name, landing in landings(at)]
            candidates.update(f"{size} {' '.join(path)}" for path, _ in paths)
        if origin != "start":
            candidates.update(f"T {origin} {name}" for name, _ in landings(cell))
    return candidates


@functools.cache
def positions(count: int) -> list[FroggitState]:
    """Positions of seeded random games, every seat count and version (do not mutate)."""
    found = []
    for index in range(count):
        players, version = VARIANTS[index % len(VARIANTS)]
        rng = random.Random(index)
        state = new_state(players, version)
        stop = rng.randrange(5, 120)
        while not state.is_over() and len(state.moves) < stop:
            state.play(rng.choice(state.legal_actions(state.turn)))
        if not state.is_over():
            found.append(state)
    return found


@pytest.mark.parametrize("index", range(12))
def test_legal_moves_are_exactly_the_moves_the_checker_accepts(index: int) -> None:
    for state in positions(POSITIONS)[index::12]:
        legal = state.legal_actions(state.turn)
        trial = state.clone()
        accepted = set()
        for move in candidate_moves(state):
            try:
                trial.apply_move(move)
            except IllegalMoveError:
                continue
            accepted.add(move)
            trial = state.clone()
        assert accepted == set(legal)


def test_a_route_is_played_exactly_where_the_checker_plays_the_move() -> None:
    """Replay's reading of a frog move (its route, then the frogs on its way) plays what the
    checker's :meth:`frog_path` finds legal, as :meth:`check_and_apply` plays it, and leaves
    the position alone where that finds none."""
    for state in positions(POSITIONS)[::4]:
        seat = state.turn
        before = snapshot(state)
        for move in sorted(candidate_moves(state)):
            parsed = parse_move(move)
            route = frog_route(move, state.starts[seat], state.finishes[seat])
            if type(parsed) is not FrogMove:
                assert route is False
                continue
            size = SMALL if parsed.size == "S" else LARGE
            found = state.frog_path(parsed, size)
            routed = state.clone()
            played = bool(route) and not state.fish_due and routed.play_route(route)  # type: ignore[arg-type]
            assert played == (found is not None), move
            if played:
                checked = state.clone()
                checked.check_and_apply(seat, move)
                routed.moves.append(move)
                assert snapshot(routed) == snapshot(checked), move
            else:
                assert snapshot(routed) == before, move
        assert snapshot(state) == before


def test_effects_are_the_distinct_ends_of_the_moves() -> None:
    for state in positions(24):
        seat = state.turn
        options = state.frog_options(seat)
        assert sorted(state.frog_effects(seat)) == sorted({option[:3] for option in options})
        assert len({option[3] for option in options}) == len(options)


def test_frog_moves_come_sorted_and_are_the_texts_of_the_frog_options() -> None:
    for state in positions(24):
        seat = state.turn
        moves = state.frog_moves(seat)
        assert moves == sorted(option[3] for option in state.frog_options(seat))


def test_a_listed_action_is_applied_as_the_checker_applies_it() -> None:
    for state in positions(24):
        seat = state.turn
        for move in state.legal_actions(seat)[::7]:
            listed, checked = state.clone(), state.clone()
            listed.legal_actions(seat)
            assert listed.is_listed(seat, move)
            listed.apply_action(seat, move)
            checked.check_and_apply(seat, move)
            assert snapshot(listed) == snapshot(checked)


def test_the_listed_actions_belong_to_the_position_they_were_listed_for() -> None:
    state = next(state for state in positions(12)
                 if not state.fish_due and state.frog_moves(state.turn)).clone()
    seat = state.turn
    legal = state.legal_actions(seat)
    legal.clear()
    assert state.legal_actions(seat), "the caller's copy, not the state's list, was emptied"
    move = next(move for move in state.legal_actions(seat) if move[0] in "SL" and not move.endswith("home"))
    assert state.is_listed(seat, move)
    # the position changes behind the list's back: the fish swims onto the move's last pad
    fish = state.fish
    state.fish = CELL[move.split(" ")[-1]]
    assert not state.is_listed(seat, move)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="fish"):
        state.apply_action(seat, move)
    assert snapshot(state) == before and move not in state.legal_actions(seat)
    state.fish = fish
    assert move in state.legal_actions(seat) and state.is_listed(seat, move)
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match="turn"):
        state.apply_action((seat + 1) % state.num_players, move)
    assert snapshot(state) == before
    assert not state.is_listed(seat, 42) and not state.is_listed(seat, None)


def test_clone_is_independent() -> None:
    state = positions(3)[-1]
    before = snapshot(state)
    copy = state.clone()
    copy.play(copy.legal_actions(copy.turn)[0])
    assert snapshot(state) == before and snapshot(copy) != before


def test_observation_is_json_and_rebuilds_the_position() -> None:
    for state in positions(20):
        for seat in range(state.num_players):
            seen = state.observation(seat)
            assert json.loads(json.dumps(seen)) == seen
            rebuilt = GAME.sample_state(seen, random.Random(0))
            assert snapshot(rebuilt)[:-1] == snapshot(state)[:-1]
            assert rebuilt.legal_actions(state.turn) == state.legal_actions(state.turn)


# -- garbage ------------------------------------------------------------------------------------

SAMPLES = positions(10)


def assert_clean_failure(state: FroggitState, move: str) -> None:
    """``move`` is played, and is legal, or raises a game error and changes nothing."""
    before = snapshot(state)
    legal = state.legal_actions(state.turn)
    try:
        state.apply_move(move)
    except (NotationError, IllegalMoveError, GameOverError) as error:
        assert str(error)
        assert snapshot(state) == before
        assert move not in legal
        return
    assert move in legal


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SAMPLES) - 1), st.text(max_size=40))
def test_any_text_is_a_move_or_a_clean_error(index: int, text: str) -> None:
    assert_clean_failure(SAMPLES[index].clone(), text)


TOKENS = ["S", "L", "T", "fish", "start", "home", "h9", "", " ", *NAMES]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(SAMPLES) - 1), st.data())
def test_mutated_real_moves_are_moves_or_clean_errors(index: int, data: st.DataObject) -> None:
    state = SAMPLES[index].clone()
    move = data.draw(st.sampled_from(state.legal_actions(state.turn)))
    tokens = move.split(" ")
    how = data.draw(st.sampled_from(["replace", "insert", "delete", "swap", "chars"]))
    position = data.draw(st.integers(0, len(tokens) - 1))
    if how == "replace":
        tokens[position] = data.draw(st.sampled_from(TOKENS))
    elif how == "insert":
        tokens.insert(position, data.draw(st.sampled_from(TOKENS)))
    elif how == "delete":
        del tokens[position]
    elif how == "swap":
        other = data.draw(st.integers(0, len(tokens) - 1))
        tokens[position], tokens[other] = tokens[other], tokens[position]
    mutated = " ".join(tokens)
    if how == "chars":
        at = data.draw(st.integers(0, len(mutated)))
        mutated = mutated[:at] + data.draw(st.text(max_size=3)) + mutated[at + 1:]
    assert_clean_failure(state, mutated)


def test_a_finished_game_refuses_every_move() -> None:
    state = play_random_game(2, "junior", 7, "quick")
    for move in ["S start b2", "fish d5", "nonsense"]:
        with pytest.raises(GameOverError):
            state.apply_move(move)


def test_parse_round_trips_every_legal_move() -> None:
    for state in SAMPLES:
        for move in state.legal_actions(state.turn):
            assert str(parse_move(move)) == move


def test_corners_are_never_landed_on_but_home() -> None:
    for state in SAMPLES:
        for move in state.legal_actions(state.turn):
            for token in move.split(" ")[2:]:
                assert token == "home" or IS_PAD[NAMES.index(token)]
                assert token not in {NAMES[corner] for corner in CORNERS}


@pytest.mark.parametrize(("players", "version", "family"),
                         [(2, "junior", "standard"), (6, "junior", "standard"), (2, "expert", "standard"),
                          (4, "expert", "quick"), (6, "expert", "standard")])
def test_a_random_action_is_the_choice_among_the_legal_ones(players: int, version: str, family: str) -> None:
    """``random_action`` answers what ``rng.choice(legal_actions(seat))`` picks, with the same
    single draw, in every position of seeded games: frogs still on the start space, fish moves
    due, frogs stacked (expert), seats with no frog move, the last turns before the end."""
    seen = {"fish due": 0, "start": 0, "late": 0}
    for seed in range(6):
        rng = random.Random(seed)
        state = new_state(players, version, family, max_rounds=60)
        while not state.is_over():
            seat = state.turn
            seen["fish due"] += state.fish_due
            seen["start"] += sum(state.at_start[seat]) > 0
            seen["late"] += state.turns >= state.max_turns - players
            mine, theirs = random.Random(), random.Random()
            mine.setstate(rng.getstate())
            theirs.setstate(rng.getstate())
            chosen = state.random_action(seat, mine)
            assert chosen == theirs.choice(state.clone().legal_actions(seat))  # no list kept here
            assert mine.getstate() == theirs.getstate()  # one draw, the same one
            trial = state.clone()
            state.apply_action(seat, chosen)  # played as the checker plays it, listed or not
            trial.check_and_apply(seat, chosen)
            assert snapshot(state) == snapshot(trial)
            rng.setstate(mine.getstate())
    assert all(seen.values()), seen


@settings(max_examples=400, deadline=None)
@given(fish=st.sampled_from(PADS), due=st.booleans(),
       pads=st.lists(st.sampled_from(["", "one", *["team"] * 8]), min_size=len(PADS), max_size=len(PADS)))
def test_the_fish_has_a_target_exactly_when_its_targets_are_listed(fish: int, due: bool, pads: list[str]) -> None:
    """Pads crowded with teams, so that the fish is often hemmed in."""
    state = new_state(2, "expert")
    for cell, what in zip(PADS, pads):
        state.cells[cell] = {"": (), "team": (1, 0), "one": (3,)}[what] if cell != fish else ()
    state.fish, state.fish_due = fish, due
    assert state.has_fish_target() == bool(state.fish_targets())


#: What a pad may hold in a two-seat game beside seat 0's one frog: mostly seat 1's frogs
#: (alone, as a team, trapping), so that seat 0 is often stuck; and that frog's pad.
OTHERS = [(), (2,), (3,), (3, 2), (3, 0), (1, 0), (0,)]
MINE = [(0,), (1,), (1, 0), (2, 1)]


@settings(max_examples=1500, deadline=None)
@given(version=st.sampled_from(["junior", "expert"]), mine=st.sampled_from(PADS), content=st.sampled_from(MINE),
       fish=st.sampled_from(PADS), at_start=st.lists(st.sampled_from([0, 0, 0, 1]), min_size=2, max_size=2),
       pads=st.lists(st.sampled_from([*OTHERS, (2,), (3,), (3, 2)]), min_size=len(PADS), max_size=len(PADS)))
def test_a_seat_has_a_frog_move_exactly_when_its_moves_are_listed(
        version: str, mine: int, content: tuple[int, ...], fish: int, at_start: list[int],
        pads: list[tuple[int, ...]]) -> None:
    """On crowded ponds, where seat 0 is often stuck, with the fish in the way or not."""
    state = new_state(2, version)
    for cell, held in zip(PADS, pads):
        state.cells[cell] = held
    state.cells[mine] = content
    if fish != mine:
        state.cells[fish] = ()
        state.fish = fish
    state.at_start[0] = at_start
    assert state.has_frog_move(0) == bool(state.frog_moves(0) or state.team_options(0))


def test_a_seat_of_the_seeded_games_has_a_frog_move_exactly_when_its_moves_are_listed() -> None:
    for state in positions(POSITIONS):
        for seat in range(state.num_players):
            assert state.has_frog_move(seat) == bool(state.frog_moves(seat) or state.team_options(seat))
