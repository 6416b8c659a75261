"""The catalog (which games, which rules) and fresh deals."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from schemas.requests import DealRequest
from schemas.responses import DealSchema, GameListSchema, GameSchema
from service.rules import registry

from . import examples
from .dispatch import find_game, json_response, run
from .smorest import Blueprint

# OpenAPI links: a deal's record is a valid hands/state body (clients and stateful tests follow them).
DEAL_LINKS = {
    "state": {
        "operationId": "getHandState",
        "parameters": {"game": "$request.path.game"},
        "requestBody": "$response.body#/hand",
        "description": "The state of the hand just dealt",
    }
}

blp: Blueprint = Blueprint(
    "games",
    __name__,
    url_prefix="/v1/games",
    description="The games, their rule profiles and options, and fresh deals",
)


@blp.route("")
class Games(MethodView):
    @blp.doc(operationId="listGames")
    @blp.response(200, GameListSchema(), example=examples.response("games"))
    def get(self) -> Any:
        """List every game with its rule profiles and options

        Each option carries its type, default, allowed values, a one-line description and the
        source of the rule (the seed rule book, or the research behind a house rule).
        """
        return json_response({"games": [g.describe() for g in registry.GAMES.values()]})


@blp.route("/<game:game>")
class Game(MethodView):
    @blp.doc(operationId="getGame")
    @blp.response(200, GameSchema(), example=examples.response("game"))
    @blp.errors(404)
    def get(self, game: str) -> Any:
        """Describe one game: players, actions, rule profiles and options"""
        return json_response(find_game(game).describe())


@blp.route("/<game:game>/deals")
class Deals(MethodView):
    @blp.doc(operationId="dealHand", responses={200: {"links": DEAL_LINKS}})
    @blp.arguments(DealRequest(), example=examples.request("deals"))
    @blp.response(200, DealSchema(), example=examples.response("deals"))
    @blp.errors(400, 404, 413)
    def post(self, body: dict[str, Any], game: str) -> Any:
        """Deal a fresh hand: the same seed gives the same deal

        Cards are dealt one at a time from the dealer's left; the answer is a hand record ready to
        send to hands/state, with its rules spelled out in full.
        """
        return run(game, "deal", body)
