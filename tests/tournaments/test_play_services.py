"""Playing on the board through the play service: whole games of each game from start_game to
a finished match whose stored log verifies with the same result, hand-checked first moves,
the race's secret tokens, a Measure and Tempo cycle across its draw, and what is queued."""

from __future__ import annotations

import json
import random

import pytest
from django.contrib.auth.models import AnonymousUser

from games.logs import verify_log
from games.registry import get_game
from games.seeding import commitment, derive_rng
from tests.helpers.play import QUICK, play_out
from tests.helpers.world import World
from tournaments.errors import Conflict, Forbidden, InvalidInput, MoveRejected
from tournaments.models import LiveGame, Match
from tournaments.replays import Viewpoint
from tournaments.selectors import match_envelope
from tournaments.services import live_events, matches, play, queue

PUBLIC, ALL = Viewpoint(None, False), Viewpoint(None, True)


def start(world: World, game: str, seats: int = 2, **kwargs: object) -> Match:
    players = [world.ana, world.ben, world.cy, world.dora][:seats]
    return play.start_game(club=world.club, game=game, players=players, options=QUICK[game], by=world.director,
                           **kwargs)


@pytest.mark.parametrize("game, seats", [("leapfrog_race", 2), ("leapfrog_race", 3), ("measure_and_tempo", 2),
                                         ("froggit", 2), ("froggit", 3), ("leap_frog", 2)])
def test_whole_games_played_by_seeded_random_actions_verify_with_the_stored_result(
        world: World, game: str, seats: int) -> None:
    match = start(world, game, seats)
    assert match.seed and match.commitment == commitment(match.seed)
    match = play_out(match, random.Random(f"{game}{seats}"), world.director)
    assert match.status == Match.Status.FINISHED
    verification = verify_log(match_envelope(match))
    assert verification["valid"] and verification["finished"]
    assert verification["result"]["ranks"] == match.result["ranks"]
    assert verification["result"]["scores"] == match.result["scores"]
    assert LiveGame.objects.get(match=match).steps == []
    assert play.play_view(match, ALL)["to_move"] == [] and play.play_view(match, ALL)["legal"] == {}


def test_a_race_turn_is_logged_once_both_seats_chose_with_the_other_frogs_drawn_from_the_seed(world: World) -> None:
    match = start(world, "leapfrog_race")
    assert match.options["colours"] == "RY"
    match = play.act(match, seat=1, action="5", user=world.director, index=0)
    assert match.move_count == 0 and match.log.moves == []
    match = play.act(match, seat=0, action="3", user=world.director, index=0)
    engine = get_game("leapfrog_race")
    expected = engine.new_state(match.options, 2, match.log.setup)
    expected.apply_action(1, "5")
    expected.apply_action(0, "3")
    expected.apply_chance(expected.sample_chance(derive_rng(match.seed, "live", 0)))
    assert match.log.moves == expected.moves and len(match.log.moves) == 1
    pairs = dict((part[0], part[1]) for part in match.log.moves[0].split(" "))
    assert pairs["R"] == "3" and pairs["Y"] == "5" and sorted(pairs) == sorted("RYPOBG")
    assert LiveGame.objects.get(match=match).steps == [] and LiveGame.objects.get(match=match).draws == 1


def test_the_first_chooser_s_token_is_nowhere_until_the_turn_is_complete(world: World) -> None:
    match = start(world, "leapfrog_race")
    before = {key: play.play_view(match, view) for key, view in
              (("public", PUBLIC), ("seat1", Viewpoint(1, False)), ("all", ALL))}
    match = play.act(match, seat=0, action="4", user=world.director, index=0)
    live = LiveGame.objects.get(match=match)
    assert live.steps == [[0, "4"]] and match.log.moves == [] and match.move_count == 0
    for key, view in (("public", PUBLIC), ("seat1", Viewpoint(1, False)), ("all", ALL)):
        shown = play.play_view(match, view)
        assert shown["chosen"] == [0] and shown["to_move"] == [1] and shown["count"] == 0
        assert "0" not in shown["legal"]
        assert shown["legal"] == {seat: legal for seat, legal in before[key]["legal"].items() if seat != "0"}
        assert {k: v for k, v in shown.items() if k not in ("chosen", "to_move", "legal")} == \
            {k: v for k, v in before[key].items() if k not in ("chosen", "to_move", "legal")}
    with pytest.raises(MoveRejected, match="already chosen"):
        play.act(match, seat=0, action="5", user=world.director, index=0)


def test_a_cycle_takes_two_actions_around_its_draw_and_logs_once(world: World) -> None:
    match = start(world, "measure_and_tempo")
    setup = match.log.setup
    first = setup["first"]
    other = 1 - first
    guard = next(action for action in play.live_state(match).legal_actions(first) if action.startswith("guard"))
    match = play.act(match, seat=first, action=guard, user=world.director, index=0)
    assert match.log.moves == [guard]
    match = play.act(match, seat=other, action="cycle", user=world.director, index=1)
    drawn = setup["deck"][:2]
    live = LiveGame.objects.get(match=match)
    assert match.move_count == 1 and live.steps == [[other, "cycle"], [None, f"+{drawn[0]} +{drawn[1]}"]]
    mine = play.play_view(match, Viewpoint(other, False))
    assert mine["to_move"] == [other] and mine["chosen"] == [other]
    unders = mine["legal"][str(other)]
    assert unders and all(action.startswith("under ") for action in unders)
    assert any(drawn[0] in action for action in unders)
    theirs = play.play_view(match, Viewpoint(first, False))
    assert theirs["legal"] == {} and not any(card in str(theirs) for card in drawn)
    under = f"under {drawn[0]} {setup['hands'][other][0]}"
    match = play.act(match, seat=other, action=under, user=world.director, index=1)
    assert match.log.moves == [guard, f"cycle +{drawn[0]} +{drawn[1]} -{drawn[0]} -{setup['hands'][other][0]}"]
    assert LiveGame.objects.get(match=match).steps == []


def test_hand_checked_first_moves_of_froggit_and_leap_frog(world: World) -> None:
    froggit = start(world, "froggit")
    froggit = play.act(froggit, seat=0, action="L start a2", user=world.director, index=0)
    assert froggit.log.moves == ["L start a2"] and play.play_view(froggit, ALL)["to_move"] == [1]
    leap = start(world, "leap_frog")
    leap = play.act(leap, seat=0, action="c3", user=world.director, index=0)
    assert leap.log.moves == ["c3"] and play.play_view(leap, ALL)["to_move"] == [1]
    with pytest.raises(MoveRejected) as refused:
        play.act(leap, seat=0, action="c3", user=world.director, index=1)
    assert refused.value.fields == {"action": [refused.value.message]}
    assert matches.reverify(leap)["valid"]


def test_a_board_match_takes_no_move_but_from_the_board(world: World) -> None:
    match = start(world, "leap_frog")
    with pytest.raises(Conflict) as refused:
        matches.append_move(match, move="c3", index=0)
    assert refused.value.code == "played_on_board" and Match.objects.get(pk=match.pk).move_count == 0


def test_starting_a_game_checks_who_starts_it_and_what_is_asked(world: World) -> None:
    assert play.start_game(club=world.club, game="leap_frog", players=[world.ana, world.ben],
                           by=world.member).rated is False
    for by in (world.bystander, world.outsider, AnonymousUser()):
        with pytest.raises(Forbidden):
            play.start_game(club=world.club, game="leap_frog", players=[world.ana, world.ben], by=by)
    with pytest.raises(Forbidden, match="only its directors may rate"):
        play.start_game(club=world.club, game="leap_frog", players=[world.ana, world.ben], by=world.member,
                        rated=True)
    assert play.start_game(club=world.club, game="leap_frog", players=[world.ana, world.ben], by=world.director,
                           rated=True).rated
    world.club.casual_rated = True
    world.club.save()
    assert play.start_game(club=world.club, game="leap_frog", players=[world.ana, world.ben],
                           by=world.member).rated
    count = Match.objects.count()
    for bad in ({"clock_seconds": 0}, {"clock_seconds": 10, "increment_seconds": -1},
                {"increment_seconds": 5}, {"options": {"rows": 99}}, {"game": "chess"}):
        fields = {"game": "leap_frog", **bad}
        with pytest.raises(InvalidInput):
            play.start_game(club=world.club, players=[world.ana, world.ben], by=world.director, **fields)
    assert Match.objects.count() == count


def test_an_existing_match_goes_on_the_board_with_a_seed_committed_before_any_draw(world: World) -> None:
    match = matches.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                 setup={"order": "RYGBOP"})
    assert match.seed == ""
    with pytest.raises(Forbidden):
        play.open_live(match, by=world.bystander)
    live = play.open_live(match, by=world.member, clock_seconds=300)
    match.refresh_from_db()
    assert match.seed and match.commitment == commitment(match.seed) and live.remaining_ms == [300000, 300000]
    with pytest.raises(Conflict) as twice:
        play.open_live(match, by=world.director)
    assert twice.value.code == "already_live"


def test_every_change_is_published_once_it_commits(world: World, monkeypatch: pytest.MonkeyPatch,
                                                   django_capture_on_commit_callbacks) -> None:
    published: list[int] = []
    monkeypatch.setattr(live_events, "publish_match", published.append)
    with django_capture_on_commit_callbacks(execute=True):
        match = start(world, "leap_frog")
    with django_capture_on_commit_callbacks(execute=True):
        play.act(match, seat=0, action="c3", user=world.director, index=0)
    assert published == [match.pk, match.pk]


def test_bot_seats_to_move_are_queued_by_name_unless_a_bot_is_moving(world: World,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    queued: list[tuple[str, tuple]] = []
    monkeypatch.setattr(queue, "after_commit_named", lambda name, *args: queued.append((name, args)))
    from tournaments.services import bots as bot_services

    entry = bot_services.create_entry(club=world.club, owner=world.director, game="leap_frog", name="Hopper",
                                      strategy="random")
    match = play.start_game(club=world.club, game="leap_frog", players=[world.ana, entry.player],
                            options=QUICK["leap_frog"], by=world.member)
    assert queued == []  # seat 0, a person, moves first
    match = play.act(match, seat=0, action="c3", user=world.member, index=0)
    assert queued == [("tournaments.play_bot_turns", (match.pk,))]
    with pytest.raises(Forbidden):
        play.act(match, seat=1, action=play.live_state(match).legal_actions(1)[0], user=world.director, index=1)
    play.act(match, seat=1, action=play.live_state(match).legal_actions(1)[0], bot=True, index=1)
    assert len(queued) == 1
    with pytest.raises(Forbidden, match="not a bot's seat"):
        play.act(match, seat=0, action="a1", bot=True, index=2)


EXAMPLES = ["leapfrog_race/04-valid.json", "measure_and_tempo/02-valid.json", "froggit/03-valid.json",
            "leap_frog/05-valid.json"]


def actions_of(state: object, move: str, colours: str) -> list[tuple[int, str]]:
    """The board's decisions that make up one log move of the example (hand-checked logs)."""
    if state.game.slug == "leapfrog_race":  # every frog has a seat: each seat's token, no chance
        tokens = dict((part[0], part[1]) for part in move.split(" "))
        return [(seat, tokens[colour]) for seat, colour in enumerate(colours)]
    seat = state.to_move()[0]
    if move.startswith("cycle "):  # cycle +A +B -X -Y: the cycle, the draw, then the two put under
        under = [part[1:] for part in move.split(" ") if part.startswith("-")]
        return [(seat, "cycle"), (seat, f"under {under[0]} {under[1]}")]
    return [(seat, move)]


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_hand_checked_example_games_played_on_the_board_log_the_same_moves_and_result(
        world: World, example: str) -> None:
    from tests.helpers import ROOT

    folder = ROOT / "tests" / "data" / "examples"
    log = json.loads((folder / example).read_text(encoding="utf-8"))
    expected = next(json.loads(line) for line in (folder / "expected.jsonl").read_text().splitlines()
                    if json.loads(line)["file"] == example)
    players = [world.ana, world.ben, world.cy, world.dora, world.eve, world.fay][:len(log["players"])]
    match = matches.create_match(club=world.club, game=log["game"], players=players, options=log["options"],
                                 setup=log["setup"])
    play.open_live(match, by=world.director)
    for number, move in enumerate(log["moves"]):
        for seat, action in actions_of(play.live_state(match), move, match.options.get("colours", "")):
            match = play.act(match, seat=seat, action=action, user=world.director, index=number)
        assert match.log.moves == log["moves"][:number + 1], f"move {number}"
    assert match.status == Match.Status.FINISHED
    assert match.result["ranks"] == expected["ranks"] and match.result["scores"] == expected["scores"]
    assert verify_log(match_envelope(match))["valid"]


def test_with_a_broker_the_clock_check_is_queued_for_the_first_flag_fall(
        world: World, monkeypatch: pytest.MonkeyPatch, settings: object, clock: object,
        django_capture_on_commit_callbacks) -> None:
    from celery import current_app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    checks: list[tuple[list, float]] = []
    sent: list[tuple[str, list]] = []
    monkeypatch.setattr(play.check_clock, "apply_async", lambda args, countdown: checks.append((list(args), countdown)))
    monkeypatch.setattr(current_app, "send_task", lambda name, args: sent.append((name, args)))
    monkeypatch.setattr(live_events, "publish_match", lambda match_id: None)
    with django_capture_on_commit_callbacks(execute=True):
        match = start(world, "leapfrog_race", clock_seconds=90)
    assert checks == [([match.pk], 90.05)]
    clock.advance(30)
    with django_capture_on_commit_callbacks(execute=True):
        play.act(match, seat=0, action="1", user=world.director, index=0)
    assert checks[-1] == ([match.pk], 60.05) and sent == []
    from tournaments.services import bots as bot_services

    entry = bot_services.create_entry(club=world.club, owner=world.director, game="leap_frog", name="Hopper",
                                      strategy="random")
    with django_capture_on_commit_callbacks(execute=True):
        game = play.start_game(club=world.club, game="leap_frog", players=[world.ana, entry.player],
                               options=QUICK["leap_frog"], by=world.member)
        play.act(game, seat=0, action="c3", user=world.member, index=0)
    assert sent == [("tournaments.play_bot_turns", [game.pk])]
