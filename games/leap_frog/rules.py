"""Leap Frog's rules: the variants, the move generator and the position. Leap Frog is the
clearance game described by H. J. R. Murray; :class:`~games.leap_frog.game.LeapFrog` names its
options, setup, bots and picture around these rules.

The board starts full. After an opening in which players remove pieces, each turn a player
takes any piece and captures with it by short leaps, as in draughts, stopping after any leap;
the game ends when no capture is left. Four variants: ``traditional`` (pieces alike),
``murray`` (coloured pieces worth 4/3/2/1), ``froglet`` (BrainKing's colours, only seat 0
removes) and ``capture`` (the Chinese-checkers hexagon, centre empty, no opening).

>>> from games.registry import get_game
>>> game = get_game("leap_frog")
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
from collections.abc import Iterable, Mapping, Sequence
from itertools import compress
from typing import Any, NamedTuple

from games.base import Game, GameState, Result, competition_ranks
from games.errors import GameOverError, IllegalMoveError
from games.leap_frog.board import (KEEP_CHAINS, Board, hexagon_board, leap_left, leap_shape, leap_starts,
                                   mask_cells, open_leaps, square_board)
from games.leap_frog.chains import drawn_capture, first_leaps, follow, follow_marked
from games.leap_frog.notation import Path, read_capture, read_move

EMPTY = "."


class Variant(NamedTuple):
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

    @property
    def codes(self) -> dict[str, int]:
        """The piece code of each letter."""
        return {letter: code for code, letter in enumerate(self.letters, start=1)}

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

#: Per variant, the piece codes an opening removal may take.
REMOVABLE = {name: frozenset(variant.letters.index(letter) + 1 for letter in variant.removable)
             for name, variant in VARIANTS.items()}


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


def starts_of(board: Board, pieces: int) -> list[int]:
    """The cells whose piece can make at least one leap, in cell order, from the mask of every
    piece (:func:`~games.leap_frog.board.leap_starts`): what :func:`capture_starts` finds,
    without visiting the cells."""
    return mask_cells(board, leap_starts(board, pieces))


def all_captures(cells: list[int], board: Board, starts: Iterable[int],
                 values: Sequence[int]) -> list[tuple[Path, int]]:
    """Every capture in the position as ``(path, points)``: every prefix of every leap chain,
    each once, from the pieces ``starts`` that can leap. ``values[code]`` is a piece's worth.

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

    for start in starts:
        piece = cells[start]
        cells[start] = 0
        path[:] = [start]
        try:
            extend(start, 0)
        finally:
            cells[start] = piece
    return found


def capture_notations(cells: list[int], board: Board, starts: Iterable[int]) -> list[str]:
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

    for start in starts:
        piece = cells[start]
        cells[start] = 0
        try:
            extend(start, names[start])
        finally:
            cells[start] = piece
    return found


def capture_list(filled: list[int], board: Board, pieces: int) -> list[str]:
    """Every capture in the position in the notation (``c3-e3-e5``), sorted, from the mask of
    the pieces: what ``sorted(capture_notations(...))`` gives, without sorting a string.
    ``filled`` holds 1 on every cell with a piece and 0 on every empty one
    (:attr:`LeapFrogState.filled`), and is the same again on return.

    The first leaps come from the masks (:func:`~games.leap_frog.chains.first_leaps`, one shift
    per direction), as their numbers in :attr:`Board.leap_list`,
    which are in the order of the moves' names: sorting the numbers sorts the moves. Each
    search that follows a leap takes the leaps on in the order of the landing cells' names,
    a move before its longer chains. Every capture from ``a1`` begins ``a1-`` and ``-`` sorts
    before any digit, so that is the order :func:`sorted` gives (``a1-a3`` < ``a1-a3-c3`` <
    ``a1-c1`` < ``a10-a12``).

    A chain goes on from a first leap's landing only if a leap from there is open in the
    position as it stands (the cells a leap from the landing reads are not the two the first
    leap emptied, but for the leap straight back, which lands on the start: shut either way),
    so most first leaps need no search. A chain goes on from the second landing only if, as
    the position stood, leaps in two directions were open there (``twice``, from
    :func:`~games.leap_frog.chains.first_leaps`: the leap straight back over the piece just
    taken is one of them), or if a leap onto the start the piece has left is open (``back``,
    a triangle of leaps): a leap open after two leaps and not before lands on a cell the move
    has emptied, and of those only the start can lie two cells away in a line. So most chains
    of two leaps end without a search. A leap is open where ``filled[over] > filled[land]``:
    a piece to leap and an empty cell behind it, in one comparison.

    The captures of one piece depend only on the cells its search reads (those its leaps
    pass over and land on, from the start and each landing), and on a large board most moves
    leave those of most pieces alone: there each start's captures are kept on the board
    (:attr:`Board.chains`, shared by every position on it) with the mask of the cells read
    and which of them held a piece, and searched again only when one of those has changed.
    """
    if len(board.names) >= KEEP_CHAINS:
        open_from = open_leaps(board, pieces)
        starts = mask_cells(board, open_from & pieces)
        starts.sort(key=board.name_order.__getitem__)
        return kept_captures(filled, board, pieces, starts, open_from)
    numbers, open_from, twice = first_leaps(board, pieces)
    heads = board.leap_heads
    found: list[str] = []
    append = found.append
    for number in numbers:
        name, land_mask, start, over, seconds, _ = heads[number]
        append(name)
        if open_from & land_mask:
            filled[start] = filled[over] = 0  # the piece has left its start and taken the one leapt
            try:
                for second, land, chain, further, second_mask, back in seconds:
                    if filled[second] > filled[land]:
                        append(chain)
                        if twice & second_mask or filled[back]:
                            filled[second] = 0
                            follow(further, chain, filled, append)
                            filled[second] = 1
            finally:
                filled[start] = filled[over] = 1
    return found


def kept_captures(filled: list[int], board: Board, pieces: int, starts: list[int], open_from: int) -> list[str]:
    """:func:`capture_list` on a large board: each start's captures searched as there (a chain
    goes on from a first leap's landing only if ``open_from``, :func:`open_leaps`, has it),
    or taken from :attr:`Board.chains` when none of the cells its last search read has changed."""
    numbered, heads, reach, chains = board.numbered_leaps, board.leap_heads, board.reach, board.chains
    found: list[str] = []
    append = found.append
    landed: list[int] = []
    mark = landed.append
    for start in starts:
        kept = chains[start]
        if kept is not None and pieces & kept[0] == kept[1]:
            found += kept[2]
            continue
        first = len(found)
        landed.clear()
        filled[start] = 0
        try:
            for over, land, number in numbered[start]:
                if filled[over] > filled[land]:
                    name, land_mask, _, _, _, steps = heads[number]
                    append(name)
                    mark(land)  # the chain's search reads round the landing, open or not
                    if open_from & land_mask:
                        filled[over] = 0
                        follow_marked(steps, name, filled, append, mark)
                        filled[over] = 1
        finally:
            filled[start] = 1
        read = reach[start]
        for land in landed:
            read |= reach[land]
        chains[start] = (read, pieces & read, found[first:])
    return found


def most_points(cells: list[int], board: Board, starts: Iterable[int], values: Sequence[int]) -> int:
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

    for start in starts:
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


def board_for(options: Mapping[str, Any]) -> Board:
    """The board the options describe: the hexagon for ``capture``, else a rectangle."""
    if options["variant"] == "capture":
        return hexagon_board()
    return square_board(options["rows"], options["cols"], options["diagonal"])


# -- the state -----------------------------------------------------------------------------------

class LeapFrogState(GameState):
    """A position: the board, who has captured what, and how many moves have been made.

    Move ``i`` (0-based) is made by seat ``i mod players``. The opening is the first
    ``opening_moves`` moves: removals by every seat (``traditional``, ``murray``), by seat 0
    alone (``froglet``) or none (``capture``). ``pieces`` is the mask of the cells that hold
    a piece when the caller knows it (a new game's board is full, or full but for the centre).
    """

    def __init__(self, game: Game, options: Mapping[str, Any], num_players: int,
                 cells: list[int], pieces: int | None = None) -> None:
        super().__init__(game, options, num_players)
        self.variant = VARIANTS[options["variant"]]
        self.board = board_for(options)
        self.cells = cells
        #: The mask of the cells that hold a piece (:attr:`Board.masks`), for finding leaps
        #: and checking moves; kept with ``cells``.
        self.pieces = sum(compress(self.board.masks, cells)) if pieces is None else pieces
        self.coloured = self.variant.coloured
        #: 1 on every cell that holds a piece, 0 on every empty one, for the capture search
        #: (:func:`capture_list`): ``cells`` itself where the pieces are alike (their code is
        #: 1); where they are coloured a list kept with it, made when first asked for
        #: (:meth:`occupancy`), so that replaying a log never makes it.
        self.filled: list[int] | None = None if self.coloured else cells
        #: ``values[code]``: the worth of a piece code (0 for an empty cell); ``letters[code]``
        #: its letter, as the captured lists hold it for coloured pieces.
        self.values = (0, *self.variant.values)
        self.letters = (EMPTY, *self.variant.letters)
        self.opening_moves = {"all": num_players, "first": 1, "none": 0}[self.variant.removers]
        self.ply = 0
        self.points = [0] * num_players
        #: Per seat, the captured pieces: colour letters, or cell names for pieces alike.
        self.captured: list[list[str]] = [[] for _ in range(num_players)]
        #: The piece codes an opening removal may take.
        self.removable = REMOVABLE[self.variant.name]
        self.over = False
        #: After the opening, the mask of the three cells of a leap left on the board
        #: (:func:`~games.leap_frog.board.leap_left`): found again only when a move changes one.
        self.leap = 0
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
        if self.ply >= self.opening_moves:
            self.leap = leap_left(self.board, self.pieces)
            if not self.leap:
                self.over = True

    def capture_starts(self) -> list[int]:
        """The cells whose piece can leap now, in cell order."""
        return starts_of(self.board, self.pieces)

    # -- the log ----------------------------------------------------------------------------

    def apply_move(self, move: str) -> None:
        if self.over:
            raise GameOverError("the game is over: no capture is left on the board")
        # A string played before on this board is read already (Board.reads).
        read = (self.board.reads.get(move) or read_capture(self.board, move)) if type(move) is str else None
        if read is not None:
            # The rules on the masks: the start and every piece leapt are on the board, every
            # landing but the start is empty (a removal: the opening is on, the piece may go).
            path, start, end, overs, need, clear, flip, over_names = read
            if overs:
                pieces = self.pieces
                ply = self.ply
                if pieces & need == need and not pieces & clear and ply >= self.opening_moves:
                    # The capture is legal: take's work, with the masks worked out once per string.
                    seat = ply % self.num_players
                    cells = self.cells
                    piece = cells[start]
                    cells[start] = 0
                    cells[end] = piece
                    if self.coloured:
                        values, letters, captured = self.values, self.letters, self.captured[seat]
                        points = 0
                        for over in overs:
                            code = cells[over]
                            cells[over] = 0
                            points += values[code]
                            captured.append(letters[code])
                        self.points[seat] += points
                        if self.filled is not None:
                            self.fill(start, end, overs)
                    else:
                        self.points[seat] += len(overs)  # pieces alike are worth one each
                        self.captured[seat] += over_names
                        for over in overs:
                            cells[over] = 0
                    self.pieces = pieces = pieces ^ flip
                    self.moves.append(move)
                    self.ply = ply + 1
                    if flip & self.leap:  # the move changed a cell of the leap last found
                        self.leap = leap_left(self.board, pieces)
                        if not self.leap:
                            self.over = True
                    return
            elif self.ply < self.opening_moves and self.cells[start] in self.removable:
                self.remove(start, move)
                return
        path = read_move(self.board, move)  # raises for a string that is no move, saying why
        taken = self.taken_by(path)
        if taken is None:
            self.check_path(path)  # raises, saying why
            taken = self.taken_by(path) or path
        self.take(path, taken, True, move)

    def remove(self, cell: int, move: str) -> None:
        """Make the opening removal ``move`` of the piece on ``cell``, known to be allowed:
        :meth:`take` for a path of one cell."""
        seat = self.ply % self.num_players
        cells = self.cells
        code = cells[cell]
        cells[cell] = 0
        if self.coloured:
            if self.filled is not None:
                self.filled[cell] = 0
            self.captured[seat].append(self.letters[code])
        else:
            self.captured[seat].append(self.board.names[cell])
        self.pieces ^= self.board.masks[cell]
        self.points[seat] += self.values[code]
        self.moves.append(move)
        self.ply += 1
        self.check_end()

    @property
    def empty(self) -> set[int]:
        """The empty cells (from :attr:`pieces`)."""
        board = self.board
        return set(mask_cells(board, board.every ^ self.pieces))

    def taken_by(self, path: Path) -> list[int] | tuple[int, ...] | None:
        """The cells whose pieces ``path`` takes when it is a legal move now (the removed piece
        in the opening), else ``None``: :meth:`check_path`'s rules without its messages."""
        cells = self.cells
        start = path[0]
        if self.ply < self.opening_moves:
            return path if len(path) == 1 and cells[start] in self.removable else None
        if len(path) == 1 or not cells[start]:
            return None
        over_from = self.board.over_from
        taken: list[int] = []
        at = start
        for land in path[1:]:
            over = over_from[at].get(land)
            if (over is None or over == start or not cells[over] or over in taken
                    or (cells[land] and land != start)):
                return None
            taken.append(over)
            at = land
        return taken

    def occupancy(self) -> list[int]:
        """:attr:`filled`, made from ``cells`` when first asked for."""
        if self.filled is None:
            self.filled = [1 if code else 0 for code in self.cells]
        return self.filled

    def fill(self, start: int, end: int, taken: Iterable[int]) -> None:
        """Keep a list :attr:`filled` of its own (coloured pieces) with ``cells`` after a move
        from ``start`` to ``end`` that took the pieces on ``taken`` (an opening removal: the
        one cell three times)."""
        filled = self.filled
        filled[start] = 0
        filled[end] = 1
        for cell in taken:
            filled[cell] = 0

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

    def play(self, path: Path, record: bool = True, text: str | None = None) -> None:
        """Make a move known to be legal (``text``: its notation, when the caller has it).

        ``record=False`` is for search: it keeps the board, points and turn but leaves the
        log and the captured lists (the result's detail) behind.
        """
        if len(path) == 1:
            self.take(path, path, record, text)
        else:
            over_from = self.board.over_from
            self.take(path, [over_from[at][land] for at, land in zip(path, path[1:])], record, text)

    def take(self, path: Path, taken: Sequence[int], record: bool, text: str | None) -> None:
        """Make the legal move ``path``, which takes the pieces on ``taken`` (:meth:`play`)."""
        seat = self.ply % self.num_players
        cells, board = self.cells, self.board
        masks = board.masks
        pieces = self.pieces
        if len(path) > 1:
            start, end = path[0], path[-1]
            piece = cells[start]
            cells[start] = 0
            cells[end] = piece
            pieces ^= masks[start] ^ masks[end]
        codes = [cells[cell] for cell in taken]
        for cell in taken:
            cells[cell] = 0
            pieces ^= masks[cell]
        if self.coloured and self.filled is not None:
            self.fill(path[0], path[-1], taken)
        self.pieces = pieces
        self.points[seat] += sum(map(self.values.__getitem__, codes))
        if record:
            self.captured[seat].extend(map(self.letters.__getitem__, codes) if self.variant.coloured
                                       else map(board.names.__getitem__, taken))
            self.moves.append(text if text is not None else board.path_name(path))
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
        return all_captures(self.cells, self.board, self.capture_starts(), self.values)

    def best_points(self) -> int:
        """The most points the seat to move can take with one move now (0 at the end)."""
        if self.over:
            return 0
        if self.in_opening():
            return max(points for _, points in self.legal_paths())
        return most_points(self.cells, self.board, self.capture_starts(), self.values)

    def legal_actions(self, seat: int) -> list[str]:
        """The legal actions of the seat to move, sorted (:func:`capture_list` after the opening)."""
        if self.over or seat != self.ply % self.num_players:
            return []
        if self.ply < self.opening_moves:  # the removals, named in sorted order
            names, cells, removable = self.board.names, self.cells, self.removable
            return [names[cell] for cell in self.board.by_name if cells[cell] in removable]
        return capture_list(self.filled or self.occupancy(), self.board, self.pieces)

    def random_action(self, seat: int, rng: random.Random) -> str:
        """What ``rng.choice(legal_actions(seat))`` picks, with the same single draw. After the
        opening on a large board the captures are counted, not listed, and only the one drawn
        is named (:func:`~games.leap_frog.chains.drawn_capture`)."""
        if (self.over or seat != self.ply % self.num_players or self.ply < self.opening_moves
                or not isinstance(rng, random.Random)):
            return super().random_action(seat, rng)
        board = self.board
        if len(board.names) >= KEEP_CHAINS:
            return drawn_capture(self.filled or self.occupancy(), board, self.pieces, rng)
        found = capture_list(self.filled or self.occupancy(), board, self.pieces)
        return rng.choice(found)

    def apply_action(self, seat: int, action: str) -> None:
        """A seat's decision, checked as a log move is (a legal one costs a few mask tests)."""
        if self.over:
            raise GameOverError("the game is over: no capture is left on the board")
        if seat != self.ply % self.num_players:
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
        copy.filled = copy.cells if not self.coloured else self.filled and list(self.filled)
        copy.points = list(self.points)
        copy.captured = [list(pieces) for pieces in self.captured]
        return copy

    def __str__(self) -> str:
        rows = self.picture()
        if self.board.shape == "hexagon":
            return "\n".join(" " * (9 - len(row)) + " ".join(row) for row in rows)
        return "\n".join(f"{number:>2} {row}" for number, row in reversed(list(enumerate(rows, start=1))))
