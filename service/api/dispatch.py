"""The one code path from a route to a game: resolve its rules, run the operation."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from flask import Response

from service import bots
from service.headers import API_HEADERS, SECURED
from service.rules.errors import Code, InvalidRecord
from service.rules.game import Game
from service.rules.profile import Rules


def _nested_rules(body: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """The `rules` of every hand record nested in the body, with where it stands."""
    hand = body.get("hand")
    if isinstance(hand, Mapping) and hand.get("rules") is not None:
        yield "hand.rules", hand["rules"]
    for i, entry in enumerate(body.get("hands") or ()):
        nested = entry.get("hand") if isinstance(entry, Mapping) else None
        if isinstance(nested, Mapping) and nested.get("rules") is not None:
            yield f"hands.{i}.hand.rules", nested["rules"]


def resolve_rules(game: Game, body: Mapping[str, Any]) -> Rules:
    """The request's rules: its top-level `rules`, else those of its hand record, else the default.

    A record nested in the body may carry its own rules (a dealt record always does); they must
    resolve to the same options as the request's, or the request is refused rather than judged
    under rules the client did not mean.
    """
    nested = list(_nested_rules(body))
    top = body.get("rules")
    rules = game.rules(top if top is not None or not nested else nested[0][1])
    for where, request in nested:
        if game.rules(request).hash != rules.hash:
            raise InvalidRecord(
                Code.RULES_CONFLICT,
                f"{where} resolves to other options than the request's rules: give one, or the same",
                field=where,
            )
    return rules


def json_response(data: Any, status: int = 200) -> Response:
    response = Response(
        json.dumps(data, separators=(",", ":")),
        status=status,
        mimetype="application/json",
        headers=API_HEADERS,
    )
    setattr(response, SECURED, True)
    return response


def run(game: Game, operation: str, body: Mapping[str, Any]) -> Response:
    rules = resolve_rules(game, body)
    return json_response(game.answer(operation, rules, body))


def suggest(game: Game, body: Mapping[str, Any]) -> Response:
    """hands/suggest: a bot's action for `seat`. No peeking by construction: the bot is given the
    seat's view (what hands/state answers with `seat`, errors included as that seat may read them),
    never the record. service/bots is pure and the rules' Game does not know it: this is the one
    place where the two meet."""
    rules = resolve_rules(game, body)
    seat = body["seat"]
    view = game.answer("state", rules, {**body["hand"], "seat": seat})
    found = bots.suggest(
        game.id,
        view,
        seat,
        level=body.get("level", "normal"),
        seed=body.get("seed", 0),
        budget_ms=body.get("budget_ms"),
    )
    return json_response({"rules": view["rules"], **found.to_json()})


# Operations answered by a hook of their own rather than by a `Game` method through `run`.
HOOKS: dict[str, Callable[[Game, Mapping[str, Any]], Response]] = {"suggest": suggest}
