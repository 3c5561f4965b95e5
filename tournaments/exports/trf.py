"""FIDE's Tournament Report File, TRF16: write a two-seat tournament as one, and read one back.

TRF16 is fixed-width text. Header records name the event (``012``), its dates (``042``,
``052``), its number of players (``062``) and of rated players (``072``), its type (``092``)
and the dates of its rounds (``132``); ``XXR`` gives the number of rounds planned. Each entrant
has a ``001`` line: start number in columns 5-8, name 15-47, rating 49-52, points 81-84, rank
86-89, then one ten-column block per round from column 92: the opponent's start number (four
digits, ``0000`` for none), a space, the colour (``w`` seat 0, ``b`` seat 1, ``-`` without an
opponent), a space and the result code (:data:`RESULTS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

#: Result codes: played games, forfeits, byes, and a game not decided yet.
WIN, LOSS, DRAW = "1", "0", "="
FORFEIT_WIN, FORFEIT_LOSS = "+", "-"
PAIRING_BYE, HALF_BYE, FULL_BYE, ZERO_BYE = "U", "H", "F", "Z"
PENDING = " "
RESULTS = frozenset({WIN, LOSS, DRAW, FORFEIT_WIN, FORFEIT_LOSS, PAIRING_BYE, HALF_BYE, FULL_BYE, ZERO_BYE, PENDING})
BYES = frozenset({PAIRING_BYE, HALF_BYE, FULL_BYE, ZERO_BYE})

#: Where the round blocks start (0-based index of column 92) and how wide each is.
FIRST_ROUND_COLUMN = 91
ROUND_WIDTH = 10
NAME_WIDTH = 33
#: A round an entrant was not paired in (after a withdrawal, before a late entry).
NOT_PAIRED = "0000 - -"


class TrfError(ValueError):
    """A tournament TRF16 cannot hold, or a file that is not TRF16; the message says which."""


@dataclass(frozen=True)
class Cell:
    """One entrant's round: the opponent's start number (0 for none), colour and result code."""

    opponent: int
    colour: str
    result: str

    def text(self) -> str:
        return f"{self.opponent:04d} {self.colour} {self.result}"


@dataclass(frozen=True)
class Line:
    """One entrant's ``001`` line; ``rounds`` holds a :class:`Cell` or ``None`` (not paired) per round."""

    number: int
    name: str
    rating: int | None
    points: float
    rank: int
    rounds: tuple[Cell | None, ...]


@dataclass(frozen=True)
class Report:
    """A tournament as TRF16 holds it."""

    name: str
    kind: str
    start: date | None
    end: date | None
    planned_rounds: int
    round_dates: tuple[date | None, ...]
    lines: tuple[Line, ...]


def points_text(points: float) -> str:
    """Points in at most four columns (``11.5``, `` 2.5``, ``0.25``)."""
    text = f"{points:.1f}" if round(points, 1) == points else f"{points:g}"
    if len(text) > 4:
        raise TrfError(f"{points:g} points do not fit TRF16's four columns")
    return text


def number_text(value: int, what: str) -> str:
    if not 0 <= value <= 9999:
        raise TrfError(f"a {what} of {value} does not fit TRF16's four columns")
    return str(value)


def line_text(line: Line) -> str:
    """The ``001`` line, column for column (sex, title, federation, FIDE id and birth date blank)."""
    rating = number_text(line.rating, "rating") if line.rating is not None else ""
    name = line.name.replace("\n", " ").replace("\r", " ")[:NAME_WIDTH]
    head = (f"001 {number_text(line.number, 'start number'):>4} {'':1}{'':>3} {name:<{NAME_WIDTH}} {rating:>4} "
            f"{'':>3} {'':>11} {'':>10} {points_text(line.points):>4} {number_text(line.rank, 'rank'):>4}")
    blocks = "".join(f"  {NOT_PAIRED if cell is None else cell.text()}" for cell in line.rounds)
    return (head + blocks).rstrip()


def dated(value: date | None) -> str:
    return f"{value:%Y/%m/%d}" if value else ""


def write_trf(report: Report) -> str:
    """The report as TRF16 text, one record a line."""
    rounds = max((len(line.rounds) for line in report.lines), default=len(report.round_dates))
    records = [f"012 {report.name}", f"042 {dated(report.start)}".rstrip(), f"052 {dated(report.end)}".rstrip(),
               f"062 {len(report.lines)}", f"072 {sum(line.rating is not None for line in report.lines)}",
               f"092 {report.kind}"]
    if report.round_dates:
        dates = "".join(f"{f'{day:%y/%m/%d}' if day else '':<{ROUND_WIDTH}}" for day in report.round_dates)
        records.append(("132" + " " * (FIRST_ROUND_COLUMN - 3) + dates).rstrip())
    records.append(f"XXR {max(report.planned_rounds, rounds)}")
    records += [line_text(line) for line in sorted(report.lines, key=lambda line: line.number)]
    return "\n".join(records) + "\n"


# -- reading ---------------------------------------------------------------------------------

def read_trf(text: str) -> Report:
    """A TRF16 file's header, entrants and rounds (the records this module writes; others ignored)."""
    header: dict[str, str] = {}
    lines: list[Line] = []
    dates_line = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        code = raw[:3]
        if code == "001":
            lines.append(read_line(raw, number))
        elif code == "132":
            dates_line = raw
        elif code in ("012", "042", "052", "092", "XXR"):
            header[code] = raw[4:].strip()
    rounds = max((len(line.rounds) for line in lines), default=0)
    lines = [Line(line.number, line.name, line.rating, line.points, line.rank,
                  line.rounds + (None,) * (rounds - len(line.rounds))) for line in lines]
    round_dates = read_round_dates(dates_line)
    if dates_line:
        round_dates += (None,) * (rounds - len(round_dates))
    return Report(name=header.get("012", ""), kind=header.get("092", ""), start=read_date(header.get("042", "")),
                  end=read_date(header.get("052", "")), planned_rounds=read_int(header.get("XXR", "") or "0", "XXR"),
                  round_dates=round_dates, lines=tuple(lines))


def read_int(text: str, where: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise TrfError(f"{where}: {text!r} is not a number") from None


def read_date(text: str) -> date | None:
    if not text:
        return None
    try:
        year, month, day = (int(part) for part in text.replace("-", "/").split("/"))
        return date(year if year > 99 else 2000 + year, month, day)
    except ValueError:
        raise TrfError(f"{text!r} is not a date") from None


def read_round_dates(raw: str) -> tuple[date | None, ...]:
    found = []
    for start in range(FIRST_ROUND_COLUMN, len(raw), ROUND_WIDTH):
        found.append(read_date(raw[start:start + ROUND_WIDTH].strip()))
    return tuple(found)


def read_line(raw: str, row: int) -> Line:
    where = f"line {row}"
    rating = raw[48:52].strip()
    points = raw[80:84].strip()
    try:
        value = float(points)
    except ValueError:
        raise TrfError(f"{where}: points {points!r} in columns 81-84 are not a number") from None
    return Line(number=read_int(raw[4:8].strip(), f"{where}, start number"), name=raw[14:47].strip(),
                rating=read_int(rating, f"{where}, rating") if rating else None, points=value,
                rank=read_int(raw[85:89].strip(), f"{where}, rank"), rounds=tuple(read_cells(raw, where)))


def read_cells(raw: str, where: str) -> Iterable[Cell | None]:
    for start in range(FIRST_ROUND_COLUMN, len(raw), ROUND_WIDTH):
        block = raw[start:start + ROUND_WIDTH].ljust(8)
        if not block.strip() or block[:8] == NOT_PAIRED:
            yield None
            continue
        colour, result = block[5], block[7]
        if colour not in "wb-" or result not in RESULTS:
            raise TrfError(f"{where}: round {(start - FIRST_ROUND_COLUMN) // ROUND_WIDTH + 1} reads {block!r}")
        yield Cell(read_int(block[:4].strip() or "0", where), colour, result)
