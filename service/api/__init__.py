"""The HTTP layer: thin, generic over games; one blueprint per resource."""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from flask_smorest import abort
from werkzeug.routing import BaseConverter

from service.rules import registry

from . import games, hands, matches, ops, tricks
from .smorest import Api


class GameId(BaseConverter):
    """Matches any path segment (an unknown id gets a 404 `unknown_game`, not a bare 404) and
    documents the known ids as an enum, so clients and the contract tests see the real games."""

    regex = "[^/]+"


def _game_id_schema(converter: Any) -> dict[str, Any]:
    return {"type": "string", "enum": sorted(registry.GAMES), "description": "Game id"}


def install_converters(app: Flask) -> None:
    app.url_map.converters["game"] = GameId


def require_json_body() -> None:
    """Every operation with a body needs one, as JSON: an empty POST would otherwise load as {}
    and be judged with every default, which hides a client bug."""
    if request.method != "POST" or request.routing_exception is not None:
        return  # let routing answer 404/405 first
    if not request.content_length and not request.get_data(cache=True):
        abort(400, code="malformed_request", message="A JSON body is required")
    if not request.is_json:
        abort(415, code="unsupported_media_type", message="Send the body as application/json")


BLUEPRINTS = (games.blp, hands.blp, tricks.blp, matches.blp, ops.blp)


def register(api: Api) -> None:
    api.register_converter(GameId, _game_id_schema)
    for blp in BLUEPRINTS:
        api.register_blueprint(blp)
