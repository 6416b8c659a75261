"""Reading the contract's JSON into the core's values, for every game.

The wire schemas have checked the JSON's shape; these readers give each value its meaning (cards
parsed, seats checked against the table) and turn anything a schema let through into a `RuleError`
with a code and the field at fault, so the engines never see a malformed value.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from .cards import Card, card, cards, strain
from .errors import Code, IllegalAction, InvalidRecord, RuleError, scalar, shown
from .record import Action, HandRecord, known_actions


def is_int(v: object) -> bool:
    return type(v) is int


def parse_action(data: object, index: int) -> Action:
    """One action of the JSON; a malformed one raises pinned to `index`."""
    known = Action.cached(data)
    if known is not None:  # seen before, so already checked
        return known
    if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
        raise IllegalAction(Code.UNKNOWN_ACTION, "an action is an object with a 'type' and a 'seat'", index)
    if not is_int(data.get("seat")):
        # the rule a seat 9 breaks (invalid_seat), as the wire schema answers it
        # (service/api/action_errors.py)
        raise IllegalAction(Code.INVALID_SEAT, "an action's 'seat' is a seat number of the table", index)
    for key, kind in (("card", str), ("strain", str)):
        if data.get(key) is not None and not isinstance(data[key], kind):
            code = Code.INVALID_CARD if key == "card" else Code.INVALID_STRAIN
            raise InvalidRecord(
                code, f"{data[key]!r} is not a {key}", index, params={"text": scalar(data[key])}, case="text"
            )
    try:
        return Action.from_json(data)
    except RuleError as e:
        raise e.at(index) from None


def _parse_actions(actions: list[Any]) -> tuple[Action, ...]:
    """Every action of a record: those read before in one pass (`known_actions`), the others
    through `parse_action`."""
    known, missing = known_actions(actions)
    if not missing:
        return tuple(known)  # type: ignore[arg-type]
    pairs = enumerate(zip(actions, known, strict=True))
    return tuple(k if k is not None else parse_action(a, i) for i, (a, k) in pairs)


def parse_record(data: object) -> HandRecord:
    """A hand record's JSON as values (cards read, actions typed); the rules check it afterwards."""
    if not isinstance(data, Mapping):
        raise InvalidRecord(
            Code.WRONG_PLAYER_COUNT, "a hand record is an object with dealer, hands, actions", case="record"
        )
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise InvalidRecord(
            Code.WRONG_PLAYER_COUNT,
            "a hand record needs 'hands': one list per seat",
            field="hands",
            case="record",
        )
    for s, h in enumerate(hands):
        if not isinstance(h, list):
            raise InvalidRecord(
                Code.WRONG_HAND_SIZE, f"hands[{s}] is not a list of cards", field=f"hands.{s}"
            )
    if not is_int(data.get("dealer")):
        raise InvalidRecord(Code.INVALID_SEAT, "a hand record needs an integer 'dealer'", field="dealer")
    rnd = data.get("round")
    if rnd is not None and not is_int(rnd):
        raise InvalidRecord(Code.INVALID_ROUND, f"round {rnd!r} is not a round number", field="round")
    stock = data.get("stock")
    if stock is not None and not isinstance(stock, list):
        raise InvalidRecord(Code.FOREIGN_CARD, "'stock' is a list of cards", field="stock", case="stock")
    actions = data.get("actions")
    if actions is None:
        actions = []
    if not isinstance(actions, list):
        raise IllegalAction(Code.UNKNOWN_ACTION, "'actions' is a list of actions", 0)
    parsed = _parse_actions(actions)
    try:
        return HandRecord.from_json(data, parsed)
    except RuleError:
        _pin_card_error(data)
        raise


def _pin_card_error(data: Mapping[str, object]) -> None:
    """Re-raise a card that does not read with the place it stands (which a seat view may hide)."""
    hands: list[object] = list(data["hands"])  # type: ignore[call-overload]
    turned = data.get("turned")
    places: list[tuple[str, object]] = [(f"hands.{s}", h) for s, h in enumerate(hands)]
    places += [("turned", [] if turned is None else [turned]), ("stock", data.get("stock") or [])]
    for where, group in places:
        try:
            cards(group)  # type: ignore[arg-type]
        except RuleError as e:
            raise InvalidRecord(
                e.code, e.detail, field=where, reveals=(where,), params=e.params, case=e.case
            ) from None


def read_strain(value: object, field: str) -> str:
    try:
        return strain(value)  # type: ignore[arg-type]
    except RuleError as e:
        raise InvalidRecord(e.code, e.detail, field=field, params=e.params, case=e.case) from None


def read_cards(value: object, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidRecord(Code.INVALID_CARD, f"'{field}' is a list of cards", field=field)
    try:
        return tuple(card(v) for v in value)
    except RuleError as e:
        raise InvalidRecord(e.code, e.detail, field=field, params=e.params, case=e.case) from None


def read_seat(value: object, n: int, field: str) -> int:
    if not is_int(value) or not 0 <= value < n:  # type: ignore[operator]
        raise InvalidRecord(
            Code.INVALID_SEAT,
            f"{field} {shown(value)} is not a seat of a {n}-player table",
            field=field,
            params={"seat": scalar(value), "players": n},
            case="table",
        )
    return value  # type: ignore[return-value]


SEED_BITS = 53  # a seed is exact as a number in every JSON client (an IEEE double's integers)


def read_seed(value: object) -> int:
    """A deal's shuffle seed: the one given (0 to 2**53 - 1, the same range and code in every game),
    or a fresh one when none is."""
    if value is None:
        return secrets.randbits(SEED_BITS)
    if not is_int(value) or not 0 <= value < 2**SEED_BITS:  # type: ignore[operator]
        raise InvalidRecord(
            Code.INVALID_SEED, f"seed {value!r}: an integer from 0 to 2**53 - 1", field="seed"
        )
    return value  # type: ignore[return-value]


def read_view_seat(value: object, n: int) -> int | None:
    """The seat a state is viewed from (None: the whole table, as the record's holder sees it)."""
    return None if value is None else read_seat(value, n, "seat")


def check_fields(data: object, allowed: Mapping[str, frozenset[str]], index: int | None = None) -> None:
    """An action carries `seat`, `type` and only the fields its type uses (`allowed`: type -> those
    fields); anything else is refused with `action_field_not_allowed`, never silently dropped. A
    value that is not an object, or of an unknown type, is left to the parser and the state."""
    refused = _refused_fields(data, allowed)
    if refused is None:
        return
    kind, uses, full = refused
    extra = ", ".join(sorted(str(k) for k in data if k not in full))  # type: ignore[attr-defined]
    own = ", ".join(sorted(uses)) or "no field"
    raise IllegalAction(
        Code.ACTION_FIELD_NOT_ALLOWED,
        f"a {kind} carries {own} besides seat and type, not {extra}",
        index,
        params={"type": scalar(kind), "field": scalar(extra)},
        case="named",
    )


def _refused_fields(
    data: object, allowed: Mapping[str, frozenset[str]]
) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """(type, its fields, with seat and type) when `data` carries a field its type does not use."""
    if type(data) is not dict and not isinstance(data, Mapping):  # the exact type first: faster
        return None
    kind = data.get("type")
    full = _full_fields(allowed).get(kind) if type(kind) is str else None
    if full is None or data.keys() <= full:
        return None  # the common case, one set comparison
    return kind, allowed[kind], full  # type: ignore[index,return-value]


def first_field_fault(raw: object, allowed: Mapping[str, frozenset[str]]) -> int | None:
    """The index of the first action `check_fields` refuses, or None: one pass over the record, so
    that the replay (which checks every action at every request) calls `check_fields` only where
    it fails, to say what is wrong. Each type's full field set is looked up once per `allowed`."""
    if not isinstance(raw, list):
        return None
    full = _full_fields(allowed)
    for i, data in enumerate(raw):
        if type(data) is dict:
            kind = data.get("type")
            fields = full.get(kind) if type(kind) is str else None
            if fields is not None and not data.keys() <= fields:
                return i
        elif _refused_fields(data, allowed) is not None:
            return i
    return None


# allowed -> each type's fields with seat and type; a game's table is a module constant, so this
# holds one entry per game (and the mapping itself, so that its id stays its own)
_FULL_FIELDS: dict[int, tuple[Mapping[str, frozenset[str]], dict[str, frozenset[str]]]] = {}


def _full_fields(allowed: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    held = _FULL_FIELDS.get(id(allowed))
    if held is not None and held[0] is allowed:
        return held[1]
    full = {kind: uses | {"seat", "type"} for kind, uses in allowed.items()}
    if len(_FULL_FIELDS) < 64:
        _FULL_FIELDS[id(allowed)] = (allowed, full)
    return full
