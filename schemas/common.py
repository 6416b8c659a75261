"""The shared blocks of the wire contract: cards, seats, strains, played cards and tricks, unions.

Each block is defined once. Fields that carry `_ref` metadata are written into the spec as a
reference to one component (`Card`, `Seat`, `Strain`, `Suit`), so a generated client has one type
for each instead of one per place it appears (see `schemas/spec.py`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate
from marshmallow.utils import missing as marshmallow_missing

from service.rules.cards import STRAINS, SUITS

MAX_SEATS = 8
# A scorepad summary's declarations: four seats, and no hand of eight cards holds more than three
# (two runs and a four of a kind: service/rules/belote/holding.py), so 16 is never too few.
MAX_DECLARATIONS = 16
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


# What a refusal may cost (docs/errors.md, "How much an error echoes"): marshmallow builds an
# error entry for every bad item of a list, so a 256 KB body of junk items (131,000 of them) cost
# 54 MiB and seconds of CPU to refuse, only for the answer to show 20 of them. Validation of a
# request stops at its MAX_ITEM_ERRORS-th bad list item; a list longer than its maximum is refused
# before any of its items is looked at.
MAX_ITEM_ERRORS = 20
NOT_CHECKED = "not checked"  # how the note on a list cut short begins (service/api/action_errors.py)
_item_errors: ContextVar[list[int] | None] = ContextVar("trickref_item_errors", default=None)


@contextmanager
def error_budget() -> Iterator[list[int]]:
    """The bad list items one load may still report, shared by every list it loads: the outermost
    load opens it, the schemas and lists it loads on the way share it."""
    budget = _item_errors.get()
    if budget is not None:
        yield budget
        return
    budget = [MAX_ITEM_ERRORS]
    token = _item_errors.set(budget)
    try:
        yield budget
    finally:
        _item_errors.reset(token)


class BoundedList(fields.List):  # type: ignore[type-arg]
    """A list whose refusal costs little: too long, it is refused on its length alone (marshmallow
    validates every item first, and runs the validators after); and it stops at the request's
    MAX_ITEM_ERRORS-th bad item, with a note (under the list's own path) saying how many items were
    not checked. Every list of a StrictSchema is one (`StrictSchema.on_bind_field`)."""

    def too_long(self, value: list[Any]) -> None:
        """Refuse `value` if it exceeds the list's maximum length, whatever its items."""
        n = len(value)
        for check in self.validators:
            if isinstance(check, validate.Length):
                limit = check.equal if check.equal is not None else check.max
                if limit is not None and n > limit:
                    check(value)  # raises, with marshmallow's own message

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if type(value) is not list:
            return super()._deserialize(value, attr, data, **kwargs)
        self.too_long(value)
        inner = self.inner.deserialize
        result: list[Any] = []
        errors: dict[Any, Any] = {}
        with error_budget() as budget:
            for index, each in enumerate(value):
                if budget[0] <= 0:
                    note = (
                        f"{NOT_CHECKED}: the last {len(value) - index} items (a request's validation "
                        f"stops at its {MAX_ITEM_ERRORS}th invalid item)"
                    )
                    errors = {"_schema": [note], **errors}  # first: the answer's cap keeps it
                    break
                try:
                    result.append(inner(each, **kwargs))
                except ValidationError as error:
                    budget[0] -= 1
                    if error.valid_data is not None:
                        result.append(error.valid_data)
                    errors[index] = error.messages
        if errors:
            raise ValidationError(errors, valid_data=result)
        return result


def _bounded(field: fields.Field) -> None:  # type: ignore[type-arg]
    """Make a plain `fields.List` (and the lists inside it) a BoundedList, in place."""
    while isinstance(field, fields.List):
        if type(field) is fields.List:
            field.__class__ = BoundedList  # same state, bounded _deserialize
        field = field.inner


class StrictSchema(Schema):
    """Unknown fields are an error, and the spec says so (additionalProperties: false). Every list
    is bounded (BoundedList), and one load shares one error budget (`error_budget`)."""

    class Meta:
        unknown = RAISE

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:  # type: ignore[type-arg]
        # Every list of every schema, the family modules' plain `fields.List` included: a list
        # is as cheap to refuse wherever it is declared.
        _bounded(field_obj)

    def load(self, data: Any, *, many: Any = None, partial: Any = None, unknown: Any = None) -> Any:
        if type(data) is dict and len(data) > len(self.load_fields) + MAX_ITEM_ERRORS:
            self._too_many_unknown(data)
        with error_budget():
            return super().load(data, many=many, partial=partial, unknown=unknown)

    def _too_many_unknown(self, data: dict[Any, Any]) -> None:
        """Refuse an object of more than MAX_ITEM_ERRORS unknown fields on those alone, naming the
        first ones (marshmallow would build a message for each, then load the known fields)."""
        known = {f.data_key or name for name, f in self.load_fields.items()}
        unknown = [k for k in data if k not in known]
        if len(unknown) <= MAX_ITEM_ERRORS:
            return
        message = self.error_messages["unknown"]
        errors: dict[Any, Any] = {k: [message] for k in unknown[:MAX_ITEM_ERRORS]}
        errors["_schema"] = [f"{NOT_CHECKED}: {len(unknown) - MAX_ITEM_ERRORS} more unknown fields"]
        raise ValidationError(errors, data=data)


def _ref(name: str, kw: dict[str, Any]) -> dict[str, Any]:
    return {"_ref": name, **kw.pop("metadata", {})}


def _card_text(value: str) -> None:
    if value not in CARD_TEXTS:
        raise ValidationError("Not a card: rank (2-9, T or 10, J, Q, K, A) then suit (S, H, D, C).")


def Card(**kw: Any) -> fields.String:
    return fields.String(validate=_card_text, metadata=_ref("Card", kw), **kw)


class Integer(fields.Integer):
    """An integer as JSON Schema has it: an integral number, so `7` and `7.0` alike (a JSON encoder
    may write either), never `true`, `"7"` or `7.5`. It loads as a Python int."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(strict=True, **kw)

    def _validated(self, value: Any) -> int:
        if type(value) is float and value.is_integer():
            value = int(value)
        return super()._validated(value)


def _no_float(value: dict[str, Any]) -> bool:
    return not any(type(v) is float or (type(v) is list and float in map(type, v)) for v in value.values())


def integral(value: Any) -> Any:
    """`value` with every integral float (7.0) made an int, in lists too: for what loads as sent
    (a `rules` object) and is judged by the rules core, which counts 7.0 as no integer."""
    if type(value) is float and value.is_integer():
        return int(value)
    if type(value) is list:
        return [integral(v) for v in value]
    return value


def Seat(**kw: Any) -> fields.Integer:
    return Integer(validate=validate.Range(min=0, max=MAX_SEAT), metadata=_ref("Seat", kw), **kw)


def Strain(**kw: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(STRAINS), metadata=_ref("Strain", kw), **kw)


def Suit(**kw: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(SUIT_LETTERS), metadata=_ref("Suit", kw), **kw)


class StrictBoolean(fields.Boolean):
    """true or false, nothing else: marshmallow's Boolean also takes 0, 1, "yes", "on"..., which the
    contract's `boolean` does not."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


def Bool(**kw: Any) -> StrictBoolean:
    return StrictBoolean(**kw)


def Int(low: int = 0, high: int | None = None, **kw: Any) -> fields.Integer:
    """An integer (every count and score of the service is whole; `7.0` reads as 7)."""
    return Integer(validate=validate.Range(min=low, max=high), **kw)


# Seeds go up to 2^53 - 1: past a 32-bit integer, so the contract says int64 (a Java or C# client
# would otherwise read a server-chosen seed into an `int` and overflow).
MAX_SEED = 2**53 - 1


def Seed(**kw: Any) -> fields.Integer:
    """A shuffle seed, 0 to 2^53 - 1, written `format: int64`."""
    return Int(0, MAX_SEED, metadata={"format": "int64", **kw.pop("metadata", {})}, **kw)


def Ints(**kw: Any) -> fields.List:  # type: ignore[type-arg]
    """A list of integers (scores may be negative)."""
    return fields.List(Integer(), **kw)


class _CardList(BoundedList):
    """A list of card strings, checked in one pass.

    The generic path runs a field and a validator per card; a full hand record has dozens, and
    this is the hot path of every request. Anything unusual falls back to the generic path, so
    error messages stay marshmallow's own.
    """

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if type(value) is list:
            self.too_long(value)
            if _cards_ok(value):
                return value
        return super()._deserialize(value, attr, data, **kwargs)


def CardList(max_items: int = 52, min_items: int = 0, **kw: Any) -> fields.List:  # type: ignore[type-arg]
    return _CardList(Card(), validate=validate.Length(min=min_items, max=max_items), **kw)


def Const(value: str, **kw: Any) -> fields.String:
    """A discriminator: the one value a variant's `type` takes."""
    return fields.String(required=True, validate=validate.OneOf([value]), **kw)


def _required(schema: Schema) -> frozenset[str]:
    return frozenset(name for name, f in schema.fields.items() if f.required)


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
        self._quick = {k: _quick_check(v) for k, v in self.variants.items()}  # see quick()

    def quick(self, value: Any) -> bool:
        """True when `value` certainly loads as it is: the common case, decided without marshmallow
        (every request replays dozens of actions, and a schema load per action costs more than
        the replay)."""
        if type(value) is not dict:
            return False
        if self.discriminator is None:
            return any(check is not None and check(value) == () for check in self._quick.values())
        kind = value.get(self.discriminator)
        check = self._quick.get(kind) if type(kind) is str else None
        return check is not None and check(value) == ()

    def quick_all(self, values: list[Any]) -> bool:
        """`quick` of every item, in one loop: a record's actions are checked at every request."""
        if self.discriminator is None:
            return all(map(self.quick, values))
        checks, discriminator = self._quick, self.discriminator
        for value in values:
            if type(value) is not dict:
                return False
            kind = value.get(discriminator)
            check = checks.get(kind) if type(kind) is str else None
            if check is None or check(value) != ():
                return False
        return True

    def _describe(self) -> str:
        return "; ".join(
            "an object with " + (", ".join(sorted(_required(s))) or "no required field")
            for s in self.variants.values()
        )

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if self.quick(value):
            return value
        if type(value) is not dict:
            raise ValidationError("Not a valid object.")
        if self.discriminator is None:
            # the variant whose required fields the value has (a record's `hand`, a summary's
            # `summary`) is the one the client meant: its messages say what is wrong
            meant = [s for s in self.variants.values() if _required(s) <= value.keys()]
            for schema in meant or self.variants.values():
                try:
                    return schema.load(value)
                except ValidationError:
                    if len(meant) == 1:
                        raise
            raise ValidationError(f"Matches none of: {self._describe()}.")
        kind = value.get(self.discriminator)
        found = self.variants.get(kind) if isinstance(kind, str) else None
        if found is None:
            known = ", ".join(self.variants)
            raise ValidationError({self.discriminator: [f"Must be one of: {known}."]})
        return found.load(value)


Check = Callable[[Any], bool]


def _cards_ok(value: list[Any]) -> bool:
    try:
        return CARD_TEXTS.issuperset(value)  # only str equals one of them
    except TypeError:  # an unhashable element
        return False


def _length(field: fields.Field) -> tuple[int | None, int | None] | None:  # type: ignore[type-arg]
    """The bounds of a list field's one Length validator, or None if it has other validators."""
    checks = field.validators
    if not checks:
        return (None, None)
    if len(checks) == 1 and isinstance(checks[0], validate.Length) and checks[0].equal is None:
        return (checks[0].min, checks[0].max)
    return None


def _bounds(expr: str, low: int | None, high: int | None) -> str:
    """`expr` (which starts `type(x) is list and `) with the length checked before the items: a
    list far too long is refused at once, without a pass over it."""
    head, sep, items = expr.partition(" and ")
    return (
        head
        + (f" and len(x) >= {low}" if low is not None else "")
        + (f" and len(x) <= {high}" if high is not None else "")
        + sep
        + items
    )


def _const(consts: dict[str, Any], value: Any) -> str:
    name = f"K{len(consts)}"
    consts[name] = value
    return name


def _quick_field(field: fields.Field, consts: dict[str, Any]) -> str | None:  # type: ignore[type-arg]
    """A Python expression on `x` that is true only when `field` loads `x` unchanged; None for a
    field kind it does not know (its schema then always takes marshmallow's path). Covers what
    records and actions are made of: booleans, bounded integers, enums, cards, card lists, lists of
    them, unions, nested schemas and a game's `rules` object (which loads as sent)."""
    expr = _quick_expr(field, consts)
    if expr is None:
        return None
    return f"(x is None or ({expr}))" if field.allow_none else expr


def _quick_expr(field: fields.Field, consts: dict[str, Any]) -> str | None:  # type: ignore[type-arg]
    checks = field.validators
    if getattr(field, "loads_as_sent", False):  # schemas/rules.py RulesField: any object
        # ... with no float in it: 7.0 loads as 7 (`integral`), so only the field's load may take it
        return f"type(x) is dict and {_const(consts, _no_float)}(x)" if not checks else None
    if isinstance(field, OneOf):
        return f"{_const(consts, field.quick)}(x)" if not checks else None
    if isinstance(field, fields.Nested):
        check = _quick_check(field.schema) if not checks and not field.many else None
        return None if check is None else f"{_const(consts, check)}(x) == ()"
    if isinstance(field, fields.List):
        bounds = _length(field)
        if bounds is None:
            return None
        inner = field.inner
        if isinstance(inner, fields.String) and inner.validators == [_card_text] and not inner.allow_none:
            return _bounds("type(x) is list and CARDS(x)", *bounds)
        inner_check = _quick_fn(inner)
        if inner_check is None:
            return None
        return _bounds(f"type(x) is list and all(map({_const(consts, inner_check)}, x))", *bounds)
    if isinstance(field, fields.Boolean):
        if not checks:
            return "type(x) is bool"
        if len(checks) == 1 and isinstance(checks[0], validate.Equal) and checks[0].comparable is True:
            return "x is True"
        return None
    if isinstance(field, fields.Integer) and field.strict and not checks:
        return "type(x) is int"  # unbounded (a Blot bid's value: the engine judges its range)
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
            return f"type(x) is str and x in {_const(consts, frozenset(checks[0].choices))}"
    return None


def _quick_fn(field: fields.Field) -> Check | None:  # type: ignore[type-arg]
    """`_quick_field` as a function (the check of a list's items)."""
    consts: dict[str, Any] = {"CARD_TEXTS": CARD_TEXTS, "CARDS": _cards_ok}
    expr = _quick_field(field, consts)
    if expr is None:
        return None
    namespace = dict(consts)
    exec(f"def check(x):\n    return bool({expr})", namespace)  # built from the field itself
    check: Check = namespace["check"]
    return check


_MISSING = object()
_CHECKS: weakref.WeakKeyDictionary[Schema, Callable[[Any], tuple[str, ...] | None] | None] = (
    weakref.WeakKeyDictionary()
)


def _quick_check(schema: Schema) -> Callable[[Any], tuple[str, ...] | None] | None:
    """A check that a dict loads with `schema` as it is, compiled into one function: it runs for
    every action and every record of every request, and marshmallow's generic path, or a loop over
    per-field closures, cost as much as the replay. The check answers None when the value does not
    plainly load, else the names of the missing fields marshmallow would fill with their defaults.

    None (no check) when the schema has a field kind the check does not know or a schema-level
    hook (a validator across fields): such a schema always takes marshmallow's path."""
    if schema in _CHECKS:
        return _CHECKS[schema]
    _CHECKS[schema] = None  # a schema nested in itself takes the generic path
    hooks = getattr(schema, "_hooks", {})
    if any(hooks.get(name) for name in hooks):
        return None
    consts: dict[str, Any] = {"CARD_TEXTS": CARD_TEXTS, "CARDS": _cards_ok, "M": _MISSING}
    lines = [
        "def check(v):",
        "    if type(v) is not dict:",
        "        return None",
        "    get = v.get",
        "    n = 0",
    ]
    lines.append("    filled = ()")
    required = 0
    for name, f in schema.fields.items():
        expr = _quick_field(f, consts)
        if expr is None or f.data_key is not None:
            return None
        lines.append(f"    x = get({name!r}, M)")
        if f.required:
            required += 1
            lines += [f"    if x is M or not ({expr}):", "        return None"]
            continue
        lines += [
            "    if x is not M:",
            f"        if not ({expr}):",
            "            return None",
            "        n += 1",
        ]
        if f.load_default is not marshmallow_missing:
            lines += ["    else:", f"        filled += ({name!r},)"]
    lines += [f"    if len(v) != n + {required}:", "        return None", "    return filled"]
    namespace = dict(consts)
    exec("\n".join(lines), namespace)  # the source is built above from the schema's own fields
    check: Callable[[Any], tuple[str, ...] | None] = namespace["check"]
    _CHECKS[schema] = check
    return check


class QuickSchema(StrictSchema):
    """A strict schema whose load takes the compiled check first: a plainly well-formed body (the
    common case) comes back as it is, anything else gets marshmallow's load and its messages."""

    def load(self, data: Any, *, many: Any = None, partial: Any = None, unknown: Any = None) -> Any:
        if many is None and partial is None and unknown is None:
            check = _quick_check(self)
            filled = check(data) if check is not None else None
            if filled is not None:
                if not filled:
                    return data
                fields_ = self.fields
                defaults = {k: fields_[k].load_default for k in filled}
                return {**data, **{k: d() if callable(d) else d for k, d in defaults.items()}}
        return super().load(data, many=many, partial=partial, unknown=unknown)


class QuickList(BoundedList):
    """A list of union values, checked in one pass when each is plainly well formed."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        inner = self.inner
        if type(value) is list:
            self.too_long(value)
            if isinstance(inner, OneOf) and inner.quick_all(value):
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


# A parameter of a problem or of an illegal card: any JSON scalar, said in words rather than as a
# union of scalars (a union is ambiguous to a client that coerces scalars: schemas/catalog.py).
PARAM_VALUE: dict[str, Any] = {"description": "A string, an integer, a boolean or null"}


def Params(**kw: Any) -> fields.Dict:
    """What a player's text says, as data: {"seat": 2, "card": "JS", "suit": "D"} (docs/errors.md
    lists each code's). A front end with its own wording, or a language the service lacks, renders
    its own sentence from the code and these."""
    return fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True, metadata={"_spec": PARAM_VALUE}),
        **kw,
    )


class IllegalCardSchema(StrictSchema):
    card = Card(required=True)
    code = fields.String(
        required=True,
        metadata={
            "description": "The rule the card breaks (a problem code: must_follow_suit, must_trump...)"
        },
    )
    reason = fields.String(
        required=True,
        metadata={"description": "The rule, in words for the player, in the answer's Content-Language"},
    )
    params = Params(
        required=True,
        metadata={
            "description": "The reason's parameters: the card refused and the suit its duty asks for "
            "(`suit`; `led` too for must_trump): docs/errors.md",
            "examples": [{"card": "JS", "suit": "D"}],
        },
    )


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
