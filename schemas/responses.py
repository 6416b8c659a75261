"""Response bodies. They document what the engines return; the routes send the engines' dicts
as they are (no dump pass), and the contract tests check every response against these."""

from __future__ import annotations

from marshmallow import fields, validate

from service.errors import ALL_CODES

from .common import (
    ActionSchema,
    Card,
    CardList,
    HandRecordSchema,
    RulesEchoSchema,
    Seat,
    Strain,
    StrictSchema,
    ViewActionSchema,
)


class RangeSchema(StrictSchema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class OptionSchema(StrictSchema):
    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["bool", "int", "enum", "int_list"]))
    default = fields.Raw(required=True, allow_none=True)
    description = fields.String(required=True)
    source = fields.String(required=True, metadata={"description": "Where the rule comes from"})
    allowed = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()


class ProfileSchema(StrictSchema):
    name = fields.String(required=True)
    description = fields.String(required=True)
    overrides = fields.Dict(required=True)


class RuleCatalogSchema(StrictSchema):
    default_profile = fields.String(required=True)
    profiles = fields.List(fields.Nested(ProfileSchema), required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)


class GameSchema(StrictSchema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    summary = fields.String(required=True)
    players = fields.Nested(RangeSchema, required=True)
    actions = fields.List(fields.String(), required=True)
    rules = fields.Nested(RuleCatalogSchema, required=True)


class GameListSchema(StrictSchema):
    games = fields.List(fields.Nested(GameSchema), required=True)


class PlayedCardSchema(StrictSchema):
    seat = Seat(required=True)
    card = Card(required=True)


class TrickSchema(StrictSchema):
    leader = Seat(required=True)
    cards = fields.List(fields.Nested(PlayedCardSchema), required=True)
    winner = Seat(required=True)
    points = fields.Integer(required=True)


class CurrentTrickSchema(StrictSchema):
    leader = Seat(required=True)
    cards = fields.List(fields.Nested(PlayedCardSchema), required=True)


class SeatScoreSchema(StrictSchema):
    """One seat's line of a hand's score (Oh Hell family)."""

    seat = Seat(required=True)
    bid = fields.Integer(required=True)
    tricks = fields.Integer(required=True)
    made = fields.Boolean(required=True, metadata={"description": "The call was exact"})
    difference = fields.Integer(required=True, metadata={"description": "Tricks minus the call"})
    score = fields.Float(required=True)
    blob = fields.Boolean(metadata={"description": "A missed call, with Blob's method one (blobs) only"})


class ScoreSchema(StrictSchema):
    rules = fields.Nested(RulesEchoSchema, required=True)
    method = fields.String(required=True, metadata={"description": "The scoring method applied"})
    hand_size = fields.Integer(required=True)
    scores = fields.List(
        fields.Float(), required=True, metadata={"description": "This hand's score, by seat"}
    )
    breakdown = fields.List(
        fields.Nested(SeatScoreSchema),
        required=True,
        metadata={"description": "Each seat's call, tricks and score"},
    )


class ViewSchema(StrictSchema):
    rules = fields.Nested(RulesEchoSchema, required=True)
    phase = fields.String(required=True, metadata={"description": "bidding, trump, play, complete, ..."})
    to_act = Seat(required=True, allow_none=True)
    dealer = Seat(required=True)
    players = fields.Integer(required=True)
    hand_size = fields.Integer(required=True)
    round = fields.Integer(required=True, allow_none=True)
    trump = Strain(required=True, allow_none=True, metadata={"description": "Trumps; null until known"})
    turned = Card(required=True, allow_none=True)
    bids = fields.List(fields.Nested(ViewActionSchema), required=True)
    hands = fields.List(
        CardList(allow_none=True),
        required=True,
        metadata={"description": "Cards still held, by seat; null where hidden from the viewer"},
    )
    hand_counts = fields.List(fields.Integer(), required=True)
    legal_actions = fields.List(fields.Nested(ActionSchema), required=True)
    tricks = fields.List(fields.Nested(TrickSchema), required=True)
    current_trick = fields.Nested(CurrentTrickSchema, required=True, allow_none=True)
    tricks_won = fields.List(fields.Integer(), required=True)
    declarations = fields.List(fields.Dict(), required=True)
    result = fields.Nested(ScoreSchema, required=True, allow_none=True)


class DealSchema(StrictSchema):
    rules = fields.Nested(RulesEchoSchema, required=True)
    seed = fields.Integer(required=True)
    hand = fields.Nested(HandRecordSchema, required=True)


class PlayResultSchema(StrictSchema):
    hand = fields.Nested(HandRecordSchema, required=True)
    state = fields.Nested(ViewSchema, required=True)


class TrickWinnerSchema(StrictSchema):
    rules = fields.Nested(RulesEchoSchema, required=True)
    winner = Seat(required=True)
    winning_card = Card(required=True)
    index = fields.Integer(
        required=True, metadata={"description": "Position of the winning card in the trick"}
    )
    points = fields.Integer(required=True, metadata={"description": "Card points in the trick"})


class IllegalCardSchema(StrictSchema):
    card = Card(required=True)
    code = fields.String(required=True)
    reason = fields.String(required=True)


class TrickLegalSchema(StrictSchema):
    rules = fields.Nested(RulesEchoSchema, required=True)
    legal = CardList(required=True)
    illegal = fields.List(fields.Nested(IllegalCardSchema), required=True)


class MatchRoundSchema(StrictSchema):
    round = fields.Integer(required=True)
    dealer = Seat(required=True)
    hand_size = fields.Integer(required=True)
    trump = Strain(required=True, allow_none=True)
    bids = fields.List(fields.Integer(), required=True)
    tricks = fields.List(fields.Integer(), required=True)
    made = fields.List(fields.Boolean(), required=True, metadata={"description": "Exact call, by seat"})
    scores = fields.List(fields.Float(), required=True)
    totals = fields.List(fields.Float(), required=True)


class MatchSchema(StrictSchema):
    rules = fields.Nested(RulesEchoSchema, required=True)
    rounds = fields.List(fields.Nested(MatchRoundSchema), required=True)
    totals = fields.List(fields.Float(), required=True)
    blobs = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "Calls missed so far, by seat (Blob's blobs: its first tie-break)"},
    )
    finished = fields.Boolean(required=True)
    winner = Seat(required=True, allow_none=True)
    standings = fields.List(Seat(), required=True)


class ProblemSchema(StrictSchema):
    """RFC 9457 problem details plus the service's stable `code`."""

    type = fields.String(required=True, metadata={"description": "URI naming the problem type"})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(
        required=True,
        validate=validate.OneOf(ALL_CODES),
        metadata={"description": "Stable machine-readable code (closed list, docs/errors.md)"},
    )
    action_index = fields.Integer(metadata={"description": "Index of the action of the record at fault"})
    errors = fields.Dict(metadata={"description": "Field -> messages, on schema failures"})
    request_id = fields.String(metadata={"description": "The request's id, as in the X-Request-ID header"})


class HealthSchema(StrictSchema):
    status = fields.String(required=True)
    version = fields.String(required=True)
    games = fields.Integer()
