"""What the schemathesis runs share: a world to act on, and the operations that end their token."""

from __future__ import annotations

import pytest

from tests.helpers.matches import STILL
from tests.helpers.world import World
from tournaments.services import matches as match_services
from tournaments.services import tokens as token_services
from tournaments.services import tournaments as tournament_services

#: Operations that end the token they are sent with (logging out, ending all one's tokens).
ENDS_ITS_TOKEN = {"DELETE /api/auth/token/", "DELETE /api/auth/tokens/"}

@pytest.fixture
def fuzz_world(world: World) -> str:
    """A world to act on (a match in progress Ana sits in, a tournament taking
    registrations) and Ana's token: requests are made as a member, so writes are exercised."""
    live = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                       setup={"order": "RYGBOP"})
    match_services.append_move(live, move=STILL[0], index=0)
    tournament = tournament_services.create_tournament(club=world.club, name="Open", game="froggit",
                                                       format="round_robin", seed="fuzz")
    tournament_services.register(tournament, world.ana)
    return token_services.issue_token(world.member, name="fuzzer")[1]
