"""hands/play for every game: one more action on a record, answered as the record and the new view.

The games differ in how they replay a record, check an action's fields and store it (its canonical
form); what the operation does with those is the same everywhere, so it is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, Self

from .errors import Code, IllegalAction, RuleError
from .parse import parse_action, read_seat
from .record import Action, HandRecord

Json = dict[str, Any]


class Playable(Protocol):
    def apply(self, action: Action) -> Self: ...

    def view(self, seat: int | None = None) -> Json: ...


def play_on(
    body: Mapping[str, Any],
    record: HandRecord,
    state: Playable,
    players: int,
    canonical: Callable[[Action], Action],
    check: Callable[[object, int], None] | None = None,
) -> Json:
    """Apply body['action'] to the replayed `state` of `record`; any refusal is pinned to the
    action's index (the record's length). With body['seat'], the action must be that seat's and the
    new state comes back as that seat sees it."""
    index = len(record.actions)
    raw = body.get("action")
    if check is not None:
        check(raw, index)
    action = parse_action(raw, index)
    seat = body.get("seat")
    if seat is not None:
        read_seat(seat, players, "seat")
        if seat != action.seat:
            raise IllegalAction(
                Code.NOT_YOUR_TURN,
                f"the request views seat {seat} but the action is seat {action.seat}'s",
                index,
            )
    action = canonical(action)
    try:
        new = state.apply(action)
    except RuleError as e:
        raise e.at(index) from None
    out = record.with_action(action).to_json()
    hand = body.get("hand")
    if isinstance(hand, Mapping) and "rules" in hand:
        out = {"rules": hand["rules"], **out}
    return {"hand": out, "state": new.view(seat)}
