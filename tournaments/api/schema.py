"""OpenAPI additions: the one error shape, documented as every operation's 4xx answer."""

from __future__ import annotations

from typing import Any

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Every 4xx answer of the API (docs/log-format.md, Over HTTP); `fields` for bad input, "
                   "`verification` for a refused log, `moves` for a stale index, `wait` when throttled.",
    "properties": {
        "code": {"type": "string", "description": "what went wrong, for programs: invalid, parse_error, "
                 "not_authenticated, permission_denied, not_found, throttled, too_large, a verifier's code, ..."},
        "message": {"type": "string", "description": "what went wrong, for people"},
        "fields": {"type": "object", "additionalProperties": True,
                   "description": "the errors of each input field, by field name"},
        "verification": {"type": "object", "additionalProperties": True,
                         "description": "the verifier's answer to a refused log"},
        "moves": {"type": "integer", "description": "the match's current number of moves (stale_index)"},
        "wait": {"type": "integer", "nullable": True, "description": "seconds to wait before trying again (throttled)"},
    },
    "required": ["code", "message"],
    "additionalProperties": True,
}

METHODS = ("get", "put", "patch", "post", "delete")


def document_errors(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Add the ``Error`` component and a ``4XX`` answer to every operation that has none, and
    say of every request body that it takes its fields alone (unknown ones are refused)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR_SCHEMA
    for name, component in schemas.items():
        if name.endswith("Request") and component.get("type") == "object":
            component["additionalProperties"] = False
    reference = {"$ref": "#/components/schemas/Error"}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            responses.setdefault("4XX", {"description": "refused: the API's error shape",
                                         "content": {"application/json": {"schema": reference}}})
    return result
