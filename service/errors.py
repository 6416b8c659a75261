"""problem+json (RFC 9457) for every error the service returns.

One function builds every error body, so the shape cannot drift between a schema failure, a rule
violation and an unexpected crash. The codes are a closed list: the HTTP-level ones below plus the
rules core's `Code` enum; the spec publishes the union as an enum.
"""

from __future__ import annotations

import json
import logging
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, g, has_request_context
from werkzeug.exceptions import HTTPException

from .rules.errors import MESSAGES, Code, RuleError

PROBLEM_MIMETYPE = "application/problem+json"
TYPE_PREFIX = "urn:trickref:problem:"

HTTP_CODES: dict[str, str] = {
    "malformed_request": "The request body is not valid JSON",
    "not_found": "No such resource",
    "unknown_game": "No game with that id",
    "method_not_allowed": "That method is not allowed on this resource",
    "payload_too_large": "The request body is larger than the service accepts",
    "unsupported_media_type": "Send the body as application/json",
    "validation_failed": "The request does not match the schema",
    "internal_error": "The service failed unexpectedly",
    "http_error": "The request could not be served (any other HTTP error)",
}

ALL_CODES: tuple[str, ...] = (*HTTP_CODES, *(c.value for c in Code))

_STATUS_CODE = {
    400: "malformed_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_failed",
    500: "internal_error",
}

log = logging.getLogger("trickref.errors")


def problem(
    status: int, code: str, detail: str, headers: dict[str, str] | None = None, **extra: Any
) -> Response:
    title = HTTP_CODES.get(code) or MESSAGES.get(Code(code), HTTPStatus(status).phrase)
    body: dict[str, Any] = {
        "type": TYPE_PREFIX + code,
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
    }
    body.update({k: v for k, v in extra.items() if v is not None})
    if has_request_context() and g.get("request_id"):
        body["request_id"] = g.request_id
    return Response(json.dumps(body), status=status, mimetype=PROBLEM_MIMETYPE, headers=headers)


def from_http_exception(error: HTTPException) -> Response:
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    code = data.get("code") or _STATUS_CODE.get(status, "http_error")
    headers = dict(data.get("headers") or {})  # webargs passes headers=None on 422
    valid = getattr(error, "valid_methods", None)
    if status == 405 and valid:
        headers["Allow"] = ", ".join(sorted(valid))
    errors = data.get("errors") or data.get("messages")
    if isinstance(errors, dict) and set(errors) == {"json"}:
        errors = errors["json"]  # webargs nests body errors under the location
    if errors is not None:
        errors = flatten(errors)
    detail = data.get("message")
    if detail is None:  # werkzeug's stock descriptions speak of browsers; ours name the problem
        detail = HTTP_CODES[code] if status in (400, 422) else (error.description or HTTP_CODES[code])
    return problem(status, code, detail, headers, errors=errors)


def flatten(errors: Any, path: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages as {dotted path: messages}, the shape the contract promises
    (`hand.actions.3.card`); a schema-level message belongs to the object it is about (`body` for
    the whole request)."""
    if isinstance(errors, dict):
        out: dict[str, list[str]] = {}
        for key, value in errors.items():
            sub = path if key == "_schema" else f"{path}.{key}" if path else str(key)
            for where, messages in flatten(value, sub).items():
                out.setdefault(where, []).extend(messages)
        return out
    messages = errors if isinstance(errors, list) else [errors]
    flat: dict[str, list[str]] = {}
    for m in messages:
        if isinstance(m, dict):  # a list of nested errors (a union's variants)
            for where, inner in flatten(m, path).items():
                flat.setdefault(where, []).extend(inner)
        else:
            flat.setdefault(path or "body", []).append(str(m))
    return flat


def from_rule_error(error: RuleError) -> Response:
    errors = {error.field: [str(error)]} if error.field else None
    return problem(422, error.code.value, str(error), action_index=error.action_index, errors=errors)


def from_unexpected(error: Exception) -> Response:
    log.exception("unhandled exception", exc_info=error)
    return problem(500, "internal_error", "The service failed unexpectedly; the error was logged")


def register(app: Flask) -> None:
    app.register_error_handler(RuleError, from_rule_error)
    app.register_error_handler(HTTPException, from_http_exception)
    app.register_error_handler(Exception, from_unexpected)


def _status_of(code: str) -> int:
    if code in HTTP_CODES:
        return next((s for s, c in _STATUS_CODE.items() if c == code), 404 if code == "unknown_game" else 400)
    return 422


def codes_markdown() -> str:
    """The closed list as a Markdown table (docs/errors.md embeds it; a test checks it is current)."""
    rows = ["| code | status | meaning |", "|---|---|---|"]
    for code in ALL_CODES:
        title = HTTP_CODES.get(code) or MESSAGES[Code(code)]
        rows.append(f"| `{code}` | {_status_of(code)} | {title} |")
    return "\n".join(rows) + "\n"
