"""The glossary's types: each game's own words, typed per game (docs/glossary.md).

`GET /v1/games/<game>/glossary` names, in the negotiated language, everything a game's answers
carry as a code: suits, ranks, every card of its deck, strains, phases, action types (bids and
calls), and the family's own enums (doubling levels, combinations and projects, contracts, match
endings, scoring methods), plus a few words of the table and the order a hand is shown in per
contract. `vocabulary(game)` is the one list of those codes: the schema below is built from it,
and so is the answer (service/api/glossary.py), so the two cannot drift; a test walks the game's
response schemas and requires a name for every enum value they carry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from marshmallow import Schema, fields, validate

from service.rules.baloot.cardplay import DECK as BALOOT_DECK
from service.rules.baloot.projects import BALOOT, FIFTY, FOUR_HUNDRED, HUNDRED, SIRA
from service.rules.baloot.scoring import GAHWA
from service.rules.belote.cards import PLAIN_LOW_TO_HIGH, TRUMP_LOW_TO_HIGH
from service.rules.blot.combinations import BLOT, QUARTET, RUN
from service.rules.blot.scoring import CAPOT_UNDER_CONTRA, DOUBLES, NO_TRICK
from service.rules.cards import RANKS, SUITS, Card, deck
from service.rules.game import Game
from service.rules.ohhell.options import SCORING_METHODS

from .common import Int, StrictSchema
from .rules import type_name

# Shown left to right: trumps first, then the suits alternate colours (black, red, black, red).
# Without trumps (no trumps, Baloot's Sun) the same alternation from spades. A rotation of an
# alternating cycle still alternates, so every trump suit keeps the colours apart.
BASE_SUIT_ORDER = ("S", "H", "C", "D")
# The words of the table every game's front end needs besides its codes (glossary.term.<word>).
TERMS = (
    "dealer",
    "trump",
    "trick",
    "tricks_won",
    "team",
    "seat",
    "points",
    "score",
    "total",
    "contract",
    "made",
    "failed",
    "turned",
    "to_act",
    "winner",
)
# The bots' levels (hands/suggest `level`), named as the Armenian Blot rule book names them.
LEVELS = ("easy", "normal", "hard", "crazy")
RTL = frozenset({"ar"})  # languages written right to left
SUIT_CODES = tuple(s.value for s in SUITS)


@dataclass(frozen=True)
class Vocabulary:
    """The codes a game's glossary names: its family and sections (section -> codes, in order),
    the single words it names (`capot`), its deck and its rank orders (high to low)."""

    family: str
    sections: Mapping[str, tuple[str, ...]]
    words: tuple[str, ...]
    cards: tuple[Card, ...]
    plain: str  # a plain suit's ranks, high to low
    trump: str  # the trump suit's ranks, high to low

    @property
    def ranks(self) -> tuple[str, ...]:
        held = {c.rank for c in self.cards}
        return tuple(r for r in reversed(RANKS) if r in held)


def _belote(cards: tuple[Card, ...]) -> tuple[str, str]:
    held = {c.rank for c in cards}
    return (
        "".join(r for r in reversed(PLAIN_LOW_TO_HIGH) if r in held),
        "".join(r for r in reversed(TRUMP_LOW_TO_HIGH) if r in held),
    )


@cache
def vocabulary(game: Game) -> Vocabulary:
    from . import family_of

    family = family_of(game)
    phase = family.view(game)._declared_fields["phase"]  # the phases a state of this game answers
    view_phases = next(v.choices for v in phase.validators if isinstance(v, validate.OneOf))
    common: dict[str, tuple[str, ...]] = {
        "phases": tuple(view_phases),
        "actions": tuple(family.actions_of(game).variants),
    }
    if game.family == "ohhell":
        cards = deck(52)
        natural = "".join(reversed(RANKS))
        return Vocabulary(game.family, {**common, "scoring": SCORING_METHODS}, (), cards, natural, natural)
    if game.family == "blot":
        cards = tuple(getattr(game, "deck"))  # noqa: B009 (the Blot games' own attribute)
        sections = {
            **common,
            "doubles": DOUBLES,
            "combinations": (RUN, QUARTET, BLOT, "terz", "fifty", "hundred"),
            "match_endings": (NO_TRICK, CAPOT_UNDER_CONTRA),
        }
        return Vocabulary(game.family, sections, ("capot",), cards, *_belote(cards))
    if game.family == "baloot":
        cards = tuple(BALOOT_DECK)
        sections = {
            **common,
            "contracts": ("hokum", "sun"),
            "doubles": ("1", "2", "3", "4", GAHWA),
            "combinations": (SIRA, FIFTY, HUNDRED, FOUR_HUNDRED, BALOOT),
        }
        return Vocabulary(game.family, sections, ("capot",), cards, *_belote(cards))
    raise ValueError(f"no glossary for the {game.family} family")  # a new family adds its words here


def suit_order(trump: str | None) -> list[str]:
    """The suits left to right: the trump suit first, then alternating colours."""
    if trump is None or trump not in BASE_SUIT_ORDER:
        return list(BASE_SUIT_ORDER)
    i = BASE_SUIT_ORDER.index(trump)
    return list(BASE_SUIT_ORDER[i:] + BASE_SUIT_ORDER[:i])


def hand_order(v: Vocabulary) -> dict[str, Any]:
    """{strain: {suits, ranks, trump_ranks}}: how a hand is sorted under each contract."""
    out: dict[str, Any] = {"NT": {"suits": suit_order(None), "ranks": list(v.plain), "trump_ranks": None}}
    for s in SUITS:
        out[s.value] = {"suits": suit_order(s.value), "ranks": list(v.plain), "trump_ranks": list(v.trump)}
    return out


# ------------------------------------------------------------------------------------ schemas

SECTION_DOCS = {
    "phases": "The name of each `phase` a state can answer",
    "actions": "The name of each action `type`: bids, calls, doubles, plays",
    "scoring": "The name of each scoring method (a score's `method`)",
    "doubles": "The name of each doubling level (a contract's `double`)",
    "combinations": "The name of each combination or project (`kind`, `name`), and of the runs by length",
    "match_endings": "The name of each reason a deal ends the match (`match_ending.reason`)",
    "contracts": "The name of each contract (a contract's `mode`)",
    "terms": "Words of the table",
    "levels": "The name of each bot level (hands/suggest's `level`)",
}
WORD_DOCS = {"capot": "The name of taking every trick (capot, kaboot)"}


def _named_codes(description: str) -> fields.Dict:
    """A map from a code (a suit, a rank, a card, a phase...) to its name in the answer's language.

    A map, not an object with one property per code: generators turn property names into
    identifiers, and codes make clashing ones (openapi-python-client turned the suit `D` into a
    local `d` that shadowed its own dict). Every generator reads a map of strings the same way."""
    return fields.Dict(
        keys=fields.String(), values=fields.String(), required=True, metadata={"description": description}
    )


def _keys(codes: tuple[str, ...]) -> str:
    return "Keys: " + ", ".join(f"`{c}`" for c in codes) + "."


class HandOrderSchema(StrictSchema):
    """How a hand is shown under one contract: suits left to right, ranks high to low."""

    suits = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "Suit letters (S, H, D, C; a card code's second character), trumps first, "
            "then alternating colours"
        },
    )
    ranks = fields.List(fields.String(), required=True, metadata={"description": "A plain suit, high to low"})
    trump_ranks = fields.List(
        fields.String(),
        required=True,
        allow_none=True,
        metadata={"description": "The trump suit, high to low; null without trumps"},
    )


# The phases in which a hand is over: complete (score it), or dealt again (all passed: a new deal).
END_PHASES = ("complete", "redeal")


def table_facts(game: Game) -> dict[str, Any]:
    """What a table shows that no code names: where a card code keeps its rank and suit, the seats
    of each team, and the phases that end a hand (of the ones this game answers)."""
    v = vocabulary(game)
    teams = [[0, 2], [1, 3]] if v.family == "baloot" or game.id == "bazar-blot" else None
    return {
        "card_code": {"rank": 0, "suit": 1},
        "teams": teams,
        "end_phases": [p for p in END_PHASES if p in v.sections["phases"]],
    }


class CardCodeSchema(StrictSchema):
    """Where a card code keeps its parts: `JS` is the jack (character 0) of spades (character 1);
    a ten is `T`. Sort a hand by `hand_order` with them."""

    rank = Int(0, 1, required=True, metadata={"description": "The rank's character index: 0"})
    suit = Int(0, 1, required=True, metadata={"description": "The suit's character index: 1"})


@cache
def glossary_schema(game: Game) -> type[Schema]:
    """`<Game>Glossary`: the game's words in one language, every code of its answers named."""
    t = type_name(game)
    v = vocabulary(game)
    attrs: dict[str, Any] = {
        "__doc__": f"{game.name}'s words in the answer's language (Content-Language): every code its "
        "answers carry, named for players.",
        "game": fields.String(required=True, metadata={"description": "The game id"}),
        "name": fields.String(required=True, metadata={"description": "The game's name"}),
        "language": fields.String(required=True, metadata={"description": "The language of the names"}),
        "direction": fields.String(
            required=True,
            validate=validate.OneOf(("ltr", "rtl")),
            metadata={"description": "The language's writing direction: rtl for Arabic"},
        ),
        "suits": _named_codes("The name of each suit, by suit. " + _keys(SUIT_CODES)),
        "strains": _named_codes(
            "The name of each strain, by strain: the suits, and NT (no trumps). " + _keys((*SUIT_CODES, "NT"))
        ),
        "ranks": _named_codes("The name of each rank of the deck, by rank. " + _keys(v.ranks)),
        "cards": _named_codes("The name of every card of the deck, by card (JS: jack of spades)"),
        "hand_order": fields.Dict(
            keys=fields.String(),
            values=fields.Nested(HandOrderSchema),
            required=True,
            metadata={
                "description": "The order a hand is shown in, by the contract's strain (S, H, D, C; NT: "
                "no trumps, Baloot's Sun): trumps first, then alternating colours"
            },
        ),
        "card_code": fields.Nested(CardCodeSchema, required=True),
        "teams": fields.List(
            fields.List(Int(0, 3)),
            required=True,
            allow_none=True,
            metadata={
                "description": "The seats of each team (team t: seats t and t + 2; a team's points are "
                "`scores[t]`); null where everyone plays for themselves (the Oh Hell family, the duel)"
            },
        ),
        "end_phases": fields.List(
            fields.String(),
            required=True,
            metadata={
                "description": "The phases in which the hand is over: `complete` (score it) and, where "
                "a deal can be passed out, `redeal` (deal again)"
            },
        ),
        "terms": _named_codes(f"{SECTION_DOCS['terms']}. {_keys(TERMS)}"),
        "levels": _named_codes(f"{SECTION_DOCS['levels']}. {_keys(LEVELS)}"),
    }
    for section, codes in v.sections.items():
        attrs[section] = _named_codes(f"{SECTION_DOCS[section]}. {_keys(codes)}")
    for word in v.words:
        attrs[word] = fields.String(required=True, metadata={"description": WORD_DOCS[word]})
    return type(f"{t}GlossarySchema", (StrictSchema,), attrs)
