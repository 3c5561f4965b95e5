"""Measure and Tempo (``docs/games/measure_and_tempo.md``): the game's options, setup, pictures
and bots around the rules of :mod:`games.measure_and_tempo.rules`.

>>> game = MeasureAndTempo()
>>> options = game.parse_options({}, 2)
>>> game.parse_setup({"hands": [["2H"] * 7, []]}, options, 2)
Traceback (most recent call last):
...
games.errors.SetupError: the hand of seat 0 names a card twice
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Bot, Game, GameState, Option, RandomBot
from games.errors import SetupError
from games.measure_and_tempo.cards import CARDS, DECK, DECK_SIZE, HAND_SIZE
from games.measure_and_tempo.notation import CYCLE
from games.measure_and_tempo.rules import MeasureAndTempoState


def all_cards(entries: list[Any]) -> bool:
    """Whether every entry is a card's text (at once: ``"".join`` takes text alone, and the
    cards' set takes cards alone)."""
    try:
        "".join(entries)
    except TypeError:  # an entry that is not text
        return False
    return CARDS.issuperset(entries)


def check_cards(cards: Any, what: str, count: int) -> list[str]:
    """``cards`` as a list of ``count`` distinct cards, or SetupError."""
    if not isinstance(cards, list) or len(cards) != count:
        raise SetupError(f"{what} must be an array of {count} cards")
    if not all_cards(cards):  # name the first that is not a card
        for card in cards:
            if not isinstance(card, str) or card not in CARDS:
                raise SetupError(f"{what} holds {card!r}, which is not a card (a rank 2-9, T, J, Q, K "
                                 f"or A, then a suit C, D, H or S, like 'TH')")
    if len(set(cards)) != count:
        raise SetupError(f"{what} names a card twice")
    return list(cards)


def whole_deal(raw: Any) -> dict[str, Any] | None:
    """The setup of a deal written out whole, as the service writes one (both hands, the deck,
    ``first`` if given), checked at once: the 52 cards all there and each once. ``None`` for
    anything else, which :meth:`MeasureAndTempo.parse_setup` checks part by part, naming the
    fault; the answer is the one it would give."""
    if type(raw) is not dict:
        return None
    hands, deck, first = raw.get("hands"), raw.get("deck"), raw.get("first", 0)
    if not (len(raw) == (3 if "first" in raw else 2) and type(hands) is list and len(hands) == 2
            and type(deck) is list and len(deck) == DECK_SIZE and type(first) is int and first in (0, 1)):
        return None
    mine, theirs = hands
    if not (type(mine) is list and type(theirs) is list and len(mine) == len(theirs) == HAND_SIZE):
        return None
    cards = mine + theirs + deck
    if not all_cards(cards) or len(set(cards)) != len(DECK):
        return None
    if "first" in raw:
        return {"hands": [list(mine), list(theirs)], "first": first, "deck": list(deck)}
    return {"hands": [list(mine), list(theirs)], "deck": list(deck)}


class MeasureAndTempo(Game):
    """The game: exactly two seats, 7 cards dealt to each, 38 in the deck."""

    slug = "measure_and_tempo"
    title = "Measure and Tempo"
    hides_setup = True
    min_players = 2
    max_players = 2
    option_specs = (
        Option("target", int, 11, "points that win the bout", minimum=1, maximum=99),
        Option("max_plays", int, 30, "plays after which the bout ends anyway", minimum=1, maximum=999),
        Option("max_circling", int, 11,
               "circling actions (all but the Strike) allowed per Out of Measure phase; the next "
               "action must be a Strike", minimum=0, maximum=99),
    )
    notation_help = (
        "Cards are rank then suit, upper case: 2-9, T, J, Q, K, A and C, D, H, S ('TH', 'AS'). "
        "Moves: 'cycle +KD +3S -2C -9H' (draw two, in the order drawn, then put two under, the "
        "first going under first), 'guard QH', 'unguard', 'stall', 'strike 7C' or "
        "'strike feint AS' (lead an ace face down), 'answer 4D', 'lead 9D' or 'lead feint AH', "
        "'disengage'. Whose move it is follows from the position. Bots cycle in two steps: "
        "'cycle', then 'under X Y' once they see the two cards drawn."
    )

    def parse_setup(self, raw: Mapping[str, Any] | None, options: Mapping[str, Any],
                    num_players: int) -> dict[str, Any]:
        return whole_deal(raw) or self.setup_by_parts(raw)

    def setup_by_parts(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """The setup checked key by key, naming the first fault (SetupError)."""
        if raw is None:
            raise SetupError("the setup must give the dealt hands: {\"hands\": [[7 cards], [7 cards]]}")
        unknown = sorted(set(raw) - {"hands", "first", "deck"})
        if unknown:
            raise SetupError(f"unknown setup key {unknown[0]!r} (the keys are 'hands', 'first' "
                             f"and 'deck')")
        for key, value in raw.items():
            if value is None:
                raise SetupError(f"setup {key!r} is null; leave the key out instead")
        hands = raw.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise SetupError("setup 'hands' must be an array of two hands of 7 cards")
        parsed = [check_cards(hand, f"the hand of seat {seat}", HAND_SIZE)
                  for seat, hand in enumerate(hands)]
        dealt = set(parsed[0])
        both = dealt.intersection(parsed[1])
        if both:
            raise SetupError(f"{min(both)} is dealt to both seats")
        dealt.update(parsed[1])
        setup: dict[str, Any] = {"hands": parsed}
        first = raw.get("first", 0)
        if type(first) is not int or first not in (0, 1):
            raise SetupError(f"setup 'first' must be the seat 0 or 1, not {first!r}")
        if "first" in raw:
            setup["first"] = first
        if "deck" in raw:
            deck = check_cards(raw["deck"], "setup 'deck'", DECK_SIZE)
            if not dealt.isdisjoint(deck):  # name the first in the deck's order
                for card in deck:
                    if card in dealt:
                        raise SetupError(f"{card} is both dealt and in the deck")
            setup["deck"] = deck
        return setup

    def random_setup(self, options: Mapping[str, Any], num_players: int,
                     rng: random.Random) -> dict[str, Any]:
        cards = list(DECK)
        rng.shuffle(cards)
        return {"hands": [cards[:HAND_SIZE], cards[HAND_SIZE:2 * HAND_SIZE]], "first": 0,
                "deck": cards[2 * HAND_SIZE:]}

    def new_state(self, options: Mapping[str, Any], num_players: int,
                  setup: Mapping[str, Any]) -> MeasureAndTempoState:
        return MeasureAndTempoState(self, options, num_players, setup)

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> MeasureAndTempoState:
        """A full position consistent with what one seat has seen: the opponent's hand, the
        deck's order and a face-down feint drawn at random among the cards it could hold
        (see :mod:`games.measure_and_tempo.knowledge`)."""
        from games.measure_and_tempo.knowledge import SeatKnowledge  # for the bots: verifying a log never samples

        return SeatKnowledge(observation).sample(rng, self)

    def draw(self, state: GameState, viewer: int | None = None, reveal: bool = False,
             targets: bool = False) -> str:
        from games.measure_and_tempo.picture import draw  # the picture and the bots load when asked for: verifying needs neither

        return draw(state, viewer, reveal, targets)  # type: ignore[arg-type]

    def taps(self, state: GameState, seat: int) -> dict[str, list[str]]:
        """An action is its button (``act:strike``, ``act:feint``, ``act:guard``, ``act:lead``;
        ``act:cycle``, ``act:unguard``, ``act:stall``, ``act:disengage`` alone), then the
        card of the hand it plays (``card:7C``); an answer is its card; putting under is
        the two cards, the first to go under first."""
        paths = {}
        for action in state.legal_actions(seat):
            words = action.split(" ")
            if words[0] in ("answer", "under"):
                paths[action] = [f"card:{card}" for card in words[1:]]
            elif len(words) == 1:
                paths[action] = [f"act:{words[0]}"]
            else:
                paths[action] = [f"act:{words[-2]}", f"card:{words[-1]}"]
        return paths

    def public_moves(self, moves: Sequence[str]) -> list[str]:
        """A spectator reads a cycle as ``cycle`` (the cards drawn and put under are the
        cycler's secret) and a feint awaiting its answer without its card."""
        shown = []
        for index, move in enumerate(moves):
            if move.startswith(CYCLE):
                move = CYCLE
            elif index == len(moves) - 1 and " feint " in move:
                move = move.rsplit(" ", 1)[0]
            shown.append(move)
        return shown

    @property
    def bots(self) -> dict[str, type[Bot]]:
        from games.measure_and_tempo.bots import GreedyBot, IsmctsBot

        return {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}

