"""Errors the services raise; the API turns them into its one error shape (docs/log-format.md, Over HTTP)."""

from __future__ import annotations

from typing import Any


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


class Forbidden(ServiceError):
    status = 403
    code = "permission_denied"


class Missing(ServiceError):
    """Something named in the address that does not exist (an unknown game, say)."""

    status = 404
    code = "not_found"
