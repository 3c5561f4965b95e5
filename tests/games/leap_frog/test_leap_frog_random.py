"""Seeded random games of every variant checking invariants, an independent move generator,
and garbage input (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import IllegalMoveError, NotationError
from games.leap_frog.game import LeapFrog
from games.leap_frog.rules import (VARIANTS, LeapFrogState, capture_list, capture_notations, has_capture,
                                   random_capture, starts_of)
from games.logs import verify_log
from tests.helpers import random_game_count

GAME = LeapFrog()


def random_options(variant: str, rng: random.Random) -> tuple[dict, int]:
    players = rng.randint(2, 6)
    raw: dict = {"variant": variant}
    if variant != "capture":
        raw.update(rows=rng.choice([4, 5, 6, 7, 8, 9, 12, 15]), cols=rng.choice([4, 5, 6, 8, 11, 15]),
                   diagonal=rng.random() < 0.3)
        if raw["rows"] * raw["cols"] > 100 and rng.random() < 0.7:
            raw.update(rows=rng.randint(4, 8), cols=rng.randint(4, 8))
    return GAME.parse_options(raw, players), players


def piece_value(state: LeapFrogState, label: str) -> int:
    variant = state.variant
    return variant.value(variant.letters.index(label) + 1) if variant.coloured else 1


def oracle_moves(state: LeapFrogState) -> set[str]:
    """Every legal move, found by trying every path of leap shapes against ``check_path``,
    independently of the engine's generator."""
    board = state.board
    if state.in_opening():
        found = set()
        for cell in range(len(board)):
            try:
                state.check_path((cell,))
            except IllegalMoveError:
                continue
            found.add(board.name(cell))
        return found
    lands: dict[int, list[int]] = {}
    for (start, land) in board.over:
        lands.setdefault(start, []).append(land)
    found = set()

    def extend(path: tuple[int, ...]) -> None:
        for land in lands.get(path[-1], []):
            longer = path + (land,)
            try:
                state.check_path(longer)
            except IllegalMoveError:
                continue
            found.add(board.path_name(longer))
            extend(longer)

    for cell in range(len(board)):
        if state.cells[cell]:
            extend((cell,))
    return found


def test_kept_captures_follow_every_position_on_the_board() -> None:
    """A large board keeps each piece's captures between listings, shared by every position
    on it: two games played in turn on one board, and a position set up by hand, list what a
    fresh search lists."""
    options = GAME.parse_options({"variant": "murray", "rows": 15, "cols": 15}, 2)
    rng = random.Random(7)
    states = [GAME.new_state(options, 2, GAME.random_setup(options, 2, rng)) for _ in range(2)]
    listed = 0
    while not all(state.is_over() for state in states):
        for state in states:
            if state.is_over():
                continue
            legal = state.legal_actions(state.seat_to_move())
            if not state.in_opening():
                fresh = sorted(capture_notations(list(state.cells), state.board, starts_of(state.board, state.pieces)))
                assert legal == fresh
                listed += 1
            state.apply_action(state.seat_to_move(), rng.choice(legal))
    picture = ["".join(rng.choice("GRYW..") for _ in range(15)) for _ in range(15)]
    by_hand = GAME.position(options, 2, picture, ply=2)
    fresh = sorted(capture_notations(list(by_hand.cells), by_hand.board, starts_of(by_hand.board, by_hand.pieces)))
    assert capture_list(by_hand.occupancy(), by_hand.board, by_hand.pieces) == fresh
    assert listed > 100


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_filled_cells_follow_the_pieces_through_clones_and_search_moves(variant: str) -> None:
    """``filled`` is the occupancy of ``cells``, once asked for, after moves made as a search
    makes them (``play``, unrecorded) and on clones, each on its own board list."""
    rng = random.Random(f"filled-{variant}")
    options, players = random_options(variant, rng)
    state = GAME.new_state(options, players, GAME.random_setup(options, players, rng))
    assert (state.filled is None) == state.coloured
    assert state.occupancy() == [1 if code else 0 for code in state.cells]
    while not state.is_over():
        copy = state.clone()
        path, _ = rng.choice(state.legal_paths())
        state.play(path, record=False)
        assert state.filled == [1 if code else 0 for code in state.cells]
        assert copy.filled == [1 if code else 0 for code in copy.cells] != state.filled
        if not copy.in_opening():
            fresh = sorted(capture_notations(list(copy.cells), copy.board, starts_of(copy.board, copy.pieces)))
            assert copy.legal_actions(copy.seat_to_move()) == fresh


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_games_keep_the_invariants(variant: str) -> None:
    rng = random.Random(f"leap_frog-{variant}")
    for _ in range(random_game_count(80)):
        options, players = random_options(variant, rng)
        setup = GAME.random_setup(options, players, rng)
        state = GAME.new_state(options, players, setup)
        start = Counter(code for code in state.cells if code)
        start_points = sum(state.values[code] * count for code, count in start.items())
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            assert legal == sorted(set(legal)) and legal
            assert sorted(state.board.path_name(path) for path, _ in state.legal_paths()) == legal
            if not state.in_opening():
                drawn = random_capture(state.cells, state.board, state.empty, rng)
                assert state.board.path_name(drawn) in legal
            if len(state.moves) % 7 == 0 and len(legal) < 400:
                assert set(legal) == oracle_moves(state)
            if len(state.moves) % 5 == 0:
                rebuilt = GAME.sample_state(state.observation(seat), rng)
                assert rebuilt.legal_actions(seat) == legal
                assert rebuilt.observation(seat) == state.observation(seat)
            state.apply_action(seat, rng.choice(legal))
            on_board = Counter(code for code in state.cells if code)
            taken = sum(len(pieces) for pieces in state.captured)
            assert sum(on_board.values()) + taken == sum(start.values())
            assert state.empty == {cell for cell, code in enumerate(state.cells) if not code}
            assert state.occupancy() == [1 if code else 0 for code in state.cells]
            for seat_points, pieces in zip(state.scores(), state.captured):
                assert seat_points == sum(piece_value(state, label) for label in pieces)
            board_points = sum(state.values[code] * count for code, count in on_board.items())
            assert board_points + sum(state.scores()) == start_points
        assert not has_capture(state.cells, state.board, state.empty)
        assert state.legal_actions(state.seat_to_move()) == []
        result = state.result()
        assert result.detail["moves"] == len(state.moves)
        best = max(result.scores)
        assert [rank == 1 for rank in result.ranks] == [score == best for score in result.scores]
        log = {"format": 1, "game": "leap_frog", "options": options,
               "players": [f"p{seat}" for seat in range(players)], "setup": setup,
               "moves": state.moves, "result": result.to_json()}
        answer = verify_log(log)
        assert answer["valid"] and answer["finished"], answer


def test_the_opening_removals_are_what_the_variant_allows() -> None:
    for variant, expected in (("traditional", 3), ("murray", 3), ("froglet", 1), ("capture", 0)):
        options = GAME.parse_options({"variant": variant, "rows": 6, "cols": 6}, 3)
        state = GAME.new_state(options, 3, GAME.random_setup(options, 3, random.Random(1)))
        assert state.opening_moves == expected
        for _ in range(expected):
            legal = state.legal_actions(state.seat_to_move())
            assert all("-" not in move for move in legal)
            state.apply_move(legal[0])
        legal = state.legal_actions(state.seat_to_move())
        assert legal and all("-" in move for move in legal)


# -- garbage ------------------------------------------------------------------------------------

def midgame(variant: str) -> LeapFrogState:
    options = GAME.parse_options({"variant": variant, "rows": 6, "cols": 7, "diagonal": variant == "murray"}, 3)
    rng = random.Random(4)
    state = GAME.new_state(options, 3, GAME.random_setup(options, 3, rng))
    for _ in range(6):
        state.apply_move(rng.choice(state.legal_actions(state.seat_to_move())))
    return state


STATES = {variant: midgame(variant) for variant in VARIANTS}


def snapshot(state: LeapFrogState) -> tuple:
    return (state.picture(), state.ply, state.scores(), list(state.moves), state.is_over())


def apply_or_refuse(state: LeapFrogState, move: str) -> None:
    copy = state.clone()
    before = snapshot(copy)
    try:
        copy.apply_move(move)
    except (NotationError, IllegalMoveError):
        assert snapshot(copy) == before
    else:
        assert move in state.legal_actions(state.seat_to_move())


@settings(max_examples=300, deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), move=st.text())
def test_any_text_is_a_move_or_a_clean_refusal(variant: str, move: str) -> None:
    apply_or_refuse(STATES[variant], move)


@settings(max_examples=300, deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), data=st.data())
def test_mutated_moves_are_moves_or_clean_refusals(variant: str, data: st.DataObject) -> None:
    state = STATES[variant]
    move = data.draw(st.sampled_from(state.legal_actions(state.seat_to_move())))
    chars = list(move)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(chars)))
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        char = data.draw(st.sampled_from(list("abcdefghijklmnopqrstuvwxyz0123456789-ABX .")))
        if kind == "insert":
            chars.insert(where, char)
        elif chars and where < len(chars):
            if kind == "delete":
                del chars[where]
            else:
                chars[where] = char
    apply_or_refuse(state, "".join(chars))


@settings(max_examples=100, deadline=None)
@given(cells=st.lists(st.sampled_from(["a1", "c1", "c3", "e5", "b2", "a3", "e3", "g5", "d4"]),
                      min_size=1, max_size=6))
def test_paths_of_real_cells_are_moves_or_clean_refusals(cells: list[str]) -> None:
    for state in STATES.values():
        apply_or_refuse(state, "-".join(cells))


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32))
def test_the_leap_kept_is_one_on_the_board_and_the_game_ends_when_none_is_left(variant: str, seed: int) -> None:
    """After every move of a random game, the leap a position keeps (``LeapFrogState.leap``)
    is still open, and the game is over exactly when no leap is left."""
    from games.leap_frog.board import can_leap

    rng = random.Random(seed)
    opts, players = random_options(variant, rng)
    state = GAME.new_state(opts, players, GAME.random_setup(opts, players, rng))
    board = state.board
    while not state.is_over():
        state.apply_move(state.random_action(state.seat_to_move(), rng))
        assert state.is_over() is not can_leap(board, state.pieces) or state.in_opening()
        if not state.in_opening() and not state.is_over():
            cells = [cell for cell in range(len(board)) if state.leap & board.masks[cell]]
            assert len(cells) == 3 and any(
                {start, over, land} == set(cells) and state.cells[start] and state.cells[over]
                and not state.cells[land] for start, found in enumerate(board.leaps) for over, land in found)
