"""The race's precomputed tables and memos give the rules' own answers."""

from __future__ import annotations

from itertools import product

import pytest

from games.errors import NotationError, SetupError
from games.leapfrog_race import make_orders, orders, rules
from games.leapfrog_race.game import LeapfrogRace
from games.leapfrog_race.rules import FROGS, RACE_SCORING, passing, passing_order, read_turn

GAME = LeapfrogRace()


def rulebook_order(tokens: tuple[int, ...]) -> tuple[int, ...]:
    """The rulebook's loop of movement, written plainly: each frog in turn, head first, swaps
    with the frog above while its token is higher, that frog has dropped fewer places than its
    own token, and it has advanced fewer places than its own token."""
    result = list(range(len(tokens)))
    advanced = [0] * len(tokens)
    dropped = [0] * len(tokens)
    for frog in range(1, len(tokens)):
        index = result.index(frog)
        while index > 0 and advanced[frog] < tokens[frog]:
            above = result[index - 1]
            if tokens[frog] > tokens[above] and dropped[above] < tokens[above]:
                result[index - 1], result[index] = frog, above
                advanced[frog] += 1
                dropped[above] += 1
                index -= 1
            else:
                break
    return tuple(result)


def test_the_passing_order_is_the_rulebooks_on_every_pattern() -> None:
    for tokens in product(range(1, 7), repeat=6):
        assert passing_order(tokens) == rulebook_order(tokens), tokens
        assert passing("".join(map(str, tokens)))(range(6)) == rulebook_order(tokens), tokens


@pytest.mark.parametrize("tokens", [(), (3,), (1, 2), (2, 1, 3), (1, 6, 6, 2, 5)])
def test_the_passing_order_of_shorter_columns(tokens: tuple[int, ...]) -> None:
    assert passing_order(tokens) == rulebook_order(tokens)


def test_a_turn_is_read_once_and_kept() -> None:
    move = "R1 Y2 P2 O3 B6 G5"
    letters, digits, bits, order = read_turn(move)
    assert (letters, digits) == ("RYPOBG", "122365")
    assert bits == sum(rules.PAIR_BIT[pair] for pair in move.split(" "))
    assert order is passing(digits)
    assert rules.READINGS[move] == (letters, digits, bits, order)


def test_the_kept_readings_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "READINGS", {})
    monkeypatch.setattr(rules, "MAX_READINGS", 5)
    for token in range(1, 7):
        for first in range(1, 7):
            read_turn(f"R{first} Y{token} G3 B4 O5 P6")
            assert len(rules.READINGS) <= 5


@pytest.mark.parametrize("move", ["R1 Y2 P2 O3 B6", "R1 R2 P2 O3 B6 G5", "R1 Y2 P2 O3 B6 G7"])
def test_a_malformed_turn_is_refused_and_not_kept(move: str) -> None:
    with pytest.raises(NotationError):
        read_turn(move)
    assert move not in rules.READINGS


def test_the_race_scoring_table_follows_the_places() -> None:
    for race, scoring in enumerate(RACE_SCORING):
        for position, (points, marker) in enumerate(scoring, start=1):
            place = rules.place_of(position, race)
            assert points == 7 - place and marker == (place in rules.MARKER_PLACES[race])
    assert RACE_SCORING[1][0] == (1, True) and RACE_SCORING[2][5] == (1, True) and RACE_SCORING[0][0] == (6, False)


def test_the_final_order_is_the_same_with_the_totals_given() -> None:
    state = GAME.new_state(GAME.parse_options({}, 2), 2, {"order": "RYGBOP"})
    for turn in range(18):
        token = turn % 6 + 1
        state.apply_move(" ".join(f"{frog}{(token + index) % 6 + 1}" for index, frog in enumerate(FROGS)))
    assert state.final_order(state.frog_totals()) == state.final_order()
    assert state.frog_totals() == {frog: state.frog_total(frog) for frog in FROGS}


def test_the_non_players_are_worked_out_once_per_colours() -> None:
    frogs, drawing, drawers = rules.non_players_of("RY")
    assert frogs == "GBOP" and drawing == frozenset("GBOP")
    assert drawers == tuple((frog, rules.SHIFT[frog], rules.PAIR_TEXT[frog]) for frog in "GBOP")
    assert rules.non_players_of("RY") is rules.NON_PLAYERS["RY"]
    assert rules.non_players_of("RYGBOP") == ("", frozenset(), ())


@pytest.mark.parametrize("setup", [{"order": "RYGBOP"}, {"order": "RYGBOX"}, {"order": "RYGBO"}, {"order": 7},
                                   {"order": "RYGBOP", "start": 1}, {}, {"start": "RYGBOP"}, {"order": ["R"] * 6}])
def test_the_setup_is_read_as_the_rules_say(setup: dict[str, object]) -> None:
    """The setup's quick path (one key, one of the 720 orders) answers as the full checks do."""
    def full_check() -> dict[str, object]:
        unknown = sorted(set(setup) - {"order"})
        if unknown:
            raise SetupError(f"unknown setup key {unknown[0]!r}")
        order = setup.get("order")
        if not isinstance(order, str) or len(order) != 6 or set(order) != set(FROGS):
            raise SetupError("bad order")
        return {"order": order}

    try:
        expected: object = full_check()
    except SetupError as error:
        expected = type(error)
    try:
        answer: object = GAME.parse_setup(setup, GAME.parse_options({}, 2), 2)
    except SetupError as error:
        answer = type(error)
    assert answer == expected


def test_the_kept_table_is_the_one_the_rules_work_out() -> None:
    assert make_orders.worked_out() == orders.ORDER_INDEX
    assert orders.decode(orders.encode(orders.ORDER_INDEX)) == orders.ORDER_INDEX
    assert len(orders.ORDER_INDEX) == orders.PATTERNS and len(orders.PERMUTATIONS) == 720


def test_passing_works_out_what_the_table_does_not_hold() -> None:
    """Tokens beyond 6, or columns of other lengths (resolve_turn takes any), are worked out."""
    assert passing("17")(["R", "Y"]) == ("Y", "R")
    assert passing("1111110")(list("RYGBOPX")) == tuple("RYGBOPX")
    assert rules.resolve_turn(list("RYG"), {"R": 1, "Y": 9, "G": 1}) == list("YRG")
