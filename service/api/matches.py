"""A match: the scorepad over many hands."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from schemas.requests import MatchRequest
from schemas.responses import MatchSchema

from . import examples
from .dispatch import run
from .smorest import Blueprint

blp: Blueprint = Blueprint(
    "matches",
    __name__,
    url_prefix="/v1/games/<game:game>/matches",
    description="The scorepad: per-hand scores, running totals, the winner",
)


@blp.route("/score")
class MatchScore(MethodView):
    @blp.doc(operationId="scoreMatch")
    @blp.arguments(MatchRequest(), example=examples.request("matches_score"))
    @blp.response(200, MatchSchema(), example=examples.response("matches_score"))
    @blp.errors(400, 404, 413)
    def post(self, body: dict[str, Any], game: str) -> Any:
        """Score a match so far: every hand, running totals, finished or not, the winner"""
        return run(game, "match_score", body)
