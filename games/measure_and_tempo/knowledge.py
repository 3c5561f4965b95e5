"""What one seat knows about the hidden cards, and full positions sampled from it.

A seat cannot see the opponent's hand, the cards the opponent put under, or the deck's
order. Replaying its own history (its observation's ``history``, in which the opponent's
cycles show only as ``cycle``) it can still say, for every card it cannot see, where that
card may be:

* ``HAND``: in the opponent's hand;
* ``TOP``: among the cards at the top of the deck that nobody has seen since the deal;
* a slot: one of the places at the bottom of the deck where the opponent put a card;
* ``FEINT``: face down on the table, as the opponent's feint not yet answered.

The rules of the replay are facts a player at the table would use: a card the opponent
played or took back from its Guard is in its hand until it cycles; a card the opponent puts
under was in its hand; a card drawn from the top was never seen; an answer that does not
follow suit shows that the opponent held no card of that suit; a feint is an ace.
:meth:`SeatKnowledge.sample` then places every hidden card at one of its possible places,
each place holding as many cards as it must (a capacitated matching), and builds the whole
position. Search bots use it through :meth:`MeasureAndTempo.sample_state`.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from typing import Any

from games.base import Game, GameState
from games.measure_and_tempo.cards import DECK
from games.measure_and_tempo.rules import (
    ANSWERING,
    DRAWING,
    LEADING,
    MAX_TEMPOS,
    NOBODY,
    OUT_OF_MEASURE,
    OVER,
    PUTTING_UNDER,
    MeasureAndTempoState,
    Tempo,
)

HAND = -1
TOP = -2
FEINT = -3
#: Slot ids of the opponent's put-under cards are the integers from 0 up.
Place = int


class InconsistentObservation(ValueError):
    """The observation contradicts itself (it did not come from a real position)."""


class SeatKnowledge:
    """The possible places of every card one seat cannot see, from its observation."""

    def __init__(self, observation: Mapping[str, Any]) -> None:
        self.observation = observation
        self.seat: int = observation["seat"]
        self.opponent = 1 - self.seat
        self.hand: set[str] = set(observation["dealt"])
        self.guards: list[str | None] = [None, None]
        self.opponent_size = len(observation["dealt"])
        #: card -> the places it may be (only cards the seat cannot see).
        self.places: dict[str, set[Place]] = {card: {HAND, TOP} for card in DECK if card not in self.hand}
        self.top = len(DECK) - 2 * len(observation["dealt"])
        #: The known part of the deck under the unseen top: ("mine", card) or ("theirs", slot).
        self.queue: deque[tuple[str, Any]] = deque()
        self.slots = 0
        self.table: list[tuple[int, str | None, bool, str | None]] = []
        self.opponent_drew: list[str | None] = []
        for mover, move in observation["history"]:
            self.replay(mover, move)
        self.replay_pending()
        self.check_against(observation)

    # -- the replay -------------------------------------------------------------------------

    def replay(self, mover: int, move: str) -> None:
        words = move.split(" ")
        kind = words[0]
        mine = mover == self.seat
        if kind == "cycle":
            if mine:
                self.i_draw([words[1][1:], words[2][1:]])
                for card in (words[3][1:], words[4][1:]):
                    self.hand.remove(card)
                    self.queue.append(("mine", card))
            else:
                self.they_draw()
                self.they_put_under()
        elif kind == "guard":
            card = words[1]
            old = self.guards[mover]
            if mine:
                self.hand.remove(card)
                if old is not None:
                    self.hand.add(old)
            else:
                self.reveal(card)
                if old is not None:
                    self.places[old] = {HAND}
                    self.opponent_size += 1
            self.guards[mover] = card
        elif kind == "unguard":
            old = self.guards[mover]
            assert old is not None
            if mine:
                self.hand.add(old)
            else:
                self.places[old] = {HAND}
                self.opponent_size += 1
            self.guards[mover] = None
        elif kind in ("strike", "lead"):
            if kind == "strike":
                self.table = []
            feint = len(words) > 1 and words[1] == "feint"
            card = words[-1] if len(words) == 3 or not feint else None
            if mine:
                assert card is not None
                self.hand.remove(card)
            elif card is None:
                self.opponent_size -= 1
                for hidden, places in self.places.items():
                    if hidden[0] == "A" and HAND in places:
                        places.add(FEINT)
            else:
                self.reveal(card)
            self.table.append((mover, card, feint, None))
        elif kind == "answer":
            card = words[1]
            leader, lead, feint, _ = self.table[-1]
            assert lead is not None
            if mine:
                self.hand.remove(card)
            else:
                if not feint and card[1] != lead[1]:
                    for hidden, places in self.places.items():
                        if hidden[1] == lead[1]:
                            places.discard(HAND)
                self.reveal(card)
            self.table[-1] = (leader, lead, feint, card)
            if len(self.table) == MAX_TEMPOS:
                self.end_play()
        elif kind == "disengage":
            self.end_play()

    def reveal(self, card: str) -> None:
        """The opponent shows ``card`` from its hand (a Guard, a lead, an answer)."""
        del self.places[card]
        self.opponent_size -= 1

    def end_play(self) -> None:
        for leader, lead, _, answer in self.table:
            for owner, card in ((leader, lead), (1 - leader, answer)):
                assert card is not None
                if owner == self.seat:
                    self.hand.add(card)
                else:
                    self.places[card] = {HAND}
                    self.opponent_size += 1
        self.table = []

    def i_draw(self, cards: list[str]) -> None:
        for card in cards:
            if self.top:
                self.top -= 1
                del self.places[card]
            else:
                owner, what = self.queue.popleft()
                if owner == "theirs":
                    del self.places[card]
                    for places in self.places.values():
                        places.discard(what)
            self.hand.add(card)

    def they_draw(self) -> None:
        drew: list[str | None] = []
        for _ in range(2):
            if self.top:
                self.top -= 1
                for places in self.places.values():
                    if TOP in places:
                        places.add(HAND)
                drew.append(None)
            else:
                owner, what = self.queue.popleft()
                if owner == "mine":
                    self.places[what] = {HAND}
                    drew.append(what)
                else:
                    for places in self.places.values():
                        if what in places:
                            places.discard(what)
                            places.add(HAND)
                    drew.append(None)
        self.opponent_size += 2
        self.opponent_drew = drew

    def they_put_under(self) -> None:
        new = (self.slots, self.slots + 1)
        self.slots += 2
        for places in self.places.values():
            if HAND in places:
                places.update(new)
        self.queue.extend(("theirs", slot) for slot in new)
        self.opponent_size -= 2
        self.opponent_drew = []

    def replay_pending(self) -> None:
        """A cycle under way: its draw has happened when the cycler is choosing cards."""
        observation = self.observation
        cycler = observation["cycler"]
        if cycler is None or observation["to_move"] is None:
            return
        if cycler == self.seat:
            self.i_draw(list(observation["drawn"]))
        else:
            self.they_draw()

    def check_against(self, observation: Mapping[str, Any]) -> None:
        if sorted(self.hand) != sorted(observation["hand"]):
            raise InconsistentObservation("the history does not lead to the hand shown")
        if self.opponent_size != observation["opponent_hand"]:
            raise InconsistentObservation("the history does not lead to the opponent's hand size")
        if self.top + len(self.queue) != observation["deck"]["cards"]:
            raise InconsistentObservation("the history does not lead to the deck's size")
        for places in self.places.values():
            if not places:
                raise InconsistentObservation("a hidden card has nowhere it could be")

    # -- sampling ---------------------------------------------------------------------------

    def capacities(self) -> dict[Place, int]:
        capacity: dict[Place, int] = {HAND: self.opponent_size, TOP: self.top}
        for owner, what in self.queue:
            if owner == "theirs":
                capacity[what] = 1
        if self.table and self.table[-1][1] is None:
            capacity[FEINT] = 1
        return capacity

    def prepare(self) -> None:
        """Fix the places' capacities and each card's options, once for many samples."""
        self.capacity = self.capacities()
        self.options = {card: tuple(sorted(place for place in places if self.capacity.get(place)))
                        for card, places in self.places.items()}
        self.cards = sorted(self.places)
        if sum(self.capacity.values()) != len(self.cards):
            raise InconsistentObservation("the hidden places do not hold the hidden cards")

    def assign(self, rng: random.Random) -> dict[Place, list[str]]:
        """The hidden cards at each place, drawn at random, every place filled exactly.

        Cards with fewer options go first; each takes a place with probability proportional
        to the room left there (uniform when all cards share their options). When a card
        finds every place it may be full, an augmenting path moves earlier cards aside.
        """
        if not hasattr(self, "capacity"):
            self.prepare()
        capacity, options = self.capacity, self.options
        room = dict(capacity)
        load: dict[Place, list[str]] = {place: [] for place in capacity}
        where: dict[str, Place] = {}
        cards = list(self.cards)
        rng.shuffle(cards)
        cards.sort(key=lambda card: len(options[card]))
        random_number = rng.random
        for card in cards:
            places = options[card]
            total = 0
            for place in places:
                total += room[place]
            if total:
                pick = random_number() * total
                for place in places:
                    pick -= room[place]
                    if pick < 0 and room[place]:
                        break
                else:
                    place = next(place for place in reversed(places) if room[place])
                room[place] -= 1
                load[place].append(card)
                where[card] = place
            elif not self.augment(card, load, where, rng, set()):
                raise InconsistentObservation(f"no place is left for {card}")
            else:
                room = {place: capacity[place] - len(load[place]) for place in capacity}
        return load

    def augment(self, card: str, load: dict[Place, list[str]], where: dict[str, Place],
                rng: random.Random, visited: set[Place]) -> bool:
        """Kuhn's augmenting path: seat ``card`` by moving others along a chain of places."""
        places = list(self.options[card])
        for place in places:
            if len(load[place]) < self.capacity[place]:
                load[place].append(card)
                where[card] = place
                return True
        rng.shuffle(places)
        for place in places:
            if place in visited:
                continue
            visited.add(place)
            for other in list(load[place]):
                load[place].remove(other)
                load[place].append(card)
                where[card] = place
                if self.augment(other, load, where, rng, visited):
                    return True
                load[place].remove(card)
                load[place].append(other)
                where[other] = place
        return False

    def sample(self, rng: random.Random, game: Game) -> MeasureAndTempoState:
        """A full position consistent with this knowledge, hidden cards drawn from ``rng``."""
        observation = self.observation
        by_place = self.assign(rng)
        top = by_place.get(TOP, [])
        rng.shuffle(top)
        deck = deque((card, NOBODY) for card in top)
        for owner, what in self.queue:
            if owner == "mine":
                deck.append((what, self.seat))
            else:
                deck.append((by_place[what][0], self.opponent))
        opponent_hand = sorted(by_place.get(HAND, []))
        hands: list[list[str]] = [[], []]
        hands[self.seat] = sorted(observation["hand"])
        hands[self.opponent] = opponent_hand
        table = []
        for entry in observation["table"]:
            lead = entry["lead"] if entry["lead"] is not None else by_place[FEINT][0]
            table.append(Tempo(entry["leader"], lead, entry["feint"], entry["answer"], entry["winner"]))
        return restore_state(game, observation, hands, deck, table,
                             self.opponent_drew, rng)


def restore_state(game: Game, observation: Mapping[str, Any], hands: list[list[str]],
                  deck: deque[tuple[str, int]], table: list[Tempo],
                  opponent_drew: list[str | None], rng: random.Random) -> MeasureAndTempoState:
    """The position the observation shows, with the hidden parts filled in."""
    seat = observation["seat"]
    state = object.__new__(MeasureAndTempoState)
    GameState.__init__(state, game, observation["options"], 2)
    state.target = observation["options"]["target"]
    state.max_plays = observation["options"]["max_plays"]
    state.max_circling = observation["options"]["max_circling"]
    dealt = [tuple(observation["dealt"]), tuple(observation["dealt"])]
    dealt[1 - seat] = tuple(hands[1 - seat])
    state.dealt = (dealt[0], dealt[1])
    state.hands = hands
    state.guards = list(observation["guards"])
    state.unseen = []
    state.unknown = 0
    state.deck = deck
    phase = observation["phase"]
    to_move = observation["to_move"]
    cycler = observation["cycler"]
    state.drawn = None
    if phase == "cycling":
        if to_move is None:
            state.phase = DRAWING
        else:
            state.phase = PUTTING_UNDER
            if cycler == seat:
                state.drawn = (observation["drawn"][0], observation["drawn"][1])
            else:
                state.drawn = opponent_draw(hands[cycler], opponent_drew, rng)
        state.turn = cycler
    elif phase == "in_measure":
        state.phase = ANSWERING if table[-1].answer is None else LEADING
        state.turn = to_move
    elif phase == "over":
        state.phase = OVER
        state.turn = 0
    else:
        state.phase = OUT_OF_MEASURE
        state.turn = to_move
    state.circling = observation["circling"]
    state.stalled = observation["last_was_stall"]
    state.table = table
    state.play_tempos = list(observation["tempos"]["play"])
    state.bout_tempos = list(observation["tempos"]["bout"])
    state.points = list(observation["scores"])
    state.plays = observation["plays"]
    state.seats = [mover for mover, _ in observation["history"]]
    state.moves = [move for _, move in observation["history"]]
    return state


def opponent_draw(hand: list[str], drew: list[str | None], rng: random.Random) -> tuple[str, str]:
    """The two cards an opponent in mid-cycle drew, for the log text of its cycle: the known
    ones where known, others from its sampled hand."""
    known = [card for card in drew if card is not None]
    rest = [card for card in hand if card not in known]
    picked = known + rng.sample(rest, 2 - len(known))
    return picked[0], picked[1]

