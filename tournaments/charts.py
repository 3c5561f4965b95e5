"""Rating charts drawn on the server as SVG: a player's history in one game, and the small
trend line of a leaderboard row. Plain Python (``games.svg``): no script, no external file.

>>> chart = rating_chart([ChartPoint(1500.0, 350.0, "start"), ChartPoint(1530.5, 300.0, "won")])
>>> chart.count('class="point"')
2
>>> sparkline([1500.0, 1510.0, 1490.0]).startswith("<svg")
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from games import svg

LINE = "#2f7d4f"
BAND = "#2f7d4f"
GRID = "#d5ddd7"


@dataclass(frozen=True)
class ChartPoint:
    """One rating on the chart: the rating and its deviation (displayed scale), a label for
    its tooltip, and the address of the match it came from."""

    rating: float
    deviation: float
    label: str
    href: str | None = None


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts ``span`` into about ``ticks``.

    >>> nice_step(430), nice_step(7), nice_step(0)
    (100.0, 2.0, 1.0)
    """
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        if raw <= multiple * power:
            return float(multiple * power)
    return float(10 * power)


def rating_chart(points: Sequence[ChartPoint], width: int = 640, height: int = 260, label: str = "",
                 matches: int | None = None) -> str:
    """A line through the ratings after each match, oldest first, with a band of one
    deviation either side; each point links to its match. The corner counts ``matches``, by
    default one fewer than the points (the first being the starting rating)."""
    label = label or "rating history"
    links = any(point.href for point in points)
    picture = svg.Picture(width, height, label, background=svg.PAPER, role="group" if links else "img")
    if not points:
        picture.add(svg.text(width / 2, height / 2, "no rated matches yet", fill=svg.MUTED))
        return picture.render()
    left, right, top, bottom = 56.0, 16.0, 16.0, 30.0
    lows = [point.rating - point.deviation for point in points]
    highs = [point.rating + point.deviation for point in points]
    low, high = min(lows), max(highs)
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high == low:
        high = low + step

    def x_of(index: int) -> float:
        if len(points) == 1:
            return left + (width - left - right) / 2
        return left + index * (width - left - right) / (len(points) - 1)

    def y_of(value: float) -> float:
        return top + (high - value) * (height - top - bottom) / (high - low)

    value = low
    while value <= high + step / 2:
        y = y_of(value)
        picture.add(svg.line(left, y, width - right, y, stroke=GRID, stroke_width=1))
        picture.add(svg.text(left - 8, y + 4, f"{value:.0f}", text_anchor="end", fill=svg.MUTED, font_size=11))
        value += step
    band = [(x_of(i), y_of(high_value)) for i, high_value in enumerate(highs)]
    band += [(x_of(i), y_of(low_value)) for i, low_value in reversed(list(enumerate(lows)))]
    picture.add(svg.polygon(band, fill=BAND, opacity="0.12", class_="band"))
    picture.add(svg.polyline([(x_of(i), y_of(point.rating)) for i, point in enumerate(points)], fill="none",
                             stroke=LINE, stroke_width=2.5, stroke_linejoin="round", class_="line"))
    radius = 4.0 if len(points) <= 60 else 2.5
    for index, point in enumerate(points):
        dot = svg.group([svg.title(point.label),
                         svg.circle(x_of(index), y_of(point.rating), radius, fill=svg.PAPER, stroke=LINE,
                                    stroke_width=2)], class_="point")
        picture.add(svg.element("a", dot, href=point.href) if point.href else dot)
    picture.add(svg.text(left, height - 8, "oldest", text_anchor="start", fill=svg.MUTED, font_size=11))
    played = len(points) - 1 if matches is None else matches  # by default the first point is the start
    picture.add(svg.text(width - right, height - 8, f"latest · {played} rated match{'' if played == 1 else 'es'}",
                         text_anchor="end", fill=svg.MUTED, font_size=11))
    return picture.render()


def sparkline(values: Sequence[float], width: int = 96, height: int = 24) -> str:
    """A small trend line of the latest ratings, its last point marked; rising green, falling red."""
    label = "rating trend" if values else "no trend yet"
    picture = svg.Picture(width, height, label)
    if len(values) < 2:
        picture.add(svg.line(2, height / 2, width - 2, height / 2, stroke=GRID, stroke_width=1.5))
        return picture.render()
    low, high = min(values), max(values)
    span = high - low or 1.0
    points = [(2 + index * (width - 6) / (len(values) - 1), 3 + (high - value) * (height - 6) / span)
              for index, value in enumerate(values)]
    colour = LINE if values[-1] >= values[0] else "#a12a2a"
    picture.add(svg.polyline(points, fill="none", stroke=colour, stroke_width=1.5, stroke_linejoin="round",
                             class_="trend"))
    picture.add(svg.circle(*points[-1], 2.2, fill=colour))
    return picture.render()
