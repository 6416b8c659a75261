"""A single trick: who wins it, which cards may be played to it."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from schemas.requests import TrickLegalRequest, TrickWinnerRequest
from schemas.responses import TrickLegalSchema, TrickWinnerSchema

from . import examples
from .dispatch import run
from .smorest import Blueprint

blp: Blueprint = Blueprint(
    "tricks",
    __name__,
    url_prefix="/v1/games/<game:game>/tricks",
    description="One trick on its own: its winner, the legal cards",
)


@blp.route("/winner")
class Winner(MethodView):
    @blp.doc(operationId="trickWinner")
    @blp.arguments(TrickWinnerRequest(), example=examples.request("tricks_winner"))
    @blp.response(200, TrickWinnerSchema(), example=examples.response("tricks_winner"))
    @blp.errors(400, 404, 413)
    def post(self, body: dict[str, Any], game: str) -> Any:
        """Who wins a trick, with which card, and its card points"""
        return run(game, "trick_winner", body)


@blp.route("/legal")
class Legal(MethodView):
    @blp.doc(operationId="legalCards")
    @blp.arguments(TrickLegalRequest(), example=examples.request("tricks_legal"))
    @blp.response(200, TrickLegalSchema(), example=examples.response("tricks_legal"))
    @blp.errors(400, 404, 413)
    def post(self, body: dict[str, Any], game: str) -> Any:
        """Which cards of a hand may be played to a trick; every other card with its reason"""
        return run(game, "trick_legal", body)
