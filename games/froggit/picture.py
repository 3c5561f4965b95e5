"""The pond drawn as SVG: the 31 lily pads and the six corner spaces of the hexagon, every
frog on the pond in its family's colour and size (a team or a trap as a stack of two), the
frogs waiting on each start space and those home, the fish, and the last move's path.

Froggit hides nothing, so ``reveal`` changes nothing; drawn with ``targets`` for a ``viewer``
seat whose turn it is (the play panel's picture),
the frogs it may move and the pads they (or the fish) may reach are tap targets
(``data-tap``, :meth:`~games.froggit.game.Froggit.taps`) for the play panel.

>>> from games.registry import get_game
>>> game = get_game("froggit")
>>> state = game.new_state(game.parse_options({"version": "expert"}, 2), 2, {})
>>> state.apply_move("S start b2 c3 c4")
>>> draw(state).count('class="frog"'), draw(state).count('class="fish"')
(1, 1)
"""

from __future__ import annotations

import math

from games import svg
from games.froggit.board import CELL, COORDS, IS_PAD, NAMES
from games.froggit.rules import LARGE, SIZE_WORD, FroggitState

SIZE = 34.0
SQRT3 = math.sqrt(3)
MARGIN_X = 120.0
MARGIN_TOP = 90.0
WIDTH = 2 * MARGIN_X + 7 * SQRT3 * SIZE
CENTRE_X = WIDTH / 2
CENTRE_Y = MARGIN_TOP + 3 * 1.5 * SIZE + SIZE
HEIGHT = CENTRE_Y + 3 * 1.5 * SIZE + SIZE + 44
SAND = "#f1e3c2"
FISH = "#f08a24"
PATH = "#f2c94c"


def centre(cell: int) -> tuple[float, float]:
    """The middle of a cell in the picture (pointy-top hexagons, row ``a`` at the top)."""
    q, r = COORDS[cell]
    return CENTRE_X + SIZE * SQRT3 * (q + r / 2), CENTRE_Y + SIZE * 1.5 * r


def hexagon(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * k - 30)), cy + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def draw(state: FroggitState, viewer: int | None = None, reveal: bool = False, targets: bool = False) -> str:
    paths = state.game.taps(state, viewer) if targets and viewer is not None else {}
    picture = svg.Picture(WIDTH, HEIGHT, f"Froggit: {status(state)}", background=svg.WATER,
                          role="group" if paths else "img")
    picture.add(svg.text(16, 28, status(state), text_anchor="start", font_size=17, font_weight="700",
                         fill=svg.INK, class_="heading"))
    picture.add(svg.text(16, 48, f"{state.options['version']} version · {state.options['family']} families",
                         text_anchor="start", font_size=12, fill=svg.MUTED))
    for cell, name in enumerate(NAMES):
        x, y = centre(cell)
        if IS_PAD[cell]:
            picture.add(svg.group([
                svg.title(name),
                svg.polygon(hexagon(x, y, SIZE - 1), fill=svg.WATER, stroke=svg.WATER_LINE),
                svg.circle(x, y, SIZE * 0.8, fill=svg.PAD, stroke=svg.PAD_LINE, stroke_width=1.5),
                svg.text(x, y + SIZE * 0.72, name, fill="#3e6b3a", font_size=9),
            ], class_="pad", data_cell=name))
        else:
            picture.add(svg.group([svg.title(f"{name}: a start and finish space"),
                                   svg.polygon(hexagon(x, y, SIZE - 1), fill=SAND, stroke="#c9b27e",
                                               stroke_width=2)], class_="corner", data_cell=name))
    picture.add(last_path(state))
    for cell, content in enumerate(state.cells):
        if not content:
            continue
        x, y = centre(cell)
        stacked = len(content) == 2
        for level, code in enumerate(content):
            seat, size = code >> 1, code & 1
            shift = (-6 if level == 0 else 6) if stacked else 0
            what = "team" if stacked and content[0] & 1 == LARGE else "trap" if stacked else ""
            label = f"seat {seat}'s {SIZE_WORD[size]} frog on {NAMES[cell]}" + (f" ({what})" if what else "")
            picture.add(svg.frog(x + shift, y + shift, SIZE * (1.15 if size == LARGE else 0.78),
                                 svg.SEAT_COLOURS[seat], label))
    picture.add(fish(*centre(state.fish)))
    stacked: dict[int, int] = {}  # labels already beside each corner (a start is another's finish)
    for seat in range(state.num_players):
        picture.add(corner_labels(state, seat, stacked))
    picture.add(tap_shapes(state, viewer, paths))
    return picture.render()


def tap_shapes(state: FroggitState, viewer: int | None, paths: dict[str, list[str]]) -> str:
    """Clear hexagons over the pads some tap lands on, then clear circles over the frogs that
    may move (on top, so that a frog catches the tap meant for it)."""
    wanted = {target for path in paths.values() for target in path}
    cells, frogs = [], []
    for target in sorted(wanted):
        if ":" not in target:
            x, y = centre(CELL[target])
            frogs_there = len(state.cells[CELL[target]])
            what = "the fish's pad" if CELL[target] == state.fish else f"{frogs_there} frog(s)" if frogs_there                 else "empty" if IS_PAD[CELL[target]] else "home"
            cells.append(svg.polygon(hexagon(x, y, SIZE - 2), fill="#000", fill_opacity="0", class_="tap",
                                     **svg.tap(target, f"{target}, {what}")))
            continue
        kind, where = target.split(":")
        if where == "start":
            x, y = centre(state.starts[viewer])
            if kind == "L" and "S:start" in wanted:  # both wait: the large one just outside the corner
                dx, dy = x - CENTRE_X, y - CENTRE_Y
                reach = SIZE * 1.55 / math.hypot(dx, dy)
                x, y = x + dx * reach, y + dy * reach
            radius, label = SIZE * 0.75, f"a {SIZE_WORD[kind == 'L']} frog on the start space"
        else:
            x, y = centre(CELL[where])
            stacked = len(state.cells[CELL[where]]) == 2
            shift = (-6 if kind == "T" else 6) if stacked else 0
            x, y = x + shift, y + shift
            radius = SIZE * 0.55
            label = f"the team on {where}" if kind == "T" else f"the {SIZE_WORD[kind == 'L']} frog on {where}"
        frogs.append(svg.circle(x, y, radius, fill="#000", fill_opacity="0", class_="tap",
                                **svg.tap(target, label)))
    return svg.tap_layer(cells + frogs)


def status(state: FroggitState) -> str:
    if state.winner is not None:
        return f"Seat {state.winner} wins: the whole family is home"
    if state.is_over():
        return f"The game stopped after {state.options['max_rounds']} rounds"
    rounds = state.turns // state.num_players + 1
    owed = " owes the fish a move" if state.fish_due else " to move"
    return f"Round {rounds} · seat {state.turn}{owed}"


def fish(x: float, y: float) -> str:
    return svg.group([
        svg.title("the fish"),
        svg.polygon([(x + 8, y), (x + 22, y - 10), (x + 22, y + 10)], fill=FISH, stroke=svg.INK, stroke_width=1),
        svg.ellipse(x - 3, y, 16, 10, fill=FISH, stroke=svg.INK, stroke_width=1),
        svg.circle(x - 11, y - 2, 2.2, fill=svg.INK),
    ], class_="fish")


#: The size of one corner label (its frogs and its line of text).
LABEL_STEP = 30
LABEL_WIDTH = 105


def corner_labels(state: FroggitState, seat: int, stacked: dict[int, int]) -> str:
    """Beside each seat's start space, the frogs still waiting there; beside its finish
    space, those already home. A corner that is one seat's start and another's finish gets
    its labels one above the other, away from the board (``stacked`` counts them)."""
    colour = svg.SEAT_COLOURS[seat]
    parts = []
    for corner, kind, counts in ((state.starts[seat], "start", state.at_start[seat]),
                                 (state.finishes[seat], "home", state.at_home[seat])):
        x, y = centre(corner)
        dx, dy = x - CENTRE_X, y - CENTRE_Y
        outward = 1 if dx >= 0 else -1
        line = stacked.get(corner, 0)
        stacked[corner] = line + 1
        if abs(dy) > abs(dx):  # above or below the board, clear of the corner: the next label beside
            lx = x + outward * (SIZE * 0.9 + LABEL_WIDTH * line)
            ly = y - SIZE - 22 if dy < 0 else y + SIZE + 16
        else:  # at a side, clear of the corner: the next label below
            lx = x + outward * (SIZE * SQRT3 / 2 + 6 + LABEL_WIDTH / 2)
            ly = y - 10 + LABEL_STEP * line
        parts.append(svg.polygon(hexagon(x, y, SIZE - 6), fill="none", stroke=colour,
                                 stroke_width=4 if kind == "start" else 2,
                                 stroke_dasharray=None if kind == "start" else "5 3"))
        words = f"seat {seat} {kind}: {counts[0]} small, {counts[1]} large"
        icons = []
        offset = -((counts[0] + counts[1]) - 1) * 7
        for index, size in enumerate([0] * counts[0] + [1] * counts[1]):
            icons.append(svg.frog(lx + offset + index * 14, ly - 6, 13 if size else 10, colour,
                                  class_=f"frog {'waiting' if kind == 'start' else 'home'}"))
        parts.append(svg.group([svg.title(words), *icons,
                                svg.text(lx, ly + 16, f"seat {seat} {kind}: {counts[0]}S {counts[1]}L",
                                         fill=svg.INK, font_size=10)], class_=f"corner-label {kind}"))
    return svg.group(parts, class_=f"family seat-{seat}")


def last_path(state: FroggitState) -> str:
    """The cells of the last move, joined by a line, each ringed."""
    if not state.moves:
        return ""
    words = state.moves[-1].split(" ")
    if words[0] == "fish":
        cells = [CELL[words[1]]]
    else:
        mover = state.turn if state.fish_due else state.winner if state.winner is not None \
            else (state.turn - 1) % state.num_players
        cells = []
        for word in words[1:]:
            if word == "start":
                cells.append(state.starts[mover])
            elif word == "home":
                cells.append(state.finishes[mover])
            else:
                cells.append(CELL[word])
    points = [centre(cell) for cell in cells]
    parts = [svg.polyline(points, fill="none", stroke=PATH, stroke_width=4, stroke_linejoin="round",
                          stroke_dasharray="7 5")] if len(points) > 1 else []
    parts += [svg.circle(x, y, SIZE * 0.86, fill="none", stroke=PATH, stroke_width=3) for x, y in points]
    return svg.group([svg.title(f"last move: {state.moves[-1]}"), *parts], class_="last-move")

