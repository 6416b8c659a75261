"""Building blocks shared by the request and response schemas."""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, fields, post_load, validate

from service.rules.cards import STRAINS

MAX_SEATS = 8
MAX_SEAT = MAX_SEATS - 1
CARD_PATTERN = r"^(10|[2-9TJQKAtjqka])[SHDCshdc]$"
ACTION_TYPES = (
    "bid",
    "trump",
    "play",
    "pass",
    "keep",
    "contra",
    "recontra",
    "take",
    "name",
    "hokum",
    "sun",
    "double",
    "three",
    "four",
    "gahwa",
)


class StrictSchema(Schema):
    """Unknown fields are an error, and the spec says so (additionalProperties: false)."""

    class Meta:
        unknown = RAISE


def _meta(kw: dict[str, Any], **defaults: Any) -> dict[str, Any]:
    """Merge a caller's metadata (usually a description) over the field type's defaults."""
    meta = {**defaults, **kw.pop("metadata", {})}
    return meta


def Card(**kw: Any) -> fields.String:
    meta = _meta(
        kw,
        description="A card: rank (2-9, T or 10, J, Q, K, A) then suit (S, H, D, C)",
        pattern=CARD_PATTERN,
        example="TS",
    )
    return fields.String(metadata=meta, validate=validate.Length(min=2, max=3), **kw)


class _CardList(fields.List):  # type: ignore[type-arg]
    """A list of card strings, checked in one pass.

    The generic path runs a field and a validator per card; a full hand record has dozens, and
    this is the hot path of every request. Anything unusual falls back to the generic path, so
    error messages stay marshmallow's own.
    """

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if type(value) is list and all(type(c) is str and 2 <= len(c) <= 3 for c in value):
            return value
        return super()._deserialize(value, attr, data, **kwargs)


def CardList(max_items: int = 52, min_items: int = 0, **kw: Any) -> fields.List:  # type: ignore[type-arg]
    return _CardList(Card(), validate=validate.Length(min=min_items, max=max_items), **kw)


def Seat(**kw: Any) -> fields.Integer:
    meta = _meta(kw, description="Seat number, 0..n-1 in the order of play")
    return fields.Integer(validate=validate.Range(min=0, max=MAX_SEAT), strict=True, metadata=meta, **kw)


def Strain(**kw: Any) -> fields.String:
    meta = _meta(kw, description="A trump suit, or NT for no trumps (Sun)")
    return fields.String(validate=validate.OneOf(STRAINS), metadata=meta, **kw)


class RulesRequestSchema(Schema):
    """A profile name plus any option overrides; unknown options get `unknown_rule_option`."""

    class Meta:
        unknown = INCLUDE

    profile = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={"description": "Rule profile; omitted means the game's default"},
    )

    @post_load(pass_original=True)
    def keep_order(self, data: dict[str, Any], original: Any, **_: Any) -> dict[str, Any]:
        """marshmallow gathers unknown keys through a set; keep the client's order, so a record
        sent back (hands/play echoes its rules) reads as it was written."""
        if not isinstance(original, dict):
            return data
        return {k: data[k] for k in original if k in data} | data


class RulesEchoSchema(StrictSchema):
    profile = fields.String(required=True)
    options = fields.Dict(required=True, metadata={"description": "Every option, resolved"})
    hash = fields.String(required=True, metadata={"description": "Canonical hash of the options"})


class ActionSchema(StrictSchema):
    seat = Seat(required=True)
    type = fields.String(
        required=True,
        validate=validate.OneOf(ACTION_TYPES),
        metadata={"description": "Action type; each game accepts its own subset"},
    )
    value = fields.Integer(strict=True, validate=validate.Range(min=0, max=1000))
    strain = Strain()
    card = Card()
    capot = fields.Boolean(metadata={"description": "Bazar Blot: the bid is capot (all tricks)"})


_ACTION_TYPES = frozenset(ACTION_TYPES)
_STRAINS = frozenset(STRAINS)
_ACTION_KEYS = frozenset(ActionSchema().fields)


def _plain_int(v: Any, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def _is_simple_action(a: Any) -> bool:
    """True when `a` certainly passes ActionSchema: the common case, decided without marshmallow."""
    if type(a) is not dict or not _ACTION_KEYS.issuperset(a):
        return False
    kind = a.get("type")
    if not _plain_int(a.get("seat"), 0, MAX_SEAT) or type(kind) is not str or kind not in _ACTION_TYPES:
        return False
    if "value" in a and not _plain_int(a["value"], 0, 1000):
        return False
    if "strain" in a and (type(a["strain"]) is not str or a["strain"] not in _STRAINS):
        return False
    if "card" in a and not (type(a["card"]) is str and 2 <= len(a["card"]) <= 3):
        return False
    return "capot" not in a or type(a["capot"]) is bool


class _ActionList(fields.List):
    """Actions, checked in one pass when every one is plainly well formed (see _CardList)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if type(value) is list and all(_is_simple_action(a) for a in value):
            return value
        return super()._deserialize(value, attr, data, **kwargs)


class ViewActionSchema(ActionSchema):
    hidden = fields.Boolean(metadata={"description": "A hidden bid: made, but not shown to this seat"})


class HandRecordFields(Schema):
    """The deal and the actions so far: the whole state of one hand."""

    rules = fields.Nested(RulesRequestSchema)
    dealer = Seat(required=True)
    hands = fields.List(
        CardList(max_items=52),
        required=True,
        validate=validate.Length(min=1, max=MAX_SEATS),
        metadata={"description": "The cards each seat was dealt, by seat"},
    )
    turned = Card(metadata={"description": "The face-up card, where the game has one"})
    stock = CardList(metadata={"description": "Undealt cards in deal order"})
    round = fields.Integer(
        strict=True,
        validate=validate.Range(min=1, max=100),
        metadata={"description": "1-based round of the deal schedule"},
    )
    actions = _ActionList(fields.Nested(ActionSchema), load_default=list, validate=validate.Length(max=200))


class HandRecordSchema(HandRecordFields, StrictSchema):
    pass
