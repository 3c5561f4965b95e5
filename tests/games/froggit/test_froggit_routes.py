"""Replay's reading of frog move texts (:mod:`games.froggit.routes`) against the notation's
parser and the board's jumps: the same route, or the same lack of one, for any text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import NotationError
from games.froggit.board import CORNERS, JUMP_OVER, NAMES, STEP_SLOT
from games.froggit.draws import MAX_JUMPS
from games.froggit.notation import HOME, FrogMove, parse_move
from games.froggit.routes import ANY_SEAT, LONGEST_ROUTE, SEAT_WORDS, frog_route, read_route, routes_for

#: Each seat's (start, finish) corners: a corner and the one opposite.
SEAT_CORNERS = [(corner, CORNERS[(index + 3) % 6]) for index, corner in enumerate(CORNERS)]
WORDS = ["S", "L", "T", "fish", "start", "home", "", "s", "x9", "b22", *NAMES]


def plain_route(text: str, start: int, home: int) -> tuple | bool:
    """The route as the notation reads the text, then the board's jumps, one by one."""
    try:
        move = parse_move(text)
    except NotationError:
        return False
    if type(move) is not FrogMove:
        return False
    size = 0 if move.size == "S" else 1
    if len(move.landings) > MAX_JUMPS[size]:
        return False
    origin = at = start if move.origin is None else move.origin
    hops, pads = [], []
    for landing in move.landings:
        target = home if landing == HOME else landing
        over = JUMP_OVER[at].get(target)
        if over is None:
            return False
        if over != STEP_SLOT:
            hops.append(over)
        if landing != HOME:
            pads.append(target)
        at = target
    return size, origin, at, move.origin is None, tuple(hops), tuple(pads)


def near_moves() -> st.SearchStrategy[str]:
    """Texts most of which are frog moves or nearly: a size, an origin, up to four landings,
    walked from cell to next cell or picked anywhere, now and then with a stray word."""
    word = st.sampled_from(WORDS)
    return st.builds(lambda parts: " ".join(parts), st.lists(word, min_size=0, max_size=6)) | st.builds(
        walk, st.sampled_from(["S", "L", "T", "fish", "x"]), st.sampled_from(["start", *NAMES]),
        st.lists(st.integers(0, 11), max_size=4), st.booleans(), st.sampled_from(["", " ", "  x"]))


def walk(kind: str, origin: str, picks: list[int], home: bool, tail: str) -> str:
    """A text whose landings follow the board's jumps from ``origin`` (a1 for ``start``)."""
    at = NAMES.index("a1" if origin == "start" else origin)
    parts = [kind, origin]
    for pick in picks:
        onward = sorted(JUMP_OVER[at])
        at = onward[pick % len(onward)]
        parts.append(NAMES[at])
    if home:
        parts.append("home")
    return " ".join(parts) + (tail if tail.strip() else "")


@settings(max_examples=3000, deadline=None)
@given(text=near_moves(), seat=st.sampled_from(SEAT_CORNERS))
def test_a_text_reads_as_the_parser_and_the_jumps_read_it(text: str, seat: tuple[int, int]) -> None:
    assert frog_route(text, *seat) == plain_route(text, *seat)


@settings(max_examples=2000, deadline=None)
@given(text=near_moves())
def test_a_text_naming_no_start_or_finish_space_reads_alike_for_every_seat(text: str) -> None:
    """What lets replay keep such a text's route once for every seat."""
    if not text.startswith(SEAT_WORDS) and not text.endswith(" home"):
        assert len({frog_route(text, *seat) for seat in SEAT_CORNERS}) == 1


@settings(max_examples=2000, deadline=None)
@given(text=near_moves(), seat=st.sampled_from(SEAT_CORNERS))
def test_a_text_naming_its_seats_corners_is_kept_for_that_seat_alone(text: str, seat: tuple[int, int]) -> None:
    """A frog move from the start space or into the finish space is kept in its seat's table;
    any other frog move in the table for every seat."""
    mine = routes_for(*seat)
    ANY_SEAT.pop(text, None)
    mine.pop(text, None)
    route = read_route(text, *seat)
    assert route == frog_route(text, *seat)
    tokens = text.split(" ")
    names = tokens[0] in ("S", "L") and len(tokens) > 1 and (tokens[1] == "start" or tokens[-1] == "home")
    if len(text) > LONGEST_ROUTE:
        assert text not in mine and text not in ANY_SEAT
    elif names:
        assert mine[text] == route and text not in ANY_SEAT
    elif route:
        assert ANY_SEAT[text] == route and text not in mine


def test_every_short_walk_reads_as_the_parser_reads_it() -> None:
    """Every jump sequence of up to three jumps from every cell, and on to ``home``."""
    for start, home in SEAT_CORNERS:
        for origin in ["start", *(name for name in NAMES if name not in ("a1", "a4", "d7", "g4", "g1", "d1"))]:
            at = start if origin == "start" else NAMES.index(origin)
            paths = [[]]
            for _ in range(3):
                paths += [path + [onto] for path in paths if len(path) == len(paths[-1])
                          for onto in JUMP_OVER[path[-1] if path else at]]
            for path in paths:
                for size in "SL":
                    for tail in ([], ["home"]):
                        text = " ".join([size, origin, *(NAMES[cell] for cell in path), *tail])
                        assert frog_route(text, start, home) == plain_route(text, start, home), text
