"""Measure and Tempo's rules (``docs/games/measure_and_tempo.md``): two fencers, a 52-card deck.
The position and its moves; :mod:`games.measure_and_tempo.game` describes the game around them.

Out of Measure the players take turns circling (cycle cards through the deck, stand or take
back a Guard, stall) until one strikes; In Measure they play tempos, tricks of one card each,
until the winner of a tempo disengages or six tempos are played. The player who won more
tempos of a play scores the difference; the bout ends at ``target`` points or after
``max_plays`` plays.

>>> from games.registry import get_game
>>> game = get_game("measure_and_tempo")
>>> options = game.parse_options({}, 2)
>>> setup = game.parse_setup({"hands": [["2H", "TC", "QD", "JC", "4C", "7C", "7D"],
...                                     ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]}, options, 2)
>>> state = game.new_state(options, 2, setup)
>>> state.apply_move("guard QD")
>>> state.apply_move("strike JD")
>>> state.legal_actions(0)   # its only diamond outside the Guard: it must follow suit
['answer 7D']
>>> state.apply_move("answer 7D")
>>> state.table[-1].winner, state.to_move()
(1, (1,))

A bot cycles in two steps around a chance node, so that the deck never shows in its legal
actions; the log move is written once the cycle is complete:

>>> state = game.new_state(options, 2, setup)
>>> state.apply_action(0, "cycle")
>>> state.is_chance_node()
True
>>> state.apply_chance("+KH +5H")
>>> state.apply_action(0, "under 2H KH")
>>> state.moves
['cycle +KH +5H -2H -KH']
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from typing import Any, NamedTuple

from games.base import Game, GameState, Result, competition_ranks
from games.errors import GameOverError, IllegalMoveError
from games.measure_and_tempo.cards import (
    DECK,
    DECK_SIZE,
    SUIT_NAMES,
    SUITS,
    TRUMPS,
    WINNING_ANSWERS,
    trump_suit,
)
from games.measure_and_tempo.notation import (
    ANSWER,
    CIRCLING,
    CYCLE,
    DISENGAGE,
    DRAW,
    GUARD,
    LEAD,
    STALL,
    STRIKE,
    UNDER,
    UNGUARD,
    ACTIONS,
    MOVES,
    Move,
    parse_action,
    parse_draw,
    parse_move,
    read_cycle,
)

#: The most tempos in one play.
MAX_TEMPOS = 6

# Phases of a position. Out of Measure a seat circles or strikes; a cycle started by a bot
# passes through DRAWING (a chance node: the two cards drawn) and UNDER (the same seat puts
# two cards under); In Measure a seat answers a lead or, having won a tempo, leads or
# disengages.
OUT_OF_MEASURE = "out_of_measure"
DRAWING = "drawing"
PUTTING_UNDER = "putting_under"
ANSWERING = "answering"
LEADING = "leading"
OVER = "over"


class Tempo(NamedTuple):
    """One tempo of the current play: the leader's card, whether it was a feint, the answer
    and the winner (both ``None`` until answered)."""

    leader: int
    lead: str
    feint: bool = False
    answer: str | None = None
    winner: int | None = None


#: ``new_tempo(Tempo, fields)`` is ``Tempo(*fields)`` without the keyword handling of a named
#: tuple's constructor (a third of its cost; two tempos are made for every tempo played).
new_tempo = tuple.__new__


#: The texts of the actions that name one card, by their word and the card (``"guard QH"``),
#: and of the feints by their word and the ace.
ACTION_TEXT: dict[str, dict[str, str]] = {
    word: {card: f"{word} {card}" for card in DECK} for word in (STRIKE, LEAD, ANSWER, GUARD)}
FEINT_TEXT: dict[str, dict[str, str]] = {
    word: {card: f"{word} feint {card}" for card in DECK if card[0] == "A"} for word in (STRIKE, LEAD)}
#: Each word's texts by the card (the drawn action's, for :meth:`MeasureAndTempoState.random_action`).
GUARD_TEXT, LEAD_TEXT, STRIKE_TEXT = ACTION_TEXT[GUARD], ACTION_TEXT[LEAD], ACTION_TEXT[STRIKE]
LEAD_FEINT_TEXT, STRIKE_FEINT_TEXT = FEINT_TEXT[LEAD], FEINT_TEXT[STRIKE]
#: The same look-ups as functions of the card, made once for the lists of legal actions:
#: ``TEXT_OF[word](card)`` is ``ACTION_TEXT[word][card]``, ``FEINT_OF[word](ace)`` the
#: feint of an ace, ``UNDER_OF[first](second)`` the text of putting ``first`` and ``second``
#: under (see :class:`UnderTexts`), and ``ANSWER_IN_SUIT[suit](card)`` the answer with a
#: card of the suit and ``None`` for a card of another.
TEXT_OF: dict[str, Callable[[str], str]] = {word: texts.__getitem__ for word, texts in ACTION_TEXT.items()}
FEINT_OF: dict[str, Callable[[str], str]] = {word: texts.__getitem__ for word, texts in FEINT_TEXT.items()}


class UnderTexts(dict[str, Callable[[str], str]]):
    """``UNDER_OF[first]``: the texts of putting ``first`` and another card under, by the other
    card, written when a bot's cycle first puts ``first`` under (verifying a log never does,
    so its start does not write the 2,652 texts)."""

    def __missing__(self, first: str) -> Callable[[str], str]:
        texts = self[first] = {second: f"{UNDER} {first} {second}" for second in DECK}.__getitem__
        return texts


UNDER_OF = UnderTexts()
ANSWER_IN_SUIT: dict[str, Callable[[str], str | None]] = {
    suit: {card: text for card, text in ACTION_TEXT[ANSWER].items() if card[1] == suit}.get for suit in SUITS}

#: A plain move read from its text: its kind, its card (``None`` for a word alone), the feint
#: flag, and for a lead or a Strike the tempo it puts on the table, unanswered, by the seat
#: that leads (made once here: a tempo is made at each lead and again at its answer).
Plain = tuple[str, str | None, bool, tuple[Tempo, Tempo] | None]


def plain_move(word: str, card: str | None = None, feint: bool = False) -> Plain:
    tempos = (Tempo(0, card, feint), Tempo(1, card, feint)) if word in (LEAD, STRIKE) and card is not None else None
    return word, card, feint, tempos


#: Every move that is written the same as a log move and as a bot action (all but the cycles
#: and ``under``), by its text (:data:`Plain`). The commonest moves are read from here (see
#: :meth:`MeasureAndTempoState.played_at_once`).
PLAIN_MOVES: dict[str, Plain] = {
    **{text: plain_move(word, card) for word, texts in ACTION_TEXT.items() for card, text in texts.items()},
    **{text: plain_move(word, card, True) for word, texts in FEINT_TEXT.items() for card, text in texts.items()},
    **{word: plain_move(word) for word in (UNGUARD, STALL, DISENGAGE)},
}
#: ``WINNERS[guard_a][guard_b][lead]``: the answers that take a tempo led by ``lead`` under
#: the trump these Guards set (``WINNING_ANSWERS`` by ``TRUMPS``, in one look-up chain).
WINNERS: dict[str | None, dict[str | None, dict[str, frozenset[str]]]] = {
    a: {b: WINNING_ANSWERS[trump] for b, trump in row.items()} for a, row in TRUMPS.items()}

#: Who put a card at the bottom of the deck (a card of ``setup.deck`` belongs to nobody).
NOBODY = -1


def seat_name(seat: int) -> str:
    return f"seat {seat}"


class MeasureAndTempoState(GameState):
    """A position of a bout.

    The deck is kept as ``unknown`` cards on top whose order nobody knows yet (the undealt
    cards of a game played with a real deck; their candidates are ``unseen``), then the known
    cards, each with the seat that put it there. With ``setup.deck`` every card is known from
    the start; without it the first 38 draws name cards never seen, and from then on the deck
    brings round the cards put under, in order.
    """

    def __init__(self, game: Game, options: Mapping[str, Any], num_players: int,
                 setup: Mapping[str, Any]) -> None:
        super().__init__(game, options, num_players)
        self.target: int = options["target"]
        self.max_plays: int = options["max_plays"]
        self.max_circling: int = options["max_circling"]
        self.hands: list[list[str]] = [sorted(hand) for hand in setup["hands"]]
        self.dealt: tuple[tuple[str, ...], tuple[str, ...]] = (tuple(self.hands[0]), tuple(self.hands[1]))
        self.guards: list[str | None] = [None, None]
        deck = setup.get("deck")
        if deck is None:
            dealt = set(self.hands[0]) | set(self.hands[1])
            self.unseen: list[str] = sorted(card for card in DECK if card not in dealt)
            self.unknown = DECK_SIZE
            self.deck: deque[tuple[str, int]] = deque()
        else:
            self.unseen = []
            self.unknown = 0
            self.deck = deque(zip(deck, repeat(NOBODY)))
        self.phase = OUT_OF_MEASURE
        self.turn: int = setup.get("first", 0)
        self.circling = 0
        self.stalled = False
        self.drawn: tuple[str, str] | None = None
        self.table: list[Tempo] = []
        self.play_tempos = [0, 0]
        self.bout_tempos = [0, 0]
        self.points = [0, 0]
        self.plays = 0
        #: The seat of each log move, beside :attr:`moves`.
        self.seats: list[int] = []

    # -- whose turn -------------------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        return () if phase == OVER or phase == DRAWING else (self.turn,)

    def movers(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def is_chance_node(self) -> bool:
        return self.phase == DRAWING

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def in_measure(self) -> bool:
        return self.phase in (ANSWERING, LEADING)

    @property
    def trump(self) -> str | None:
        """The trump suit set by the Guards now (``None``: no trump)."""
        return trump_suit(self.guards[0], self.guards[1])

    def deck_size(self) -> int:
        return self.unknown + len(self.deck)

    def circling_allowed(self) -> bool:
        return self.circling < self.max_circling

    # -- the log ----------------------------------------------------------------------------

    def apply_move(self, move: str) -> None:
        if type(move) is str:
            plain = PLAIN_MOVES.get(move)
            if plain is not None:
                if self.played_at_once(self.turn, plain, move):
                    return
            else:
                cycle = read_cycle(move)
                if cycle is not None and self.cycled_at_once(self.turn, cycle):
                    return
        phase = self.phase
        if phase == OVER:
            raise GameOverError("the bout is over")
        parsed = MOVES.get(move) if type(move) is str else None
        if parsed is None:
            parsed = parse_move(move)
        seat = self.turn
        if phase in (DRAWING, PUTTING_UNDER):
            raise IllegalMoveError(f"{seat_name(self.turn)} is in the middle of a cycle, which "
                                   f"must be finished first")
        self.check(seat, parsed)  # it refuses every move but a cycle that was not played at once
        assert parsed.kind == CYCLE
        first, second, under_first, under_second = parsed.cards
        self.check_draw(first, second)
        self.check_under(seat, under_first, under_second, (first, second))
        self.draw_cards(seat, first, second)
        self.put_under(seat, under_first, under_second)

    def played_at_once(self, seat: int, plain: Plain, text: str) -> bool:
        """Play a plain move (:data:`PLAIN_MOVES`: its kind, card, feint flag and tempo) by the seat to
        move when it is legal, and answer whether it was. Anything else (answering ``False``,
        changing nothing) takes the full check (:meth:`check`), which explains the refusal:

        * an answer that follows suit when the hand can (a feint's suit need not be followed);
          the tempo goes to the winner of the cards, who leads next, or the play ends;
        * a Strike Out of Measure, or a lead by the tempo's winner: the card goes to the table
          (a feint in :data:`PLAIN_MOVES` is an ace's) and the opponent answers;
        * the tempo winner's disengage, which ends the play;
        * Out of Measure, while circling is allowed: a Guard from the hand (the old Guard going
          back to the hand), taking the Guard back, or a stall unless the opponent just stalled.
        """
        kind, card, feint, tempos = plain
        phase = self.phase
        if phase == ANSWERING:
            if kind != ANSWER:
                return False
            hand = self.hands[seat]
            if card not in hand:
                return False
            table = self.table
            leader, lead, led_feint, _, _ = table[-1]
            led = lead[1]
            if card[1] != led and not led_feint:  # off the led suit: only with none of it held
                for held in hand:
                    if held[1] == led:
                        return False
            self.moves.append(text)
            self.seats.append(seat)
            hand.remove(card)
            guards = self.guards
            winner = seat if card in WINNERS[guards[0]][guards[1]][lead] else leader
            table[-1] = new_tempo(Tempo, (leader, lead, led_feint, card, winner))
            self.play_tempos[winner] += 1
            self.bout_tempos[winner] += 1
            if len(table) == MAX_TEMPOS:
                self.end_play()
            else:
                self.phase = LEADING
                self.turn = winner
            return True
        if kind == (LEAD if phase == LEADING else STRIKE if phase == OUT_OF_MEASURE else None):
            hand = self.hands[seat]
            if card not in hand:
                return False
            self.moves.append(text)
            self.seats.append(seat)
            hand.remove(card)
            self.stalled = False
            self.table.append(tempos[seat])  # type: ignore[index]
            self.phase = ANSWERING
            self.turn = 1 - seat
            return True
        if phase == LEADING:
            if kind != DISENGAGE:
                return False
            self.moves.append(text)
            self.seats.append(seat)
            self.end_play()
            return True
        if phase != OUT_OF_MEASURE or self.circling >= self.max_circling:
            return False
        if kind == GUARD:
            hand = self.hands[seat]
            if card not in hand:  # a card in the hand is not the Guard
                return False
            hand.remove(card)
            old = self.guards[seat]
            if old is not None:
                insort(hand, old)
            self.guards[seat] = card
            self.stalled = False
        elif kind == UNGUARD:
            old = self.guards[seat]
            if old is None:
                return False
            insort(self.hands[seat], old)
            self.guards[seat] = None
            self.stalled = False
        elif kind == STALL:
            if self.stalled:
                return False
            self.stalled = True
        else:
            return False
        self.moves.append(text)
        self.seats.append(seat)
        self.circling += 1
        self.turn = 1 - seat
        return True

    def cycled_at_once(self, seat: int, cards: tuple[str, str, str, str]) -> bool:
        """Play a log cycle (:func:`read_cycle`'s four cards) by the seat to move when it is
        legal, and answer whether it was (as :meth:`played_at_once`): Out of Measure while
        circling is allowed, it draws the deck's top two (unknown cards: two of those never
        seen) and puts two different cards of the hand, or of the two drawn, under."""
        if self.phase != OUT_OF_MEASURE or self.circling >= self.max_circling:
            return False
        first, second, under_first, under_second = cards
        if first == second or under_first == under_second:
            return False
        if not self.may_draw(first, second):
            return False
        hand = self.hands[seat]
        for card in (under_first, under_second):
            if card != first and card != second and card not in hand:
                return False
        self.draw_cards(seat, first, second)
        self.put_under(seat, under_first, under_second)
        return True

    # -- checks (each raises before anything changes) --------------------------------------

    def check(self, seat: int, move: Move) -> None:
        """Raise IllegalMoveError unless ``seat`` may make ``move`` (not a cycle) now."""
        phase = self.phase
        if phase == ANSWERING:
            self.check_answer(seat, move)
        elif phase == LEADING:
            self.check_leading(seat, move)
        else:
            self.check_out_of_measure(seat, move)

    def check_out_of_measure(self, seat: int, move: Move) -> None:
        kind = move.kind
        if kind in (ANSWER, LEAD, DISENGAGE):
            raise IllegalMoveError(f"the players are Out of Measure: {kind!r} is for In Measure; "
                                   f"{seat_name(seat)} may circle or strike")
        if kind in CIRCLING or kind == DRAW:
            if not self.circling_allowed():
                raise IllegalMoveError(
                    f"{self.circling} circling actions have been taken in this phase (the limit is "
                    f"{self.max_circling}): {seat_name(seat)} must strike")
        if kind == GUARD:
            card = move.cards[0]
            if card == self.guards[seat]:
                raise IllegalMoveError(f"{card} is already the Guard of {seat_name(seat)}")
            self.check_holds(seat, card)
        elif kind == UNGUARD:
            if self.guards[seat] is None:
                raise IllegalMoveError(f"{seat_name(seat)} has no Guard out to take back")
        elif kind == STALL:
            if self.stalled:
                raise IllegalMoveError(f"{seat_name(seat)} may not stall straight after the "
                                       f"opponent's stall")
        elif kind == STRIKE:
            self.check_lead_card(seat, move)

    def check_holds(self, seat: int, card: str) -> None:
        """Raise IllegalMoveError, saying where ``card`` is, unless ``seat`` holds it."""
        if card in self.hands[seat]:
            return
        if card == self.guards[seat]:
            where = "it is the Guard, which is never in the hand"
        elif any(card in (tempo.lead, tempo.answer) for tempo in self.table):
            where = "it is on the table"
        elif card in self.hands[1 - seat] or card == self.guards[1 - seat]:
            where = f"{seat_name(1 - seat)} has it"
        elif any(card == under for under, _ in self.deck):
            where = "it is in the deck"
        else:
            where = "it has not been drawn"
        raise IllegalMoveError(f"{seat_name(seat)} does not hold {card} ({where})")

    def check_lead_card(self, seat: int, move: Move) -> None:
        card = move.cards[0]
        if move.feint and card[0] != "A":
            raise IllegalMoveError(f"only an ace can be led as a feint, not {card}")
        if card not in self.hands[seat]:
            self.check_holds(seat, card)

    def check_answer(self, seat: int, move: Move) -> None:
        if move.kind != ANSWER:
            raise IllegalMoveError(f"{seat_name(seat)} must answer the lead before anything else")
        card = move.cards[0]
        hand = self.hands[seat]
        if card not in hand:
            self.check_holds(seat, card)
        tempo = self.table[-1]
        led = tempo.lead[1]
        if card[1] != led and not tempo.feint and any(held[1] == led for held in hand):
            raise IllegalMoveError(f"{seat_name(seat)} holds {SUIT_NAMES[led]} and must follow "
                                   f"suit: {card} is not one")

    def check_leading(self, seat: int, move: Move) -> None:
        if move.kind not in (LEAD, DISENGAGE):
            raise IllegalMoveError(f"{seat_name(seat)} won the tempo and must lead again or "
                                   f"disengage, not {move.kind}")
        if move.kind == LEAD:
            self.check_lead_card(seat, move)

    def may_draw(self, first: str, second: str) -> bool:
        """Whether two different cards ``first`` and ``second`` may be the two drawn
        (:meth:`check_draw` without its messages): the deck's top two, where an unknown card
        is one never seen."""
        unknown, deck, unseen = self.unknown, self.deck, self.unseen
        if unknown >= 2:
            return first in unseen and second in unseen
        if unknown == 1:
            return first in unseen and second == deck[0][0]
        return first == deck[0][0] and second == deck[1][0]

    def check_draw(self, first: str, second: str) -> None:
        """Raise IllegalMoveError unless ``first`` and ``second`` may be the two cards drawn."""
        if first == second:
            raise IllegalMoveError(f"a cycle cannot draw {first} twice")
        expected = self.next_cards(2)
        for card, wanted in zip((first, second), expected, strict=True):
            if wanted is None:
                if card not in self.unseen:
                    raise IllegalMoveError(f"{card} cannot be drawn: the deck's unknown cards are "
                                           f"those never seen, and {card} has been seen")
            elif card != wanted:
                raise IllegalMoveError(f"the deck's top cards are {expected[0] or 'unknown'} and "
                                       f"{expected[1] or 'unknown'}, so {card} cannot be drawn")

    def next_cards(self, count: int) -> list[str | None]:
        """The deck's top ``count`` cards, ``None`` for cards nobody knows yet."""
        top: list[str | None] = [None] * min(count, self.unknown)
        for index in range(count - len(top)):
            top.append(self.deck[index][0])
        return top

    def check_under(self, seat: int, first: str, second: str, drawn: Sequence[str] = ()) -> None:
        """Raise IllegalMoveError unless ``seat`` (holding ``drawn`` too) may put these under."""
        if first == second:
            raise IllegalMoveError(f"a cycle puts two different cards under, not {first} twice")
        for card in (first, second):
            if card not in drawn and card not in self.hands[seat]:
                self.check_holds(seat, card)

    # -- changes ----------------------------------------------------------------------------

    def draw_cards(self, seat: int, first: str, second: str) -> None:
        """The first half of a checked cycle: take the deck's top two into the hand."""
        for card in (first, second):
            if self.unknown:
                self.unknown -= 1
                self.unseen.remove(card)
            else:
                self.deck.popleft()
            insort(self.hands[seat], card)
        self.drawn = (first, second)
        self.phase = PUTTING_UNDER

    def put_under(self, seat: int, first: str, second: str) -> None:
        """The second half of a checked cycle: put two cards under and log the whole move."""
        hand = self.hands[seat]
        hand.remove(first)
        hand.remove(second)
        self.deck.append((first, seat))
        self.deck.append((second, seat))
        assert self.drawn is not None
        self.log(seat, f"cycle +{self.drawn[0]} +{self.drawn[1]} -{first} -{second}")
        self.drawn = None
        self.phase = OUT_OF_MEASURE
        self.circle(seat, stall=False)

    def circle(self, seat: int, stall: bool) -> None:
        self.circling += 1
        self.stalled = stall
        self.turn = 1 - seat

    def log(self, seat: int, move: str) -> None:
        self.moves.append(move)
        self.seats.append(seat)

    def end_play(self) -> None:
        """Score the play, return its cards to the hands, and start the next phase or end."""
        hands = self.hands
        for leader, lead, _, answer, _ in self.table:
            assert answer is not None
            hands[leader].append(lead)
            hands[1 - leader].append(answer)
        hands[0].sort()  # the hands are kept sorted
        hands[1].sort()
        first, second = self.play_tempos
        points = self.points
        if first > second:
            points[0] += first - second
        elif second > first:
            points[1] += second - first
        last_winner = self.table[-1].winner
        assert last_winner is not None
        self.table = []
        self.play_tempos = [0, 0]
        self.plays += 1
        if points[0] >= self.target or points[1] >= self.target or self.plays >= self.max_plays:
            self.phase = OVER
            return
        self.phase = OUT_OF_MEASURE
        self.turn = 1 - last_winner
        self.circling = 0
        self.stalled = False

    # -- decisions --------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[str]:
        phase = self.phase
        if seat != self.turn or phase == OVER or phase == DRAWING:
            return []
        hand = self.hands[seat]
        # Each list maps the (sorted) hand through the look-ups of the texts by the card;
        # ``filter(None, ...)`` keeps the cards that have the text.
        if phase == ANSWERING:
            _, lead, feint, _, _ = self.table[-1]
            if not feint:
                following = list(filter(None, map(ANSWER_IN_SUIT[lead[1]], hand)))
                if following:
                    return following
            return list(map(TEXT_OF[ANSWER], hand))
        if phase == PUTTING_UNDER:  # sorted as written: by the first card, then the second
            actions = []
            for index, first in enumerate(hand):
                texts = list(map(UNDER_OF[first], hand))
                del texts[index]  # the first card is not put under twice
                actions += texts
            return actions
        # Sorted as written, the hand being sorted: 'cycle' < 'disengage' < 'guard …' <
        # 'lead …' < 'stall' < 'strike …' < 'strike feint …' < 'unguard', and a card's
        # action sorts as the card ('lead feint …' after every 'lead C': 'f' sorts after
        # every rank and suit).
        # The aces, each of which may also be a feint, sort together in the hand: after the
        # number cards 2-9 and before J, K, Q and T.
        aces = hand[bisect_left(hand, "A"):bisect_left(hand, "B")]
        if phase == LEADING:
            return [DISENGAGE, *map(TEXT_OF[LEAD], hand), *map(FEINT_OF[LEAD], aces)]
        strikes, feints = map(TEXT_OF[STRIKE], hand), map(FEINT_OF[STRIKE], aces)
        if self.circling >= self.max_circling:
            return [*strikes, *feints]
        actions = [CYCLE, *map(TEXT_OF[GUARD], hand)]
        if not self.stalled:
            actions.append(STALL)
        actions += strikes
        actions += feints
        if self.guards[seat] is not None:
            actions.append(UNGUARD)
        return actions

    def random_action(self, seat: int, rng: random.Random) -> str:
        """The action ``rng.choice(self.legal_actions(seat))`` picks, with the same single draw
        (``rng.choice(range(count))``): the legal actions are counted in the order
        :meth:`legal_actions` lists them, and only the one drawn is written. An answer's list
        is as cheap as its count, and is drawn from as it stands."""
        phase = self.phase
        if seat != self.turn or phase == OVER or phase == DRAWING or phase == ANSWERING:
            return rng.choice(self.legal_actions(seat))
        hand = self.hands[seat]
        size = len(hand)
        if phase == PUTTING_UNDER:  # every first card with every other card of the hand
            first, other = divmod(rng.choice(range(size * (size - 1))), size - 1)
            return UNDER_OF[hand[first]](hand[other + (other >= first)])
        first_ace = bisect_left(hand, "A")  # the aces sort together: see legal_actions
        aces = bisect_left(hand, "B", first_ace) - first_ace
        if phase == LEADING:  # disengage, a lead of each card, a feint of each ace
            index = rng.choice(range(1 + size + aces))
            if not index:
                return DISENGAGE
            if index <= size:
                return LEAD_TEXT[hand[index - 1]]
            return LEAD_FEINT_TEXT[hand[first_ace + index - 1 - size]]
        if self.circling < self.max_circling:
            # Cycle, a Guard of each card, stall (unless the opponent just stalled), then the
            # strikes and feints, and last, with a Guard out, unguard.
            stall = not self.stalled
            strikes = size + aces
            index = rng.choice(range(1 + size + stall + strikes + (self.guards[seat] is not None)))
            if not index:
                return CYCLE
            if index <= size:
                return GUARD_TEXT[hand[index - 1]]
            index -= 1 + size + stall
            if index < 0:
                return STALL
            if index == strikes:
                return UNGUARD
        else:  # the strikes and feints alone
            index = rng.choice(range(size + aces))
        if index < size:
            return STRIKE_TEXT[hand[index]]
        return STRIKE_FEINT_TEXT[hand[first_ace + index - size]]

    def apply_action(self, seat: int, action: str) -> None:
        if self.phase == OVER:
            raise GameOverError("the bout is over")
        plain = PLAIN_MOVES.get(action) if type(action) is str else None
        if plain is not None and seat == self.turn and self.played_at_once(seat, plain, action):
            return
        move = ACTIONS.get(action) if type(action) is str else None
        if move is None:
            move = parse_action(action)
        if self.phase == DRAWING:
            raise IllegalMoveError("the two cards of the cycle must be drawn first")
        if seat != self.turn:
            raise IllegalMoveError(f"it is not {seat_name(seat)}'s turn but {seat_name(self.turn)}'s")
        if self.phase == PUTTING_UNDER:
            if move.kind != UNDER:
                raise IllegalMoveError(f"{seat_name(seat)} is cycling and must put two cards under")
            self.check_under(seat, move.cards[0], move.cards[1])
            self.put_under(seat, move.cards[0], move.cards[1])
            return
        if move.kind == UNDER:
            raise IllegalMoveError("'under' finishes a cycle, and no cycle is under way")
        self.check(seat, move)  # it refuses every action but a draw that was not played at once
        assert move.kind == DRAW
        self.phase = DRAWING

    def chance_outcomes(self) -> list[str]:
        """The draws possible now: the deck's top two where known, else unseen cards."""
        if self.phase != DRAWING:
            raise IllegalMoveError("no draw is due now")
        top = self.next_cards(2)
        firsts = self.unseen if top[0] is None else [top[0]]
        outcomes = []
        for first in firsts:
            seconds = [card for card in self.unseen if card != first] if top[1] is None else [top[1]]
            outcomes += [f"+{first} +{second}" for second in seconds]
        return outcomes

    def sample_chance(self, rng: random.Random) -> str:
        if self.phase != DRAWING:
            raise IllegalMoveError("no draw is due now")
        top = self.next_cards(2)
        if top[0] is None and top[1] is None:
            first, second = rng.sample(self.unseen, 2)
        elif top[0] is None:
            first, second = rng.choice(self.unseen), top[1]
        else:
            first, second = top[0], top[1]
        return f"+{first} +{second}"

    def apply_chance(self, outcome: str) -> None:
        if self.phase != DRAWING:
            raise IllegalMoveError("no draw is due now")
        first, second = parse_draw(outcome)
        if first == second or not self.may_draw(first, second):
            self.check_draw(first, second)  # which explains the refusal
        self.draw_cards(self.turn, first, second)

    # -- outcome and views ------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Points scored in the finished plays (a play cut short by a forfeit scores nothing)."""
        return list(self.points)

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalMoveError("the bout is not over")
        keys = [(self.points[seat], self.bout_tempos[seat]) for seat in (0, 1)]
        return Result(competition_ranks(keys), self.scores(),
                      {"tempos": list(self.bout_tempos), "plays": self.plays})

    def public_phase(self) -> str:
        if self.phase in (DRAWING, PUTTING_UNDER):
            return "cycling"
        if self.phase in (ANSWERING, LEADING):
            return "in_measure"
        return self.phase

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees (``docs/games/measure_and_tempo.md`` documents the shape)."""
        other = 1 - seat
        hidden_feint = (self.phase == ANSWERING and self.table[-1].feint
                        and self.table[-1].leader == other)
        history = []
        for index, (mover, move) in enumerate(zip(self.seats, self.moves, strict=True)):
            if mover == other and move.startswith(CYCLE):
                move = CYCLE
            history.append([mover, move])
        if hidden_feint:
            history[-1][1] = history[-1][1].split(" ")[0] + " feint"
        table = [{"leader": tempo.leader,
                  "lead": None if hidden_feint and tempo is self.table[-1] else tempo.lead,
                  "feint": tempo.feint, "answer": tempo.answer, "winner": tempo.winner}
                 for tempo in self.table]
        mine = [{"from_top": self.unknown + index + 1, "card": card}
                for index, (card, owner) in enumerate(self.deck) if owner == seat]
        cycling = self.phase in (DRAWING, PUTTING_UNDER)
        return {
            "seat": seat,
            "options": {"target": self.target, "max_plays": self.max_plays,
                        "max_circling": self.max_circling},
            "phase": self.public_phase(),
            "to_move": self.turn if self.phase not in (OVER, DRAWING) else None,
            "hand": list(self.hands[seat]),
            "dealt": list(self.dealt[seat]),
            "opponent_hand": len(self.hands[other]),
            "guards": list(self.guards),
            "trump": self.trump,
            "deck": {"cards": self.deck_size(), "mine": mine},
            "cycler": self.turn if cycling else None,
            "drawn": list(self.drawn) if self.drawn is not None and self.turn == seat else None,
            "circling": self.circling,
            "last_was_stall": self.stalled,
            "table": table,
            "tempos": {"play": list(self.play_tempos), "bout": list(self.bout_tempos)},
            "scores": list(self.points),
            "plays": self.plays,
            "history": history,
        }

    def clone(self) -> MeasureAndTempoState:
        copy = object.__new__(MeasureAndTempoState)
        copy.__dict__.update(self.__dict__)
        copy.moves = list(self.moves)
        copy.seats = list(self.seats)
        copy.hands = [list(self.hands[0]), list(self.hands[1])]
        copy.guards = list(self.guards)
        copy.unseen = list(self.unseen)
        copy.deck = deque(self.deck)
        copy.table = list(self.table)
        copy.play_tempos = list(self.play_tempos)
        copy.bout_tempos = list(self.bout_tempos)
        copy.points = list(self.points)
        return copy
