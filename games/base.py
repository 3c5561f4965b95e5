"""The one engine interface that every game implements.

A :class:`Game` describes a game: its options, its seat limits, its setup and its bots. A
:class:`GameState` is one position of one match. The interface follows OpenSpiel's
``Game``/``State`` split and python-chess's precise errors:

* **Log moves** are the strings of a match log's ``moves`` array. :meth:`GameState.apply_move`
  replays one; verification uses nothing else.
* **Actions** are what a seat decides at one moment, in the notation the bot protocol uses.
  Usually an action is a whole log move. Where a log move holds more than one decision
  (the race's six simultaneous tokens, a Measure and Tempo cycle around its draw), the state
  assembles the log move from several actions and chance outcomes, and appends it to
  :attr:`GameState.moves` when it is complete.
* **Chance nodes** are the moments when a random outcome is drawn (a non-player frog's token,
  the top cards of the deck). The match runner draws them from the match seed; outcomes are
  equally likely.

>>> from games.registry import get_game
>>> game = get_game("leapfrog_race")
>>> state = game.new_state(game.parse_options({}, 2), 2, {"order": "RYPOBG"})
>>> state.to_move()
(0, 1)
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from games.errors import IllegalMoveError, OptionsError, PlayersError

Number = int | float

# The value types here and in games.logs are NamedTuples: immutable and compared by value, as
# frozen dataclasses were, but made without importing dataclasses (and inspect), which were a
# fifth of the offline verifier's start.


class Option(NamedTuple):
    """One game option: its JSON type, default and limits.

    ``default`` is a value, or a callable ``(options_so_far, num_players) -> value`` for
    defaults that depend on the seats or on options declared earlier.
    """

    name: str
    kind: type
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None

    def describe(self) -> dict[str, Any]:
        """A JSON description for the API and the docs."""
        described: dict[str, Any] = {
            "name": self.name,
            "type": {int: "integer", bool: "boolean", str: "string"}[self.kind],
            "help": self.help,
        }
        if not callable(self.default):
            described["default"] = self.default
        if self.minimum is not None:
            described["minimum"] = self.minimum
        if self.maximum is not None:
            described["maximum"] = self.maximum
        if self.choices is not None:
            described["choices"] = list(self.choices)
        return described

    def check(self, value: Any) -> Any:
        """Return ``value`` if it has this option's type and limits, else raise OptionsError."""
        if self.kind is int:
            if type(value) is not int:
                raise OptionsError(f"option {self.name!r} must be an integer, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionsError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionsError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        elif self.kind is bool:
            if type(value) is not bool:
                raise OptionsError(f"option {self.name!r} must be true or false, not {value!r}")
        elif self.kind is str:
            if not isinstance(value, str):
                raise OptionsError(f"option {self.name!r} must be a string, not {value!r}")
            if self.choices is not None and value not in self.choices:
                allowed = ", ".join(self.choices)
                raise OptionsError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        return value


class Param(NamedTuple):
    """One integer parameter of a built-in bot: its default and the range it may take.

    Every parameter is bounded, so that no strategy string can ask a bot for unbounded work
    or memory: a budget's maximum is what one move can spend within the largest per-move
    time a tournament may give.
    """

    default: int
    minimum: int
    maximum: int
    help: str = ""

    def describe(self) -> dict[str, Any]:
        """A JSON description for the API and ``--list-bots``."""
        return {"default": self.default, "minimum": self.minimum, "maximum": self.maximum, "help": self.help}

    def check(self, name: str, value: Any) -> int:
        """Return ``value`` if it is an integer within the range, else raise ValueError."""
        if type(value) is not int:
            raise ValueError(f"bot parameter {name!r} must be an integer, not {value!r}")
        if not self.minimum <= value <= self.maximum:
            shown = str(value) if len(str(value)) <= 20 else str(value)[:19] + "…"
            raise ValueError(f"bot parameter {name!r} must be from {self.minimum} to {self.maximum}, not {shown}")
        return value


class Result(NamedTuple):
    """The outcome of a finished match: ranks (1 is best, ties share), scores, detail."""

    ranks: list[int]
    scores: list[Number]
    detail: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"ranks": list(self.ranks), "scores": list(self.scores), "detail": self.detail}


def competition_ranks(keys: Sequence[Any]) -> list[int]:
    """Ranks from sort keys, higher key better; equal keys share a rank and the next skips.

    >>> competition_ranks([5, 1, 5, 3])
    [1, 4, 1, 3]
    """
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def prefix_free(paths: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """Tap paths made prefix-free: a path that another one continues (a capture that may stop
    after this leap or go on) ends with its last target tapped again, "stop here".

    >>> prefix_free({"c1-a1": ["c1", "a1"], "c1-a1-a3": ["c1", "a1", "a3"]})
    {'c1-a1': ['c1', 'a1', 'a1'], 'c1-a1-a3': ['c1', 'a1', 'a3']}
    """
    begun = {tuple(path[:length]) for path in paths.values() for length in range(1, len(path))}
    return {action: [*path, path[-1]] if tuple(path) in begun else list(path) for action, path in paths.items()}


def tap_targets(paths: Mapping[str, Sequence[str]]) -> set[str]:
    """Every target id the paths use (what a picture must mark)."""
    return {target for path in paths.values() for target in path}


class GameState(ABC):
    """One position of one match. Mutable; :meth:`clone` before exploring."""

    def __init__(self, game: Game, options: Mapping[str, Any], num_players: int) -> None:
        self.game = game
        self.options = dict(options)
        self.num_players = num_players
        #: The log moves made so far, in the game's notation.
        self.moves: list[str] = []

    # -- whose turn -------------------------------------------------------------------------

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The seats that must act now: one seat, several for simultaneous moves, or none
        at a chance node and at the end."""

    def is_chance_node(self) -> bool:
        """True when a chance outcome must be applied before anyone acts."""
        return False

    @abstractmethod
    def is_over(self) -> bool:
        """True when the game has ended."""

    def movers(self) -> tuple[int, ...]:
        """The seats whose decisions make up the next log move (for messages)."""
        return self.to_move()

    # -- the log ----------------------------------------------------------------------------

    @abstractmethod
    def apply_move(self, move: str) -> None:
        """Play one log move.

        Raises :class:`~games.errors.NotationError` when ``move`` does not parse,
        :class:`~games.errors.IllegalMoveError` when the rules forbid it here and
        :class:`~games.errors.GameOverError` after the end. The state is unchanged when it
        raises.
        """

    # -- decisions --------------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Every legal action of ``seat`` now, in the bot protocol's notation, sorted."""

    @abstractmethod
    def apply_action(self, seat: int, action: str) -> None:
        """Apply one seat's action (raises as :meth:`apply_move` does)."""

    def random_action(self, seat: int, rng: random.Random) -> str:
        """A uniformly random legal action of ``seat``: the one ``rng.choice(legal_actions(seat))``
        picks, with the same single draw from ``rng`` (``rng.randrange(count)``), so that a game
        may find it without writing out every action."""
        return rng.choice(self.legal_actions(seat))

    def chance_outcomes(self) -> list[str]:
        """The equally likely outcomes at a chance node."""
        raise IllegalMoveError("no chance outcome is due now")

    def sample_chance(self, rng: random.Random) -> str:
        """Draw one outcome at a chance node (games may draw without listing them all)."""
        return rng.choice(self.chance_outcomes())

    def apply_chance(self, outcome: str) -> None:
        """Apply one outcome of :meth:`chance_outcomes`."""
        raise IllegalMoveError("no chance outcome is due now")

    # -- outcome and views ------------------------------------------------------------------

    @abstractmethod
    def scores(self) -> list[Number]:
        """Each seat's score as it stands now (also used when a forfeit cuts a game short)."""

    @abstractmethod
    def result(self) -> Result:
        """The result of a finished game (ranks, scores, detail)."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as JSON: never another seat's hidden information."""

    def clone(self) -> GameState:
        """An independent copy."""
        return copy.deepcopy(self)


class Bot(ABC):
    """A built-in strategy. It sees only what its seat sees: the observation and the legal
    actions, as a sandboxed program would, and draws randomness only from ``rng``."""

    #: The name used on the command line and in bot entries.
    name: ClassVar[str]
    #: One line for ``--list-bots`` and the docs.
    summary: ClassVar[str]
    #: Parameters with their defaults and ranges (budgets count iterations, never time).
    params: ClassVar[dict[str, Param]] = {}

    def __init__(self, game: Game, seat: int, options: Mapping[str, Any], num_players: int,
                 rng: random.Random, **params: int) -> None:
        self.game = game
        self.seat = seat
        self.options = dict(options)
        self.num_players = num_players
        self.rng = rng
        self.config = self.check_params(params)

    @classmethod
    def check_params(cls, params: Mapping[str, Any]) -> dict[str, int]:
        """Every parameter's value: those given, checked against their ranges, and the
        defaults. Raises ValueError naming the parameter and its range."""
        unknown = sorted(set(params) - set(cls.params))
        if unknown:
            known = ", ".join(cls.params) or "none"
            raise ValueError(f"bot {cls.name!r} has no parameter {unknown[0]!r} (its parameters: {known})")
        checked = {key: spec.check(key, params[key]) for key, spec in cls.params.items() if key in params}
        return {**cls.defaults(), **checked}

    @classmethod
    def defaults(cls) -> dict[str, int]:
        """Each parameter's default."""
        return {key: spec.default for key, spec in cls.params.items()}

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """A JSON description: the summary, the defaults and each parameter's range."""
        return {"summary": cls.summary, "params": cls.defaults(),
                "limits": {key: spec.describe() for key, spec in cls.params.items()}}

    @abstractmethod
    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        """Return one of ``legal``."""

    def start(self, info: Mapping[str, Any]) -> None:
        """Called once before the first turn with the bot protocol's ``start`` message."""

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None:
        """Called once after the match with the result and the log."""


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline every game has."""

    name = "random"
    summary = "a uniformly random legal move"

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        return self.rng.choice(legal)


class Game(ABC):
    """A game: its options, seat limits, setup, engine and built-in bots."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: One paragraph on the move notation, for the docs and the API.
    notation_help: ClassVar[str] = ""
    #: Whether the setup holds what a seat may not see (hands, the deck's order), so that it,
    #: and the seed it is drawn from, stay hidden until the game ends.
    hides_setup: ClassVar[bool] = False

    # -- options and seats ------------------------------------------------------------------

    def parse_options(self, raw: Mapping[str, Any] | None, num_players: int) -> dict[str, Any]:
        """Validate ``raw`` and fill in defaults. Raises :class:`OptionsError`.

        Checks against the seats are made only when ``num_players`` is within the game's
        limits; :meth:`check_players` reports a wrong count.
        """
        raw = {} if raw is None else raw
        known = {spec.name: spec for spec in self.option_specs}
        for key in raw:
            if key not in known:
                names = ", ".join(known) or "none"
                raise OptionsError(f"unknown option {key!r} (options of {self.slug}: {names})")
        options: dict[str, Any] = {}
        for spec in self.option_specs:
            if spec.name in raw:
                options[spec.name] = spec.check(raw[spec.name])
            elif callable(spec.default):
                options[spec.name] = spec.default(options, num_players)
            else:
                options[spec.name] = spec.default
        self.check_options(options, num_players, set(raw))
        return options

    def check_options(self, options: dict[str, Any], num_players: int, given: set[str]) -> None:
        """Checks across options and against the seats; ``given`` names the options set
        explicitly. Raises :class:`OptionsError`."""

    def seat_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """The smallest and largest number of seats with these options."""
        return self.min_players, self.max_players

    def check_players(self, options: Mapping[str, Any], num_players: int) -> None:
        low, high = self.seat_range(options)
        if not low <= num_players <= high:
            wanted = f"exactly {low}" if low == high else f"{low} to {high}"
            raise PlayersError(f"{self.title} takes {wanted} players, not {num_players}")

    # -- setup and states -------------------------------------------------------------------

    @abstractmethod
    def parse_setup(self, raw: Mapping[str, Any] | None, options: Mapping[str, Any],
                    num_players: int) -> dict[str, Any]:
        """Validate a log's ``setup`` (``None`` when absent). Raises :class:`SetupError`."""

    @abstractmethod
    def random_setup(self, options: Mapping[str, Any], num_players: int,
                     rng: random.Random) -> dict[str, Any]:
        """Draw the chance outcomes fixed before the first move."""

    @abstractmethod
    def new_state(self, options: Mapping[str, Any], num_players: int,
                  setup: Mapping[str, Any]) -> GameState:
        """The position before the first move."""

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> GameState:
        """A full state consistent with ``observation``, hidden parts drawn from ``rng``
        (OpenSpiel's resampling from an information state), for search bots."""
        raise ValueError(f"{self.slug} cannot rebuild a state from an observation")

    # -- pictures -----------------------------------------------------------------------------

    @abstractmethod
    def draw(self, state: GameState, viewer: int | None = None, reveal: bool = False,
             targets: bool = False) -> str:
        """The position as an SVG document (``docs/pages.md``): the one drawing of the game,
        for the replay viewer and the API alike.

        Hidden information is drawn only for those who may see it: ``viewer`` is the seat
        looking (its own hand shows), ``None`` a spectator; ``reveal=True`` shows everything,
        for a game that has ended. Games without hidden information ignore both.
        ``targets=True`` (the play panel) also marks ``viewer``'s tap targets
        (:meth:`taps`) with ``data-tap``, and draws what only they need (a seat's tokens to
        choose, Measure and Tempo's action buttons).
        """

    def taps(self, state: GameState, seat: int) -> dict[str, list[str]]:
        """Every legal action of ``seat`` as the tap targets that select it on the board: the
        ids that :meth:`draw` marks with ``data-tap`` in the picture for that seat. No path
        is a prefix of another (:func:`prefix_free`), so the last tap picks one action."""
        raise ValueError(f"{self.slug} cannot be played by taps")

    def public_moves(self, moves: Sequence[str]) -> list[str]:
        """The log's moves as a spectator of a live game may read them: the moves with the
        hidden parts left out (cards drawn in a cycle, say). Most games hide nothing."""
        return list(moves)

    # -- bots -------------------------------------------------------------------------------

    @property
    @abstractmethod
    def bots(self) -> dict[str, type[Bot]]:
        """The built-in bots by name."""

    def describe(self) -> dict[str, Any]:
        """A JSON description for ``--list-bots``, the API and the docs."""
        return {
            "slug": self.slug,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
            "options": [spec.describe() for spec in self.option_specs],
            "notation": self.notation_help,
            "bots": {name: bot.describe() for name, bot in self.bots.items()},
        }

