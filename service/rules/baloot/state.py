"""The state of one Baloot hand: an immutable value that each action turns into the next.

Phases: `calling` (round one, then round two), `doubling` (after a Hokum call, when doubling is
on), `play`, then `complete`; or `redeal` when all four pass twice. `start` validates the deal once
(five cards a seat, the turned card, the eleven cards of the stock) and `HandState.apply` checks each
action against the position, so replaying a record costs one cheap step per action.

Completing the deal (once the hand is called, before any doubling): starting at the dealer's right
(seat dealer + 1) and going round in the order of play to the dealer, each seat takes its cards from
the top of the stock in one go: three cards, except the buyer, who takes the turned card and two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..belote.cards import (
    BELOTE_ORDER,
    DECK_32,
    LAST_TRICK,
    PLAIN_LOW_TO_HIGH,
    TRUMP_LOW_TO_HIGH,
    card_points,
)
from ..belote.combinations import holds_king_and_queen
from ..cards import NO_TRUMP, SUITS, Card, Suit, suit_of
from ..errors import MESSAGES, Code, IllegalAction, InvalidRecord
from ..profile import Rules
from ..record import Action, HandRecord, check_distinct, check_table, replay
from ..trick import Duties, judge
from .options import CALLER_CONVERTS, CLOSED, OVER_ANY, PLAYERS
from .projects import BALOOT, BALOOT_POINTS, Project, best_team, declared, team_points
from .scoring import GAHWA_LEVEL, HOKUM, SUN, Summary, double_of, passed_score, score_summary

CALLING = "calling"
DOUBLING = "doubling"
PLAY = "play"
COMPLETE = "complete"
REDEAL = "redeal"

DEALT = 5  # cards a seat before the call
STOCK = 11  # 32 - 4 x 5 - the turned card
HAND = 8

CALLS = ("hokum", "sun", "pass", "ashkal")
STEPS = ("double", "three", "four", "gahwa")  # the step that takes the level from i + 1 to i + 2
ACTION_TYPES = ("hokum", "sun", "pass", "double", "three", "four", "gahwa", "play", "ashkal")
FIELDS: dict[str, tuple[str, ...]] = {"hokum": ("strain",), "play": ("card",)}  # the rest: seat, type

DECK = DECK_32
DUTIES = Duties(must_trump=True, must_overtrump=True, raise_on_trump_lead=True, partner_exemption=True)
# `trump_lead: over-opponent`, the partner winning a trump lead: any trump follows
NO_RAISE = Duties(must_trump=True, must_overtrump=True, partner_exemption=True)

# Strength of each card in the trump order and the plain order; card points under each trump.
_TRUMP = {c: TRUMP_LOW_TO_HIGH.index(c.rank) for c in DECK}
_PLAIN = {c: PLAIN_LOW_TO_HIGH.index(c.rank) for c in DECK}
_POINTS: dict[Suit | None, dict[Card, int]] = {
    t: {c: card_points(c, t) for c in DECK} for t in (None, *SUITS)
}
# Strength of each card in a trick under each trump: plain order 0-7, trumps 100-107. A card beats the
# one winning so far when it is of the same suit or a trump, and stronger.
_STRENGTH: dict[Suit | None, dict[Card, int]] = {
    t: {c: 100 + _TRUMP[c] if c.suit is t else _PLAIN[c] for c in DECK} for t in (None, *SUITS)
}

# Actions are values: the legal ones are built once and shared by every state.
_PLAYS: tuple[dict[Card, Action], ...] = tuple(
    {c: Action(seat, "play", card=c) for c in DECK} for seat in range(PLAYERS)
)  # cards hash by identity (interned), so these lookups are cheap
_SIMPLE: dict[tuple[int, str], Action] = {
    (seat, kind): Action(seat, kind) for seat in range(PLAYERS) for kind in (*STEPS, "sun", "pass", "ashkal")
}
_HOKUM: dict[tuple[int, str], Action] = {
    (seat, s.value): Action(seat, "hokum", strain=s.value) for seat in range(PLAYERS) for s in SUITS
}


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index of the card winning `trick` (played order, the lead first)."""
    led = trick[0].suit
    best = 0
    top = 100 + _TRUMP[trick[0]] if led is trump else _PLAIN[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        if c.suit is trump:
            v = 100 + _TRUMP[c]
        elif c.suit is led:
            v = _PLAIN[c]
        else:
            continue
        if v > top:
            best, top = i, v
    return best


def _partner_winning(trick: Sequence[Card], trump: Suit | None) -> bool:
    return len(trick) >= 2 and trick_winner(trick, trump) == len(trick) - 2


def legal_cards(
    hand: tuple[Card, ...], trick: Sequence[Card], trump: Suit | None, over_partner: bool = True
) -> tuple[Card, ...]:
    """The playable cards under Baloot's duties (the fast path; `judge` with DUTIES gives reasons).

    Follow suit; on a trump lead beat the best trump on the table if you can (with `over_partner`
    false, only while an opponent is winning); void in Hokum, trump and overtrump when you can (a
    lower trump otherwise) unless the partner is winning the trick."""
    if not trick:
        return hand
    led = trick[0].suit
    follow = [c for c in hand if c.suit is led]
    if follow:
        if led is trump:  # raise over the best trump on the table (a discard does not count)
            if not over_partner and _partner_winning(trick, trump):
                return tuple(follow)
            top = max(_TRUMP[c] for c in trick if c.suit is trump)
            higher = [c for c in follow if _TRUMP[c] > top]
            return tuple(higher or follow)
        return tuple(follow)
    if trump is None:
        return hand
    trumps = [c for c in hand if c.suit is trump]
    if not trumps:
        return hand
    n = len(trick)
    if n >= 2 and trick_winner(trick, trump) == n - 2:
        return hand  # the partner is winning: play anything
    top = max((_TRUMP[c] for c in trick if c.suit is trump), default=-1)
    if top >= 0:
        higher = [c for c in trumps if _TRUMP[c] > top]
        if higher:
            return tuple(higher)
    return tuple(trumps)


def reasons(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, over_partner: bool = True
) -> dict[Card, Code]:
    """Every unplayable card of `hand` with the duty that forbids it."""
    partner = _partner_winning(trick, trump)
    duties = NO_RAISE if partner and not over_partner and trick[0].suit is trump else DUTIES
    return dict(judge(hand, trick, trump, duties, BELOTE_ORDER, partner).reasons)


def complete_hands(
    dealt: Sequence[Sequence[Card]], turned: Card, stock: Sequence[Card], first: int, buyer: int
) -> tuple[tuple[Card, ...], ...]:
    """The eight-card hands once the hand is called (see the module doc for the order)."""
    hands = [list(h) for h in dealt]
    i = 0
    for k in range(PLAYERS):
        seat = (first + k) % PLAYERS
        if seat == buyer:
            hands[seat] += [turned, *stock[i : i + 2]]
            i += 2
        else:
            hands[seat] += stock[i : i + 3]
            i += 3
    return tuple(tuple(h) for h in hands)


@dataclass(frozen=True, slots=True)
class Table:
    """What the deal and the rules fix for the whole hand."""

    rules: Rules
    dealer: int
    first: int  # the dealer's right: speaks first and leads the first trick
    dealt: tuple[tuple[Card, ...], ...]
    turned: Card
    stock: tuple[Card, ...]
    ashkal: bool
    late_sun: bool
    doubling: bool
    projects: bool
    closed: bool
    ranking: str
    declarations: str
    over_partner: bool  # on a trump lead, beat even the partner's winning trump (trump_lead)


@dataclass(frozen=True, slots=True)
class Contract:
    seat: int  # the buyer: the seat that takes the turned card
    mode: str  # hokum or sun
    strain: str  # the Hokum trump, NT for Sun
    trump: Suit | None
    level: int  # 1 to 4, gahwa 5

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "mode": self.mode, "strain": self.strain, "double": double_of(self.level)}


@dataclass(frozen=True, slots=True)
class Auction:
    """The calling and the doubling: every call so far and what they settled.

    `spoken` counts the calls of the current round; `pending` is the seat of a round-one Hokum still
    open to a Sun; `confirm` is the Hokum caller's late-Sun turn; `speakers` the seats still to answer
    the current doubling step. Once the contract is known, `hands` (eight cards a seat, as dealt),
    `projects` and `baloot` (the seat holding king and queen of trumps) are fixed too."""

    calls: tuple[Action, ...] = ()
    round: int = 1
    spoken: int = 0
    pending: int | None = None
    confirm: bool = False
    contract: Contract | None = None
    speakers: tuple[int, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    projects: tuple[Project, ...] = ()
    baloot: int | None = None
    locked: bool = False  # closed doubled play: no trump lead while holding another suit
    trump: Suit | None = None  # the contract's trump suit (None in Sun and before the contract)
    # The trump's tables, shared by every state of the play: each card's strength in a trick and its
    # card points (derived from `trump`, so left out of equality).
    strength: dict[Card, int] = field(default_factory=dict, compare=False, repr=False)
    values: dict[Card, int] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int  # card points, with the last trick's 10


@dataclass(frozen=True, slots=True)
class HandState:
    """A position of the hand; the auction is shared by every state of the play."""

    table: Table
    auction: Auction
    phase: str
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[PlayedTrick, ...]
    # Derived during the play, kept so that each card costs one step: the card winning the trick so
    # far and its seat (None and 0 before the lead), and the cards the seat to play may play.
    best: Card | None = field(default=None, compare=False, repr=False)
    best_seat: int = field(default=0, compare=False, repr=False)
    playable: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    # ----------------------------------------------------------------- transitions

    def apply(self, action: Action) -> HandState:
        if action.type != "play" or action.strain is not None or action.value is not None or action.capot:
            return self._call_or_refuse(action)
        # a play carrying only its card: the hot path, inline
        seat = action.seat
        if self.phase != PLAY or seat != self.to_act:
            raise self._refuse(action, PLAY)
        c = action.card
        if c not in self.playable:  # cards are interned: identity
            raise self._unplayable(seat, c)
        hands = self.hands
        hand = hands[seat]
        i = hand.index(c)
        left = hand[:i] + hand[i + 1 :]
        hands = (*hands[:seat], left, *hands[seat + 1 :])
        a = self.auction
        trump = a.trump
        strength = a.strength
        best = self.best
        if best is None or ((c.suit is best.suit or c.suit is trump) and strength[c] > strength[best]):
            best, best_seat = c, seat
        else:
            best_seat = self.best_seat
        trick = (*self.trick, c)
        t = self.table
        if len(trick) < PLAYERS:
            nxt = seat + 1 if seat < PLAYERS - 1 else 0
            playable = _follow(hands[nxt], trick, best, best_seat, nxt, trump, strength, t.over_partner)
            return _make(t, a, PLAY, nxt, hands, self.leader, trick, self.tricks, best, best_seat, playable)
        winner = best_seat
        values = a.values
        points = values[trick[0]] + values[trick[1]] + values[trick[2]] + values[trick[3]]
        if not left:
            points += LAST_TRICK
        done: PlayedTrick = _new(PlayedTrick)
        _set_pt_leader(done, self.leader)
        _set_pt_cards(done, trick)
        _set_pt_winner(done, winner)
        _set_pt_points(done, points)
        tricks = (*self.tricks, done)
        if left:
            hand = hands[winner]
            playable = _locked_lead(hand, trump) if a.locked else hand
            return _make(t, a, PLAY, winner, hands, winner, (), tricks, None, 0, playable)
        return _make(t, a, COMPLETE, None, hands, winner, (), tricks)

    def _call_or_refuse(self, action: Action) -> HandState:
        """Any action but a play carrying only its card."""
        kind = action.type
        if kind not in ACTION_TYPES:  # the type first: another game's action is unknown here
            raise IllegalAction(
                Code.UNKNOWN_ACTION,
                f"{kind!r} is not a Baloot action: {', '.join(ACTION_TYPES)}",
            )
        if action.value is not None or action.capot:
            raise IllegalAction(Code.ACTION_FIELD_NOT_ALLOWED, f"a {kind} action carries no value or capot")
        if kind == "play":  # with a strain
            raise IllegalAction(Code.ACTION_FIELD_NOT_ALLOWED, "a play names its card only, not a strain")
        if action.card is not None:
            raise IllegalAction(Code.ACTION_FIELD_NOT_ALLOWED, f"a {kind} carries no card")
        if action.strain is not None and kind != "hokum":
            raise IllegalAction(Code.ACTION_FIELD_NOT_ALLOWED, f"a {kind} carries no strain")
        if kind in STEPS:
            return self._double(action)
        if kind == "pass" and self.phase == DOUBLING:
            return self._pass_doubling(action)
        return self._call(action)

    def _refuse(self, action: Action, phase: str) -> IllegalAction:
        """Why `action` may not be taken now (called only once the fast check failed)."""
        if self.phase == COMPLETE:
            return IllegalAction(Code.HAND_COMPLETE, f"the hand is complete: no {action.type} can follow")
        if self.phase == REDEAL:
            return IllegalAction(
                Code.HAND_COMPLETE, "all four passed twice: this deal is over and the cards are dealt afresh"
            )
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            return IllegalAction(Code.INVALID_SEAT, f"seat {seat!r} is not a seat of a 4-player table")
        contract = self.contract
        if phase == DOUBLING and contract is not None and self.phase == PLAY:
            if contract.mode == SUN:
                return IllegalAction(Code.DOUBLE_NOT_ALLOWED, "Sun hands are never doubled")
            if not self.table.doubling:
                return IllegalAction(Code.DOUBLE_NOT_ALLOWED, "doubling is off under these rules")
        if self.phase != phase:
            return IllegalAction(
                Code.WRONG_PHASE,
                f"a {action.type} during the {self.phase} phase (seat {self.to_act} is to "
                f"{_VERB[self.phase]})",
            )
        return IllegalAction(
            Code.NOT_YOUR_TURN, f"seat {seat} acted but seat {self.to_act} is to {_VERB[phase]}"
        )

    def _next(self, auction: Auction, phase: str, to_act: int | None) -> HandState:
        return _make(self.table, auction, phase, to_act, self.hands, self.leader, (), ())

    def _call(self, action: Action) -> HandState:
        seat = action.seat
        if self.phase != CALLING or seat != self.to_act:
            raise self._refuse(action, CALLING)
        t = self.table
        a = self.auction
        kind = action.type
        calls = (*a.calls, action)
        if kind == "sun":
            return self._settle(calls, seat, SUN, NO_TRUMP)
        if kind == "ashkal":
            if not t.ashkal:
                raise IllegalAction(Code.CALL_NOT_ALLOWED, "Ashkal is not played under these rules")
            if a.round != 1 or a.confirm or (seat - t.first) % PLAYERS < 2:
                raise IllegalAction(
                    Code.CALL_NOT_ALLOWED,
                    "Ashkal is open only in round one, to the third and fourth speakers "
                    f"(seats {(t.first + 2) % PLAYERS} and {(t.first + 3) % PLAYERS})",
                )
            return self._settle(calls, (seat + 2) % PLAYERS, SUN, NO_TRUMP)
        if a.confirm:  # the Hokum caller's late Sun: only sun or pass (keep the Hokum)
            if kind == "pass":
                assert a.pending is not None
                return self._settle(calls, a.pending, HOKUM, t.turned.suit.value)
            raise IllegalAction(
                Code.CALL_NOT_ALLOWED, f"seat {seat} may turn its Hokum into Sun or pass (keep the Hokum)"
            )
        if kind == "hokum":
            strain = action.strain
            turned = t.turned.suit.value
            if a.round == 1:
                if strain != turned:
                    raise IllegalAction(
                        Code.INVALID_TRUMP,
                        f"Hokum {strain or 'without a strain'}: in round one the only Hokum is in the "
                        f"turned card's suit, {turned}",
                    )
                if a.pending is not None:
                    raise IllegalAction(
                        Code.CALL_NOT_ALLOWED,
                        f"seat {a.pending} already called Hokum: pass or call Sun",
                    )
                return self._spoken(calls, seat)
            if strain not in ("S", "H", "D", "C") or strain == turned:
                raise IllegalAction(
                    Code.INVALID_TRUMP,
                    f"Hokum {strain or 'without a strain'}: in round two Hokum is in any suit but the "
                    f"turned one, {turned}",
                )
            return self._settle(calls, seat, HOKUM, strain)
        return self._spoken(calls, a.pending)  # a pass

    def _spoken(self, calls: tuple[Action, ...], pending: int | None) -> HandState:
        """One more call of the round that settles nothing; the round may end with it."""
        t = self.table
        a = self.auction
        spoken = a.spoken + 1
        if spoken < PLAYERS:
            return self._next(
                _calling(calls, a.round, spoken, pending), CALLING, (t.first + spoken) % PLAYERS
            )
        if pending is not None:  # round one closes on its Hokum
            if t.late_sun:
                return self._next(_calling(calls, 1, spoken, pending, True), CALLING, pending)
            return self._settle(calls, pending, HOKUM, t.turned.suit.value)
        if a.round == 1:
            return self._next(_calling(calls, 2, 0, None), CALLING, t.first)
        return self._next(_calling(calls, 2, spoken, None), REDEAL, None)

    def called(self, buyer: int, mode: str, strain: str) -> HandState:
        """This deal with its contract set directly, without its calls: for simulations and the bench
        (as colver's set_contract). No record holds such a position; the service never builds one."""
        if self.phase != CALLING or self.auction.calls:
            raise IllegalAction(Code.WRONG_PHASE, "a contract is set directly only on a fresh deal")
        return self._settle((), buyer, mode, strain)

    def _settle(self, calls: tuple[Action, ...], buyer: int, mode: str, strain: str) -> HandState:
        """The hand is called: complete the deal, find the projects, open the doubling or the play."""
        t = self.table
        trump = suit_of(strain)
        contract = _contract(buyer, mode, strain, trump, 1)
        hands = complete_hands(t.dealt, t.turned, t.stock, t.first, buyer)
        projects = declared(hands, mode == SUN, t.ranking, t.declarations) if t.projects else ()
        baloot = None
        if trump is not None:
            for s, h in enumerate(hands):
                if holds_king_and_queen(h, trump):
                    baloot = s
        a = self.auction
        if mode == HOKUM and t.doubling:
            speakers = ((buyer + 1) % PLAYERS, (buyer + 3) % PLAYERS)
            auction = _auction(
                calls,
                a.round,
                a.spoken,
                None,
                False,
                contract,
                speakers,
                hands,
                projects,
                baloot,
                False,
                trump,
            )
            return _make(t, auction, DOUBLING, speakers[0], hands, t.first, (), ())
        auction = _auction(
            calls, a.round, a.spoken, None, False, contract, (), hands, projects, baloot, False, trump
        )
        return _make(t, auction, PLAY, t.first, hands, t.first, (), (), None, 0, hands[t.first])

    def _double(self, action: Action) -> HandState:
        seat = action.seat
        if self.phase != DOUBLING or seat != self.to_act:
            raise self._refuse(action, DOUBLING)
        a = self.auction
        contract = a.contract
        assert contract is not None
        expected = STEPS[contract.level - 1]
        if action.type != expected:
            raise IllegalAction(
                Code.DOUBLE_NOT_ALLOWED,
                f"the hand stands at {double_of(contract.level)}: seat {seat} may say {expected} or pass",
            )
        level = contract.level + 1
        raised = _contract(contract.seat, contract.mode, contract.strain, contract.trump, level)
        calls = (*a.calls, action)
        if level == GAHWA_LEVEL:
            return self._play_on(calls, raised)
        speakers = ((seat + 1) % PLAYERS, (seat + 3) % PLAYERS)
        auction = _auction(
            calls, a.round, a.spoken, None, False, raised, speakers, a.hands, a.projects, a.baloot, False,
            a.trump,
        )  # fmt: skip
        return _make(self.table, auction, DOUBLING, speakers[0], self.hands, self.leader, (), ())

    def _pass_doubling(self, action: Action) -> HandState:
        if action.seat != self.to_act:
            raise self._refuse(action, DOUBLING)
        a = self.auction
        calls = (*a.calls, action)
        rest = a.speakers[1:]
        assert a.contract is not None
        if not rest:  # two passes in a row close the doubling
            return self._play_on(calls, a.contract)
        auction = _auction(
            calls, a.round, a.spoken, None, False, a.contract, rest, a.hands, a.projects, a.baloot, False,
            a.trump,
        )  # fmt: skip
        return _make(self.table, auction, DOUBLING, rest[0], self.hands, self.leader, (), ())

    def _play_on(self, calls: tuple[Action, ...], contract: Contract) -> HandState:
        t = self.table
        a = self.auction
        locked = t.closed and 1 < contract.level < GAHWA_LEVEL  # gahwa is always open
        auction = _auction(
            calls,
            a.round,
            a.spoken,
            None,
            False,
            contract,
            (),
            a.hands,
            a.projects,
            a.baloot,
            locked,
            a.trump,
        )
        hand = self.hands[t.first]
        playable = _locked_lead(hand, a.trump) if locked else hand
        return _make(t, auction, PLAY, t.first, self.hands, t.first, (), (), None, 0, playable)

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
            return IllegalAction(Code.CARD_NOT_IN_HAND, f"seat {seat} does not hold {c}", reveals=own)
        trick = self.trick
        trump = self.auction.trump
        if trick:
            code = reasons(hand, trick, trump, self.table.over_partner)[c]
            return IllegalAction(code, _why(code, seat, c, trick, trump), reveals=own)
        return IllegalAction(
            Code.TRUMP_LEAD_LOCKED,
            f"the doubled hand is closed: seat {seat} holds other suits and may not lead {c}",
            reveals=own,
        )

    # ----------------------------------------------------------------- questions

    def legal_actions(self) -> tuple[Action, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        phase = self.phase
        if phase == PLAY:
            return tuple(map(_PLAYS[seat].__getitem__, self.playable))
        a = self.auction
        if phase == DOUBLING:
            assert a.contract is not None
            return _DOUBLING_ACTIONS[seat][a.contract.level - 1]
        t = self.table
        key = (seat, a.round, a.pending is None, a.confirm, t.turned.suit.value, t.ashkal, t.first)
        found = _CALLING_MEMO.get(key)
        if found is None:
            found = _CALLING_MEMO[key] = self._calling_actions(seat)
        return found

    def _calling_actions(self, seat: int) -> tuple[Action, ...]:
        a = self.auction
        t = self.table
        if a.confirm:
            return (_SIMPLE[(seat, "pass")], _SIMPLE[(seat, "sun")])
        turned = t.turned.suit.value
        out = [_SIMPLE[(seat, "pass")]]
        if a.round == 1:
            if a.pending is None:
                out.append(_HOKUM[(seat, turned)])
        else:
            out.extend(_HOKUM[(seat, s.value)] for s in SUITS if s.value != turned)
        out.append(_SIMPLE[(seat, "sun")])
        if t.ashkal and a.round == 1 and (seat - t.first) % PLAYERS >= 2:
            out.append(_SIMPLE[(seat, "ashkal")])
        return tuple(out)

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
        cp = [0, 0]
        tr = [0, 0]
        for p in self.tricks:
            cp[p.winner % 2] += p.points
            tr[p.winner % 2] += 1
        projects = team_points(a.projects, best_team(a.projects, self.table.first))
        for team in (0, 1):
            if tr[team] == 0:
                projects[team] = 0  # a team that took no trick scores no project
        baloot = a.baloot % 2 if a.baloot is not None else None
        return Summary(
            contract.seat,
            contract.mode,
            contract.strain,
            contract.level,
            (cp[0], cp[1]),
            (tr[0], tr[1]),
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
        if seat is not None and (type(seat) is not int or not 0 <= seat < PLAYERS):
            raise InvalidRecord(
                Code.INVALID_SEAT, f"seat {seat!r} is not a seat of a 4-player table", field="seat"
            )
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
            "hands": [
                [c.text for c in hand] if seat is None or s == seat else None
                for s, hand in enumerate(self.hands)
            ],
            "hand_counts": [len(h) for h in self.hands],
            "turned": t.turned.text,
            "legal_actions": [x.to_json() for x in self.legal_actions()] if show_legal else [],
            "tricks": [
                {
                    "leader": p.leader,
                    "cards": _played(p.leader, p.cards),
                    "winner": p.winner,
                    "points": p.points,
                }
                for p in self.tricks
            ],
            "current_trick": (
                {"leader": self.leader, "cards": _played(self.leader, self.trick)}
                if self.phase == PLAY
                else None
            ),
            "tricks_won": self.tricks_won(),
            "declarations": self.declarations(seat),
            "result": self.result() if self.phase in (COMPLETE, REDEAL) else None,
        }


# The play builds one state per card; setting the slots through their descriptors gives the same
# frozen object at about half the cost of the dataclass __init__ (as in the Oh Hell engine).
_new = object.__new__
(_set_table, _set_auction, _set_phase, _set_to_act, _set_hands, _set_leader, _set_trick, _set_tricks,
 _set_best, _set_best_seat, _set_playable) = (
    HandState.__dict__[f.name].__set__ for f in fields(HandState)
)  # fmt: skip


def _make(
    table: Table,
    auction: Auction,
    phase: str,
    to_act: int | None,
    hands: tuple[tuple[Card, ...], ...],
    leader: int,
    trick: tuple[Card, ...],
    tricks: tuple[PlayedTrick, ...],
    best: Card | None = None,
    best_seat: int = 0,
    playable: tuple[Card, ...] = (),
) -> HandState:
    """HandState(table, auction, ...) for the hot path: equal to it in every way."""
    s: HandState = _new(HandState)
    _set_table(s, table)
    _set_auction(s, auction)
    _set_phase(s, phase)
    _set_to_act(s, to_act)
    _set_hands(s, hands)
    _set_leader(s, leader)
    _set_trick(s, trick)
    _set_tricks(s, tricks)
    _set_best(s, best)
    _set_best_seat(s, best_seat)
    _set_playable(s, playable)
    return s


(_set_a_calls, _set_a_round, _set_a_spoken, _set_a_pending, _set_a_confirm, _set_a_contract,
 _set_a_speakers, _set_a_hands, _set_a_projects, _set_a_baloot, _set_a_locked, _set_a_trump,
 _set_a_strength, _set_a_values) = (Auction.__dict__[f.name].__set__ for f in fields(Auction))  # fmt: skip
_NO_TRUMP_TABLES = (_STRENGTH[None], _POINTS[None])


def _auction(
    calls: tuple[Action, ...],
    round: int,
    spoken: int,
    pending: int | None,
    confirm: bool,
    contract: Contract | None,
    speakers: tuple[int, ...],
    hands: tuple[tuple[Card, ...], ...],
    projects: tuple[Project, ...],
    baloot: int | None,
    locked: bool,
    trump: Suit | None,
) -> Auction:
    """Auction(...) without the frozen dataclass __init__; the trump's tables come with its trump."""
    a: Auction = _new(Auction)
    _set_a_calls(a, calls)
    _set_a_round(a, round)
    _set_a_spoken(a, spoken)
    _set_a_pending(a, pending)
    _set_a_confirm(a, confirm)
    _set_a_contract(a, contract)
    _set_a_speakers(a, speakers)
    _set_a_hands(a, hands)
    _set_a_projects(a, projects)
    _set_a_baloot(a, baloot)
    _set_a_locked(a, locked)
    _set_a_trump(a, trump)
    if trump is None:
        strength, values = _NO_TRUMP_TABLES
    else:
        strength, values = _STRENGTH[trump], _POINTS[trump]
    _set_a_strength(a, strength)
    _set_a_values(a, values)
    return a


def _calling(
    calls: tuple[Action, ...], round: int, spoken: int, pending: int | None, confirm: bool = False
) -> Auction:
    """An auction of the calling (no contract yet): Auction(calls, round, spoken, pending, confirm)."""
    return _auction(calls, round, spoken, pending, confirm, None, (), (), (), None, False, None)


_set_c_seat, _set_c_mode, _set_c_strain, _set_c_trump, _set_c_level = (
    Contract.__dict__[f.name].__set__ for f in fields(Contract)
)


def _contract(seat: int, mode: str, strain: str, trump: Suit | None, level: int) -> Contract:
    """Contract(...) without the frozen dataclass __init__."""
    c: Contract = _new(Contract)
    _set_c_seat(c, seat)
    _set_c_mode(c, mode)
    _set_c_strain(c, strain)
    _set_c_trump(c, trump)
    _set_c_level(c, level)
    return c


_set_pt_leader, _set_pt_cards, _set_pt_winner, _set_pt_points = (
    PlayedTrick.__dict__[f.name].__set__ for f in fields(PlayedTrick)
)


def _follow(
    hand: tuple[Card, ...],
    trick: tuple[Card, ...],
    best: Card,
    best_seat: int,
    seat: int,
    trump: Suit | None,
    strength: dict[Card, int],
    over_partner: bool,
) -> tuple[Card, ...]:
    """`legal_cards(hand, trick, trump, over_partner)` for the non-empty `trick` won so far by `best`,
    played by `best_seat`: the highest trump on the table is always the card winning the trick, so no
    scan of the trick is needed."""
    led = trick[0].suit
    follow = tuple([c for c in hand if c.suit is led])
    if follow:
        if led is trump:  # raise over the best trump on the table: `best` is it
            if not over_partner and best_seat == (seat + 2) % PLAYERS:
                return follow
            top = strength[best]
            return tuple([c for c in follow if strength[c] > top]) or follow
        return follow
    if trump is None:
        return hand
    trumps = tuple([c for c in hand if c.suit is trump])
    if not trumps:
        return hand
    if best_seat == (seat + 2) % PLAYERS:
        return hand  # the partner is winning: play anything
    if best.suit is trump:
        top = strength[best]
        higher = tuple([c for c in trumps if strength[c] > top])
        if higher:
            return higher
    return trumps


def _locked_lead(hand: tuple[Card, ...], trump: Suit | None) -> tuple[Card, ...]:
    """The closed doubled hand's leads: no trump while holding another suit."""
    return tuple([c for c in hand if c.suit is not trump]) or hand


# The calling's and the doubling's legal actions depend on a few small values (the seat, the round,
# a pending Hokum, the late-Sun turn, the turned suit, Ashkal and the first seat), so each tuple is
# built once; the key space is finite (at most 4 x 2 x 2 x 2 x 4 x 2 x 4 entries).
_CALLING_MEMO: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_DOUBLING_ACTIONS: tuple[tuple[tuple[Action, Action], ...], ...] = tuple(
    tuple((_SIMPLE[(seat, "pass")], _SIMPLE[(seat, step)]) for step in STEPS) for seat in range(PLAYERS)
)


_VERB = {
    CALLING: "call",
    DOUBLING: "answer the doubling",
    PLAY: "play",
    COMPLETE: "stop",
    REDEAL: "stop",
}


def _why(code: Code, seat: int, c: Card, trick: Sequence[Card], trump: Suit | None) -> str:
    led = trick[0].suit.value
    if code is Code.MUST_FOLLOW_SUIT:
        return f"seat {seat} holds {led} and must follow the {led} led, not play {c}"
    if code is Code.MUST_OVERTRUMP:
        return f"seat {seat} can beat the best trump on the table and must, not play {c}"
    if code is Code.MUST_TRUMP:
        return f"seat {seat} is out of {led} and must trump, not play {c}"
    return f"{MESSAGES[code]}: seat {seat} may not play {c}"


def _played(leader: int, cards: Sequence[Card]) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % PLAYERS, "card": c.text} for i, c in enumerate(cards)]


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
    return _make(table, _calling((), 1, 0, None), CALLING, first, dealt, first, (), ())


def start(rules: Rules, record: HandRecord) -> HandState:
    """The state right after the deal, once the deal is validated."""
    check_deal(record)
    assert record.turned is not None
    return initial(rules, record.dealer, tuple(record.hands), record.turned, tuple(record.stock))


def build(rules: Rules, record: HandRecord) -> HandState:
    """Validate the deal, then replay its actions (the first illegal one raises, with its index)."""
    return replay(start(rules, record), record.actions)
