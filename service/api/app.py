"""The application factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, abort, request

from service import __version__

from . import config, errors, front, games, headers, observability, ops, table
from .dispatch import Dispatcher
from .smorest import Api

# Swagger UI is served from the flask-swagger-ui package (headers.py); no ReDoc: it needed a CDN
SWAGGER_UI_URL = "/docs/assets/"

API_DESCRIPTION = """\
Trickref referees trick-taking card games: send the whole hand (the deal and every action so far)
and get back the legal moves, why any other move is illegal, trick winners and scores. Nothing is
stored: every request carries its own state.

Every game has its own operations under its own path (`/v1/games/<game>/...`), tagged with the
game, with its own exact types: its actions (a union discriminated by `type`), its view, its score
and its scorepad. Every response that depends on rules echoes the rules in force (`rules.profile`,
every option resolved, and a canonical `rules.hash`).

Errors are `application/problem+json` (RFC 9457) with a stable `code` (the known codes: the
project's docs/errors.md; a client treats an unknown code by its status); an illegal action names its
`action_index` and the rule it breaks.

There is no authentication: every operation is public (`security: []`).
"""
CONTACT = {"name": "Trickref maintainers"}
SERVERS = [{"url": "/", "description": "This service (the host that served this document)"}]


class Trickref(Flask):
    """Flask with an OPTIONS answer of its own: an empty 204 whose `Allow` lists the methods in
    order. Flask's was a 200 `text/html` with an empty body, its methods in the order of a set
    (which differed from worker to worker)."""

    def make_default_options_response(self) -> Response:
        adapter = self.create_url_adapter(request)
        methods = sorted(adapter.allowed_methods()) if adapter is not None else ["OPTIONS"]
        response = self.response_class(status=204)
        response.headers["Allow"] = ", ".join(methods)
        del response.headers["Content-Type"]
        return response


def create_app(overrides: Mapping[str, Any] | None = None) -> Flask:
    app = Trickref("trickref")
    # A doubled slash is not merged: werkzeug answered it with an HTML 308 whose Location it built
    # from the client's Host header. Such a path matches no route (a 404 problem), before any rule
    # is added (each rule takes the map's setting).
    app.url_map.merge_slashes = False
    app.config.update(config.from_env())
    app.config.update(
        API_TITLE="Trickref",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL=SWAGGER_UI_URL,
        API_SPEC_OPTIONS={
            "info": {
                "description": API_DESCRIPTION,
                "contact": CONTACT,
                "license": {"name": "MIT", "identifier": "MIT"},
            },
            "servers": SERVERS,
            # a public referee: no operation needs credentials, said once for the whole API
            "security": [],
        },
    )
    if overrides:
        app.config.update(overrides)
    if not app.config["TRICKREF_DOCS"]:
        app.config["OPENAPI_SWAGGER_UI_PATH"] = None
    app.json.sort_keys = False  # type: ignore[attr-defined]
    api = Api(app)
    dispatcher = app.extensions["trickref_dispatcher"] = Dispatcher(app)
    games.register(api, app, dispatcher)
    api.register_blueprint(ops.blp)
    app.register_blueprint(games.unknown)
    if not app.config["TRICKREF_BOTS"]:
        _without_bots(app)
    errors.register(app)
    observability.init_app(app)  # JSON logs, the metrics and /metrics
    headers.init_app(app)  # the docs page and its local assets
    table.init_app(app)  # the reference table, a static client of the API (docs/table.md)
    front.install(app, dispatcher)  # the guard, then the front: every request passes through both
    return app


BOTS_ELSEWHERE = "hands/suggest is served by the bots' pool, not by this one"


def _without_bots(app: Flask) -> None:
    """A pool that serves no bots (TRICKREF_BOTS=0, the rules pool's pods): every game's
    hands/suggest is a 404 problem, whoever reaches the pool and by whatever door, so a burst of
    bots can only ever take the bots pool's cores (deploy/README.md)."""

    def elsewhere(**_: Any) -> Response:
        abort(404, description=BOTS_ELSEWHERE)

    for endpoint in [e for e in app.view_functions if e.endswith(".hands_suggest")]:
        app.view_functions[endpoint] = elsewhere
