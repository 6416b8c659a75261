"""problem+json (RFC 9457) for every error the service returns.

One function builds every error body, so the shape cannot drift between a schema failure, a rule
violation and an unexpected crash. The known codes are the HTTP-level ones below plus the rules
core's `Code` enum; docs/errors.md lists them, and the spec types `code` as an open string, because
a new game brings new codes and a client generated before it must still read the problem.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, has_request_context, request
from werkzeug.exceptions import HTTPException

from ..rules import registry
from ..rules.errors import Code, RuleError, detail_key
from . import context, i18n
from .action_errors import first_fault
from .answer import Answer

PROBLEM_MIMETYPE = "application/problem+json"
TYPE_PREFIX = "urn:trickref:problem:"

# What each HTTP-level code means, for developers (a 400/422 without its own detail quotes it). The
# `title` a problem carries is the player's text: the catalogs' entry of its code (service/api/i18n.py).
HTTP_CODES: dict[str, str] = {
    "malformed_request": "The request body is not valid JSON",
    "not_found": "No such resource",
    "unknown_game": "No game with that id",
    "method_not_allowed": "That method is not allowed on this resource",
    "not_acceptable": "The answer is JSON (or problem+json): the Accept header rules both out",
    "payload_too_large": "The request body is larger than the service accepts",
    "unsupported_media_type": "Send the body as application/json",
    "validation_failed": "The request does not match the schema",
    "internal_error": "The service failed unexpectedly",
    "http_error": "The request could not be served (any other HTTP error)",
    # hostile or broken clients (service/api/guard.py)
    "request_timeout": "The request body did not arrive in time",
    "unsupported_encoding": "Send the body without a Content-Encoding (identity)",
    # what the HTTP servers in front refuse before the app (gunicorn's parser, nginx)
    "malformed_http": "The request line or a header is not valid HTTP",
    "service_busy": "The service is busy: try again shortly",
}

ALL_CODES: tuple[str, ...] = (*HTTP_CODES, *(c.value for c in Code))

_STATUS_CODE = {
    400: "malformed_request",
    408: "request_timeout",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_failed",
    500: "internal_error",
    503: "service_busy",
}

# What an error may echo of the request (docs/errors.md, "How much an error echoes"): a problem
# is a diagnosis, not a copy of the request, so a large invalid body cannot buy a larger answer.
MAX_DETAIL_CHARS = 300
MAX_MESSAGE_CHARS = 200
MAX_FIELD_CHARS = 64
MAX_FIELD_ERRORS = 20
TRUNCATED_KEY = "_truncated"

log = logging.getLogger("trickref.errors")


def clip(text: str, limit: int) -> str:
    """`text`, cut to `limit` characters with a marker saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 20]}... (+{len(text) - limit + 20} chars)"


def cap_errors(errors: dict[str, Any]) -> dict[str, Any]:
    """The field errors with at most MAX_FIELD_ERRORS messages, each message and field name clipped.

    marshmallow nests errors by field (`{"hand": {"actions": {"3": {"seat": [...]}}}}`); the shape
    is kept, the walk stops once the budget is spent, and `_truncated` says how many were left out.
    """
    budget = [MAX_FIELD_ERRORS]
    left_out = [0]

    def walk(node: Any, depth: int) -> Any:
        if isinstance(node, dict):
            out: dict[str, Any] = {}
            for key, value in node.items():
                if budget[0] <= 0 or depth > 8:
                    left_out[0] += _count(value)
                    continue
                out[clip(str(key), MAX_FIELD_CHARS)] = walk(value, depth + 1)
            return out
        items = node if isinstance(node, list) else [node]
        kept = []
        for item in items:
            if budget[0] <= 0:
                left_out[0] += 1
            elif isinstance(item, dict):
                kept.append(walk(item, depth + 1))
            else:
                budget[0] -= 1
                kept.append(clip(str(item), MAX_MESSAGE_CHARS))
        return kept

    capped: dict[str, Any] = walk(errors, 0)
    if left_out[0]:
        capped[TRUNCATED_KEY] = [f"{left_out[0]} more errors not shown"]
    return capped


def _count(node: Any) -> int:
    stack, total = [node], 0
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            total += 1
    return total


def problem_answer(
    status: int,
    code: str,
    detail: str,
    family: str | None,
    headers: list[tuple[str, str]] | None = None,
    **extra: Any,
) -> Answer:
    """The problem+json answer. `detail` is the caller's: in the request's language for a rule's
    problem; for an HTTP-level problem the caller's English is kept for English readers (it quotes
    what failed: a parser's message, a limit) and other languages get the catalog's
    `detail.<code>` (docs/languages.md). `family` is the game's, whose own words the title takes."""
    lang = language()
    title = i18n.text(lang, code, family) or HTTPStatus(status).phrase
    if lang != i18n.DEFAULT and code in HTTP_CODES:
        detail = i18n.detail(lang, f"detail.{code}", {}, detail)
    body: dict[str, Any] = {
        "type": TYPE_PREFIX + code,
        "title": title,
        "status": status,
        "detail": clip(detail, MAX_DETAIL_CHARS),
        "code": code,
    }
    body.update({k: v for k, v in extra.items() if v is not None})
    if isinstance(body.get("errors"), dict):
        body["errors"] = cap_errors(body["errors"])
    call = context.CALL.get()
    if call is not None:
        body["request_id"] = call.request_id
        call.problem = code
    return Answer.of(status, PROBLEM_MIMETYPE, json.dumps(body).encode(), headers)


def language() -> str:
    """The language of this request's answer, as the front negotiated it (English outside one)."""
    call = context.CALL.get()
    return call.language if call is not None else i18n.DEFAULT


def family() -> str | None:
    """The family of the Flask request's game (its blueprint is the game's id), whose own words a
    text takes where games name a thing differently (docs/languages.md); None outside a game."""
    if not has_request_context() or request.blueprint is None:
        return None
    game = registry.GAMES.get(request.blueprint)
    return game.family if game is not None else None


def http_problem(
    status: int,
    data: Mapping[str, Any],
    family: str | None,
    description: str | None = None,
    valid_methods: Iterable[str] | None = None,
    schema_error: Any = None,
) -> Answer:
    """An HTTP-level problem: `data` as `abort` (flask-smorest's, webargs') carries it: `code`,
    `message`, `errors` or `messages`, `headers`; `schema_error` is marshmallow's error, which
    holds the body the schema refused."""
    code = data.get("code") or _STATUS_CODE.get(status, "http_error")
    headers = list((data.get("headers") or {}).items())  # webargs passes headers=None on 422
    if status == 405 and valid_methods:
        headers = [(k, v) for k, v in headers if k.lower() != "allow"]
        headers.append(("Allow", ", ".join(sorted(valid_methods))))
    errors = data.get("errors") or data.get("messages")
    if isinstance(errors, dict) and set(errors) == {"json"}:
        errors = errors["json"]  # webargs nests body errors under the location
    detail = data.get("message")
    action_index = None
    params: dict[str, Any] | None = None
    if code == "validation_failed" and isinstance(errors, dict):
        # an action the schema refused: its index, and the rule's code when it is the body's only
        # fault (service/api/action_errors.py)
        fault = first_fault(errors, getattr(schema_error, "data", None))
        if fault is not None:
            action_index = fault.index
            if fault.alone and fault.code is not None:
                code, detail = fault.code.value, detail or fault.detail
                params = {}
                if language() != i18n.DEFAULT:  # the rule's own words, without what the schema saw
                    detail = i18n.detail(language(), detail_key(fault.code), params, detail, family)
    if errors is not None:
        errors = flatten(errors)
    if detail is None:  # werkzeug's stock descriptions speak of browsers; ours name the problem
        detail = HTTP_CODES[code] if status in (400, 422) else (description or HTTP_CODES[code])
    return problem_answer(
        status, code, detail, family, headers, errors=errors, action_index=action_index, params=params
    )


def response(answer: Answer) -> Response:
    """A problem answered on the Flask side (routing, the docs, the catalog), as a Response."""
    return Response(answer.body, status=answer.status, headers=answer.headers)


def from_http_exception(error: HTTPException) -> Response:
    answer = http_problem(
        error.code or 500,
        getattr(error, "data", None) or {},
        family(),
        error.description,
        getattr(error, "valid_methods", None),
        getattr(error, "exc", None),
    )
    let_go(error)
    return response(answer)


def let_go(error: BaseException) -> None:
    """Drop what keeps the request's body alive once its problem is written.

    A schema failure holds, in its traceback (and, raised through webargs' abort, in `exc`), the
    frames that parsed and loaded the body, in a reference cycle only the cyclic collector frees. A
    body of 131,000 small items parses into few tracked objects, so the collector rarely ran: every
    refused 256 KB body left 1.7 MB behind it, and a worker under a list bomb grew by tens of MiB.
    Nothing reads the exception after its problem is written."""
    exc = getattr(error, "exc", None)
    if isinstance(exc, BaseException):
        exc.__traceback__ = None
        error.exc = None  # type: ignore[attr-defined]
    error.__traceback__ = None
    error.__context__ = None


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


def rule_problem(error: RuleError, family: str | None) -> Answer:
    """A rule's problem: its detail written for players in the request's language from the
    error's catalog key and parameters, which the answer also carries as data (`params`); the
    field at fault, in `errors`, keeps the rules' own English account, for developers (the
    precise reason of a summary that does not add up, which no player's sentence repeats)."""
    detail = i18n.detail(language(), error.key, error.params, str(error), family)
    errors = {error.field: [str(error)]} if error.field else None
    return problem_answer(
        422,
        error.code.value,
        detail,
        family,
        action_index=error.action_index,
        errors=errors,
        params=dict(error.params),
    )


def unexpected_problem(error: Exception) -> Answer:
    log.exception("unhandled exception", exc_info=error)
    return problem_answer(
        500, "internal_error", "The service failed unexpectedly; the error was logged", None
    )


def register(app: Flask) -> None:
    app.register_error_handler(RuleError, lambda error: response(rule_problem(error, family())))
    app.register_error_handler(HTTPException, from_http_exception)
    app.register_error_handler(Exception, lambda error: response(unexpected_problem(error)))


def _status_of(code: str) -> int:
    if code == "unsupported_encoding":
        return 415
    if code in HTTP_CODES:
        return next((s for s, c in _STATUS_CODE.items() if c == code), 404 if code == "unknown_game" else 400)
    return 422


def codes_markdown() -> str:
    """The known codes as a Markdown table (docs/errors.md embeds it; a test checks it is current)."""
    rows = ["| code | status | title (English) |", "|---|---|---|"]
    for code in ALL_CODES:
        title = i18n.text(i18n.DEFAULT, code)
        rows.append(f"| `{code}` | {_status_of(code)} | {title} |")
    rows += ["", "The details, by catalog key, and the parameters each names (`params` may hold more):", ""]
    rows += ["| key | names | detail (English) |", "|---|---|---|"]
    english = i18n.CATALOGS[i18n.DEFAULT]
    for code in (*ALL_CODES, "withheld"):
        base = f"detail.{code}"
        # a family's own text of a key (`key@family`) has the same English: one row per key
        own = i18n.FAMILY_MARK
        for key in sorted(k for k in english if (k == base or k.startswith(base + ".")) and own not in k):
            text = english[key]
            names = ", ".join(f"`{n}`" for n in sorted(_placeholders(text)))
            rows.append(f"| `{key}` | {names} | {text.replace('{', '`{').replace('}', '}`')} |")
    return "\n".join(rows) + "\n"


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}
