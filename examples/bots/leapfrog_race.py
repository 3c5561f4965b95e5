"""An example Leapfrog (leapfrog_race) bot: it keeps its decisive tokens for the end.

In the races won at the head a high token late in the race is what counts, so it plays its
lowest token first; in the slowness race it does the opposite. Standard library only.
"""

import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(observation, legal):
    tokens = sorted(legal, key=int)
    if observation.get("lily_pad") == "head":
        return tokens[0]
    if observation.get("lily_pad") == "tail":
        return tokens[-1]
    return random.choice(legal)


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            send({"type": "ready", "name": "thrifty example"})
        elif message["type"] == "turn":
            send({"move": choose(message["observation"], message["legal"])})
        elif message["type"] == "end":
            print("result:", message["result"]["ranks"], file=sys.stderr)
            return


if __name__ == "__main__":
    main()
