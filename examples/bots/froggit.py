"""An example Froggit bot: it hurries home.

It sends a frog home when it can, else makes the move that jumps the most pads, else a random
legal move. Standard library only.
"""

import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(observation, legal):
    if observation.get("fish_due"):
        return random.choice(legal)
    home = [move for move in legal if move.endswith(" home")]
    if home:
        return random.choice(home)
    longest = max(len(move.split()) for move in legal)
    return random.choice([move for move in legal if len(move.split()) == longest])


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            send({"type": "ready", "name": "hurry-home example"})
        elif message["type"] == "turn":
            legal = message.get("legal")
            if legal is None:
                raise SystemExit("this bot needs the list of legal moves")
            send({"move": choose(message["observation"], legal)})
        elif message["type"] == "end":
            return


if __name__ == "__main__":
    main()
