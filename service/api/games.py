"""The catalog, and every registered game's operations.

The routes are generic: one loop over the registry gives each game a blueprint (tagged with the game)
with one route per operation of its family's contract (schemas/contract.py). Each route validates
with that game's own request schema and documents that game's own types and examples, so a client
generated from the contract sees exact types per game while the HTTP code knows no game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from flask import Blueprint as FlaskBlueprint
from flask import Flask, Response, request
from flask_smorest import abort
from werkzeug.routing import BaseConverter

from schemas import family_of
from schemas.catalog import GameListSchema
from schemas.contract import Operation, operations
from service.rules import registry
from service.rules.game import Game

from . import context, errors, examples, i18n, replay_cache, texts
from . import glossary as glossaries
from .dispatch import Dispatcher, Route
from .headers import API_HEADERS
from .smorest import Api, Blueprint

# What each kind of operation can answer besides 200 (each documented with its problem+json).
POST_ERRORS = (400, 406, 408, 413, 415, 422, 500)
GET_ERRORS = (406, 500)

catalog: Blueprint = Blueprint(
    "games", __name__, url_prefix="/v1/games", description="The catalog: every game, its rules and options"
)


@catalog.route("", methods=["GET"])
@catalog.doc(
    operationId="listGames",
    description="Each option carries its type, default, allowed values, "
    "a one-line description and the source of the rule. Game ids are an open set: new games appear. "
    "Names, summaries, titles and descriptions are in the language `Accept-Language` asks for "
    "(Content-Language says which); ids, values and sources never change with it.",
)
@catalog.response(200, GameListSchema(), example=examples.catalog("games"))
@catalog.errors(*GET_ERRORS)
def list_games() -> Any:
    """List every game with its rule profiles and options"""
    lang = language()
    return kept(("games", lang), lambda: texts.catalog(lang))


def language() -> str:
    """The language this request's answer is written in (the same Content-Language says)."""
    return i18n.negotiate(request.headers.get("Accept-Language"))


# The catalog's and the glossaries' bodies, encoded once per answer and language: their keys are
# the registry's games and the held languages only (`negotiate` answers nothing else), so this
# holds at most (1 + 2 x games) x languages texts. A request then costs a dict lookup.
_encoded: dict[tuple[str, str], str] = {}


def kept(key: tuple[str, str], build: Callable[[], Any]) -> Response:
    """The JSON answer of `build()`, with the body encoded at the key's first request and kept."""
    text = _encoded.get(key)
    if text is None:
        text = _encoded[key] = json.dumps(build(), separators=(",", ":"))
    return Response(text, mimetype="application/json", headers=API_HEADERS)


# Unknown games: not in the contract (every documented path names a real game), answered with a
# 404 that names the known ones. The route must not match a known game's paths, or a wrong method
# on one of them would land here instead of getting its 405.
class UnknownGame(BaseConverter):
    regex = "(?!(?:" + "|".join(re.escape(g) for g in registry.GAMES) + ")(?:/|$))[^/]+"


unknown = FlaskBlueprint("unknown_game", __name__)


@unknown.route("/v1/games/<unknown_game:game>", methods=["GET", "POST"])
@unknown.route("/v1/games/<unknown_game:game>/<path:rest>", methods=["GET", "POST"])
def unknown_game(game: str, rest: str = "") -> Any:
    known = ", ".join(sorted(registry.GAMES)) or "none yet"
    abort(404, code="unknown_game", message=f"No game {game!r}; known games: {known}")


def camel(game_id: str) -> str:
    head, *tail = game_id.split("-")
    return head + "".join(part.capitalize() for part in tail)


def state_link(game: Game) -> dict[str, Any]:
    """The record a deal or a play answers is, as it is, a hands/state body: a whole-value link that
    every generator accepts (a link that builds a play request from parts is not one)."""
    return {
        "state": {
            "operationId": camel(game.id) + "GetHandState",
            "requestBody": "$response.body#/hand",
            "description": "The state of the hand returned",
        }
    }


def route_of(game: Game, op: Operation) -> Route | None:
    """The dispatcher's route of an operation that runs the rules (None for the GET texts)."""
    if op.engine is None or op.request is None:
        return None
    return Route(game, op.engine, op.request, f"{game.id}.{op.key}")


def _view(game: Game, op: Operation, dispatcher: Dispatcher, route: Route | None) -> Any:
    if op.key == "glossary":

        def glossary() -> Any:
            lang = language()
            return kept((f"{game.id}/glossary", lang), lambda: glossaries.glossary(game, lang))

        return glossary
    if route is None:

        def describe() -> Any:
            lang = language()
            return kept((game.id, lang), lambda: texts.describe(game, lang))

        return describe
    served = route

    def operate(_: Any) -> Any:
        """The contract's view of the operation; the front hands its requests to the dispatcher
        before Flask sees them, and this answers the same should one reach Flask."""
        call = context.current() or context.Call("-", language(), request.headers.get(replay_cache.HEADER))
        return errors.response(dispatcher.serve(served, request.get_data(), call))

    return operate


def game_blueprint(api: Api, game: Game, dispatcher: Dispatcher, bots: bool) -> Blueprint:
    blp = Blueprint(game.id, __name__, url_prefix=f"/v1/games/{game.id}", description=game.summary)
    for op in operations(game, family_of(game)):
        route = route_of(game, op)
        view = _view(game, op, dispatcher, route)
        ex = examples.operation(game.id, op.key)
        view = blp.response(200, op.response, example=ex.get("response"))(view)
        if op.request is not None:
            if op.union:
                api.document_union(op.request, op.union)
            view = blp.arguments(op.request, example=ex.get("request"))(view)
            view = blp.errors(*POST_ERRORS, problems={"422": ex.get("problem")})(view)
        else:
            view = blp.errors(*GET_ERRORS)(view)
        doc: dict[str, Any] = {"operationId": camel(game.id) + op.verb, "summary": op.summary}
        if op.key in ("deals", "hands_play"):
            doc["responses"] = {200: {"links": state_link(game)}}
        view = blp.doc(description=op.description, **doc)(view)
        view.__name__ = op.key
        blp.route(op.path, methods=[op.method], endpoint=op.key)(view)
        if route is not None and (bots or route.operation != "suggest"):
            dispatcher.add(f"{blp.url_prefix}{op.path}", route)
    return blp


def register(api: Api, app: Flask, dispatcher: Dispatcher) -> None:
    app.url_map.converters["unknown_game"] = UnknownGame
    api.register_blueprint(catalog)
    for game in registry.GAMES.values():
        api.register_blueprint(game_blueprint(api, game, dispatcher, app.config["TRICKREF_BOTS"]))
