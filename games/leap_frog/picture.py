"""The Leap Frog board drawn as SVG: a square board (row 1 at the bottom, column ``a`` at the
left) or the capture hexagon, each piece in its colour, the last move's leaps with the
pieces it took, and the seats' scores.

Leap Frog hides nothing, so ``reveal`` changes nothing; for a ``viewer`` seat whose turn it
is, drawn with ``targets`` (the play panel's picture), every cell its moves start from or
land on is a tap target (``data-tap``, the cell's
name) for the play panel.

>>> from games.registry import get_game
>>> game = get_game("leap_frog")
>>> state = game.new_state(game.parse_options({"rows": 4, "cols": 4}, 2), 2, {})
>>> draw(state).count('class="piece"')
16
"""

from __future__ import annotations

import math

from games import svg
from games.leap_frog.board import Board
from games.leap_frog.rules import LeapFrogState

PIECE_COLOURS = {"green": "#3f9f4f", "red": "#d64545", "yellow": "#e8c020", "white": "#fbfbf4",
                 "blue": "#3b6fd6", "piece": "#6f9a5a"}
BOARD = "#e9dcc0"
BOARD_DARK = "#dccba6"
LINE = "#b39c6e"
PATH = "#c0392b"
TOP = 64
SIDE = 36
FOOT = 60
SQRT3 = math.sqrt(3)


def draw(state: LeapFrogState, viewer: int | None = None, reveal: bool = False, targets: bool = False) -> str:
    board = state.board
    if board.shape == "hexagon":
        cell, centres, width, height = hexagon_layout(board)
    else:
        cell, centres, width, height = square_layout(board)
    paths = state.game.taps(state, viewer) if targets and viewer is not None else {}
    picture = svg.Picture(width, height, f"Leap Frog: {status(state)}", background=svg.WATER,
                          role="group" if paths else "img")
    picture.add(svg.text(16, 26, status(state), text_anchor="start", font_size=17, font_weight="700",
                         fill=svg.INK, class_="heading"))
    scores = " · ".join(f"seat {seat}: {points}" for seat, points in enumerate(state.points))
    picture.add(svg.text(16, 46, f"{state.variant.name} · scores {scores}", text_anchor="start", font_size=12,
                         fill=svg.MUTED, class_="scores"))
    picture.add(cells(state, board, cell, centres))
    picture.add(last_move(state, board, cell, centres))
    letters = state.variant.letters
    for index, code in enumerate(state.cells):
        if not code:
            continue
        colour_name = state.variant.colours[code - 1]
        x, y = centres[index]
        worth = f", worth {state.variant.values[code - 1]}" if state.variant.coloured else ""
        picture.add(svg.group([
            svg.title(f"{board.name(index)}: {colour_name}{worth}"),
            svg.circle(x, y, cell * 0.38, fill=PIECE_COLOURS[colour_name], stroke=svg.INK, stroke_width=1),
            svg.circle(x - cell * 0.12, y - cell * 0.12, cell * 0.09, fill=svg.PAPER, opacity="0.55"),
        ], class_="piece", data_cell=board.name(index), data_colour=letters[code - 1]))
    picture.add(legend(state, height - 16))
    picture.add(tap_shapes(state, board, cell, centres, paths))
    return picture.render()


def tap_shapes(state: LeapFrogState, board: Board, cell: float, centres: list[tuple[float, float]],
            paths: dict[str, list[str]]) -> str:
    """A clear square (or hexagon) over every cell some move of the viewer taps."""
    wanted = {name for path in paths.values() for name in path}
    shapes = []
    for index, (x, y) in enumerate(centres):
        name = board.name(index)
        if name not in wanted:
            continue
        code = state.cells[index]
        what = ("a piece" if not state.variant.coloured else f"{state.variant.colours[code - 1]} piece") if code \
            else "empty"
        attrs = svg.tap(name, f"{name}, {what}")
        if board.shape == "hexagon":
            size = cell / SQRT3
            corners = [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
                       for k in range(6)]
            shapes.append(svg.polygon(corners, fill="#000", fill_opacity="0", class_="tap", **attrs))
        else:
            shapes.append(svg.rect(x - cell / 2, y - cell / 2, cell, cell, fill="#000", fill_opacity="0",
                                   class_="tap", **attrs))
    return svg.tap_layer(shapes)


def status(state: LeapFrogState) -> str:
    if state.is_over():
        best = max(state.points)
        winners = [str(seat) for seat, points in enumerate(state.points) if points == best]
        who = f"seat {winners[0]} wins" if len(winners) == 1 else f"seats {', '.join(winners)} share first place"
        return f"The game is over: {who}"
    seat = state.seat_to_move()
    if state.in_opening():
        return f"Opening: seat {seat} removes a piece"
    return f"Seat {seat} to capture"


def square_layout(board: Board) -> tuple[float, list[tuple[float, float]], float, float]:
    """Cells up to 60 units across, the board centred in a picture at least 480 wide."""
    rows, cols = len(board.rows), len(board.rows[0])
    cell = min(60.0, 560.0 / cols)
    width = max(SIDE + cols * cell + 16, 480.0)
    left = max(SIDE, (width - cols * cell) / 2)
    height = TOP + rows * cell + FOOT
    centres = []
    for index in range(len(board)):
        r, c = divmod(index, cols)
        centres.append((left + (c + 0.5) * cell, TOP + (rows - 1 - r + 0.5) * cell))
    return cell, centres, width, height


def hexagon_layout(board: Board) -> tuple[float, list[tuple[float, float]], float, float]:
    size = 24.0
    cell = size * SQRT3
    width = 9 * cell + 2 * SIDE
    height = TOP + 8 * 1.5 * size + 2 * size + FOOT
    middle_x = width / 2
    middle_y = TOP + size + 4 * 1.5 * size
    centres = []
    low = len(board.rows) // 2
    for row_number, row in enumerate(board.rows):
        r = row_number - low
        for c, _ in enumerate(row):
            q = max(-low, -low - r) + c
            centres.append((middle_x + cell * (q + r / 2), middle_y + 1.5 * size * r))
    return cell, centres, width, height


def cells(state: LeapFrogState, board: Board, cell: float, centres: list[tuple[float, float]]) -> str:
    parts = []
    if board.shape == "hexagon":
        size = cell / SQRT3
        for index, (x, y) in enumerate(centres):
            corners = [(x + size * math.cos(math.radians(60 * k - 30)),
                        y + size * math.sin(math.radians(60 * k - 30))) for k in range(6)]
            parts.append(svg.polygon(corners, fill=BOARD, stroke=LINE, data_cell=board.name(index)))
        return svg.group(parts, class_="board hexagon")
    rows, cols = len(board.rows), len(board.rows[0])
    for index, (x, y) in enumerate(centres):
        r, c = divmod(index, cols)
        parts.append(svg.rect(x - cell / 2, y - cell / 2, cell, cell, fill=BOARD if (r + c) % 2 else BOARD_DARK,
                              stroke=LINE, stroke_width=0.5))
    font = max(8.0, min(12.0, cell * 0.4))
    for c in range(cols):
        x, _ = centres[c]
        parts.append(svg.text(x, TOP + rows * cell + font + 4, board.name(c)[0], fill=svg.MUTED, font_size=font))
    for r in range(rows):
        _, y = centres[r * cols]
        parts.append(svg.text(centres[0][0] - cell / 2 - 6, y + font / 3, str(r + 1), text_anchor="end",
                              fill=svg.MUTED, font_size=font))
    return svg.group(parts, class_="board square")


def last_move(state: LeapFrogState, board: Board, cell: float, centres: list[tuple[float, float]]) -> str:
    """The last move: a removed piece's cell, or the leaps' path and the cells leapt over."""
    if not state.moves:
        return ""
    path = [board.cell(name) for name in state.moves[-1].split("-")]
    parts = [svg.title(f"last move: {state.moves[-1]}")]
    taken = path if len(path) == 1 else [board.over[(a, b)] for a, b in zip(path, path[1:])]
    for index in taken:
        x, y = centres[index]
        reach = cell * 0.22
        parts += [svg.line(x - reach, y - reach, x + reach, y + reach, stroke=PATH, stroke_width=3),
                  svg.line(x - reach, y + reach, x + reach, y - reach, stroke=PATH, stroke_width=3)]
    if len(path) > 1:
        parts.append(svg.polyline([centres[index] for index in path], fill="none", stroke=PATH, stroke_width=3,
                                  stroke_linejoin="round", opacity="0.8"))
        x, y = centres[path[0]]
        parts.append(svg.circle(x, y, cell * 0.18, fill=PATH))
    return svg.group(parts, class_="last-move")


def legend(state: LeapFrogState, y: float) -> str:
    variant = state.variant
    if not variant.coloured:
        words = "every piece is worth 1 · ✕ taken by the last move"
    else:
        words = " · ".join(f"{colour} {value}" for colour, value in zip(variant.colours, variant.values))
        words += " · ✕ taken by the last move"
    return svg.text(16, y, words, text_anchor="start", fill=svg.MUTED, font_size=12)
