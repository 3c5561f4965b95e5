"""The match runner: drives an engine and one agent per seat, and writes the match log.

Every chance outcome, every bot's randomness and every fallback move is drawn from its own
stream derived from the match seed, so the same seed, agents and options give the same log,
byte for byte.

The caller owns the agents: :func:`play_match` calls ``start``, ``choose`` and ``end`` and
never closes them, so that a caller that runs bot processes closes them (``with``) whatever
happens, and can read their standard error afterwards.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from games.base import Bot, Game, GameState
from games.errors import AgentFailure
from games.logs import FORMAT, Forfeit, final_result
from games.seeding import commitment, derive_rng, new_seed
from games.timing import TimedBot

BOT_SPEC = re.compile(r"(?P<name>[a-z][a-z0-9_]*)(?::(?P<params>[a-z_]+=\d+(?:,[a-z_]+=\d+)*))?")


class Agent(Protocol):
    """What the runner asks of a seat: a built-in :class:`~games.base.Bot` or a bot process."""

    def start(self, info: Mapping[str, Any]) -> None: ...

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str: ...

    def end(self, result: Mapping[str, Any], log: Mapping[str, Any]) -> None: ...


#: Moves of an illegal answer are quoted in a forfeit reason up to this many characters.
QUOTE_CHARS = 60


def illegal(choice: Any) -> AgentFailure:
    text = repr(choice)
    if len(text) > QUOTE_CHARS:
        text = text[: QUOTE_CHARS - 2] + "…" + text[0]
    return AgentFailure(f"illegal move {text}")


def start_info(game: Game, options: Mapping[str, Any], seat: int, num_players: int,
               agent: Agent) -> dict[str, Any]:
    """The protocol's ``start`` message for one seat; ``limits`` for agents that have them
    (bot processes), which built-in bots do not need."""
    info: dict[str, Any] = {"type": "start", "protocol": 1, "game": game.slug, "options": options,
                            "seat": seat, "players": num_players}
    limits = getattr(agent, "limits", None)
    if limits is not None and hasattr(limits, "to_start_message"):
        info["limits"] = limits.to_start_message()
    return info


T = TypeVar("T")


def run_together(pool: ThreadPoolExecutor, seats: Sequence[int], work: Callable[[int], T]) -> dict[int, T]:
    """``work(seat)`` for every seat at the same moment: the last seat in the calling thread,
    the others in ``pool``'s threads; answers by seat, in the order given."""
    futures = {seat: pool.submit(work, seat) for seat in seats[:-1]}
    done = {seats[-1]: work(seats[-1])} if seats else {}
    done.update((seat, future.result()) for seat, future in futures.items())
    return {seat: done[seat] for seat in seats}


def ask_together(agents: Sequence[Agent], questions: Mapping[int, tuple[dict[str, Any], list[str]]],
                 pool: ThreadPoolExecutor | None = None) -> dict[int, str | AgentFailure]:
    """Ask several concurrent agents (bot processes) for simultaneous moves at the same
    moment, each timed on its own; answers each seat's move or its failure.

    The last seat is asked in the calling thread and the others in ``pool``'s threads (a
    pool of its own when none is given): a match that keeps one pool for all its turns
    starts no thread per turn, which cost more than a bot's whole round trip."""
    def ask(seat: int) -> str | AgentFailure:
        observation, legal = questions[seat]
        try:
            return agents[seat].choose(observation, legal)
        except AgentFailure as failure:
            return failure

    seats = list(questions)
    if not seats:
        return {}
    if pool is None:
        with ThreadPoolExecutor(max_workers=max(1, len(seats) - 1)) as own:
            return ask_together(agents, questions, own)
    return run_together(pool, seats, ask)


class SeatThreads:
    """The threads a match asks its concurrent agents in, started when first needed and
    kept to its end (``with SeatThreads(players) as threads: threads.pool``)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self._pool: ThreadPoolExecutor | None = None

    @property
    def pool(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=max(1, self.players - 1), thread_name_prefix="seat")
        return self._pool

    def __enter__(self) -> SeatThreads:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown()


def start_agents(game: Game, agents: Sequence[Agent], options: Mapping[str, Any],
                 threads: SeatThreads) -> dict[int, AgentFailure]:
    """Start every agent; concurrent ones (bot processes) together, since each mostly waits
    for its process to start. Answers the failures by seat; any other error is raised."""
    def start(seat: int) -> AgentFailure | None:
        try:
            agents[seat].start(start_info(game, options, seat, len(agents), agents[seat]))
        except AgentFailure as failure:
            return failure
        return None

    together = [seat for seat, agent in enumerate(agents) if getattr(agent, "concurrent", False)]
    if len(together) < 2:
        together = []
    outcomes = run_together(threads.pool, together, start) if together else {}
    outcomes.update((seat, start(seat)) for seat in range(len(agents)) if seat not in outcomes)
    return {seat: failure for seat in sorted(outcomes) if (failure := outcomes[seat]) is not None}


#: The most digits a bot parameter's value may be written with (every range fits in fewer).
PARAM_DIGITS = 9


def tell_turns(agents: Sequence[Agent], movers: Sequence[int], played: int) -> None:
    """Tell each mover that keeps a turn report (``at_turn``) the index of the log's move its
    answer goes into: the ``played`` moves come before it (simultaneous answers, and the
    halves of a two-part move, go into one logged move, so they share the index)."""
    for seat in movers:
        note = getattr(agents[seat], "at_turn", None)
        if note is not None:
            note(played)


def parse_bot_spec(spec: str) -> tuple[str, dict[str, int]]:
    """Split ``"mc:budget=300,rollouts=2"`` into a bot name and its integer parameters.
    The ranges are the bot's to check (:func:`make_bot`).

    >>> parse_bot_spec("mc:budget=300")
    ('mc', {'budget': 300})
    """
    found = BOT_SPEC.fullmatch(spec) if isinstance(spec, str) and len(spec) <= 200 else None
    if found is None:
        shown = repr(spec) if len(repr(spec)) <= 60 else repr(spec)[:58] + "…"
        raise ValueError(f"bad bot {shown}: write NAME or NAME:param=INT,param=INT")
    params: dict[str, int] = {}
    if found.group("params"):
        for pair in found.group("params").split(","):
            key, value = pair.split("=")
            if key in params:
                raise ValueError(f"bot parameter {key!r} is given twice")
            digits = value.lstrip("0") or "0"
            if len(digits) > PARAM_DIGITS:
                raise ValueError(f"bot parameter {key!r} is far too large ({len(digits)} digits)")
            params[key] = int(digits)
    return found.group("name"), params


def bot_class(game: Game, spec: str) -> tuple[type[Bot], dict[str, int]]:
    """The built-in bot class a spec names and its checked parameters (defaults filled in);
    raises ValueError for unknown names, unknown parameters and values out of range."""
    name, params = parse_bot_spec(spec)
    if name not in game.bots:
        known = ", ".join(sorted(game.bots))
        raise ValueError(f"{game.slug} has no built-in bot {name!r} (its bots: {known})")
    bot = game.bots[name]
    return bot, bot.check_params(params)


def make_bot(game: Game, spec: str, seat: int, options: Mapping[str, Any], num_players: int,
             rng: random.Random) -> Bot:
    """A built-in bot from its spec string; raises ValueError for unknown names or params
    and for values out of their ranges."""
    bot, params = bot_class(game, spec)
    return bot(game, seat, options, num_players, rng, **params)


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

    with SeatThreads(num_players) as threads:
        for seat, failure in start_agents(game, agents, options, threads).items():
            forfeit(seat, failure.reason)

        while not state.is_over() and not (num_players == 2 and forfeits):
            if state.is_chance_node():
                state.apply_chance(state.sample_chance(chance_rng))
                continue
            choices: dict[int, str] = {}
            movers = state.to_move()
            tell_turns(agents, movers, len(state.moves))
            together = [seat for seat in movers
                        if seat not in forfeited and getattr(agents[seat], "concurrent", False)]
            answers: dict[int, str | AgentFailure] = {}
            if len(together) > 1:
                answers = ask_together(agents, {seat: (state.observation(seat), state.legal_actions(seat))
                                                for seat in together}, threads.pool)
            for seat in movers:
                legal = state.legal_actions(seat)
                if seat not in forfeited:
                    try:
                        if seat in answers:
                            answer = answers[seat]
                            if isinstance(answer, AgentFailure):
                                raise answer
                            choice = answer
                        else:
                            choice = agents[seat].choose(state.observation(seat), legal)
                        if choice not in legal:
                            raise illegal(choice)
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
              seed: str | None = None, players: Sequence[str] | None = None,
              limits: Any = None) -> dict[str, Any]:
    """Play one match between built-in bots named by spec strings (``"random"``, ``"mc:budget=50"``).

    With ``limits`` (a :class:`~games.sandbox.Limits`) each bot plays under its time bank
    (:class:`~games.timing.TimedBot`); without, it takes the time its budget takes."""
    seed = new_seed() if seed is None else seed
    num_players = len(bot_specs)
    checked = game.parse_options(options or {}, num_players)
    game.check_players(checked, num_players)
    agents: list[Agent] = [make_bot(game, spec, seat, checked, num_players, derive_rng(seed, "bot", seat))
                           for seat, spec in enumerate(bot_specs)]
    if limits is not None:
        agents = [TimedBot(agent, limits) for agent in agents]
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
            state.apply_action(seat, state.random_action(seat, rng))
    return state
