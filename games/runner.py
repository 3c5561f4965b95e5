"""The match runner: drives an engine and one agent per seat, and writes the match log.

Every chance outcome, every bot's randomness and every fallback move is drawn from its own
stream derived from the match seed, so the same seed, agents and options give the same log,
byte for byte.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from games.base import Bot, Game, GameState
from games.logs import FORMAT, Forfeit, final_result
from games.seeding import commitment, derive_rng, new_seed

BOT_SPEC = re.compile(r"(?P<name>[a-z][a-z0-9_]*)(?::(?P<params>[a-z_]+=\d+(?:,[a-z_]+=\d+)*))?")


class AgentFailure(Exception):
    """An agent that cannot go on (crash, timeout, illegal answer): its seat forfeits."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Agent(Protocol):
    """What the runner asks of a seat: a built-in :class:`~games.base.Bot` or a bot process."""

    def start(self, info: Mapping[str, Any]) -> None: ...

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str: ...

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None: ...


def parse_bot_spec(spec: str) -> tuple[str, dict[str, int]]:
    """Split ``"mc:budget=300,rollouts=2"`` into a bot name and its integer parameters.

    >>> parse_bot_spec("mc:budget=300")
    ('mc', {'budget': 300})
    """
    found = BOT_SPEC.fullmatch(spec)
    if found is None:
        raise ValueError(f"bad bot {spec!r}: write NAME or NAME:param=INT,param=INT")
    params = {}
    if found.group("params"):
        for pair in found.group("params").split(","):
            key, value = pair.split("=")
            params[key] = int(value)
    return found.group("name"), params


def make_bot(game: Game, spec: str, seat: int, options: Mapping[str, Any], num_players: int,
             rng: random.Random) -> Bot:
    """A built-in bot from its spec string; raises ValueError for unknown names or params."""
    name, params = parse_bot_spec(spec)
    if name not in game.bots:
        known = ", ".join(sorted(game.bots))
        raise ValueError(f"{game.slug} has no built-in bot {name!r} (its bots: {known})")
    return game.bots[name](game, seat, options, num_players, rng, **params)


def play_match(game: Game, agents: Sequence[Agent], *, players: Sequence[str] | None = None,
               options: Mapping[str, Any] | None = None, seed: str | None = None,
               setup: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Play one match and return its log (with ``seed``, ``commitment`` and the result).

    ``options`` are validated (raising :class:`~games.errors.OptionsError` or
    :class:`~games.errors.PlayersError`); ``setup`` is drawn from the seed unless given.
    """
    num_players = len(agents)
    seed = new_seed() if seed is None else seed
    options = game.parse_options(options or {}, num_players)
    game.check_players(options, num_players)
    players = list(players) if players is not None else [f"seat {seat}" for seat in range(num_players)]
    if setup is None:
        setup = game.random_setup(options, num_players, derive_rng(seed, "setup"))
    else:
        setup = game.parse_setup(setup, options, num_players)
    state = game.new_state(options, num_players, setup)
    chance_rng = derive_rng(seed, "chance")
    fallback_rng = derive_rng(seed, "fallback")
    forfeits: list[Forfeit] = []
    forfeited: set[int] = set()

    def forfeit(seat: int, reason: str) -> None:
        forfeits.append(Forfeit(seat, len(state.moves), reason))
        forfeited.add(seat)

    for seat, agent in enumerate(agents):
        try:
            agent.start({"type": "start", "protocol": 1, "game": game.slug, "options": options,
                         "seat": seat, "players": num_players})
        except AgentFailure as failure:
            forfeit(seat, failure.reason)

    while not state.is_over() and not (num_players == 2 and forfeits):
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(chance_rng))
            continue
        choices: dict[int, str] = {}
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            if seat not in forfeited:
                try:
                    choice = agents[seat].choose(state.observation(seat), legal)
                    if choice not in legal:
                        raise AgentFailure(f"illegal move {choice!r}")
                    choices[seat] = choice
                    continue
                except AgentFailure as failure:
                    forfeit(seat, failure.reason)
                    if num_players == 2:
                        break
            choices[seat] = fallback_rng.choice(legal)
        else:
            for seat, choice in choices.items():
                state.apply_action(seat, choice)

    log: dict[str, Any] = {
        "format": FORMAT,
        "game": game.slug,
        "options": options,
        "players": players,
        "setup": dict(setup),
        "moves": list(state.moves),
    }
    if forfeits:
        log["forfeits"] = [forfeit.to_json() for forfeit in forfeits]
    log["result"] = final_result(state, forfeits).to_json()
    log["seed"] = seed
    log["commitment"] = commitment(seed)
    for agent in agents:
        try:
            agent.end(log["result"], log)
        except AgentFailure:
            pass
    return log


def play_bots(game: Game, bot_specs: Sequence[str], *, options: Mapping[str, Any] | None = None,
              seed: str | None = None, players: Sequence[str] | None = None) -> dict[str, Any]:
    """Play one match between built-in bots named by spec strings (``"random"``, ``"mc:budget=50"``)."""
    seed = new_seed() if seed is None else seed
    num_players = len(bot_specs)
    checked = game.parse_options(options or {}, num_players)
    game.check_players(checked, num_players)
    agents = [make_bot(game, spec, seat, checked, num_players, derive_rng(seed, "bot", seat))
              for seat, spec in enumerate(bot_specs)]
    return play_match(game, agents, players=players or list(bot_specs), options=options,
                      seed=seed)


def random_playout(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to its end with uniformly random actions and chance outcomes (for
    invariant tests and benchmarks); answers the same state, now over."""
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance(rng))
            continue
        for seat in state.to_move():
            state.apply_action(seat, rng.choice(state.legal_actions(seat)))
    return state
