"""Hand-built Froggit positions: frogs on pads, written bottom first (``{"c3": "0L 0S"}`` is
seat 0's team on c3, its large frog carrying its small one)."""

from __future__ import annotations

from games.froggit.board import CELL
from games.froggit.game import Froggit
from games.froggit.rules import FroggitState

GAME = Froggit()


def build(pads: dict[str, str], *, players: int = 2, version: str = "expert",
          family: str = "standard", fish: str = "a3", turn: int = 0,
          home: dict[int, tuple[int, int]] | None = None, max_rounds: int = 200) -> FroggitState:
    """A position: frogs on pads, frogs home per seat as (small, large), the rest at start."""
    options = GAME.parse_options({"version": version, "family": family, "max_rounds": max_rounds},
                                 players)
    state = GAME.new_state(options, players, {})
    for name, frogs in pads.items():
        codes = []
        for label in frogs.split():
            seat, size = int(label[0]), "SL".index(label[1])
            codes.append(seat * 2 + size)
            state.at_start[seat][size] -= 1
        state.cells[CELL[name]] = tuple(codes)
    for seat, (small, large) in (home or {}).items():
        state.at_home[seat] = [small, large]
        state.at_start[seat][0] -= small
        state.at_start[seat][1] -= large
    assert all(count >= 0 for counts in state.at_start for count in counts)
    state.fish = CELL[fish]
    state.turn = turn
    return state
