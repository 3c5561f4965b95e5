"""Leapfrog, the three-race tournament (``docs/games/leapfrog_race.md``).

Six frogs race in one column. Each turn every frog plays a hidden token 1–6 at the same time
and tokens jump over lower tokens above them. Three races of six turns: speed (the head
wins), slowness (the tail wins), courage (the head wins, and with the plate the frog in
second place is eaten).

>>> game = LeapfrogRace()
>>> state = game.new_state(game.parse_options({}, 2), 2, {"order": "RYPOBG"})
>>> state.apply_move("R1 Y2 P2 O3 B6 G5")
>>> "".join(state.column)
'YRBOPG'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Bot, Game, GameState, Option, RandomBot, Result
from games.errors import GameOverError, IllegalMoveError, NotationError, OptionsError, SetupError

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
    """The column after one turn, by the spec's loop (the seed's "Movement").

    Frogs are taken in their order at the start of the turn, head first; a frog passes the
    frog directly above it while its token is higher and that frog has not yet dropped by its
    own token, and advances at most its token's value.

    >>> "".join(resolve_turn(list("RYPOBG"), dict(R=1, Y=2, P=2, O=3, B=6, G=5)))
    'YRBOPG'
    """
    result = list(column)
    advanced = dict.fromkeys(column, 0)
    dropped = dict.fromkeys(column, 0)
    for frog in column[1:]:
        index = result.index(frog)
        token = tokens[frog]
        while index > 0 and advanced[frog] < token:
            above = result[index - 1]
            if token > tokens[above] and dropped[above] < tokens[above]:
                result[index - 1], result[index] = frog, above
                advanced[frog] += 1
                dropped[above] += 1
                index -= 1
            else:
                break
    return result


def parse_turn(move: str) -> dict[str, int]:
    """Parse a log move ``"R1 Y2 P2 O3 B6 G5"`` into tokens by frog; raises NotationError."""
    parts = move.split(" ")
    if len(parts) != len(FROGS):
        raise NotationError(f"a turn names the token of each of the six frogs, like "
                            f"'R1 Y2 P2 O3 B6 G5'; {shorten(move)!r} has {len(parts)} parts")
    tokens: dict[str, int] = {}
    for part in parts:
        if len(part) != 2 or part[0] not in FROGS or part[1] not in "123456":
            raise NotationError(f"{shorten(part)!r} is not a frog letter ({' '.join(FROGS)}) "
                                f"followed by a token 1-6")
        if part[0] in tokens:
            raise NotationError(f"frog {part[0]} is named twice in one turn")
        tokens[part[0]] = int(part[1])
    return tokens


def shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class LeapfrogRaceState(GameState):
    """A position: the column, the race and turn, the tokens played, points and markers.

    In play (the match runner, bots) a turn is the seats' simultaneous actions (their tokens),
    then, when some frogs belong to nobody, a chance outcome (those frogs' tokens from their
    piles). Replaying a log, :meth:`apply_move` takes a whole turn at once.
    """

    game: LeapfrogRace

    def __init__(self, game: LeapfrogRace, options: Mapping[str, Any], num_players: int,
                 order: str) -> None:
        super().__init__(game, options, num_players)
        self.colours: str = options["colours"]
        self.plate: bool = options["plate"]
        self.non_players: str = "".join(frog for frog in FROGS if frog not in self.colours)
        self.column: list[str] = list(order)
        self.race = 0
        self.turn = 0
        self.played: dict[str, list[int]] = {frog: [] for frog in FROGS}
        self.race_points: dict[str, list[int]] = {frog: [] for frog in FROGS}
        self.markers: dict[str, int] = dict.fromkeys(FROGS, 0)
        self.eaten: str | None = None
        self.pending: dict[int, int] = {}

    # -- whose turn -------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.race >= RACES

    def to_move(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        return tuple(seat for seat in range(self.num_players) if seat not in self.pending)

    def is_chance_node(self) -> bool:
        return not self.is_over() and len(self.pending) == self.num_players

    def movers(self) -> tuple[int, ...]:
        return () if self.is_over() else tuple(range(self.num_players))

    def unused(self, frog: str) -> list[int]:
        """The tokens ``frog`` has not yet played in this race."""
        return [token for token in TOKENS if token not in self.played[frog]]

    # -- the log ----------------------------------------------------------------------------

    def apply_move(self, move: str) -> None:
        if self.is_over():
            raise GameOverError("the game is over: three races of six turns have been run")
        tokens = parse_turn(move)
        if self.pending:
            raise IllegalMoveError("a turn is half played; its remaining tokens must come first")
        for frog in FROGS:
            if tokens[frog] in self.played[frog]:
                raise IllegalMoveError(
                    f"the {FROG_NAMES[frog]} frog ({frog}) has already played its {tokens[frog]} "
                    f"in race {self.race + 1}")
        self.play_turn(tokens)

    def play_turn(self, tokens: Mapping[str, int]) -> None:
        """Resolve a turn whose tokens are all known and legal, and log it."""
        self.moves.append(" ".join(f"{frog}{tokens[frog]}" for frog in self.column))
        self.column = resolve_turn(self.column, tokens)
        for frog in FROGS:
            self.played[frog].append(tokens[frog])
        self.pending = {}
        self.turn += 1
        if self.turn == TURNS:
            self.end_race()

    def end_race(self) -> None:
        for position, frog in enumerate(self.column, start=1):
            place = place_of(position, self.race)
            self.race_points[frog].append(7 - place)
            if place in MARKER_PLACES[self.race]:
                self.markers[frog] += 1
        if self.race == RACES - 1 and self.plate:
            self.eaten = self.column[PLATE_PLACE - 1]
        self.race += 1
        self.turn = 0
        self.played = {frog: [] for frog in FROGS}

    # -- decisions --------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[str]:
        if seat not in self.to_move():
            return []
        return [str(token) for token in self.unused(self.colours[seat])]

    def apply_action(self, seat: int, action: str) -> None:
        if self.is_over():
            raise GameOverError("the game is over")
        if len(action) != 1 or action not in "123456":
            raise NotationError(f"a token is one digit from 1 to 6, not {shorten(action)!r}")
        if seat not in self.to_move():
            raise IllegalMoveError(f"seat {seat} has already chosen its token for this turn")
        token = int(action)
        frog = self.colours[seat]
        if token in self.played[frog]:
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
                        for token in self.unused(frog)]
        return outcomes

    def sample_chance(self, rng: random.Random) -> str:
        if not self.is_chance_node():
            raise IllegalMoveError("no chance outcome is due now")
        return " ".join(f"{frog}{rng.choice(self.unused(frog))}" for frog in self.non_players)

    def apply_chance(self, outcome: str) -> None:
        if not self.is_chance_node():
            raise IllegalMoveError("no chance outcome is due now")
        drawn = parse_pairs(outcome)
        if sorted(drawn) != sorted(self.non_players):
            raise IllegalMoveError(f"the draw must give a token to each of {self.non_players}")
        for frog, token in drawn.items():
            if token in self.played[frog]:
                raise IllegalMoveError(f"frog {frog} has already played its {token}")
        self.play_turn({**self.seat_tokens(), **drawn})

    # -- outcome and views ------------------------------------------------------------------

    def frog_total(self, frog: str) -> int:
        return sum(self.race_points[frog]) + MARKER_BONUS[self.markers[frog]]

    def scores(self) -> list[int]:
        """Points of the finished races plus the bonus of the markers won so far."""
        return [self.frog_total(frog) for frog in self.colours]

    def final_order(self) -> str:
        """All six frogs, best first: living, then score, then markers, then race-3 place."""
        def key(frog: str) -> tuple[bool, int, int, int]:
            return (frog == self.eaten, -self.frog_total(frog), -self.markers[frog],
                    self.column.index(frog))
        return "".join(sorted(FROGS, key=key))

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalMoveError("the game is not over")
        order = self.final_order()
        seat_order = [frog for frog in order if frog in self.colours]
        ranks = [seat_order.index(frog) + 1 for frog in self.colours]
        frogs = {frog: {"races": list(self.race_points[frog]), "markers": self.markers[frog],
                        "eaten": frog == self.eaten, "total": self.frog_total(frog)}
                 for frog in FROGS}
        return Result(ranks, self.scores(), {"order": order, "frogs": frogs})

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
            "played": {frog: list(self.played[frog]) for frog in FROGS},
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
        copy.played = {frog: list(tokens) for frog, tokens in self.played.items()}
        copy.race_points = {frog: list(points) for frog, points in self.race_points.items()}
        copy.markers = dict(self.markers)
        copy.pending = dict(self.pending)
        return copy


def parse_pairs(text: str) -> dict[str, int]:
    """Parse ``"B3 O5"`` (frog letters with tokens, any number, each frog once)."""
    pairs: dict[str, int] = {}
    for part in text.split(" ") if text else []:
        if len(part) != 2 or part[0] not in FROGS or part[1] not in "123456" or part[0] in pairs:
            raise NotationError(f"{shorten(part)!r} is not a frog letter with a token 1-6")
        pairs[part[0]] = int(part[1])
    return pairs


def default_colours(options: Mapping[str, Any], num_players: int) -> str:
    return FROGS[: max(0, num_players)]


class LeapfrogRace(Game):
    """The game: 1–6 seats, each with a frog; the other frogs draw from shuffled piles."""

    slug = "leapfrog_race"
    title = "Leapfrog"
    min_players = 1
    max_players = 6
    option_specs = (
        Option("colours", str, default_colours,
               "the frog letter of each seat, in seat order (default: the first n of RYGBOP)"),
        Option("plate", bool, True, "with the plate, the frog second at the end of race 3 is eaten"),
    )
    notation_help = (
        "One move is one turn: the token (1-6) of every frog, players' and non-players' alike, "
        "as six LETTER+DIGIT pairs separated by single spaces, in any order, each frog once: "
        "'R1 Y2 P2 O3 B6 G5'. Frogs: R red, Y yellow, G green, B blue, O orange, P purple. "
        "Eighteen moves make a game: three races of six turns. Bots send only their own token: '4'."
    )

    def check_options(self, options: dict[str, Any], num_players: int, given: set[str]) -> None:
        colours = options["colours"]
        for letter in colours:
            if letter not in FROGS:
                raise OptionsError(f"colour {letter!r} is not a frog letter ({' '.join(FROGS)})")
        if len(set(colours)) != len(colours):
            raise OptionsError(f"colours {colours!r} name a frog twice")
        if self.min_players <= num_players <= self.max_players and len(colours) != num_players:
            raise OptionsError(f"colours {colours!r} give {len(colours)} frogs for {num_players} seats")

    def parse_setup(self, raw: Mapping[str, Any] | None, options: Mapping[str, Any],
                    num_players: int) -> dict[str, Any]:
        if raw is None:
            raise SetupError("the setup must give the starting column: {\"order\": \"RYGBOP\"}")
        unknown = sorted(set(raw) - {"order"})
        if unknown:
            raise SetupError(f"unknown setup key {unknown[0]!r} (the race's setup has only 'order')")
        order = raw.get("order")
        if not isinstance(order, str) or len(order) != 6 or set(order) != set(FROGS):
            raise SetupError(f"setup 'order' must hold each of the six letters {FROGS} once, "
                             f"head first, not {order!r}")
        return {"order": order}

    def random_setup(self, options: Mapping[str, Any], num_players: int,
                     rng: random.Random) -> dict[str, Any]:
        order = list(FROGS)
        rng.shuffle(order)
        return {"order": "".join(order)}

    def new_state(self, options: Mapping[str, Any], num_players: int,
                  setup: Mapping[str, Any]) -> LeapfrogRaceState:
        return LeapfrogRaceState(self, options, num_players, setup["order"])

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> LeapfrogRaceState:
        """The race has no hidden state between turns: the observation rebuilds it exactly."""
        colours = observation["colours"]
        options = {"colours": colours, "plate": observation["plate"]}
        state = LeapfrogRaceState(self, options, len(colours), observation["column"])
        if observation["over"]:
            state.race = RACES
        else:
            state.race = observation["race"] - 1
            state.turn = observation["turn"] - 1
        state.played = {frog: list(tokens) for frog, tokens in observation["played"].items()}
        state.race_points = {frog: list(points) for frog, points in observation["points"].items()}
        state.markers = dict(observation["markers"])
        state.eaten = observation["eaten"]
        return state

    def draw(self, state: GameState, viewer: int | None = None, reveal: bool = False) -> str:
        from games.leapfrog_race.picture import draw

        return draw(state, viewer, reveal)

    @property
    def bots(self) -> dict[str, type[Bot]]:
        from games.leapfrog_race.bots import GreedyBot, MonteCarloBot

        return {"random": RandomBot, "greedy": GreedyBot, "mc": MonteCarloBot}
