"""A small SVG writer for the games' pictures (``games/<slug>/picture.py``).

Plain Python, no dependencies: elements are written as text with every attribute and text
escaped, numbers rounded to two decimals, and attributes in the order given, so the same
position always gives the same bytes.

>>> picture = Picture(100, 50, "A test")
>>> picture.add(circle(10, 10, 5, fill="#fff", class_="frog"))
>>> picture.render().count("<circle")
1
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

#: Colours the pictures share, so the four games look like one site.
WATER = "#cfe6ee"
WATER_LINE = "#9cc6d4"
PAD = "#8cc084"
PAD_LINE = "#5e9a57"
INK = "#1d2a22"
MUTED = "#5d6b62"
PAPER = "#ffffff"
FELT = "#2f6b4a"
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

#: Seat colours where a game has none of its own (Froggit families, score labels).
SEAT_COLOURS = ("#d64545", "#3b6fd6", "#e0b400", "#3f9f4f", "#8a4fc8", "#e07b24")


def number(value: float) -> str:
    """A coordinate as short, stable text: ``3``, ``2.5``, ``-0.33``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attributes(values: dict[str, Any]) -> str:
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = number(value) if isinstance(value, float) else str(value)
        parts.append(f" {name}={quoteattr(text)}")
    return "".join(parts)


def element(tag: str, children: str = "", **attrs: Any) -> str:
    """One element; ``children`` is markup already written (use :func:`text` for words)."""
    if children:
        return f"<{tag}{attributes(attrs)}>{children}</{tag}>"
    return f"<{tag}{attributes(attrs)}/>"


def text(x: float, y: float, words: str, **attrs: Any) -> str:
    """Words at (x, y); ``anchor`` middle by default."""
    attrs.setdefault("text_anchor", "middle")
    return f"<text{attributes({'x': float(x), 'y': float(y), **attrs})}>{escape(str(words))}</text>"


def rect(x: float, y: float, width: float, height: float, **attrs: Any) -> str:
    return element("rect", x=float(x), y=float(y), width=float(width), height=float(height), **attrs)


def circle(cx: float, cy: float, r: float, **attrs: Any) -> str:
    return element("circle", cx=float(cx), cy=float(cy), r=float(r), **attrs)


def ellipse(cx: float, cy: float, rx: float, ry: float, **attrs: Any) -> str:
    return element("ellipse", cx=float(cx), cy=float(cy), rx=float(rx), ry=float(ry), **attrs)


def line(x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> str:
    return element("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **attrs)


def polygon(points: list[tuple[float, float]], **attrs: Any) -> str:
    return element("polygon", points=" ".join(f"{number(x)},{number(y)}" for x, y in points), **attrs)


def polyline(points: list[tuple[float, float]], **attrs: Any) -> str:
    return element("polyline", points=" ".join(f"{number(x)},{number(y)}" for x, y in points), **attrs)


def group(children: list[str] | str, **attrs: Any) -> str:
    body = children if isinstance(children, str) else "".join(children)
    return element("g", body or " ", **attrs)


def title(words: str) -> str:
    """A tooltip and accessible name for the enclosing element."""
    return f"<title>{escape(words)}</title>"


def frog(cx: float, cy: float, size: float, fill: str, label: str = "", *, class_: str = "frog",
         outline: str = INK, **attrs: Any) -> str:
    """A frog seen from above, ``size`` across: body, head and eyes, in one group."""
    half = size / 2
    parts = [
        ellipse(cx - half * 0.62, cy + half * 0.55, half * 0.36, half * 0.22, fill=fill, stroke=outline,
                stroke_width=0.8),
        ellipse(cx + half * 0.62, cy + half * 0.55, half * 0.36, half * 0.22, fill=fill, stroke=outline,
                stroke_width=0.8),
        ellipse(cx, cy + half * 0.1, half * 0.72, half * 0.8, fill=fill, stroke=outline, stroke_width=1),
        circle(cx - half * 0.34, cy - half * 0.52, half * 0.24, fill=PAPER, stroke=outline, stroke_width=0.8),
        circle(cx + half * 0.34, cy - half * 0.52, half * 0.24, fill=PAPER, stroke=outline, stroke_width=0.8),
        circle(cx - half * 0.34, cy - half * 0.52, half * 0.1, fill=INK),
        circle(cx + half * 0.34, cy - half * 0.52, half * 0.1, fill=INK),
    ]
    if label:
        parts.insert(0, title(label))
    return group(parts, class_=class_, **attrs)


def tap(target: str, label: str) -> dict[str, str]:
    """The attributes of a tap target of the play panel (``static/tournaments/board.js``):
    its id from :meth:`games.base.Game.taps`, a button role and its name for screen readers.
    board.js makes the targets that may come next focusable and highlights them."""
    return {"data_tap": target, "role": "button", "aria_label": label}


def tap_layer(shapes: list[str]) -> str:
    """The tap targets, drawn last and clear (``fill-opacity`` 0) so that they catch the taps
    on whatever lies below; the site's style sheet outlines the possible next ones."""
    return group(shapes, class_="taps") if shapes else ""


class Picture:
    """An SVG document being built: a view box, a title, and elements in drawing order."""

    def __init__(self, width: float, height: float, label: str, background: str | None = None,
                 role: str = "img") -> None:
        self.width = width
        self.height = height
        self.label = label
        self.role = role  # "group" for a picture holding links, which an "img" may not
        self.parts: list[str] = []
        if background:
            self.add(rect(0, 0, width, height, fill=background))

    def add(self, *parts: str) -> None:
        self.parts.extend(parts)

    def render(self) -> str:
        head = attributes({
            "xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {number(self.width)} {number(self.height)}",
            "width": float(self.width), "height": float(self.height), "role": self.role,
            "font-family": FONT, "font-size": "14",
        })
        return f"<svg{head}>{title(self.label)}{''.join(self.parts)}</svg>"
