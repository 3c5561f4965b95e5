"""Each game's SVG drawing (``Game.draw``): well-formed, deterministic, showing what the
position holds, and hidden things only to those who may see them."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from games.froggit.board import CELL
from games.registry import all_games, get_game
from games.runner import play_bots

SVG = "{http://www.w3.org/2000/svg}"
RANDOM_OPTIONS = {"leapfrog_race": {}, "measure_and_tempo": {"target": 3},
                  "froggit": {"version": "expert", "family": "quick"},
                  "leap_frog": {"variant": "murray", "rows": 6, "cols": 6}}
MT_HANDS = {"hands": [["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]}


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == SVG + "svg" and root.get("viewBox")
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if element.get("class") == name]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_every_position_of_a_random_game_draws_as_well_formed_deterministic_svg(game: object) -> None:
    seats = 2 if game.slug != "froggit" else 3
    log = play_bots(game, ["random"] * seats, options=RANDOM_OPTIONS[game.slug], seed="pictures")
    state = game.new_state(game.parse_options(log["options"], seats), seats, log["setup"])
    for move in [None, *log["moves"]]:
        if move is not None:
            state.apply_move(move)
        for view in ({}, {"viewer": 0}, {"reveal": True}):
            picture = game.draw(state, **view)
            parse(picture)
            assert picture == game.draw(state.clone(), **view)
    assert state.is_over()


def test_the_race_draws_six_frogs_with_the_tokens_played_the_lily_pad_and_the_plate() -> None:
    race = get_game("leapfrog_race")
    state = race.new_state(race.parse_options({}, 2), 2, {"order": "RYPOBG"})
    state.apply_move("R1 Y2 P2 O3 B6 G5")
    root = parse(race.draw(state))
    frogs = with_class(root, "frog")
    assert len(frogs) == 6
    assert [frog.find(SVG + "title").text.split("(")[1][0] for frog in frogs] == list("YRBOPG")
    assert len(with_class(root, "token")) == 6
    assert with_class(root, "lily-pad") and not with_class(root, "plate")
    assert "turn 2 of 6" in race.draw(state)
    state = race.new_state(race.parse_options({}, 2), 2, {"order": "RYPOBG"})
    for turn in range(18):
        state.apply_move(" ".join(f"{frog}{turn % 6 + 1}" for frog in "RYGBOP"))
        if turn == 5:
            assert "slowness" in race.draw(state) and not with_class(parse(race.draw(state)), "token")
        if turn == 12:
            third = parse(race.draw(state))
            assert len(with_class(third, "plate")) == 1 and "courage" in race.draw(state)
    final = race.draw(state)
    assert "over" in final and "eaten" in final and len(with_class(parse(final), "frog")) == 6


def test_measure_and_tempo_hides_the_hands_from_spectators_and_shows_them_after_the_game() -> None:
    game = get_game("measure_and_tempo")
    state = game.new_state(game.parse_options({"target": 2}, 2), 2, MT_HANDS)
    state.apply_move("guard QD")
    spectator, seat0, everything = (parse(game.draw(state)), parse(game.draw(state, viewer=0)),
                                    parse(game.draw(state, reveal=True)))
    assert len(with_class(spectator, "card back")) == 13 and len(with_class(spectator, "card face")) == 1
    assert {card.get("data-card") for card in with_class(seat0, "card face")} == {"2H", "TC", "QD", "JC", "4C",
                                                                                   "7C", "7D"}
    assert len(with_class(seat0, "card back")) == 7
    assert not with_class(everything, "card back") and len(with_class(everything, "card face")) == 14
    assert "deck 38" in game.draw(state)


def test_a_feint_stays_face_down_until_it_is_answered() -> None:
    game = get_game("measure_and_tempo")
    state = game.new_state(game.parse_options({"target": 2}, 2), 2, MT_HANDS)
    for move in ("cycle +KS +3H -3H -4C", "cycle +9C +AH -6S -9C", "stall", "strike feint AD"):
        state.apply_move(move)
    assert 'data-card="AD"' not in game.draw(state)
    assert 'data-card="AD"' in game.draw(state, viewer=1) and 'data-card="AD"' in game.draw(state, reveal=True)
    assert game.public_moves(state.moves) == ["cycle", "cycle", "stall", "strike feint"]
    state.apply_move("answer 7D")
    assert 'data-card="AD"' in game.draw(state)
    assert game.public_moves(state.moves)[3:] == ["strike feint AD", "answer 7D"]


def test_the_pond_draws_every_frog_stacks_included_and_the_fish() -> None:
    game = get_game("froggit")
    state = game.new_state(game.parse_options({"version": "expert"}, 2), 2, {})
    state.apply_move("S start b2 c3 c4")
    state.apply_move("L start f4 e4")
    root = parse(game.draw(state))
    assert len(with_class(root, "frog")) == 2 and len(with_class(root, "fish")) == 1
    assert len(with_class(root, "pad")) == 31 and len(with_class(root, "corner")) == 6
    assert len(with_class(root, "frog waiting")) == 8  # seat 0: 2 small, 2 large left; seat 1: 3 small, 1 large
    state.cells[CELL["d2"]] = (1, 0)  # seat 0's large frog carrying its small one: a team
    state.cells[CELL["e2"]] = (2, 1)  # seat 0's large frog trapping seat 1's small one
    stacked = parse(game.draw(state))
    assert len(with_class(stacked, "frog")) == 6
    labels = [frog.find(SVG + "title").text for frog in with_class(stacked, "frog")]
    assert sum("(team)" in label for label in labels) == 2 and sum("(trap)" in label for label in labels) == 2
    assert with_class(stacked, "last-move")


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_the_pond_s_corner_labels_stay_clear_of_the_corner_spaces_and_the_picture(seats: int) -> None:
    game = get_game("froggit")
    root = parse(game.draw(game.new_state(game.parse_options({}, seats), seats, {})))
    width, height = (float(value) for value in root.get("viewBox").split()[2:])
    corners = []
    for corner in with_class(root, "corner"):
        points = [tuple(map(float, point.split(","))) for point in corner.find(SVG + "polygon").get("points").split()]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        corners.append((min(xs), min(ys), max(xs), max(ys)))
    labels = [label.find(SVG + "text") for label in with_class(root, "corner-label start")
              + with_class(root, "corner-label home")]
    assert len(labels) == 2 * seats
    for text in labels:
        x, y = float(text.get("x")), float(text.get("y"))
        box = (x - 50, y - 10, x + 50, y + 3)  # ten-pixel text of about 18 characters, centred
        assert 0 <= box[0] and box[2] <= width and box[3] <= height, text.text
        for left, top, right, bottom in corners:
            assert box[2] < left or box[0] > right or box[3] < top or box[1] > bottom, text.text


def test_the_leap_frog_board_draws_each_piece_in_its_colour_and_the_last_capture() -> None:
    game = get_game("leap_frog")
    state = game.new_state(game.parse_options({"rows": 4, "cols": 4}, 2), 2, {})
    assert len(with_class(parse(game.draw(state)), "piece")) == 16
    for move in ("a1", "a3", "c1-a1-a3"):
        state.apply_move(move)
    root = parse(game.draw(state))
    assert len(with_class(root, "piece")) == 12 and with_class(root, "last-move")
    options = game.parse_options({"variant": "murray", "rows": 5, "cols": 5}, 2)
    murray = game.new_state(options, 2, game.random_setup(options, 2, random.Random(3)))
    colours = {piece.get("data-colour") for piece in with_class(parse(game.draw(murray)), "piece")}
    assert colours == set("GRYW")
    hexagon = game.new_state(game.parse_options({"variant": "capture"}, 3), 3, {})
    assert len(with_class(parse(game.draw(hexagon)), "piece")) == 60
