"""Bot entries through the services: creating entries, versions, checks on uploads, the
version every match records, and uploaded bots playing tournament matches in the sandbox."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from games.sandbox import Limits
from tests.helpers.bots import EXAMPLES, example, needs_sandbox
from tests.helpers.world import World
from tests.helpers.tournaments import run
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import BotEntry, BotVersion, Match, Player, Seat, SeatOutput, Tournament
from tournaments.services import bots as services
from tournaments.services import tournaments as tournament_services

def zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_built_in_entry_is_a_player_with_version_one(world: World) -> None:
    entry = services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper",
                                  strategy="mcts:budget=20", description="tree search")
    assert entry.player.kind == Player.Kind.BOT and entry.player.club == world.club
    version = entry.active_version
    assert (version.number, version.kind, version.strategy, version.code) == (1, "builtin", "mcts:budget=20", None)
    assert len(version.sha256) == 64


def test_an_upload_is_stored_with_its_sha256(world: World) -> None:
    data = example("leapfrog_race")
    entry = services.create_entry(club=world.club, owner=world.member, game="leapfrog_race", name="Racer",
                                  filename="main.py", data=data)
    version = entry.active_version
    assert version.kind == "python" and bytes(version.code) == data and version.size == len(data)
    import hashlib

    assert version.sha256 == hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize(("fields", "code", "field"), [
    ({"strategy": "nobody"}, "bad_strategy", "strategy"),
    ({"strategy": "mcts:budget=0"}, "bad_strategy", "strategy"),
    ({"strategy": "mcts:speed=3"}, "bad_strategy", "strategy"),
    ({"filename": "main.py", "data": b"def broken(:\n"}, "bad_bundle", "file"),
    ({"filename": "bot.zip", "data": b"PK\x03\x04 not really"}, "bad_bundle", "file"),
    ({"filename": "bot.zip", "data": zipped({"../main.py": b"print(1)\n"})}, "bad_bundle", "file"),
    ({"filename": "bot.zip", "data": zipped({"lib/main.py": b"print(1)\n"})}, "bad_bundle", "file"),
    ({"filename": "main.py", "data": b""}, "bad_bundle", "file"),
    ({"filename": "main.py", "data": b"x = 1\n" * 400_000}, "bad_bundle", "file"),
    ({}, "invalid", "strategy"),
    ({"strategy": "random", "filename": "main.py", "data": b"print(1)\n"}, "invalid", "strategy"),
])
def test_a_bad_source_is_refused_and_nothing_is_stored(world: World, fields: dict, code: str, field: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        services.create_entry(club=world.club, owner=world.member, game="froggit", name="Broken", **fields)
    assert refused.value.code == code and field in refused.value.fields
    assert not Player.objects.filter(name="Broken").exists() and not BotVersion.objects.exists()


def test_names_are_unique_in_the_club_and_games_must_exist(world: World) -> None:
    with pytest.raises(InvalidInput, match="already has a player named 'Ana'"):
        services.create_entry(club=world.club, owner=world.member, game="froggit", name="Ana", strategy="random")
    with pytest.raises(InvalidInput) as unknown:
        services.create_entry(club=world.club, owner=world.member, game="chess", name="X", strategy="random")
    assert unknown.value.code == "unknown_game"


def test_versions_are_numbered_immutable_and_one_is_active(world: World) -> None:
    entry = services.create_entry(club=world.club, owner=world.member, game="leap_frog", name="Jumper",
                                  strategy="greedy")
    second = services.add_version(entry, by=world.member, strategy="search", note="deeper")
    entry.refresh_from_db()
    assert (second.number, entry.active_version) == (2, second)
    third = services.add_version(entry, by=world.member, filename="main.py", data=example("leap_frog"),
                                 activate=False)
    entry.refresh_from_db()
    assert third.number == 3 and entry.active_version == second
    with pytest.raises(InvalidInput) as same:
        services.add_version(entry, strategy="search")
    assert same.value.code == "duplicate_version"
    assert services.activate_version(entry, 1).number == 1
    with pytest.raises(InvalidInput):
        services.activate_version(entry, 9)
    assert list(entry.versions.order_by("number").values_list("number", "strategy")) == [
        (1, "greedy"), (2, "search"), (3, "")]


def test_a_match_records_the_version_active_when_it_was_scheduled(world: World) -> None:
    one = services.builtin_player(world.club, "leapfrog_race", "One", "random")
    two = services.builtin_player(world.club, "leapfrog_race", "Two", "greedy")
    tournament = tournament_services.create_tournament(club=world.club, name="Cup", game="leapfrog_race",
                                                       format="round_robin", bots=True, seed="v")
    for player in (one, two):
        tournament_services.register(tournament, player)
    tournament_services.start(tournament)
    [match] = tournament_services.advance(tournament.pk)
    entry = BotEntry.objects.get(player=one)
    scheduled = entry.active_version
    services.add_version(entry, strategy="mc:budget=5")
    assert tournament_services.play_scheduled(match.pk)
    seat = Seat.objects.get(match=match, player=one)
    assert seat.bot_version == scheduled


def test_scheduling_names_each_version_without_reading_its_code(world: World) -> None:
    data = example("leapfrog_race")
    racer = services.create_entry(club=world.club, owner=world.member, game="leapfrog_race", name="Racer",
                                  filename="main.py", data=data).player
    house = services.builtin_player(world.club, "leapfrog_race", "House", "random")
    uploaded, built_in = services.active_versions([racer, house])
    assert built_in == BotEntry.objects.get(player=house).active_version
    assert "code" in uploaded.get_deferred_fields() and uploaded.uploaded
    assert bytes(uploaded.code) == data  # read when asked for, as a match played reads it


def test_builtin_player_adds_a_version_when_the_strategy_changes(world: World) -> None:
    first = services.builtin_player(world.club, "froggit", "House", "random")
    again = services.builtin_player(world.club, "froggit", "House", "random")
    changed = services.builtin_player(world.club, "froggit", "House", "greedy")
    assert first == again == changed
    assert list(first.bot_entry.versions.order_by("number").values_list("strategy", flat=True)) == ["random", "greedy"]


def test_bot_tournaments_take_only_bots_of_their_game(world: World) -> None:
    tournament = tournament_services.create_tournament(club=world.club, name="Cup", game="froggit",
                                                       format="round_robin", bots=True)
    with pytest.raises(InvalidInput) as person:
        tournament_services.register(tournament, world.ana)
    assert person.value.code == "not_a_bot"
    racer = services.builtin_player(world.club, "leapfrog_race", "Racer", "random")
    with pytest.raises(InvalidInput) as other_game:
        tournament_services.register(tournament, racer)
    assert other_game.value.code == "wrong_game"


def test_limits_are_checked(world: World) -> None:
    assert services.parse_limits({"move_ms": 200}).move_ms == 200
    assert services.parse_limits(None) == Limits()
    for bad in ({"move_ms": 0}, {"move_ms": "1"}, {"speed": 1}, [1], {"total_ms": 10**9}):
        with pytest.raises(InvalidInput):
            services.parse_limits(bad)
    with pytest.raises(InvalidInput):
        tournament_services.create_tournament(club=world.club, name="Fast", game="froggit", format="round_robin",
                                              bots=True, bot_limits={"move_ms": -5})
    assert not Tournament.objects.exists()


def test_an_entry_that_played_cannot_be_deleted(world: World) -> None:
    entry = services.create_entry(club=world.club, owner=world.member, game="froggit", name="Gone", strategy="random")
    services.delete_entry(entry)
    assert not Player.objects.filter(name="Gone").exists()
    kept = services.create_entry(club=world.club, owner=world.member, game="froggit", name="Kept", strategy="random")
    tournament = tournament_services.create_tournament(club=world.club, name="Cup", game="froggit",
                                                       format="round_robin", bots=True)
    tournament_services.register(tournament, kept.player)
    with pytest.raises(Conflict):
        services.delete_entry(kept)


def uploaded_tournament(world: World, sources: dict[str, bytes], game: str = "leapfrog_race",
                        limits: dict | None = None) -> Tournament:
    tournament = tournament_services.create_tournament(club=world.club, name="Uploads", game=game,
                                                       format="round_robin", bots=True, seed="up",
                                                       bot_limits=limits or {}, rated=False)
    for name, data in sources.items():
        if data.startswith(b"builtin:"):
            player = services.builtin_player(world.club, game, name, data.decode().split(":", 1)[1])
        else:
            player = services.create_entry(club=world.club, owner=world.member, game=game, name=name,
                                           filename="main.py", data=data).player
        tournament_services.register(tournament, player)
    return tournament_services.start(tournament)


@pytest.mark.parametrize("game", ["leapfrog_race", "measure_and_tempo", "froggit", "leap_frog"])
def test_uploaded_and_built_in_bots_play_a_tournament_together(world: World, game: str) -> None:
    needs_sandbox()
    tournament = run(uploaded_tournament(world, {"Example": example(game), "House": b"builtin:random"}, game=game))
    assert tournament.status == Tournament.Status.FINISHED
    for match in Match.objects.filter(tournament=tournament):
        assert match.status == Match.Status.FINISHED
        assert not match.log.forfeits, match.log.forfeits
        uploaded = match.seats.get(player__name="Example")
        assert uploaded.bot_version.kind == "python"


def test_a_failing_upload_forfeits_and_its_stderr_is_kept_for_its_owner(world: World) -> None:
    needs_sandbox()
    crasher = b"import sys\nprint('about to fail', file=sys.stderr)\nraise SystemExit(3)\n"
    tournament = run(uploaded_tournament(world, {"Crasher": crasher, "House": b"builtin:random"}))
    [match] = Match.objects.filter(tournament=tournament)
    seat = match.seats.get(player__name="Crasher")
    assert seat.forfeit_reason and seat.rank == 2
    assert "about to fail" in SeatOutput.objects.get(seat=seat).stderr
    assert not SeatOutput.objects.filter(seat__player__name="House").exists()


def test_uploads_are_refused_where_the_sandbox_cannot_run(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    from games.sandbox import SandboxUnavailable

    def unavailable() -> None:
        raise SandboxUnavailable("bwrap is not installed")

    monkeypatch.setattr(services, "require_sandbox", unavailable)
    with pytest.raises(services.BotUnavailable, match="bwrap is not installed"):
        uploaded_tournament(world, {"Example": example("froggit"), "House": b"builtin:random"}, game="froggit")
    assert Tournament.objects.get().status == Tournament.Status.REGISTRATION
    # built-in bots still play
    built_in = run(uploaded_tournament(world, {"R1": b"builtin:random", "R2": b"builtin:random"}, game="froggit"))
    assert built_in.status == Tournament.Status.FINISHED


def test_example_files_exist_for_every_game() -> None:
    assert sorted(path.stem for path in Path(EXAMPLES).glob("*.py")) == [
        "froggit", "leap_frog", "leapfrog_race", "measure_and_tempo"]
