"""Leap Frog (``docs/games/leap_frog.md``): the game as the service offers it, its options,
setup, bots and picture, around the rules of :mod:`games.leap_frog.rules`.

>>> game = LeapFrog()
>>> state = game.new_state(game.parse_options({"rows": 4, "cols": 4}, 2), 2, {})
>>> state.apply_move("a1")
>>> state.scores()
[1, 0]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from games.base import Bot, Game, GameState, Option, RandomBot, prefix_free
from games.errors import OptionsError, SetupError, shorten
from games.leap_frog.board import Board
from games.leap_frog.rules import EMPTY, VARIANTS, LeapFrogState, board_for


@cache
def standard_pieces(variant: str, cells: int) -> tuple[str, ...]:
    """The letters of a random layout of ``cells`` cells before they are shuffled, colour by
    colour (:meth:`~games.leap_frog.rules.Variant.standard_counts`): worked out once per size."""
    chosen = VARIANTS[variant]
    counts = chosen.standard_counts(cells)
    return tuple(letter for letter, count in zip(chosen.letters, counts) for _ in range(count))


#: Per variant, the table that turns a layout's letters (as bytes) into their piece codes.
LAYOUT_CODES = {name: bytes.maketrans(variant.letters.encode(), bytes(range(1, len(variant.letters) + 1)))
                for name, variant in VARIANTS.items()}


@cache
def layout_counts(variant: str, cells: int) -> tuple[tuple[int, int], ...]:
    """:meth:`~games.leap_frog.rules.Variant.counts`, worked out once per variant and size."""
    return VARIANTS[variant].counts(cells)


def default_size(options: Mapping[str, Any], num_players: int) -> int:
    return 12 if options.get("variant") == "froglet" else 15


class LeapFrog(Game):
    """Leap Frog: 2–6 seats sharing every piece; capture by short leaps until none is left."""

    slug = "leap_frog"
    title = "Leap Frog"
    min_players = 2
    max_players = 6
    option_specs = (
        Option("variant", str, "traditional",
               "traditional (pieces alike), murray (green 4, red 3, yellow 2, white 1), "
               "froglet (BrainKing's: green 1, yellow 2, red 3, blue 4; only seat 0 removes) "
               "or capture (the 61-cell hexagon, centre empty)",
               choices=tuple(VARIANTS)),
        Option("rows", int, default_size, "rows of a rectangular board (15; 12 for froglet)",
               minimum=4, maximum=18),
        Option("cols", int, default_size, "columns of a rectangular board (15; 12 for froglet)",
               minimum=4, maximum=18),
        Option("diagonal", bool, False, "leaps may also go diagonally (rectangular boards only)"),
    )
    notation_help = (
        "An opening removal is the cell of the piece removed: 'h8'. A capture is the cell the "
        "piece stands on, then each cell it lands on, joined by '-': 'c3-e3-e5' leaps from c3 "
        "over d3 to e3, then over e4 to e5, capturing d3 and e4. Each leap goes over one "
        "adjacent piece onto the empty cell right behind it, along a row or column (also "
        "diagonally with the diagonal option; along the six lines on the capture hexagon); the "
        "player may stop after any leap. Cells are a lower-case column letter and a row number "
        "from the bottom left ('a1'); on the hexagon, a row letter a-i and a number from the left "
        "of that row ('e5' is the centre)."
    )

    def check_options(self, options: dict[str, Any], num_players: int, given: set[str]) -> None:
        if options["variant"] == "capture" and options["diagonal"]:
            raise OptionsError("the diagonal option is for rectangular boards; the capture "
                               "hexagon already has six directions")

    def board_for(self, options: Mapping[str, Any]) -> Board:
        """The board the options describe."""
        return board_for(options)

    # -- setup ------------------------------------------------------------------------------

    def parse_setup(self, raw: Mapping[str, Any] | None, options: Mapping[str, Any],
                    num_players: int) -> dict[str, Any]:
        variant = VARIANTS[options["variant"]]
        if not variant.coloured:
            if raw:
                raise SetupError(f"{variant.name} has no setup: the board starts "
                                 f"{'full' if variant.name == 'traditional' else 'full but for the centre'}; "
                                 f"unexpected key {shorten(sorted(raw)[0])!r}")
            return {}
        rows, cols = options["rows"], options["cols"]
        letters = " ".join(variant.letters)
        if raw is None or "layout" not in raw:
            raise SetupError(f"{variant.name} needs the layout of its coloured pieces: setup "
                             f"{{\"layout\": [...]}}, {rows} strings of {cols} letters {letters}")
        unknown = sorted(set(raw) - {"layout"})
        if unknown:
            raise SetupError(f"unknown setup key {shorten(unknown[0])!r} ({variant.name}'s setup has only 'layout')")
        layout = raw["layout"]
        if not isinstance(layout, list) or len(layout) != rows:
            raise SetupError(f"setup 'layout' must be a list of {rows} strings, one per row from row 1")
        if not all(type(row) is str and len(row) == cols for row in layout):
            self.check_layout(layout, variant, cols)  # raises, naming the first row that is wrong
        text = "".join(layout)
        found = [text.count(letter) for letter in variant.letters]
        if sum(found) != len(text):  # a letter that is no piece's
            self.check_layout(layout, variant, cols)
        for letter, colour, count, (low, high) in zip(variant.letters, variant.colours, found,
                                                      layout_counts(variant.name, len(text))):
            if not low <= count <= high:
                wanted = str(low) if low == high else f"{low} or {high}"
                raise SetupError(f"the layout has {count} {colour} piece{'' if count == 1 else 's'} "
                                 f"({letter}); a {rows} × {cols} {variant.name} board has {wanted}")
        return {"layout": list(layout)}

    def check_layout(self, layout: list[Any], variant: Any, cols: int) -> None:
        """Raise :class:`SetupError` for the first row of ``layout`` that is not ``cols`` of the
        variant's letters."""
        letters = " ".join(variant.letters)
        for number, row in enumerate(layout, start=1):
            if not isinstance(row, str) or len(row) != cols:
                raise SetupError(f"row {number} of the layout must be a string of {cols} letters, "
                                 f"not {shorten(repr(row))}")
            for letter in row:
                if letter not in variant.letters:
                    raise SetupError(f"row {number} of the layout holds {shorten(repr(letter))}; "
                                     f"the {variant.name} pieces are {letters}")

    def random_setup(self, options: Mapping[str, Any], num_players: int,
                     rng: random.Random) -> dict[str, Any]:
        """A random layout of the coloured pieces (murray, froglet); nothing otherwise."""
        variant = VARIANTS[options["variant"]]
        if not variant.coloured:
            return {}
        rows, cols = options["rows"], options["cols"]
        pieces = list(standard_pieces(variant.name, rows * cols))
        rng.shuffle(pieces)
        text = "".join(pieces)
        return {"layout": [text[start:start + cols] for start in range(0, rows * cols, cols)]}

    def new_state(self, options: Mapping[str, Any], num_players: int,
                  setup: Mapping[str, Any]) -> LeapFrogState:
        variant = VARIANTS[options["variant"]]
        board = self.board_for(options)
        if variant.coloured:  # a layout's letters, one a cell, turned into piece codes a byte at a time
            cells = list("".join(setup["layout"]).encode().translate(LAYOUT_CODES[variant.name]))
        else:
            cells = [1] * len(board)
        if board.centre is None:
            return LeapFrogState(self, options, num_players, cells, board.every)
        cells[board.centre] = 0
        return LeapFrogState(self, options, num_players, cells, board.every ^ board.masks[board.centre])

    def position(self, options: Mapping[str, Any], num_players: int, picture: Sequence[str], *,
                 ply: int = 0, scores: Sequence[int] | None = None,
                 captured: Sequence[Sequence[str]] | None = None,
                 history: Sequence[str] | None = None) -> LeapFrogState:
        """A position set up by hand (for puzzles, analysis and tests), like python-chess's
        ``Board(fen)``: ``picture`` is the board as :meth:`LeapFrogState.picture` draws it,
        one string per row, row 1 (or row ``a``) first, ``.`` for an empty cell.

        ``ply`` moves are taken as made (it sets whose turn it is and whether the opening is
        on); ``history``, when given, is the log of those moves. Raises :class:`SetupError`
        for a picture of the wrong shape or letters.

        >>> game = LeapFrog()
        >>> options = game.parse_options({"rows": 4, "cols": 4}, 2)
        >>> state = game.position(options, 2, ["OO..", "..O.", "....", "...."], ply=2)
        >>> state.legal_actions(0)
        ['a1-c1', 'a1-c1-c3']
        """
        variant = VARIANTS[options["variant"]]
        board = self.board_for(options)
        letters = EMPTY + variant.letters
        widths = [len(row) for row in board.rows]
        if (not isinstance(picture, Sequence) or isinstance(picture, str)
                or [len(row) if isinstance(row, str) else -1 for row in picture] != widths):
            raise SetupError(f"a picture of {board.description} is {len(widths)} strings of "
                             f"{'/'.join(map(str, sorted(set(widths))))} characters")
        text = "".join(picture)
        wrong = sorted(set(text) - set(letters))
        if wrong:
            raise SetupError(f"{wrong[0]!r} is not a piece of {variant.name} ({' '.join(letters)})")
        state = LeapFrogState(self, options, num_players, [letters.index(letter) for letter in text])
        state.ply = ply
        state.moves = list(history) if history is not None else []
        if scores is not None:
            state.points = list(scores)
        if captured is not None:
            state.captured = [list(pieces) for pieces in captured]
        state.over = False
        state.check_end()
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> LeapFrogState:
        """Leap Frog hides nothing: the observation rebuilds the position exactly."""
        options = {key: observation[key] for key in ("variant", "rows", "cols", "diagonal")}
        return self.position(options, observation["players"], observation["board"],
                             ply=observation["moves"], scores=observation["scores"],
                             captured=observation["captured"], history=observation["history"])

    def taps(self, state: GameState, seat: int) -> dict[str, list[str]]:
        """A removal is its cell; a capture the piece's cell, then each landing cell, leap by
        leap, the last one tapped again where the piece may leap on but stops."""
        return prefix_free({action: action.split("-") for action in state.legal_actions(seat)})

    def draw(self, state: GameState, viewer: int | None = None, reveal: bool = False,
             targets: bool = False) -> str:
        from games.leap_frog.picture import draw  # the picture and the bots load when asked for: verifying needs neither

        return draw(state, viewer, reveal, targets)  # type: ignore[arg-type]

    @property
    def bots(self) -> dict[str, type[Bot]]:
        from games.leap_frog.bots import GreedyBot, SearchBot

        return {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
