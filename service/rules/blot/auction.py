"""The calling phases as transitions of a Blot position (`table.Position`): the bazar (`auction`:
bids, passes, keep, contra, recontra) and the duel's taking of the trump (`take`, then `name`).

`Bidding` is a mixin of `BlotState`: each call checks one action against the position and returns
the next state; the call that fixes the contract hands over to the play (`Playing._start_play`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from ..belote.table import make_state
from ..cards import STRAINS
from ..errors import Code, IllegalAction, scalar
from ..record import Action
from .options import MAX_BID, MIN_BID
from .scoring import CONTRA, NONE, RECONTRA
from .table import (
    AUCTION,
    BARE_ACTIONS,
    BID_LADDER,
    CAPOT_BIDS,
    NAME,
    NAME_ACTIONS,
    REDEAL,
    TAKE,
    Auction,
    Position,
    new_auction,
    new_contract,
)

# The legal auction actions depend only on a few values (seat to act, last word, ceiling, contra
# any time, and the contract's team, value, capot and double), so each tuple is built once; the memo
# is bounded, since clients choose the ceiling (the default rules need about 550 entries).
_AUCTION_MEMO: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_AUCTION_MEMO_MAX = 8192


class Bidding(Position):
    """The bazar and the duel's calling, as methods of the state."""

    __slots__ = ()
    if TYPE_CHECKING:

        def _start_play(self, auction: Auction) -> Self: ...

    # --- the bazar

    def _next(self, auction: Auction, to_act: int | None, phase: str = AUCTION) -> Self:
        """The state after a call that leaves the contract open (no cards played yet)."""
        return make_state(
            type(self),
            self.table,
            auction,
            self.hands,
            phase,
            to_act,
            self.leader,
            (),
            (),
            None,
        )

    def _bid(self, action: Action) -> Self:
        a = self.auction
        c = a.contract
        if c is not None and c.double != NONE:
            raise self._no_more_bids(action)
        self._turn(action)
        seat = action.seat
        strain = action.strain
        if strain is None:
            raise IllegalAction(
                Code.INVALID_STRAIN, "a bid names its strain: S, H, D, C or NT", case="missing"
            )
        t = self.table
        if action.capot:
            if c is not None and c.capot:
                raise IllegalAction(
                    Code.BID_TOO_LOW, "capot is the highest bid: nothing can follow it", case="capot"
                )
            new = new_contract(seat, None, strain, True)
        else:
            value = action.value
            if type(value) is not int or not MIN_BID <= value <= t.ceiling:
                raise IllegalAction(
                    Code.BID_OUT_OF_RANGE,
                    f"a bid of {value!r}: bids run from {MIN_BID} to {t.ceiling}",
                    params={"value": scalar(value), "min": MIN_BID, "max": t.ceiling},
                    case="range",
                )
            if c is not None:
                if c.capot:
                    raise IllegalAction(
                        Code.BID_TOO_LOW, "capot is the highest bid: nothing can follow it", case="capot"
                    )
                assert c.value is not None
                if value <= c.value:
                    raise IllegalAction(
                        Code.BID_TOO_LOW,
                        f"a bid of {value} over {c.value}: each bid is at least one higher, "
                        "whatever its strain",
                        params={"value": value, "contract": c.value},
                        case="higher",
                    )
            new = new_contract(seat, value, strain, False)
        return self._next(new_auction((*a.calls, action), new), (seat + 1) % 4)

    def _no_more_bids(self, action: Action) -> IllegalAction:
        return IllegalAction(
            Code.WRONG_PHASE,
            f"contra ended the auction: only recontra or pass may follow, not a {action.type}",
            case="after_contra",
        )

    def _pass(self, action: Action) -> Self:
        a = self.auction
        c = a.contract
        self._turn(action)
        seat = action.seat
        calls = (*a.calls, action)
        if c is not None and c.double == CONTRA:  # a bidder declines to recontra
            if a.replies + 1 == 2:
                return self._start_play(new_auction(calls, c, a.passes, False, 2))
            return self._next(new_auction(calls, c, a.passes, False, a.replies + 1), (seat + 2) % 4)
        if a.last_word:
            raise IllegalAction(
                Code.MUST_KEEP_OR_RAISE,
                "the other three passed your bid: keep it or raise it",
                params={"seat": action.seat},
            )
        passes = a.passes + 1
        if c is None:
            if passes == 4:
                return self._next(new_auction(calls, None, 4), None, REDEAL)
            return self._next(new_auction(calls, None, passes), (seat + 1) % 4)
        if passes == 3:  # the holder has the last word
            return self._next(new_auction(calls, c, passes, True), c.seat)
        return self._next(new_auction(calls, c, passes), (seat + 1) % 4)

    def _keep(self, action: Action) -> Self:
        a = self.auction
        c = a.contract
        if not a.last_word or c is None or action.seat != c.seat:
            raise IllegalAction(
                Code.KEEP_NOT_ALLOWED,
                "only the holder of a bid the other three passed may keep it"
                + (f": seat {self.to_act} is to act" if self.to_act != action.seat else ""),
                params={"seat": action.seat},
            )
        return self._start_play(new_auction((*a.calls, action), c, a.passes, False))

    def _contra(self, action: Action) -> Self:
        a = self.auction
        c = a.contract
        seat = action.seat
        if c is None or c.double != NONE or seat % 2 == c.seat % 2:
            why = (
                "no bid has been made"
                if c is None
                else "the bid is already doubled"
                if c.double != NONE
                else "your side holds the bid"
            )
            case = "no_bid" if c is None else "doubled" if c.double != NONE else "own_side"
            raise IllegalAction(
                Code.CONTRA_NOT_ALLOWED,
                f"seat {seat} may not say contra: {why}",
                params={"seat": seat, "bidder": None if c is None else c.seat},
                case=case,
            )
        if not self.table.any_time:
            self._turn(action)
        doubled = new_contract(c.seat, c.value, c.strain, c.capot, CONTRA)
        return self._next(new_auction((*a.calls, action), doubled, a.passes), (seat + 1) % 4)

    def _recontra(self, action: Action) -> Self:
        a = self.auction
        c = a.contract
        seat = action.seat
        if c is None or c.double != CONTRA or seat % 2 != c.seat % 2:
            why = (
                "nobody said contra"
                if c is None or c.double == NONE
                else "the bid is already redoubled"
                if c.double == RECONTRA
                else "only the bidders answer a contra"
            )
            case = (
                "no_contra"
                if c is None or c.double == NONE
                else "redoubled"
                if c.double == RECONTRA
                else "not_bidder"
            )
            raise IllegalAction(
                Code.RECONTRA_NOT_ALLOWED,
                f"seat {seat} may not say recontra: {why}",
                params={"seat": seat, "bidder": None if c is None else c.seat},
                case=case,
            )
        if not self.table.any_time:
            self._turn(action)
        doubled = new_contract(c.seat, c.value, c.strain, c.capot, RECONTRA)
        return self._start_play(new_auction((*a.calls, action), doubled, a.passes))

    # --- the duel

    def _take(self, action: Action) -> Self:
        if self.phase != TAKE:
            raise self._wrong_phase(action)
        self._turn(action)
        t = self.table
        assert t.turned is not None
        c = new_contract(action.seat, None, t.turned.suit.value)
        return self._start_play(new_auction((*self.auction.calls, action), c))

    def _duel_pass(self, action: Action) -> Self:
        if self.phase not in (TAKE, NAME):
            raise self._wrong_phase(action)
        self._turn(action)
        t = self.table
        seat = action.seat
        calls = (*self.auction.calls, action)
        if self.phase == NAME and seat == t.dealer:
            raise IllegalAction(
                Code.DEALER_MUST_NAME,
                "both passed twice: the dealer must name a trump suit",
                params={"seat": seat},
            )
        phase = NAME if self.phase == TAKE and seat == t.dealer else self.phase
        return self._next(new_auction(calls, None), 1 - seat, phase)

    def _name(self, action: Action) -> Self:
        if self.phase != NAME:
            raise self._wrong_phase(action)
        self._turn(action)
        t = self.table
        assert t.turned is not None
        strain = action.strain
        if strain not in ("S", "H", "D", "C") or strain == t.turned.suit.value:
            raise IllegalAction(
                Code.INVALID_TRUMP,
                f"{strain or 'no strain'}: name a suit other than the turned card's ({t.turned.suit.value})",
                params={"strain": scalar(strain), "turned": t.turned.suit.value},
                case="not_turned",
            )
        c = new_contract(action.seat, None, strain)
        return self._start_play(new_auction((*self.auction.calls, action), c))

    # --- the play

    def call_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """The legal calls (of `seat` only, when given): the bazar's bids, passes, keep, contra and
        recontra (out of turn when the rules allow them); the duel's take, pass and name."""
        phase = self.phase
        to_act = self.to_act
        if phase == AUCTION:
            if seat is not None:
                return self._auction_actions(seat)
            a = self.auction
            c = a.contract
            t = self.table
            key = (
                to_act, a.last_word, t.ceiling, t.any_time,
                None if c is None else (c.seat % 2, c.value, c.capot, c.double),
            )  # fmt: skip
            found = _AUCTION_MEMO.get(key)
            if found is None:
                found = self._auction_actions(None)
                if len(_AUCTION_MEMO) < _AUCTION_MEMO_MAX:
                    _AUCTION_MEMO[key] = found
            return found
        if phase in (TAKE, NAME):
            if to_act is None or (seat is not None and seat != to_act):
                return ()
            if phase == TAKE:
                return (BARE_ACTIONS[(to_act, "take")], BARE_ACTIONS[(to_act, "pass")])
            turned = self.table.turned
            assert turned is not None
            names = [a for s, a in NAME_ACTIONS[to_act].items() if s != turned.suit.value]
            if to_act != self.table.dealer:
                names.append(BARE_ACTIONS[(to_act, "pass")])
            return tuple(names)
        return ()

    def _auction_actions(self, seat: int | None) -> tuple[Action, ...]:
        a = self.auction
        c = a.contract
        to_act = self.to_act
        assert to_act is not None
        out: list[Action] = []
        any_time = self.table.any_time
        if c is not None and c.double == CONTRA:
            for s in range(4):
                if (seat is None or s == seat) and s % 2 == c.seat % 2 and (s == to_act or any_time):
                    out.append(BARE_ACTIONS[(s, "recontra")])
            if seat is None or seat == to_act:
                out.append(BARE_ACTIONS[(to_act, "pass")])
            return tuple(out)
        if seat is None or seat == to_act:
            top = MIN_BID if c is None else (c.value or MAX_BID + 1) + 1  # capot: nothing above
            if c is None or not c.capot:
                ceiling = self.table.ceiling
                if top <= ceiling:
                    out.extend(BID_LADDER[to_act][(top - MIN_BID) * 5 : (ceiling - MIN_BID + 1) * 5])
                out.extend(CAPOT_BIDS[to_act])
            out.append(BARE_ACTIONS[(to_act, "keep" if a.last_word else "pass")])
        if c is not None:
            for s in range(4):
                if (
                    (seat is None or s == seat)
                    and s % 2 != c.seat % 2
                    and ((s == to_act and not a.last_word) or any_time)
                ):
                    out.append(BARE_ACTIONS[(s, "contra")])
        return tuple(out)

    def bid_range(self, seat: int | None = None) -> dict[str, Any] | None:
        """The bids open to the seat to act (to `seat` only, when given), compactly: every value from
        `lowest` to `highest` in every strain, and capot; None when that seat may not bid."""
        if self.phase != AUCTION or self.to_act is None or (seat is not None and seat != self.to_act):
            return None
        c = self.contract
        if c is not None and (c.capot or c.double != NONE):
            return None  # nothing is bid over capot; contra ended the bidding
        lowest = MIN_BID if c is None else (c.value or 0) + 1
        highest = self.table.ceiling
        numeric = lowest <= highest
        return {
            "seat": self.to_act,
            "lowest": lowest if numeric else None,
            "highest": highest if numeric else None,
            "strains": list(STRAINS),
            "capot": True,
        }
