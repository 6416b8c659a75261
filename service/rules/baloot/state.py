"""The state of one Baloot hand: an immutable value that each action turns into the next.

Phases: `calling` (round one, then round two), `doubling` (after a Hokum call, when doubling is
on), `play`, then `complete`; or `redeal` when all four pass twice. `start` validates the deal once
(five cards a seat, the turned card, the eleven cards of the stock) and `HandState.apply` checks each
action against the position, so replaying a record costs one cheap step per action.

The position and the play's one-card step (the hot path) are the Belote table's (`belote/table.py`);
the calling and the doubling are `calling.py` (their transitions, the table, auction and contract);
the card play's options are `cardplay.py` (legal cards, reasons). This module puts them together:
the calling's dispatch, the refusals, the score and what a position shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..belote.table import BeloteState, make_state
from ..belote.trickplay import CardPlay, PlayedTrick
from ..cards import Card
from ..errors import Code, IllegalAction, InvalidRecord, card_params, scalar
from ..parse import read_view_seat
from ..profile import Rules
from ..record import Action, HandRecord, check_distinct, check_table, replay_record
from . import calling
from .calling import (
    CALLING,
    COMPLETE,
    DOUBLING,
    DOUBLING_ACTIONS,
    PLAY,
    REDEAL,
    STEPS,
    Auction,
    Contract,
    Step,
    Table,
    calling_actions,
    calling_auction,
    complete_hands,
)
from .cardplay import DECK, duties, legal_cards, reasons, trick_winner, why
from .options import CALLER_CONVERTS, CLOSED, OVER_ANY, PLAYERS
from .projects import BALOOT, BALOOT_POINTS, best_team, team_points
from .scoring import SUN, Summary, passed_score, score_summary

__all__ = [
    "ACTION_TYPES",
    "CALLING",
    "COMPLETE",
    "DECK",
    "DOUBLING",
    "FIELDS",
    "PLAY",
    "REDEAL",
    "HandState",
    "PlayedTrick",
    "build",
    "check_deal",
    "complete_hands",
    "initial",
    "legal_cards",
    "reasons",
    "start",
    "trick_winner",
]

DEALT = 5  # cards a seat before the call
STOCK = 11  # 32 - 4 x 5 - the turned card
HAND = 8

ACTION_TYPES = ("hokum", "sun", "pass", "double", "three", "four", "gahwa", "play", "ashkal")
FIELDS: dict[str, tuple[str, ...]] = {"hokum": ("strain",), "play": ("card",)}  # the rest: seat, type


class HandState(BeloteState[Table, Auction, CardPlay]):
    """A position of the hand: the Belote table (`belote/table.py`, whose `apply` plays a card) with
    Baloot's calling and doubling; the auction is shared by every state of the play."""

    __slots__ = ()

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    # ----------------------------------------------------------------- transitions

    def _refuse_card(self, action: Action) -> IllegalAction:
        fault = _field_fault(action)
        if fault is not None:
            return fault
        seat = action.seat
        if self.phase != PLAY or seat != self.to_act:
            return self._refuse(action, PLAY)
        return self._unplayable(seat, action.card)

    def _call(self, action: Action) -> HandState:
        """Any action but a play."""
        kind = action.type
        if kind not in ACTION_TYPES:  # the type first: another game's action is unknown here
            raise IllegalAction(
                Code.UNKNOWN_ACTION,
                f"{kind!r} is not a Baloot action: {', '.join(ACTION_TYPES)}",
                params={"type": scalar(kind)},
                case="named",
            )
        fault = _field_fault(action)
        if fault is not None:
            raise fault
        if action.card is not None:
            raise IllegalAction(
                Code.ACTION_FIELD_NOT_ALLOWED,
                f"a {kind} carries no card",
                params={"type": kind, "field": "card"},
                case="named",
            )
        if action.strain is not None and kind != "hokum":
            raise IllegalAction(
                Code.ACTION_FIELD_NOT_ALLOWED,
                f"a {kind} carries no strain",
                params={"type": kind, "field": "strain"},
                case="named",
            )
        seat = action.seat
        if kind in STEPS:
            if self.phase != DOUBLING or seat != self.to_act:
                raise self._refuse(action, DOUBLING)
            return self._step(calling.double(self.table, self.auction, action))
        if kind == "pass" and self.phase == DOUBLING:
            if seat != self.to_act:
                raise self._refuse(action, DOUBLING)
            return self._step(calling.pass_doubling(self.table, self.auction, action))
        if self.phase != CALLING or seat != self.to_act:
            raise self._refuse(action, CALLING)
        return self._step(calling.call(self.table, self.auction, action))

    def _refuse(self, action: Action, phase: str) -> IllegalAction:
        """Why `action` may not be taken now (called only once the fast check failed)."""
        if self.phase == COMPLETE:
            return IllegalAction(Code.HAND_COMPLETE, f"the hand is complete: no {action.type} can follow")
        if self.phase == REDEAL:
            return IllegalAction(
                Code.HAND_COMPLETE,
                "all four passed twice: this deal is over and the cards are dealt afresh",
                case="redeal",
            )
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            return IllegalAction(
                Code.INVALID_SEAT,
                f"seat {seat!r} is not a seat of a 4-player table",
                params={"seat": scalar(seat), "players": PLAYERS},
                case="table",
            )
        contract = self.contract
        if phase == DOUBLING and contract is not None and self.phase == PLAY:
            if contract.mode == SUN:
                return IllegalAction(Code.DOUBLE_NOT_ALLOWED, "Sun hands are never doubled", case="sun")
            if not self.table.doubling:
                return IllegalAction(Code.DOUBLE_NOT_ALLOWED, "doubling is off under these rules", case="off")
        if self.phase != phase:
            return IllegalAction(
                Code.WRONG_PHASE,
                f"a {action.type} during the {self.phase} phase (seat {self.to_act} is to "
                f"{_VERB[self.phase]})",
                params={"seat": seat, "to_act": self.to_act},
                case="to_act",
            )
        return IllegalAction(
            Code.NOT_YOUR_TURN,
            f"seat {seat} acted but seat {self.to_act} is to {_VERB[phase]}",
            params={"seat": seat, "to_act": self.to_act},
        )

    def _step(self, step: Step) -> HandState:
        """The position after a calling or doubling step: the play opens with the dealer's right's lead
        (under a closed doubled hand, no trump while it holds another suit)."""
        auction, phase, to_act, dealt = step
        t = self.table
        hands = self.hands if dealt is None else dealt
        if phase == PLAY:
            return self._opening(auction, hands, card_play(t, auction))
        return make_state(HandState, t, auction, hands, phase, to_act, t.first, (), (), None)

    def called(self, buyer: int, mode: str, strain: str) -> HandState:
        """This deal with its contract set directly, without its calls: for simulations and the bench
        (as colver's set_contract). No record holds such a position; the service never builds one."""
        if self.phase != CALLING or self.auction.calls:
            raise IllegalAction(
                Code.WRONG_PHASE, "a contract is set directly only on a fresh deal", case="settle"
            )
        return self._step(calling.settle(self.table, self.auction, (), buyer, mode, strain))

    def _unplayable(self, seat: int, c: Card | None) -> IllegalAction:
        """Why the seat to play may not play `c` (called only once the fast check failed). The detail
        is about the seat's own hand: that seat may always read it (`reveals`), the others may not."""
        own = (f"hands.{seat}",)
        if c is None:
            return IllegalAction(
                Code.CARD_NOT_IN_HAND, f"seat {seat} plays no card: a play names its card", reveals=own
            )
        hand = self.hands[seat]
        if c not in hand:
            return IllegalAction(
                Code.CARD_NOT_IN_HAND,
                f"seat {seat} does not hold {c}",
                reveals=own,
                params={"seat": seat, "card": c.text},
                case="held",
            )
        trick = self.trick
        trump = self.auction.trump
        if trick:
            code = reasons(hand, trick, trump, self.table.over_partner)[c]
            t = trump.value if trump is not None else None
            params = {"seat": seat, **card_params(code, c.text, trick[0].suit.value, t)}
            return IllegalAction(code, why(code, seat, c, trick, trump), reveals=own, params=params)
        return IllegalAction(
            Code.TRUMP_LEAD_LOCKED,
            f"the doubled hand is closed: seat {seat} holds other suits and may not lead {c}",
            reveals=own,
            params={"seat": seat, "card": c.text, "suit": c.suit.value},
        )

    # ----------------------------------------------------------------- questions

    # ----------------------------------------------------------------- questions

    def legal_actions(self) -> tuple[Action, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        phase = self.phase
        if phase == PLAY:
            return self.play_actions()
        a = self.auction
        if phase == DOUBLING:
            assert a.contract is not None
            return DOUBLING_ACTIONS[seat][a.contract.level - 1]
        return calling_actions(self.table, a, seat)

    def tricks_won(self) -> list[int]:
        won = [0] * PLAYERS
        for p in self.tricks:
            won[p.winner] += 1
        return won

    def summary(self) -> Summary:
        """The scorepad line of the complete hand."""
        a = self.auction
        contract = a.contract
        assert contract is not None
        won = self.won
        projects = team_points(a.projects, best_team(a.projects, self.table.first))
        for team in (0, 1):
            if won[team] == 0:
                projects[team] = 0  # a team that took no trick scores no project
        baloot = a.baloot % 2 if a.baloot is not None else None
        return Summary(
            contract.seat,
            contract.mode,
            contract.strain,
            contract.level,
            self.points,
            won,
            (projects[0], projects[1]),
            baloot,
        )

    def result(self) -> dict[str, Any]:
        """The hand's score answer (as hands/score returns it); the hand must be complete or passed."""
        t = self.table
        if self.phase == REDEAL:
            out = passed_score()
            out["summary"] = None
            return {"rules": t.rules.echo(), **out}
        if self.phase != COMPLETE:
            raise InvalidRecord(
                Code.HAND_INCOMPLETE,
                f"the hand is in its {self.phase} phase: {HAND - len(self.tricks)} tricks still to play",
                params={"tricks": HAND - len(self.tricks)},
            )
        s = self.summary()
        out = score_summary(t.rules.values, s)
        best = best_team(self.auction.projects, t.first)
        counted = s.projects
        projects = [
            {
                "seat": p.seat,
                "name": p.name,
                "points": p.points,
                "cards": [c.text for c in p.cards],
                "counts": p.team == best and counted[p.team] > 0,
            }
            for p in self.auction.projects
        ]
        return {"rules": t.rules.echo(), **out, "summary": s.to_json(), "projects": projects}

    def declarations(self, seat: int | None) -> list[dict[str, Any]]:
        """What has been declared: every project, announced (name and points) once the first trick is
        complete, with its cards only where the viewer may see them; the baloot once its holder has
        played both cards. A seat never sees another seat's unplayed card here."""
        a = self.auction
        contract = a.contract
        done = self.phase == COMPLETE
        if contract is None or (not self.tricks and not done):
            return []
        played = {c for p in self.tricks for c in p.cards}
        played.update(self.trick)
        out: list[dict[str, Any]] = []
        for p in a.projects:
            shown = seat is None or seat == p.seat or done or all(c in played for c in p.cards)
            out.append(
                {
                    "seat": p.seat,
                    "name": p.name,
                    "points": p.points,
                    "cards": [c.text for c in p.cards] if shown else None,
                }
            )
        if a.baloot is not None and contract.trump is not None:
            pair = [c for c in DECK if c.suit is contract.trump and c.rank in "KQ"]
            if done or all(c in played for c in pair):
                out.append(
                    {
                        "seat": a.baloot,
                        "name": BALOOT,
                        "points": BALOOT_POINTS,
                        "cards": [c.text for c in reversed(pair)],
                    }
                )
        return out

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The state as JSON; with `seat`, only what that seat may see."""
        t = self.table
        seat = read_view_seat(seat, PLAYERS)
        contract = self.contract
        show_legal = seat is None or seat == self.to_act
        a = self.auction
        return {
            "rules": t.rules.echo(),
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": t.dealer,
            "players": PLAYERS,
            "calling_round": a.round if self.phase == CALLING else None,
            "contract": contract.to_json() if contract is not None else None,
            "bids": [c.to_json() for c in a.calls],
            "hands": self.hands_json(seat),
            "hand_counts": [len(h) for h in self.hands],
            "turned": t.turned.text,
            "legal_actions": [x.to_json() for x in self.legal_actions()] if show_legal else [],
            "tricks": self.tricks_json(),
            "current_trick": self.current_trick_json(),
            "tricks_won": self.tricks_won(),
            "declarations": self.declarations(seat),
            "result": self.result() if self.phase in (COMPLETE, REDEAL) else None,
        }


def card_play(t: Table, a: Auction) -> CardPlay:
    """What the contract fixes for the play: its trump's tables (the auction's), Baloot's duties, and
    the closed doubled hand's locked lead."""
    return CardPlay(a.trump, a.strength, a.values, duties(t.over_partner), a.locked)


def _field_fault(action: Action) -> IllegalAction | None:
    """An action carrying a field its type does not use: value and capot are no Baloot action's, a
    strain only a Hokum call's (the card is checked where the type is known)."""
    kind = action.type
    if action.value is not None or action.capot:
        return IllegalAction(
            Code.ACTION_FIELD_NOT_ALLOWED,
            f"a {kind} action carries no value or capot",
            params={"type": kind, "field": "value" if action.value is not None else "capot"},
            case="named",
        )
    if kind == "play" and action.strain is not None:
        return IllegalAction(
            Code.ACTION_FIELD_NOT_ALLOWED,
            "a play names its card only, not a strain",
            params={"type": kind, "field": "strain"},
            case="named",
        )
    return None


_VERB = {
    CALLING: "call",
    DOUBLING: "answer the doubling",
    PLAY: "play",
    COMPLETE: "stop",
    REDEAL: "stop",
}


# --------------------------------------------------------------------- building the first state


def check_deal(record: HandRecord) -> None:
    """The deal's shape: four hands of five, the turned card, the eleven cards of the stock."""
    check_table(record, PLAYERS, DEALT)  # five each before the calling
    if record.round is not None:
        raise InvalidRecord(Code.INVALID_ROUND, "a Baloot hand has no round number", field="round")
    if record.turned is None:
        raise InvalidRecord(
            Code.INVALID_TURNED_CARD,
            "the record needs 'turned': the card turned after the deal",
            field="turned",
        )
    groups: list[tuple[str, Sequence[Card]]] = [(f"hands.{s}", h) for s, h in enumerate(record.hands)]
    groups.append(("turned", (record.turned,)))
    groups.append(("stock", record.stock))
    check_distinct(groups, DECK)
    if len(record.stock) != STOCK:
        raise InvalidRecord(
            Code.INVALID_STOCK,
            f"the stock holds {len(record.stock)} cards: it is the 11 cards not dealt, in deal order",
            field="stock",
        )


def initial(
    rules: Rules,
    dealer: int,
    dealt: tuple[tuple[Card, ...], ...],
    turned: Card,
    stock: tuple[Card, ...],
) -> HandState:
    """The first state of a deal already known to be valid."""
    first = (dealer + 1) % PLAYERS
    v = rules.values
    table = Table(
        rules=rules,
        players=PLAYERS,
        dealer=dealer,
        first=first,
        dealt=dealt,
        turned=turned,
        stock=stock,
        ashkal=v["ashkal"],
        late_sun=v["late_sun"] == CALLER_CONVERTS,
        doubling=v["doubling"],
        projects=v["projects"],
        closed=v["doubled_play"] == CLOSED,
        ranking=v["project_ranking"],
        declarations=v["declarations"],
        over_partner=v["trump_lead"] == OVER_ANY,
    )
    return make_state(
        HandState,
        table,
        calling_auction((), 1, 0, None),
        dealt,
        CALLING,
        first,
        first,
        (),
        (),
        None,
    )


def start(rules: Rules, record: HandRecord) -> HandState:
    """The state right after the deal, once the deal is validated."""
    check_deal(record)
    assert record.turned is not None
    return initial(rules, record.dealer, tuple(record.hands), record.turned, tuple(record.stock))


def build(rules: Rules, record: HandRecord) -> HandState:
    """Validate the deal, then replay its actions (the first illegal one raises, with its index)."""
    return replay_record(rules.hash, record, lambda: start(rules, record))
