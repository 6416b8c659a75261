"""The front: the one place every request passes through, whoever answers it.

    gunicorn -> BodyGuard (service/api/guard.py: reads and bounds the body)
             -> Front: request id, language, the checks every API request gets, then
                 - a game operation (a POST to a path of the registry's games): the dispatcher
                   (service/api/dispatch.py), for its 200s and its problems alike;
                 - anything else (catalog, docs, contract, probes, metrics, the table, routing's
                   404 and 405): the Flask app;
               then the headers every answer carries, CORS, and the metrics.

Why here and not in Flask's hooks: the game operations are most of the traffic, and Flask's
request and response objects, contexts and hooks, with flask-smorest's and webargs' wrappers, cost
more than the rules' own work (docs/performance.md). They are answered without Flask, and what the
two sides share is done once, here, for both: no second path has to mirror the first.

The checks, in the order a request meets them:
1. what the body guard found (a body too large, too slow, compressed or badly framed), for any path;
2. a JSON body's shape (nesting depth, number length: service/api/guard.py), before any parser;
3. `Accept` (406) on a routed API path (not the docs pages, not an unrouted path);
4. a POST to a routed path needs a JSON body (400 when empty, 415 when not JSON).
Routing's own answers (404, 405) come after them, from Flask.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from flask import Flask
from werkzeug.datastructures import MIMEAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_accept_header, parse_options_header, parse_set_header

from ..rules import registry
from . import context, errors, i18n
from .answer import status_line
from .dispatch import TABLE_KEY_ENVIRON, Dispatcher
from .guard import BODY_METHODS, ENVIRON_KEY, BodyGuard, Refusal, json_shape_problem
from .headers import ACCEPT_ANY, API_CSP, ENGLISH_ONLY, SPEC_ENDPOINT, SWAGGER_UI_ENDPOINT
from .observability import (
    KNOWN_CODES,
    METHODS,
    REQUEST_ID_ENVIRON,
    REQUEST_ID_HEADER,
    request_id_from,
)
from .replay_cache import HEADER as TABLE_KEY_HEADER

log = logging.getLogger("trickref.guard")

ANSWERS = ("application/json", "application/problem+json")
CORS_RESOURCES = (r"/v1/*", "/openapi.json")
CORS_EXPOSE = (REQUEST_ID_HEADER, "Allow")
CORS_METHODS = ("GET", "HEAD", "POST", "OPTIONS")
CORS_ALLOWED_HEADERS = ("content-type", REQUEST_ID_HEADER.lower(), TABLE_KEY_HEADER.lower())
CORS_MAX_AGE = "600"
_DOCS = frozenset((SWAGGER_UI_ENDPOINT, SPEC_ENDPOINT))


@dataclass(frozen=True)
class Where:
    """Where routing sends a request: its endpoint (None when unrouted), the blueprint the endpoint
    belongs to (a game's id for its operations) and the route's arguments."""

    endpoint: str | None
    blueprint: str | None = None
    args: Mapping[str, Any] | None = None

    @classmethod
    def of(cls, endpoint: str, args: Mapping[str, Any] | None = None) -> Where:
        return cls(endpoint, endpoint.rpartition(".")[0] if "." in endpoint else None, args)

    @cached_property
    def family(self) -> str | None:
        game = registry.GAMES.get(self.blueprint) if self.blueprint else None
        return game.family if game is not None else None

    @cached_property
    def labels(self) -> tuple[str, str]:
        """(operation, game) for the metrics: a game's operation is its endpoint within the game's
        blueprint (`hands_state`); an unknown game's id is never a label value (closed sets)."""
        if self.endpoint is None:
            return "unmatched", "-"
        if self.blueprint in registry.GAMES:
            return self.endpoint.partition(".")[2], self.blueprint or "-"
        return self.endpoint, "unknown" if self.args and "game" in self.args else "-"


_JSON_TYPES = frozenset(
    {"application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"}
)


def is_json(content_type: str | None) -> bool:
    """Whether a Content-Type is JSON as werkzeug and webargs decide it (`application/json`,
    `application/*+json`, parameters ignored); the types clients send are known without parsing."""
    if content_type in _JSON_TYPES:
        return True
    mimetype = parse_options_header(content_type)[0].lower() if content_type else ""
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


def body_of(environ: dict[str, Any]) -> bytes:
    """The body as the guard buffered it (none when the request declared none)."""
    stream = environ.get("wsgi.input")
    getvalue = getattr(stream, "getvalue", None) if "CONTENT_LENGTH" in environ else None
    return getvalue() if callable(getvalue) else b""


def refusal_of(environ: dict[str, Any], where: Where, body: bytes) -> Refusal | None:
    """The checks every request gets before anything answers it (the module's docstring)."""
    method = environ.get("REQUEST_METHOD", "GET")
    found: Refusal | None = environ.get(ENVIRON_KEY)
    if found is None and method in BODY_METHODS and is_json(environ.get("CONTENT_TYPE")):
        shape = json_shape_problem(body)
        if shape is not None:
            found = Refusal(400, "malformed_request", shape)
    if found is not None:
        log.warning(
            "request refused: %s",
            found.message,
            extra={"status": found.status, "code": found.code, "path": environ.get("PATH_INFO", "")},
        )
        return found
    if where.endpoint is None:
        return None  # routing answers 404 or 405 first
    accept = environ.get("HTTP_ACCEPT", "")
    if accept not in ACCEPT_ANY and where.blueprint not in (None, "api-docs"):
        accepted = parse_accept_header(accept, MIMEAccept)
        if accepted and not any(accepted.quality(m) > 0 for m in ANSWERS):
            return Refusal(406, "not_acceptable", f"Answers are {' or '.join(ANSWERS)}; Accept: {accepted}")
    if method == "POST":
        if not body:
            return Refusal(400, "malformed_request", "A JSON body is required")
        if not is_json(environ.get("CONTENT_TYPE")):
            return Refusal(415, "unsupported_media_type", "Send the body as application/json")
    return None


def set_header(headers: list[tuple[str, str]], name: str, value: str) -> None:
    """werkzeug's `headers[name] = value`: the first one replaced in place, any other dropped."""
    lower = name.lower()
    for i, (key, _) in enumerate(headers):
        if key.lower() == lower:
            headers[i] = (name, value)
            headers[i + 1 :] = [h for h in headers[i + 1 :] if h[0].lower() != lower]
            return
    headers.append((name, value))


def has_header(headers: list[tuple[str, str]], name: str) -> bool:
    lower = name.lower()
    return any(key.lower() == lower for key, _ in headers)


def add_vary(headers: list[tuple[str, str]], token: str) -> None:
    """werkzeug's `response.vary.add(token)`: the token joins `Vary` unless it is there already."""
    current = next((v for k, v in headers if k.lower() == "vary"), None)
    tokens = parse_set_header(current)
    if token.lower() not in {t.lower() for t in tokens}:
        tokens.add(token)
        set_header(headers, "Vary", tokens.to_header())


class Front:
    """WSGI: every request, whoever answers it (the module's docstring)."""

    def __init__(
        self, app: Flask, flask_wsgi: Callable[..., Iterable[bytes]], dispatcher: Dispatcher
    ) -> None:
        self.flask = flask_wsgi
        self.url_map = app.url_map
        self.dispatcher = dispatcher
        # each game operation's path: its route, and where it stands for the checks and the metrics
        self.games = {
            path: (route, Where(route.endpoint, route.game.id)) for path, route in dispatcher.routes.items()
        }
        self.metrics = app.extensions["trickref_metrics"]
        self.fixed: dict[tuple[str, str], Where] = {}  # `route`'s matches of routes without arguments
        self.origins = frozenset(app.config.get("TRICKREF_CORS_ORIGINS") or ())
        self.cors_paths = re.compile("|".join(p.replace("*", ".*") for p in CORS_RESOURCES))

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        start = time.perf_counter()
        request_id = request_id_from(environ.get(REQUEST_ID_ENVIRON))
        lang = i18n.negotiate(environ.get("HTTP_ACCEPT_LANGUAGE"))
        call = context.Call(request_id, lang, environ.get(TABLE_KEY_ENVIRON), start)
        token = context.CALL.set(call)
        try:
            method = environ.get("REQUEST_METHOD", "GET")
            game = self.games.get(environ.get("PATH_INFO", "")) if method == "POST" else None
            where = game[1] if game is not None else self.route(environ)
            body = body_of(environ)
            refusal = refusal_of(environ, where, body)
            if refusal is not None:
                answer = errors.problem_answer(refusal.status, refusal.code, refusal.message, where.family)
            elif game is not None:
                answer = self.dispatcher.serve(game[0], body, call)
            else:
                return self.through_flask(environ, start_response, where, start, call)
            if answer.status == 200:  # a game operation's: the API's headers are its own
                headers = [*answer.headers, (REQUEST_ID_HEADER, request_id), ("Content-Language", lang)]
                self.cors(environ, headers)
            else:
                headers = self.finish(environ, answer.headers, answer.status, where, call)
            self.count(method, where, answer.status, start, call)
            start_response(status_line(answer.status), headers)
            return [answer.body]
        finally:
            context.CALL.reset(token)

    def route(self, environ: dict[str, Any]) -> Where:
        """Where the Flask app's routing sends the request (its public map, matched as Flask does).

        A route without arguments (the probes, the catalog, the contract, the table's page) is
        matched once per method and kept: those are bounded by the map, and a probe then costs a
        dictionary lookup here."""
        key = (environ.get("REQUEST_METHOD", "GET"), environ.get("PATH_INFO", ""))
        where = self.fixed.get(key)
        if where is not None:
            return where
        try:
            rule, args = self.url_map.bind_to_environ(environ).match(return_rule=True)
        except HTTPException:  # 404, 405, or a redirect: Flask answers it
            return Where(None)
        where = Where.of(rule.endpoint, args)
        if not rule.arguments:
            self.fixed[key] = where
        return where

    def through_flask(
        self,
        environ: dict[str, Any],
        start_response: Callable[..., Any],
        where: Where,
        start: float,
        call: context.Call,
    ) -> Iterable[bytes]:
        """Let the Flask app answer, then give its answer what every answer carries."""

        def started(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            code = int(status.split(" ", 1)[0])
            finished = self.finish(environ, list(headers), code, where, call)
            self.count(environ.get("REQUEST_METHOD", "GET"), where, code, start, call)
            return start_response(status, finished, exc_info)

        return self.flask(environ, started)

    def finish(
        self,
        environ: dict[str, Any],
        headers: list[tuple[str, str]],
        status: int,
        where: Where,
        call: context.Call,
    ) -> list[tuple[str, str]]:
        """The headers every answer carries (service/api/headers.py says why each)."""
        set_header(headers, REQUEST_ID_HEADER, call.request_id)
        if where.endpoint in ENGLISH_ONLY and status < 400:
            set_header(headers, "Content-Language", i18n.DEFAULT)
        else:
            set_header(headers, "Content-Language", call.language)
            add_vary(headers, "Accept-Language")
        for name, value in (
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Content-Security-Policy", API_CSP),
        ):
            if not has_header(headers, name):
                headers.append((name, value))
        if not has_header(headers, "Cache-Control"):
            fresh = where.endpoint in _DOCS and status in (200, 304)
            headers.append(("Cache-Control", "no-cache" if fresh else "no-store"))
        self.cors(environ, headers)
        return headers

    def cors(self, environ: dict[str, Any], headers: list[tuple[str, str]]) -> None:
        """CORS, when origins are configured: the listed origin is allowed on the API's paths (a
        preflight learns the methods and headers), any other gets no allow header; every answer on
        those paths says `Vary: Origin`, so no cache hands one origin's answer to another."""
        if not self.origins or not self.cors_paths.fullmatch(environ.get("PATH_INFO", "")):
            return
        origin: str = environ.get("HTTP_ORIGIN") or ""
        if origin in self.origins:
            requested = (environ.get("HTTP_ACCESS_CONTROL_REQUEST_METHOD") or "").upper()
            preflight = environ.get("REQUEST_METHOD") == "OPTIONS" and bool(requested)
            if not preflight or requested in CORS_METHODS:
                set_header(headers, "Access-Control-Allow-Origin", origin)
                set_header(headers, "Access-Control-Expose-Headers", ", ".join(CORS_EXPOSE))
            if preflight and requested in CORS_METHODS:
                asked = environ.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS", "")
                allowed = [h.strip() for h in asked.split(",") if h.strip().lower() in CORS_ALLOWED_HEADERS]
                set_header(headers, "Access-Control-Allow-Methods", ", ".join(CORS_METHODS))
                if allowed:
                    set_header(headers, "Access-Control-Allow-Headers", ", ".join(allowed))
                set_header(headers, "Access-Control-Max-Age", CORS_MAX_AGE)
        add_vary(headers, "Origin")

    def count(self, method: str, where: Where, status: int, start: float, call: context.Call) -> None:
        operation, game = where.labels
        self.metrics.served(
            operation, method if method in METHODS else "other", game, status, time.perf_counter() - start
        )
        if status >= 400:
            code = call.problem
            label = "-" if code is None else code if code in KNOWN_CODES else "other"
            self.metrics.problems.labels(operation, game, str(status), label).inc()


def install(app: Flask, dispatcher: Dispatcher) -> None:
    """Put the front between the body guard and the Flask app: the guard reads, the front serves."""
    app.wsgi_app = BodyGuard(  # type: ignore[method-assign]
        Front(app, app.wsgi_app, dispatcher),
        app.config["MAX_CONTENT_LENGTH"],
        app.config["TRICKREF_BODY_TIMEOUT"],
        app.config["TRICKREF_THREADS"],
    )
