"""The weighted matching behind Swiss pairing, checked against brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import max_weight_matching


def best_total(weights: list[list[int | None]]) -> int:
    """The heaviest matching by trying every one (small graphs only)."""
    def search(free: list[int]) -> int:
        if not free:
            return 0
        first, rest = free[0], free[1:]
        best = search(rest)  # leave `first` unmatched
        for i, other in enumerate(rest):
            if weights[first][other] is not None:
                best = max(best, weights[first][other] + search(rest[:i] + rest[i + 1:]))
        return best

    return search(list(range(len(weights))))


@st.composite
def graphs(draw: st.DrawFn) -> list[list[int | None]]:
    size = draw(st.integers(0, 9))
    scale = draw(st.sampled_from([1, 10, 10**20]))
    weights: list[list[int | None]] = [[None] * size for _ in range(size)]
    for i in range(size):
        for j in range(i + 1, size):
            if draw(st.booleans()) or draw(st.booleans()):
                weights[i][j] = weights[j][i] = draw(st.integers(0, 20)) * scale + draw(st.integers(0, 3))
    return weights


@settings(max_examples=250, deadline=None, derandomize=True)
@given(graphs())
def test_the_matching_is_valid_and_as_heavy_as_any(weights: list[list[int | None]]) -> None:
    mate = max_weight_matching(weights)
    assert len(mate) == len(weights)
    total = 0
    for vertex, partner in enumerate(mate):
        if partner != -1:
            assert mate[partner] == vertex
            assert weights[vertex][partner] is not None
            total += weights[vertex][partner] if vertex < partner else 0
    assert total == best_total(weights)


def test_positive_weights_on_a_complete_graph_give_a_perfect_matching() -> None:
    size = 40
    weights = [[None if i == j else 1 + (i * 7 + j * 13) % 11 + (j * 7 + i * 13) % 11 for j in range(size)]
               for i in range(size)]
    mate = max_weight_matching(weights)
    assert -1 not in mate
    assert mate == max_weight_matching(weights)  # and the same one every time


def test_an_odd_cycle_is_left_through_its_heavier_tails() -> None:
    # A triangle 0-1-2 (4 each) with tails 2-3 and 0-4 (5 each): both tails (10) beat any
    # triangle edge plus one tail (9), so 1 stays single.
    weights = [[None] * 5 for _ in range(5)]
    for a, b, weight in [(0, 1, 4), (1, 2, 4), (0, 2, 4), (2, 3, 5), (0, 4, 5)]:
        weights[a][b] = weights[b][a] = weight
    mate = max_weight_matching(weights)
    assert mate[1] == -1 and mate[2] == 3 and mate[0] == 4
