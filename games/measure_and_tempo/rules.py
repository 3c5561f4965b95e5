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
from bisect import insort
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from games.base import Game, GameState, Result, competition_ranks
from games.errors import GameOverError, IllegalMoveError, SetupError
from games.measure_and_tempo.cards import (
    CARDS,
    DECK,
    DECK_SIZE,
    HAND_SIZE,
    SUIT_NAMES,
    answer_wins,
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
    Move,
    parse_action,
    parse_draw,
    parse_move,
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

#: The texts of the actions that name one card, by their word and the card (``"guard QH"``),
#: of the feints by their word and the ace, and of the cards put under, by the two cards.
ACTION_TEXT: dict[str, dict[str, str]] = {
    word: {card: f"{word} {card}" for card in DECK} for word in (STRIKE, LEAD, ANSWER, GUARD)}
FEINT_TEXT: dict[str, dict[str, str]] = {
    word: {card: f"{word} feint {card}" for card in DECK if card[0] == "A"} for word in (STRIKE, LEAD)}
UNDER_TEXT: dict[str, dict[str, str]] = {
    first: {second: f"{UNDER} {first} {second}" for second in DECK} for first in DECK}

#: Who put a card at the bottom of the deck (a card of ``setup.deck`` belongs to nobody).
NOBODY = -1


class Tempo(NamedTuple):
    """One tempo of the current play: the leader's card, whether it was a feint, the answer
    and the winner (both ``None`` until answered)."""

    leader: int
    lead: str
    feint: bool = False
    answer: str | None = None
    winner: int | None = None


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
        self.dealt: tuple[tuple[str, ...], tuple[str, ...]] = (
            tuple(sorted(setup["hands"][0])), tuple(sorted(setup["hands"][1])))
        self.hands: list[list[str]] = [sorted(hand) for hand in setup["hands"]]
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
            self.deck = deque((card, NOBODY) for card in deck)
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
        if self.phase in (OVER, DRAWING):
            return ()
        return (self.turn,)

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
        if self.phase == OVER:
            raise GameOverError("the bout is over")
        parsed = parse_move(move)
        if self.phase in (DRAWING, PUTTING_UNDER):
            raise IllegalMoveError(f"{seat_name(self.turn)} is in the middle of a cycle, which "
                                   f"must be finished first")
        seat = self.turn
        self.check(seat, parsed)
        if parsed.kind == CYCLE:
            first, second, under_first, under_second = parsed.cards
            self.check_draw(first, second)
            self.check_under(seat, under_first, under_second, (first, second))
            self.draw_cards(seat, first, second)
            self.put_under(seat, under_first, under_second)
            return
        self.play(seat, parsed, move)

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

    def play(self, seat: int, move: Move, text: str) -> None:
        """Apply a checked move other than a cycle."""
        kind = move.kind
        self.moves.append(text)
        self.seats.append(seat)
        if kind == ANSWER:
            self.answer(seat, move.cards[0])
        elif kind == STRIKE or kind == LEAD:
            card = move.cards[0]
            self.hands[seat].remove(card)
            self.stalled = False
            self.table.append(Tempo(seat, card, move.feint))
            self.phase = ANSWERING
            self.turn = 1 - seat
        elif kind == GUARD:
            card = move.cards[0]
            self.hands[seat].remove(card)
            old = self.guards[seat]
            if old is not None:
                insort(self.hands[seat], old)
            self.guards[seat] = card
            self.circle(seat, stall=False)
        elif kind == UNGUARD:
            old = self.guards[seat]
            assert old is not None
            insort(self.hands[seat], old)
            self.guards[seat] = None
            self.circle(seat, stall=False)
        elif kind == STALL:
            self.circle(seat, stall=True)
        elif kind == DISENGAGE:
            self.end_play()

    def answer(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        tempo = self.table[-1]
        winner = seat if answer_wins(tempo.lead, card, trump_suit(*self.guards)) else tempo.leader
        self.table[-1] = Tempo(tempo.leader, tempo.lead, tempo.feint, card, winner)
        self.play_tempos[winner] += 1
        self.bout_tempos[winner] += 1
        if len(self.table) == MAX_TEMPOS:
            self.end_play()
        else:
            self.phase = LEADING
            self.turn = winner

    def end_play(self) -> None:
        """Score the play, return its cards to the hands, and start the next phase or end."""
        for tempo in self.table:
            insort(self.hands[tempo.leader], tempo.lead)
            assert tempo.answer is not None
            insort(self.hands[1 - tempo.leader], tempo.answer)
        first, second = self.play_tempos
        if first != second:
            self.points[0 if first > second else 1] += abs(first - second)
        last_winner = self.table[-1].winner
        assert last_winner is not None
        self.table = []
        self.play_tempos = [0, 0]
        self.plays += 1
        if max(self.points) >= self.target or self.plays >= self.max_plays:
            self.phase = OVER
            return
        self.phase = OUT_OF_MEASURE
        self.turn = 1 - last_winner
        self.circling = 0
        self.stalled = False

    # -- decisions --------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase in (OVER, DRAWING) or seat != self.turn:
            return []
        hand = self.hands[seat]
        phase = self.phase
        if phase == ANSWERING:
            tempo = self.table[-1]
            led = tempo.lead[1]
            following = [] if tempo.feint else [card for card in hand if card[1] == led]
            return [ACTION_TEXT[ANSWER][card] for card in (following or hand)]
        if phase == PUTTING_UNDER:
            under = UNDER_TEXT
            return sorted([under[first][second] for first in hand for second in hand if first != second])
        strike = STRIKE if phase == OUT_OF_MEASURE else LEAD
        texts = ACTION_TEXT[strike]
        actions = [texts[card] for card in hand]
        feints = FEINT_TEXT[strike]
        actions += [feints[card] for card in hand if card[0] == "A"]
        if phase == LEADING:
            actions.append(DISENGAGE)
        elif self.circling < self.max_circling:
            actions.append(CYCLE)
            guards = ACTION_TEXT[GUARD]
            actions += [guards[card] for card in hand]
            if self.guards[seat] is not None:
                actions.append(UNGUARD)
            if not self.stalled:
                actions.append(STALL)
        actions.sort()
        return actions

    def apply_action(self, seat: int, action: str) -> None:
        if self.phase == OVER:
            raise GameOverError("the bout is over")
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
        if move.kind == DRAW:
            self.check(seat, move)
            self.phase = DRAWING
            return
        self.check(seat, move)
        self.play(seat, move, action)

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
        self.check_draw(first, second)
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
