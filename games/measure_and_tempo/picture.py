"""The bout drawn as SVG: both hands, the Guards and the trump they set, the deck's count,
the tempos of the play on the table, and the score.

Hidden things: a spectator sees the hands' backs, the deck's count and, while a feint waits
for its answer, the feint face down; a seat (``viewer``) sees its own hand; ``reveal`` (a
game that has ended) shows both hands and every card on the table. Drawn for the play panel, a seat's own picture
has a row of action buttons below the table; while it is that seat's turn its buttons and
the cards it may play are tap targets; all this only when drawn with ``targets``, for
the play panel (``data-tap``, :meth:`MeasureAndTempo.taps`).

>>> from games.registry import get_game
>>> game = get_game("measure_and_tempo")
>>> state = game.new_state(game.parse_options({}, 2), 2, game.random_setup({}, 2, __import__("random").Random(1)))
>>> spectator, everything = draw(state), draw(state, reveal=True)
>>> spectator.count('class="card back"'), everything.count('class="card back"')
(14, 0)
"""

from __future__ import annotations

from games import svg
from games.measure_and_tempo.cards import SUIT_NAMES
from games.measure_and_tempo.rules import MeasureAndTempoState

WIDTH = 660
HEIGHT = 470
CARD_W = 46
CARD_H = 66
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = "DH"
RANK_TEXT = {"T": "10"}
BACK = "#3b5f9e"
WINNER = "#f2c94c"


def draw(state: MeasureAndTempoState, viewer: int | None = None, reveal: bool = False, targets: bool = False) -> str:
    seated = targets and viewer in (0, 1) and not state.is_over()
    paths = state.game.taps(state, viewer) if seated else {}
    picture = svg.Picture(WIDTH, HEIGHT + (BAND if seated else 0), f"Measure and Tempo: {status(state)}",
                          background=svg.FELT, role="group" if paths else "img")
    picture.add(svg.text(WIDTH / 2, HEIGHT / 2 - 78, status(state), fill=svg.PAPER, font_size=15,
                         font_weight="700", class_="heading"))
    for seat, top in ((1, 14), (0, HEIGHT - CARD_H - 40)):
        shown = reveal or viewer == seat
        picture.add(hand(state, seat, top, shown))
    picture.add(deck(state, 24, HEIGHT / 2 - CARD_H / 2 + 10))
    picture.add(table(state, viewer, reveal))
    trump = state.trump
    trump_text = f"trump: {SUIT_NAMES[trump]} {SUIT_SYMBOLS[trump]}" if trump else "no trump"
    picture.add(svg.text(WIDTH - 24, HEIGHT / 2 + 4, trump_text, text_anchor="end", fill=svg.PAPER,
                         font_size=14, class_="trump"))
    picture.add(svg.text(WIDTH - 24, HEIGHT / 2 + 24, f"plays {state.plays} · circling {state.circling}",
                         text_anchor="end", fill="#cfe3d6", font_size=12))
    if seated:
        picture.add(buttons(state, viewer, paths))  # type: ignore[arg-type]
        picture.add(card_targets(state, viewer, paths))  # type: ignore[arg-type]
    return picture.render()


BAND = 60
BUTTONS = ("strike", "feint", "lead", "guard", "unguard", "cycle", "stall", "disengage")
BUTTON_HELP = {"strike": "strike with a card", "feint": "feint: lead an ace face down", "lead": "lead a card",
               "guard": "guard with a card", "unguard": "take back the Guard", "cycle": "cycle two cards",
               "stall": "stall", "disengage": "disengage"}


def buttons(state: MeasureAndTempoState, seat: int, paths: dict[str, list[str]]) -> str:
    """The seat's action buttons below the table: those its actions now start with, or a line
    saying whose turn it is."""
    firsts = {path[0] for path in paths.values()}
    shown = [word for word in BUTTONS if f"act:{word}" in firsts]
    parts = [svg.rect(0, HEIGHT, WIDTH, BAND, fill="#245a3d")]
    if not shown:
        words = ("pick a card" if paths and all(path[0].startswith("card:") for path in paths.values())
                 else "waiting for the other seat")
        parts.append(svg.text(24, HEIGHT + 36, f"your actions (seat {seat}): {words}", text_anchor="start",
                              fill=svg.PAPER, font_size=13))
    width = min(96.0, (WIDTH - 24 - 8 * len(shown)) / max(1, len(shown)))
    for index, word in enumerate(shown):
        x = 16 + index * (width + 8)
        parts.append(svg.group([
            svg.rect(x, HEIGHT + 10, width, BAND - 20, rx=8, fill=svg.PAPER, stroke=WINNER, stroke_width=2),
            svg.text(x + width / 2, HEIGHT + 35, word, fill=svg.INK, font_size=14, font_weight="700"),
        ], class_="button tap", **svg.tap(f"act:{word}", BUTTON_HELP[word])))
    return svg.group(parts, class_="actions")


def card_targets(state: MeasureAndTempoState, seat: int, paths: dict[str, list[str]]) -> str:
    """Clear cards over the seat's own cards that some action plays."""
    wanted = {target for path in paths.values() for target in path}
    cards = state.hands[seat]
    top = 14 if seat == 1 else HEIGHT - CARD_H - 40
    step = min(CARD_W + 6, 380 / max(1, len(cards)))
    shapes = []
    for index, card in enumerate(cards):
        if f"card:{card}" in wanted:
            shapes.append(svg.rect(24 + index * step, top, CARD_W, CARD_H, rx=5, fill="#000", fill_opacity="0",
                                   class_="tap", **svg.tap(f"card:{card}", f"the card {card}")))
    return svg.tap_layer(shapes)


def status(state: MeasureAndTempoState) -> str:
    if state.is_over():
        return f"The bout is over: {state.points[0]} to {state.points[1]}"
    if state.in_measure:
        number = len(state.table)
        if state.phase == "answering":
            return f"In Measure, tempo {number}: seat {state.turn} answers"
        return f"In Measure: seat {state.turn} won tempo {number}, leads or disengages"
    return f"Out of Measure: seat {state.turn} circles or strikes"


def hand(state: MeasureAndTempoState, seat: int, top: float, shown: bool) -> str:
    """A seat's hand (faces or backs), its Guard and its score."""
    cards = state.hands[seat]
    parts = []
    label_y = top + CARD_H + 18 if seat == 1 else top - 8
    to_move = not state.is_over() and state.turn == seat
    score = (f"seat {seat}{' ▸ to move' if to_move else ''} · points {state.points[seat]} · "
             f"tempos this play {state.play_tempos[seat]}, bout {state.bout_tempos[seat]}")
    parts.append(svg.text(24, label_y, score, text_anchor="start", fill=svg.PAPER, font_size=13,
                          class_="seat-label"))
    step = min(CARD_W + 6, 380 / max(1, len(cards)))
    for index, card in enumerate(cards):
        x = 24 + index * step
        parts.append(face(x, top, card) if shown else back(x, top, f"a card of seat {seat}"))
    guard = state.guards[seat]
    guard_x = WIDTH - 24 - CARD_W
    parts.append(svg.text(guard_x - 10, top + CARD_H / 2 + 5, "Guard", text_anchor="end", fill="#cfe3d6",
                          font_size=12))
    if guard is None:
        parts.append(svg.rect(guard_x, top, CARD_W, CARD_H, rx=5, fill="none", stroke="#cfe3d6",
                              stroke_dasharray="4 3", class_="guard-empty"))
    else:
        parts.append(svg.group(face(guard_x, top, card=guard), class_="guard"))
    return svg.group(parts, class_=f"hand seat-{seat}")


def deck(state: MeasureAndTempoState, x: float, y: float) -> str:
    count = state.deck_size()
    parts = [svg.title(f"the deck: {count} cards")]
    for layer in range(min(4, count)):
        parts.append(svg.rect(x + layer * 2, y - layer * 2, CARD_W, CARD_H, rx=5, fill=BACK, stroke=svg.PAPER,
                              stroke_width=1.5))
    if not count:
        parts.append(svg.rect(x, y, CARD_W, CARD_H, rx=5, fill="none", stroke="#cfe3d6", stroke_dasharray="4 3"))
    parts.append(svg.text(x + CARD_W / 2 + 3, y + CARD_H + 18, f"deck {count}", fill=svg.PAPER, font_size=12))
    return svg.group(parts, class_="deck")


def table(state: MeasureAndTempoState, viewer: int | None, reveal: bool) -> str:
    """The tempos of the play: each lead above its answer, the winner's card ringed."""
    parts = []
    left = 110
    y = HEIGHT / 2 - CARD_H / 2 - 30
    for number, tempo in enumerate(state.table):
        x = left + number * (CARD_W + 18)
        last = number == len(state.table) - 1
        hidden = tempo.feint and tempo.answer is None and not reveal and viewer != tempo.leader
        lead = back(x, y, "a feint, face down") if hidden else face(x, y, tempo.lead,
                                                                      winner=tempo.winner == tempo.leader)
        parts.append(svg.text(x + CARD_W / 2, y - 6, f"{number + 1}{' feint' if tempo.feint else ''}",
                              fill="#cfe3d6", font_size=11))
        parts.append(lead)
        if tempo.answer is not None:
            parts.append(face(x, y + CARD_H * 0.55, tempo.answer, winner=tempo.winner != tempo.leader))
        elif last:
            parts.append(svg.rect(x, y + CARD_H * 0.55, CARD_W, CARD_H, rx=5, fill="none", stroke=WINNER,
                                  stroke_dasharray="4 3", class_="awaited"))
    if not state.table:
        parts.append(svg.text(left + 150, y + CARD_H / 2 + 20, "no tempo on the table", fill="#cfe3d6",
                              font_size=13))
    return svg.group(parts, class_="table")


def face(x: float, y: float, card: str, winner: bool = False) -> str:
    rank, suit = card[0], card[1]
    colour = "#c0392b" if suit in RED_SUITS else svg.INK
    label = RANK_TEXT.get(rank, rank)
    return svg.group([
        svg.title(card),
        svg.rect(x, y, CARD_W, CARD_H, rx=5, fill=svg.PAPER, stroke=WINNER if winner else "#9aa5a0",
                 stroke_width=3 if winner else 1),
        svg.text(x + 7, y + 18, label, text_anchor="start", fill=colour, font_weight="700", font_size=15),
        svg.text(x + CARD_W / 2, y + CARD_H - 14, SUIT_SYMBOLS[suit], fill=colour, font_size=24),
    ], class_="card face", data_card=card)


def back(x: float, y: float, label: str) -> str:
    return svg.group([
        svg.title(label),
        svg.rect(x, y, CARD_W, CARD_H, rx=5, fill=BACK, stroke=svg.PAPER, stroke_width=1.5),
        svg.rect(x + 5, y + 5, CARD_W - 10, CARD_H - 10, rx=3, fill="none", stroke="#7f9bd0"),
    ], class_="card back")
