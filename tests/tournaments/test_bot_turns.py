"""Bots as opponents on the board (tasks in-process): a member plays built-in bots and uploaded
ones, the bot's turns are played through the board's one path, its time bank and turn report
are kept from turn to turn, a failing bot forfeits with the runner's reason, and a turn is
never played twice."""

from __future__ import annotations

from typing import Any

import pytest

from games.logs import verify_log
from games.sandbox import Limits
from tests.factories import ClubFactory, MembershipFactory
from tests.helpers.bots import example, needs_sandbox
from tournaments.models import BotEntry, Match, Seat, SeatOutput
from tournaments.selectors import log_lines, match_envelope
from tournaments.services import bot_turns, play
from tournaments.services import bots as bot_services
from tournaments.services import matches as match_services
from tournaments.services.bot_games import start_bot_game

pytestmark = pytest.mark.django_db

QUICK_FROGGIT = {"family": "quick", "max_rounds": 8}
SMALL_BOARD = {"rows": 4, "cols": 4}


@pytest.fixture
def scene() -> tuple[Any, Any]:
    club = ClubFactory(name="Pond", slug="pond")
    member = MembershipFactory(club=club, user__username="ana").user
    return club, member


def seeded(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    """The next game's seed (the play service draws a fresh one)."""
    monkeypatch.setattr(match_services, "new_seed", lambda: seed)


def member_seat(match: Match) -> int:
    return match.seats.get(bot_version__isnull=True).index


def play_out(match: Match, user: Any, limit: int = 500) -> Match:
    """The member plays the first legal action whenever it is their turn; the bot answers."""
    mine = member_seat(match)
    for _ in range(limit):
        match = Match.objects.select_related("log").get(pk=match.pk)
        if match.status != Match.Status.IN_PROGRESS:
            return match
        state = play.live_state(match)
        assert mine in state.to_move(), "the bot did not move when it was its turn"
        play.act(match, seat=mine, action=state.legal_actions(mine)[0], user=user, index=match.move_count)
    raise AssertionError("the game did not end")


def test_a_member_plays_the_random_bot_to_the_end(scene: tuple[Any, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    club, member = scene
    seeded(monkeypatch, "random-game")
    match = start_bot_game(club=club, game="leap_frog", user=member, bot="random", seat=0, options=SMALL_BOARD)
    assert match.rated is False and match.seed and match.commitment.startswith("sha256:")
    bot_seat = match.seats.get(index=1)
    assert bot_seat.player.name == "random · Leap Frog" and bot_seat.bot_version.strategy == "random"
    assert BotEntry.objects.get(player=bot_seat.player).ladder is False
    match = play_out(match, member)
    assert match.status == Match.Status.FINISHED
    assert verify_log(match_envelope(match))["valid"]
    assert not match.log.forfeits
    rows = SeatOutput.objects.get(seat=bot_seat).turns
    bot_turn_indexes = [index for index in range(match.move_count) if index % 2 == 1]
    assert [row["turn"] for row in rows] == bot_turn_indexes
    assert all(row["bank_ms"] == Limits().total_ms for row in rows)


def test_the_same_seed_gives_the_same_game_against_mcts(scene: tuple[Any, Any],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    club, member = scene
    twin = ClubFactory(name="Twin", slug="twin")
    MembershipFactory(club=twin, user=member)
    logs = []
    for where in (club, twin):  # a club keeps each game once: the same game twice goes to two clubs
        seeded(monkeypatch, "mcts-game")
        match = start_bot_game(club=where, game="froggit", user=member, bot="mcts:budget=20", seat=1,
                               options=QUICK_FROGGIT)
        match = play_out(match, member)
        assert match.status == Match.Status.FINISHED
        logs.append(match_envelope(match))
    assert logs[0]["moves"] == logs[1]["moves"] and logs[0]["setup"] == logs[1]["setup"]
    assert verify_log(logs[0])["valid"]
    # The bot's randomness comes from the seed: another seed, another game against random.
    randoms = []
    for seed in ("one", "two"):
        seeded(monkeypatch, seed)
        randoms.append(play_out(start_bot_game(club=club, game="froggit", user=member, bot="random", seat=1,
                                               options=QUICK_FROGGIT), member).log.moves)
    assert randoms[0] != randoms[1]


def test_the_bot_seated_first_moves_at_once(scene: tuple[Any, Any]) -> None:
    club, member = scene
    match = start_bot_game(club=club, game="leap_frog", user=member, bot="greedy", seat=1, options=SMALL_BOARD)
    match.refresh_from_db()
    assert match.move_count == 1
    assert play.live_state(match).to_move() == (1,)


def test_in_a_race_the_bot_chooses_its_token_beside_the_member(scene: tuple[Any, Any]) -> None:
    club, member = scene
    match = start_bot_game(club=club, game="leapfrog_race", user=member, bot="greedy", seat=0)
    live = match.live
    live.refresh_from_db()
    assert [seat for seat, _ in live.steps] == [1]  # the bot's secret token, waiting for the member's
    assert play.live_state(match).to_move() == (0,)
    play_out(match, member, limit=100)


def test_a_cycle_s_two_halves_are_asked_one_after_the_other(scene: tuple[Any, Any]) -> None:
    club, member = scene
    match = play_out(start_bot_game(club=club, game="measure_and_tempo", user=member, bot="greedy", seat=0,
                                    options={"target": 3, "max_plays": 6}), member, limit=200)
    assert match.status == Match.Status.FINISHED and verify_log(match_envelope(match))["valid"]
    rows = [row["turn"] for row in SeatOutput.objects.get(seat__match=match, seat__index=1).turns]
    bot_moves = {index: move for index, (move, who) in enumerate(log_lines(match)) if who.startswith("seat 1")}
    assert set(rows) == set(bot_moves)
    # Both halves of a cycle go into one logged move: the bot was asked twice for it.
    assert all(rows.count(index) == (2 if move.startswith("cycle") else 1) for index, move in bot_moves.items())


def test_a_turn_is_not_played_twice(scene: tuple[Any, Any]) -> None:
    club, member = scene
    match = start_bot_game(club=club, game="leap_frog", user=member, bot="random", seat=0, options=SMALL_BOARD)
    assert bot_turns.play_turns(match.pk) == 0  # the member is to move: nothing to play
    play.act(match, seat=0, action=play.live_state(match).legal_actions(0)[0], user=member, index=0)
    match.refresh_from_db()
    assert match.move_count == 2  # the bot answered in-process
    # A second delivery that read the bot's turn before the first played it: it stops quietly.
    stale = bot_turns.BotTurn(match=match, seat=match.seats.get(index=1), count=1, steps=0, observation={},
                              legal=[match.log.moves[1]], players=2)
    assert bot_turns.take_turn(stale) is False
    match.refresh_from_db()
    assert match.move_count == 2
    assert len(SeatOutput.objects.get(seat__match=match, seat__index=1).turns) == 1
    assert bot_turns.play_turns(match.pk) == 0


def test_a_built_in_bot_out_of_time_forfeits(scene: tuple[Any, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    club, member = scene
    monkeypatch.setattr(bot_turns, "bot_limits_of", lambda match: Limits(move_ms=1, total_ms=0))
    match = start_bot_game(club=club, game="froggit", user=member, bot="mcts:budget=2000", seat=1)
    match = Match.objects.select_related("log").get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.log.forfeits == [{"seat": 0, "after": 0, "reason": "timeout"}]
    assert match.result["ranks"] == [2, 1]
    report = SeatOutput.objects.get(seat__match=match, seat__index=0).forfeit
    assert report["reason"] == "timeout" and report["limit"] == "move_ms" and report["turn"] == 0


def test_a_member_plays_a_bot_entry_of_another_member(scene: tuple[Any, Any]) -> None:
    club, member = scene
    writer = MembershipFactory(club=club, user__username="writer").user
    entry = bot_services.create_entry(club=club, owner=writer, game="leap_frog", name="Hopper", strategy="greedy")
    match = start_bot_game(club=club, game="leap_frog", user=member, bot=entry.pk, seat=0, options=SMALL_BOARD)
    assert match.seats.get(index=1).player == entry.player
    assert match.seats.get(index=0).player.user == member
    # The writer plays their own bot too, with the player the club made for them.
    mine = start_bot_game(club=club, game="leap_frog", user=writer, bot=entry, seat=1, options=SMALL_BOARD)
    assert mine.seats.get(index=0).player == entry.player


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"seat": 2}, "seat", "your seat is 0 (you move first) or 1 (the bot moves first)"),
    ({"bot": "mcts:budget=0"}, "bot", None),
    ({"bot": "nobody"}, "bot", "froggit has no built-in bot 'nobody'"),
    ({"bot": 12345}, "bot", "Pond has no bot entry 12345"),
    ({"bot": None}, "bot", "name the bot"),
    ({"game": "chess"}, "game", "no game 'chess'"),
    ({"options": {"family": "huge"}}, "options", None),
])
def test_a_bad_bot_game_is_refused_and_nothing_is_stored(scene: tuple[Any, Any], changes: dict[str, Any], field: str,
                                                         message: str | None) -> None:
    from tournaments.errors import InvalidInput

    club, member = scene
    request = {"club": club, "game": "froggit", "user": member, "bot": "random", "seat": 0, **changes}
    with pytest.raises(InvalidInput) as refused:
        start_bot_game(**request)
    if message is not None:
        assert message in refused.value.message
    assert field in (refused.value.fields or {})
    assert not Match.objects.exists()


def test_only_members_play_and_only_bots_of_the_club_and_game(scene: tuple[Any, Any]) -> None:
    from tournaments.errors import Forbidden, InvalidInput

    club, member = scene
    stranger = MembershipFactory(club=ClubFactory(slug="lily", name="Lily")).user
    with pytest.raises(Forbidden):
        start_bot_game(club=club, game="froggit", user=stranger, bot="random", seat=0)
    elsewhere = bot_services.create_entry(club=stranger.memberships.get().club, owner=stranger, game="froggit",
                                          name="Far", strategy="random")
    with pytest.raises(InvalidInput, match="Pond has no bot entry"):
        start_bot_game(club=club, game="froggit", user=member, bot=elsewhere.pk, seat=0)
    other_game = bot_services.create_entry(club=club, owner=member, game="leap_frog", name="Jumper", strategy="random")
    with pytest.raises(InvalidInput, match="Jumper plays Leap Frog, not Froggit"):
        start_bot_game(club=club, game="froggit", user=member, bot=other_game.pk, seat=0)
    assert not Match.objects.exists()


def test_a_built_in_bot_is_one_player_of_the_club_for_every_game_against_it(scene: tuple[Any, Any]) -> None:
    club, member = scene
    games = [start_bot_game(club=club, game="leap_frog", user=member, bot="greedy", seat=seat, options=SMALL_BOARD)
             for seat in (0, 1)]
    players = {match.seats.get(bot_version__isnull=False).player_id for match in games}
    assert len(players) == 1 and BotEntry.objects.filter(player__club=club).count() == 1
    assert {match.seats.get(bot_version__isnull=True).player_id for match in games} == {
        club.players.get(user=member).pk}


def test_a_club_that_rates_casual_games_rates_bot_games(scene: tuple[Any, Any]) -> None:
    club, member = scene
    club.casual_rated = True
    club.save()
    match = start_bot_game(club=club, game="leap_frog", user=member, bot="random", seat=0, options=SMALL_BOARD)
    assert match.rated is True


# -- uploaded bots in the sandbox ----------------------------------------------------------------

SLOW_BOT = b"""import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
    elif message["type"] == "turn":
        print("thinking hard", file=sys.stderr, flush=True)
        time.sleep(30)
"""


def test_an_uploaded_bot_plays_in_the_sandbox_and_keeps_its_turn_report(scene: tuple[Any, Any]) -> None:
    needs_sandbox()
    club, member = scene
    noisy = example("leap_frog").replace(b"import sys", b"import sys\nprint('hello from the sandbox', file=sys.stderr)",
                                         1)
    entry = bot_services.create_entry(club=club, owner=member, game="leap_frog", name="Mine", filename="main.py",
                                      data=noisy)
    match = play_out(start_bot_game(club=club, game="leap_frog", user=member, bot=entry.pk, seat=0,
                                    options=SMALL_BOARD), member)
    assert match.status == Match.Status.FINISHED and not match.log.forfeits
    output = SeatOutput.objects.get(seat__match=match, seat__index=1)
    assert [row["turn"] for row in output.turns] == list(range(1, match.move_count, 2))
    assert all(0 <= row["bank_ms"] <= Limits().total_ms for row in output.turns)
    assert "hello from the sandbox" in output.stderr and output.forfeit == {}


def test_an_uploaded_bot_that_runs_out_of_time_forfeits(scene: tuple[Any, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    needs_sandbox()
    club, member = scene
    monkeypatch.setattr(bot_turns, "bot_limits_of", lambda match: Limits(move_ms=300, total_ms=200))
    entry = bot_services.create_entry(club=club, owner=member, game="leap_frog", name="Slow", filename="main.py",
                                      data=SLOW_BOT)
    match = start_bot_game(club=club, game="leap_frog", user=member, bot=entry.pk, seat=0, options=SMALL_BOARD)
    play.act(match, seat=0, action=play.live_state(match).legal_actions(0)[0], user=member, index=0)
    match = Match.objects.select_related("log").get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.log.forfeits == [{"seat": 1, "after": 1, "reason": "timeout"}]
    assert Seat.objects.get(match=match, index=1).forfeit_reason == "timeout"
    report = SeatOutput.objects.get(seat__match=match, seat__index=1)
    assert report.forfeit["turn"] == 1 and report.forfeit["limit"] == "total_ms"
    assert report.forfeit["last_lines"] == ["thinking hard"]
    assert report.turns[-1]["stderr"] == "thinking hard\n"


def test_a_worker_without_the_sandbox_hands_the_bot_s_turn_back(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.sandbox import SandboxUnavailable

    def no_sandbox(match_id: int) -> int:
        raise SandboxUnavailable("bwrap is missing")

    monkeypatch.setattr(bot_turns, "play_turns", no_sandbox)
    retried: list[dict[str, Any]] = []
    monkeypatch.setattr(bot_turns.play_bot_turns, "retry",
                        lambda **options: retried.append(options) or RuntimeError("handed back"))
    with pytest.raises(RuntimeError, match="handed back"):
        bot_turns.play_bot_turns(7)  # as a worker runs it
    assert retried == [{"countdown": bot_turns.SANDBOX_RETRY_SECONDS}]
    # In-process (no broker) there is no other worker: the turn waits, logged, and nothing fails.
    assert bot_turns.play_bot_turns.apply(args=(7,)).get() == 0
    assert len(retried) == 1


DAWDLER = b"""import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "ready"}), flush=True)
    elif message["type"] == "turn":
        print("bank", message["bank_ms"], file=sys.stderr, flush=True)
        time.sleep(0.3)
        print(json.dumps({"move": message["legal"][0]}), flush=True)
"""


def test_an_uploaded_bot_s_bank_is_carried_from_turn_to_turn(scene: tuple[Any, Any],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Each turn starts the program afresh, yet the bank it overdraws is the game's: a bot
    taking 300 ms a move on 100 ms a move runs out after a few turns, never on its first."""
    needs_sandbox()
    club, member = scene
    monkeypatch.setattr(bot_turns, "bot_limits_of", lambda match: Limits(move_ms=100, total_ms=500))
    entry = bot_services.create_entry(club=club, owner=member, game="leap_frog", name="Dawdler", filename="main.py",
                                      data=DAWDLER)
    match = play_out(start_bot_game(club=club, game="leap_frog", user=member, bot=entry.pk, seat=0,
                                    options=SMALL_BOARD), member)
    output = SeatOutput.objects.get(seat__match=match, seat__index=1)
    [forfeit] = match.log.forfeits
    assert forfeit["seat"] == 1 and forfeit["reason"] == "timeout" and forfeit["after"] > 1
    banks = [row["bank_ms"] for row in output.turns if "bank_ms" in row]
    assert banks and banks == sorted(banks, reverse=True) and banks[-1] < 500
    told = [int(line.split()[1]) for line in output.stderr.splitlines() if line.startswith("bank ")]
    assert told[0] == 500 and told[1:] == banks  # each run is told the bank the last one left
    assert output.forfeit["limit"] in ("total_ms", "move_ms") and output.forfeit["turn"] == forfeit["after"]
