"""Leapfrog's rules, the three-race tournament (``docs/games/leapfrog_race.md``): the position,
its constants and the moves; :mod:`games.leapfrog_race.game` describes the game around them.

Six frogs race in one column. Each turn every frog plays a hidden token 1–6 at the same time
and tokens jump over lower tokens above them. Three races of six turns: speed (the head
wins), slowness (the tail wins), courage (the head wins, and with the plate the frog in
second place is eaten).

>>> from games.registry import get_game
>>> game = get_game("leapfrog_race")
>>> state = game.new_state(game.parse_options({}, 2), 2, {"order": "RYPOBG"})
>>> state.apply_move("R1 Y2 P2 O3 B6 G5")
>>> "".join(state.column)
'YRBOPG'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import permutations
from operator import itemgetter
from typing import Any

from games.base import Game, GameState, Result
from games.errors import GameOverError, IllegalMoveError, NotationError, shorten
from games.leapfrog_race.orders import ORDER_INDEX, PERMUTATIONS

#: The frogs' letters: red, yellow, green, blue, orange, purple.
FROGS = "RYGBOP"
FROG_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "O": "orange", "P": "purple"}
TOKENS = (1, 2, 3, 4, 5, 6)
RACES = 3
TURNS = 6
RACE_NAMES = ("speed", "slowness", "courage")
#: Per race: where the lily pad is, and the places (counted from it) that win a marker.
LILY_PAD = ("head", "tail", "head")
MARKER_PLACES = ((4, 5, 6), (5, 6), (6,))
#: In race 3, with the plate, the frog that ends in this place is eaten.
PLATE_PLACE = 2
MARKER_BONUS = {0: 0, 1: 0, 2: 5, 3: 10}


def place_of(position: int, race: int) -> int:
    """The place (1 = nearest the lily pad) of the frog at 1-based ``position`` from the head."""
    return 7 - position if LILY_PAD[race] == "tail" else position


def resolve_turn(column: list[str], tokens: Mapping[str, int]) -> list[str]:
    """The column after one turn, by the rulebook's loop of movement: see
    :func:`passing_order`.

    >>> "".join(resolve_turn(list("RYPOBG"), dict(R=1, Y=2, P=2, O=3, B=6, G=5)))
    'YRBOPG'
    """
    return list(passing("".join([str(tokens[frog]) for frog in column]))(column))


def passing(digits: str) -> itemgetter:
    """The frogs of a column in their order after a turn whose tokens down the column are
    ``digits`` (``"122365"``): :func:`passing_order`, looked up in the table of every pattern of
    six tokens (:mod:`games.leapfrog_race.orders`), worked out for any other."""
    if len(digits) == 6 and not digits.strip("123456"):
        return ORDER_GETTERS[ORDER_INDEX[int(digits, 7)]]
    return itemgetter(*passing_order(tuple(map(int, digits))))


def passing_order(tokens: Sequence[int]) -> tuple[int, ...]:
    """Where each frog ends, given the tokens down the column (head first): the positions at
    the start of the turn, in their new order.

    Frogs are taken in their order at the start of the turn, head first; a frog passes the
    frog directly above it while its token is higher and that frog has not yet dropped by its
    own token, and advances at most its token's value. Only the tokens' order down the column
    matters, not which frog holds which, so a table keeps every answer (:func:`passing`).

    >>> passing_order((1, 2, 2, 3, 6, 5))
    (1, 0, 4, 3, 2, 5)
    """
    # When a frog's turn to move comes, the frogs that started above it fill the places above
    # it and those below have not moved: it starts where it started, and is put in its place
    # once it stops. ``room`` is what each frog may still drop: its token, less the frogs that
    # passed it.
    room = list(tokens)
    result = [0] if tokens else []
    for frog in range(1, len(tokens)):
        token = tokens[frog]
        index = frog
        highest = frog - token if frog > token else 0
        while index > highest:
            above = result[index - 1]
            if token > tokens[above] and room[above]:
                room[above] -= 1
                index -= 1
            else:
                break
        result.insert(index, frog)
    return tuple(result)


#: Every order of six frogs (:data:`PERMUTATIONS`), as the getter that takes a column's frogs
#: in that order.
ORDER_GETTERS: tuple[itemgetter, ...] = tuple(itemgetter(*order) for order in PERMUTATIONS)
#: A frog and its token as a move writes them: ``"R1"`` -> ``("R", 1)``.
PAIRS: dict[str, tuple[str, int]] = {f"{frog}{token}": (frog, token) for frog in FROGS for token in TOKENS}
#: A frog's pair by its token: ``PAIR_TEXT["R"][1] == "R1"`` (index 0 unused).
PAIR_TEXT: dict[str, tuple[str, ...]] = {frog: ("", *(f"{frog}{token}" for token in TOKENS)) for frog in FROGS}
#: The heads-first letters of a turn that names each frog once: every order of the six.
FROG_ORDERS: frozenset[str] = frozenset(map("".join, permutations(FROGS)))
#: A bot's action, one digit, as its token.
TOKEN_OF_ACTION: dict[str, int] = {str(token): token for token in TOKENS}
#: The tokens played in a race are one integer, a bit per frog and token: the frog's bits
#: start at ``SHIFT[frog]``, bit ``t`` of them for token ``t`` (:data:`FIELD` masks them).
SHIFT: dict[str, int] = {frog: 7 * index for index, frog in enumerate(FROGS)}
FIELD = (1 << 7) - 1
#: The bit of each pair (``"R1"``), so that a whole turn's bits are one sum.
PAIR_BIT: dict[str, int] = {pair: 1 << (SHIFT[frog] + token) for pair, (frog, token) in PAIRS.items()}
#: By a frog's field of bits, the tokens it has left, lowest first, and the same as actions.
UNUSED: tuple[tuple[int, ...], ...] = tuple(
    tuple(token for token in TOKENS if not field >> token & 1) for field in range(FIELD + 1))
UNUSED_ACTIONS: tuple[tuple[str, ...], ...] = tuple(tuple(map(str, tokens)) for tokens in UNUSED)


#: By race, each position from the head's points and whether it wins a marker.
RACE_SCORING: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple((7 - place_of(position, race), place_of(position, race) in MARKER_PLACES[race])
          for position in range(1, len(FROGS) + 1))
    for race in range(RACES))


def check_turn(move: str) -> None:
    """Raise NotationError unless ``move`` is six pairs, each frog once: ``"R1 Y2 P2 O3 B6 G5"``."""
    # Six pairs joined by single spaces: letters every third character from the first, each
    # frog once, digits 1-6 from the second, spaces from the third.
    if not (len(move) == 17 and move[2::3] == "     " and move[::3] in FROG_ORDERS
            and not move[1::3].strip("123456")):
        raise turn_error(move, move.split(" "))


def turn_bits(move: str) -> int:
    """The bits (:data:`PAIR_BIT`) of a well-formed turn's six pairs, by its two halves of
    three pairs, each summed once and kept in :data:`HALF_BITS`."""
    return half_bits(move[:8]) + half_bits(move[9:])


def half_bits(half: str) -> int:
    bits = HALF_BITS.get(half)
    if bits is None:
        bits = HALF_BITS[half] = sum(PAIR_BIT[pair] for pair in half.split(" "))
    return bits


#: The bits of three pairs (``"R1 Y2 P2"``) met so far: at most 120 * 216 of them.
HALF_BITS: dict[str, int] = {}

#: A well-formed turn as :func:`read_turn` reads it: its letters and digits as written, its
#: bits (:data:`PAIR_BIT`) and the passing order of its digits (:func:`passing`).
Reading = tuple[str, str, int, itemgetter]
#: The turns read so far (a log's moves are read once however often it is verified), emptied
#: when it reaches :data:`MAX_READINGS`, so that the memory kept stays bounded.
READINGS: dict[str, Reading] = {}
MAX_READINGS = 1 << 14


def read_turn(move: str) -> Reading:
    """Read a turn, ``"R1 Y2 P2 O3 B6 G5"``, and keep its reading in :data:`READINGS`; raise
    NotationError, saying what is wrong, unless it is six pairs, each frog once."""
    check_turn(move)
    digits = move[1::3]
    reading = (move[::3], digits, turn_bits(move), passing(digits))
    if len(READINGS) >= MAX_READINGS:
        READINGS.clear()
    READINGS[move] = reading
    return reading


def turn_error(move: str, parts: list[str]) -> NotationError:
    """What is wrong with a move that is not six distinct frogs with their tokens."""
    if len(parts) != len(FROGS):
        return NotationError(f"a turn names the token of each of the six frogs, like "
                             f"'R1 Y2 P2 O3 B6 G5'; {shorten(move)!r} has {len(parts)} parts")
    named: set[str] = set()
    for part in parts:
        if part not in PAIRS:
            return NotationError(f"{shorten(part)!r} is not a frog letter ({' '.join(FROGS)}) "
                                 f"followed by a token 1-6")
        if part[0] in named:
            return NotationError(f"frog {part[0]} is named twice in one turn")
        named.add(part[0])
    raise AssertionError(f"{move!r} is a well-formed turn")


#: The frogs that belong to nobody, as text and as a set, and each one's draw: its letter, its
#: shift (:data:`SHIFT`) and its pairs' texts (:data:`PAIR_TEXT`).
NonPlayers = tuple[str, frozenset[str], tuple[tuple[str, int, tuple[str, ...]], ...]]


def non_players_of(colours: str) -> NonPlayers:
    """The frogs that ``colours`` leave to nobody, as :class:`LeapfrogRaceState` keeps them;
    worked out once per colours and kept in :data:`NON_PLAYERS`."""
    found = NON_PLAYERS.get(colours)
    if found is None:
        frogs = "".join(frog for frog in FROGS if frog not in colours)
        found = (frogs, frozenset(frogs), tuple((frog, SHIFT[frog], PAIR_TEXT[frog]) for frog in frogs))
        if len(NON_PLAYERS) < 1 << 12:  # every choice of seats' frogs fits (1,957 of them)
            NON_PLAYERS[colours] = found
    return found


NON_PLAYERS: dict[str, NonPlayers] = {}


class LeapfrogRaceState(GameState):
    """A position: the column, the race and turn, the tokens played, points and markers.

    In play (the match runner, bots) a turn is the seats' simultaneous actions (their tokens),
    then, when some frogs belong to nobody, a chance outcome (those frogs' tokens from their
    piles). Replaying a log, :meth:`apply_move` takes a whole turn at once.
    """

    def __init__(self, game: Game, options: Mapping[str, Any], num_players: int,
                 order: str) -> None:
        super().__init__(game, options, num_players)
        self.colours: str = options["colours"]
        self.plate: bool = options["plate"]
        #: The frogs that belong to nobody, as :data:`NonPlayers` has them.
        self.non_players, self.drawing, self.drawers = non_players_of(self.colours)
        self.column: list[str] = list(order)
        self.race = 0
        self.turn = 0
        #: This race's turns as the log has them, and their tokens as bits (:data:`SHIFT`).
        self.race_moves: list[str] = []
        self.spent = 0
        self.race_points: dict[str, list[int]] = {frog: [] for frog in FROGS}
        self.markers: dict[str, int] = dict.fromkeys(FROGS, 0)
        self.eaten: str | None = None
        self.pending: dict[int, int] = {}
        #: The last outcome :meth:`sample_chance` drew, as text and parsed.
        self.last_draw: tuple[str, dict[str, int]] = ("", {})
        self.seats: tuple[int, ...] = tuple(range(num_players))

    # -- whose turn -------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.race >= RACES

    def to_move(self) -> tuple[int, ...]:
        if self.race >= RACES:
            return ()
        if not self.pending:
            return self.seats
        return tuple(seat for seat in self.seats if seat not in self.pending)

    def is_chance_node(self) -> bool:
        return self.race < RACES and len(self.pending) == self.num_players

    def movers(self) -> tuple[int, ...]:
        return () if self.race >= RACES else self.seats

    def unused(self, frog: str) -> list[int]:
        """The tokens ``frog`` has not yet played in this race."""
        return list(UNUSED[self.spent >> SHIFT[frog] & FIELD])

    @property
    def played(self) -> dict[str, list[int]]:
        """The tokens each frog has played in this race, in order."""
        return {frog: [int(move[move.index(frog) + 1]) for move in self.race_moves] for frog in FROGS}

    def restore_played(self, played: Mapping[str, list[int]]) -> None:
        """Set this race's tokens so far (each frog as many), as an observation shows them."""
        turns = min(map(len, played.values()), default=0)
        self.race_moves = [" ".join(f"{frog}{played[frog][turn]}" for frog in FROGS) for turn in range(turns)]
        self.spent = sum(PAIR_BIT[pair] for move in self.race_moves for pair in move.split(" "))

    # -- the log ----------------------------------------------------------------------------

    def apply_move(self, move: str) -> None:
        if self.race >= RACES:
            raise GameOverError("the game is over: three races of six turns have been run")
        reading = READINGS.get(move) if type(move) is str else None
        if reading is None:
            reading = read_turn(move)  # raises for a malformed turn
        letters, digits, bits, order = reading
        if self.pending:
            raise IllegalMoveError("a turn is half played; its remaining tokens must come first")
        if self.spent & bits:
            tokens = dict(PAIRS[part] for part in move.split(" "))
            frog = next(frog for frog in FROGS if self.spent >> SHIFT[frog] + tokens[frog] & 1)
            raise IllegalMoveError(
                f"the {FROG_NAMES[frog]} frog ({frog}) has already played its {tokens[frog]} "
                f"in race {self.race + 1}")
        column = self.column
        if letters != "".join(column):  # the log keeps the tokens head first
            tokens_text = dict(zip(letters, digits))
            digits = "".join([tokens_text[frog] for frog in column])
            move = " ".join([frog + tokens_text[frog] for frog in column])
            order = passing(digits)
        # record_turn(move, bits, order), written out: this runs for every move of a log.
        self.moves.append(move)
        self.race_moves.append(move)
        self.spent |= bits
        self.column = list(order(column))
        self.turn += 1
        if self.turn == TURNS:
            self.end_race()

    def play_turn(self, tokens: Mapping[str, int]) -> None:
        """Resolve a turn whose tokens are all known and legal, and log it."""
        pairs = [PAIR_TEXT[frog][tokens[frog]] for frog in self.column]
        move = " ".join(pairs)
        self.pending = {}
        # passing(digits), looked up at once: the digits are six tokens 1-6.
        order = ORDER_GETTERS[ORDER_INDEX[int(move[1::3], 7)]]
        self.record_turn(move, sum(map(PAIR_BIT.__getitem__, pairs)), order)

    def record_turn(self, move: str, bits: int, order: itemgetter) -> None:
        """Log a legal turn written head first, whose tokens are ``bits`` and whose passing
        order is ``order`` (:func:`passing`), and resolve it."""
        self.moves.append(move)
        self.race_moves.append(move)
        self.spent |= bits
        self.column = list(order(self.column))
        self.turn += 1
        if self.turn == TURNS:
            self.end_race()

    def end_race(self) -> None:
        race_points, markers = self.race_points, self.markers
        for frog, (points, marker) in zip(self.column, RACE_SCORING[self.race]):
            race_points[frog].append(points)
            if marker:
                markers[frog] += 1
        if self.race == RACES - 1 and self.plate:
            self.eaten = self.column[PLATE_PLACE - 1]
        self.race += 1
        self.turn = 0
        self.race_moves = []
        self.spent = 0

    # -- decisions --------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[str]:
        if self.race >= RACES or seat not in self.seats or seat in self.pending:
            return []
        return list(UNUSED_ACTIONS[self.spent >> SHIFT[self.colours[seat]] & FIELD])

    def apply_action(self, seat: int, action: str) -> None:
        if self.race >= RACES:
            raise GameOverError("the game is over")
        token = TOKEN_OF_ACTION.get(action) if type(action) is str else None
        if token is None:
            if len(action) != 1 or action not in "123456":
                raise NotationError(f"a token is one digit from 1 to 6, not {shorten(action)!r}")
            token = int(action)
        if seat not in self.seats or seat in self.pending:
            raise IllegalMoveError(f"seat {seat} has already chosen its token for this turn")
        frog = self.colours[seat]
        if self.spent >> SHIFT[frog] + token & 1:
            raise IllegalMoveError(f"frog {frog} has already played its {token} in this race")
        self.pending[seat] = token
        if len(self.pending) == self.num_players and not self.non_players:
            self.play_turn(self.seat_tokens())

    def seat_tokens(self) -> dict[str, int]:
        return {self.colours[seat]: token for seat, token in self.pending.items()}

    def chance_outcomes(self) -> list[str]:
        """Every combination of the non-player frogs' unused tokens (their piles' top tokens)."""
        if not self.is_chance_node():
            raise IllegalMoveError("no chance outcome is due now")
        outcomes = [""]
        for frog in self.non_players:
            outcomes = [f"{prefix} {frog}{token}".strip() for prefix in outcomes
                        for token in UNUSED[self.spent >> SHIFT[frog] & FIELD]]
        return outcomes

    def sample_chance(self, rng: random.Random) -> str:
        if self.race >= RACES or len(self.pending) != self.num_players:  # not is_chance_node()
            raise IllegalMoveError("no chance outcome is due now")
        spent = self.spent
        drawn: dict[str, int] = {}
        pairs: list[str] = []
        for frog, shift, texts in self.drawers:  # a loop, not a comprehension: this runs every turn
            drawn[frog] = token = rng.choice(UNUSED[spent >> shift & FIELD])
            pairs.append(texts[token])
        outcome = " ".join(pairs)
        self.last_draw = (outcome, drawn)  # so that applying it need not parse it again
        return outcome

    def apply_chance(self, outcome: str) -> None:
        if self.race >= RACES or len(self.pending) != self.num_players:  # not is_chance_node()
            raise IllegalMoveError("no chance outcome is due now")
        sampled, drawn = self.last_draw
        if outcome != sampled:
            drawn = parse_pairs(outcome)
        if drawn.keys() != self.drawing:
            raise IllegalMoveError(f"the draw must give a token to each of {self.non_players}")
        spent = self.spent
        for frog, token in drawn.items():
            if spent >> SHIFT[frog] + token & 1:
                raise IllegalMoveError(f"frog {frog} has already played its {token}")
        tokens = dict(drawn)  # the draw kept in last_draw stays as it was drawn
        colours = self.colours
        for seat, token in self.pending.items():
            tokens[colours[seat]] = token
        self.play_turn(tokens)

    # -- outcome and views ------------------------------------------------------------------

    def frog_total(self, frog: str) -> int:
        return sum(self.race_points[frog]) + MARKER_BONUS[self.markers[frog]]

    def scores(self) -> list[int]:
        """Points of the finished races plus the bonus of the markers won so far."""
        return [self.frog_total(frog) for frog in self.colours]

    def frog_totals(self) -> dict[str, int]:
        """Every frog's :meth:`frog_total`."""
        race_points, markers = self.race_points, self.markers
        return {frog: sum(race_points[frog]) + MARKER_BONUS[markers[frog]] for frog in FROGS}

    def final_order(self, totals: Mapping[str, int] | None = None) -> str:
        """All six frogs, best first: living, then score, then markers, then race-3 place
        (``totals``, the :meth:`frog_totals`, when the caller has them already)."""
        totals = self.frog_totals() if totals is None else totals
        eaten, markers = self.eaten, self.markers
        # Each frog's standing (lower is better), then its letter: no two frogs share a place.
        standings = sorted([(frog == eaten, -totals[frog], -markers[frog], place, frog)
                            for place, frog in enumerate(self.column)])
        return "".join([standing[4] for standing in standings])

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalMoveError("the game is not over")
        totals = self.frog_totals()
        order = self.final_order(totals)
        colours, race_points, markers, eaten = self.colours, self.race_points, self.markers, self.eaten
        seat_order = [frog for frog in order if frog in colours]
        ranks = [seat_order.index(frog) + 1 for frog in colours]
        frogs = {frog: {"races": list(race_points[frog]), "markers": markers[frog],
                        "eaten": frog == eaten, "total": totals[frog]}
                 for frog in FROGS}
        return Result(ranks, [totals[frog] for frog in colours], {"order": order, "frogs": frogs})

    def observation(self, seat: int) -> dict[str, Any]:
        """What a seat sees before its turn: everything but the other tokens of this turn."""
        over = self.is_over()
        race = min(self.race, RACES - 1)
        return {
            "seat": seat,
            "frog": self.colours[seat],
            "colours": self.colours,
            "plate": self.plate,
            "race": race + 1,
            "race_name": RACE_NAMES[race],
            "turn": TURNS if over else self.turn + 1,
            "over": over,
            "lily_pad": LILY_PAD[race],
            "column": "".join(self.column),
            "marker_places": list(MARKER_PLACES[race]),
            "plate_place": PLATE_PLACE if race == RACES - 1 and self.plate else None,
            "played": self.played,
            "hand": [] if over else self.unused(self.colours[seat]),
            "points": {frog: list(self.race_points[frog]) for frog in FROGS},
            "markers": dict(self.markers),
            "eaten": self.eaten,
        }

    def clone(self) -> LeapfrogRaceState:
        copy = object.__new__(LeapfrogRaceState)
        copy.__dict__.update(self.__dict__)
        copy.options = dict(self.options)
        copy.moves = list(self.moves)
        copy.column = list(self.column)
        copy.race_moves = list(self.race_moves)
        copy.race_points = {frog: list(points) for frog, points in self.race_points.items()}
        copy.markers = dict(self.markers)
        copy.pending = dict(self.pending)
        return copy


def parse_pairs(text: str) -> dict[str, int]:
    """Parse ``"B3 O5"`` (frog letters with tokens, any number, each frog once)."""
    pairs: dict[str, int] = {}
    for part in text.split(" ") if text else []:
        pair = PAIRS.get(part)
        if pair is None or pair[0] in pairs:
            raise NotationError(f"{shorten(part)!r} is not a frog letter with a token 1-6")
        pairs[pair[0]] = pair[1]
    return pairs
