"""A deal of Bazar Blot (4 players) or of the duel (2 players): an immutable value that each action
turns into the next.

`start_bazar` / `start_duel` validate a deal once and fix what it decides in a shared `Table`;
`BlotState.apply` then checks one action against the position. The bazar's phases are `auction`,
`play`, `complete` and `redeal` (four passes); the duel's are `take`, `name`, `play`, `complete`.
The calling phases are `auction.py` (the bazar, the duel's take and name), the play `play.py`, what
they share `table.py`; this module holds the state itself, the hot path of a card, the view and the
result. When the trump is fixed a `Play` is built once (trump, duties, card values, the combinations
of the dealt hands) and shared by every state of the play, so each card costs one cheap step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..belote.cards import DECK_24, DECK_32, LAST_TRICK
from ..belote.trickplay import PlayedTrick, played_json, played_trick
from ..cards import Card
from ..errors import Code, IllegalAction, InvalidRecord, scalar
from ..parse import read_view_seat
from ..profile import Rules
from ..record import Action, HandRecord, check_distinct, check_table
from .auction import Bidding
from .options import ANY_TIME, MAX_BID, capot_value
from .play import Playing, playable
from .scoring import Tally, bazar_score, duel_score
from .table import (
    AUCTION,
    BAZAR,
    BAZAR_FIELDS,
    COMPLETE,
    DUEL,
    DUEL_FIELDS,
    NAME,
    PLAY,
    PLAY_ACTIONS,
    REDEAL,
    SHARED_ACTIONS,
    TAKE,
    Auction,
    Play,
    Table,
    check_carried_fields,
    duties,
    new_auction,
    new_object,
)

# The phases are named here as well: a state's `phase` is one of them.
__all__ = [
    "AUCTION",
    "COMPLETE",
    "NAME",
    "PLAY",
    "REDEAL",
    "TAKE",
    "BlotState",
    "initial_bazar",
    "initial_duel",
    "start_bazar",
    "start_duel",
]


@dataclass(frozen=True, slots=True)
class BlotState(Bidding, Playing):
    """A deal as it stands: the calling (`auction.Bidding`) and the play (`play.Playing`) are the
    mixins' methods; `apply` dispatches, and plays a card itself (the hot path)."""

    table: Table
    auction: Auction
    hands: tuple[tuple[Card, ...], ...]
    phase: str
    to_act: int | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[PlayedTrick, ...]
    won: tuple[int, int]  # tricks by team
    points: tuple[int, int]  # card points by team, the last trick's 10 included
    play: Play | None
    # Derived during the play, kept so that each card costs one step: the card winning the trick so
    # far and its seat (None and 0 before the lead), and the cards the seat to play may play.
    best: Card | None = field(default=None, compare=False, repr=False)
    best_seat: int = field(default=0, compare=False, repr=False)
    playable: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    def team(self, seat: int) -> int:
        return seat % 2

    # ----------------------------------------------------------------- transitions

    def apply(self, action: Action) -> BlotState:
        if action.type != "play":
            return self._call(action)
        # a card: the hot path, inline
        seat = action.seat
        if self.phase != PLAY or seat != self.to_act:
            raise self._refuse_play(action)
        c = action.card
        if c is None or action.value is not None or action.strain is not None or action.capot:
            check_carried_fields(action, BAZAR_FIELDS["play"])
            raise IllegalAction(Code.CARD_NOT_IN_HAND, f"seat {seat} plays no card: a play names its card")
        hands = self.hands
        hand = hands[seat]
        if c not in self.playable:  # cards are interned: identity
            if c not in hand:  # about the seat's own hand: that seat may read it (`reveals`)
                raise IllegalAction(
                    Code.CARD_NOT_IN_HAND,
                    f"seat {seat} does not hold {c}",
                    reveals=(f"hands.{seat}",),
                    params={"seat": seat, "card": c.text},
                    case="held",
                )
            raise self._illegal(c)
        play = self.play
        assert play is not None
        i = hand.index(c)
        left = hand[:i] + hand[i + 1 :]
        hands = (*hands[:seat], left, *hands[seat + 1 :])
        trick = self.trick
        strength = play.strength
        best = self.best
        if best is None or ((c.suit is best.suit or c.suit is play.trump) and strength[c] > strength[best]):
            best, best_seat = c, seat
        else:
            best_seat = self.best_seat
        trick = (*trick, c)
        t = self.table
        n = t.players
        if len(trick) < n:
            nxt = seat + 1 if seat + 1 < n else 0
            return make_state(
                t, self.auction, hands, PLAY, nxt, self.leader, trick, self.tricks, self.won, self.points,
                play, best, best_seat, playable(hands[nxt], trick, best, best_seat, nxt, play, t),
            )  # fmt: skip
        winner = best_seat
        values = play.values
        pts = values[trick[0]] + values[trick[1]]
        if n == 4:
            pts += values[trick[2]] + values[trick[3]]
        if not left:
            pts += LAST_TRICK
        if winner % 2 == 0:
            won = (self.won[0] + 1, self.won[1])
            points = (self.points[0] + pts, self.points[1])
        else:
            won = (self.won[0], self.won[1] + 1)
            points = (self.points[0], self.points[1] + pts)
        tricks = (*self.tricks, played_trick(self.leader, trick, winner, pts))
        if left:
            return make_state(
                t, self.auction, hands, PLAY, winner, winner, (), tricks, won, points, play, None, 0,
                hands[winner],
            )  # fmt: skip
        return make_state(t, self.auction, hands, COMPLETE, None, winner, (), tricks, won, points, play)

    def _call(self, action: Action) -> BlotState:
        """A bid, pass, keep, contra or recontra; in the duel a take, pass or name."""
        kind = action.type
        t = self.table
        allowed = (BAZAR_FIELDS if t.game == BAZAR else DUEL_FIELDS).get(kind)
        if allowed is None:
            names = ", ".join(BAZAR_FIELDS if t.game == BAZAR else DUEL_FIELDS)
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
        if t.game == BAZAR:
            if self.phase != AUCTION:
                raise self._wrong_phase(action)
            if kind == "bid":
                return self._bid(action)
            if kind == "pass":
                return self._pass(action)
            if kind == "keep":
                return self._keep(action)
            if kind == "contra":
                return self._contra(action)
            return self._recontra(action)
        if kind == "name":
            return self._name(action)
        if kind == "take":
            return self._take(action)
        return self._duel_pass(action)

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every legal action (of `seat` only, when given): the seat to act's, and out-of-turn contra
        or recontra when the rules allow them."""
        phase = self.phase
        to_act = self.to_act
        if phase == PLAY:
            if to_act is None or (seat is not None and seat != to_act):
                return ()
            return tuple(map(PLAY_ACTIONS[to_act].__getitem__, self.playable))
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
        rules = t.rules
        if t.game == BAZAR:
            answer = bazar_score(self.tally(), capot_value(rules), rules["rounding"])
        else:
            answer = duel_score(self.tally(), rules["rounding"])
        return {"rules": rules.echo(), **answer}

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The state as JSON; with `seat`, only what that seat may see."""
        t = self.table
        n = t.players
        seat = read_view_seat(seat, n)
        hands = [[c.text for c in h] if seat is None or s == seat else None for s, h in enumerate(self.hands)]
        c = self.contract
        out: dict[str, Any] = {
            "rules": t.rules.echo(),
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": t.dealer,
            "players": n,
            "contract": c.to_json() if c is not None else None,
            "bids": [a.to_json() for a in self.auction.calls],
            "hands": hands,
            "hand_counts": [len(h) for h in self.hands],
            "legal_actions": [a.to_json() for a in self.legal_actions(seat)],
            "tricks": [
                {
                    "leader": p.leader,
                    "cards": played_json(p.leader, p.cards, n),
                    "winner": p.winner,
                    "points": p.points,
                }
                for p in self.tricks
            ],
            "current_trick": (
                {"leader": self.leader, "cards": played_json(self.leader, self.trick, n)}
                if self.phase == PLAY
                else None
            ),
            "tricks_won": list(self.won),
            "announcements": self.announcements(),
            "declarations": self.declarations(),
            "result": self.result() if self.phase in (COMPLETE, REDEAL) else None,
        }
        if t.game == BAZAR:
            out["bid_range"] = self.bid_range(seat)
        else:
            assert t.turned is not None
            out["turned"] = t.turned.text
            out["stock_count"] = len(t.stock) if self.play is None else len(self.play.undealt)
        return out


# The play builds one state per card; setting the slots through their descriptors gives the same
# frozen object at about half the cost of the dataclass __init__ (as in the Oh Hell engine).
_SETTERS = tuple(BlotState.__dict__[f.name].__set__ for f in fields(BlotState))
(_set_table, _set_auction, _set_hands, _set_phase, _set_to_act, _set_leader, _set_trick, _set_tricks,
 _set_won, _set_points, _set_play, _set_best, _set_best_seat, _set_playable) = _SETTERS  # fmt: skip


def make_state(
    table: Table,
    auction: Auction,
    hands: tuple[tuple[Card, ...], ...],
    phase: str,
    to_act: int | None,
    leader: int,
    trick: tuple[Card, ...],
    tricks: tuple[PlayedTrick, ...],
    won: tuple[int, int],
    points: tuple[int, int],
    play: Play | None,
    best: Card | None = None,
    best_seat: int = 0,
    playable: tuple[Card, ...] = (),
) -> BlotState:
    s: BlotState = new_object(BlotState)
    _set_table(s, table)
    _set_auction(s, auction)
    _set_hands(s, hands)
    _set_phase(s, phase)
    _set_to_act(s, to_act)
    _set_leader(s, leader)
    _set_trick(s, trick)
    _set_tricks(s, tricks)
    _set_won(s, won)
    _set_points(s, points)
    _set_play(s, play)
    _set_best(s, best)
    _set_best_seat(s, best_seat)
    _set_playable(s, playable)
    return s


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
        rules,
        BAZAR,
        4,
        dealer,
        first,
        hands,
        None,
        (),
        MAX_BID if ceiling is None else ceiling,
        rules["contra"] == ANY_TIME,
        duties(rules["undertrump"]),
    )
    return make_state(
        table, new_auction((), None), hands, AUCTION, first, first, (), (), (0, 0), (0, 0), None
    )


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
    table = Table(rules, DUEL, 2, dealer, first, hands, turned, stock, 0, False, duties(rules["undertrump"]))
    return make_state(table, new_auction((), None), hands, TAKE, first, first, (), (), (0, 0), (0, 0), None)
