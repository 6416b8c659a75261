"""The Blot family's wire types: its actions, summary, view, score and scorepad.

Bazar Blot (4 players) and the Blot duel (2 players) share them; each game's operations wrap them
with that game's own typed rules (schemas/contract.py). The view and the score are exact per game:
the bazar's phases and void deals, the duel's turned card, stock and undealt points.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from marshmallow import Schema, fields, validate

from service.rules.blot.combinations import BLOT, QUARTET, RUN
from service.rules.blot.options import MAX_BID, MIN_BID
from service.rules.blot.scoring import CAPOT_UNDER_CONTRA, DOUBLES, NO_TRICK
from service.rules.blot.table import AUCTION, BAZAR, COMPLETE, DUEL, NAME, PLAY, REDEAL, TAKE
from service.rules.game import Game

from .common import (
    MAX_DECLARATIONS,
    Bool,
    Card,
    CardList,
    Const,
    CurrentTrickSchema,
    Int,
    Integer,
    Ints,
    OneOf,
    PlayActionSchema,
    Seat,
    Strain,
    StrictSchema,
    Suit,
    TrickSchema,
    bare_action,
)
from .contract import Family
from .rules import RulesInForce, type_name

BAZAR_PHASES = (AUCTION, PLAY, COMPLETE, REDEAL)
DUEL_PHASES = (TAKE, NAME, PLAY, COMPLETE)
DEAL_POINTS = 162
TRICKS = 8


def Team(**kw: Any) -> fields.Integer:
    """A side: team = seat % 2 in the bazar, the seat itself in the duel."""
    meta = {"description": "A team: seats 0 and 2 are team 0 in the bazar; in the duel team = seat"}
    return Int(0, 1, metadata={**meta, **kw.pop("metadata", {})}, **kw)


def Pair(high: int | None = None, **kw: Any) -> fields.List:  # type: ignore[type-arg]
    """Two whole numbers, one per team."""
    return fields.List(Int(0, high), validate=validate.Length(equal=2), **kw)


class BlotBidActionSchema(StrictSchema):
    """Bid in the bazar: a number of tens and a strain, or capot (all eight tricks) with a strain."""

    seat = Seat(required=True)
    type = Const("bid")
    value = Integer(
        metadata={
            "description": f"Tens promised, from {MIN_BID} to the ceiling in force ({MAX_BID} without one); "
            "absent in a capot bid. Out of range: bid_out_of_range, with the action's index"
        },
    )
    strain = Strain(required=True)
    capot = Bool(metadata={"description": "true: the capot bid (no value), the highest bid; default false"})


class NameActionSchema(StrictSchema):
    """Name a trump suit in the duel once both players passed the turned card's suit."""

    seat = Seat(required=True)
    type = Const("name")
    strain = Strain(
        required=True,
        metadata={"description": "A suit other than the turned card's; NT or the turned suit: invalid_trump"},
    )


_VARIANTS: dict[str, Schema] = {
    "bid": BlotBidActionSchema(),
    "pass": bare_action("pass")(),
    "keep": bare_action("keep")(),
    "contra": bare_action("contra")(),
    "recontra": bare_action("recontra")(),
    "take": bare_action("take")(),
    "name": NameActionSchema(),
    "play": PlayActionSchema(),
}
ACTIONS = OneOf("BlotAction", _VARIANTS)  # the family's: each game documents its own union below
# Each game's union holds its own actions only: the bazar's auction, the duel's take and name.
GAME_ACTIONS = {
    BAZAR: OneOf(
        "BazarBlotAction", {k: _VARIANTS[k] for k in ("bid", "pass", "keep", "contra", "recontra", "play")}
    ),
    DUEL: OneOf("BlotDuelAction", {k: _VARIANTS[k] for k in ("take", "pass", "name", "play")}),
}


def actions(game: Game) -> OneOf:
    return GAME_ACTIONS[game.id]


def _double(**kw: Any) -> fields.String:
    return fields.String(
        validate=validate.OneOf(DOUBLES),
        metadata={"description": "none, contra (doubled) or recontra (redoubled)"},
        **kw,
    )


class BlotContractSchema(StrictSchema):
    """The standing bid or contract: its holder, tens (null for capot and in the duel), strain."""

    seat = Seat(required=True)
    value = Int(MIN_BID, MAX_BID, required=True, allow_none=True)
    strain = Strain(required=True)
    capot = Bool(required=True)
    double = _double(required=True)


class BlotSummaryContractSchema(StrictSchema):
    """A scorepad's contract: the holder (the taker in the duel) and the strain; `value` unless capot
    (none in the duel); `capot` default false; `double` default none."""

    seat = Seat(required=True)
    value = Integer(
        allow_none=True,
        metadata={"description": "Tens, within the bid range in force; out of range: bid_out_of_range"},
    )
    strain = Strain(required=True)
    capot = Bool()
    double = _double()


class BlotSummaryDeclarationSchema(StrictSchema):
    """One combination as a player declares it at the table: a run by its name (`terz`, `fifty`,
    `hundred`) or its `length`, or four of a kind (`kind: quartet` and its `rank`). A run's `top`
    and `suit` are needed only when the two sides' best declarations are equal as written: the
    answer then names the declarations that need them (422 `invalid_summary`). The service checks
    the declarations against one another and decides which side scores, as from a record."""

    seat = Seat(required=True)
    name = fields.String(
        validate=validate.OneOf(("terz", "fifty", "hundred")),
        metadata={"description": "A run as players say it: terz (3 cards), fifty (4), hundred (5 or more)"},
    )
    kind = fields.String(
        validate=validate.OneOf((RUN, QUARTET)),
        metadata={"description": "run or quartet (four of a kind); a declaration with a name is a run"},
    )
    length = Int(3, 8, metadata={"description": "A run's length (3 to 8; 3 to 6 in the duel)"})
    top = fields.String(
        validate=validate.OneOf(tuple("9TJQKA")), metadata={"description": "A run's highest rank"}
    )
    suit = Suit(metadata={"description": "A run's suit"})
    rank = fields.String(
        validate=validate.OneOf(tuple("9TJQKA")), metadata={"description": "The rank of four of a kind"}
    )


class BlotSummarySchema(StrictSchema):
    """What a scorepad knows about a deal, by team: the contract (null: a void bazar deal), card
    points with the last trick, tricks, the combinations (either the points each team scores, or each
    seat's declarations for the service to rank), and the team holding the blot."""

    contract = fields.Nested(
        BlotSummaryContractSchema, allow_none=True, metadata={"description": "null: four passes"}
    )
    card_points = Pair(DEAL_POINTS, required=True, metadata={"description": "Card points, last trick in"})
    tricks = Pair(TRICKS, required=True)
    combinations = Pair(
        metadata={
            "description": "Runs and four of a kind: the points each team scores (only the side "
            "with the best combination scores); default none. Give this or `declarations`"
        }
    )
    declarations = fields.List(
        fields.Nested(BlotSummaryDeclarationSchema),
        validate=validate.Length(max=MAX_DECLARATIONS),
        metadata={
            "description": "Each seat's runs and four of a kind as declared; the service decides who "
            "scores. Give this or `combinations`"
        },
    )
    dealer = Seat(
        metadata={
            "description": "The dealer: needed only when equal best declarations of both sides go to "
            "the first in trick order; in a match, the rotation's dealer"
        }
    )
    blot = Team(allow_none=True, metadata={"description": "The team with king and queen of trumps"})


class BlotScoreLineSchema(StrictSchema):
    """One team's line: what it is credited with after the made/inside/contra transfer."""

    team = Team(required=True)
    card_points = Int(required=True)
    combinations = Int(required=True)
    blot = Int(required=True)
    capot_bonus = Int(required=True)
    total_points = Int(required=True)
    points = Int(required=True, metadata={"description": "total_points in tens, rounded"})
    bid = Int(required=True)
    score = Int(required=True)


class MatchEndingSchema(StrictSchema):
    """A deal that ends the match whatever the score."""

    winner = Team(required=True)
    reason = fields.String(required=True, validate=validate.OneOf((NO_TRICK, CAPOT_UNDER_CONTRA)))


class BlotDeclarationSchema(StrictSchema):
    """A combination shown: a run, four of a kind, or the blot."""

    seat = Seat(required=True)
    team = Team(required=True)
    kind = fields.String(required=True, validate=validate.OneOf((RUN, QUARTET, BLOT)))
    points = Int(required=True)
    cards = CardList(required=True)


class BidRangeSchema(StrictSchema):
    """The bids open to the seat to act, compactly: every value from `lowest` to `highest` (null
    when no number is left under capot) in each of `strains`, and capot when `capot` is true."""

    seat = Seat(required=True)
    lowest = Int(MIN_BID, required=True, allow_none=True)
    highest = Int(MIN_BID, required=True, allow_none=True)
    strains = fields.List(Strain(), required=True)
    capot = Bool(required=True)


class BlotAnnouncementSchema(StrictSchema):
    """A combination as announced with its holder's first card: its kind and points, no cards."""

    seat = Seat(required=True)
    team = Team(required=True)
    kind = fields.String(required=True, validate=validate.OneOf((RUN, QUARTET)))
    name = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(("terz", "fifty", "hundred")),
        metadata={
            "description": "A run as announced: terz (3 cards), fifty (4), hundred (5 or more); "
            "null for four of a kind"
        },
    )
    points = Int(required=True)


class BlotMatchDealSchema(StrictSchema):
    deal = Int(1, required=True)
    dealer = Seat(required=True)
    contract = fields.Nested(BlotContractSchema, required=True, allow_none=True)
    made = Bool(required=True, allow_none=True)
    scores = Ints(required=True)
    totals = Ints(required=True)
    match_ending = fields.Nested(MatchEndingSchema, required=True, allow_none=True)


def _bazar(game: Game) -> bool:
    return game.id == BAZAR


@cache
def score(game: Game) -> type[Schema]:
    bazar = _bazar(game)
    attrs: dict[str, object] = {
        "__doc__": "A deal's score: the contract, made or not, and each team's line.",
        "rules": RulesInForce(game),
        "contract": fields.Nested(BlotContractSchema, required=True, allow_none=bazar),
        "made": Bool(required=True, allow_none=bazar),
        "multiplier": Int(0, required=True),
        "scores": Ints(required=True, metadata={"description": "This deal's score, by team"}),
        "breakdown": fields.List(fields.Nested(BlotScoreLineSchema), required=True),
        "summary": fields.Nested(BlotSummarySchema, required=True),
        "match_ending": fields.Nested(MatchEndingSchema, required=True, allow_none=True),
    }
    if not bazar:
        attrs["undealt_points"] = Int(0, required=True, metadata={"description": "Card points undealt"})
    return type(f"{type_name(game)}ScoreSchema", (StrictSchema,), attrs)


@cache
def view(game: Game) -> type[Schema]:
    bazar = _bazar(game)
    n = 4 if bazar else 2
    attrs: dict[str, object] = {
        "__doc__": "A deal as it stands; with `seat`, only what that seat may see.",
        "rules": RulesInForce(game),
        "phase": fields.String(
            required=True, validate=validate.OneOf(BAZAR_PHASES if bazar else DUEL_PHASES)
        ),
        "to_act": Seat(required=True, allow_none=True),
        "dealer": Seat(required=True),
        "players": Int(n, n, required=True),
        "contract": fields.Nested(
            BlotContractSchema,
            required=True,
            allow_none=True,
            metadata={"description": "The standing bid or contract; null before any"},
        ),
        "bids": fields.List(actions(game), required=True, metadata={"description": "Every auction action"}),
        "hands": fields.List(
            CardList(allow_none=True),
            required=True,
            metadata={"description": "Cards still held, by seat; null where hidden from the viewer"},
        ),
        "hand_counts": fields.List(Int(), required=True),
        "legal_actions": fields.List(
            actions(game), required=True, metadata={"description": "Ready to send back to hands/play"}
        ),
        "tricks": fields.List(fields.Nested(TrickSchema), required=True),
        "current_trick": fields.Nested(CurrentTrickSchema, required=True, allow_none=True),
        "tricks_won": fields.List(Int(), required=True, metadata={"description": "Tricks by team"}),
        "announcements": fields.List(
            fields.Nested(BlotAnnouncementSchema),
            required=True,
            metadata={
                "description": "Each seat's combinations (kind and points) from its first card on, "
                "in the order the seats played it"
            },
        ),
        "declarations": fields.List(
            fields.Nested(BlotDeclarationSchema),
            required=True,
            metadata={
                "description": "The scoring side's combinations with their cards once the first "
                "trick is complete; the blot once both its cards are played"
            },
        ),
        "result": fields.Nested(score(game), required=True, allow_none=True),
    }
    if bazar:
        attrs["bid_range"] = fields.Nested(
            BidRangeSchema,
            required=True,
            allow_none=True,
            metadata={
                "description": "The bids open to the seat to act (to the viewing seat, when given) as a "
                "range, the same bids legal_actions lists one by one; null when that seat may not bid"
            },
        )
    else:
        attrs["turned"] = Card(required=True, metadata={"description": "The turned card"})
        attrs["stock_count"] = Int(0, 13, required=True, metadata={"description": "Cards not dealt"})
    return type(f"{type_name(game)}ViewSchema", (StrictSchema,), attrs)


@cache
def match(game: Game) -> type[Schema]:
    return type(
        f"{type_name(game)}MatchSchema",
        (StrictSchema,),
        {
            "__doc__": "The scorepad: every deal, running totals, the winner once finished.",
            "rules": RulesInForce(game),
            "target": Int(1, required=True),
            "deals": fields.List(fields.Nested(BlotMatchDealSchema), required=True),
            "totals": Ints(required=True),
            "finished": Bool(required=True),
            "winner": Team(required=True, allow_none=True),
            "next_dealer": Seat(
                required=True,
                allow_none=True,
                metadata={
                    "description": "Who deals the next deal: the deal passes to the left every deal from "
                    "`first_dealer`, a redealt (passed-out) deal included; null once the match is finished"
                },
            ),
        },
    )


FAMILY = Family(
    name="Blot",
    actions=ACTIONS,
    game_actions=actions,
    summary=BlotSummarySchema,
    view=view,
    score=score,
    match=match,
    record_fields=("turned", "stock"),
    deal_round=False,
    max_hands=100,
)
