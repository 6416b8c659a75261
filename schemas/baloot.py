"""The Baloot family's wire types: its actions, summary, view, score and scorepad.

Saudi Baloot (service/rules/baloot, docs/rules/baloot.md); its operations wrap these types with
the game's own typed rules (schemas/contract.py).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from service.rules.baloot.projects import BALOOT, FIFTY, FOUR_HUNDRED, HUNDRED, QUARTET_RANKS, SIRA
from service.rules.baloot.scoring import GAHWA, HOKUM, SUN
from service.rules.baloot.state import CALLING, COMPLETE, DOUBLING, PLAY, REDEAL
from service.rules.baloot.summary import QUARTET, RUN
from service.rules.belote.cards import NATURAL_LOW_TO_HIGH
from service.rules.game import Game

from .common import (
    MAX_DECLARATIONS,
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
    Suit,
    TrickSchema,
    bare_action,
)
from .contract import Family
from .rules import RulesInForce, type_name

PHASES = (CALLING, DOUBLING, PLAY, COMPLETE, REDEAL)
MODES = (HOKUM, SUN)
PROJECT_NAMES = (SIRA, FIFTY, HUNDRED, FOUR_HUNDRED)
DECLARATION_NAMES = (*PROJECT_NAMES, BALOOT)
TEAMS = 2


class HokumActionSchema(StrictSchema):
    """Call Hokum with this trump suit."""

    seat = Seat(required=True)
    type = Const("hokum")
    strain = Suit(required=True)


VARIANTS: dict[str, Schema] = {
    "hokum": HokumActionSchema(),
    "sun": bare_action("sun")(),
    "pass": bare_action("pass")(),
    "double": bare_action("double")(),
    "three": bare_action("three")(),
    "four": bare_action("four")(),
    "gahwa": bare_action("gahwa")(),
    "ashkal": bare_action("ashkal")(),
    "play": PlayActionSchema(),
}
# A refused action gets its rule's code and index from service/api/action_errors.py, as in every game.
ACTIONS = OneOf("BalootAction", VARIANTS)

# The doubling level: 1 (none) to 4, or "gahwa". An `anyOf` whose integer comes first, not a
# `oneOf`: the two are disjoint in JSON Schema, but a generated client that parses a `oneOf` by
# trying each variant (Java's Jackson, which by default coerces 2 into the string "2") finds two
# matches and fails; an `anyOf` takes the first that parses, and "gahwa" is no integer.
DOUBLE_SPEC: dict[str, Any] = {
    "anyOf": [{"type": "integer", "minimum": 1, "maximum": 4}, {"type": "string", "enum": [GAHWA]}],
    "description": "The doubling level: 1 (none), 2 (double), 3 (three), 4 (four) or gahwa",
}


class DoubleField(fields.Raw):
    """1 to 4 (an integral number: 2.0 reads as 2), or "gahwa"."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if type(value) is float and value.is_integer():
            value = int(value)
        if value != GAHWA and not (type(value) is int and 1 <= value <= 4):
            raise ValidationError("1 to 4, or 'gahwa'.")
        return value


def Double(**kw: Any) -> fields.Raw:
    return DoubleField(metadata={"_spec": DOUBLE_SPEC, **kw.pop("metadata", {})}, **kw)


def Pair(**kw: Any) -> fields.List:  # type: ignore[type-arg]
    """Two non-negative integers, team 0 (seats 0 and 2) then team 1."""
    return fields.List(Int(), validate=validate.Length(equal=TEAMS), **kw)


def Team(**kw: Any) -> fields.Integer:
    return Int(0, 1, **kw)


class ContractSchema(StrictSchema):
    """The contract: who called it, Hokum or Sun, trumps (NT in Sun) and the doubling level."""

    seat = Seat(required=True)
    mode = fields.String(required=True, validate=validate.OneOf(MODES))
    strain = Strain(required=True)
    double = Double(required=True)


class SummaryContractSchema(ContractSchema):
    strain = Strain(
        metadata={"description": "The trump suit in Hokum (required); NT in Sun, which may leave it out"}
    )
    double = Double(metadata={"description": "The doubling level (default 1)"})


class BalootDeclaredProjectSchema(StrictSchema):
    """A project as the table says it: the seat and its name (sira, fifty, hundred, four-hundred).
    A run's `length`, `top` and `suit`, or four of a kind's `rank`, are needed only when the two
    teams' best projects are equal as named: the answer then says which declarations need them
    (422 `invalid_summary`). `kind` (run or quartet) is the older form, with those fields."""

    seat = Seat(required=True)
    name = fields.String(
        validate=validate.OneOf((SIRA, FIFTY, HUNDRED, FOUR_HUNDRED)),
        metadata={
            "description": "What the player said: sira (a run of 3), fifty (4), hundred (a run of 5 "
            "or more, or four tens, jacks, queens or kings), four-hundred (four aces). Give this or `kind`"
        },
    )
    kind = fields.String(
        validate=validate.OneOf((RUN, QUARTET)),
        metadata={"description": "run or quartet: the older form, with length, top and suit, or rank"},
    )
    length = Int(3, 8, metadata={"description": "A run's length (sira 3, fifty 4, hundred 5 to 8)"})
    top = fields.String(
        validate=validate.OneOf(tuple(NATURAL_LOW_TO_HIGH)),
        metadata={"description": "A run's highest rank (7 8 9 T J Q K A)"},
    )
    suit = Suit(metadata={"description": "A run's suit"})
    rank = fields.String(
        validate=validate.OneOf(tuple(QUARTET_RANKS)),
        metadata={"description": "Four of a kind's rank (T J Q K; A is the four-hundred)"},
    )


class BalootSummarySchema(StrictSchema):
    """A hand's scorepad line: the contract (null: passed out, with card_points and tricks [0, 0]),
    card points, tricks, the projects (totals by team, or each seat's declarations) and the baloot."""

    contract = fields.Nested(SummaryContractSchema, required=True, allow_none=True)
    card_points = Pair(
        required=True,
        metadata={"description": "Card points by team, the last trick's 10 in (162 in Hokum, 130 in Sun)"},
    )
    tricks = Pair(required=True, metadata={"description": "Tricks by team (8 in all)"})
    project_game_points = Pair(
        metadata={
            "description": "The projects that count, by team, in game points (a sira 2 in Hokum, 4 "
            "in Sun); default none. Give one of this, project_table_points, projects or declarations"
        }
    )
    project_table_points = Pair(
        metadata={
            "description": "The same in the table's points: a sira 20, a fifty 50, a hundred 100, the "
            "four aces 100 in Hokum and 200 in Sun (game points x 10 in Hokum, x 5 in Sun)"
        }
    )
    projects = Pair(
        metadata={"description": "The older name of project_game_points: project game points by team"}
    )
    declarations = fields.List(
        fields.Nested(BalootDeclaredProjectSchema),
        validate=validate.Length(max=MAX_DECLARATIONS),
        metadata={
            "description": "Each seat's declared projects; the referee decides which team's count "
            "(instead of projects)"
        },
    )
    baloot = Team(allow_none=True, metadata={"description": "The team holding the baloot, or null"})
    dealer = Seat(
        metadata={
            "description": "The dealer (in a match: checked against the rotation); needed with "
            "declarations when the two teams' best projects are equal"
        }
    )


class ScoreSummarySchema(StrictSchema):
    contract = fields.Nested(ContractSchema, required=True)
    card_points = Pair(required=True)
    tricks = Pair(required=True)
    projects = Pair(required=True)
    baloot = Int(0, 1, required=True, allow_none=True)


class TeamScoreSchema(StrictSchema):
    """One team's line of a hand's score: score = raw x multiplier + projects x project_multiplier
    + baloot x baloot_multiplier."""

    team = Int(0, 1, required=True)
    calling = Bool(required=True)
    counting = Bool(required=True)
    card_points = Int(required=True)
    tricks = Int(0, 8, required=True)
    game_points = Int(required=True)
    rounding_loss = fields.Integer(strict=True, required=True)
    compared = Int(required=True)
    raw = Int(required=True)
    multiplier = Int(1, 4, required=True)
    projects = Int(required=True)
    project_multiplier = Int(1, 4, required=True)
    baloot = Int(0, 2, required=True, metadata={"description": "The baloot's points this team takes"})
    baloot_multiplier = Int(
        1, 4, required=True, metadata={"description": "The hand's level, or 1 (never-lost, gahwa, undoubled)"}
    )
    score = Int(required=True)


class ProjectSchema(StrictSchema):
    seat = Seat(required=True)
    name = fields.String(required=True, validate=validate.OneOf(PROJECT_NAMES))
    points = Int(required=True)
    cards = CardList(
        required=True,
        allow_none=True,
        metadata={"description": "The project's cards; null for a declaration given by name only"},
    )
    counts = Bool(required=True)


class BalootDeclarationSchema(StrictSchema):
    seat = Seat(required=True)
    name = fields.String(required=True, validate=validate.OneOf(DECLARATION_NAMES))
    points = Int(required=True)
    cards = CardList(required=True, allow_none=True)


class GahwaSchema(StrictSchema):
    team = Int(0, 1, required=True)
    ends_match = Bool(required=True)


@cache
def score(game: Game) -> type[Schema]:
    return type(
        f"{type_name(game)}ScoreSchema",
        (StrictSchema,),
        {
            "__doc__": "A hand's score: the contract, made or not, and each team's breakdown.",
            "rules": RulesInForce(game),
            "contract": fields.Nested(ContractSchema, required=True, allow_none=True),
            "passed": Bool(metadata={"description": "A deal all four passed (scores 0-0)"}),
            "made": Bool(
                required=True,
                allow_none=True,
                metadata={"description": "The callers made their contract; null for a deal all four passed"},
            ),
            "kaboot": Bool(required=True),
            "counting_team": Int(0, 1, required=True, allow_none=True),
            "scores": Ints(required=True, metadata={"description": "This hand's score, by team"}),
            "breakdown": fields.List(fields.Nested(TeamScoreSchema), required=True),
            "summary": fields.Nested(ScoreSummarySchema, required=True, allow_none=True),
            "projects": fields.List(
                fields.Nested(ProjectSchema),
                metadata={
                    "description": "Every project dealt (records), or declared (summaries with declarations)"
                },
            ),
            "gahwa": fields.Nested(GahwaSchema),
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
            "players": Int(4, 4, required=True),
            "calling_round": Int(1, 2, required=True, allow_none=True),
            "contract": fields.Nested(ContractSchema, required=True, allow_none=True),
            "bids": fields.List(
                ACTIONS, required=True, metadata={"description": "Every calling and doubling action so far"}
            ),
            "hands": fields.List(
                CardList(allow_none=True),
                required=True,
                metadata={"description": "Cards still held, by seat; null where hidden from the viewer"},
            ),
            "hand_counts": fields.List(Int(), required=True),
            "turned": Card(required=True, metadata={"description": "The turned card (always public)"}),
            "legal_actions": fields.List(
                ACTIONS, required=True, metadata={"description": "Ready to send back to hands/play"}
            ),
            "tricks": fields.List(fields.Nested(TrickSchema), required=True),
            "current_trick": fields.Nested(CurrentTrickSchema, required=True, allow_none=True),
            "tricks_won": fields.List(Int(), required=True),
            "declarations": fields.List(fields.Nested(BalootDeclarationSchema), required=True),
            "result": fields.Nested(score(game), required=True, allow_none=True),
        },
    )


class MatchDealSchema(StrictSchema):
    deal = Int(1, required=True)
    dealer = Seat(required=True)
    contract = fields.Nested(ContractSchema, required=True, allow_none=True)
    passed = Bool(required=True, metadata={"description": "A deal all four passed: no contract, scores 0-0"})
    made = Bool(
        required=True,
        allow_none=True,
        metadata={"description": "The callers made their contract; null for a deal all four passed"},
    )
    kaboot = Bool(required=True)
    scores = Ints(required=True)
    totals = Ints(required=True)
    summary = fields.Nested(ScoreSummarySchema, required=True, allow_none=True)


@cache
def match(game: Game) -> type[Schema]:
    return type(
        f"{type_name(game)}MatchSchema",
        (StrictSchema,),
        {
            "__doc__": "The scorepad: every deal, running totals, the winning team once finished.",
            "rules": RulesInForce(game),
            "deals": fields.List(fields.Nested(MatchDealSchema), required=True),
            "totals": Ints(required=True, metadata={"description": "By team"}),
            "finished": Bool(required=True),
            "winner": Int(0, 1, required=True, allow_none=True),
            "next_dealer": Seat(
                required=True,
                allow_none=True,
                metadata={
                    "description": "Who deals the next deal: from `first_dealer`, the deal passes every "
                    "deal (a passed-out deal included) the way `deal_rotation` says; null once the match "
                    "is finished"
                },
            ),
        },
    )


FAMILY = Family(
    name="Baloot",
    actions=ACTIONS,
    summary=BalootSummarySchema,
    view=view,
    score=score,
    match=match,
    record_fields=("turned", "stock"),
    deal_round=False,
    max_hands=99,
)
