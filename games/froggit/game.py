"""Froggit (``docs/games/froggit.md``): the game as the service offers it, its options, setup, bots
and picture, around the rules of :mod:`games.froggit.rules`.

>>> game = Froggit()
>>> state = game.new_state(game.parse_options({"version": "expert"}, 2), 2, {})
>>> state.apply_move("S start b2 c3 c4")
>>> state.pad("c4")
['0S']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Bot, Game, GameState, Option, RandomBot, prefix_free
from games.errors import SetupError, shorten
from games.froggit.board import CELL, NAMES
from games.froggit.rules import FAMILIES, SIZE_LETTER, VERSIONS, FroggitState, frog_code


class Froggit(Game):
    """The game: 2–6 seats, each with a family of frogs on its own corner of the pond."""

    slug = "froggit"
    title = "Froggit"
    min_players = 2
    max_players = 6
    option_specs = (
        Option("version", str, "junior", "junior: frogs land only on empty pads; expert: small frogs "
               "ride their own large frogs (teams) and large frogs trap other colours' small ones",
               choices=VERSIONS),
        Option("family", str, "standard", "standard: 2 large and 3 small frogs per family; quick: 1 "
               "large and 2 small", choices=tuple(FAMILIES)),
        Option("max_rounds", int, 200, "the game stops with no winner after this many rounds",
               minimum=1, maximum=10000),
    )
    notation_help = (
        "A move is the frog's size (S small, L large), where it starts ('start' or a pad a1-g4), "
        "then every landing in order, separated by single spaces: 'S start b2 c3', 'L c3 e3 home' "
        "('home' is the frog's own finish space and ends the move). A large frog makes 1 or 2 "
        "jumps, a small one 1 to 3; a jump is a step to a next pad or a hop over a frog. In the "
        "expert version 'T c3 c4' moves the team on c3 one step. 'fish d5' moves the fish: after "
        "a frog goes home (1 or 2 pads in a straight line), or when the seat cannot move a frog "
        "(anywhere)."
    )

    def parse_setup(self, raw: Mapping[str, Any] | None, options: Mapping[str, Any],
                    num_players: int) -> dict[str, Any]:
        if raw is None:
            return {}
        if not isinstance(raw, Mapping):
            raise SetupError("Froggit's setup is an empty object, {}")
        if raw:
            key = sorted(map(str, raw))[0]
            raise SetupError(f"Froggit has no setup (every frog starts on its start space); "
                             f"unknown setup key {shorten(key)!r}")
        return {}

    def random_setup(self, options: Mapping[str, Any], num_players: int,
                     rng: random.Random) -> dict[str, Any]:
        return {}

    def new_state(self, options: Mapping[str, Any], num_players: int,
                  setup: Mapping[str, Any]) -> FroggitState:
        return FroggitState(self, options, num_players)

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> FroggitState:
        """Froggit hides nothing: the observation rebuilds the position exactly."""
        num_players = observation["players"]
        options = {key: observation[key] for key in ("version", "family", "max_rounds")}
        state = FroggitState(self, options, num_players)
        for name, frogs in observation["pads"].items():
            state.cells[CELL[name]] = tuple(frog_code(frog["seat"], SIZE_LETTER.index(frog["size"]))
                                            for frog in frogs)
        for family in observation["families"]:
            seat = family["seat"]
            state.at_start[seat] = [family["at_start"]["S"], family["at_start"]["L"]]
            state.at_home[seat] = [family["home"]["S"], family["home"]["L"]]
        state.fish = CELL[observation["fish"]]
        state.turns = observation["turns"]
        state.winner = observation["winner"]
        state.fish_due = observation["fish_due"]
        to_move = observation["to_move"]
        state.turn = to_move if to_move is not None else state.turns % num_players
        return state

    def taps(self, state: GameState, seat: int) -> dict[str, list[str]]:
        """A frog move is the frog (``S:c3``, ``L:start``; a team's large frog ``T:c3``), then
        each pad it lands on ('home' is its finish corner), the last tapped again where it may
        jump on but stops; a fish move is the pad the fish swims to."""
        home = NAMES[state.finishes[seat]]  # type: ignore[attr-defined]
        paths = {}
        for action in state.legal_actions(seat):
            words = action.split(" ")
            if words[0] == "fish":
                paths[action] = [words[1]]
            else:
                paths[action] = [f"{words[0]}:{words[1]}", *(home if word == "home" else word for word in words[2:])]
        return prefix_free(paths)

    def draw(self, state: GameState, viewer: int | None = None, reveal: bool = False,
             targets: bool = False) -> str:
        from games.froggit.picture import draw  # the picture and the bots load when asked for: verifying needs neither

        return draw(state, viewer, reveal, targets)  # type: ignore[arg-type]

    @property
    def bots(self) -> dict[str, type[Bot]]:
        from games.froggit.bots import GreedyBot, MctsBot

        return {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}

