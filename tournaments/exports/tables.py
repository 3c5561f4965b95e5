"""Tables as CSV (RFC 4180: commas, double quotes, CRLF line ends), safe to open in a spreadsheet.

A text cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return) would
be taken for a formula by a spreadsheet: such a cell is written with a leading apostrophe
(``'=HYPERLINK(...)``), which spreadsheets show as text. Numbers are written as numbers
(a negative tie-break stays ``-0.5``): only text, such as a player's name, is guarded.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: What a spreadsheet reads as the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def guarded(text: str) -> str:
    """``text``, with an apostrophe before it if a spreadsheet would take it for a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def number_text(value: float) -> str:
    """``2``, ``1.5``, ``3.25``: a number as plain decimals, without trailing zeros."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.6f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Figures:
    """Several numbers in one cell, separated by spaces (``1 0.5``): written unguarded, being numbers."""

    values: Sequence[float]


def cell_text(value: object) -> str:
    if isinstance(value, Figures):
        return " ".join(number_text(figure) for figure in value.values)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return number_text(value)
    return guarded(str(value))


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """The header and the rows as CSV text; text cells guarded (:func:`guarded`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([guarded(name) for name in header])
    for row in rows:
        writer.writerow([cell_text(value) for value in row])
    return out.getvalue()
