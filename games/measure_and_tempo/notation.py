"""The move notation: parsing log moves and bot actions into :class:`Move` values.

Log moves are exactly the strings of the spec's table (``cycle +KD +3S -2C -9H``,
``guard QH``, ``unguard``, ``stall``, ``strike 7C``, ``strike feint AS``, ``answer 4D``,
``lead 9D``, ``lead feint AH``, ``disengage``). Bots cycle in two steps, so the bot actions
add a bare ``cycle`` and ``under X Y`` and lack the whole ``cycle`` move.

>>> parse_move("cycle +KD +3S -2C -9H")
Move(kind='cycle', cards=('KD', '3S', '2C', '9H'), feint=False)
>>> parse_move("strike feint AS")
Move(kind='strike', cards=('AS',), feint=True)
>>> parse_action("under 2C 9H")
Move(kind='under', cards=('2C', '9H'), feint=False)
"""

from __future__ import annotations

from typing import NamedTuple

from games.errors import NotationError, shorten
from games.measure_and_tempo.cards import CARDS

#: Move kinds, as the first word of a move.
CYCLE, GUARD, UNGUARD, STALL, STRIKE, ANSWER, LEAD, DISENGAGE = (
    "cycle", "guard", "unguard", "stall", "strike", "answer", "lead", "disengage")
#: The second step of a bot's cycle: the two cards put under.
UNDER = "under"
#: The action that starts a bot's cycle (no cards: the draw is a chance outcome).
DRAW = "draw"
FEINT = "feint"
#: The circling actions (all Out of Measure actions but the Strike).
CIRCLING = frozenset({CYCLE, GUARD, UNGUARD, STALL})

CARD_HELP = "a card is a rank (2-9, T, J, Q, K, A) then a suit (C, D, H, S), like TH or 7C"
MOVE_FORMS = ("cycle +A +B -X -Y", "guard C", "unguard", "stall", "strike C", "strike feint A",
              "answer C", "lead C", "lead feint A", "disengage")


class Move(NamedTuple):
    """A parsed move or action: its kind, the cards it names (in order) and the feint flag.

    For ``cycle`` the cards are the two drawn then the two put under; for ``under`` the two
    put under. A named tuple, not a dataclass, so that verifying a log imports neither
    ``dataclasses`` nor ``inspect``; moves are only ever compared with moves.
    """

    kind: str
    cards: tuple[str, ...] = ()
    feint: bool = False


def parse_card(token: str) -> str:
    """A card token, or NotationError naming what is wrong with it."""
    if token in CARDS:
        return token
    raise NotationError(f"{shorten(token)!r} is not a card: {CARD_HELP}")


def _signed_cards(tokens: list[str], sign: str, move: str) -> tuple[str, ...]:
    for token in tokens:
        if not token.startswith(sign):
            raise NotationError(
                f"{shorten(move)!r}: a cycle names the two cards drawn with '+' and then the two "
                f"put under with '-', like 'cycle +KD +3S -2C -9H'")
    return tuple(parse_card(token[1:]) for token in tokens)


def _parse_common(parts: list[str], text: str) -> Move | None:
    """The forms shared by log moves and bot actions; None when ``parts`` is none of them."""
    word, rest = parts[0], parts[1:]
    if word in (UNGUARD, STALL, DISENGAGE):
        if rest:
            raise NotationError(f"{shorten(text)!r}: {word!r} takes nothing after it")
        return Move(word)
    if word in (GUARD, ANSWER):
        if len(rest) != 1:
            raise NotationError(f"{shorten(text)!r}: write {word!r} and one card, like '{word} QH'")
        return Move(word, (parse_card(rest[0]),))
    if word in (STRIKE, LEAD):
        if len(rest) == 1:
            return Move(word, (parse_card(rest[0]),))
        if len(rest) == 2 and rest[0] == FEINT:
            return Move(word, (parse_card(rest[1]),), feint=True)
        raise NotationError(f"{shorten(text)!r}: write '{word} C' or '{word} feint A', "
                            f"like '{word} 7C' or '{word} feint AS'")
    return None


def _split(text: object) -> list[str]:
    if not isinstance(text, str):
        raise NotationError(f"a move must be text, not {shorten(repr(text))}")
    if not text:
        raise NotationError("the move is empty")
    return text.split(" ")


#: Every move and action parsed so far but the log's cycles (a few hundred texts in all; the
#: cycles, which name four cards, are too many to keep), so that each is parsed once.
MOVES: dict[str, Move] = {}
ACTIONS: dict[str, Move] = {}


def parse_move(text: str) -> Move:
    """Parse a log move; raises :class:`~games.errors.NotationError` when it is not one.

    Tokens are separated by single spaces, with nothing before or after, in upper case
    (cards) and lower case (words) exactly as the spec writes them.
    """
    move = MOVES.get(text) if type(text) is str else None
    if move is None:
        move = read_move(text)
        if move.kind != CYCLE:
            MOVES[text] = move
    return move


def read_cycle(text: str) -> tuple[str, str, str, str] | None:
    """The four cards of a log cycle written as :func:`read_move` reads one, ``"cycle +KD +3S
    -2C -9H"`` (the two drawn, then the two put under), taken from their places in the text;
    ``None`` for any other text, which :func:`parse_move` reads or refuses."""
    if len(text) != 21 or text[:7] != "cycle +" or text[9:11] != " +" or text[13:15] != " -" \
            or text[17:19] != " -":
        return None
    cards = (text[7:9], text[11:13], text[15:17], text[19:21])
    return cards if CARDS.issuperset(cards) else None


def parse_action(text: str) -> Move:
    """Parse a bot action (a bare ``cycle`` is kind ``draw``); raises NotationError."""
    move = ACTIONS.get(text) if type(text) is str else None
    if move is None:
        move = ACTIONS[text] = read_action(text)
    return move


def read_move(text: str) -> Move:
    """Parse a log move the long way (see :func:`parse_move`)."""
    parts = _split(text)
    if parts[0] == CYCLE:
        if len(parts) == 1:
            raise NotationError("a cycle in a log names the cards drawn and put under, "
                                "like 'cycle +KD +3S -2C -9H'")
        if len(parts) != 5:
            raise NotationError(f"{shorten(text)!r}: a cycle names two cards drawn and two put "
                                f"under, like 'cycle +KD +3S -2C -9H'")
        return Move(CYCLE, _signed_cards(parts[1:3], "+", text) + _signed_cards(parts[3:5], "-", text))
    move = _parse_common(parts, text)
    if move is None:
        raise NotationError(f"{shorten(text)!r} is not a move; moves are: " + ", ".join(MOVE_FORMS))
    return move


def read_action(text: str) -> Move:
    """Parse a bot action the long way (see :func:`parse_action`)."""
    parts = _split(text)
    if parts[0] == CYCLE:
        if len(parts) != 1:
            raise NotationError("a bot cycles in two steps: 'cycle', then 'under X Y' once the "
                                "two cards are drawn")
        return Move(DRAW)
    if parts[0] == UNDER:
        if len(parts) != 3:
            raise NotationError(f"{shorten(text)!r}: write 'under' and two cards, like 'under 2C 9H'")
        return Move(UNDER, (parse_card(parts[1]), parse_card(parts[2])))
    move = _parse_common(parts, text)
    if move is None:
        raise NotationError(f"{shorten(text)!r} is not an action; actions are: cycle, under X Y, "
                            + ", ".join(form for form in MOVE_FORMS if not form.startswith("cycle")))
    return move


def parse_draw(text: str) -> tuple[str, str]:
    """Parse a chance outcome of the draw, ``"+KD +3S"``; raises NotationError."""
    if type(text) is str and len(text) == 7 and text[0] == "+" and text[3:5] == " +":  # the cards by their places
        first, second = text[1:3], text[5:7]
        if first in CARDS and second in CARDS:
            return first, second
    parts = _split(text)
    if len(parts) != 2:
        raise NotationError(f"{shorten(text)!r}: a draw is two cards, like '+KD +3S'")
    first, second = _signed_cards(parts, "+", text)
    return first, second
