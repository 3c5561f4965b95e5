"""An example Leap Frog bot: it captures as much as it can.

A capture move names every cell the piece lands on (``c3-e3-e5``), so the move with the most
cells captures the most pieces; it plays one of those, and opens with a random removal.
Standard library only.
"""

import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(observation, legal):
    longest = max(move.count("-") for move in legal)
    return random.choice([move for move in legal if move.count("-") == longest])


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            send({"type": "ready", "name": "greedy example"})
        elif message["type"] == "turn":
            legal = message.get("legal")
            if legal is None:
                raise SystemExit("this bot needs the list of legal moves")
            send({"move": choose(message["observation"], legal)})
        elif message["type"] == "end":
            return


if __name__ == "__main__":
    main()
