"""A bot match the service plays keeps each uploaded seat's turn report and forfeit for its
owner; built-in seats keep none."""

from __future__ import annotations

from tests.helpers.bots import example, needs_sandbox
from tests.helpers.tournaments import run
from tests.helpers.world import World
from tests.tournaments.test_bot_services import uploaded_tournament
from tournaments.models import Match, SeatOutput

#: Plays the first legal move, saying so on standard error; answers junk on its third turn.
JUNK_ON_THREE = b"""import json, sys
turn = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
    elif message["type"] == "turn":
        turn += 1
        print(f"turn {turn}: playing {message['legal'][0]}", file=sys.stderr, flush=True)
        print("junk" if turn == 3 else json.dumps({"move": message["legal"][0]}), flush=True)
"""


def test_a_played_match_keeps_every_turn_and_the_forfeit(world: World) -> None:
    needs_sandbox()
    tournament = run(uploaded_tournament(world, {"Junk": JUNK_ON_THREE, "House": b"builtin:random"}))
    [match] = Match.objects.filter(tournament=tournament)
    seat = match.seats.get(player__name="Junk")
    output = SeatOutput.objects.get(seat=seat)
    assert seat.forfeit_reason.startswith("malformed output")
    assert len(output.turns) == 3
    assert all(isinstance(turn["ms"], int) and turn["ms"] >= 0 for turn in output.turns)
    assert [turn["stderr"].split(":")[0] for turn in output.turns] == ["turn 1", "turn 2", "turn 3"]
    assert [turn["turn"] for turn in output.turns] == [0, 1, 2]  # a race's turns, each one logged move
    [logged] = match.log.forfeits
    assert output.forfeit["turn"] == logged["after"] == output.turns[-1]["turn"]
    assert output.forfeit["limit"] == "bad_output" and output.forfeit["at"] == "move"
    assert output.forfeit["last_lines"][-1].startswith("turn 3: playing")
    assert not SeatOutput.objects.filter(seat__player__name="House").exists()


def test_a_clean_match_keeps_turns_and_no_forfeit(world: World) -> None:
    needs_sandbox()
    tournament = run(uploaded_tournament(world, {"Example": example("leapfrog_race"), "House": b"builtin:random"}))
    [match] = Match.objects.filter(tournament=tournament)
    output = SeatOutput.objects.get(seat__match=match, seat__player__name="Example")
    assert len(output.turns) == len(match.log.moves)  # a race's turn: both seats answer into one move
    assert [turn["turn"] for turn in output.turns] == list(range(len(match.log.moves)))
