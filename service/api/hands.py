"""A hand: its state and legal actions, one more action, its score."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from schemas.requests import PlayRequest, ScoreRequest, StateRequest
from schemas.responses import PlayResultSchema, ScoreSchema, ViewSchema

from . import examples
from .dispatch import run
from .smorest import Blueprint

# OpenAPI links: the record a play returns, with one of its legal actions, is the next play.
PLAY_LINKS = {
    "next": {
        "operationId": "playAction",
        "parameters": {"game": "$request.path.game"},
        "requestBody": {"hand": "$response.body#/hand", "action": "$response.body#/state/legal_actions/0"},
        "description": "Play on with the first legal action",
    },
    "state": {
        "operationId": "getHandState",
        "parameters": {"game": "$request.path.game"},
        "requestBody": "$response.body#/hand",
        "description": "The state after the action",
    },
}

STATE_LINKS = {
    "play": {
        "operationId": "playAction",
        "parameters": {"game": "$request.path.game"},
        "requestBody": {"hand": "$request.body", "action": "$response.body#/legal_actions/0"},
        "description": "Play the first legal action (the record must not carry `seat`)",
    }
}

blp: Blueprint = Blueprint(
    "hands",
    __name__,
    url_prefix="/v1/games/<game:game>/hands",
    description="Replay a hand record: its state, a new action, its score",
)


@blp.route("/state")
class State(MethodView):
    @blp.doc(operationId="getHandState", responses={200: {"links": STATE_LINKS}})
    @blp.arguments(StateRequest(), example=examples.request("hands_state"))
    @blp.response(200, ViewSchema(), example=examples.response("hands_state"))
    @blp.errors(400, 404, 413)
    def post(self, body: dict[str, Any], game: str) -> Any:
        """Replay a hand record and return its state

        Phase, whose turn, the legal actions (ready to send back), tricks with their winners and
        the result once complete. With `seat`, only what that seat may see. The first illegal
        action gives a 422 with its `action_index` and the rule it breaks.
        """
        return run(game, "state", body)


@blp.route("/play")
class Play(MethodView):
    @blp.doc(operationId="playAction", responses={200: {"links": PLAY_LINKS}})
    @blp.arguments(PlayRequest(), example=examples.request("hands_play"))
    @blp.response(200, PlayResultSchema(), example=examples.response("hands_play"))
    @blp.errors(400, 404, 413)
    def post(self, body: dict[str, Any], game: str) -> Any:
        """Apply one action to a hand record

        Returns the record with the action appended and the new state, or a 422 whose `code` says
        why the action is illegal (e.g. `must_follow_suit`).
        """
        return run(game, "play", body)


@blp.route("/score")
class Score(MethodView):
    @blp.doc(operationId="scoreHand")
    @blp.arguments(ScoreRequest(), example=examples.request("hands_score"))
    @blp.response(200, ScoreSchema(), example=examples.response("hands_score"))
    @blp.errors(400, 404, 413)
    def post(self, body: dict[str, Any], game: str) -> Any:
        """Score a hand, from a complete record or from a scorepad summary"""
        return run(game, "score", body)
