"""A deal of Bazar Blot (4 players) or of the duel (2 players): an immutable value that each action
turns into the next.

`start_bazar` / `start_duel` validate a deal once and fix what it decides in a shared `Table`;
`BlotState.apply` then checks one action against the position. The bazar's phases are `auction`,
`play`, `complete` and `redeal` (four passes); the duel's are `take`, `name`, `play`, `complete`.
The position and the hot path of a card are the Belote table's (`belote/table.py`); the calling
phases are `auction.py` (the bazar, the duel's take and name), the play's refusals and declarations
`play.py`, what they share `table.py`; this module holds the calling's dispatch, the view and the
result. When the trump is fixed a `Play` is built once (trump, duties, card values, the combinations
of the dealt hands) and shared by every state of the play, so each card costs one cheap step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from ..belote.cards import DECK_24, DECK_32
from ..belote.table import COMPLETE, PLAY, make_state
from ..cards import Card
from ..errors import Code, IllegalAction, InvalidRecord, scalar
from ..parse import read_view_seat
from ..profile import Rules
from ..record import Action, HandRecord, check_distinct, check_table
from .auction import Bidding
from .options import ANY_TIME, MAX_BID, capot_value
from .play import Playing, complete_duel
from .scoring import Tally, bazar_score, duel_score
from .table import (
    AUCTION,
    BAZAR,
    BAZAR_FIELDS,
    DUEL,
    DUEL_FIELDS,
    NAME,
    REDEAL,
    SHARED_ACTIONS,
    TAKE,
    Table,
    check_carried_fields,
    duties,
    new_auction,
)

# The phases are named here as well: a state's `phase` is one of them.
__all__ = [
    "AUCTION",
    "COMPLETE",
    "NAME",
    "PLAY",
    "REDEAL",
    "TAKE",
    "BazarState",
    "BlotState",
    "DuelState",
    "initial_bazar",
    "initial_duel",
    "start_bazar",
    "start_duel",
]


class BlotState(Bidding, Playing):
    """A deal as it stands: the Belote table (`belote/table.py`, whose `apply` plays a card), with
    the calling (`auction.Bidding`) and the play's refusals and declarations (`play.Playing`)."""

    __slots__ = ()
    FIELDS: ClassVar[dict[str, frozenset[str]]]  # the game's action types and their fields

    def team(self, seat: int) -> int:
        return seat % 2

    def _call(self, action: Action) -> Self:
        """A call of the game's calling phase (`FIELDS` names its actions), once its fields, the
        phase and the seat are checked."""
        kind = action.type
        t = self.table
        allowed = self.FIELDS.get(kind)
        if allowed is None:
            names = ", ".join(self.FIELDS)
            raise IllegalAction(
                Code.UNKNOWN_ACTION,
                f"{kind!r} is not an action of {t.game}: {names}",
                params={"type": scalar(kind)},
                case="named",
            )
        if id(action) not in SHARED_ACTIONS:
            check_carried_fields(action, allowed)
        if self.phase in (COMPLETE, REDEAL):
            raise self._over(action)
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < t.players:
            raise IllegalAction(
                Code.INVALID_SEAT,
                f"seat {seat!r} is not a seat of a {t.players}-player table",
                params={"seat": scalar(seat), "players": t.players},
                case="table",
            )
        return self._calling(action)

    def _calling(self, action: Action) -> Self:
        """The game's calling phase, for an action of its own with valid fields and seat."""
        raise NotImplementedError

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every legal action (of `seat` only, when given): the seat to act's, and out-of-turn contra
        or recontra when the rules allow them."""
        phase = self.phase
        to_act = self.to_act
        if phase == PLAY:
            if seat is not None and seat != to_act:
                return ()
            return self.play_actions()
        return self.call_actions(seat)

    def tally(self) -> Tally:
        """The deal as the scorepad records it."""
        c = self.contract
        if self.phase == REDEAL or self.play is None:
            return Tally(c, self.points, self.won, (0, 0), None)
        combos = self.play.combinations
        return Tally(c, self.points, self.won, combos.points, combos.blot_team(self.table.players))

    def result(self) -> dict[str, Any]:
        """The deal's score (as hands/score returns it); the deal must be complete or void."""
        t = self.table
        if self.phase not in (COMPLETE, REDEAL):
            raise InvalidRecord(
                Code.HAND_INCOMPLETE,
                f"the hand is in its {self.phase} phase: {8 - len(self.tricks)} tricks still to play",
                params={"tricks": 8 - len(self.tricks)},
            )
        return {"rules": t.rules.echo(), **self.score(self.tally())}

    def score(self, tally: Tally) -> dict[str, Any]:
        """The game's score of a deal's tally."""
        raise NotImplementedError

    def shown(self, seat: int | None) -> dict[str, Any]:
        """What the game's view adds to the family's (see `view`)."""
        raise NotImplementedError

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The state as JSON; with `seat`, only what that seat may see."""
        t = self.table
        n = t.players
        seat = read_view_seat(seat, n)
        c = self.contract
        out: dict[str, Any] = {
            "rules": t.rules.echo(),
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": t.dealer,
            "players": n,
            "contract": c.to_json() if c is not None else None,
            "bids": [a.to_json() for a in self.auction.calls],
            "hands": self.hands_json(seat),
            "hand_counts": [len(h) for h in self.hands],
            "legal_actions": [a.to_json() for a in self.legal_actions(seat)],
            "tricks": self.tricks_json(),
            "current_trick": self.current_trick_json(),
            "tricks_won": list(self.won),
            "announcements": self.announcements(),
            "declarations": self.declarations(),
            "result": self.result() if self.phase in (COMPLETE, REDEAL) else None,
        }
        out.update(self.shown(seat))
        return out


class BazarState(BlotState):
    """Bazar Blot: four players, the bazar's auction with keep, contra and recontra."""

    __slots__ = ()
    FIELDS = BAZAR_FIELDS

    def _calling(self, action: Action) -> BazarState:
        if self.phase != AUCTION:
            raise self._wrong_phase(action)
        kind = action.type
        if kind == "bid":
            return self._bid(action)
        if kind == "pass":
            return self._pass(action)
        if kind == "keep":
            return self._keep(action)
        if kind == "contra":
            return self._contra(action)
        return self._recontra(action)

    def score(self, tally: Tally) -> dict[str, Any]:
        rules = self.table.rules
        return bazar_score(tally, capot_value(rules), rules["rounding"])

    def shown(self, seat: int | None) -> dict[str, Any]:
        return {"bid_range": self.bid_range(seat)}


class DuelState(BlotState):
    """The duel: two players, the turned card taken or a trump named, the deal completed from the
    stock once the trump is fixed; four of a kind never count."""

    __slots__ = ()
    FIELDS = DUEL_FIELDS

    def _calling(self, action: Action) -> DuelState:
        kind = action.type
        if kind == "name":
            return self._name(action)
        if kind == "take":
            return self._take(action)
        return self._duel_pass(action)

    def _dealt_out(self, taker: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        return complete_duel(self.table, taker)

    def _quartets(self) -> str | None:
        return None

    def score(self, tally: Tally) -> dict[str, Any]:
        return duel_score(tally, self.table.rules["rounding"])

    def shown(self, seat: int | None) -> dict[str, Any]:
        t = self.table
        assert t.turned is not None
        stock = len(t.stock) if self.play is None else len(self.play.undealt)
        return {"turned": t.turned.text, "stock_count": stock}


def start_bazar(rules: Rules, record: HandRecord) -> BlotState:
    """The state right after a validated 4-player deal."""
    check_table(record, 4, 8)
    if record.turned is not None:
        raise InvalidRecord(
            Code.INVALID_TURNED_CARD, "no card is turned in the 4-player game", field="turned"
        )
    if record.stock:
        raise InvalidRecord(
            Code.WRONG_HAND_SIZE, "the 4-player game deals all 32 cards: no stock", field="stock"
        )
    check_distinct([(f"hands.{s}", h) for s, h in enumerate(record.hands)], DECK_32)
    return initial_bazar(rules, record.dealer, record.hands)


def initial_bazar(rules: Rules, dealer: int, hands: tuple[tuple[Card, ...], ...]) -> BlotState:
    first = (dealer + 1) % 4
    ceiling = rules["bid_ceiling"]
    table = Table(
        rules=rules,
        players=4,
        dealer=dealer,
        first=first,
        dealt=hands,
        stock=(),
        game=BAZAR,
        turned=None,
        ceiling=MAX_BID if ceiling is None else ceiling,
        any_time=rules["contra"] == ANY_TIME,
        duties=duties(rules["undertrump"]),
    )
    auction = new_auction((), None)
    return make_state(BazarState, table, auction, hands, AUCTION, first, first, (), (), None)


def start_duel(rules: Rules, record: HandRecord) -> BlotState:
    """The state right after a validated duel deal: five cards each, the turned card, the stock."""
    check_table(record, 2, 5)
    if record.turned is None:
        raise InvalidRecord(
            Code.INVALID_TURNED_CARD, "the duel turns the card after the deal: the record needs 'turned'",
            field="turned",
        )  # fmt: skip
    if len(record.stock) != 13:
        raise InvalidRecord(
            Code.WRONG_HAND_SIZE,
            f"the stock holds {len(record.stock)} cards: the 13 left after the deal and the turn",
            field="stock",
        )
    groups: list[tuple[str, Sequence[Card]]] = [(f"hands.{s}", h) for s, h in enumerate(record.hands)]
    groups += [("turned", (record.turned,)), ("stock", record.stock)]
    check_distinct(groups, DECK_24)
    return initial_duel(rules, record.dealer, record.hands, record.turned, record.stock)


def initial_duel(
    rules: Rules, dealer: int, hands: tuple[tuple[Card, ...], ...], turned: Card, stock: tuple[Card, ...]
) -> BlotState:
    first = 1 - dealer
    table = Table(
        rules=rules,
        players=2,
        dealer=dealer,
        first=first,
        dealt=hands,
        stock=stock,
        game=DUEL,
        turned=turned,
        ceiling=0,
        any_time=False,
        duties=duties(rules["undertrump"]),
    )
    auction = new_auction((), None)
    return make_state(DuelState, table, auction, hands, TAKE, first, first, (), (), None)
