"""The catalog's types: the games, their rule profiles and options, and the probes' answers."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from .common import Int, StrictSchema

# An option's value: a boolean, an integer, a string, a list of integers or null, by the option's
# `type`. Written as any JSON value with that said in words, not as a union of those five: a
# union with an array in it is a class literal of a generic in a generated Java client
# (`List<Integer>.class`, which does not compile), and a union of scalars is ambiguous to a client
# that coerces scalars (Jackson reads 2 as "2"). The typed form is the game's `<Game>Rules`.
OPTION_VALUE: dict[str, Any] = {
    "description": "The option's value, by the option's type: a boolean (bool), an integer or "
    "null (int), a string (enum), a list of integers or null (int_list)",
}


def OptionValue(**kw: Any) -> fields.Raw:
    return fields.Raw(allow_none=True, metadata={"_spec": OPTION_VALUE, **kw.pop("metadata", {})}, **kw)


class RangeSchema(StrictSchema):
    min = Int(1, required=True)
    max = Int(1, required=True)


class OptionSchema(StrictSchema):
    """One rule option: its type says which of `allowed`, `minimum` and `maximum` apply."""

    name = fields.String(
        required=True, metadata={"description": "The option's id, as a request's rules name it"}
    )
    title = fields.String(
        required=True, metadata={"description": "The option's name for players, in the answer's language"}
    )
    type = fields.String(required=True, validate=validate.OneOf(["bool", "int", "enum", "int_list"]))
    default = OptionValue(required=True)
    description = fields.String(
        required=True, metadata={"description": "What it does, for players, in the answer's language"}
    )
    source = fields.String(required=True, metadata={"description": "Where the rule comes from (English)"})
    allowed = fields.List(fields.String(), metadata={"description": "The values of an enum option"})
    minimum = fields.Integer(strict=True)
    maximum = fields.Integer(strict=True)


class ProfileSchema(StrictSchema):
    name = fields.String(
        required=True, metadata={"description": "The profile's id, as a request's rules name it"}
    )
    title = fields.String(
        required=True, metadata={"description": "The profile's name for players, in the answer's language"}
    )
    description = fields.String(
        required=True, metadata={"description": "What it plays, for players, in the answer's language"}
    )
    source = fields.String(required=True, metadata={"description": "Where its rules come from (English)"})
    overrides = fields.Dict(
        keys=fields.String(),
        values=OptionValue(),
        required=True,
        metadata={"description": "The options this profile sets, by name"},
    )


class RuleCatalogSchema(StrictSchema):
    default_profile = fields.String(required=True)
    profiles = fields.List(fields.Nested(ProfileSchema), required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)


class GameSchema(StrictSchema):
    """A game as the catalog describes it. `id` is an open string: new games appear over time."""

    id = fields.String(required=True, metadata={"description": "The game id, as in the game's paths"})
    name = fields.String(required=True, metadata={"description": "The game's name, in the answer's language"})
    summary = fields.String(
        required=True, metadata={"description": "Its rules in a sentence, in the answer's language"}
    )
    players = fields.Nested(RangeSchema, required=True)
    actions = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The action types of its hand records (each one's type in the contract)"},
    )
    rules = fields.Nested(RuleCatalogSchema, required=True)


class GameListSchema(StrictSchema):
    games = fields.List(fields.Nested(GameSchema), required=True)


class HealthSchema(StrictSchema):
    status = fields.String(required=True, validate=validate.OneOf(["ok"]))
    version = fields.String(required=True)


class ReadySchema(StrictSchema):
    status = fields.String(required=True, validate=validate.OneOf(["ready"]))
    version = fields.String(required=True)
    games = Int(0, required=True, metadata={"description": "Games registered and resolving their rules"})
