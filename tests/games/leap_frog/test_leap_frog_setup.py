"""Options, seats, setup and layout validation of Leap Frog."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.errors import OptionsError, PlayersError, SetupError
from games.leap_frog.game import LeapFrog
from games.leap_frog.rules import VARIANTS
from games.logs import verify_log

GAME = LeapFrog()


def options(**raw: object) -> dict:
    return GAME.parse_options(raw, 2)


def layout(rows: int, cols: int, counts: dict[str, int]) -> list[str]:
    letters = "".join(letter * count for letter, count in counts.items())
    assert len(letters) == rows * cols
    return [letters[row * cols:(row + 1) * cols] for row in range(rows)]


# -- options ------------------------------------------------------------------------------------

def test_defaults() -> None:
    assert options() == {"variant": "traditional", "rows": 15, "cols": 15, "diagonal": False}
    assert options(variant="froglet") == {"variant": "froglet", "rows": 12, "cols": 12, "diagonal": False}
    assert options(variant="froglet", rows=15)["rows"] == 15


@pytest.mark.parametrize("raw", [
    {"rows": 3}, {"cols": 19}, {"rows": 15.0}, {"rows": "15"}, {"rows": True},
    {"variant": "Murray"}, {"variant": "chinese"}, {"diagonal": 1}, {"speed": "x"},
    {"variant": "capture", "diagonal": True},
])
def test_bad_options(raw: dict) -> None:
    with pytest.raises(OptionsError):
        GAME.parse_options(raw, 2)


def test_board_size_is_checked_but_ignored_for_capture() -> None:
    assert options(variant="capture", rows=4, cols=18)["rows"] == 4
    with pytest.raises(OptionsError):
        options(variant="capture", rows=40)
    state = GAME.new_state(options(variant="capture", rows=4, cols=4), 2, {})
    assert len(state.cells) == 61


@pytest.mark.parametrize("seats", [1, 7])
def test_two_to_six_seats(seats: int) -> None:
    with pytest.raises(PlayersError):
        GAME.check_players(options(), seats)
    for ok in range(2, 7):
        GAME.check_players(options(), ok)


# -- layouts ------------------------------------------------------------------------------------

MURRAY_15 = options(variant="murray")
FROGLET_12 = options(variant="froglet")


@pytest.mark.parametrize("counts", [(22, 45, 68, 90), (23, 45, 67, 90)])
def test_murray_15_accepts_both_roundings(counts: tuple[int, ...]) -> None:
    raw = {"layout": layout(15, 15, dict(zip("GRYW", counts)))}
    assert GAME.parse_setup(raw, MURRAY_15, 2) == raw


@pytest.mark.parametrize("counts", [(21, 46, 68, 90), (22, 45, 69, 89), (24, 45, 66, 90), (23, 45, 68, 89)])
def test_murray_15_refuses_other_counts(counts: tuple[int, ...]) -> None:
    with pytest.raises(SetupError, match="a 15 × 15 murray board has"):
        GAME.parse_setup({"layout": layout(15, 15, dict(zip("GRYW", counts)))}, MURRAY_15, 2)


def test_froglet_12_needs_brainking_counts() -> None:
    good = {"layout": layout(12, 12, {"G": 66, "Y": 51, "R": 21, "B": 6})}
    assert GAME.parse_setup(good, FROGLET_12, 2) == good
    for counts in ((65, 52, 21, 6), (66, 51, 22, 5), (67, 51, 21, 5)):
        with pytest.raises(SetupError):
            GAME.parse_setup({"layout": layout(12, 12, dict(zip("GYRB", counts)))}, FROGLET_12, 2)


def test_share_bounds_on_small_boards() -> None:
    assert VARIANTS["murray"].counts(16) == ((1, 2), (3, 4), (4, 5), (6, 7))
    assert VARIANTS["murray"].counts(100) == ((10, 10), (20, 20), (30, 30), (40, 40))
    assert VARIANTS["froglet"].counts(144) == ((66, 66), (51, 51), (21, 21), (6, 6))
    assert VARIANTS["froglet"].counts(16) == ((7, 8), (5, 6), (2, 3), (0, 1))


@pytest.mark.parametrize(("variant", "size", "expected"), [
    ("murray", (15, 15), (22, 45, 68, 90)),
    ("murray", (8, 8), (6, 13, 19, 26)),
    ("froglet", (12, 12), (66, 51, 21, 6)),
    ("murray", (4, 4), (2, 3, 5, 6)),
])
def test_random_layouts_have_the_standard_counts(variant: str, size: tuple[int, int],
                                                 expected: tuple[int, ...]) -> None:
    opts = options(variant=variant, rows=size[0], cols=size[1])
    setup = GAME.random_setup(opts, 2, random.Random(3))
    letters = VARIANTS[variant].letters
    counts = Counter("".join(setup["layout"]))
    assert tuple(counts[letter] for letter in letters) == expected
    assert GAME.parse_setup(setup, opts, 2) == setup


@pytest.mark.parametrize(("variant", "rows", "cols"), [("murray", 8, 8), ("froglet", 12, 12), ("murray", 5, 7)])
def test_a_random_layout_is_the_standard_letters_shuffled_once(variant: str, rows: int, cols: int) -> None:
    """The letters colour by colour, in the standard counts, one rng.shuffle, then cut into
    rows: the draws and the layout of every seeded log."""
    chosen = VARIANTS[variant]
    standard = [letter for letter, count in zip(chosen.letters, chosen.standard_counts(rows * cols))
                for _ in range(count)]
    for seed in range(3):
        rng, expected = random.Random(seed), random.Random(seed)
        letters = list(standard)
        expected.shuffle(letters)
        layout = GAME.random_setup(options(variant=variant, rows=rows, cols=cols), 2, rng)["layout"]
        assert layout == ["".join(letters[row * cols:(row + 1) * cols]) for row in range(rows)]
        assert rng.random() == expected.random()  # no draw more or less


def test_every_random_layout_is_accepted() -> None:
    rng = random.Random(5)
    for rows in range(4, 19):
        for cols in (4, 7, 11, 18):
            for variant in ("murray", "froglet"):
                opts = options(variant=variant, rows=rows, cols=cols)
                setup = GAME.random_setup(opts, 3, rng)
                assert GAME.parse_setup(setup, opts, 3) == setup


def test_random_setup_is_reproducible() -> None:
    first = GAME.random_setup(MURRAY_15, 2, random.Random(9))
    assert first == GAME.random_setup(MURRAY_15, 2, random.Random(9))
    assert first != GAME.random_setup(MURRAY_15, 2, random.Random(10))
    assert GAME.random_setup(options(), 2, random.Random(9)) == {}


@pytest.mark.parametrize("raw", [
    None,
    {},
    {"layout": "RRWW"},
    {"layout": ["RRWW", "YGRR", "YWYW"]},
    {"layout": ["RRWW", "YGRR", "YWYW", "YWWGW"]},
    {"layout": ["RRWW", "YGRR", "YWYW", "YWWg"]},
    {"layout": ["RRWW", "YGRR", "YWYW", "YWWB"]},
    {"layout": ["RRWW", "YGRR", "YWYW", 4]},
    {"layout": ["RRWW", "YGRR", "YWYW", "YWWG"], "seed": 3},
    {"layout": ["RRWW", "YGRR", "YWYW", "YWWR"]},
])
def test_bad_murray_setups(raw: dict | None) -> None:
    with pytest.raises(SetupError):
        GAME.parse_setup(raw, options(variant="murray", rows=4, cols=4), 5)


def test_good_small_murray_setup() -> None:
    raw = {"layout": ["RRWW", "YGRR", "YWYW", "YWWG"]}
    assert GAME.parse_setup(raw, options(variant="murray", rows=4, cols=4), 5) == raw


@pytest.mark.parametrize("variant", ["traditional", "capture"])
def test_traditional_and_capture_take_no_setup(variant: str) -> None:
    opts = options(variant=variant)
    assert GAME.parse_setup(None, opts, 2) == {}
    assert GAME.parse_setup({}, opts, 2) == {}
    with pytest.raises(SetupError, match="no setup"):
        GAME.parse_setup({"layout": ["O" * 15] * 15}, opts, 2)


def test_a_log_with_a_bad_layout_is_bad_setup() -> None:
    log = {"format": 1, "game": "leap_frog", "options": {"variant": "murray", "rows": 4, "cols": 4},
           "players": ["a", "b"], "setup": {"layout": ["RRWW", "YGRR", "YWYW", "YWWR"]}, "moves": []}
    answer = verify_log(log)
    assert answer["error"]["code"] == "bad_setup"
    assert answer["error"]["message"] == "the layout has 5 red pieces (R); a 4 × 4 murray board has 3 or 4"
    log["setup"] = {"layout": ["RRWW", "YGRR", "YWYW", "YWWG"]}
    assert verify_log(log) == {"valid": True, "game": "leap_frog", "moves": 0, "finished": False}


def test_a_layout_is_refused_at_its_first_faulty_row_in_row_order() -> None:
    """A layout's rows are checked in order, each for its form and then its letters: the first
    fault found is the one named, whatever the rows after it hold."""
    opts = options(variant="murray", rows=4, cols=4)
    good = GAME.random_setup(opts, 2, random.Random(3))["layout"]
    cases = [
        ([good[0][:3] + "X", "GR", *good[2:]], "row 1 of the layout holds 'X'; the murray pieces are G R Y W"),
        ([good[0], "GR", good[2][:3] + "X", good[3]], "row 2 of the layout must be a string of 4 letters, not 'GR'"),
        ([good[0], good[1], 7, good[3][:3] + "x"], "row 3 of the layout must be a string of 4 letters, not 7"),
        ([*good[:3], good[3][:3] + "g"], "row 4 of the layout holds 'g'; the murray pieces are G R Y W"),
    ]
    for layout, message in cases:
        with pytest.raises(SetupError) as refused:
            GAME.parse_setup({"layout": layout}, opts, 2)
        assert str(refused.value) == message
    assert GAME.parse_setup({"layout": good}, opts, 2) == {"layout": good}


@pytest.mark.parametrize("raw", [{"variant": "murray", "rows": 8, "cols": 8}, {"variant": "froglet"},
                                 {"variant": "murray", "rows": 5, "cols": 9, "diagonal": True},
                                 {"variant": "traditional", "rows": 6, "cols": 4}, {"variant": "capture"}])
def test_a_new_game_holds_the_layouts_pieces_and_their_mask(raw: dict) -> None:
    """The cells and the mask of the pieces of a new game, against the letters looked up one
    by one and the masks of the cells that hold a piece added up."""
    opts = options(**raw)
    variant = VARIANTS[opts["variant"]]
    for seed in range(20):
        setup = GAME.random_setup(opts, 2, random.Random(seed))
        state = GAME.new_state(opts, 2, setup)
        board = state.board
        if variant.coloured:
            assert state.cells == [variant.letters.index(letter) + 1 for letter in "".join(setup["layout"])]
        else:
            assert state.cells == [0 if cell == board.centre else 1 for cell in range(len(board))]
        assert state.pieces == sum(mask for mask, code in zip(board.masks, state.cells) if code)


@pytest.mark.parametrize("row", ["RRWWX", "RRWW.", "RRW", "RRWWWW"])
def test_a_layout_with_a_letter_of_no_piece_or_a_row_of_the_wrong_length_is_refused(row: str) -> None:
    opts = options(variant="murray", rows=4, cols=5)
    rows = ["GRRYY", "YWWWW", "RRYYW", row]
    with pytest.raises(SetupError, match="row 4 of the layout"):
        GAME.parse_setup({"layout": rows}, opts, 2)
