"""Leap Frog, the clearance game described by H. J. R. Murray (``docs/games/leap_frog.md``).

The board starts full. After an opening in which players remove pieces, each turn a player
takes any piece and captures with it by short leaps, as in draughts, stopping after any leap;
the game ends when no capture is left. Four variants: ``traditional`` (pieces alike),
``murray`` (coloured pieces worth 4/3/2/1), ``froglet`` (BrainKing's colours, only seat 0
removes) and ``capture`` (the Chinese-checkers hexagon, centre empty, no opening).

>>> game = LeapFrog()
>>> options = game.parse_options({"rows": 4, "cols": 4}, 2)
>>> state = game.new_state(options, 2, {})
>>> state.apply_move("a1")
>>> state.apply_move("a3")
>>> state.legal_actions(0)
['c1-a1', 'c1-a1-a3', 'c3-a3', 'c3-a3-a1']
>>> state.apply_move("c1-a1-a3")
>>> print(state)
 4 OOOO
 3 OOOO
 2 .OOO
 1 ...O
>>> state.scores()
[3, 1]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Bot, Game, GameState, Option, RandomBot, Result, competition_ranks
from games.errors import GameOverError, IllegalMoveError, NotationError, OptionsError, SetupError
from games.leap_frog.board import Board, hexagon_board, leap_shape, shorten, square_board

#: A move as cell numbers: one cell for an opening removal, else the cells stood and landed on.
Path = tuple[int, ...]
EMPTY = "."
#: The longest move string read (a chain over every piece of an 18 × 18 board fits).
MAX_MOVE_CHARS = 4 * 18 * 18


@dataclass(frozen=True)
class Variant:
    """A variant's pieces and opening.

    Piece codes are 1, 2, ... in the order of ``letters``; 0 is an empty cell. ``shares``
    (over ``denominator``) fix each colour's count in a random layout.
    """

    name: str
    letters: str
    colours: tuple[str, ...]
    values: tuple[int, ...]
    shares: tuple[int, ...]
    denominator: int
    removers: str
    """Who removes in the opening: ``"all"`` (each seat once), ``"first"`` (seat 0) or ``"none"``."""
    removable: str
    """The letters an opening removal may take."""

    @property
    def coloured(self) -> bool:
        return len(self.letters) > 1

    def value(self, code: int) -> int:
        return self.values[code - 1]

    def counts(self, cells: int) -> tuple[tuple[int, int], ...]:
        """The least and most pieces of each colour a layout of ``cells`` cells may hold."""
        bounds = []
        for share in self.shares:
            low, remainder = divmod(cells * share, self.denominator)
            bounds.append((low, low + (remainder > 0)))
        return tuple(bounds)

    def standard_counts(self, cells: int) -> tuple[int, ...]:
        """The counts of a random layout: each share rounded down, then the cells left over go
        to the largest remainders, ties to the colour worth less (15 × 15 murray: 22/45/68/90,
        the seed's figures)."""
        counts = [cells * share // self.denominator for share in self.shares]
        remainders = [cells * share % self.denominator for share in self.shares]
        order = sorted(range(len(counts)), key=lambda i: (-remainders[i], self.values[i]))
        for i in order[: cells - sum(counts)]:
            counts[i] += 1
        return tuple(counts)


VARIANTS: dict[str, Variant] = {
    "traditional": Variant("traditional", "O", ("piece",), (1,), (1,), 1, "all", "O"),
    "murray": Variant("murray", "GRYW", ("green", "red", "yellow", "white"), (4, 3, 2, 1),
                      (1, 2, 3, 4), 10, "all", "GRYW"),
    "froglet": Variant("froglet", "GYRB", ("green", "yellow", "red", "blue"), (1, 2, 3, 4),
                       (66, 51, 21, 6), 144, "first", "G"),
    "capture": Variant("capture", "O", ("piece",), (1,), (1,), 1, "none", "O"),
}


# -- the move generator: plain functions on a list of piece codes, shared with the bots -----------

def capture_starts(cells: list[int], board: Board, empty: set[int]) -> list[int]:
    """The cells whose piece can make at least one leap, in cell order.

    A leap needs an empty landing cell: early in the game there are few, so the search starts
    from them; late in the game the pieces are fewer, so it starts from those.
    """
    leaps = board.leaps
    if 2 * len(empty) <= len(cells):
        found = set()
        for land in empty:
            for over, start in leaps[land]:
                if cells[over] and cells[start]:
                    found.add(start)
        return sorted(found)
    starts = []
    for start, code in enumerate(cells):
        if code:
            for over, land in leaps[start]:
                if cells[over] and not cells[land]:
                    starts.append(start)
                    break
    return starts


def has_capture(cells: list[int], board: Board, empty: set[int]) -> bool:
    """True when any piece can leap (whoever moves: all pieces belong to everyone)."""
    leaps = board.leaps
    if 2 * len(empty) <= len(cells):
        for land in empty:
            for over, start in leaps[land]:
                if cells[over] and cells[start]:
                    return True
        return False
    for start, code in enumerate(cells):
        if code:
            for over, land in leaps[start]:
                if cells[over] and not cells[land]:
                    return True
    return False


def all_captures(cells: list[int], board: Board, empty: set[int],
                 values: Sequence[int]) -> list[tuple[Path, int]]:
    """Every capture in the position as ``(path, points)``: every prefix of every leap chain,
    each once. ``values[code]`` is a piece's worth.

    A piece leaves its cell as it sets off (so a chain may land there again) and each piece it
    leaps over leaves the board at once. ``cells`` is the same again on return.
    """
    leaps = board.leaps
    found: list[tuple[Path, int]] = []
    append = found.append
    path: list[int] = []

    def extend(at: int, gained: int) -> None:
        for over, land in leaps[at]:
            code = cells[over]
            if code and not cells[land]:
                cells[over] = 0
                path.append(land)
                total = gained + values[code]
                append((tuple(path), total))
                extend(land, total)
                path.pop()
                cells[over] = code

    for start in capture_starts(cells, board, empty):
        piece = cells[start]
        cells[start] = 0
        path[:] = [start]
        try:
            extend(start, 0)
        finally:
            cells[start] = piece
    return found


def capture_notations(cells: list[int], board: Board, empty: set[int]) -> list[str]:
    """Every capture in the position in the notation (``c3-e3-e5``), unsorted: the same
    moves as :func:`all_captures`, each name built from its prefix's as the chain grows."""
    leaps, names = board.leaps, board.names
    found: list[str] = []
    append = found.append

    def extend(at: int, prefix: str) -> None:
        for over, land in leaps[at]:
            code = cells[over]
            if code and not cells[land]:
                cells[over] = 0
                name = prefix + "-" + names[land]
                append(name)
                extend(land, name)
                cells[over] = code

    for start in capture_starts(cells, board, empty):
        piece = cells[start]
        cells[start] = 0
        try:
            extend(start, names[start])
        finally:
            cells[start] = piece
    return found


def most_points(cells: list[int], board: Board, empty: set[int], values: Sequence[int]) -> int:
    """The most points one capture can take now (0 when no capture exists)."""
    leaps = board.leaps
    best = 0

    def extend(at: int, gained: int) -> None:
        nonlocal best
        for over, land in leaps[at]:
            code = cells[over]
            if code and not cells[land]:
                cells[over] = 0
                total = gained + values[code]
                if total > best:
                    best = total
                extend(land, total)
                cells[over] = code

    for start in capture_starts(cells, board, empty):
        piece = cells[start]
        cells[start] = 0
        try:
            extend(start, 0)
        finally:
            cells[start] = piece
    return best


def random_capture(cells: list[int], board: Board, empty: set[int], rng: random.Random,
                   stop: float = 0.5) -> Path:
    """A random capture drawn leap by leap, cheaply (not uniform over all captures): a random
    piece that can leap, random leaps, stopping after each with probability ``stop``."""
    leaps = board.leaps
    start = rng.choice(capture_starts(cells, board, empty))
    path = [start]
    taken: set[int] = set()
    at = start
    while True:
        choices = [(over, land) for over, land in leaps[at]
                   if cells[over] and over not in taken and (not cells[land] or land == start)]
        if not choices or (len(path) > 1 and rng.random() < stop):
            return tuple(path)
        over, land = rng.choice(choices)
        taken.add(over)
        path.append(land)
        at = land


def parse_move(board: Board, move: str) -> Path:
    """A log move as cell numbers; raises :class:`NotationError` when it does not parse.

    >>> parse_move(square_board(15, 15, False), "c3-e3-e5")
    (32, 34, 64)
    """
    if not isinstance(move, str) or not move:
        raise NotationError("a move is a cell ('h8') or cells joined by '-' ('c3-e3-e5'), not an empty string")
    if len(move) > MAX_MOVE_CHARS:
        raise NotationError(f"a move of {len(move)} characters is longer than any capture on {board.description}")
    return tuple(board.cell(part) for part in move.split("-"))


# -- the state -----------------------------------------------------------------------------------

class LeapFrogState(GameState):
    """A position: the board, who has captured what, and how many moves have been made.

    Move ``i`` (0-based) is made by seat ``i mod players``. The opening is the first
    ``opening_moves`` moves: removals by every seat (``traditional``, ``murray``), by seat 0
    alone (``froglet``) or none (``capture``).
    """

    game: LeapFrog

    def __init__(self, game: LeapFrog, options: Mapping[str, Any], num_players: int,
                 cells: list[int]) -> None:
        super().__init__(game, options, num_players)
        self.variant = VARIANTS[options["variant"]]
        self.board = game.board_for(options)
        self.cells = cells
        self.empty = {cell for cell, code in enumerate(cells) if not code}
        #: ``values[code]``: the worth of a piece code (0 for an empty cell).
        self.values = (0, *self.variant.values)
        self.opening_moves = {"all": num_players, "first": 1, "none": 0}[self.variant.removers]
        self.ply = 0
        self.points = [0] * num_players
        #: Per seat, the captured pieces: colour letters, or cell names for pieces alike.
        self.captured: list[list[str]] = [[] for _ in range(num_players)]
        self.over = False
        self.check_end()

    # -- whose turn -------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.over

    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.ply % self.num_players,)

    def seat_to_move(self) -> int:
        return self.ply % self.num_players

    def in_opening(self) -> bool:
        return self.ply < self.opening_moves

    def check_end(self) -> None:
        """After the opening, the game ends as soon as no capture exists."""
        if not self.in_opening() and not has_capture(self.cells, self.board, self.empty):
            self.over = True

    # -- the log ----------------------------------------------------------------------------

    def apply_move(self, move: str) -> None:
        if self.over:
            raise GameOverError("the game is over: no capture is left on the board")
        path = parse_move(self.board, move)
        self.check_path(path)
        self.play(path)

    def check_path(self, path: Path) -> None:
        """Raise :class:`IllegalMoveError` unless ``path`` is a legal move now."""
        names = self.board.names
        if self.in_opening():
            if len(path) > 1:
                who = "each seat" if self.variant.removers == "all" else "seat 0"
                raise IllegalMoveError(f"the opening is still on: {who} first removes one piece "
                                       f"by naming its cell, like '{names[path[0]]}'")
            self.check_removal(path[0])
            return
        if len(path) == 1:
            when = ("capture has no opening" if self.variant.removers == "none"
                    else "the opening is over")
            raise IllegalMoveError(f"{when}: every move is a capture, the cell the piece stands on "
                                   "and each cell it lands on joined by '-', like 'c3-e3'")
        cells = self.cells
        start = path[0]
        if not cells[start]:
            raise IllegalMoveError(f"there is no piece on {names[start]} to leap with")
        taken: set[int] = set()
        for step, (at, land) in enumerate(zip(path, path[1:]), start=1):
            leap = f"leap {step}, {names[at]}-{names[land]}"
            over = self.board.over.get((at, land))
            if over is None:
                raise IllegalMoveError(leap_shape(self.board, at, land))
            if over in taken:
                raise IllegalMoveError(f"{leap}: the piece on {names[over]} was already captured in this move")
            if over == start:
                raise IllegalMoveError(f"{leap}: {names[over]} is empty, the leaping piece has left it")
            if not cells[over]:
                raise IllegalMoveError(f"{leap}: there is no piece on {names[over]} to leap over")
            if cells[land] and land != start:
                raise IllegalMoveError(f"{leap}: {names[land]} is taken; a leap must land on an empty cell")
            taken.add(over)

    def check_removal(self, cell: int) -> None:
        name = self.board.names[cell]
        code = self.cells[cell]
        if not code:
            raise IllegalMoveError(f"{name} is empty: there is no piece to remove there")
        variant = self.variant
        if variant.letters[code - 1] not in variant.removable:
            allowed = " or ".join(variant.colours[variant.letters.index(letter)] for letter in variant.removable)
            raise IllegalMoveError(f"in {variant.name} the opening removal takes a {allowed} piece; "
                                   f"{name} holds a {variant.colours[code - 1]} one")

    def play(self, path: Path, record: bool = True) -> None:
        """Make a move known to be legal.

        ``record=False`` is for search: it keeps the board, points and turn but leaves the
        log and the captured lists (the result's detail) behind.
        """
        seat = self.ply % self.num_players
        cells, empty, board = self.cells, self.empty, self.board
        coloured = self.variant.coloured
        taken = self.captured[seat] if record else []
        if len(path) == 1:
            overs: Sequence[int] = path
        else:
            overs = [board.over[(at, land)] for at, land in zip(path, path[1:])]
            piece = cells[path[0]]
            cells[path[0]] = 0
            empty.add(path[0])
        for over in overs:
            code = cells[over]
            self.points[seat] += self.values[code]
            taken.append(self.variant.letters[code - 1] if coloured else board.names[over])
            cells[over] = 0
            empty.add(over)
        if len(path) > 1:
            cells[path[-1]] = piece
            empty.discard(path[-1])
        if record:
            self.moves.append(board.path_name(path))
        self.ply += 1
        self.check_end()

    # -- decisions --------------------------------------------------------------------------

    def legal_paths(self) -> list[tuple[Path, int]]:
        """Every legal move now as ``(path, points)``: removals are one-cell paths."""
        if self.over:
            return []
        if self.in_opening():
            removable = {self.variant.letters.index(letter) + 1 for letter in self.variant.removable}
            return [((cell,), self.values[code]) for cell, code in enumerate(self.cells)
                    if code in removable]
        return all_captures(self.cells, self.board, self.empty, self.values)

    def best_points(self) -> int:
        """The most points the seat to move can take with one move now (0 at the end)."""
        if self.over:
            return 0
        if self.in_opening():
            return max(points for _, points in self.legal_paths())
        return most_points(self.cells, self.board, self.empty, self.values)

    def legal_actions(self, seat: int) -> list[str]:
        if self.over or seat != self.seat_to_move():
            return []
        if self.in_opening():
            names = self.board.names
            return sorted(names[path[0]] for path, _ in self.legal_paths())
        return sorted(capture_notations(self.cells, self.board, self.empty))

    def apply_action(self, seat: int, action: str) -> None:
        if self.over:
            raise GameOverError("the game is over: no capture is left on the board")
        if seat != self.seat_to_move():
            raise IllegalMoveError(f"it is seat {self.seat_to_move()}'s turn, not seat {seat}'s")
        self.apply_move(action)

    # -- outcome and views ------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Pieces captured (traditional, capture) or points captured (murray, froglet)."""
        return list(self.points)

    def result(self) -> Result:
        if not self.over:
            raise IllegalMoveError("the game is not over: captures are still possible")
        detail = {"captured": [list(pieces) for pieces in self.captured], "moves": self.ply}
        return Result(competition_ranks(self.points), self.scores(), detail)

    def picture(self) -> list[str]:
        """The board as text, one string per row (row 1, or row ``a``, first)."""
        letters = EMPTY + self.variant.letters
        return ["".join(letters[self.cells[cell]] for cell in row) for row in self.board.rows]

    def observation(self, seat: int) -> dict[str, Any]:
        """Everything: Leap Frog hides nothing."""
        return {
            "seat": seat,
            "variant": self.variant.name,
            "rows": self.options["rows"],
            "cols": self.options["cols"],
            "diagonal": self.options["diagonal"],
            "players": self.num_players,
            "board": self.picture(),
            "to_move": None if self.over else self.seat_to_move(),
            "opening": self.in_opening() and not self.over,
            "over": self.over,
            "scores": self.scores(),
            "captured": [list(pieces) for pieces in self.captured],
            "moves": self.ply,
            "history": list(self.moves),
        }

    def clone(self) -> LeapFrogState:
        copy = object.__new__(LeapFrogState)
        copy.__dict__.update(self.__dict__)
        copy.moves = list(self.moves)
        copy.cells = list(self.cells)
        copy.empty = set(self.empty)
        copy.points = list(self.points)
        copy.captured = [list(pieces) for pieces in self.captured]
        return copy

    def __str__(self) -> str:
        rows = self.picture()
        if self.board.shape == "hexagon":
            return "\n".join(" " * (9 - len(row)) + " ".join(row) for row in rows)
        return "\n".join(f"{number:>2} {row}" for number, row in reversed(list(enumerate(rows, start=1))))


# -- the game ------------------------------------------------------------------------------------

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
        if options["variant"] == "capture":
            return hexagon_board()
        return square_board(options["rows"], options["cols"], options["diagonal"])

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
        for number, row in enumerate(layout, start=1):
            if not isinstance(row, str) or len(row) != cols:
                raise SetupError(f"row {number} of the layout must be a string of {cols} letters, "
                                 f"not {shorten(repr(row))}")
            for letter in row:
                if letter not in variant.letters:
                    raise SetupError(f"row {number} of the layout holds {shorten(repr(letter))}; "
                                     f"the {variant.name} pieces are {letters}")
        text = "".join(layout)
        for letter, colour, (low, high) in zip(variant.letters, variant.colours, variant.counts(len(text))):
            count = text.count(letter)
            if not low <= count <= high:
                wanted = str(low) if low == high else f"{low} or {high}"
                raise SetupError(f"the layout has {count} {colour} piece{'' if count == 1 else 's'} "
                                 f"({letter}); a {rows} × {cols} {variant.name} board has {wanted}")
        return {"layout": list(layout)}

    def random_setup(self, options: Mapping[str, Any], num_players: int,
                     rng: random.Random) -> dict[str, Any]:
        """A random layout of the coloured pieces (murray, froglet); nothing otherwise."""
        variant = VARIANTS[options["variant"]]
        if not variant.coloured:
            return {}
        rows, cols = options["rows"], options["cols"]
        counts = variant.standard_counts(rows * cols)
        pieces = [letter for letter, count in zip(variant.letters, counts) for _ in range(count)]
        rng.shuffle(pieces)
        return {"layout": ["".join(pieces[row * cols:(row + 1) * cols]) for row in range(rows)]}

    def new_state(self, options: Mapping[str, Any], num_players: int,
                  setup: Mapping[str, Any]) -> LeapFrogState:
        variant = VARIANTS[options["variant"]]
        board = self.board_for(options)
        if variant.coloured:
            cells = [variant.letters.index(letter) + 1 for letter in "".join(setup["layout"])]
        else:
            cells = [1] * len(board)
            if board.centre is not None:
                cells[board.centre] = 0
        return LeapFrogState(self, options, num_players, cells)

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

    def draw(self, state: GameState, viewer: int | None = None, reveal: bool = False) -> str:
        from games.leap_frog.picture import draw

        return draw(state, viewer, reveal)

    @property
    def bots(self) -> dict[str, type[Bot]]:
        from games.leap_frog.bots import GreedyBot, SearchBot

        return {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
