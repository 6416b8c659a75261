"""The express lane: a game operation's plainly well-formed request, answered without Flask's
per-request machinery.

Why: sampled under gunicorn (docs/performance.md, "The express lane"), a table's request spent
about half of its worker's time in the app, and of that the rules (replay, view) were a fifth:
werkzeug's request and response objects, Flask's contexts and hooks, flask-smorest's and webargs'
wrappers took more than the game did. A table sends the same few operations again and again, each
a well-formed record that gets a 200.

What it answers: a POST to a game's rules operation (deals, hands/state, hands/play, hands/score,
tricks/winner, tricks/legal, matches/score: every operation `dispatch.run` serves) whose request is
plain (no query string, an Accept that admits JSON as written by clients, a JSON Content-Type, a
body the guard read and found well-shaped, no CORS configured) and whose answer is a 200. It does
what the Flask path does for such a request, in the same order and with the same code: the
request id, the guard's shape check, webargs' JSON decoding, the route's own request schema, the
rules resolution, the replay cache behind a valid table key, the reasons in the negotiated
language, the same JSON text, the same headers in the same order, the same metrics.

What it passes on: everything else, untouched, to the Flask app, which answers as it always did:
an error of any kind (a schema refusal, an illegal action, a malformed table key, an exception),
the docs, the catalog, the probes, hands/suggest. When the lane finds a problem midway it has
written nothing, so the Flask path judges the request from the start: an error costs at most one
more reading of a request, within "a few times reading it", and a body past `MAX_BODY` (64 KiB,
twenty times a table's) goes to the Flask path alone. tests/api/test_express.py holds every
answer (status, headers, body, metrics) equal to the Flask path's, over every operation of every
game, well-formed and not, and fails when the app gains a request hook the lane does not mirror.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from flask import Flask
from marshmallow import Schema

from service.rules.game import Game

from . import i18n, replay_cache
from .dispatch import TABLE_KEY_ENVIRON, answer_keyed, encode, resolve_rules, translated
from .guard import ENVIRON_KEY, BodyGuard, json_shape_problem
from .headers import ACCEPT_ANY, API_HEADERS
from .observability import REQUEST_ID_ENVIRON, REQUEST_ID_HEADER, request_id_from

_ROUTES = "trickref_express_routes"
_JSON_TYPES = frozenset(
    {"application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"}
)
# A table's requests are 1 to 3 KB, a long match's scorepad some tens. A larger body goes to the
# Flask path alone: a refused one then costs one reading, not the lane's and the Flask path's.
MAX_BODY = 64 * 1024
_HEADERS = tuple(API_HEADERS)

# The request hooks of the Flask path, by name, in order: the lane does what each does for a
# well-formed request. A hook added to the app without being taught to the lane turns the lane off
# (`install`) and fails tests/api/test_express.py, rather than being skipped silently.
MIRRORED_BEFORE = ("_start", "refuse_bad_bodies", "require_acceptable", "require_json_body")
MIRRORED_AFTER = ("finish", "_finish")


@dataclass(frozen=True)
class Route:
    game: Game
    engine: str  # the Game method: state, play, deal ...
    schema: Schema  # the very instance the Flask route loads with
    operation: str  # the metrics' operation label (the endpoint: hands_state)


def add_route(app: Flask, path: str, game: Game, engine: str, schema: Schema, operation: str) -> None:
    """Offer one route of the Flask app to the lane (service/api/games.py, as it registers it)."""
    app.extensions.setdefault(_ROUTES, {})[path] = Route(game, engine, schema, operation)


def _hook_names(funcs: dict[Any, list[Callable[..., Any]]]) -> tuple[str, ...]:
    if set(funcs) - {None}:
        return ("<blueprint hooks>",)
    return tuple(f.__name__ for f in funcs.get(None, ()))


def mirrors(app: Flask) -> bool:
    """Whether the app's request hooks are exactly those the lane does the work of."""
    return (
        _hook_names(app.before_request_funcs) == MIRRORED_BEFORE
        and _hook_names(app.after_request_funcs) == MIRRORED_AFTER
        and not app.teardown_request_funcs.get(None)
        and not app.url_value_preprocessors
    )


def install(app: Flask) -> None:
    """Put the lane between the body guard and the Flask app, once every hook is registered.

    Off when `TRICKREF_EXPRESS` is false, when CORS is configured (flask-cors's headers are the
    Flask path's to give), and when the app's hooks are not the ones the lane mirrors."""
    if not app.config.get("TRICKREF_EXPRESS", True) or app.config.get("TRICKREF_CORS_ORIGINS"):
        return
    guard = app.wsgi_app
    if not isinstance(guard, BodyGuard) or not mirrors(app):
        app.logger.warning("express lane off: the app's hooks are not the ones it mirrors")
        return
    guard.app = ExpressLane(app, guard.app)


class ExpressLane:
    """WSGI: answer a plain request of a rules operation, pass anything else to the Flask app."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.flask = wsgi_app
        self.routes: dict[str, Route] = dict(app.extensions.get(_ROUTES, {}))
        self.metrics = app.extensions["trickref_metrics"]
        self.answered = 0  # requests this lane answered (tests read it; threads may lose a count)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        route = self.routes.get(environ.get("PATH_INFO", ""))
        if route is not None and environ.get("REQUEST_METHOD") == "POST":
            answered = self._answer(route, environ, start_response)
            if answered is not None:
                return answered
        return self.flask(environ, start_response)

    def _answer(
        self, route: Route, environ: dict[str, Any], start_response: Callable[..., Any]
    ) -> list[bytes] | None:
        """The answer as the Flask path gives it, or None (nothing written) to pass the request on."""
        start = time.perf_counter()
        stream = environ.get("wsgi.input")
        if (
            ENVIRON_KEY in environ  # the guard refused the body: the Flask path answers the refusal
            or environ.get("QUERY_STRING")
            or environ.get("HTTP_ACCEPT", "") not in ACCEPT_ANY
            or environ.get("CONTENT_TYPE") not in _JSON_TYPES
            or type(stream) is not io.BytesIO  # the body as the guard buffered it, whole
        ):
            return None
        request_id = request_id_from(environ.get(REQUEST_ID_ENVIRON))
        body = stream.getvalue()
        if not body or len(body) > MAX_BODY or json_shape_problem(body) is not None:
            return None
        sent = environ.get(TABLE_KEY_ENVIRON)
        secret = replay_cache.valid_key(sent)
        if sent is not None and secret is None:
            return None
        try:
            data = json.loads(body.decode("utf-8"))  # webargs' parse_json: UTF-8, then the stdlib
            loaded = route.schema.load(data)
            lang = i18n.negotiate(environ.get("HTTP_ACCEPT_LANGUAGE"))
            rules = resolve_rules(route.game, loaded)
            result = answer_keyed(self.app, secret, route.game, route.engine, rules, loaded)
            text = encode(translated(result, lang, route.game.family)).encode()
        except Exception:  # undecodable, refused by the schema or the rules, or a fault: the Flask
            return None  # path answers it with its problem
        headers = [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(text))),
            *_HEADERS,
            (REQUEST_ID_HEADER, request_id),
            ("Content-Language", lang),
        ]
        self.metrics.served(route.operation, "POST", route.game.id, 200, time.perf_counter() - start)
        self.answered += 1
        start_response("200 OK", headers)
        return [text]
