"""Froggit's rules: the position, its constants and move generation. Frog families cross a
pond of 31 lily pads, jumping over each other, from their start space to the opposite finish
space; the fish sends frogs home. The :class:`~games.froggit.game.Froggit` game names its
options, bots and picture around these rules.

>>> from games.registry import get_game
>>> game = get_game("froggit")
>>> state = game.new_state(game.parse_options({"version": "expert"}, 2), 2, {})
>>> state.apply_move("S start b2 c3 c4")
>>> state.apply_move("L start f4 e4")
>>> state.pad("c4"), state.pad("e4")
(['0S'], ['1L'])
>>> "S c4 c3 c2" in state.legal_actions(0)
True

A frog is an ``int``: ``seat * 2 + size`` with size 0 for small and 1 for large. A pad holds a
tuple of frogs, bottom first: ``()``, one frog, a team (a large frog carrying a small one of
its colour) or a trap (a large frog on another colour's small one). The fish's pad never
holds a frog.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Mapping
from typing import Any

from games.base import Game, GameState, Result, competition_ranks
from games.errors import GameOverError, IllegalMoveError, shorten
from games.froggit.board import (
    CELL,
    CENTRE,
    CORNERS,
    FISH_REACH,
    HOME_OVER,
    HOP_OVER,
    IS_PAD,
    JUMP_OVER,
    NAMES,
    NO_SLOT,
    PAD_JUMPS,
    PADS,
    STEP_SET,
    STEP_SLOT,
    STEPS,
    finish_corner,
    picture,
    start_corner,
)
from games.froggit.draws import MAX_JUMPS, NO_DRAW, Drawn, Pond, draw, pond
from games.froggit.notation import HOME, FishMove, FrogMove, TeamMove, parse_move, read_move
from games.froggit.routes import ANY_SEAT, Route, read_route, routes_for

SMALL, LARGE = 0, 1
SIZE_LETTER = ("S", "L")
SIZE_WORD = ("small", "large")
#: Frogs per family by the ``family`` option: (small, large).
FAMILIES = {"standard": (3, 2), "quick": (2, 1)}
VERSIONS = ("junior", "expert")


def frog_code(seat: int, size: int) -> int:
    return seat * 2 + size


def frog_label(frog: int) -> str:
    """``'0S'``: the seat and the size letter."""
    return f"{frog >> 1}{SIZE_LETTER[frog & 1]}"


#: One generated frog move: (size, origin cell, final cell, text). The origin is the start
#: corner for a frog on its start space, the final cell the finish corner for ``home``.
FrogOption = tuple[int, int, int, str]


class FroggitState(GameState):
    """A position: every pad's frogs, each family's frogs at start and home, the fish, whose
    turn it is and whether that seat owes a fish move after a frog went home."""

    def __init__(self, game: Game, options: Mapping[str, Any], num_players: int) -> None:
        super().__init__(game, options, num_players)
        self.expert: bool = options["version"] == "expert"
        self.family: tuple[int, int] = FAMILIES[options["family"]]
        self.max_turns: int = options["max_rounds"] * num_players
        seats = range(num_players)
        self.starts: tuple[int, ...] = tuple(start_corner(seat, num_players) for seat in seats)
        self.finishes: tuple[int, ...] = tuple(finish_corner(seat, num_players) for seat in seats)
        #: Per seat, the routes of the frog moves read for it (:func:`~games.froggit.routes.frog_route`).
        self.routes: tuple[dict[str, Route | bool], ...] = tuple(
            routes_for(start, finish) for start, finish in zip(self.starts, self.finishes))
        #: Every cell's frogs, bottom first (corners stay empty).
        self.cells: list[tuple[int, ...]] = [()] * len(NAMES)
        #: Per seat, the frogs on the start space and at home: [small, large].
        self.at_start: list[list[int]] = [list(self.family) for _ in range(num_players)]
        self.at_home: list[list[int]] = [[0, 0] for _ in range(num_players)]
        self.fish: int = CENTRE
        self.turn = 0
        self.fish_due = False
        #: Completed turns (a frog move with its fish move, or a fish move alone).
        self.turns = 0
        self.winner: int | None = None
        #: The last list of legal actions made and the position it was made for
        #: (:meth:`position_key`), so that applying one of them needs no second check.
        self._listed: tuple[tuple[Any, ...] | None, list[str]] = (None, [])
        #: The last action :meth:`random_action` drew, with the pond it drew from and
        #: :meth:`draw_key` then (together the position it drew it for) and, for a frog move,
        #: its (size, origin, final).
        self._drawn: Drawn = NO_DRAW
        #: The pads as bits for the draws (:class:`~games.froggit.draws.Pond`), once drawn from.
        self.pond: Pond | None = None

    # -- whose turn -------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.winner is not None or self.turns >= self.max_turns

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    # -- reading the position ---------------------------------------------------------------

    def pad(self, name: str) -> list[str]:
        """The frogs on a pad as labels (``'0S'``, ``'1L'``), bottom first."""
        return [frog_label(frog) for frog in self.cells[CELL[name]]]

    def frogs_home(self, seat: int) -> int:
        return sum(self.at_home[seat])

    def is_team(self, cell: int) -> bool:
        """True when ``cell`` holds a large frog carrying a small frog of its colour."""
        content = self.cells[cell]
        # The only pairs are a team (large below) and a trap (small below).
        return len(content) == 2 and content[0] & 1 == LARGE

    # -- move generation --------------------------------------------------------------------

    def frog_options(self, seat: int) -> list[FrogOption]:
        """Every frog move of ``seat``, one per jump sequence, ignoring whose turn it is."""
        options: list[FrogOption] = []
        home = self.finishes[seat]

        def walk(size: int, origin: int, full: list[bool], land: list[bool]) -> None:
            texts: list[str] = []
            self._walk(seat, size, origin, full, land, texts)
            options.extend((size, origin, home if text.endswith(" home") else CELL[text[-2:]], text)
                           for text in texts)

        self._each_frog(seat, walk)
        return options

    def frog_moves(self, seat: int) -> list[str]:
        """The text of every frog move of ``seat``, sorted (large frogs first, by the pad they
        start from, each move before its longer sequences)."""
        texts: list[str] = []
        self._each_frog(seat, lambda size, origin, full, land:
                        self._walk(seat, size, origin, full, land, texts))
        return texts

    def frog_effects(self, seat: int) -> list[tuple[int, int, int]]:
        """Every distinct (size, origin, final) of ``seat``'s frog moves: what the jump
        sequences achieve, without listing them (for search)."""
        effects: list[tuple[int, int, int]] = []

        def walk(size: int, origin: int, full: list[bool], land: list[bool]) -> None:
            effects.extend((size, origin, final) for final in self._reach(seat, size, origin, full, land))

        self._each_frog(seat, walk)
        return effects

    def _may_land_on(self, seat: int, size: int, content: tuple[int, ...]) -> bool:
        """Whether a frog of ``seat`` and ``size`` may land on a pad (not the fish's) holding
        ``content``: an empty one, or (expert) a small frog onto its own large frog, a large
        frog onto another colour's small frog."""
        if not content:
            return True
        if not self.expert or len(content) != 1:
            return False
        if size == SMALL:
            return content[0] == frog_code(seat, LARGE)
        return content[0] & 1 == SMALL and content[0] >> 1 != seat

    def _each_frog(self, seat: int, walk: Callable[[int, int, list[bool], list[bool]], None]) -> None:
        """Call ``walk(size, origin, full, land)`` for each frog of ``seat`` that may move alone
        (only a pad's top frog does): large frogs first, each size's frogs on pads in cell
        order, then the one on the start space (its start corner as the origin).

        ``full`` tells, per cell, whether a frog is on it (with :data:`STEP_SLOT` and
        :data:`NO_SLOT` after the cells) and ``land`` whether this frog may land there, both
        as if the frog had left its pad: it may hop back over a frog it stood on, or land
        where it set off. One pass over the pads makes both; the board is left alone.
        """
        cells = self.cells
        full = [bool(content) for content in cells]
        full.append(True)
        full.append(False)
        empty = [not content for content in cells]
        for corner in CORNERS:
            empty[corner] = False
        empty[self.fish] = False
        large_code, small_code = frog_code(seat, LARGE), frog_code(seat, SMALL)
        tops: tuple[list[int], list[int]] = ([], [])
        # Per size, the occupied pads where that size may land too (expert): a small frog
        # on its own lone large frog, a large frog on another colour's lone small frog.
        stacks: tuple[list[int], list[int]] = ([], [])
        expert = self.expert
        for cell in PADS:
            content = cells[cell]
            if content:
                top = content[-1]
                if top == small_code:
                    tops[SMALL].append(cell)
                elif top == large_code:
                    tops[LARGE].append(cell)
                if expert and len(content) == 1:
                    if top == large_code:
                        stacks[SMALL].append(cell)
                    elif top & 1 == SMALL and top >> 1 != seat:
                        stacks[LARGE].append(cell)
        start = self.starts[seat]
        for size in (LARGE, SMALL):
            origins = tops[size]
            if self.at_start[seat][size]:
                origins.append(start)
            if not origins:
                continue
            land = list(empty)
            for cell in stacks[size]:
                land[cell] = True
            for origin in origins:
                if origin == start:
                    walk(size, origin, full, land)
                    continue
                rest = cells[origin][:-1]
                before = land[origin]
                full[origin] = bool(rest)
                land[origin] = self._may_land_on(seat, size, rest)
                walk(size, origin, full, land)
                full[origin] = True
                land[origin] = before

    def _walk(self, seat: int, size: int, origin: int, full: list[bool], land: list[bool],
              out: list[str]) -> None:
        """Append the text of every move of one frog: each stopping point of each jump
        sequence, in sorted order (pads' names sort as their cells, ``home`` after them).
        The loops are the jumps, unrolled: a large frog makes 2 at most, a small one 3
        (:data:`MAX_JUMPS`)."""
        home_over = HOME_OVER[self.finishes[seat]]
        append = out.append
        prefix = f"{SIZE_LETTER[size]} {'start' if origin == self.starts[seat] else NAMES[origin]}"
        small = size == SMALL
        for over, first, name in PAD_JUMPS[origin]:
            if full[over] and land[first]:
                one = prefix + name
                append(one)
                for over, second, name in PAD_JUMPS[first]:
                    if full[over] and land[second]:
                        two = one + name
                        append(two)
                        if small:
                            for over, third, name in PAD_JUMPS[second]:
                                if full[over] and land[third]:
                                    append(two + name)
                            if full[home_over[second]]:
                                append(two + " home")
                if full[home_over[first]]:
                    append(one + " home")
        if full[home_over[origin]]:
            append(prefix + " home")

    def _reach(self, seat: int, size: int, origin: int, full: list[bool], land: list[bool]) -> set[int]:
        """The cells one frog can end a move on (its finish corner for ``home``)."""
        home = self.finishes[seat]
        home_over = HOME_OVER[home]
        finals: set[int] = set()
        # The most jumps left with which a pad has been reached (fewer reach no further).
        best: dict[int, int] = {}

        def visit(at: int, left: int) -> None:
            for over, cell, _ in PAD_JUMPS[at]:
                if full[over] and land[cell]:
                    finals.add(cell)
                    if left > 1 and best.get(cell, 0) < left - 1:
                        best[cell] = left - 1
                        visit(cell, left - 1)
            if full[home_over[at]]:
                finals.add(home)

        visit(origin, MAX_JUMPS[size])
        return finals

    def team_options(self, seat: int) -> list[tuple[int, int, str]]:
        """Every team move of ``seat``: (origin, target, text)."""
        if not self.expert:
            return []
        options = []
        team = (frog_code(seat, LARGE), frog_code(seat, SMALL))
        for cell in PADS:
            if self.cells[cell] == team:
                for target in STEPS[cell]:
                    if IS_PAD[target] and not self.cells[target] and target != self.fish:
                        options.append((cell, target, f"T {NAMES[cell]} {NAMES[target]}"))
        return options

    def fish_targets(self) -> list[int]:
        """Where the fish may swim now: 1 or 2 pads in a straight line when a frog has just
        gone home, else anywhere; never its own pad or a team's."""
        reach = FISH_REACH[self.fish] if self.fish_due else PADS
        return [cell for cell in reach if cell != self.fish and not self.is_team(cell)]

    def has_fish_target(self) -> bool:
        """Whether the fish may swim anywhere now (:meth:`fish_targets`), found at the first
        pad it may swim to rather than listing them all."""
        reach = FISH_REACH[self.fish] if self.fish_due else PADS
        return any(cell != self.fish and not self.is_team(cell) for cell in reach)

    def has_frog_move(self, seat: int) -> bool:
        """Whether ``seat`` can move a frog or a team: some frog that may move alone has a
        first jump (or goes home at once), found without listing the moves. A first jump
        neither hops over nor lands on the pad the frog leaves, so the pads are read as they
        stand."""
        cells = self.cells
        tops = (frog_code(seat, SMALL), frog_code(seat, LARGE))
        for cell in PADS:
            content = cells[cell]
            if content and content[-1] in tops and self.can_jump(seat, content[-1] & 1, cell):
                return True
        for size in (LARGE, SMALL):
            if self.at_start[seat][size] and self.can_jump(seat, size, self.starts[seat]):
                return True
        return bool(self.team_options(seat))

    def can_jump(self, seat: int, size: int, origin: int) -> bool:
        """Whether a frog of ``seat`` and ``size`` on ``origin`` has a first jump: into its
        finish space, or onto a pad (not the fish's) it may land on, each by a step or a hop
        over a frog."""
        cells = self.cells
        over = HOME_OVER[self.finishes[seat]][origin]
        if over == STEP_SLOT or (over != NO_SLOT and cells[over]):
            return True
        return any((over == STEP_SLOT or cells[over]) and first != self.fish
                   and self._may_land_on(seat, size, cells[first]) for over, first, _ in PAD_JUMPS[origin])

    def position_key(self, seat: int) -> tuple[Any, ...]:
        """Everything ``seat``'s legal moves depend on (the game not being over aside): the
        pads, the fish, whether a fish move is due and ``seat``'s frogs on its start space."""
        return (seat, self.fish, self.fish_due, self.at_start[seat][SMALL], self.at_start[seat][LARGE],
                tuple(self.cells))

    def legal_actions(self, seat: int) -> list[str]:
        if self.is_over() or seat != self.turn:
            return []
        key = self.position_key(seat)
        if self._listed[0] != key:
            self._listed = (key, self._list_actions(seat))
        return list(self._listed[1])

    def _list_actions(self, seat: int) -> list[str]:
        """The legal actions of ``seat``, whose turn it is, sorted."""
        if not self.fish_due:
            moves = self.frog_moves(seat)
            moves.extend(option[2] for option in self.team_options(seat))
            if moves:
                moves.sort()
                return moves
        return sorted(f"fish {NAMES[cell]}" for cell in self.fish_targets())

    def is_listed(self, seat: int, action: Any) -> bool:
        """True when ``action`` is in the last list of legal actions made, and that list was
        made for ``seat`` in the position as it stands."""
        key, listed = self._listed
        if type(action) is not str or key is None or key != self.position_key(seat):
            return False
        index = bisect_left(listed, action)
        return index < len(listed) and listed[index] == action

    def random_action(self, seat: int, rng: random.Random) -> str:
        """The action ``rng.choice(self.legal_actions(seat))`` picks, with the same single draw,
        found from how many legal actions there are rather than from their list: each frog's
        moves are counted and only the one drawn is written (:func:`~games.froggit.draws.draw`).
        It is kept with the position, so that applying it needs no second check."""
        if self.is_over() or seat != self.turn:
            return super().random_action(seat, rng)
        listed = self._listed[0]
        if listed is not None and listed == self.position_key(seat):
            return rng.choice(self._listed[1])
        kept = pond(self)
        action, move = draw(self, seat, rng, kept)
        self._drawn = (kept, self.draw_key(seat), action, move)
        return action

    def draw_key(self, seat: int) -> tuple[Any, ...]:
        """What ``seat``'s legal moves depend on beside the pads (:meth:`position_key`)."""
        return seat, self.fish, self.fish_due, self.at_start[seat][SMALL], self.at_start[seat][LARGE]

    def is_drawn(self, seat: int, action: Any) -> bool:
        """True when ``action`` is the last action :meth:`random_action` drew, and it drew it
        for ``seat`` in the position as it stands: the pond it drew from is still the state's
        and still holds the state's pads (it is told of a drawn move only once the move is
        played, and a state's copy reads its own)."""
        kept, key, drawn, _ = self._drawn
        return (type(action) is str and action == drawn and kept is self.pond and kept.cells == self.cells
                and key == self.draw_key(seat))

    # -- checking a move --------------------------------------------------------------------

    def apply_move(self, move: str) -> None:
        """Play one log move, checked against the rules (verification's path). A frog move,
        the commonest, is read once as its route (:mod:`~games.froggit.routes`) and played by
        :meth:`play_route` when the frogs on its way let it; anything else takes
        :meth:`check_and_apply`, which says what is wrong."""
        if self.winner is None and self.turns < self.max_turns and not self.fish_due and type(move) is str:
            route = ANY_SEAT.get(move)
            if route is None:
                route = self.routes[self.turn].get(move)
                if route is None:
                    route = read_route(move, self.starts[self.turn], self.finishes[self.turn])
            if route and self.play_route(route):  # type: ignore[arg-type]
                self.moves.append(move)
                return
        self.check_and_apply(self.turn, move)

    def play_route(self, route: Route) -> bool:
        """Move the frog of ``route`` if the seat to move may (no fish move being due), and
        say whether it did: the rules of :meth:`frog_path`, checked in any order. The frog is
        there to move and leaves its pad as it sets off (it may hop over or land on that pad
        again); no pad on its way is the fish's; each pad it hops over holds a frog; each it
        lands on is empty, or (expert) holds one frog it may stack on: a small frog its own
        large frog, a large frog another colour's small one. Refused, the state is as it was."""
        size, origin, final, from_start, hops, pads = route
        seat = self.turn
        cells = self.cells
        frog = seat * 2 + size
        fish = self.fish
        if fish in hops or fish in pads:
            return False
        if from_start:
            if not self.at_start[seat][size]:
                return False
            content = None
        else:
            content = cells[origin]
            if not content or content[-1] != frog:
                return False
            cells[origin] = content[:-1]
        for over in hops:
            if not cells[over]:
                break
        else:
            for target in pads:
                below = cells[target]
                if below and (len(below) == 2 or not self.expert
                              or (below[0] != frog | LARGE if size == SMALL
                                  else below[0] & 1 != SMALL or below[0] >> 1 == seat)):
                    break
            else:
                # The way is open and the frog has left its pad (or leaves its start space,
                # below); move_frog, inlined for a move that ends the turn on a pad, as most do.
                if final != self.finishes[seat]:
                    if content is None:
                        self.at_start[seat][size] -= 1
                    cells[final] += (frog,)
                    self.turns += 1
                    self.turn = (seat + 1) % self.num_players
                    return True
                if content is not None:
                    cells[origin] = content
                self.move_frog(size, origin, final)
                return True
        if content is not None:
            cells[origin] = content
        return False

    def apply_action(self, seat: int, action: str) -> None:
        """A seat's decision. One of the legal actions just listed for this very position
        (a random bot's way), or the action just drawn for it (:meth:`random_action`, the
        runner's), is played without parsing and checking it again; anything else is checked
        as a log move is."""
        if seat == self.turn and not self.is_over():
            if self.is_drawn(seat, action):
                move = self._drawn[3]
                self._drawn = NO_DRAW
                if move is None:
                    self.play(action)
                else:
                    self.move_frog(*move)
                    self.moves.append(action)
                    _, origin, final = move
                    self.pond.put(origin, self.cells[origin])  # the pond drawn from follows the move
                    self.pond.put(final, self.cells[final])
                return
            if self.is_listed(seat, action):
                self.play(action)
                return
        self.check_and_apply(seat, action)

    def check_and_apply(self, seat: int, action: str) -> None:
        """Parse and check ``action`` for ``seat``, then play it; raises as :meth:`apply_move`
        does, leaving the state unchanged."""
        if self.is_over():
            raise GameOverError(self.end_phrase())
        parsed = read_move(action) if type(action) is str else parse_move(action)
        if seat != self.turn:
            raise IllegalMoveError(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        kind = type(parsed)
        if kind is FrogMove:
            size = SMALL if parsed.size == "S" else LARGE
            found = self.frog_path(parsed, size)  # type: ignore[arg-type]
            origin, final = found if found is not None else self.check_frog(parsed)  # type: ignore[arg-type]
            self.move_frog(size, origin, final)
        elif kind is FishMove:
            self.check_fish(parsed)  # type: ignore[arg-type]
            self.move_fish(parsed.target)  # type: ignore[union-attr]
        else:
            target = self.check_team(parsed)  # type: ignore[arg-type]
            self.move_team(parsed.origin, target)  # type: ignore[arg-type]
        self.moves.append(action)

    def frog_path(self, move: FrogMove, size: int) -> tuple[int, int] | None:
        """The origin and final cells of a legal frog move, else ``None``: the rules of
        :meth:`check_frog` and :meth:`check_jump` without their messages (they say what is
        wrong). The frog leaves its pad as it sets off, as there."""
        landings = move.landings
        if self.fish_due or len(landings) > MAX_JUMPS[size]:
            return None
        seat = self.turn
        cells = self.cells
        frog = seat * 2 + size
        origin = move.origin
        if origin is None:
            if not self.at_start[seat][size]:
                return None
            at = origin = self.starts[seat]
            lifted = None
        else:
            lifted = cells[origin]
            if not lifted or lifted[-1] != frog:
                return None
            cells[origin] = lifted[:-1]
            at = origin
        fish, home, expert = self.fish, self.finishes[seat], self.expert
        for landing in landings:
            target = home if landing == HOME else landing
            over = JUMP_OVER[at].get(target)
            if over is None or (over != STEP_SLOT and (over == fish or not cells[over])):
                at = -1
                break
            if landing == HOME:
                at = home
                break
            content = cells[target]
            if target == fish:
                at = -1
                break
            if content:
                below = content[0]
                if (len(content) == 2 or not expert
                        or (below != frog | LARGE if size == SMALL else below & 1 != SMALL or below >> 1 == seat)):
                    at = -1
                    break
            at = target
        if lifted is not None:
            cells[origin] = lifted
        return None if at < 0 else (origin, at)

    def end_phrase(self) -> str:
        if self.winner is not None:
            return f"the game is over: seat {self.winner} has brought its whole family home"
        return f"the game is over: the last of its {self.options['max_rounds']} rounds has been played"

    def check_not_fish_due(self) -> None:
        if self.fish_due:
            raise IllegalMoveError(f"a frog of seat {self.turn} has just gone home: the same seat now "
                                   f"moves the fish (from {NAMES[self.fish]}) 1 or 2 pads in a "
                                   f"straight line, like 'fish {NAMES[self.fish_targets()[0]]}'")

    def check_frog(self, move: FrogMove) -> tuple[int, int]:
        """The origin and final cells of a legal frog move; raises IllegalMoveError."""
        self.check_not_fish_due()
        seat = self.turn
        size = SIZE_LETTER.index(move.size)
        word = SIZE_WORD[size]
        if len(move.landings) > MAX_JUMPS[size]:
            raise IllegalMoveError(f"a {word} frog makes at most {MAX_JUMPS[size]} jumps; "
                                   f"{shorten(str(move))!r} has {len(move.landings)}")
        if move.origin is None:
            origin = self.starts[seat]
            if not self.at_start[seat][size]:
                raise IllegalMoveError(f"seat {seat} has no {word} frog on its start space")
        else:
            origin = move.origin
            self.check_mover(seat, size, origin)
        lifted = self.cells[origin]
        if move.origin is not None:
            self.cells[origin] = lifted[:-1]
        try:
            at = origin
            for landing in move.landings:
                at = self.check_jump(seat, size, at, landing)
        finally:
            self.cells[origin] = lifted
        return origin, at

    def check_mover(self, seat: int, size: int, cell: int) -> None:
        """Raise unless ``seat`` has a free frog of ``size`` on ``cell``."""
        name, word = NAMES[cell], SIZE_WORD[size]
        content = self.cells[cell]
        mine = frog_code(seat, size)
        if mine not in content:
            if cell == self.fish:
                raise IllegalMoveError(f"there is no frog on {name}: the fish is there")
            raise IllegalMoveError(f"seat {seat} has no {word} frog on {name}")
        if content[-1] == mine:
            return
        if size == LARGE:
            raise IllegalMoveError(
                f"seat {seat}'s large frog on {name} carries its small frog, so it cannot move "
                f"by itself: the small frog leaves first ('S {name} ...'), or the team moves "
                f"together ('T {name} ...')")
        raise IllegalMoveError(f"seat {seat}'s small frog on {name} is trapped under seat "
                               f"{content[-1] >> 1}'s large frog: it cannot move until that frog "
                               f"jumps away")

    def check_jump(self, seat: int, size: int, at: int, landing: int) -> int:
        """The cell one jump of a frog from ``at`` lands on; raises IllegalMoveError."""
        home = self.finishes[seat]
        target = home if landing == HOME else landing
        where = f"its finish space ({NAMES[home]})" if landing == HOME else NAMES[target]
        origin = "the start space" if at == self.starts[seat] else NAMES[at]
        if target in STEP_SET[at]:
            pass
        elif target in HOP_OVER[at]:
            over = HOP_OVER[at][target]
            if over == self.fish:
                raise IllegalMoveError(f"a frog cannot hop over the fish (on {NAMES[over]}), "
                                       f"from {origin} to {where}")
            if not self.cells[over]:
                raise IllegalMoveError(f"a frog hops only over a pad with a frog on it; "
                                       f"{NAMES[over]}, between {origin} and {where}, is empty")
        else:
            raise IllegalMoveError(f"{where} is not one jump from {origin}: a jump "
                                   f"is a step to a next pad or a hop over one")
        if landing == HOME:
            return home
        content = self.cells[target]
        if target == self.fish:
            raise IllegalMoveError(f"no frog may land on the fish's pad ({where})")
        if not content:
            return target
        if len(content) == 2:
            raise IllegalMoveError(f"{where} holds two frogs: no frog may land there")
        if not self.expert:
            raise IllegalMoveError(f"{where} holds a frog: in the junior version a frog lands only "
                                   f"on an empty pad")
        below = content[0]
        if size == SMALL and below != frog_code(seat, LARGE):
            raise IllegalMoveError(f"a small frog lands only on an empty pad or on a large frog of its "
                                   f"own colour; {where} holds seat {below >> 1}'s "
                                   f"{SIZE_WORD[below & 1]} frog")
        if size == LARGE and (below & 1 != SMALL or below >> 1 == seat):
            raise IllegalMoveError(f"a large frog lands only on an empty pad or on a small frog of "
                                   f"another colour; {where} holds seat {below >> 1}'s "
                                   f"{SIZE_WORD[below & 1]} frog")
        return target

    def check_team(self, move: TeamMove) -> int:
        """The target pad of a legal team move; raises IllegalMoveError."""
        if not self.expert:
            raise IllegalMoveError("teams belong to the expert version: in the junior version "
                                   "frogs never stack")
        self.check_not_fish_due()
        seat = self.turn
        if move.origin is None:
            raise IllegalMoveError("a team cannot enter the pond together: its frogs enter separately")
        if HOME in move.landings:
            raise IllegalMoveError("a team cannot leave the pond together: the small frog goes home "
                                   "first, then the large one")
        if len(move.landings) != 1:
            raise IllegalMoveError(f"a team moves exactly one step; {shorten(str(move))!r} has "
                                   f"{len(move.landings)} landings")
        origin, target = move.origin, move.landings[0]
        name = NAMES[origin]
        if self.cells[origin] != (frog_code(seat, LARGE), frog_code(seat, SMALL)):
            raise IllegalMoveError(f"seat {seat} has no team on {name}")
        if target not in STEP_SET[origin]:
            raise IllegalMoveError(f"a team moves one step to a next pad; {NAMES[target]} is not next "
                                   f"to {name}")
        if target == self.fish:
            raise IllegalMoveError(f"a team cannot move onto the fish's pad ({NAMES[target]})")
        if self.cells[target]:
            raise IllegalMoveError(f"a team moves only onto an empty pad; {NAMES[target]} holds a frog")
        return target

    def check_fish(self, move: FishMove) -> None:
        target = move.target
        name = NAMES[target]
        if target == self.fish:
            raise IllegalMoveError(f"the fish must leave its pad ({name})")
        if self.fish_due:
            if target not in FISH_REACH[self.fish]:
                raise IllegalMoveError(f"after a frog goes home the fish swims 1 or 2 pads in a "
                                       f"straight line; {name} is not, from {NAMES[self.fish]}")
        elif self.has_frog_move(self.turn):
            raise IllegalMoveError(f"seat {self.turn} can still move a frog: the fish moves only "
                                   f"after a frog goes home, or when no frog can move")
        if self.is_team(target):
            raise IllegalMoveError(f"the fish cannot swim to {name}: a team is there, and a team "
                                   f"cannot be sent back")

    # -- making a move (no checks: callers have checked) ------------------------------------

    def move_frog(self, size: int, origin: int, final: int) -> None:
        """Move a frog and end the turn, or leave a fish move due when it went home."""
        seat = self.turn
        cells = self.cells
        if origin == self.starts[seat]:
            self.at_start[seat][size] -= 1
        else:
            cells[origin] = cells[origin][:-1]
        if final != self.finishes[seat]:
            cells[final] += (seat * 2 + size,)  # frog_code(seat, size)
            self.turns += 1  # end_turn(), inlined: most moves end here
            self.turn = (seat + 1) % self.num_players
            return
        self.at_home[seat][size] += 1
        if self.at_home[seat] == list(self.family):
            self.winner = seat
            self.turns += 1
            return
        self.fish_due = True
        if not self.has_fish_target():
            self.fish_due = False
            self.end_turn()

    def move_team(self, origin: int, target: int) -> None:
        self.cells[target] = self.cells[origin]
        self.cells[origin] = ()
        self.end_turn()

    def move_fish(self, target: int) -> None:
        """The fish swims to ``target``; its frogs go back to their own start spaces."""
        for frog in self.cells[target]:
            self.at_start[frog >> 1][frog & 1] += 1
        self.cells[target] = ()
        self.fish = target
        self.fish_due = False
        self.end_turn()

    def end_turn(self) -> None:
        self.turns += 1
        self.turn = (self.turn + 1) % self.num_players

    def play(self, action: str) -> None:
        """Apply a legal action quickly, without the checks of :meth:`check_and_apply`
        (for search: ``action`` must come from :meth:`legal_actions`)."""
        tokens = action.split(" ")
        kind = tokens[0]
        if kind == "fish":
            self.move_fish(CELL[tokens[1]])
        elif kind == "T":
            self.move_team(CELL[tokens[1]], CELL[tokens[2]])
        else:
            size = SIZE_LETTER.index(kind)
            origin = self.starts[self.turn] if tokens[1] == "start" else CELL[tokens[1]]
            final = self.finishes[self.turn] if tokens[-1] == "home" else CELL[tokens[-1]]
            self.move_frog(size, origin, final)
        self.moves.append(action)

    # -- outcome and views ------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Frogs home per seat."""
        return [self.frogs_home(seat) for seat in range(self.num_players)]

    def rounds(self) -> int:
        """Turns played divided by the seats, rounded up."""
        return -(-self.turns // self.num_players)

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalMoveError("the game is not over")
        scores = self.scores()
        ranks = competition_ranks([(seat == self.winner, scores[seat]) for seat in range(self.num_players)])
        return Result(ranks, scores, {"rounds": self.rounds(), "winner": self.winner})

    def observation(self, seat: int) -> dict[str, Any]:
        """The whole board (nothing is hidden in Froggit); see ``docs/games/froggit.md``."""
        over = self.is_over()
        return {
            "seat": seat,
            "players": self.num_players,
            "version": self.options["version"],
            "family": self.options["family"],
            "max_rounds": self.options["max_rounds"],
            "turns": self.turns,
            "round": min(self.turns // self.num_players + 1, self.options["max_rounds"]),
            "to_move": None if over else self.turn,
            "fish_due": self.fish_due,
            "fish": NAMES[self.fish],
            "pads": {
                NAMES[cell]: [{"seat": frog >> 1, "size": SIZE_LETTER[frog & 1]} for frog in content]
                for cell, content in enumerate(self.cells) if content
            },
            "families": [
                {
                    "seat": other,
                    "start": NAMES[self.starts[other]],
                    "finish": NAMES[self.finishes[other]],
                    "at_start": {"S": self.at_start[other][SMALL], "L": self.at_start[other][LARGE]},
                    "home": {"S": self.at_home[other][SMALL], "L": self.at_home[other][LARGE]},
                }
                for other in range(self.num_players)
            ],
            "over": over,
            "winner": self.winner,
        }

    def diagram(self) -> str:
        """The pond as text: ``~~`` the fish, ``0S`` seat 0's small frog, ``0LS`` seat 0's
        team, ``1L0S`` seat 1's large frog trapping seat 0's small one, ``.`` an empty pad."""
        labels = dict.fromkeys(PADS, ".")
        for cell, content in enumerate(self.cells):
            if len(content) == 1:
                labels[cell] = frog_label(content[0])
            elif self.is_team(cell):
                labels[cell] = frog_label(content[0]) + "S"
            elif content:
                labels[cell] = frog_label(content[1]) + frog_label(content[0])
        labels[self.fish] = "~~"
        for seat in range(self.num_players):
            labels[self.starts[seat]] = f"{seat}>"
            labels[self.finishes[seat]] = labels.get(self.finishes[seat], "") or f">{seat}"
        return picture(labels, width=4)

    def clone(self) -> FroggitState:
        copy = object.__new__(FroggitState)
        copy.__dict__.update(self.__dict__)
        copy.moves = list(self.moves)
        copy.cells = list(self.cells)
        copy.at_start = [list(counts) for counts in self.at_start]
        copy.at_home = [list(counts) for counts in self.at_home]
        copy.pond, copy._drawn = None, NO_DRAW  # a pond follows the moves of one state
        return copy
