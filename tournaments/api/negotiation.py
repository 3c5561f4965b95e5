"""Content negotiation for answers that are not JSON (the positions' SVG)."""

from __future__ import annotations

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


class FirstRenderer(BaseContentNegotiation):
    """Ignore the Accept header: the view answers its own media type itself (an SVG), and its
    errors in the API's JSON shape, whatever a browser's ``<img>`` asks for."""

    def select_parser(self, request: Request, parsers: list[BaseParser]) -> BaseParser | None:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: list[BaseRenderer],
                        format_suffix: str | None = None) -> tuple[BaseRenderer, str]:
        return renderers[0], renderers[0].media_type
