"""Built-in bots for Measure and Tempo: a card-counting heuristic and an ISMCTS search.

Both see only their seat's observation and legal actions, as a sandboxed bot would. The
search rebuilds full positions from the observation with
:meth:`~games.measure_and_tempo.game.MeasureAndTempo.sample_state` (through
:class:`~games.measure_and_tempo.knowledge.SeatKnowledge`, built once per decision).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any

from games.base import Bot, Param
from games.measure_and_tempo.cards import DECK, RANKS, answer_wins, beats, trump_suit
from games.measure_and_tempo.rules import (
    ANSWERING,
    LEADING,
    OUT_OF_MEASURE,
    PUTTING_UNDER,
    MeasureAndTempoState,
)
from games.measure_and_tempo.knowledge import SeatKnowledge

#: How many cards of its own suit a card beats in the loop: 2 beats only the ace, T beats
#: 2-9 and the ace, K beats 2-T, J and Q, the ace beats J Q K.
POWER = {rank: sum(beats(rank, other) for other in RANKS) for rank in RANKS}
#: How many leads a hand that can take every lead is worth (see :func:`hand_value`).
DEFENCE_WEIGHT = 3.0


# -- card counting for the heuristic -----------------------------------------------------------

def hidden_pool(observation: dict[str, Any]) -> list[str]:
    """The cards this seat cannot see: the opponent's hand is among them."""
    visible = set(observation["hand"])
    visible.update(guard for guard in observation["guards"] if guard is not None)
    for tempo in observation["table"]:
        visible.update(card for card in (tempo["lead"], tempo["answer"]) if card is not None)
    visible.update(entry["card"] for entry in observation["deck"]["mine"])
    return [card for card in DECK if card not in visible]


def lead_chance(lead: str, feint: bool, trump: str | None, pool: Sequence[str], held: int) -> float:
    """The chance that an opponent holding ``held`` cards drawn at random from ``pool`` cannot
    take the tempo led by ``lead`` (face down when ``feint``).

    Face up, the opponent wins with a higher card of the led suit, or with a trump when it
    holds none of the led suit; face down, it answers blind, so with a random card.
    """
    size = len(pool)
    if size == 0 or held == 0:
        return 1.0
    held = min(held, size)
    if feint:
        beaters = sum(1 for card in pool if answer_wins(lead, card, trump))
        return 1.0 - beaters / size
    suit = lead[1]
    same = [card for card in pool if card[1] == suit]
    beaters = sum(1 for card in same if answer_wins(lead, card, trump))
    total = comb(size, held)
    no_beater = comb(size - beaters, held) / total
    if trump is None or suit == trump:
        return no_beater
    trumps = sum(1 for card in pool if card[1] == trump)
    void = comb(size - len(same), held) / total
    void_without_trump = comb(size - len(same) - trumps, held) / total
    return no_beater - (void - void_without_trump)


def best_lead(hand: Iterable[str], trump: str | None, pool: Sequence[str], held: int) -> tuple[float, str, bool]:
    """The lead most likely to win: (chance, card, feint)."""
    options = []
    for card in hand:
        options.append((lead_chance(card, False, trump, pool, held), card, False))
        if card[0] == "A":
            options.append((lead_chance(card, True, trump, pool, held), card, True))
    return max(options)


def defence(hand: Sequence[str], trump: str | None, pool: Sequence[str]) -> float:
    """The share of the cards the opponent might lead that this hand can take: with a higher
    card of the led suit, or with a trump when it holds none of that suit."""
    if not pool:
        return 0.0
    suits = {card[1] for card in hand}
    taken = 0
    for lead in pool:
        answers = [card for card in hand if card[1] == lead[1]] if lead[1] in suits else hand
        taken += any(answer_wins(lead, answer, trump) for answer in answers)
    return taken / len(pool)


def hand_value(hand: Sequence[str], trump: str | None, pool: Sequence[str], held: int) -> float:
    """How well a hand fights: the sum of its cards' chances as leads, and its defence
    against the opponent's leads (worth ``DEFENCE_WEIGHT`` leads)."""
    attack = sum(max(lead_chance(card, False, trump, pool, held),
                     lead_chance(card, True, trump, pool, held) if card[0] == "A" else 0.0)
                 for card in hand)
    return attack + DEFENCE_WEIGHT * defence(hand, trump, pool)


class GreedyBot(Bot):
    """A card-counting heuristic. Out of Measure it stands the Guard that makes its best suit
    trump, cycles its two weakest cards while that is worth it, then strikes with the lead
    most likely to win; In Measure it wins a tempo with its cheapest winning card or throws
    its cheapest card when it cannot win, and disengages as soon as it is ahead in the play."""

    name = "greedy"
    summary = "counts cards: Guard for trump, cheap answers, disengages when ahead"
    #: Gains smaller than this (in summed lead chances) are not worth a circling action.
    margin = 0.25

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        seat = observation["seat"]
        pool = hidden_pool(observation)
        held = observation["opponent_hand"]
        trump = observation["trump"]
        hand = observation["hand"]
        phase = observation["phase"]
        if phase == "cycling":
            first, second = sorted(hand, key=lambda card: self.keep_value(card, trump, pool, held))[:2]
            return f"under {first} {second}"
        if phase == "in_measure":
            if legal[0].startswith("answer"):
                return self.answer(observation, legal, trump, pool, held)
            tempos = observation["tempos"]["play"]
            if tempos[seat] > tempos[1 - seat] and "disengage" in legal:
                return "disengage"
            return self.lead("lead", hand, trump, pool, held)
        return self.out_of_measure(observation, legal, trump, pool, held)

    def keep_value(self, card: str, trump: str | None, pool: Sequence[str], held: int) -> float:
        chance = lead_chance(card, False, trump, pool, held)
        if card[0] == "A":
            chance = max(chance, lead_chance(card, True, trump, pool, held))
        return chance + (0.5 if card[1] == trump else 0.0)

    def lead(self, word: str, hand: Sequence[str], trump: str | None, pool: Sequence[str],
             held: int) -> str:
        _, card, feint = best_lead(hand, trump, pool, held)
        return f"{word} feint {card}" if feint else f"{word} {card}"

    def answer(self, observation: dict[str, Any], legal: list[str], trump: str | None,
               pool: Sequence[str], held: int) -> str:
        tempo = observation["table"][-1]
        cards = [action.split(" ")[1] for action in legal]
        if tempo["lead"] is None:
            aces = [card for card in pool if card[0] == "A"] or ["AC", "AD", "AH", "AS"]
            chances = {card: sum(answer_wins(ace, card, trump) for ace in aces) / len(aces)
                       for card in cards}
        else:
            chances = {card: float(answer_wins(tempo["lead"], card, trump)) for card in cards}
        best = max(chances.values())
        candidates = [card for card in cards if chances[card] == best]
        cheapest = min(candidates, key=lambda card: (self.keep_value(card, trump, pool, held), card))
        return f"answer {cheapest}"

    def out_of_measure(self, observation: dict[str, Any], legal: list[str], trump: str | None,
                       pool: Sequence[str], held: int) -> str:
        seat = observation["seat"]
        hand = list(observation["hand"])
        guards = observation["guards"]
        if "cycle" not in legal:
            return self.lead("strike", hand, trump, pool, held)
        current = hand_value(hand, trump, pool, held)
        best_gain, best_action = 0.0, None
        own = guards[seat]
        for card in hand:
            rest = [other for other in hand if other != card] + ([own] if own else [])
            new_trump = trump_suit(card, guards[1 - seat])
            gain = hand_value(rest, new_trump, pool, held) - current
            if gain > best_gain:
                best_gain, best_action = gain, f"guard {card}"
        if own is not None:
            new_trump = trump_suit(None, guards[1 - seat])
            gain = hand_value(hand + [own], new_trump, pool, held) - current
            if gain > best_gain:
                best_gain, best_action = gain, "unguard"
        if best_action is not None and best_gain > self.margin:
            return best_action
        values = sorted(self.keep_value(card, trump, pool, held) for card in hand)
        fresh = sum(self.keep_value(card, trump, pool, held) for card in pool) / max(1, len(pool))
        if 2 * fresh - values[0] - values[1] > self.margin:
            return "cycle"
        return self.lead("strike", hand, trump, pool, held)


# -- the search ---------------------------------------------------------------------------------

def rollout_action(state: MeasureAndTempoState, rng: random.Random) -> str:
    """A fast playout policy over a full (sampled) position. It leads the cheapest card the
    opponent's hand cannot beat (a feint when that is the better way to lead an ace), else
    the card that most of the opponent's answers lose to; it wins a tempo with the cheapest
    winning card and throws its cheapest card otherwise, answers a feint blind, disengages
    when ahead and puts under its two weakest cards."""
    seat = state.turn
    hand = state.hands[seat]
    trump = state.trump
    phase = state.phase
    if phase == PUTTING_UNDER:
        first, second = sorted(hand, key=lambda card: (static_value(card, trump), card))[:2]
        return f"under {first} {second}"
    if phase == ANSWERING:
        tempo = state.table[-1]
        if tempo.feint:
            return f"answer {blind_answer(state, seat, hand)}"
        lead = tempo.lead
        cards = [card for card in hand if card[1] == lead[1]] or hand
        winning = [card for card in cards if answer_wins(lead, card, trump)]
        pick = min(winning or cards, key=lambda card: static_value(card, trump))
        return f"answer {pick}"
    if phase == LEADING:
        tempos = state.play_tempos
        if tempos[seat] > tempos[1 - seat]:
            return "disengage"
    word = "strike" if phase == OUT_OF_MEASURE else "lead"
    other = state.hands[1 - seat]
    best, best_feint, best_key = hand[0], False, (False, -1.0)
    for card in hand:
        suit = card[1]
        answers = [answer for answer in other if answer[1] == suit] or other
        losing = sum(1 for answer in answers if not answer_wins(card, answer, trump))
        key = (losing == len(answers), losing / len(answers) - static_value(card, trump) / 100)
        if key > best_key:
            best, best_feint, best_key = card, False, key
        if card[0] == "A":
            answer = blind_answer(state, 1 - seat, other)
            wins = not answer_wins(card, answer, trump)
            key = (wins, float(wins) - static_value(card, trump) / 100)
            if key > best_key:
                best, best_feint, best_key = card, True, key
    return f"{word} feint {best}" if best_feint else f"{word} {best}"


def blind_answer(state: MeasureAndTempoState, seat: int, hand: Sequence[str]) -> str:
    """The answer to a feint by ``seat``, who cannot see the ace: the card that beats the most
    of the aces it cannot see, the cheapest among equals."""
    trump = state.trump
    visible = set(hand) | {guard for guard in state.guards if guard is not None}
    aces = [ace for ace in ("AC", "AD", "AH", "AS") if ace not in visible]
    return max(hand, key=lambda card: (sum(answer_wins(ace, card, trump) for ace in aces),
                                       -static_value(card, trump)))


def static_value(card: str, trump: str | None) -> int:
    """A quick worth of a card: the cards of its suit it beats, more for a trump."""
    return POWER[card[0]] + (13 if card[1] == trump else 0)


class Node:
    """A node of the search tree: one sequence of what the searching seat observes."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def observed_key(state: MeasureAndTempoState, seat: int, action: str) -> str:
    """The action as the searching ``seat`` observes it (an opponent's feint is face down)."""
    if state.turn != seat and " feint " in action:
        return action.rsplit(" ", 1)[0]
    return action


class IsmctsBot(Bot):
    """Single-observer information-set Monte Carlo tree search (Cowling, Powley and
    Whitehouse, 2012).

    Each of ``budget`` iterations samples a full position consistent with what the seat has
    seen (:class:`SeatKnowledge`), descends the tree of the seat's observations by UCB with
    availability counts (the opponent choosing for itself, except that it answers a feint
    blind), adds one node, and plays on with :func:`rollout_action` until ``horizon`` plays
    have ended. A playout scores a sigmoid of the point and tempo margins gained (the bout's
    result when it ends sooner). Below the root, progressive widening keeps the opponent's
    replies to the likely ones. The most visited action is played; the cards put under are
    searched as unordered pairs.
    """

    name = "ismcts"
    summary = "information-set MCTS over sampled hands and decks, playouts over the next plays"
    params = {"budget": Param(100, 1, 2000, "search iterations per move"),
              "horizon": Param(2, 1, 10, "plays a playout looks ahead")}
    exploration = 0.7
    #: Below the root a node tries a new action only while it has fewer than
    #: ``1 + widening * sqrt(visits)`` (progressive widening), the playout policy's first.
    widening = 1.0
    #: Weights of the point and tempo margins gained in a playout.
    weights = (0.8, 0.2)

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if observation["phase"] == "cycling":
            legal = [action for action in legal if action.split(" ")[1] < action.split(" ")[2]]
        knowledge = SeatKnowledge(observation)
        root = Node()
        for _ in range(self.config["budget"]):
            self.iterate(root, knowledge.sample(self.rng, self.game))
        return max(legal, key=lambda action: (root.children[action].visits, root.children[action].total)
                   if action in root.children else (-1, 0.0))

    def iterate(self, root: Node, state: MeasureAndTempoState) -> None:
        rng = self.rng
        seat = self.seat
        horizon = state.plays + self.config["horizon"]
        start = self.standing(state)
        node = root
        path: list[tuple[Node, int]] = []
        expanded = False
        while not state.is_over() and state.plays < horizon:
            if state.is_chance_node():
                outcome = state.sample_chance(rng)
                if state.turn == seat and not expanded:
                    # The seat sees its own draw: the tree branches on it.
                    node = node.children.setdefault(outcome, Node())
                    path.append((node, seat))
                state.apply_chance(outcome)
                continue
            mover = state.turn
            if expanded or (mover != seat and state.phase == PUTTING_UNDER):
                state.apply_action(mover, rollout_action(state, rng))
                continue
            if mover != seat and state.phase == ANSWERING and state.table[-1].feint:
                # The opponent cannot see the feint: it answers blind, by the playout policy,
                # rather than by statistics gathered where the ace is known.
                action = rollout_action(state, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node()
                    expanded = True
                state.apply_action(mover, action)
                path.append((child, mover))
                node = child
                continue
            actions = state.legal_actions(mover)
            if mover == seat and state.phase == PUTTING_UNDER:
                actions = [a for a in actions if a.split(" ")[1] < a.split(" ")[2]]
            by_key: dict[str, list[str]] = {}
            for action in actions:
                by_key.setdefault(observed_key(state, seat, action), []).append(action)
            children = node.children
            fresh = [key for key in by_key if key not in children]
            grown = len(by_key) - len(fresh)
            for key in by_key:
                if key in children:
                    children[key].available += 1
            if fresh and (node is root or grown < 1 + self.widening * math.sqrt(node.visits)):
                preferred = observed_key(state, seat, rollout_action(state, rng))
                key = preferred if preferred in fresh else rng.choice(fresh)
                child = children[key] = Node()
                child.available = 1
                expanded = True
            else:
                key = max((k for k in by_key if k in children), key=lambda k: self.ucb(children[k]))
                child = children[key]
            choices = by_key[key]
            state.apply_action(mover, choices[0] if len(choices) == 1 else rng.choice(choices))
            path.append((child, mover))
            node = child
        reward = self.reward(state, start)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += reward if mover == seat else 1.0 - reward

    def ucb(self, child: Node) -> float:
        return child.total / child.visits + self.exploration * math.sqrt(
            math.log(child.available) / child.visits)

    def standing(self, state: MeasureAndTempoState) -> tuple[int, int]:
        """Point and tempo margins of this seat over the opponent."""
        seat = self.seat
        return (state.points[seat] - state.points[1 - seat],
                state.bout_tempos[seat] - state.bout_tempos[1 - seat])

    def reward(self, state: MeasureAndTempoState, start: tuple[int, int]) -> float:
        """1 for a won bout, 0 for a lost one, else a sigmoid of the margins gained."""
        seat = self.seat
        if state.is_over():
            ranks = state.result().ranks
            if ranks[seat] < ranks[1 - seat]:
                return 1.0
            return 0.5 if ranks[seat] == ranks[1 - seat] else 0.0
        end = self.standing(state)
        gain = sum(weight * (after - before) for weight, after, before in zip(self.weights, end, start))
        return 1.0 / (1.0 + math.exp(-gain))
