"""Errors the services raise; the API turns them into its one error shape (docs/log-format.md, Over HTTP)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.errors import GameError


class ServiceError(Exception):
    """A refused request: a code, a message for people, and the HTTP status it maps to."""

    status = 400
    code = "invalid"

    def __init__(self, message: str, *, code: str | None = None, fields: dict[str, Any] | None = None,
                 verification: dict[str, Any] | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.code
        self.fields = fields
        self.verification = verification
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.fields:
            body["fields"] = self.fields
        if self.verification:
            body["verification"] = self.verification
        body.update(self.extra)
        return body


class InvalidInput(ServiceError):
    """Input that fails a check before any game rule is involved."""


class InvalidLog(ServiceError):
    """A log that does not verify; ``verification`` holds the verifier's answer."""


class MoveRejected(ServiceError):
    """A move the verifier refuses in the match's current position."""


class Conflict(ServiceError):
    """The match is not in a state that allows the request (finished, void, stale index)."""

    status = 409
    code = "conflict"


class Duplicate(Conflict):
    """The game is stored already in this club (the same setup, moves and players): the
    refusal names the stored match, its API address and its page."""

    code = "duplicate_match"

    def __init__(self, match_id: int, *, field: str = "log") -> None:
        from django.urls import reverse

        message = f"this game is stored already, as match #{match_id}: each game counts once"
        super().__init__(message, fields={field: [message]}, match=match_id,
                         match_url=reverse("match-detail", args=[match_id]), page=reverse("match", args=[match_id]))
        self.match_id = match_id


class Forbidden(ServiceError):
    """A request the caller has no right to make, whatever the door."""

    status = 403
    code = "permission_denied"


class Missing(ServiceError):
    """Something named in the address that does not exist (an unknown game, say)."""

    status = 404
    code = "not_found"


#: The input field an engine's refusal is about, by its verification code.
GAME_ERROR_FIELDS = {"unknown_game": "game", "bad_options": "options", "bad_players": "players",
                     "bad_setup": "setup"}


def refused_by_game(error: GameError, *, field: str | None = None, code: str | None = None,
                    fields: Mapping[str, str] | None = None) -> InvalidInput:
    """The engine's refusal as the services raise it: its message beside the field it is about
    (``field``, else ``fields`` or :data:`GAME_ERROR_FIELDS` by its code, else ``options``),
    with its code (or ``code``)."""
    field = field or {**GAME_ERROR_FIELDS, **(fields or {})}.get(error.code, "options")
    return InvalidInput(str(error), code=code or error.code, fields={field: [str(error)]})
