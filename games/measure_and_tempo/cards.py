"""Cards, the ranking loop, trump and the deciding of a tempo.

A card is a two-character string, rank then suit, upper case: ``"TH"``, ``"AS"``, ``"7C"``.
The ranking loop puts number cards (2–T) below face cards (J Q K), face cards below aces, and
aces below number cards again; within a group the usual order holds.

>>> beats("K", "T"), beats("A", "K"), beats("T", "A"), beats("3", "A"), beats("2", "3")
(True, True, True, True, False)
>>> trump_suit("QH", "9S")
'H'
>>> tempo_winner("5H", "TH", trump=None, leader=1)
0
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
#: All 52 cards, in rank-major order (2C 2D 2H 2S 3C ...).
DECK: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)
CARDS: frozenset[str] = frozenset(DECK)
HAND_SIZE = 7
DECK_SIZE = len(DECK) - 2 * HAND_SIZE


def group(rank: str) -> int:
    """0 for number cards (2–T), 1 for face cards (J Q K), 2 for aces."""
    index = RANKS.index(rank)
    return 0 if index <= RANKS.index("T") else 2 if rank == "A" else 1


def _beats(a: str, b: str) -> bool:
    group_a, group_b = group(a), group(b)
    if group_a == group_b:
        return RANKS.index(a) > RANKS.index(b)
    return group_a == (group_b + 1) % 3


#: BEATS[a][b] is True when rank ``a`` wins the ranking loop against rank ``b``.
BEATS: dict[str, dict[str, bool]] = {a: {b: _beats(a, b) for b in RANKS} for a in RANKS}


def beats(a: str, b: str) -> bool:
    """True when rank ``a`` wins the ranking loop against rank ``b`` (equal ranks: neither)."""
    return BEATS[a][b]


def trump_suit(guard_a: str | None, guard_b: str | None) -> str | None:
    """The trump suit set by the two Guards (either may be ``None``).

    One Guard: its suit. Two: the suit of the one that wins the loop against the other.
    None out, or two of equal rank: no trump.
    """
    if guard_a is None:
        return None if guard_b is None else guard_b[1]
    if guard_b is None:
        return guard_a[1]
    if BEATS[guard_a[0]][guard_b[0]]:
        return guard_a[1]
    if BEATS[guard_b[0]][guard_a[0]]:
        return guard_b[1]
    return None


def answer_wins(lead: str, answer: str, trump: str | None) -> bool:
    """True when ``answer`` takes the tempo led by ``lead`` (led suit: the lead's suit).

    A trump beats a card that is not trump; two trumps, or two cards of the led suit, are
    decided by the loop; any other answer loses.
    """
    lead_suit, answer_suit = lead[1], answer[1]
    if trump is not None:
        if answer_suit == trump and lead_suit != trump:
            return True
        if lead_suit == trump and answer_suit != trump:
            return False
    return answer_suit == lead_suit and BEATS[answer[0]][lead[0]]


def _trump_rows() -> dict[str | None, dict[str | None, str | None]]:
    """:data:`TRUMPS`, decided by the ranks' loop as :func:`trump_suit` decides it: for a Guard
    of rank ``r`` each other Guard gives its own suit when its rank beats ``r``, none when
    neither beats the other, and the Guard's suit where ``r`` wins (filled in by suit)."""
    rows: dict[str | None, dict[str | None, str | None]] = {None: {None: None, **{card: card[1] for card in DECK}}}
    for rank in RANKS:
        against: dict[str | None, str | None] = {other: other[1] if BEATS[other[0]][rank] else None for other in DECK}
        beaten = [other for other in DECK if BEATS[rank][other[0]]]
        for suit in SUITS:
            row = {None: suit, **against}
            row.update(dict.fromkeys(beaten, suit))
            rows[rank + suit] = row
    return rows


#: ``TRUMPS[guard_a][guard_b]``: :func:`trump_suit` for every pair of Guards (``None`` too).
TRUMPS: dict[str | None, dict[str | None, str | None]] = _trump_rows()

#: The cards of each suit.
_OF_SUIT: dict[str, frozenset[str]] = {suit: frozenset(rank + suit for rank in RANKS) for suit in SUITS}
#: The answers of the led suit that take a tempo led by each card, with no trump.
_FOLLOWING: dict[str, frozenset[str]] = {
    lead: frozenset(answer for answer in _OF_SUIT[lead[1]] if BEATS[answer[0]][lead[0]]) for lead in DECK}
#: ``WINNING_ANSWERS[trump][lead]``: the answers that take a tempo led by ``lead``
#: (:func:`answer_wins`), for every trump suit and none: a higher card of the led suit, and
#: under a trump that is not the led suit every trump too.
WINNING_ANSWERS: dict[str | None, dict[str, frozenset[str]]] = {
    None: _FOLLOWING,
    **{trump: {lead: following if lead[1] == trump else following | _OF_SUIT[trump]
               for lead, following in _FOLLOWING.items()}
       for trump in SUITS}}


def tempo_winner(lead: str, answer: str, trump: str | None, leader: int) -> int:
    """The seat that wins a tempo of two seats."""
    return 1 - leader if answer_wins(lead, answer, trump) else leader
