"""The pond's geometry: 31 lily pads, the corners, neighbours and straight lines."""

from __future__ import annotations

import pytest

from games.froggit.board import (
    CELL,
    CENTRE,
    CORNERS,
    FISH_REACH,
    HOPS,
    JUMPS,
    NAMES,
    PADS,
    SEAT_CORNERS,
    STEPS,
    distance,
    finish_corner,
    picture,
    start_corner,
)


def names(cells) -> set[str]:
    return {NAMES[cell] for cell in cells}


def test_37_cells_31_pads_6_corners() -> None:
    assert len(NAMES) == 37
    assert len(PADS) == 31
    assert names(CORNERS) == {"a1", "a4", "d7", "g4", "g1", "d1"}
    assert not names(PADS) & names(CORNERS)
    assert [name for name in NAMES if name[0] == "d"] == [f"d{c}" for c in range(1, 8)]


def test_rows_have_4_to_7_cells() -> None:
    lengths = [sum(1 for name in NAMES if name[0] == row) for row in "abcdefg"]
    assert lengths == [4, 5, 6, 7, 6, 5, 4]


def test_the_fish_starts_in_the_middle() -> None:
    assert NAMES[CENTRE] == "d4"
    assert names(STEPS[CENTRE]) == {"c3", "c4", "d3", "d5", "e3", "e4"}


@pytest.mark.parametrize(("corner", "neighbours"), [
    ("a1", {"a2", "b1", "b2"}),
    ("a4", {"a3", "b4", "b5"}),
    ("d7", {"c6", "d6", "e6"}),
    ("g4", {"g3", "f4", "f5"}),
    ("g1", {"g2", "f1", "f2"}),
    ("d1", {"d2", "c1", "e1"}),
])
def test_each_corner_has_three_neighbouring_pads(corner: str, neighbours: set[str]) -> None:
    assert names(STEPS[CELL[corner]]) == neighbours


@pytest.mark.parametrize(("corner", "hops"), [
    ("a1", {("a2", "a3"), ("b1", "c1"), ("b2", "c3")}),
    ("g4", {("g3", "g2"), ("f4", "e4"), ("f5", "e6")}),
    ("d1", {("d2", "d3"), ("c1", "b1"), ("e1", "f1")}),
])
def test_hops_from_a_start_space(corner: str, hops: set[tuple[str, str]]) -> None:
    assert {(NAMES[over], NAMES[onto]) for over, onto in HOPS[CELL[corner]]} == hops


def test_straight_lines_across_the_middle_row() -> None:
    row = [CELL[f"d{c}"] for c in range(1, 8)]
    for left, middle, right in zip(row, row[1:], row[2:]):
        assert (middle, right) in HOPS[left]
        assert (middle, left) in HOPS[right]
    assert names(FISH_REACH[CELL["d4"]]) >= {"d2", "d3", "d5", "d6"}
    assert not {"d1", "d7"} & names(FISH_REACH[CELL["d4"]])
    assert names(FISH_REACH[CELL["d2"]]) >= {"d3", "d4"}


def test_a_hop_never_goes_over_a_corner() -> None:
    for cell in range(37):
        for over, _ in HOPS[cell]:
            assert over not in CORNERS


def test_the_fish_reach_is_one_or_two_pads_in_a_straight_line() -> None:
    assert names(FISH_REACH[CENTRE]) == {"b2", "b4", "c3", "c4", "d2", "d3", "d5", "d6",
                                         "e3", "e4", "f2", "f4"}
    for pad in PADS:
        for target in FISH_REACH[pad]:
            assert target in PADS and 1 <= distance(pad, target) <= 2


def test_jumps_are_the_steps_then_the_hops() -> None:
    for cell in range(37):
        assert JUMPS[cell] == tuple((-1, onto) for onto in STEPS[cell]) + HOPS[cell]


@pytest.mark.parametrize(("players", "starts"), [
    (2, ["a1", "g4"]),
    (3, ["a1", "d7", "g1"]),
    (4, ["a1", "a4", "g4", "g1"]),
    (5, ["a1", "a4", "d7", "g4", "g1"]),
    (6, ["a1", "a4", "d7", "g4", "g1", "d1"]),
])
def test_seats_take_corners_and_finish_opposite(players: int, starts: list[str]) -> None:
    assert [NAMES[start_corner(seat, players)] for seat in range(players)] == starts
    opposite = {"a1": "g4", "a4": "g1", "d7": "d1", "g4": "a1", "g1": "a4", "d1": "d7"}
    for seat in range(players):
        start, finish = start_corner(seat, players), finish_corner(seat, players)
        assert NAMES[finish] == opposite[NAMES[start]]
        assert distance(start, finish) == 6
    assert len(SEAT_CORNERS[players]) == players


def test_the_picture_names_every_cell() -> None:
    text = picture()
    assert text.splitlines()[0].split() == ["a1", "a2", "a3", "a4"]
    assert text.splitlines()[3].split() == [f"d{c}" for c in range(1, 8)]
    assert sorted(text.split()) == sorted(NAMES)
