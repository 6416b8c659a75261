"""hands/play for every game: one more action on a record, answered as the record and the new view.

The games differ in how they replay a record, check an action's fields and store it (its canonical
form); what the operation does with those is the same everywhere, so it is written once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Self

from .errors import Code, InvalidRecord, RuleError, scalar
from .parse import parse_action, read_seat
from .record import Action, HandRecord

Json = dict[str, Any]


class Playable(Protocol):
    @property
    def tricks(self) -> Sequence[object]: ...  # the tricks complete so far

    def apply(self, action: Action) -> Self: ...

    def view(self, seat: int | None = None) -> Json: ...


def read_views(value: object, players: int, seat: object = None, field: str = "views") -> list[int] | None:
    """The seats whose views a request asks for (`views`), each once and each at the table; None
    when it asks for none. A request made for one seat's view (`seat`) may ask for that seat's only:
    its answer goes to that seat as it is."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise InvalidRecord(
            Code.INVALID_SEAT,
            f"{field} lists seats",
            field=field,
            params={"seat": scalar(value)},
            case="seat",
        )
    seen: set[int] = set()
    for i, each in enumerate(value):
        where = f"{field}.{i}"
        read_seat(each, players, where)
        if each in seen:
            raise InvalidRecord(
                Code.INVALID_SEAT,
                f"{where}: seat {each} is asked for twice",
                field=where,
                params={"seat": each},
                case="repeated",
            )
        seen.add(each)
        if seat is not None and each != seat:
            raise InvalidRecord(
                Code.VIEW_SEAT_MISMATCH,
                f"the request is for seat {seat}'s view: it may ask for that seat's view only, "
                f"not seat {each}'s (leave `seat` out to ask as the referee)",
                field=where,
                params={"seat": scalar(seat), "actor": each},
                case="views",
            )
    return value


def play_on(
    body: Mapping[str, Any],
    record: HandRecord,
    state: Playable,
    players: int,
    canonical: Callable[[Action], Action],
    check: Callable[[object, int], None] | None = None,
) -> Json:
    """Apply body['action'] to the replayed `state` of `record`; any refusal is pinned to the
    action's index (the record's length).

    The answer is the action as recorded (its canonical form), the new state and, for the referee
    (no body['seat']), the record with the action appended. With body['seat'] the request plays for
    that seat: the action must be its own (else `view_seat_mismatch`), the state comes back as that
    seat sees it, and there is no record (it holds every hand), so a relay can forward the answer
    to that seat as it is and append `action` to the record it keeps. body['views'] (seats) adds
    `views`, each of those seats' view of the new state in the order asked: a server relaying to
    its players gets what each may see from the one call."""
    index = len(record.actions)
    raw = body.get("action")
    if check is not None:
        check(raw, index)
    action = parse_action(raw, index)
    seat = body.get("seat")
    if seat is not None:
        read_seat(seat, players, "seat")
        if seat != action.seat:
            raise InvalidRecord(
                Code.VIEW_SEAT_MISMATCH,
                f"the request is for seat {seat}'s view but the action is seat {action.seat}'s: "
                "a seat's view plays only its own actions (leave `seat` out to play as the referee)",
                field="seat",
                params={"seat": seat, "actor": action.seat},
            )
    views = read_views(body.get("views"), players, seat)
    action = canonical(action)
    try:
        new = state.apply(action)
    except RuleError as e:
        raise e.at(index) from None
    # a table shows the trick as it ended before it clears it: the last of the state's `tricks`
    done = len(new.tricks) > len(state.tricks)
    if seat is not None:
        mine = {"seat": seat, "action": action.to_json(), "trick_complete": done, "state": new.view(seat)}
        if views is not None:
            mine["views"] = [mine["state"] for _ in views]
        return mine
    out = record.with_action(action).to_json()
    hand = body.get("hand")
    if isinstance(hand, Mapping) and "rules" in hand:
        out = {"rules": hand["rules"], **out}
    return {
        "seat": None,
        "hand": out,
        "action": out["actions"][-1],
        "trick_complete": done,
        "state": new.view(None),
        **({} if views is None else {"views": [new.view(s) for s in views]}),
    }
