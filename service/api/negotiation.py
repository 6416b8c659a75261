"""What the API reads and answers: a JSON body in, JSON or problem+json out. Two request hooks,
run after the body guard and before any route (service/api/app.py)."""

from __future__ import annotations

from flask import request
from flask_smorest import abort

from .headers import ACCEPT_ANY


def require_json_body() -> None:
    """Every operation with a body needs one, as JSON: an empty POST would otherwise load as {}
    and be judged with every default, which hides a client bug."""
    req = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup, not five
    if req.method != "POST" or req.routing_exception is not None:
        return  # let routing answer 404/405 first
    if not req.content_length and not req.get_data(cache=True):
        abort(400, code="malformed_request", message="A JSON body is required")
    if not req.is_json:
        abort(415, code="unsupported_media_type", message="Send the body as application/json")


ANSWERS = ("application/json", "application/problem+json")


def require_acceptable() -> None:
    """The API answers JSON: a client whose Accept rules out JSON and problem+json gets a 406 that
    says so, rather than a body it said it cannot read (no Accept header accepts anything)."""
    req = request._get_current_object()  # type: ignore[attr-defined]
    if req.environ.get("HTTP_ACCEPT", "") in ACCEPT_ANY:
        return
    if req.routing_exception is not None or req.blueprint in (None, "api-docs"):
        return  # unrouted requests and the docs pages (HTML) are not API answers
    accept = req.accept_mimetypes
    if accept and not any(accept.quality(m) > 0 for m in ANSWERS):
        abort(406, code="not_acceptable", message=f"Answers are {' or '.join(ANSWERS)}; Accept: {accept}")
