"""The shared blocks of the wire contract: cards, seats, strains, played cards and tricks, unions.

Each block is defined once. Fields that carry `_ref` metadata are written into the spec as a
reference to one component (`Card`, `Seat`, `Strain`, `Suit`), so a generated client has one type
for each instead of one per place it appears (see `schemas/spec.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from service.rules.cards import STRAINS, SUITS

MAX_SEATS = 8
MAX_SEAT = MAX_SEATS - 1
CARD_PATTERN = r"^(10|[2-9TJQKAtjqka])[SHDCshdc]$"
# Every text the pattern admits: a set lookup is the whole check, and it cannot be fooled by a
# trailing newline the way a `$` regex can.
CARD_TEXTS = frozenset(r + s for r in (*"23456789TJQKA", *"tjqka", "10") for s in (*"SHDC", *"shdc"))
SUIT_LETTERS = tuple(s.value for s in SUITS)

# The shared components, written into the spec once and referenced everywhere.
COMPONENTS: dict[str, dict[str, Any]] = {
    "Card": {
        "type": "string",
        "pattern": CARD_PATTERN,
        "description": "A card: rank (2-9, T or 10, J, Q, K, A) then suit (S, H, D, C). Answers use "
        "the canonical form (`TS`); requests may also write `10S` or lower case.",
        "examples": ["TS"],
    },
    "Seat": {
        "type": "integer",
        "minimum": 0,
        "maximum": MAX_SEAT,
        "description": "A seat, 0..n-1 in the order of play; in 4-player team games seats 0 and 2 "
        "are team 0, seats 1 and 3 team 1.",
    },
    "Strain": {
        "type": "string",
        "enum": list(STRAINS),
        "description": "A trump suit, or NT for no trumps (Sun in Baloot).",
    },
    "Suit": {"type": "string", "enum": list(SUIT_LETTERS), "description": "A suit."},
}


class StrictSchema(Schema):
    """Unknown fields are an error, and the spec says so (additionalProperties: false)."""

    class Meta:
        unknown = RAISE


def _ref(name: str, kw: dict[str, Any]) -> dict[str, Any]:
    return {"_ref": name, **kw.pop("metadata", {})}


def _card_text(value: str) -> None:
    if value not in CARD_TEXTS:
        raise ValidationError("Not a card: rank (2-9, T or 10, J, Q, K, A) then suit (S, H, D, C).")


def Card(**kw: Any) -> fields.String:
    return fields.String(validate=_card_text, metadata=_ref("Card", kw), **kw)


def Seat(**kw: Any) -> fields.Integer:
    return fields.Integer(
        validate=validate.Range(min=0, max=MAX_SEAT), strict=True, metadata=_ref("Seat", kw), **kw
    )


def Strain(**kw: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(STRAINS), metadata=_ref("Strain", kw), **kw)


def Suit(**kw: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(SUIT_LETTERS), metadata=_ref("Suit", kw), **kw)


def Int(low: int = 0, high: int | None = None, **kw: Any) -> fields.Integer:
    """An integer (never a float: every count and score of the service is whole)."""
    return fields.Integer(strict=True, validate=validate.Range(min=low, max=high), **kw)


def Ints(**kw: Any) -> fields.List:  # type: ignore[type-arg]
    """A list of integers (scores may be negative)."""
    return fields.List(fields.Integer(strict=True), **kw)


class _CardList(fields.List):  # type: ignore[type-arg]
    """A list of card strings, checked in one pass.

    The generic path runs a field and a validator per card; a full hand record has dozens, and
    this is the hot path of every request. Anything unusual falls back to the generic path, so
    error messages stay marshmallow's own.
    """

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if type(value) is list and all(type(c) is str and c in CARD_TEXTS for c in value):
            return value
        return super()._deserialize(value, attr, data, **kwargs)


def CardList(max_items: int = 52, min_items: int = 0, **kw: Any) -> fields.List:  # type: ignore[type-arg]
    return _CardList(Card(), validate=validate.Length(min=min_items, max=max_items), **kw)


def Const(value: str, **kw: Any) -> fields.String:
    """A discriminator: the one value a variant's `type` takes."""
    return fields.String(required=True, validate=validate.OneOf([value]), **kw)


class OneOf(fields.Field):  # type: ignore[type-arg]
    """A value of one of several schemas: by `type` when a discriminator is given, else the first
    that loads. The spec writes it as a reference to the union component `name` (schemas/spec.py
    registers it with its `oneOf` and discriminator)."""

    def __init__(
        self,
        name: str,
        variants: Mapping[str, Schema] | Sequence[Schema],
        discriminator: str | None = "type",
        **kw: Any,
    ) -> None:
        super().__init__(metadata={"_ref": name, **kw.pop("metadata", {})}, **kw)
        self.union = name
        self.discriminator = discriminator
        self.variants: dict[str, Schema] = (
            dict(variants) if isinstance(variants, Mapping) else {str(i): v for i, v in enumerate(variants)}
        )
        self._quick = {k: _quick_check(v) for k, v in self.variants.items()}

    def quick(self, value: Any) -> bool:
        """True when `value` certainly loads as it is: the common case, decided without marshmallow
        (every request replays dozens of actions, and a schema load per action costs more than
        the replay)."""
        if type(value) is not dict:
            return False
        if self.discriminator is None:
            return any(check is not None and check(value) for check in self._quick.values())
        kind = value.get(self.discriminator)
        check = self._quick.get(kind) if type(kind) is str else None
        return check is not None and check(value)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if self.quick(value):
            return value
        if type(value) is not dict:
            raise ValidationError("Not a valid object.")
        if self.discriminator is None:
            errors: list[Any] = []
            for schema in self.variants.values():
                try:
                    return schema.load(value)
                except ValidationError as e:
                    errors.append(e.messages)
            raise ValidationError(errors[0] if len(errors) == 1 else {"_schema": ["Matches no variant."]})
        kind = value.get(self.discriminator)
        found = self.variants.get(kind) if isinstance(kind, str) else None
        if found is None:
            known = ", ".join(self.variants)
            raise ValidationError({self.discriminator: [f"Must be one of: {known}."]})
        return found.load(value)


Check = Callable[[Any], bool]


def _quick_field(field: fields.Field, consts: dict[str, Any]) -> str | None:  # type: ignore[type-arg]
    """A Python expression on `x` that is true exactly when the plain field kinds of actions load
    `x` unchanged; None for any other field (its schema then always takes the generic path)."""
    checks = field.validators
    if isinstance(field, fields.Boolean):
        if not checks:
            return "type(x) is bool"
        if len(checks) == 1 and isinstance(checks[0], validate.Equal) and checks[0].comparable is True:
            return "x is True"
        return None
    if isinstance(field, fields.Integer) and field.strict and len(checks) == 1:
        rng = checks[0]
        if not isinstance(rng, validate.Range) or not (rng.min_inclusive and rng.max_inclusive):
            return None
        low = "" if rng.min is None else f" and x >= {int(rng.min)}"
        high = "" if rng.max is None else f" and x <= {int(rng.max)}"
        return f"type(x) is int{low}{high}"
    if type(field) is fields.String and len(checks) == 1:
        if checks[0] is _card_text:
            return "type(x) is str and x in CARD_TEXTS"
        if isinstance(checks[0], validate.OneOf):
            name = f"C{len(consts)}"
            consts[name] = frozenset(checks[0].choices)
            return f"type(x) is str and x in {name}"
    return None


_MISSING = object()


def _quick_check(schema: Schema) -> Check | None:
    """A check that a dict loads unchanged with `schema` (exactly its fields, each plainly valid),
    compiled into one function: it runs for every action of every request, and a generic loop over
    per-field closures cost as much as the replay itself."""
    consts: dict[str, Any] = {"CARD_TEXTS": CARD_TEXTS, "M": _MISSING}
    lines = ["def check(v):", "    get = v.get", "    n = 0"]
    required = 0
    for name, f in schema.fields.items():
        expr = _quick_field(f, consts)
        if expr is None:
            return None
        lines.append(f"    x = get({name!r}, M)")
        if f.required:
            required += 1
            lines += [f"    if x is M or not ({expr}):", "        return False"]
        else:
            lines += ["    if x is not M:", f"        if not ({expr}):", "            return False"]
            lines.append("        n += 1")
    lines.append(f"    return len(v) == n + {required}")
    namespace = dict(consts)
    exec("\n".join(lines), namespace)  # the source is built above from the schema's own fields
    check: Check = namespace["check"]
    return check


class QuickList(fields.List):  # type: ignore[type-arg]
    """A list of union values, checked in one pass when each is plainly well formed."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        inner = self.inner
        if type(value) is list and isinstance(inner, OneOf) and all(map(inner.quick, value)):
            return value
        return super()._deserialize(value, attr, data, **kwargs)


def union_component(field: OneOf, ref: Any) -> dict[str, Any]:
    """The union's spec: `ref(schema)` gives each variant's reference."""
    refs = {k: ref(v) for k, v in field.variants.items()}
    out: dict[str, Any] = {"oneOf": list(refs.values())}
    if field.discriminator is not None:
        out["discriminator"] = {
            "propertyName": field.discriminator,
            "mapping": {k: r["$ref"] for k, r in refs.items()},
        }
    return out


class PlayedCardSchema(StrictSchema):
    seat = Seat(required=True)
    card = Card(required=True)


class TrickSchema(StrictSchema):
    """A complete trick: who led, the cards in playing order, who won it and its card points."""

    leader = Seat(required=True)
    cards = fields.List(fields.Nested(PlayedCardSchema), required=True)
    winner = Seat(required=True)
    points = Int(required=True, metadata={"description": "Card points in the trick (0 in whist games)"})


class CurrentTrickSchema(StrictSchema):
    leader = Seat(required=True)
    cards = fields.List(fields.Nested(PlayedCardSchema), required=True)


class IllegalCardSchema(StrictSchema):
    card = Card(required=True)
    code = fields.String(
        required=True,
        metadata={
            "description": "The rule the card breaks (a problem code: must_follow_suit, must_trump...)"
        },
    )
    reason = fields.String(required=True, metadata={"description": "The rule, in words"})


# ------------------------------------------------------------------ actions every family shares


class PlayActionSchema(StrictSchema):
    """Play a card to the current trick."""

    seat = Seat(required=True)
    type = Const("play")
    card = Card(required=True)


# The actions that are only a seat and a type, each defined once whatever families use it.
BARE_ACTIONS: dict[str, str] = {
    "pass": "Pass: make no call now (in an auction, a calling round, or on the duel's turned card).",
    "keep": "Keep the standing bid at the last word (Bazar Blot).",
    "contra": "Double the opponents' bid (Bazar Blot).",
    "recontra": "Redouble after the opponents' contra (Bazar Blot).",
    "take": "Take the turned card's suit as trumps (the Blot duel).",
    "turn": "Turn the next card of the pack up for trumps (the dealer's choice, dealer-turns-or-no-trump).",
    "sun": "Call Sun: no trumps (Baloot).",
    "double": "Double the Hokum contract (Baloot).",
    "three": "Raise the double to three (Baloot).",
    "four": "Raise the double to four (Baloot).",
    "gahwa": "Gahwa: the whole match on this hand (Baloot).",
    "ashkal": "Ashkal: call Sun for the partner, who buys the turned card (Baloot).",
}


@cache
def bare_action(kind: str) -> type[StrictSchema]:
    """The schema of an action that is only a seat and a type: one class (one component) per kind."""
    name = "".join(part.capitalize() for part in kind.split("_")) + "ActionSchema"
    attrs = {"__doc__": BARE_ACTIONS[kind], "seat": Seat(required=True), "type": Const(kind)}
    return type(name, (StrictSchema,), attrs)
