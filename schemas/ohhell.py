"""The Oh Hell family's wire types: its actions, summary, view, score and scorepad.

Blob, Nomination Whist and Oh Hell share them; each game's operations wrap them with that game's
own typed rules (schemas/contract.py).
"""

from __future__ import annotations

from functools import cache

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.rules.game import Game
from service.rules.ohhell.options import SCORING_METHODS
from service.rules.ohhell.state import BIDDING, COMPLETE, PLAY, TRUMP

from .common import (
    Bool,
    Card,
    CardList,
    Const,
    CurrentTrickSchema,
    Int,
    Ints,
    OneOf,
    PlayActionSchema,
    Seat,
    Strain,
    StrictSchema,
    TrickSchema,
    bare_action,
)
from .contract import Family
from .rules import RulesInForce, type_name

PHASES = (BIDDING, TRUMP, PLAY, COMPLETE)
MAX_TRICKS = 52


class OhHellBidActionSchema(StrictSchema):
    """Call the number of tricks you will take."""

    seat = Seat(required=True)
    type = Const("bid")
    value = Int(0, MAX_TRICKS, required=True, metadata={"description": "Tricks called"})


class TrumpActionSchema(StrictSchema):
    """Name trumps (or NT) where the trump mode lets a seat choose."""

    seat = Seat(required=True)
    type = Const("trump")
    strain = Strain(required=True)


TurnActionSchema = bare_action("turn")

ACTIONS = OneOf(
    "OhHellAction",
    {
        "bid": OhHellBidActionSchema(),
        "trump": TrumpActionSchema(),
        "turn": TurnActionSchema(),
        "play": PlayActionSchema(),
    },
)


class OhHellViewBidSchema(StrictSchema):
    """A bid as the viewer sees it: its `value`, or `hidden: true` where the bid was made but its
    value is withheld from this seat (hidden bids). Exactly one of the two.

    One object rather than a `oneOf` of a bid action and a hidden bid: the two have no
    discriminator (both are `type: bid`), and a generated client that parses a `oneOf` by trying
    each variant and ignores unknown fields (Java's Jackson) finds both match and fails."""

    seat = Seat(required=True)
    type = Const("bid")
    value = Int(0, MAX_TRICKS, metadata={"description": "Tricks called; absent when hidden"})
    hidden = Bool(
        validate=validate.Equal(True), metadata={"description": "true: the value is withheld from this seat"}
    )

    @validates_schema
    def value_or_hidden(self, data: dict[str, object], **_: object) -> None:
        if ("value" in data) == ("hidden" in data):
            raise ValidationError("Exactly one of 'value' or 'hidden'.", "_schema")


class OhHellSummarySchema(StrictSchema):
    """What a scorepad knows about a hand played with real cards: the calls and the tricks."""

    bids = fields.List(Int(0, 100), required=True, validate=validate.Length(min=1, max=8))
    tricks = fields.List(Int(0, 100), required=True, validate=validate.Length(min=1, max=8))
    dealer = Seat()
    round = Int(1, 100)
    trump = Strain()


class SeatScoreSchema(StrictSchema):
    """One seat's line of a hand's score."""

    seat = Seat(required=True)
    bid = Int(required=True)
    tricks = Int(required=True)
    made = Bool(required=True, metadata={"description": "The call was exact"})
    difference = fields.Integer(required=True, metadata={"description": "Tricks minus the call"})
    score = fields.Integer(required=True)
    blob = Bool(metadata={"description": "A missed call, with Blob's method one (blobs) only"})


class MatchRoundSchema(StrictSchema):
    round = Int(1, required=True)
    dealer = Seat(required=True)
    hand_size = Int(1, required=True)
    trump = Strain(required=True, allow_none=True)
    bids = fields.List(Int(), required=True)
    tricks = fields.List(Int(), required=True)
    made = fields.List(Bool(), required=True, metadata={"description": "Exact call, by seat"})
    scores = Ints(required=True)
    totals = Ints(required=True)


def _method() -> fields.String:
    return fields.String(
        required=True,
        validate=validate.OneOf(SCORING_METHODS),
        metadata={"description": "The scoring method applied"},
    )


@cache
def score(game: Game) -> type[Schema]:
    return type(
        f"{type_name(game)}ScoreSchema",
        (StrictSchema,),
        {
            "__doc__": "A hand's score: each seat's call, tricks and points.",
            "rules": RulesInForce(game),
            "method": _method(),
            "hand_size": Int(1, required=True),
            "scores": Ints(required=True, metadata={"description": "This hand's score, by seat"}),
            "breakdown": fields.List(fields.Nested(SeatScoreSchema), required=True),
        },
    )


@cache
def view(game: Game) -> type[Schema]:
    return type(
        f"{type_name(game)}ViewSchema",
        (StrictSchema,),
        {
            "__doc__": "A hand as it stands; with `seat`, only what that seat may see.",
            "rules": RulesInForce(game),
            "phase": fields.String(required=True, validate=validate.OneOf(PHASES)),
            "to_act": Seat(required=True, allow_none=True),
            "dealer": Seat(required=True),
            "players": Int(3, 8, required=True),
            "hand_size": Int(1, required=True),
            "round": Int(1, required=True, allow_none=True),
            "trump": Strain(
                required=True, allow_none=True, metadata={"description": "Trumps; null until known"}
            ),
            "turned": Card(
                required=True, allow_none=True, metadata={"description": "The turned card, if shown"}
            ),
            "bids": fields.List(
                fields.Nested(OhHellViewBidSchema),
                required=True,
            ),
            "hands": fields.List(
                CardList(allow_none=True),
                required=True,
                metadata={"description": "Cards still held, by seat; null where hidden from the viewer"},
            ),
            "hand_counts": fields.List(Int(), required=True),
            "legal_actions": fields.List(
                ACTIONS, required=True, metadata={"description": "Ready to send back to hands/play"}
            ),
            "tricks": fields.List(fields.Nested(TrickSchema), required=True),
            "current_trick": fields.Nested(CurrentTrickSchema, required=True, allow_none=True),
            "tricks_won": fields.List(Int(), required=True),
            "result": fields.Nested(score(game), required=True, allow_none=True),
        },
    )


@cache
def match(game: Game) -> type[Schema]:
    return type(
        f"{type_name(game)}MatchSchema",
        (StrictSchema,),
        {
            "__doc__": "The scorepad: every round, running totals, the winner once finished.",
            "rules": RulesInForce(game),
            "rounds": fields.List(fields.Nested(MatchRoundSchema), required=True),
            "totals": Ints(required=True),
            "blobs": fields.List(
                Int(),
                required=True,
                metadata={"description": "Calls missed so far, by seat (Blob's blobs: its first tie-break)"},
            ),
            "finished": Bool(required=True),
            "winner": Seat(required=True, allow_none=True),
            "standings": fields.List(Seat(), required=True),
            "next_dealer": Seat(
                required=True,
                allow_none=True,
                metadata={
                    "description": "Who deals the next round: the deal passes to the left (clockwise) every "
                    "round from `first_dealer`; null once the match is finished"
                },
            ),
            "next_round": Int(
                1,
                required=True,
                allow_none=True,
                metadata={
                    "description": "The schedule's round the next hand deals (its `round`, which sets the "
                    "hand size); null once the schedule is over"
                },
            ),
        },
    )


FAMILY = Family(
    name="OhHell",
    actions=ACTIONS,
    summary=OhHellSummarySchema,
    view=view,
    score=score,
    match=match,
    record_fields=("turned", "round"),
    deal_round=True,
    max_hands=60,
)
