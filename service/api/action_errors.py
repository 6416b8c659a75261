"""Schema failures of actions, answered with the code the rules give for the same mistake.

The wire schema catches some mistakes in an action before any engine sees the record (a seat
outside 0..7, an unreadable card, an unknown `type`); an engine catches the same mistakes when the
schema lets them through (seat 5 at a 4-player table, a bid of 20 in a hand of 10). One rule, one
code: whichever layer refuses an action, the problem carries the rule's code and the action's
`action_index`, and a schema refusal keeps marshmallow's messages in `errors`
(docs/errors.md, "Actions the schema refuses").

Where actions stand in a request body: a record's `actions` (hands/state), `hand.actions` (hands/play,
hands/score), `hands.<k>.hand.actions` (matches/score), and the `action` of hands/play, whose index
is the record's length (the index it would have had once appended).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from schemas.common import NOT_CHECKED, StrictSchema
from service.rules.cards import STRAINS
from service.rules.errors import Code

UNKNOWN_FIELD: str = StrictSchema().error_messages["unknown"]


@dataclass(frozen=True)
class ActionFault:
    """The first action the schema refused: its index in the record, the rule's code (None where no
    rule code fits: the schema's own `validation_failed` stays), and the message that says why."""

    index: int
    code: Code | None
    where: str  # dotted path of the field at fault: "hand.actions.3.card"
    message: str
    alone: bool  # the body's only schema failures are in actions

    @property
    def detail(self) -> str:
        return f"{self.where}: {self.message}"


def first_fault(messages: Mapping[str, Any], data: Any) -> ActionFault | None:
    """The first refused action of the body (in the order an engine replays them), or None."""
    if not isinstance(data, Mapping):
        return None
    refused = next(_refused_actions(messages, data), None)
    if refused is None:
        return None
    where, index, errors, raw = refused
    code, field, message = rule_of(errors, raw)
    alone = not _outside_actions(messages, data)
    return ActionFault(index, code, f"{where}.{field}" if field else where, message, alone)


def _refused_actions(
    messages: Mapping[str, Any], data: Mapping[str, Any]
) -> Iterator[tuple[str, int, Any, Any]]:
    """(path, action index, its messages, the action as sent), for every refused action in order."""
    yield from _in_record("", messages, data)
    hand = messages.get("hand")
    if isinstance(hand, Mapping):
        yield from _in_record("hand.", hand, data.get("hand"))
    if "action" in messages and "action" in data:
        record = data.get("hand")
        sent = record.get("actions") if isinstance(record, Mapping) else None
        index = len(sent) if isinstance(sent, list) else 0
        yield "action", index, messages["action"], data["action"]
    hands = messages.get("hands")
    entries = data.get("hands")
    if isinstance(hands, Mapping) and isinstance(entries, list):
        for k in sorted(key for key in hands if isinstance(key, int)):
            entry = hands[k]
            raw = entries[k] if k < len(entries) else None
            if (
                isinstance(entry, Mapping)
                and isinstance(entry.get("hand"), Mapping)
                and isinstance(raw, Mapping)
            ):
                yield from _in_record(f"hands.{k}.hand.", entry["hand"], raw.get("hand"))


def _in_record(prefix: str, messages: Mapping[str, Any], record: Any) -> Iterator[tuple[str, int, Any, Any]]:
    errors = messages.get("actions")
    sent = record.get("actions") if isinstance(record, Mapping) else None
    if not isinstance(errors, Mapping) or not isinstance(sent, list):
        return
    for i in sorted(key for key in errors if isinstance(key, int)):
        if i < len(sent):
            yield f"{prefix}actions.{i}", i, errors[i], sent[i]


def _outside_actions(messages: Mapping[str, Any], data: Mapping[str, Any]) -> bool:
    """Whether a schema failure stands outside every action (then the body's fault is not one
    rule's, and the answer stays `validation_failed`)."""

    def record(node: Any) -> bool:
        if not isinstance(node, Mapping):
            return True
        for key, value in node.items():
            if key != "actions":
                return True
            if not isinstance(value, Mapping):
                return True  # "Not a valid list.", too long: the list's fault, not an action's
            if any(not isinstance(k, int) and not _only_notes(v) for k, v in value.items()):
                return True
        return False

    for key, value in messages.items():
        if key == "actions":
            if record({key: value}):
                return True
        elif key == "hand":
            if record(value):
                return True
        elif key == "action":
            if "action" not in data:
                return True  # no action at all: the request's fault
        elif key == "hands" and isinstance(value, Mapping):
            for k, entry in value.items():
                if not isinstance(k, int) or not isinstance(entry, Mapping) or set(entry) != {"hand"}:
                    if not (k == "_schema" and _only_notes(entry)):
                        return True
                elif record(entry["hand"]):
                    return True
        else:
            return True
    return False


def _only_notes(messages: Any) -> bool:
    """A list's note that validation stopped (schemas/common.py BoundedList) is no fault of its own."""
    return isinstance(messages, list) and all(
        isinstance(m, str) and m.startswith(NOT_CHECKED) for m in messages
    )


def rule_of(errors: Any, raw: Any) -> tuple[Code | None, str, str]:
    """The rule an action the schema refused breaks, as the engines judge it: (code, field, message).

    In the engines' order: what the action is (`type`), whose it is (`seat`), a card or strain that
    does not read, a field its type does not carry, then what its phase judges (a trump not allowed
    here, a play without its card, a bid out of range). A field with no rule of its own (Bazar
    Blot's `capot` not a boolean) gives None: `validation_failed` stays."""
    if not isinstance(errors, Mapping) or not isinstance(raw, Mapping):
        return Code.UNKNOWN_ACTION, "", _first(errors)

    def refused(name: str) -> bool:
        return name in errors and errors[name] != [UNKNOWN_FIELD]

    def say(code: Code | None, name: str) -> tuple[Code | None, str, str]:
        return code, "" if name == "_schema" else name, _first(errors[name])

    if refused("type"):
        return say(Code.UNKNOWN_ACTION, "type")
    if refused("seat"):
        return say(Code.INVALID_SEAT, "seat")
    if refused("card") and "card" in raw:
        return say(Code.INVALID_CARD, "card")
    strain = raw.get("strain")
    if refused("strain") and "strain" in raw and not (isinstance(strain, str) and strain in STRAINS):
        return say(Code.INVALID_STRAIN, "strain")
    extra = next((name for name, m in errors.items() if m == [UNKNOWN_FIELD] or name == "_schema"), None)
    if extra is not None:
        return say(Code.ACTION_FIELD_NOT_ALLOWED, extra)
    if refused("strain"):
        # a strain this action may not name (NT for Baloot's Hokum), or none: no trump chosen; a
        # bid without its strain is a strain missing (as the engines answer)
        missing_bid = "strain" not in raw and raw.get("type") == "bid"
        return say(Code.INVALID_STRAIN if missing_bid else Code.INVALID_TRUMP, "strain")
    if refused("card"):
        return say(Code.CARD_NOT_IN_HAND, "card")  # a play without its card
    if refused("value"):
        return say(Code.BID_OUT_OF_RANGE, "value")
    name = next(iter(errors), "")
    return (None, str(name), _first(errors[name])) if name else (None, "", "")


def _first(messages: Any) -> str:
    while isinstance(messages, Mapping) and messages:
        messages = next(iter(messages.values()))
    if isinstance(messages, list) and messages:
        return str(messages[0]) if not isinstance(messages[0], Mapping) else _first(messages[0])
    return str(messages)
