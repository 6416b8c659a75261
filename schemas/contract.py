"""Each registered game's operations and their exact types, built from its family's types.

A family module (schemas/ohhell.py, ...) declares its actions, summary, view, score and scorepad as
a `Family`; `operations(game)` wraps them with the game's own typed rules into one request and one
response schema per operation. service/api registers one route per game and operation from this
list, so adding a game adds its operations without touching the HTTP layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.rules.game import Game

from .common import (
    MAX_SEATS,
    Bool,
    Card,
    CardList,
    IllegalCardSchema,
    Int,
    OneOf,
    QuickList,
    QuickSchema,
    Seat,
    Seed,
    Strain,
    StrictSchema,
)
from .rules import Rules, RulesInForce, type_name
from .spec import composes
from .suggest import description as suggest_description
from .suggest import schemas as suggest_schemas

MAX_ACTIONS = 200


@dataclass(frozen=True)
class Family:
    """A game family's own wire types; `view`, `score` and `match` take the game (for its rules)."""

    name: str
    actions: OneOf
    summary: type[Schema]
    view: Callable[[Game], type[Schema]]
    score: Callable[[Game], type[Schema]]
    match: Callable[[Game], type[Schema]]
    record_fields: tuple[str, ...] = ()  # which of turned, stock, round a hand record has
    deal_round: bool = False  # a deal request may name its round of the schedule
    max_hands: int = 60  # hands a match may list
    game_actions: Callable[[Game], OneOf] | None = None  # a game's own union, where games differ

    def actions_of(self, game: Game) -> OneOf:
        """The union of `game`'s actions: no action of another game of the family."""
        return self.actions if self.game_actions is None else self.game_actions(game)


@dataclass(frozen=True)
class Operation:
    """One operation of one game: what the route serves and what the contract documents."""

    key: str  # examples and engine lookups: "hands_state"
    method: str
    path: str  # below /v1/games/<game>
    verb: str  # operationId = <game in camelCase><verb>
    engine: str | None  # the Game method; None for the description
    summary: str
    description: str
    request: Schema | None
    response: Schema
    union: tuple[Schema, ...] = ()  # the request is documented as oneOf these variants


def _no_actions() -> list[Any]:
    return []


def _fields(game: Game, family: Family, extra: Mapping[str, Any], out: bool = False) -> dict[str, Any]:
    """A hand record's fields; `out` makes those the server always sends required."""
    has = set(family.record_fields)
    attrs: dict[str, Any] = {
        "rules": Rules(game),
        "dealer": Seat(required=True),
        "hands": fields.List(
            CardList(max_items=52),
            required=True,
            validate=validate.Length(min=1, max=MAX_SEATS),
            metadata={"description": "The cards each seat was dealt, by seat"},
        ),
    }
    if "turned" in has:
        attrs["turned"] = Card(metadata={"description": "The face-up card, where the deal turns one"})
    if "stock" in has:
        attrs["stock"] = CardList(metadata={"description": "Undealt cards in deal order"})
    if "round" in has:
        attrs["round"] = Int(1, 100, metadata={"description": "1-based round of the deal schedule"})
    extra_kw: dict[str, Any] = {} if out else {"load_default": _no_actions}
    attrs["actions"] = QuickList(
        family.actions_of(game),
        required=out,
        validate=validate.Length(max=MAX_ACTIONS),
        metadata={"description": "Every action so far, in order"},
        **extra_kw,
    )
    attrs.update(extra)
    return attrs


def _schema(name: str, doc: str, attrs: Mapping[str, Any], base: type[Schema] = QuickSchema) -> type[Schema]:
    return type(f"{name}Schema", (base,), {"__doc__": doc, **attrs})


class _ExactlyOne(StrictSchema):
    """A hand given as a complete record or as a scorepad summary, never both."""

    @validates_schema
    def one_source(self, data: dict[str, object], **_: object) -> None:
        if ("hand" in data) == ("summary" in data):
            raise ValidationError("Give exactly one of 'hand' (a complete record) or 'summary'.", "_schema")


def seat_views(**kw: Any) -> fields.List:  # type: ignore[type-arg]
    """The seats whose views a request asks for: each seat once (the rules refuse a repeat with
    `invalid_seat`), so never more than the table's seats."""
    return fields.List(
        Seat(),
        validate=validate.Length(max=MAX_SEATS),
        metadata={"uniqueItems": True, **kw.pop("metadata", {})},
        **kw,
    )


@cache
def operations(game: Game, family: Family) -> tuple[Operation, ...]:
    t = type_name(game)
    acts = family.actions_of(game)  # the game's own actions, none of another game of its family
    record = _schema(
        f"{t}HandRecord",
        f"A hand of {game.name}: the deal and every action so far.",
        _fields(game, family, {}),
    )
    record_out = _schema(
        f"{t}HandRecordOut", "A hand record as the service returns it.", _fields(game, family, {}, out=True)
    )
    dealt_extra: dict[str, Any] = {"rules": Rules(game, required=True)}
    if "round" in family.record_fields:
        dealt_extra["round"] = Int(1, 100, required=True)
    dealt = _schema(
        f"{t}DealtHand", "A fresh deal, its rules spelled out.", _fields(game, family, dealt_extra, out=True)
    )
    view = family.view(game)
    score = family.score(game)
    summary = family.summary
    rules = {"rules": Rules(game)}
    echo = {"rules": RulesInForce(game)}

    deal_fields: dict[str, Any] = {
        **rules,
        "dealer": Seat(metadata={"description": "The dealer; by default the game's rotation from seat 0"}),
        "seed": Seed(
            metadata={"description": "Shuffle seed, 0 to 2^53-1: same seed, same deal (default: random)"}
        ),
    }
    if family.deal_round:
        deal_fields["round"] = Int(
            1, 100, metadata={"description": "1-based round of the schedule (default 1)"}
        )
    deal_req = _schema(f"{t}DealRequest", "Deal a fresh hand.", deal_fields)
    deal = _schema(
        f"{t}Deal",
        "A fresh hand record and the seed that dealt it.",
        {**echo, "seed": Seed(required=True), "hand": fields.Nested(dealt, required=True)},
    )
    state_req = _schema(
        f"{t}StateRequest",
        "A hand record, and optionally the seat whose view to return.",
        _fields(game, family, {"seat": Seat(metadata={"description": "View the hand as this seat sees it"})}),
    )
    composes(f"{t}StateRequest", base=f"{t}HandRecord", own=("seat",))
    play_req = _schema(
        f"{t}PlayRequest",
        "A hand record and the action to apply to it.",
        {
            **rules,
            "hand": fields.Nested(record, required=True),
            "action": type(acts)(acts.union, acts.variants, required=True),
            "seat": Seat(
                metadata={
                    "description": "Play for this seat's view: the action must be this seat's own, "
                    "and the answer is only what this seat may see (no record)"
                }
            ),
            "views": seat_views(
                metadata={
                    "description": "Seats whose views of the new state to return too (`views` in the "
                    "answer, in this order), each only what that seat may see: a server relaying to "
                    "its players gets every view from one call. Each seat once; with `seat`, only "
                    "that seat (else `view_seat_mismatch`)"
                }
            ),
        },
    )
    play = _schema(
        f"{t}PlayResult",
        "The action as recorded and the new state; for the referee (no `seat` in the request) also "
        "the record with the action appended. With `seat` there is no record (it holds every hand) "
        "and the state is that seat's view: the answer can be forwarded to that seat as it is, "
        "and whoever keeps the record appends `action` to it.",
        {
            "seat": Seat(
                required=True,
                allow_none=True,
                metadata={
                    "description": "Whose answer this is: null for the referee's (with `hand`, the "
                    "record), else the seat whose view `state` is (no `hand`)"
                },
            ),
            "hand": fields.Nested(
                record_out,
                metadata={"description": "The record with the action appended; absent for a seat's view"},
            ),
            "action": OneOf(
                acts.union,
                acts.variants,
                required=True,
                metadata={"description": "The action as recorded (canonical form): the record's last"},
            ),
            "trick_complete": Bool(
                required=True,
                metadata={
                    "description": "This action completed a trick: it is the last of `state.tricks` "
                    "(with its winner), and `state.current_trick` is the next one or null"
                },
            ),
            "state": fields.Nested(view, required=True),
            "views": fields.List(
                fields.Nested(view),
                metadata={
                    "description": "Only when the request asks for `views`: each of those seats' "
                    "view of the new state, in the order asked, exactly what hands/state answers "
                    "with that seat"
                },
            ),
        },
    )
    by_hand = _schema(
        f"{t}HandEntry", "A complete hand record.", {"hand": fields.Nested(record, required=True)}
    )
    by_summary = _schema(
        f"{t}SummaryEntry",
        "A scorepad summary of a hand.",
        {"summary": fields.Nested(summary, required=True)},
    )
    score_hand = _schema(
        f"{t}ScoreHandRequest",
        "Score a complete hand record.",
        {**rules, "hand": fields.Nested(record, required=True)},
    )
    score_summary = _schema(
        f"{t}ScoreSummaryRequest",
        "Score a scorepad summary.",
        {**rules, "summary": fields.Nested(summary, required=True)},
    )
    score_req = _schema(
        f"{t}ScoreRequest",
        "A complete hand record or a scorepad summary.",
        {**rules, "hand": fields.Nested(record), "summary": fields.Nested(summary)},
        base=_ExactlyOne,
    )
    match_req = _schema(
        f"{t}MatchRequest",
        "The hands of a match so far.",
        {
            **rules,
            "first_dealer": Seat(metadata={"description": "Dealer of the first hand (default 0)"}),
            "hands": fields.List(
                OneOf(f"{t}MatchHand", [by_hand(), by_summary()], discriminator=None),
                required=True,
                validate=validate.Length(max=family.max_hands),
                metadata={"description": "The hands so far, in order: records or summaries"},
            ),
        },
    )
    winner_req = _schema(
        f"{t}TrickWinnerRequest",
        "A trick on its own: trumps, the leader and the cards in playing order.",
        {
            **rules,
            "trump": Strain(required=True),
            "leader": Seat(required=True),
            "cards": CardList(max_items=MAX_SEATS, min_items=1, required=True),
        },
    )
    winner = _schema(
        f"{t}TrickWinner",
        "Who wins the trick, with which card, and its card points.",
        {
            **echo,
            "winner": Seat(required=True),
            "winning_card": Card(required=True),
            "index": Int(0, required=True, metadata={"description": "The winning card's place in the trick"}),
            "points": Int(0, required=True, metadata={"description": "Card points in the trick"}),
        },
    )
    legal_req = _schema(
        f"{t}TrickLegalRequest",
        "A seat's hand and the trick so far.",
        {
            **rules,
            "trump": Strain(required=True),
            "hand": CardList(max_items=52, min_items=1, required=True),
            "trick": CardList(
                max_items=MAX_SEATS - 1,
                load_default=list,
                metadata={"description": "Cards already in the trick, the lead first"},
            ),
            "seat": Seat(metadata={"description": "The seat to play (for partnership duties)"}),
            "leader": Seat(metadata={"description": "The seat that led the trick"}),
        },
    )
    legal = _schema(
        f"{t}LegalCards",
        "The playable cards, and every other card with the rule it breaks.",
        {
            **echo,
            "legal": CardList(required=True),
            "illegal": fields.List(fields.Nested(IllegalCardSchema), required=True),
        },
    )
    from .catalog import GameSchema
    from .glossary import glossary_schema

    return (
        Operation("game", "GET", "", "DescribeGame", None, f"Describe {game.name}",
                  "Players, actions, rule profiles and every option with its type, default and source.",
                  None, GameSchema()),
        Operation("deals", "POST", "/deals", "DealHand", "deal", f"Deal a hand of {game.name}",
                  "The same seed gives the same deal. The answer is a hand record ready to send to "
                  "hands/state, its rules spelled out in full.", deal_req(), deal()),
        Operation("hands_state", "POST", "/hands/state", "GetHandState", "state",
                  "Replay a hand record and return its state",
                  "Phase, whose turn, the legal actions (ready to send back), tricks with their winners "
                  "and the result once complete. With `seat`, only what that seat may see. The first "
                  "illegal action gives a 422 with its `action_index` and the rule it breaks.",
                  state_req(), view()),
        Operation("hands_play", "POST", "/hands/play", "PlayAction", "play",
                  "Apply one action to a hand record",
                  "Returns the action as recorded, the new state and the record with the action "
                  "appended, or a 422 whose `code` says why the action is illegal (e.g. "
                  "`must_follow_suit`). With `seat`, the request plays for that seat's view: the "
                  "action must be that seat's own (else `view_seat_mismatch`), the state is what "
                  "that seat may see and no record comes back (it holds every hand), so the answer "
                  "can be relayed to that seat as it is.", play_req(), play()),
        Operation("hands_score", "POST", "/hands/score", "ScoreHand", "score",
                  "Score a hand, from a complete record or a scorepad summary",
                  "Give exactly one of `hand` (a complete record) or `summary`.",
                  score_req(), score(), union=(score_hand(), score_summary())),
        Operation("tricks_winner", "POST", "/tricks/winner", "FindTrickWinner", "trick_winner",
                  "Who wins a trick", "The winning seat and card, and the trick's card points.",
                  winner_req(), winner()),
        Operation("tricks_legal", "POST", "/tricks/legal", "ListLegalCards", "trick_legal",
                  "Which cards may be played to a trick",
                  "The legal cards of a hand, and every other card with the rule that forbids it.",
                  legal_req(), legal()),
        Operation("matches_score", "POST", "/matches/score", "ScoreMatch", "match_score",
                  "Score a match so far",
                  "Every hand's score, running totals, finished or not, and the winner.",
                  match_req(), family.match(game)()),
        Operation("hands_suggest", "POST", "/hands/suggest", "SuggestAction", "suggest",
                  "A bot's action for a seat, from that seat's view only",
                  suggest_description(game.id),
                  *suggest_schemas(game, family.actions_of(game), record, play, seat_views)),
        Operation("glossary", "GET", "/glossary", "GetGlossary", None,
                  f"{game.name}'s words in your language",
                  "The names of everything the game's answers carry as a code, in the language "
                  "`Accept-Language` asks for (Content-Language says which): suits, ranks, every card, "
                  "strains, phases, bids and calls, doubles, combinations and projects, capot, words of "
                  "the table, the writing direction, and the order a hand is shown in per contract. "
                  "Enough for a front end to render a table without a string of its own.",
                  None, glossary_schema(game)()),
    )  # fmt: skip
