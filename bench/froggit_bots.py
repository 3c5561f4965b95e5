"""Froggit: the built-in bots' win rates against each other.

    python bench/froggit_bots.py [--games 200] [--options '{"version": "expert"}']

The engine's speed is measured by ``bench/engines.py``.
"""

from __future__ import annotations

import argparse
import json

from pairs import pair_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per pair of bots")
    parser.add_argument("--options", type=json.loads, default={}, help="game options as JSON")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    pair_table("froggit", ["random", "greedy", "mcts"], args.games, args.options, workers=args.workers)


if __name__ == "__main__":
    main()
