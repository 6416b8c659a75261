"""The hand record a client sends (deal + actions), parsed into values, and its replay.

The HTTP layer has already checked the JSON's shape; here the values get their meaning (cards are
parsed, duplicates and foreign cards found) so the rules can trust what they fold over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar

from .cards import Card, card, cards, strain
from .errors import Code, InvalidRecord, RuleError, scalar


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a hand: a bid, a pass, a trump nomination, a card played..."""

    seat: int
    type: str
    value: int | None = None
    strain: str | None = None
    card: Card | None = None
    capot: bool = False

    @classmethod
    def cached(cls, data: Any) -> Action | None:
        """The shared Action for `data` if one was built before, else None.

        Only plainly typed actions are ever cached (int seat and value, str type, strain and card,
        bool capot), so a hit is always well typed; the key includes the value types because
        True == 1 as a dict key but not as a seat or a bid.
        """
        try:
            return _ACTIONS.get(_key(data))
        except (TypeError, AttributeError, KeyError):
            return None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """Parse one action; the few distinct actions of a game are built once and shared, since
        every request replays dozens of them and building a frozen dataclass is not free."""
        hit = cls.cached(data)
        if hit is not None:
            return hit
        c = data.get("card")
        s = data.get("strain")
        action = cls(
            seat=data["seat"],
            type=data["type"],
            value=data.get("value"),
            strain=strain(s) if s is not None else None,
            card=card(c) if c is not None else None,
            capot=bool(data.get("capot", False)),
        )
        if _plainly_typed(data) and len(_ACTIONS) < _ACTIONS_MAX:
            _ACTIONS[_key(data)] = action
        return action

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "type": self.type}
        if self.value is not None:
            out["value"] = self.value
        if self.strain is not None:
            out["strain"] = self.strain
        if self.card is not None:
            out["card"] = self.card.text
        if self.capot:
            out["capot"] = True
        return out


_ACTIONS: dict[tuple[Any, ...], Action] = {}
_ACTIONS_MAX = 8192  # 52 cards x 8 seats plus bids and calls: far below this in practice


def _key(data: Mapping[str, Any]) -> tuple[Any, ...]:
    seat, value = data["seat"], data.get("value")
    return (
        seat,
        type(seat),
        data["type"],
        value,
        type(value),
        data.get("strain"),
        data.get("card"),
        data.get("capot", False),
    )


def known_actions(actions: list[Any]) -> tuple[list[Action | None], int]:
    """`Action.cached` of each item in one pass, and how many were not held. A request carries its
    whole record, so most of its actions were read before, and a call per action (cached, then
    _key) cost more than the lookup. The key is `_key`'s, written out inline (a test holds the two
    equal)."""
    get = _ACTIONS.get
    out: list[Action | None] = []
    append = out.append
    missing = 0
    for a in actions:
        try:
            seat, value = a["seat"], a.get("value")
            found = get(
                (
                    seat,
                    type(seat),
                    a["type"],
                    value,
                    type(value),
                    a.get("strain"),
                    a.get("card"),
                    a.get("capot", False),
                )
            )
        except (TypeError, AttributeError, KeyError):
            found = None
        if found is None:
            missing += 1
        append(found)
    return out, missing


def _plainly_typed(data: Mapping[str, Any]) -> bool:
    return (
        type(data["seat"]) is int
        and type(data["type"]) is str
        and type(data.get("value", 0)) is int
        and type(data.get("strain", "")) is str
        and type(data.get("card", "")) is str
        and type(data.get("capot", False)) is bool
    )


@dataclass(frozen=True, slots=True)
class HandRecord:
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...] = ()
    turned: Card | None = None
    stock: tuple[Card, ...] = ()
    round: int | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], actions: tuple[Action, ...] | None = None) -> HandRecord:
        """Read a record; a game with its own action checks passes the actions already parsed."""
        if actions is None:
            parsed: list[Action] = []
            for i, a in enumerate(data.get("actions") or ()):
                try:
                    parsed.append(Action.from_json(a))
                except RuleError as e:
                    raise e.at(i) from None
            actions = tuple(parsed)
        turned = data.get("turned")
        return cls(
            dealer=data["dealer"],
            hands=tuple(cards(h) for h in data["hands"]),
            actions=actions,
            turned=card(turned) if turned is not None else None,
            stock=cards(data.get("stock") or ()),
            round=data.get("round"),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [[c.text for c in h] for h in self.hands],
            "actions": [a.to_json() for a in self.actions],
        }
        if self.turned is not None:
            out["turned"] = self.turned.text
        if self.stock:
            out["stock"] = [c.text for c in self.stock]
        if self.round is not None:
            out["round"] = self.round
        return out

    def with_action(self, action: Action) -> HandRecord:
        return HandRecord(
            self.dealer, self.hands, (*self.actions, action), self.turned, self.stock, self.round
        )


def dealer_of(first: int, i: int, players: int, step: int = 1) -> int:
    """Who deals hand `i` (from 0) of a match that `first` dealt first: the deal moves one seat
    every hand, a redealt (passed-out) one included, as it is a deal of the match; `step` is the
    direction in seat numbers (+1 in the Oh Hell family and Blot, Baloot's by its `deal_rotation`).
    matches/score checks each hand's dealer and announces the next one with this same rule."""
    return (first + step * i) % players


def check_table(record: HandRecord, players: int, dealt: int) -> None:
    """The table a record describes: `players` hands of `dealt` cards each, and a dealer among them."""
    if len(record.hands) != players:
        raise InvalidRecord(
            Code.WRONG_PLAYER_COUNT,
            f"{len(record.hands)} hands: this game seats {players} players",
            field="hands",
            params={"hands": len(record.hands), "players": players},
        )
    dealer = record.dealer
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidRecord(
            Code.INVALID_SEAT,
            f"dealer {dealer!r} is not a seat of a {players}-player table",
            field="dealer",
            params={"seat": scalar(dealer), "players": players},
            case="table",
        )
    for s, hand in enumerate(record.hands):
        if len(hand) != dealt:
            raise InvalidRecord(
                Code.WRONG_HAND_SIZE,
                f"seat {s} holds {len(hand)} cards: each is dealt {dealt}",
                field=f"hands.{s}",
                params={"seat": s, "cards": len(hand), "dealt": dealt},
                case="seat",
            )


def check_seat(seat: int, players: int, what: str = "seat") -> None:
    if not 0 <= seat < players:
        raise InvalidRecord(
            Code.INVALID_SEAT,
            f"{what} {seat} is not a seat of a {players}-player table",
            params={"seat": seat, "players": players},
            case="table",
        )


def check_distinct(groups: Iterable[tuple[str, Sequence[Card]]], deck: Iterable[Card]) -> None:
    """Every card at most once across all groups, and every card from the deck."""
    allowed = set(deck)
    seen: dict[Card, str] = {}
    for where, group in groups:
        for c in group:
            if c not in allowed:
                raise InvalidRecord(
                    Code.FOREIGN_CARD,
                    f"{c.text} ({where}) is not in this game's deck",
                    field=where,
                    reveals=(where,),
                    params={"card": c.text},
                )
            if c in seen:
                raise InvalidRecord(
                    Code.DUPLICATE_CARD,
                    f"{c.text} is both in {seen[c]} and {where}",
                    field=where,
                    reveals=(seen[c], where),
                    params={"card": c.text},
                )
            seen[c] = where


class State(Protocol):
    def apply(self, action: Action) -> Self: ...


S = TypeVar("S", bound=State)


def replay(state: S, actions: Sequence[Action]) -> S:
    """Fold the actions over the state; the first illegal one raises, pinned to its index."""
    for i, action in enumerate(actions):
        try:
            state = state.apply(action)
        except RuleError as e:
            raise e.at(i) from None
    return state


class ReplayMemo(Protocol):
    """Replayed states kept between requests (service/api/replay_cache.py implements it; the rules
    only see this interface). `find` answers the longest prefix of `record` it holds under `scope`
    (the rules' hash): (k, the state after the first k actions or None, a token for `keep`);
    `keep(token, state)` stores the state after the whole record."""

    def find(self, scope: str, record: HandRecord) -> tuple[int, Any, Any]: ...

    def keep(self, token: Any, state: Any) -> None: ...


# Set by the HTTP layer around one request whose client may use a memo; unset, nothing is kept.
REPLAY_MEMO: ContextVar[ReplayMemo | None] = ContextVar("trickref_replay_memo", default=None)


def replay_record(
    scope: str, record: HandRecord, start: Callable[[], S], check: Callable[[int], None] | None = None
) -> S:
    """`start()` (the validated deal) with the record's actions folded over it, the first illegal
    one pinned to its index; `check(i)`, when given, checks action i's fields first.

    With a memo in force the fold starts from the longest prefix the memo holds instead: a state is
    kept only once `start()` and every action up to it passed, and each step is a pure function of
    the state and the action, so the answer (and the first error, at its index) is the same. The
    field checks of the skipped prefix still run, in order, before the rest.
    """
    actions = record.actions
    memo = REPLAY_MEMO.get()
    held: Any = None
    if memo is None:
        state, k, token = start(), 0, None
    else:
        k, held, token = memo.find(scope, record)
        state = start() if held is None else held
    i = 0
    try:
        if check is not None:
            for i in range(k):
                check(i)
        for i in range(k, len(actions)):
            if check is not None:
                check(i)
            state = state.apply(actions[i])
    except RuleError as e:
        raise e.at(i) from None
    if memo is not None and (held is None or k < len(actions)):
        memo.keep(token, state)
    return state
