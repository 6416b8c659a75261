"""Request bodies, one per operation; every game shares them."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from .common import (
    ActionSchema,
    CardList,
    HandRecordFields,
    HandRecordSchema,
    RulesRequestSchema,
    Seat,
    Strain,
    StrictSchema,
)


class WithRules(StrictSchema):
    rules = fields.Nested(
        RulesRequestSchema, metadata={"description": "Rules in force; default profile if omitted"}
    )


class DealRequest(WithRules):
    dealer = Seat(metadata={"description": "Dealer of this hand; default: seat (round-1) mod players"})
    seed = fields.Integer(
        strict=True,
        validate=validate.Range(min=0, max=2**63 - 1),
        metadata={"description": "Shuffle seed: same seed, same deal"},
    )
    round = fields.Integer(
        strict=True,
        validate=validate.Range(min=1, max=100),
        metadata={"description": "1-based round of the schedule (default 1)"},
    )


class StateRequest(HandRecordFields, StrictSchema):
    seat = Seat(metadata={"description": "View the hand as this seat sees it: other hands hidden"})


class PlayRequest(WithRules):
    hand = fields.Nested(HandRecordSchema, required=True)
    action = fields.Nested(ActionSchema, required=True)
    seat = Seat(metadata={"description": "Return the new state as this seat sees it"})


class SummarySchema(StrictSchema):
    """What a scorepad knows about a hand played with real cards: no more than the score needs."""

    bids = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=100)),
        validate=validate.Length(min=1, max=8),
    )
    tricks = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=100)),
        validate=validate.Length(min=1, max=8),
    )
    dealer = Seat()
    round = fields.Integer(strict=True, validate=validate.Range(min=1, max=100))
    trump = Strain()


class MatchHandSchema(StrictSchema):
    """One hand of a match, or the hand to score: a complete record or a scorepad summary."""

    hand = fields.Nested(HandRecordSchema)
    summary = fields.Nested(SummarySchema)

    @validates_schema
    def one_source(self, data: dict[str, object], **_: object) -> None:
        if ("hand" in data) == ("summary" in data):
            raise ValidationError("Give exactly one of 'hand' (a complete record) or 'summary'.", "_schema")


class ScoreRequest(MatchHandSchema, WithRules):
    pass


class MatchRequest(WithRules):
    first_dealer = Seat(metadata={"description": "Dealer of the first round (default 0)"})
    hands = fields.List(
        fields.Nested(MatchHandSchema),
        required=True,
        validate=validate.Length(max=60),
        metadata={"description": "The hands so far, in round order"},
    )


class TrickWinnerRequest(WithRules):
    trump = Strain(required=True)
    leader = Seat(required=True)
    cards = CardList(
        max_items=8,
        min_items=1,
        required=True,
        metadata={"description": "The cards in playing order, the lead first"},
    )


class TrickLegalRequest(WithRules):
    trump = Strain(required=True)
    hand = CardList(max_items=52, min_items=1, required=True)
    trick = CardList(
        max_items=7, load_default=list, metadata={"description": "Cards already in the trick, the lead first"}
    )
    seat = Seat(metadata={"description": "The seat to play (for partnership duties)"})
    leader = Seat(metadata={"description": "The seat that led the trick"})


__all__ = [
    "DealRequest",
    "MatchRequest",
    "PlayRequest",
    "ScoreRequest",
    "StateRequest",
    "TrickLegalRequest",
    "TrickWinnerRequest",
]
