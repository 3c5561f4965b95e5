"""What the console's tests share: a people's Swiss of Leap Frog on a small board, and real
logs of its scheduled matches, played with random legal moves from each match's setup."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from games.registry import get_game
from games.runner import make_bot, play_match
from tournaments.models import Club, Match, Player, Tournament
from tournaments.services import tournaments as services

#: A small board: a game is a few dozen moves.
OPTIONS = {"rows": 6, "cols": 6}


def leap_frog_swiss(club: Club, players: Sequence[Player], *, rounds: int = 3, seed: str = "console",
                    rated: bool = True) -> Tournament:
    """A started Swiss of Leap Frog for people, round 1 proposed."""
    tournament = services.create_tournament(club=club, name="Leap night", game="leap_frog", format="swiss",
                                            options=dict(OPTIONS), format_settings={"rounds": rounds},
                                            seed=seed, rated=rated, players=players)
    return services.start_and_pair(tournament)


def played_log(match: Match, rng_seed: str = "moves", **changes: Any) -> dict[str, Any]:
    """A whole, valid log of a scheduled match: its players, options, setup and seed, with
    random legal moves (the same rng seed gives the same game); ``changes`` override fields."""
    engine = get_game(match.game)
    seats = list(match.seats.select_related("player").order_by("index"))
    agents = [make_bot(engine, "random", seat.index, match.options, len(seats),
                       random.Random(f"{rng_seed}/{match.pk}/{seat.index}")) for seat in seats]
    log = play_match(engine, agents, players=[seat.player.name for seat in seats], options=match.options,
                     seed=match.seed, setup=match.log.setup)
    return {**log, **changes}


def log_text(match: Match, rng_seed: str = "moves", **changes: Any) -> str:
    return json.dumps(played_log(match, rng_seed, **changes))
