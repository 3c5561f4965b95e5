"""Leapfrog race: the built-in bots' win rates against each other.

    python bench/leapfrog_race_bots.py [--games 200]

The engine's speed is measured by ``bench/engines.py``.
"""

from __future__ import annotations

import argparse

from pairs import pair_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    pair_table("leapfrog_race", ["random", "greedy", "mc"], args.games)


if __name__ == "__main__":
    main()
