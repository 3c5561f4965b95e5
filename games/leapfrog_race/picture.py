"""The race drawn as SVG: the column of frogs head first, each with the tokens it has played
in this race, the lily pad at the head or the tail, the places that win markers, the plate,
and every frog's points and markers.

Nothing is hidden in a logged position: the tokens of a turn are revealed together when the
turn resolves and stay face up until the end of the race (the rulebook), and a log holds
only whole turns. So ``reveal`` changes nothing here. Drawn with ``targets`` (the play
panel's picture), a ``viewer`` seat also gets its own
row of the tokens its frog has not played in this race, tap targets (``token:N``) while it
may choose; the token it has chosen for the turn under way is never drawn.

>>> from games.registry import get_game
>>> game = get_game("leapfrog_race")
>>> state = game.new_state(game.parse_options({}, 2), 2, {"order": "RYPOBG"})
>>> draw(state).count('class="frog"')
6
"""

from __future__ import annotations

from games import svg
from games.leapfrog_race.rules import (
    FROG_NAMES,
    LILY_PAD,
    MARKER_BONUS,
    MARKER_PLACES,
    PLATE_PLACE,
    RACE_NAMES,
    RACES,
    TURNS,
    LeapfrogRaceState,
    place_of,
)

FROG_COLOURS = {"R": "#d64545", "Y": "#e8c020", "G": "#3f9f4f", "B": "#3b6fd6", "O": "#e07b24", "P": "#8a4fc8"}
MARKER = "#e07b24"
WIDTH = 600
ROW = 58
TOP = 56
PAD_HEIGHT = 34
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def draw(state: LeapfrogRaceState, viewer: int | None = None, reveal: bool = False, targets: bool = False) -> str:
    over = state.is_over()
    race = min(state.race, RACES - 1)
    head_pad = LILY_PAD[race] == "head"
    column_top = TOP + (PAD_HEIGHT + 8 if head_pad else 0)
    height = column_top + 6 * ROW + (0 if head_pad else PAD_HEIGHT + 8) + 40
    mine = targets and viewer is not None and not over and 0 <= viewer < len(state.colours)
    band = height
    if mine:
        height += TOKEN_BAND
    if over:
        heading = "The game is over: three races run"
    else:
        heading = (f"Race {race + 1} of {RACES}: {RACE_NAMES[race]} · turn {state.turn + 1} of {TURNS}")
    legal = set(state.legal_actions(viewer)) if mine else set()
    picture = svg.Picture(WIDTH, height, f"Leapfrog: {heading}", background=svg.WATER,
                          role="group" if legal else "img")
    picture.add(svg.text(16, 30, heading, text_anchor="start", font_size=18, font_weight="700", fill=svg.INK,
                         class_="heading"))
    picture.add(svg.text(WIDTH - 16, 30, "tokens this race", text_anchor="end", fill=svg.MUTED, font_size=12))

    pad_y = TOP if head_pad else column_top + 6 * ROW + 8
    picture.add(svg.group([
        svg.title(f"the lily pad, at the {'head' if head_pad else 'tail'} of the column"),
        svg.ellipse(110, pad_y + PAD_HEIGHT / 2, 90, PAD_HEIGHT / 2, fill=svg.PAD, stroke=svg.PAD_LINE,
                    stroke_width=2),
        svg.text(110, pad_y + PAD_HEIGHT / 2 + 5, "lily pad", fill=svg.INK, font_size=13),
    ], class_="lily-pad"))

    owners = {frog: seat for seat, frog in enumerate(state.colours)}
    for index, frog in enumerate(state.column):
        position = index + 1
        place = place_of(position, race)
        y = column_top + index * ROW
        middle = y + ROW / 2
        picture.add(svg.rect(8, y + 4, WIDTH - 16, ROW - 8, rx=8, fill=svg.PAPER, opacity="0.55"))
        picture.add(svg.text(36, middle + 5, ORDINALS[place - 1], fill=svg.MUTED, font_size=13,
                             class_="place"))
        if not over and place in MARKER_PLACES[race]:
            picture.add(marker_flag(56, middle - 14, f"{ORDINALS[place - 1]} place wins a marker"))
        if not over and state.plate and race == RACES - 1 and place == PLATE_PLACE:
            picture.add(svg.group([svg.title("the plate: the frog in 2nd place after this race is eaten"),
                                   svg.circle(16, middle, 9, fill="#f4f4f4", stroke="#8a8a8a", stroke_width=2),
                                   svg.circle(16, middle, 4, fill="none", stroke="#b5b5b5")], class_="plate"))
        seat = owners.get(frog)
        owner = f"seat {seat}" if seat is not None else "no one's"
        eaten = state.eaten == frog
        label = f"the {FROG_NAMES[frog]} frog ({frog}), {owner}" + (", eaten" if eaten else "")
        picture.add(svg.frog(104, middle, 40, FROG_COLOURS[frog], label, opacity="0.35" if eaten else None))
        if eaten:
            picture.add(svg.line(86, middle - 16, 122, middle + 16, stroke="#a12a2a", stroke_width=4))
        picture.add(svg.text(134, middle - 2, frog, text_anchor="start", font_weight="700", fill=svg.INK))
        picture.add(svg.text(134, middle + 14, owner, text_anchor="start", fill=svg.MUTED, font_size=11))
        for turn, token in enumerate(state.played[frog]):
            picture.add(token_tile(200 + turn * 32, middle - 13, token, FROG_COLOURS[frog]))
        points = state.race_points[frog]
        markers = state.markers[frog]
        for count in range(markers):
            picture.add(marker_flag(404 + count * 14, middle - 14, f"{markers} markers"))
        total = state.frog_total(frog)
        summary = " + ".join(str(value) for value in points) or "0"
        if MARKER_BONUS[markers]:
            summary += f" + {MARKER_BONUS[markers]}"
        picture.add(svg.text(WIDTH - 20, middle + 5, f"{summary} = {total}" if points else "0 points",
                             text_anchor="end", fill=svg.INK, font_size=13, class_="points"))
    picture.add(svg.text(16, band - 14, legend(state), text_anchor="start", fill=svg.MUTED, font_size=12))
    if mine:
        picture.add(own_tokens(state, viewer, band, legal))  # type: ignore[arg-type]
    return picture.render()


TOKEN_BAND = 78
TOKEN_SIZE = 48


def own_tokens(state: LeapfrogRaceState, seat: int, top: float, legal: set[str]) -> str:
    """The viewer's frog's unused tokens, large enough to tap, each a target while it may
    choose; once it has chosen, only that it has (never which)."""
    frog = state.colours[seat]
    unused = state.unused(frog)
    words = (f"your tokens (seat {seat}, the {FROG_NAMES[frog]} frog): tap one" if legal
             else f"your tokens (seat {seat}, the {FROG_NAMES[frog]} frog): chosen, waiting for the others")
    parts = [svg.rect(8, top, WIDTH - 16, TOKEN_BAND - 8, rx=8, fill=svg.PAPER, opacity="0.8"),
             svg.text(20, top + 18, words, text_anchor="start", fill=svg.INK, font_size=12)]
    for index, token in enumerate(unused):
        x, y = 20 + index * (TOKEN_SIZE + 12), top + 24
        attrs = svg.tap(f"token:{token}", f"token {token}") if str(token) in legal else {}
        parts.append(svg.group([
            svg.rect(x, y, TOKEN_SIZE, TOKEN_SIZE - 8, rx=6, fill=svg.PAPER, stroke=FROG_COLOURS[frog], stroke_width=3),
            svg.text(x + TOKEN_SIZE / 2, y + 28, str(token), fill=svg.INK, font_weight="700", font_size=20),
        ], class_="own-token tap" if attrs else "own-token", **attrs))
    return svg.group(parts, class_="own-tokens")


def token_tile(x: float, y: float, token: int, colour: str) -> str:
    """A played token, face up."""
    return svg.group([svg.rect(x, y, 26, 26, rx=4, fill=svg.PAPER, stroke=colour, stroke_width=2),
                      svg.text(x + 13, y + 18, str(token), fill=svg.INK, font_weight="700")], class_="token")


def marker_flag(x: float, y: float, label: str) -> str:
    return svg.group([svg.title(label), svg.line(x, y, x, y + 26, stroke=svg.INK, stroke_width=1.5),
                      svg.polygon([(x, y), (x + 12, y + 5), (x, y + 10)], fill=MARKER)], class_="marker")


def legend(state: LeapfrogRaceState) -> str:
    parts = [f"{'head' if LILY_PAD[min(state.race, RACES - 1)] == 'head' else 'tail'} wins"]
    if state.plate:
        parts.append("plate on")
    if state.eaten:
        parts.append(f"{FROG_NAMES[state.eaten]} eaten")
    parts.append("points: race points + marker bonus")
    return " · ".join(parts)
