"""The ranking loop, trump from the Guards, and the deciding of a tempo."""

from __future__ import annotations

import itertools

import pytest

from games.measure_and_tempo.cards import (
    DECK,
    RANKS,
    SUITS,
    TRUMPS,
    WINNING_ANSWERS,
    answer_wins,
    beats,
    tempo_winner,
    trump_suit,
)

NUMBERS, FACES, ACES = "23456789T", "JQK", "A"


def loop_group(rank: str) -> str:
    return "number" if rank in NUMBERS else "face" if rank in FACES else "ace"


#: The loop between groups, as the rulebook says it: a face card beats a number card, an
#: ace beats a face card, and a number card beats an ace.
GROUP_BEATS = {("face", "number"), ("ace", "face"), ("number", "ace")}
USUAL_ORDER = NUMBERS + FACES + ACES


def expected_beats(a: str, b: str) -> bool:
    if loop_group(a) == loop_group(b):
        return USUAL_ORDER.index(a) > USUAL_ORDER.index(b)
    return (loop_group(a), loop_group(b)) in GROUP_BEATS


@pytest.mark.parametrize(("a", "b"), list(itertools.product(RANKS, RANKS)))
def test_ranking_loop_over_every_pair_of_ranks(a: str, b: str) -> None:
    assert beats(a, b) is expected_beats(a, b)
    if a == b:
        assert not beats(a, b)
    else:
        assert beats(a, b) != beats(b, a), "of two different ranks exactly one wins"


def test_rulebook_examples_of_the_loop() -> None:
    assert beats("K", "T") and beats("A", "K") and beats("T", "A") and beats("3", "A")
    assert beats("K", "Q") and beats("Q", "J") and beats("T", "9") and beats("3", "2")
    assert not beats("A", "2") and not beats("J", "A") and not beats("T", "J")


def test_trump_with_no_guard_and_with_one_guard() -> None:
    assert trump_suit(None, None) is None
    for card in DECK:
        assert trump_suit(card, None) == card[1]
        assert trump_suit(None, card) == card[1]


@pytest.mark.parametrize("first", DECK)
def test_trump_with_two_guards_is_the_suit_of_the_loop_winner(first: str) -> None:
    for second in DECK:
        if second == first:
            continue
        trump = trump_suit(first, second)
        assert trump == trump_suit(second, first), "trump does not depend on the seat"
        if first[0] == second[0]:
            assert trump is None, "two Guards of equal rank give no trump"
        elif beats(first[0], second[0]):
            assert trump == first[1]
        else:
            assert trump == second[1]


@pytest.mark.parametrize(("guards", "trump"), [
    (("QH", "9S"), "H"),   # face beats number
    (("AH", "QS"), "H"),   # ace beats face
    (("2C", "AD"), "C"),   # number beats ace
    (("TD", "3D"), "D"),   # two Guards of one suit
    (("7S", "7H"), None),  # equal ranks
    (("AC", "AD"), None),
])
def test_trump_for_each_kind_of_guard_pair(guards: tuple[str, str], trump: str | None) -> None:
    assert trump_suit(*guards) == trump


@pytest.mark.parametrize(("lead", "answer", "trump", "answer_takes_it"), [
    ("5H", "TH", None, True),    # led suit: the loop decides
    ("TH", "5H", None, False),
    ("AH", "2H", None, True),    # a number beats an ace
    ("KH", "AH", None, True),    # an ace beats a face
    ("AH", "KH", None, False),
    ("KH", "2S", None, False),   # off suit, no trump: the leader wins
    ("2H", "AS", None, False),
    ("AS", "2H", "H", True),     # a trump beats a card that is not trump
    ("2H", "AS", "H", False),    # a trump lead beats an answer that is not trump
    ("9H", "JH", "H", True),     # two trumps: the loop decides
    ("JH", "9H", "H", False),
    ("5C", "7D", "S", False),    # neither led suit nor trump
    ("5C", "7C", "S", True),
])
def test_deciding_a_tempo(lead: str, answer: str, trump: str | None, answer_takes_it: bool) -> None:
    assert answer_wins(lead, answer, trump) is answer_takes_it
    assert tempo_winner(lead, answer, trump, leader=0) == (1 if answer_takes_it else 0)
    assert tempo_winner(lead, answer, trump, leader=1) == (0 if answer_takes_it else 1)


def test_every_suit_and_rank_is_a_card() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert {card[1] for card in DECK} == set(SUITS)


def test_the_tables_are_the_functions() -> None:
    """TRUMPS and WINNING_ANSWERS, built the quick way at import, say what trump_suit and
    answer_wins say for every pair of Guards and every lead and answer."""
    guards = (None, *DECK)
    assert TRUMPS == {a: {b: trump_suit(a, b) for b in guards} for a in guards}
    assert WINNING_ANSWERS == {
        trump: {lead: frozenset(answer for answer in DECK if answer_wins(lead, answer, trump)) for lead in DECK}
        for trump in (None, *SUITS)}
