"""An example Measure and Tempo bot: it fights rather than circles.

It prefers to strike, lead or answer with its highest card; when it cycles, it puts its two
lowest cards under. Otherwise it plays a random legal move. Standard library only.
"""

import json
import random
import sys

RANKS = "23456789TJQKA"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def card_value(card):
    return RANKS.index(card[0]) if card and card[0] in RANKS else -1


def choose(observation, legal):
    if legal[0].startswith("under "):
        # The second half of a cycle: the observation's "drawn" shows the two new cards.
        return min(legal, key=lambda move: sum(card_value(card) for card in move.split()[1:]))
    for verb in ("answer", "strike", "lead"):
        moves = [move for move in legal if move.startswith(verb + " ")]
        if moves:
            return max(moves, key=lambda move: card_value(move.split()[-1]))
    return random.choice(legal)


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            send({"type": "ready", "name": "fencer example"})
        elif message["type"] == "turn":
            send({"move": choose(message["observation"], message["legal"])})
        elif message["type"] == "end":
            return


if __name__ == "__main__":
    main()
