"""Leapfrog, the three-race tournament (``docs/games/leapfrog_race.md``): the game's options,
setup and bots around the rules of :mod:`games.leapfrog_race.rules`.

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

from games.base import Bot, Game, GameState, Option, RandomBot
from games.errors import OptionsError, SetupError
from games.leapfrog_race.rules import FROG_ORDERS, FROGS, RACES, LeapfrogRaceState


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
        if len(raw) != 1 or "order" not in raw:  # anything but the one key 'order'
            unknown = sorted(set(raw) - {"order"})
            if unknown:
                raise SetupError(f"unknown setup key {unknown[0]!r} (the race's setup has only 'order')")
        order = raw.get("order")
        if type(order) is str and order in FROG_ORDERS:  # each of the six letters once
            return {"order": order}
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
        state.restore_played(observation["played"])
        state.race_points = {frog: list(points) for frog, points in observation["points"].items()}
        state.markers = dict(observation["markers"])
        state.eaten = observation["eaten"]
        return state

    def taps(self, state: GameState, seat: int) -> dict[str, list[str]]:
        """A token is one tap on it (``token:4``) in the seat's row of tokens."""
        return {action: [f"token:{action}"] for action in state.legal_actions(seat)}

    def draw(self, state: GameState, viewer: int | None = None, reveal: bool = False,
             targets: bool = False) -> str:
        from games.leapfrog_race.picture import draw  # the picture and the bots load when asked for: verifying needs neither

        return draw(state, viewer, reveal, targets)  # type: ignore[arg-type]

    @property
    def bots(self) -> dict[str, type[Bot]]:
        from games.leapfrog_race.bots import GreedyBot, MonteCarloBot

        return {"random": RandomBot, "greedy": GreedyBot, "mc": MonteCarloBot}
