"""The one code path from a route to a game: find it, resolve its rules, run the operation."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Response
from flask_smorest import abort

from service.rules import registry
from service.rules.errors import Code, InvalidRecord
from service.rules.game import Game


def find_game(game_id: str) -> Game:
    game = registry.find(game_id)
    if game is None:
        known = ", ".join(sorted(registry.GAMES)) or "none yet"
        abort(404, code="unknown_game", message=f"No game {game_id!r}; known games: {known}")
    return game  # type: ignore[return-value]


def rules_request(body: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """Rules at the top level, or inside the nested hand record; both must agree if both are given."""
    top = body.get("rules")
    hand = body.get("hand")
    nested = hand.get("rules") if isinstance(hand, Mapping) else None
    if top is not None and nested is not None and top != nested:
        raise InvalidRecord(
            Code.RULES_CONFLICT, "'rules' and 'hand.rules' differ: give one, or the same", field="rules"
        )
    return top if top is not None else nested


def json_response(data: Any, status: int = 200) -> Response:
    return Response(json.dumps(data, separators=(",", ":")), status=status, mimetype="application/json")


def run(game_id: str, operation: str, body: Mapping[str, Any]) -> Response:
    game = find_game(game_id)
    rules = game.rules(rules_request(body))
    result = getattr(game, operation)(rules, body)
    return json_response(result)
