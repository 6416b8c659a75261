"""Each game's rule options as a typed object, built from the game's own rule book.

The request form (`<Game>Rules`: a profile name and any option, each with its type, bounds, allowed
values and default) documents exactly what a client may send. It is not where the values are
judged: the field hands the object to the rules core as it came, so an unknown option or a bad
value gets its own code (`unknown_rule_option`, `invalid_rule_value`) rather than a generic schema
failure, and the core's checks (including those across options) are the only ones. The echo form
(`<Game>RulesInForce`) is what every answer carries: the profile, every option resolved, the hash.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from service.rules.game import Game
from service.rules.profile import Option

from .common import Bool, Integer, StrictSchema, integral


def type_name(game: Game) -> str:
    """`nomination-whist` -> `NominationWhist`: the prefix of a game's component names."""
    return "".join(part.capitalize() for part in game.id.split("-"))


def _option_field(option: Option, required: bool) -> fields.Field:  # type: ignore[type-arg]
    default = list(option.default) if isinstance(option.default, tuple) else option.default
    meta: dict[str, Any] = {"description": f"{option.description} (source: {option.source})"}
    if not required:
        meta["default"] = default
    kw: dict[str, Any] = {"required": required, "allow_none": option.default is None, "metadata": meta}
    rng = validate.Range(min=option.minimum, max=option.maximum)
    if option.type == "bool":
        return Bool(**kw)
    if option.type == "int":
        return Integer(validate=rng, **kw)
    if option.type == "enum":
        return fields.String(validate=validate.OneOf(option.allowed or ()), **kw)
    if option.unique:  # the contract says so; the rules core refuses a repeat (invalid_rule_value)
        meta["uniqueItems"] = True
    length = validate.Length(min=1, max=option.max_items)
    return fields.List(Integer(validate=rng), validate=length, **kw)


def _profile_field(game: Game, required: bool) -> fields.String:
    book = game.rulebook
    return fields.String(
        required=required,
        validate=validate.OneOf(list(book.profiles)),
        metadata={
            "description": "Rule profile; omitted means the game's default"
            if not required
            else "The profile the options started from",
            **({"default": book.default_profile} if not required else {}),
        },
    )


@cache
def rules_request(game: Game) -> type[Schema]:
    attrs: dict[str, Any] = {
        "__doc__": f"The rules of {game.name} a request asks for: a profile and any option overrides.",
        "profile": _profile_field(game, required=False),
    }
    attrs.update({o.name: _option_field(o, required=False) for o in game.rulebook.options.values()})
    return type(f"{type_name(game)}RulesSchema", (StrictSchema,), attrs)


@cache
def rules_options(game: Game) -> type[Schema]:
    attrs: dict[str, Any] = {"__doc__": f"Every rule option of {game.name}, resolved."}
    attrs.update({o.name: _option_field(o, required=True) for o in game.rulebook.options.values()})
    return type(f"{type_name(game)}OptionsSchema", (StrictSchema,), attrs)


@cache
def rules_echo(game: Game) -> type[Schema]:
    attrs: dict[str, Any] = {
        "__doc__": f"The rules of {game.name} that judged this answer.",
        "profile": _profile_field(game, required=True),
        "options": fields.Nested(rules_options(game), required=True),
        "hash": fields.String(
            required=True,
            metadata={"description": "Canonical hash of the resolved options: equal hashes, equal rules"},
        ),
    }
    return type(f"{type_name(game)}RulesInForceSchema", (StrictSchema,), attrs)


class RulesField(fields.Nested):
    """The request's `rules`: documented as the game's typed object, passed to the rules core as
    sent (an object, else a schema error) so its codes say exactly what is wrong. An integral
    number (7.0) is an integer, as everywhere in the contract: it reaches the core as 7."""

    loads_as_sent = True  # any object loads unchanged (schemas/common.py's quick checks)

    def _deserialize(self, value: Any, attr: Any, data: Any, partial: Any = None, **kwargs: Any) -> Any:
        if type(value) is not dict:
            raise ValidationError("Not a valid object.")
        return {k: integral(v) for k, v in value.items()}


def Rules(game: Game, **kw: Any) -> RulesField:
    meta = {"description": "Rules in force; the default profile if omitted", **kw.pop("metadata", {})}
    return RulesField(rules_request(game), metadata=meta, **kw)


def RulesInForce(game: Game) -> fields.Nested:
    return fields.Nested(rules_echo(game), required=True)
