"""Liveness and readiness, for load balancers and Kubernetes probes."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from schemas.catalog import HealthSchema, ReadySchema
from service import __version__
from service.rules import registry

from . import examples
from .dispatch import encode
from .headers import API_HEADERS
from .smorest import Blueprint

blp: Blueprint = Blueprint("ops", __name__, description="Health probes")


def json_response(data: Any) -> Response:
    response = Response(encode(data), mimetype="application/json")
    response.headers.extend(API_HEADERS)
    return response


@blp.route("/healthz")
class Health(MethodView):
    @blp.doc(
        operationId="checkHealth",
        description="For liveness probes: answers as long as the process serves requests.",
    )
    @blp.response(200, HealthSchema(), example=examples.catalog("healthz"))
    @blp.errors(406, 500)
    def get(self) -> Any:
        """Liveness: the process answers (does no work)"""
        return json_response({"status": "ok", "version": __version__})


@blp.route("/readyz")
class Ready(MethodView):
    @blp.doc(
        operationId="checkReadiness",
        description="For readiness probes: 503 until every registered game resolves its default rules.",
    )
    @blp.response(200, ReadySchema(), example=examples.catalog("readyz"))
    @blp.errors(406, 500, 503)
    def get(self) -> Any:
        """Readiness: the game registry is loaded and every game resolves its default rules"""
        for game in registry.GAMES.values():
            game.rules(None)
        return json_response({"status": "ready", "version": __version__, "games": len(registry.GAMES)})
