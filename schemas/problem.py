"""problem+json (RFC 9457): the one error body of every operation."""

from __future__ import annotations

from marshmallow import fields

from .common import Int, Params, StrictSchema


class ProblemSchema(StrictSchema):
    """RFC 9457 problem details plus the service's stable `code`.

    `code` is an open string: the known codes are listed in docs/errors.md (and in `GET /v1/games`'s
    documentation), and a client must treat a code it does not know by its `status`, because new
    games and rules bring new codes.
    """

    type = fields.String(required=True, metadata={"description": "URI naming the problem type"})
    title = fields.String(required=True, metadata={"description": "The code's meaning, in words"})
    status = Int(400, 599, required=True)
    detail = fields.String(
        required=True,
        metadata={
            "description": "What exactly is wrong with this request, in the answer's Content-Language "
            "(a rule's problem: written for players, from `code` and `params`)"
        },
    )
    code = fields.String(
        required=True,
        metadata={
            "description": "Stable machine-readable code (the known ones: docs/errors.md). Open: treat an "
            "unknown code by its status.",
            "examples": ["must_follow_suit", "validation_failed"],
        },
    )
    action_index = Int(
        0, metadata={"description": "Index of the record's action at fault, when an action is at fault"}
    )
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={
            "description": "Field -> messages: each key a dotted path into the request body "
            "(`hand.actions.3.card`; `body` for the body as a whole)"
        },
    )
    params = Params(
        metadata={
            "description": "What the detail says, as data, for a rule's problem (a seat, a card, a "
            "suit, a bid...; docs/errors.md lists each code's): empty when the detail is withheld "
            "from a seat view",
            "examples": [{"seat": 2, "card": "JS", "suit": "D"}],
        }
    )
    request_id = fields.String(metadata={"description": "The request's id, as in the X-Request-ID header"})
