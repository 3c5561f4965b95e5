"""The hidden-information audit of play on the board, through every door: the API's match, list,
log, verification, positions and board, the match page's source, and the log export.

Until a match ends, a Measure and Tempo hand shows only to its own seat (and to directors
keeping score who do not sit at it), a decision of the turn under way (a race's first token, a
cycle's drawn cards) to nobody at all, and the seed to nobody, directors included: only its
commitment. Once the match ends, everyone who may read it reads all of it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from tests.helpers.play import QUICK, Clock, play_out
from tests.helpers.world import World
from tournaments.models import Match
from tournaments.services import play

WHO = ["anonymous", "member", "bystander", "outsider", "director", "staff"]


@pytest.fixture
def seated(world: World) -> World:
    """Ana is the member's player, Ben the bystander's."""
    world.ben.user = world.bystander
    world.ben.save()
    return world


def client_of(world: World, who: str) -> Client:
    client = Client()
    if who != "anonymous":
        client.force_login(getattr(world, who))
    return client


def doors(client: Client, match: Match, *, board: bool = True) -> dict[str, str]:
    """Every answer about the match that a reader can ask for, by address (refusals included)."""
    match = Match.objects.get(pk=match.pk)
    addresses = [f"/api/matches/{match.pk}/", f"/api/matches/{match.pk}/log/", "/api/matches/?club__slug=pond",
                 f"/api/matches/{match.pk}/verification/", f"/matches/{match.pk}/",
                 *[f"/api/matches/{match.pk}/positions/{n}.svg" for n in range(match.move_count + 1)]]
    if board:
        addresses.append(f"/api/matches/{match.pk}/play/")
    return {address: normalised(client.get(address).content.decode()) for address in addresses}


def normalised(text: str) -> str:
    """A page without what changes with every request (its nonce, its CSRF token)."""
    text = re.sub(r'nonce="[^"]*"', 'nonce=""', text)
    return re.sub(r'(csrfmiddlewaretoken" value=|csrf-token" content=)"[^"]*"', r'\1""', text)


def exported(match: Match, tmp_path: Path) -> str:
    call_command("export_logs", club="pond", out=str(tmp_path))
    return (tmp_path / f"match-{match.pk}.json").read_text(encoding="utf-8")


def shows_card(text: str, card: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", text) is not None


def bout(world: World, **kwargs: object) -> Match:
    return play.start_game(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                           options=QUICK["measure_and_tempo"], by=world.director, **kwargs)


@pytest.mark.parametrize("game", ["leapfrog_race", "measure_and_tempo"])
def test_the_seed_shows_nowhere_until_the_end_and_to_every_reader_after(
        seated: World, game: str, clock: Clock, tmp_path: Path) -> None:
    world = seated
    match = play.start_game(club=world.club, game=game, players=[world.ana, world.ben], options=QUICK[game],
                            by=world.director)
    seed = match.seed
    seat, action = random_turn(match)
    match = play.act(match, seat=seat, action=action, user=world.director, index=0)
    for who in WHO:
        for address, text in doors(client_of(world, who), match).items():
            assert seed not in text, f"{who} reads the seed at {address}"
            if who in ("member", "director", "staff") and address == f"/api/matches/{match.pk}/":
                assert json.loads(text)["commitment"] == match.commitment
    assert seed not in exported(match, tmp_path) and match.commitment in exported(match, tmp_path)
    match = play_out(match, random.Random(3), world.director)
    for who in WHO:
        client = client_of(world, who)
        assert json.loads(client.get(f"/api/matches/{match.pk}/").content)["seed"] == seed, who
        assert json.loads(client.get(f"/api/matches/{match.pk}/log/").content)["seed"] == seed, who
    assert json.loads(exported(match, tmp_path))["seed"] == seed


def random_turn(match: Match) -> tuple[int, str]:
    state = play.live_state(match)
    seat = state.to_move()[0]
    return seat, sorted(state.legal_actions(seat))[0]


def test_a_hand_shows_to_its_own_seat_alone_until_the_end(seated: World, clock: Clock, tmp_path: Path) -> None:
    world = seated
    match = bout(world)
    hands = match.log.setup["hands"]
    for who, hidden in (("member", hands[1]), ("bystander", hands[0])):
        own = hands[0] if who == "member" else hands[1]
        texts = doors(client_of(world, who), match)
        for address, text in texts.items():
            leaked = [card for card in hidden if shows_card(text, card)]
            assert not leaked, f"{who} reads the other hand's {leaked} at {address}"
        assert all(shows_card(texts[f"/api/matches/{match.pk}/positions/0.svg"], card) for card in own)
    for who in ("anonymous", "outsider"):
        for text in doors(client_of(world, who), match).values():
            assert not any(shows_card(text, card) for card in hands[0] + hands[1])
    director = doors(client_of(world, "director"), match)
    assert all(shows_card(director[f"/api/matches/{match.pk}/log/"], card) for card in hands[0] + hands[1])
    match = play_out(match, random.Random(5), world.director)
    log = json.loads(client_of(world, "member").get(f"/api/matches/{match.pk}/log/").content)
    assert log["setup"]["hands"] == hands
    page = client_of(world, "anonymous").get(f"/matches/{match.pk}/?n=0").content.decode()
    assert all(shows_card(page, card) for card in hands[1])


def test_a_race_s_first_token_shows_to_nobody_before_the_turn_is_logged(seated: World, clock: Clock,
                                                                      tmp_path: Path) -> None:
    """Two histories of one match that differ only in the token seat 0 chose read the same at
    every door, for everyone: the chooser, the other seat, spectators, directors and staff."""
    world = seated
    race = play.start_game(club=world.club, game="leapfrog_race", players=[world.ana, world.ben], by=world.director)
    play.act(race, seat=0, action="4", user=world.member, index=0)
    first = {who: doors(client_of(world, who), race) for who in WHO}
    export = exported(race, tmp_path)
    play.undo(race, user=world.member, index=0)
    play.act(race, seat=0, action="5", user=world.member, index=0)
    for who in WHO:
        assert doors(client_of(world, who), race) == first[who], f"{who} reads seat 0's token"
    assert exported(race, tmp_path) == export
    board = client_of(world, "bystander").get(f"/api/matches/{race.pk}/play/").json()
    assert board["chosen"] == [0] and board["to_move"] == [1] and board["count"] == 0


def test_a_cycle_s_drawn_cards_show_to_the_cycler_alone_before_the_move_is_logged(seated: World,
                                                                                   clock: Clock) -> None:
    world = seated
    match = bout(world)
    first = match.log.setup["first"]
    guard = next(action for action in play.live_state(match).legal_actions(first) if action.startswith("guard"))
    match = play.act(match, seat=first, action=guard, user=world.director, index=0)
    drawn = match.log.setup["deck"][:2]
    cycler, other = ("bystander", "member") if first == 0 else ("member", "bystander")
    play.act(match, seat=1 - first, action="cycle", user=world.director, index=1)
    for who in ("anonymous", other, "outsider"):
        for address, text in doors(client_of(world, who), match).items():
            leaked = [card for card in drawn if shows_card(text, card)]
            assert not leaked, f"{who} reads the drawn {leaked} at {address}"
    mine = client_of(world, cycler).get(f"/api/matches/{match.pk}/play/").json()
    assert any(drawn[0] in action for action in mine["legal"][str(1 - first)])
    assert Match.objects.get(pk=match.pk).move_count == 1


def test_the_admin_shows_neither_the_turn_under_way_nor_the_seed(seated: World, clock: Clock) -> None:
    world = seated
    race = play.start_game(club=world.club, game="leapfrog_race", players=[world.ana, world.ben], by=world.director)
    staff = client_of(world, "staff")
    pages = [f"/admin/tournaments/livegame/{race.pk}/change/", "/admin/tournaments/livegame/",
             f"/admin/tournaments/match/{race.pk}/change/"]
    before = [normalised(staff.get(page).content.decode()) for page in pages]
    play.act(race, seat=0, action="4", user=world.member, index=0)
    after = [normalised(staff.get(page).content.decode()) for page in pages]
    for page, text in zip(pages, after, strict=True):
        assert race.seed not in text and '[[0, "4"]]' not in text and "&quot;4&quot;" not in text, page
    assert "1 decision taken, hidden until the move is logged" in after[0]
    assert after[2] == before[2]
    match = play_out(Match.objects.get(pk=race.pk), random.Random(9), world.director)
    assert match.seed in staff.get(f"/admin/tournaments/match/{race.pk}/change/").content.decode()
