"""Challenges and reruns (services, in-process tasks): games played from the owner's seeds in
the owner's seats, never rated; a rerun of a stored ladder match with another version and the
first move where the two differ; the daily quota; who may seat which version."""

from __future__ import annotations

import pytest

from tests.helpers.world import World
from tournaments import challenge_reads
from tournaments.errors import Forbidden, InvalidInput
from tournaments.models import Challenge, Ladder, Match, Rating, RatingMark, Seat
from tournaments.services import bots as bot_services
from tournaments.services import challenges as services
from tournaments.services import ladders as ladder_services
from tournaments.services.challenges import QuotaExceeded
from tournaments.services.tournaments import play_scheduled


def versions(world: World, *strategies: str, owner=None, name: str = "Mine", ladder: bool = True):
    """One entry of ``owner`` (the member by default) with a version per strategy."""
    entry = bot_services.create_entry(club=world.club, owner=owner or world.member, game="froggit", name=name,
                                      strategy=strategies[0], ladder=ladder)
    for strategy in strategies[1:]:
        bot_services.add_version(entry, by=owner or world.member, strategy=strategy)
    return list(entry.versions.order_by("number"))


def builtin(world: World, name: str = "House", strategy: str = "greedy"):
    return bot_services.builtin_player(world.club, "froggit", name, strategy).bot_entry.active_version


def test_a_challenge_plays_one_unrated_game_per_seed_in_the_chosen_seats(world: World) -> None:
    [mine] = versions(world, "random")
    house = builtin(world)
    challenge = services.create_challenge(owner=world.member, version=mine, lineup=[house, mine],
                                          options={"version": "expert"}, seed_base="base", count=3)
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.FINISHED and challenge.finished_at is not None
    assert challenge.seeds == services.game_seeds(seed_base="base", count=3)  # derived, the same every time
    matches = list(challenge.matches.order_by("game_number"))
    assert [match.seed for match in matches] == challenge.seeds
    for match in matches:
        assert match.status == Match.Status.FINISHED and not match.rated
        assert match.tournament_id is None and match.ladder_id is None
        assert match.options["version"] == "expert"
        seats = list(match.seats.order_by("index"))
        assert [seat.bot_version_id for seat in seats] == [house.pk, mine.pk]
    assert challenge_reads.owner_seat(challenge) == 1
    rows = challenge_reads.game_rows(challenge)
    assert [row["seed"] for row in rows] == challenge.seeds and all(row["rank"] for row in rows)


def test_explicit_seeds_are_played_as_given_and_give_the_same_games_again(world: World) -> None:
    [mine] = versions(world, "greedy")
    house = builtin(world, strategy="random")
    first = services.create_challenge(owner=world.member, version=mine, lineup=[mine, house], seeds=["s1", "s2"])
    again = services.create_challenge(owner=world.member, version=mine, lineup=[mine, house], seeds=["s1", "s2"])
    assert first.seeds == ["s1", "s2"]
    moves = [[match.log.moves for match in challenge.matches.order_by("game_number")] for challenge in (first, again)]
    assert moves[0] == moves[1]


def test_a_challenge_moves_no_rating_and_no_ladder_standing(world: World) -> None:
    ladder = ladder_services.create_ladder(club=world.club, game="froggit", seed="l", matches_per_run=1)
    [mine] = versions(world, "random")
    rival = versions(world, "greedy", owner=world.bystander, name="Rival")[0]
    [match] = ladder_services.schedule_round(ladder.pk)
    assert play_scheduled(match.pk)
    ratings = sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games"))
    marks = RatingMark.objects.count()
    candidates = ladder_services.candidates(Ladder.objects.get(pk=ladder.pk))
    services.create_challenge(owner=world.member, version=mine, lineup=[mine, rival], seed_base="x", count=4)
    assert sorted(Rating.objects.values_list("player_id", "mu", "sigma", "games")) == ratings
    assert RatingMark.objects.count() == marks
    assert ladder_services.candidates(Ladder.objects.get(pk=ladder.pk)) == candidates
    assert Seat.objects.filter(match__challenge__isnull=False, player=mine.entry.player).count() == 4


def test_the_daily_quota_counts_games_and_reruns_and_refuses_with_429(world: World) -> None:
    world.club.challenge_quota = 3
    world.club.save()
    [mine] = versions(world, "random")
    house = builtin(world)
    services.create_challenge(owner=world.member, version=mine, lineup=[mine, house], seed_base="a", count=2)
    before = (Challenge.objects.count(), Match.objects.count())
    with pytest.raises(QuotaExceeded) as refused:
        services.create_challenge(owner=world.member, version=mine, lineup=[mine, house], seed_base="b", count=2)
    assert refused.value.status == 429
    assert "allows 3 challenge games a day" in refused.value.message and "1 left, not 2" in refused.value.message
    assert list(refused.value.fields) == ["count"]
    assert (Challenge.objects.count(), Match.objects.count()) == before  # nothing stored
    played = Challenge.objects.first().matches.first()
    services.create_rerun(owner=world.member, match=played, version=mine)  # the third game
    with pytest.raises(QuotaExceeded, match="0 left, not 1"):
        services.create_rerun(owner=world.member, match=played, version=mine)
    # Another owner has a quota of their own.
    theirs = versions(world, "random", owner=world.bystander, name="Theirs")[0]
    services.create_challenge(owner=world.bystander, version=theirs, lineup=[theirs, house], seeds=["z"])


def test_only_the_owner_challenges_with_a_version_and_only_against_versions_they_may_see(world: World) -> None:
    [mine] = versions(world, "random")
    private = versions(world, "random", owner=world.bystander, name="Private", ladder=False)[0]
    with pytest.raises(Forbidden, match="only the owner of Mine"):
        services.create_challenge(owner=world.bystander, version=mine, lineup=[mine, private], seeds=["s"])
    # A built-in version of someone else's entry is fine; their uploaded bot is, only on the ladder.
    assert services.may_face(world.member, world.club, private)  # a built-in strategy
    uploaded = bot_services.create_entry(club=world.club, owner=world.bystander, game="froggit", name="Code",
                                         filename="main.py", data=b"print('x')\n", ladder=False).active_version
    assert not services.may_face(world.member, world.club, uploaded)
    with pytest.raises(InvalidInput, match="not a version you may challenge"):
        services.create_challenge(owner=world.member, version=mine, lineup=[mine, uploaded], seeds=["s"])
    bot_services.update_entry(uploaded.entry, ladder=True)
    uploaded.entry.refresh_from_db()
    assert services.may_face(world.member, world.club, uploaded)
    other_club = bot_services.builtin_player(world.other_club, "froggit", "Far", "random").bot_entry.active_version
    with pytest.raises(InvalidInput, match=f"seat 1: version {other_club.pk} is not a bot version of"):
        services.create_challenge(owner=world.member, version=mine, lineup=[mine, other_club], seeds=["s"])
    hidden = bot_services.builtin_player(world.private_club, "froggit", "Secret", "random").bot_entry.active_version
    with pytest.raises(InvalidInput) as refused:  # a private club's bot is not named to an outsider
        services.create_challenge(owner=world.member, version=hidden, lineup=[hidden, mine], seeds=["s"])
    assert refused.value.message == f"no bot version {hidden.pk}" and "Secret" not in str(refused.value.fields)
    assert not Challenge.objects.exists()


@pytest.mark.parametrize(("kwargs", "field", "words"), [
    ({"lineup": "mine-twice"}, "lineup", "exactly one seat"),
    ({"lineup": "alone"}, "lineup", "takes 2 to 6 players"),
    ({"options": {"version": "nope"}}, "options", "version"),
    ({"seeds": ["a"], "seed_base": "b"}, "seeds", "not both"),
    ({"seed_base": "b", "count": 0}, "count", "from 1 to 100"),
    ({"seed_base": "b", "count": 101}, "count", "from 1 to 100"),
    ({"seeds": ["ok", " "]}, "seeds", "1 to 200 characters"),
    ({}, "seed_base", "give the seeds"),
])
def test_bad_input_is_refused_beside_its_field_and_stores_nothing(world: World, kwargs: dict, field: str,
                                                                   words: str) -> None:
    [mine] = versions(world, "random")
    house = builtin(world)
    lineup = {"mine-twice": [mine, mine], "alone": [mine]}.get(kwargs.pop("lineup", ""), [mine, house])
    with pytest.raises(InvalidInput) as refused:
        services.create_challenge(owner=world.member, version=mine, lineup=lineup, **kwargs)
    assert field in refused.value.fields and words in refused.value.message
    assert not Challenge.objects.exists() and not Match.objects.filter(challenge__isnull=False).exists()


def ladder_match(world: World) -> tuple[Match, list, object]:
    """A stored, finished ladder match between the member's Mine (v1 random, v2 greedy, v1
    active) and the bystander's Rival."""
    ladder = ladder_services.create_ladder(club=world.club, game="froggit", seed="rerun", matches_per_run=1)
    mine = versions(world, "random", "greedy")
    bot_services.activate_version(mine[0].entry, 1)
    rival = versions(world, "mcts:budget=20", owner=world.bystander, name="Rival")[0]
    [match] = ladder_services.schedule_round(ladder.pk)
    assert play_scheduled(match.pk)
    return Match.objects.get(pk=match.pk), mine, rival


def test_a_rerun_replays_a_ladder_match_with_another_version_and_shows_where_they_part(world: World) -> None:
    match, (v1, v2), rival = ladder_match(world)
    seat = match.seats.get(player=v1.entry.player).index
    rerun = services.create_rerun(owner=world.member, match=match, version=v2)
    assert rerun.rerun_of == match and rerun.seeds == [match.seed] and len(rerun.seeds) == 1
    [game] = rerun.matches.all()
    assert not game.rated and game.ladder_id is None and game.status == Match.Status.FINISHED
    assert game.log.setup == match.log.setup and game.options == match.options
    lineup = {s.index: s.bot_version_id for s in game.seats.all()}
    assert lineup[seat] == v2.pk and lineup[1 - seat] == rival.pk
    found = challenge_reads.divergence(rerun, world.member)
    original, replayed = match.log.moves, game.log.moves
    first = next(i for i, (a, b) in enumerate(zip(original, replayed)) if a != b)
    assert found.first == first and original[:first] == replayed[:first]
    assert [row["index"] for row in found.rows if row["first"]] == [first]
    # The same version in the seat plays the very same game: nothing differs.
    same = services.create_rerun(owner=world.member, match=match, version=v1)
    assert same.matches.get().log.moves == original
    assert challenge_reads.divergence(same, world.member).first is None


def test_only_an_owner_of_a_seat_reruns_a_finished_bot_match(world: World) -> None:
    match, (v1, v2), rival = ladder_match(world)
    with pytest.raises(Forbidden, match="only the owner of Mine"):
        services.create_rerun(owner=world.bystander, match=match, version=v2)
    with pytest.raises(InvalidInput, match="Rival does not play seat"):
        services.create_rerun(owner=world.bystander, match=match, version=rival,
                              seat=match.seats.get(player=v1.entry.player).index)
    with pytest.raises(Forbidden, match="not one you may see"):
        services.create_rerun(owner=world.outsider, match=Match.objects.filter(club=world.private_club).first()
                              or match.__class__(pk=10**9), version=v2)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    with pytest.raises(InvalidInput, match="not finished"):
        services.create_rerun(owner=world.member, match=match, version=v2)
    assert not Challenge.objects.exists()
    assert services.rerun_seats(world.director, Match.objects.get(pk=match.pk)) == []


def test_first_difference() -> None:
    assert challenge_reads.first_difference(["a", "b"], ["a", "b"]) is None
    assert challenge_reads.first_difference(["a", "b"], ["a", "c"]) == 1
    assert challenge_reads.first_difference(["a", "b"], ["a"]) == 1


def test_without_a_sandbox_a_challenge_of_an_uploaded_bot_is_refused_up_front(world: World, monkeypatch) -> None:
    from games.sandbox import SandboxUnavailable
    from tournaments.services.bots import BotUnavailable

    def unavailable() -> None:
        raise SandboxUnavailable("bwrap is not installed")

    monkeypatch.setattr("tournaments.services.bots.require_sandbox", unavailable)
    uploaded = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Code",
                                         filename="main.py", data=b"print('x')\n").active_version
    with pytest.raises(BotUnavailable, match="bwrap is not installed"):
        services.create_challenge(owner=world.member, version=uploaded, lineup=[uploaded, builtin(world)], seeds=["s"])
    assert not Challenge.objects.exists()


def test_a_worker_without_a_sandbox_marks_the_challenge_failed_and_the_sweeper_finds_its_game(
        world: World, monkeypatch) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from games.sandbox import SandboxUnavailable
    from tournaments.services.bots import BotUnavailable
    from tournaments.services.tournaments import stale_matches

    [mine] = versions(world, "random")
    challenge = services.store(owner=world.member, version=mine, lineup=[mine, builtin(world)],
                               options={}, seeds=["w"], field="count")  # stored, not yet played
    uploaded = bot_services.add_version(mine.entry, by=world.member, filename="main.py", data=b"print('x')\n")
    Seat.objects.filter(match__challenge=challenge, bot_version=mine).update(bot_version=uploaded)

    def unavailable() -> None:
        raise SandboxUnavailable("no bubblewrap on this worker")

    monkeypatch.setattr("tournaments.services.bots.require_sandbox", unavailable)
    game = challenge.matches.get()
    with pytest.raises(BotUnavailable):
        play_scheduled(game.pk)
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.FAILED and "no bubblewrap on this worker" in challenge.error
    Match.objects.filter(pk=game.pk).update(started_at=timezone.now() - timedelta(hours=2))
    assert game.pk in stale_matches()  # played again later, on a worker that can


@pytest.mark.django_db(transaction=True)
def test_owners_racing_requests_never_pass_the_quota_together() -> None:
    """Six requests of two games at once against a quota of five: the club's row is locked
    while each one counts, so two are stored and four refused (PostgreSQL)."""
    import threading

    from django.db import connection

    from tests.helpers import needs_postgresql
    from tests.helpers.world import make_world

    needs_postgresql("requests racing for the quota")
    world = make_world()
    world.club.challenge_quota = 5
    world.club.save()
    [mine] = versions(world, "random")
    house = builtin(world)
    outcomes: list[str] = []
    start = threading.Barrier(6)

    def ask(number: int) -> None:
        try:
            start.wait()
            services.store(owner=world.member, version=mine, lineup=[mine, house], options={},
                           seeds=[f"race-{number}-a", f"race-{number}-b"], field="count")
            outcomes.append("stored")
        except QuotaExceeded:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=ask, args=(number,)) for number in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused"] * 4 + ["stored"] * 2
    assert services.games_today(world.member, world.club) == 4
