"""A deal of Bazar Blot (4 players) or of the duel (2 players): an immutable value that each action
turns into the next.

`start_bazar` / `start_duel` validate a deal once and fix what it decides in a shared `Table`;
`BlotState.apply` then checks one action against the position. The bazar's phases are `auction`,
`play`, `complete` and `redeal` (four passes); the duel's are `take`, `name`, `play`, `complete`.
When the trump is fixed a `Play` is built once (trump, duties, card values, the combinations of
the dealt hands) and shared by every state of the play, so each card costs one cheap step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..belote.cards import BELOTE_ORDER, DECK_24, DECK_32, LAST_TRICK, PLAIN_POINTS, TRUMP_POINTS
from ..cards import STRAINS, SUITS, Card, Suit, suit_of
from ..errors import Code, IllegalAction, InvalidRecord
from ..profile import Rules
from ..record import Action, HandRecord, check_distinct, check_table, replay
from ..trick import Duties, judge, winning_index
from .combinations import BLOT, Combinations, Declaration, score_combinations
from .options import ANY_TIME, FREE, MAX_BID, MIN_BID, capot_value
from .scoring import CONTRA, NONE, RECONTRA, Contract, Tally, bazar_score, duel_score

AUCTION = "auction"
PLAY = "play"
COMPLETE = "complete"
REDEAL = "redeal"
TAKE = "take"
NAME = "name"

BAZAR = "bazar-blot"
DUEL = "blot-duel"

NT_ACE = 19  # in no trump the ace is worth 19 (rule book, The cards)
_TRUMP_ORDER = BELOTE_ORDER.trump
_PLAIN_ORDER = BELOTE_ORDER.plain

# Which fields each action type carries besides seat and type (the canonical record form).
BAZAR_FIELDS: dict[str, frozenset[str]] = {
    "bid": frozenset({"value", "strain", "capot"}),
    "pass": frozenset(),
    "keep": frozenset(),
    "contra": frozenset(),
    "recontra": frozenset(),
    "play": frozenset({"card"}),
}
DUEL_FIELDS: dict[str, frozenset[str]] = {
    "take": frozenset(),
    "pass": frozenset(),
    "name": frozenset({"strain"}),
    "play": frozenset({"card"}),
}


def duties(undertrump: str) -> Duties:
    """The rule book's play duties (The play); `undertrump` says what a seat unable to overtrump does.
    Duties are values: one per option value is built and shared by every deal."""
    found = _DUTIES.get(undertrump)
    if found is None:
        found = _DUTIES[undertrump] = _duties(undertrump)
    return found


def _duties(undertrump: str) -> Duties:
    return Duties(
        must_trump=True,
        must_overtrump=True,
        raise_on_trump_lead=True,
        partner_exemption=True,
        free_if_cannot_overtrump=undertrump == FREE,
    )


_DUTIES: dict[str, Duties] = {}  # keyed by the undertrump option's value: a validated choice

# Actions are values: the legal ones are built once and shared by every state.
_PLAYS: tuple[dict[Card, Action], ...] = tuple(
    {c: Action(seat, "play", card=c) for c in DECK_32} for seat in range(4)
)  # cards hash by identity (interned), so these lookups are cheap
_SIMPLE: dict[tuple[int, str], Action] = {
    (seat, kind): Action(seat, kind)
    for seat in range(4)
    for kind in ("pass", "keep", "contra", "recontra", "take")
}
# seat -> every numeric bid from 8 to MAX_BID, in ladder order (value, then strain S H D C NT)
_LADDER: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(seat, "bid", v, s) for v in range(MIN_BID, MAX_BID + 1) for s in STRAINS)
    for seat in range(4)
)
_CAPOTS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(seat, "bid", None, s, capot=True) for s in STRAINS) for seat in range(4)
)
_NAMES: tuple[dict[str, Action], ...] = tuple(
    {s.value: Action(seat, "name", strain=s.value) for s in SUITS} for seat in range(2)
)
# The shared actions above carry only the fields their type uses: apply skips that check for them
# (by identity: they live as long as the module, so their ids stay theirs).
_SHARED: frozenset[int] = frozenset(
    id(a)
    for group in (
        *(p.values() for p in _PLAYS),
        _SIMPLE.values(),
        *_LADDER,
        *_CAPOTS,
        *(n.values() for n in _NAMES),
    )
    for a in group
)


@dataclass(frozen=True, slots=True)
class Table:
    """What the deal fixes for the whole hand."""

    rules: Rules
    game: str
    players: int
    dealer: int
    first: int  # the dealer's left: bids (takes) first and leads
    dealt: tuple[tuple[Card, ...], ...]
    turned: Card | None
    stock: tuple[Card, ...]
    ceiling: int
    any_time: bool
    duties: Duties


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls so far, the contract they make, and where the bidding stands.

    passes: consecutive passes since the last bid (or since the start); last_word: the other three
    passed the holder's bid, who now keeps or raises it; replies: bidders who passed on recontra.
    """

    calls: tuple[Action, ...]
    contract: Contract | None
    passes: int = 0
    last_word: bool = False
    replies: int = 0


@dataclass(frozen=True, slots=True)
class Play:
    """What the trump decides for the whole play: shared by every state of it."""

    trump: Suit | None
    values: dict[Card, int]
    hands: tuple[tuple[Card, ...], ...]  # the full hands the play starts from
    undealt: tuple[Card, ...]
    combinations: Combinations
    # card -> strength in a trick: plain order 0-7, trumps 8-15 (a trump beats any plain card)
    strength: dict[Card, int]


@dataclass(frozen=True, slots=True)
class BlotState:
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

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

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
            _check_fields(action, BAZAR_FIELDS["play"])
            raise IllegalAction(Code.CARD_NOT_IN_HAND, f"seat {seat} plays no card: a play names its card")
        hands = self.hands
        hand = hands[seat]
        if c not in self.playable:  # cards are interned: identity
            if c not in hand:  # about the seat's own hand: that seat may read it (`reveals`)
                raise IllegalAction(
                    Code.CARD_NOT_IN_HAND, f"seat {seat} does not hold {c}", reveals=(f"hands.{seat}",)
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
            return _make(
                t, self.auction, hands, PLAY, nxt, self.leader, trick, self.tricks, self.won, self.points,
                play, best, best_seat, _playable(hands[nxt], trick, best, best_seat, nxt, play, t),
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
        done: PlayedTrick = _new(PlayedTrick)
        _set_pt_leader(done, self.leader)
        _set_pt_cards(done, trick)
        _set_pt_winner(done, winner)
        _set_pt_points(done, pts)
        tricks = (*self.tricks, done)
        if left:
            return _make(
                t, self.auction, hands, PLAY, winner, winner, (), tricks, won, points, play, None, 0,
                hands[winner],
            )  # fmt: skip
        return _make(t, self.auction, hands, COMPLETE, None, winner, (), tricks, won, points, play)

    def _call(self, action: Action) -> BlotState:
        """A bid, pass, keep, contra or recontra; in the duel a take, pass or name."""
        kind = action.type
        t = self.table
        allowed = (BAZAR_FIELDS if t.game == BAZAR else DUEL_FIELDS).get(kind)
        if allowed is None:
            names = ", ".join(BAZAR_FIELDS if t.game == BAZAR else DUEL_FIELDS)
            raise IllegalAction(Code.UNKNOWN_ACTION, f"{kind!r} is not an action of {t.game}: {names}")
        if id(action) not in _SHARED:
            _check_fields(action, allowed)
        if self.phase in (COMPLETE, REDEAL):
            raise self._over(action)
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < t.players:
            raise IllegalAction(
                Code.INVALID_SEAT, f"seat {seat!r} is not a seat of a {t.players}-player table"
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

    def _over(self, action: Action) -> IllegalAction:
        if self.phase == REDEAL:
            return IllegalAction(
                Code.WRONG_PHASE, f"all four passed: the deal is void and dealt again, no {action.type}"
            )
        return IllegalAction(Code.HAND_COMPLETE, f"the hand is complete: no {action.type} can follow")

    def _wrong_phase(self, action: Action) -> IllegalAction:
        return IllegalAction(
            Code.WRONG_PHASE, f"a {action.type} during the {self.phase} phase (seat {self.to_act} is to act)"
        )

    def _turn(self, action: Action) -> None:
        if action.seat != self.to_act:
            raise IllegalAction(
                Code.NOT_YOUR_TURN, f"seat {action.seat} acted but seat {self.to_act} is to {self.phase}"
            )

    # --- the bazar

    def _next(self, auction: Auction, to_act: int) -> BlotState:
        return _make(
            self.table, auction, self.hands, AUCTION, to_act, self.leader, (), (), self.won, self.points, None
        )

    def _bid(self, action: Action) -> BlotState:
        a = self.auction
        c = a.contract
        if c is not None and c.double != NONE:
            raise self._no_more_bids(action)
        self._turn(action)
        seat = action.seat
        strain = action.strain
        if strain is None:
            raise IllegalAction(Code.INVALID_STRAIN, "a bid names its strain: S, H, D, C or NT")
        t = self.table
        if action.capot:
            if c is not None and c.capot:
                raise IllegalAction(Code.BID_TOO_LOW, "capot is the highest bid: nothing can follow it")
            new = _contract(seat, None, strain, True)
        else:
            value = action.value
            if type(value) is not int or not MIN_BID <= value <= t.ceiling:
                raise IllegalAction(
                    Code.BID_OUT_OF_RANGE, f"a bid of {value!r}: bids run from {MIN_BID} to {t.ceiling}"
                )
            if c is not None:
                if c.capot:
                    raise IllegalAction(Code.BID_TOO_LOW, "capot is the highest bid: nothing can follow it")
                assert c.value is not None
                if value <= c.value:
                    raise IllegalAction(
                        Code.BID_TOO_LOW,
                        f"a bid of {value} over {c.value}: each bid is at least one higher, "
                        "whatever its strain",
                    )
            new = _contract(seat, value, strain, False)
        return self._next(_auction((*a.calls, action), new), (seat + 1) % 4)

    def _no_more_bids(self, action: Action) -> IllegalAction:
        return IllegalAction(
            Code.WRONG_PHASE,
            f"contra ended the auction: only recontra or pass may follow, not a {action.type}",
        )

    def _pass(self, action: Action) -> BlotState:
        a = self.auction
        c = a.contract
        self._turn(action)
        seat = action.seat
        calls = (*a.calls, action)
        if c is not None and c.double == CONTRA:  # a bidder declines to recontra
            if a.replies + 1 == 2:
                return self._start_play(_auction(calls, c, a.passes, False, 2))
            return self._next(_auction(calls, c, a.passes, False, a.replies + 1), (seat + 2) % 4)
        if a.last_word:
            raise IllegalAction(
                Code.MUST_KEEP_OR_RAISE, "the other three passed your bid: keep it or raise it"
            )
        passes = a.passes + 1
        if c is None:
            if passes == 4:
                return _make(
                    self.table, _auction(calls, None, 4), self.hands, REDEAL, None, self.leader, (), (),
                    self.won, self.points, None,
                )  # fmt: skip
            return self._next(_auction(calls, None, passes), (seat + 1) % 4)
        if passes == 3:  # the holder has the last word
            return self._next(_auction(calls, c, passes, True), c.seat)
        return self._next(_auction(calls, c, passes), (seat + 1) % 4)

    def _keep(self, action: Action) -> BlotState:
        a = self.auction
        c = a.contract
        if not a.last_word or c is None or action.seat != c.seat:
            raise IllegalAction(
                Code.KEEP_NOT_ALLOWED,
                "only the holder of a bid the other three passed may keep it"
                + (f": seat {self.to_act} is to act" if self.to_act != action.seat else ""),
            )
        return self._start_play(_auction((*a.calls, action), c, a.passes, False))

    def _contra(self, action: Action) -> BlotState:
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
            raise IllegalAction(Code.CONTRA_NOT_ALLOWED, f"seat {seat} may not say contra: {why}")
        if not self.table.any_time:
            self._turn(action)
        doubled = _contract(c.seat, c.value, c.strain, c.capot, CONTRA)
        return self._next(_auction((*a.calls, action), doubled, a.passes), (seat + 1) % 4)

    def _recontra(self, action: Action) -> BlotState:
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
            raise IllegalAction(Code.RECONTRA_NOT_ALLOWED, f"seat {seat} may not say recontra: {why}")
        if not self.table.any_time:
            self._turn(action)
        doubled = _contract(c.seat, c.value, c.strain, c.capot, RECONTRA)
        return self._start_play(_auction((*a.calls, action), doubled, a.passes))

    # --- the duel

    def _take(self, action: Action) -> BlotState:
        if self.phase != TAKE:
            raise self._wrong_phase(action)
        self._turn(action)
        t = self.table
        assert t.turned is not None
        c = _contract(action.seat, None, t.turned.suit.value)
        return self._start_play(_auction((*self.auction.calls, action), c))

    def _duel_pass(self, action: Action) -> BlotState:
        if self.phase not in (TAKE, NAME):
            raise self._wrong_phase(action)
        self._turn(action)
        t = self.table
        seat = action.seat
        calls = (*self.auction.calls, action)
        if self.phase == NAME and seat == t.dealer:
            raise IllegalAction(Code.DEALER_MUST_NAME, "both passed twice: the dealer must name a trump suit")
        phase = NAME if self.phase == TAKE and seat == t.dealer else self.phase
        return _make(
            t, _auction(calls, None), self.hands, phase, 1 - seat, self.leader, (), (), self.won, self.points,
            None,
        )  # fmt: skip

    def _name(self, action: Action) -> BlotState:
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
            )
        c = _contract(action.seat, None, strain)
        return self._start_play(_auction((*self.auction.calls, action), c))

    # --- the play

    def _start_play(self, auction: Auction) -> BlotState:
        t = self.table
        c = auction.contract
        assert c is not None
        trump = suit_of(c.strain)
        hands = self.hands
        undealt: tuple[Card, ...] = ()
        if t.game == DUEL:
            hands, undealt = complete_duel(t, c.seat)
        values = _VALUES[c.strain]
        rules = t.rules
        combos = score_combinations(
            hands,
            trump,
            t.first,
            rules["quartet_values"] if t.game == BAZAR else "rule-book",
            rules["combination_ties"],
            t.game == BAZAR,
        )
        play = Play(trump, values, hands, undealt, combos, _STRENGTH[c.strain])
        first = t.first
        return _make(
            t, auction, hands, PLAY, first, first, (), (), (0, 0), (0, 0), play, None, 0, hands[first]
        )

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to play may play (the hot path: no reasons; kept on the state)."""
        assert self.to_act is not None and self.play is not None
        return self.playable

    def _refuse_play(self, action: Action) -> IllegalAction:
        if self.phase in (COMPLETE, REDEAL):
            return self._over(action)
        seat = action.seat
        n = self.table.players
        if type(seat) is not int or not 0 <= seat < n:
            return IllegalAction(Code.INVALID_SEAT, f"seat {seat!r} is not a seat of a {n}-player table")
        if self.phase != PLAY:
            return self._wrong_phase(action)
        return IllegalAction(Code.NOT_YOUR_TURN, f"seat {seat} played but seat {self.to_act} is to play")

    def partner_winning(self) -> bool:
        if self.table.players != 4 or not self.trick or self.to_act is None or self.play is None:
            return False
        w = (self.leader + winning_index(self.trick, self.play.trump, BELOTE_ORDER)) % 4
        return w == (self.to_act + 2) % 4

    def _illegal(self, c: Card) -> IllegalAction:
        assert self.to_act is not None and self.play is not None
        verdict = judge(
            self.hands[self.to_act],
            self.trick,
            self.play.trump,
            self.table.duties,
            BELOTE_ORDER,
            self.partner_winning(),
        )
        code = verdict.reasons.get(c, Code.MUST_FOLLOW_SUIT)
        led = self.trick[0].suit.value
        why = {
            Code.MUST_FOLLOW_SUIT: f"follow the {led} led",
            Code.MUST_TRUMP: "void in the suit led, play a trump",
            Code.MUST_OVERTRUMP: "play a trump higher than the highest in the trick",
        }.get(code, "")
        return IllegalAction(
            code, f"seat {self.to_act} may not play {c.text}: {why}", reveals=(f"hands.{self.to_act}",)
        )

    # ----------------------------------------------------------------- questions

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every legal action (of `seat` only, when given): the seat to act's, and out-of-turn contra
        or recontra when the rules allow them."""
        phase = self.phase
        to_act = self.to_act
        if phase == PLAY:
            if to_act is None or (seat is not None and seat != to_act):
                return ()
            return tuple(map(_PLAYS[to_act].__getitem__, self.playable))
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
                return (_SIMPLE[(to_act, "take")], _SIMPLE[(to_act, "pass")])
            turned = self.table.turned
            assert turned is not None
            names = [a for s, a in _NAMES[to_act].items() if s != turned.suit.value]
            if to_act != self.table.dealer:
                names.append(_SIMPLE[(to_act, "pass")])
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
                    out.append(_SIMPLE[(s, "recontra")])
            if seat is None or seat == to_act:
                out.append(_SIMPLE[(to_act, "pass")])
            return tuple(out)
        if seat is None or seat == to_act:
            top = MIN_BID if c is None else (c.value or MAX_BID + 1) + 1  # capot: nothing above
            if c is None or not c.capot:
                ceiling = self.table.ceiling
                if top <= ceiling:
                    out.extend(_LADDER[to_act][(top - MIN_BID) * 5 : (ceiling - MIN_BID + 1) * 5])
                out.extend(_CAPOTS[to_act])
            out.append(_SIMPLE[(to_act, "keep" if a.last_word else "pass")])
        if c is not None:
            for s in range(4):
                if (
                    (seat is None or s == seat)
                    and s % 2 != c.seat % 2
                    and ((s == to_act and not a.last_word) or any_time)
                ):
                    out.append(_SIMPLE[(s, "contra")])
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
            )
        rules = t.rules
        if t.game == BAZAR:
            answer = bazar_score(self.tally(), capot_value(rules), rules["rounding"])
        else:
            answer = duel_score(self.tally(), rules["rounding"])
        return {"rules": rules.echo(), **answer}

    def declarations(self) -> list[dict[str, Any]]:
        """The scoring side's combinations once the first trick is complete, as the rule book's table
        shows them; the blot once both its cards are played."""
        play = self.play
        if play is None or not self.tricks:
            return []
        n = self.table.players
        out = [d.to_json(n) for d in play.combinations.scoring]
        blot = play.combinations.blot_seat
        if blot is not None and play.trump is not None:
            king = _CARD[("K", play.trump)]
            queen = _CARD[("Q", play.trump)]
            held = self.hands[blot]
            if king not in held and queen not in held:
                out.append(Declaration(blot, BLOT, (king.text, queen.text), 20, (0, 0, 0, 0)).to_json(n))
        return out

    def announcements(self) -> list[dict[str, Any]]:
        """Each seat's combinations, kind and points without their cards, from the moment it plays its
        first card (rule book, How to play: "announced automatically with each player's first card"),
        in the order the seats played it; scoring or not, since who scores is known only once all
        have announced. The blot is not among them: it is shown when its two cards are played."""
        play = self.play
        if play is None:
            return []
        n = self.table.players
        first = self.tricks[0].leader if self.tricks else self.leader
        played = n if self.tricks else len(self.trick)
        out: list[dict[str, Any]] = []
        for i in range(played):
            seat = (first + i) % n
            team = seat % 2 if n == 4 else seat
            for d in play.combinations.declared[seat]:
                out.append({"seat": seat, "team": team, "kind": d.kind, "points": d.points})
        return out

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The state as JSON; with `seat`, only what that seat may see."""
        t = self.table
        n = t.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise InvalidRecord(
                Code.INVALID_SEAT, f"seat {seat!r} is not a seat of a {n}-player table", field="seat"
            )
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
                    "cards": _played(p.leader, p.cards, n),
                    "winner": p.winner,
                    "points": p.points,
                }
                for p in self.tricks
            ],
            "current_trick": (
                {"leader": self.leader, "cards": _played(self.leader, self.trick, n)}
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


_CARD: dict[tuple[str, Suit], Card] = {(c.rank, c.suit): c for c in DECK_32}

# The legal auction actions depend only on a few values (seat to act, last word, ceiling, contra
# any time, and the contract's team, value, capot and double), so each tuple is built once; the memo
# is bounded, since clients choose the ceiling (the default rules need about 550 entries).
_AUCTION_MEMO: dict[tuple[Any, ...], tuple[Action, ...]] = {}
_AUCTION_MEMO_MAX = 8192


def card_values(strain: str) -> dict[Card, int]:
    trump = suit_of(strain)
    if trump is None:
        return {c: NT_ACE if c.rank == "A" else PLAIN_POINTS[c.rank] for c in DECK_32}
    return {c: TRUMP_POINTS[c.rank] if c.suit is trump else PLAIN_POINTS[c.rank] for c in DECK_32}


_VALUES: dict[str, dict[Card, int]] = {s: card_values(s) for s in STRAINS}


def card_strengths(strain: str) -> dict[Card, int]:
    """Each card's strength in a trick: plain order 0-7, trumps 8-15. A card beats the one winning
    so far when it is of the same suit or a trump and stronger."""
    trump = suit_of(strain)
    return {c: 8 + _TRUMP_ORDER[c.rank] if c.suit is trump else _PLAIN_ORDER[c.rank] for c in DECK_32}


_STRENGTH: dict[str, dict[Card, int]] = {s: card_strengths(s) for s in STRAINS}


def _check_fields(action: Action, allowed: frozenset[str]) -> None:
    """An action carrying a field its type does not use is refused, never silently dropped."""
    extra = [
        name
        for name, present in (
            ("value", action.value is not None),
            ("strain", action.strain is not None),
            ("card", action.card is not None),
            ("capot", action.capot),
        )
        if present and name not in allowed
    ]
    if extra:
        raise IllegalAction(
            Code.ACTION_FIELD_NOT_ALLOWED,
            f"a {action.type} carries no {' or '.join(extra)}",
        )
    if action.type == "bid" and action.capot and action.value is not None:
        raise IllegalAction(
            Code.ACTION_FIELD_NOT_ALLOWED, "a capot bid carries no value: capot is the highest bid"
        )


def _played(leader: int, cards: Sequence[Card], n: int) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % n, "card": c.text} for i, c in enumerate(cards)]


# The play builds one state per card; setting the slots through their descriptors gives the same
# frozen object at about half the cost of the dataclass __init__ (as in the Oh Hell engine).
_new = object.__new__
_SETTERS = tuple(BlotState.__dict__[f.name].__set__ for f in fields(BlotState))
(_set_table, _set_auction, _set_hands, _set_phase, _set_to_act, _set_leader, _set_trick, _set_tricks,
 _set_won, _set_points, _set_play, _set_best, _set_best_seat, _set_playable) = _SETTERS  # fmt: skip


def _make(
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
    s: BlotState = _new(BlotState)
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


_set_a_calls, _set_a_contract, _set_a_passes, _set_a_last_word, _set_a_replies = (
    Auction.__dict__[f.name].__set__ for f in fields(Auction)
)
_set_c_seat, _set_c_value, _set_c_strain, _set_c_capot, _set_c_double = (
    Contract.__dict__[f.name].__set__ for f in fields(Contract)
)


def _auction(
    calls: tuple[Action, ...],
    contract: Contract | None,
    passes: int = 0,
    last_word: bool = False,
    replies: int = 0,
) -> Auction:
    """Auction(...) without the frozen dataclass __init__ (one per call of the auction)."""
    a: Auction = _new(Auction)
    _set_a_calls(a, calls)
    _set_a_contract(a, contract)
    _set_a_passes(a, passes)
    _set_a_last_word(a, last_word)
    _set_a_replies(a, replies)
    return a


def _contract(seat: int, value: int | None, strain: str, capot: bool = False, double: str = NONE) -> Contract:
    """Contract(...) without the frozen dataclass __init__."""
    c: Contract = _new(Contract)
    _set_c_seat(c, seat)
    _set_c_value(c, value)
    _set_c_strain(c, strain)
    _set_c_capot(c, capot)
    _set_c_double(c, double)
    return c


_PT_SETTERS = tuple(PlayedTrick.__dict__[f.name].__set__ for f in fields(PlayedTrick))
_set_pt_leader, _set_pt_cards, _set_pt_winner, _set_pt_points = _PT_SETTERS


def _playable(
    hand: tuple[Card, ...],
    trick: tuple[Card, ...],
    best: Card,
    best_seat: int,
    seat: int,
    play: Play,
    t: Table,
) -> tuple[Card, ...]:
    """The cards `seat` may play to the non-empty `trick` (the rule book's duties, as the core's
    `judge` applies them): `best` is the card winning it, played by `best_seat`. The highest trump
    in a trick is always the card winning it, so no scan of the trick is needed."""
    led = trick[0].suit
    trump = play.trump
    follow = tuple([c for c in hand if c.suit is led])
    if follow:
        if led is trump:  # raise on a trump lead: `best` is the highest trump
            strength = play.strength
            top = strength[best]
            return tuple([c for c in follow if strength[c] > top]) or follow
        return follow
    if trump is None:
        return hand
    trumps = tuple([c for c in hand if c.suit is trump])
    if not trumps:
        return hand
    if t.players == 4 and best_seat == (seat + 2) % 4:
        return hand  # the partner is winning the trick
    if best.suit is trump:
        strength = play.strength
        top = strength[best]
        higher = tuple([c for c in trumps if strength[c] > top])
        if higher:
            return higher
        if t.duties.free_if_cannot_overtrump:
            return hand
    return trumps


# --------------------------------------------------------------------- building the first state


def complete_duel(t: Table, taker: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The duel's deal completed once the trump is fixed: from the top of the stock, the non-dealer's
    cards first, then the dealer's; the taker gets the turned card and two, the other player three;
    the last eight stay undealt."""
    assert t.turned is not None
    stock = t.stock
    first = t.first
    hands: list[tuple[Card, ...]] = list(t.dealt)
    i = 0
    for seat in (first, 1 - first):
        if seat == taker:
            hands[seat] = (*hands[seat], t.turned, *stock[i : i + 2])
            i += 2
        else:
            hands[seat] = (*hands[seat], *stock[i : i + 3])
            i += 3
    return tuple(hands), stock[i:]


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
    return _make(table, _auction((), None), hands, AUCTION, first, first, (), (), (0, 0), (0, 0), None)


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
    return _make(table, _auction((), None), hands, TAKE, first, first, (), (), (0, 0), (0, 0), None)


def build(rules: Rules, record: HandRecord, game: str) -> BlotState:
    """Validate the deal, then replay its actions (the first illegal one raises, with its index)."""
    start = start_bazar(rules, record) if game == BAZAR else start_duel(rules, record)
    return replay(start, record.actions)
