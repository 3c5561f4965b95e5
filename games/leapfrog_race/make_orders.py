"""Work out :mod:`games.leapfrog_race.orders`' table with the rules' own loop, and write it:
``python -m games.leapfrog_race.make_orders``. Apart from the table, so that the rules, which
read it, and the rules' loop, which makes it, import one way."""

from __future__ import annotations

from array import array
from itertools import product

from games.leapfrog_race import orders
from games.leapfrog_race.rules import passing_order


def worked_out() -> array:
    """The table worked out by the rules."""
    index = {order: number for number, order in enumerate(orders.PERMUTATIONS)}
    table = array("H", bytes(2 * orders.PATTERNS))
    for tokens in product(range(1, 7), repeat=6):
        table[int("".join(map(str, tokens)), 7)] = index[passing_order(tokens)]
    return table


def regenerate(path: str = orders.__file__) -> None:
    """Write :mod:`games.leapfrog_race.orders` again with the table the rules work out."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    head, rest = text.split("DATA = (\n", 1)
    tail = rest.split("\n)\n", 1)[1]
    data = orders.encode(worked_out())
    lines = "\n".join(f'    "{data[start:start + 96]}"' for start in range(0, len(data), 96))
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"{head}DATA = (\n{lines}\n)\n{tail}")


if __name__ == "__main__":
    regenerate()
