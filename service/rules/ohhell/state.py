"""The state of one Oh Hell family hand: an immutable value that each action turns into the next.

`start` validates a deal once (sizes, distinct cards, the turned card against the trump mode and
the round) and fixes everything the deal decides in a shared `Table`; `HandState.apply` then only
checks the action against the current position, so replaying a record costs one cheap step per
action. Cards are the core's interned objects, compared by identity in the hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..cards import NO_TRUMP, STRAINS, Card, Suit, deck, suit_of
from ..errors import Code, IllegalAction, InvalidRecord, card_params, scalar
from ..parse import read_view_seat
from ..profile import Rules
from ..record import Action, HandRecord, check_distinct, replay_record
from ..trick import legal_cards, winning_index
from .options import (
    DEALER_CHOOSES,
    DEALER_TURNS_OR_NT,
    DECK_SIZE,
    HIGHEST_CALLER,
    MAX_PLAYERS,
    NO_TRUMP_ALWAYS,
    TURNED,
    TURNED_MODES,
    schedule_of,
)
from .scoring import breakdown

BIDDING = "bidding"
TRUMP = "trump"
PLAY = "play"
COMPLETE = "complete"

DECK = deck(DECK_SIZE)
_SUITS_ONLY = ("S", "H", "D", "C")


def schedule(rules: Rules) -> tuple[int, ...]:
    """The rules' deal schedule (memoised on the rules object, so bounded like the rules are)."""
    found: tuple[int, ...] | None = rules.derived.get("schedule")
    if found is None:
        found = rules.derived["schedule"] = schedule_of(rules.values)
    return found


def trump_mode(rules: Rules, round_: int | None) -> str:
    """The trump mode of this hand: the rules' own, or dealer-chooses on a designated round."""
    if round_ is not None and round_ in (rules["dealer_chooses_rounds"] or ()):
        return DEALER_CHOOSES
    mode: str = rules["trumps"]
    return mode


def fixed_no_trump(rules: Rules, hand_size: int, round_: int | None) -> bool:
    """Whether this hand is played without trumps whatever the trump mode says."""
    if rules["trumps"] == NO_TRUMP_ALWAYS:
        return True
    if rules["no_trump_one_card"] and hand_size == 1:
        return True
    return round_ is not None and round_ in (rules["no_trump_rounds"] or ())


def needs_turned(rules: Rules, players: int, hand_size: int, round_: int | None) -> bool:
    """A turned card belongs to the deal: turned trumps, no fixed no-trump, and a card left to turn."""
    return (
        trump_mode(rules, round_) in TURNED_MODES
        and not fixed_no_trump(rules, hand_size, round_)
        and players * hand_size < DECK_SIZE
    )


# Actions are values: the legal ones are built once per (seat, choice) and shared by every state.
# Plays are keyed by id(card): cards are interned, and identity is cheaper than hashing the dataclass.
_BIDS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(seat, "bid", v) for v in range(DECK_SIZE + 1)) for seat in range(MAX_PLAYERS)
)
_PLAYS: tuple[dict[int, Action], ...] = tuple(
    {id(c): Action(seat, "play", card=c) for c in DECK} for seat in range(MAX_PLAYERS)
)
_trump_cache: dict[tuple[int, str], Action] = {}


def _trump_action(seat: int, strain: str) -> Action:
    found = _trump_cache.get((seat, strain))
    if found is None:
        found = _trump_cache[(seat, strain)] = Action(seat, "trump", strain=strain)
    return found


_TURNS: tuple[Action, ...] = tuple(Action(seat, "turn") for seat in range(MAX_PLAYERS))


def _turn_action(seat: int) -> Action:
    return _TURNS[seat]


@dataclass(frozen=True, slots=True)
class Table:
    """What the deal fixes for the whole hand."""

    rules: Rules
    players: int
    dealer: int
    hand_size: int
    round: int | None
    turned: Card | None
    trump_mode: str
    restriction: bool
    no_trump_call: bool
    hidden_bids: bool
    blind: bool
    method: str
    first: int


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Auction:
    """What the bidding and the trump choice decided: calls in calling order, trumps and who named them.

    Bid i is seat (first + i) % players. `trump` is None until known; `trump_suit` is None for NT too.
    """

    bids: tuple[int, ...]
    trump: str | None
    caller: int | None
    trump_suit: Suit | None
    turned: bool = False  # dealer-turns-or-no-trump: the dealer turned the card (it is public now)


@dataclass(frozen=True, slots=True)
class HandState:
    """A position of the hand; the auction is shared by every state of the play."""

    table: Table
    auction: Auction
    hands: tuple[tuple[Card, ...], ...]
    phase: str
    to_act: int | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[PlayedTrick, ...]
    won: tuple[int, ...]

    @property
    def bids(self) -> tuple[int, ...]:
        return self.auction.bids

    @property
    def trump(self) -> str | None:
        return self.auction.trump

    @property
    def caller(self) -> int | None:
        return self.auction.caller

    # ----------------------------------------------------------------- transitions

    def apply(self, action: Action) -> HandState:
        kind = action.type
        if kind == "play":
            return self._play(action)
        if kind == "bid":
            return self._bid(action)
        if kind == "trump":
            return self._trump(action)
        if kind == "turn":
            return self._turn(action)
        raise IllegalAction(
            Code.UNKNOWN_ACTION,
            f"{kind[:20]!r} is not an action of the Oh Hell family: bid, trump, turn or play",
            params={"type": scalar(kind)},
            case="named",
        )

    def _refuse(self, action: Action, phase: str) -> IllegalAction:
        """Why `action` may not be taken now (called only once the fast check failed)."""
        if self.phase == COMPLETE:
            return IllegalAction(Code.HAND_COMPLETE, f"the hand is complete: no {action.type} can follow")
        seat = action.seat
        n = self.table.players
        if type(seat) is not int or not 0 <= seat < n:
            return IllegalAction(
                Code.INVALID_SEAT,
                f"seat {seat!r} is not a seat of a {n}-player table",
                params={"seat": scalar(seat), "players": n},
                case="table",
            )
        if self.phase != phase:
            return IllegalAction(
                Code.WRONG_PHASE,
                f"a {action.type} during the {self.phase} phase (seat {self.to_act} is to "
                f"{_VERB[self.phase]})",
                params={"seat": seat, "to_act": self.to_act},
                case="to_act",
            )
        if phase == TRUMP:
            who = "the dealer" if self.table.trump_mode != HIGHEST_CALLER else "the highest caller"
            return IllegalAction(
                Code.NOT_TRUMP_CALLER,
                f"seat {seat} may not name trumps: {who}, seat {self.to_act}, does",
                params={"seat": seat, "caller": self.to_act},
            )
        return IllegalAction(
            Code.NOT_YOUR_TURN,
            f"seat {seat} acted but seat {self.to_act} is to {_VERB[phase]}",
            params={"seat": seat, "to_act": self.to_act},
        )

    def _bid(self, action: Action) -> HandState:
        seat = action.seat
        if self.phase != BIDDING or seat != self.to_act or type(seat) is not int:
            raise self._refuse(action, BIDDING)
        t = self.table
        value = action.value
        h = t.hand_size
        if type(value) is not int or not 0 <= value <= h:
            raise IllegalAction(
                Code.BID_OUT_OF_RANGE,
                f"a bid of {value!r}: bids run from 0 to {h}",
                reveals=(f"bids.{seat}",) if t.hidden_bids else (),
                params={"value": scalar(value), "min": 0, "max": h},
                case="range",
            )
        a = self.auction
        called = sum(a.bids)
        if t.restriction and seat == t.dealer and called + value == h:
            raise IllegalAction(
                Code.DEALER_BID_RESTRICTED,
                f"the others called {called} of {h} tricks, so the dealer may not call {value}",
                params={"seat": seat, "value": value, "called": called, "tricks": h},
            )
        bids = (*a.bids, value)
        n = t.players
        if len(bids) < n:
            return _make(
                t,
                Auction(bids, a.trump, a.caller, a.trump_suit, a.turned),
                self.hands,
                BIDDING,
                (seat + 1) % n,
                t.first,
                (),
                (),
                self.won,
            )
        if a.trump is None:
            caller = (t.first + bids.index(max(bids))) % n  # the first to call the highest number
            return _make(
                t, Auction(bids, None, caller, None), self.hands, TRUMP, caller, t.first, (), (), self.won
            )
        return _make(
            t,
            Auction(bids, a.trump, a.caller, a.trump_suit, a.turned),
            self.hands,
            PLAY,
            t.first,
            t.first,
            (),
            (),
            self.won,
        )

    def trump_choices(self) -> tuple[str, ...]:
        """The strains a `trump` action may name. Under dealer-turns-or-no-trump only NT: the
        other choice is to turn the card (a `turn` action), whose suit the dealer learns only by
        turning it, so no legal action and no refusal may depend on that suit."""
        t = self.table
        if t.trump_mode == DEALER_TURNS_OR_NT:
            return (NO_TRUMP,)
        return STRAINS if t.no_trump_call else _SUITS_ONLY

    def _trump(self, action: Action) -> HandState:
        seat = action.seat
        if self.phase != TRUMP or seat != self.to_act or type(seat) is not int:
            raise self._refuse(action, TRUMP)
        choice = action.strain
        choices = self.trump_choices()
        if choice not in choices:
            if self.table.trump_mode == DEALER_TURNS_OR_NT:
                raise IllegalAction(
                    Code.INVALID_TRUMP,
                    f"{choice or 'no strain'}: the dealer turns the card (a turn action) or chooses NT",
                    case="turn_or_nt",
                )
            raise IllegalAction(
                Code.INVALID_TRUMP,
                f"{choice or 'no strain'} is not a choice here: {', '.join(choices)}",
                params={"strain": scalar(choice)},
                case="strain",
            )
        t = self.table
        bids = self.auction.bids
        auction = Auction(bids, choice, seat, suit_of(choice))
        phase = PLAY if len(bids) == t.players else BIDDING
        return _make(t, auction, self.hands, phase, t.first, t.first, (), (), self.won)

    def _turn(self, action: Action) -> HandState:
        """The dealer turns the card left after the deal: its suit is trumps (and now public)."""
        seat = action.seat
        t = self.table
        if self.phase != TRUMP or seat != self.to_act or type(seat) is not int:
            raise self._refuse(action, TRUMP)
        if t.trump_mode != DEALER_TURNS_OR_NT or t.turned is None:
            raise IllegalAction(
                Code.INVALID_TRUMP,
                "no card is turned here: trumps are named with a trump action",
                case="no_turn",
            )
        suit = t.turned.suit
        bids = self.auction.bids
        auction = Auction(bids, suit.value, seat, suit, True)
        phase = PLAY if len(bids) == t.players else BIDDING
        return _make(t, auction, self.hands, phase, t.first, t.first, (), (), self.won)

    def _play(self, action: Action) -> HandState:
        seat = action.seat
        if self.phase != PLAY or seat != self.to_act or type(seat) is not int:
            raise self._refuse(action, PLAY)
        hand = self.hands[seat]
        c = action.card
        if c is None:
            raise IllegalAction(Code.CARD_NOT_IN_HAND, f"seat {seat} plays no card: a play names its card")
        for i in range(len(hand)):
            if hand[i] is c:
                break
        else:
            raise IllegalAction(
                Code.CARD_NOT_IN_HAND,
                f"seat {seat} does not hold {c}",
                reveals=(f"hands.{seat}",),
                params={"seat": seat, "card": c.text},
                case="held",
            )
        trick = self.trick
        if trick and c.suit is not trick[0].suit:
            led = trick[0].suit
            if any(x.suit is led for x in hand):
                raise IllegalAction(
                    Code.MUST_FOLLOW_SUIT,
                    f"seat {seat} holds {led.value} and must follow the {led.value} led, not play {c}",
                    reveals=(f"hands.{seat}",),
                    params={"seat": seat, **card_params(Code.MUST_FOLLOW_SUIT, c.text, led.value, None)},
                )
        t = self.table
        n = t.players
        left = hand[:i] + hand[i + 1 :]
        hands = (*self.hands[:seat], left, *self.hands[seat + 1 :])
        trick = (*trick, c)
        if len(trick) < n:
            return _make(
                t, self.auction, hands, PLAY, (seat + 1) % n, self.leader, trick, self.tricks, self.won
            )
        winner = (self.leader + winning_index(trick, self.auction.trump_suit)) % n
        won = list(self.won)
        won[winner] += 1
        tricks = (*self.tricks, PlayedTrick(self.leader, trick, winner))
        if left:
            return _make(t, self.auction, hands, PLAY, winner, winner, (), tricks, tuple(won))
        return _make(t, self.auction, hands, COMPLETE, None, winner, (), tricks, tuple(won))

    # ----------------------------------------------------------------- questions

    def legal_actions(self) -> tuple[Action, ...]:
        seat = self.to_act
        if seat is None:
            return ()
        phase = self.phase
        if phase == PLAY:
            hand = self.hands[seat]
            trick = self.trick
            playable = legal_cards(hand, trick, self.auction.trump_suit) if trick else hand  # any card leads
            return tuple(map(_PLAYS[seat].__getitem__, map(id, playable)))
        t = self.table
        if phase == BIDDING:
            bids = _BIDS[seat]
            h = t.hand_size
            if t.restriction and seat == t.dealer:
                banned = h - sum(self.auction.bids)
                return tuple([bids[v] for v in range(h + 1) if v != banned])
            return bids[: h + 1]
        choices = [_trump_action(seat, s) for s in self.trump_choices()]
        if t.trump_mode == DEALER_TURNS_OR_NT:
            return (_turn_action(seat), *choices)
        return tuple(choices)

    def bid_of(self, seat: int) -> int | None:
        i = (seat - self.table.first) % self.table.players
        return self.bids[i] if i < len(self.bids) else None

    def seat_bids(self) -> list[int]:
        n = self.table.players
        first = self.table.first
        return [self.bids[(s - first) % n] for s in range(n)]

    def result(self) -> dict[str, Any]:
        """The hand's score object (as hands/score returns it); the hand must be complete."""
        if self.phase != COMPLETE:
            raise InvalidRecord(
                Code.HAND_INCOMPLETE,
                f"the hand is in its {self.phase} phase: "
                f"{self.table.hand_size - len(self.tricks)} tricks still to play",
                params={"tricks": self.table.hand_size - len(self.tricks)},
            )
        t = self.table
        bd = breakdown(t.method, self.seat_bids(), self.won)
        return {
            "rules": t.rules.echo(),
            "method": t.method,
            "hand_size": t.hand_size,
            "scores": [e["score"] for e in bd],
            "breakdown": bd,
        }

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The state as JSON; with `seat`, only what that seat may see."""
        t = self.table
        n = t.players
        seat = read_view_seat(seat, n)
        all_in = len(self.bids) == n
        bids: list[dict[str, Any]] = []
        for i, value in enumerate(self.bids):
            s = (t.first + i) % n
            if seat is not None and t.hidden_bids and not all_in and s != seat:
                bids.append({"seat": s, "type": "bid", "hidden": True})
            else:
                bids.append({"seat": s, "type": "bid", "value": value})
        hands: list[list[str] | None] = []
        for s, hand in enumerate(self.hands):
            shown = seat is None or (
                s == seat and not (t.blind and self.phase != COMPLETE and self.bid_of(s) is None)
            )
            hands.append([c.text for c in hand] if shown else None)
        turned = t.turned
        if seat is not None and t.trump_mode == DEALER_TURNS_OR_NT and not self.auction.turned:
            turned = None  # not turned (yet): the dealer opted for no trumps or has not chosen
        show_legal = seat is None or seat == self.to_act
        legal = [a.to_json() for a in self.legal_actions()] if show_legal else []
        return {
            "rules": t.rules.echo(),
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": t.dealer,
            "players": n,
            "hand_size": t.hand_size,
            "round": t.round,
            "trump": self.trump,
            "turned": turned.text if turned is not None else None,
            "bids": bids,
            "hands": hands,
            "hand_counts": [len(h) for h in self.hands],
            "legal_actions": legal,
            "tricks": [
                {"leader": p.leader, "cards": _played(p.leader, p.cards, n), "winner": p.winner, "points": 0}
                for p in self.tricks
            ],
            "current_trick": (
                {"leader": self.leader, "cards": _played(self.leader, self.trick, n)}
                if self.phase == PLAY
                else None
            ),
            "tricks_won": list(self.won),
            "result": self.result() if self.phase == COMPLETE else None,
        }


# The play builds one state per card. A frozen dataclass's __init__ sets each field through
# object.__setattr__; setting the slots through their descriptors gives the same frozen object at
# about half the cost (bench/engine.py), so the play path builds its states with `_make`.
_new = object.__new__
(_set_table, _set_auction, _set_hands, _set_phase, _set_to_act, _set_leader, _set_trick, _set_tricks,
 _set_won) = (HandState.__dict__[f.name].__set__ for f in fields(HandState))  # fmt: skip


def _make(
    table: Table,
    auction: Auction,
    hands: tuple[tuple[Card, ...], ...],
    phase: str,
    to_act: int | None,
    leader: int,
    trick: tuple[Card, ...],
    tricks: tuple[PlayedTrick, ...],
    won: tuple[int, ...],
) -> HandState:
    """HandState(table, auction, ...) for the hot path: equal to it in every way."""
    s: HandState = _new(HandState)
    _set_table(s, table)
    _set_auction(s, auction)
    _set_hands(s, hands)
    _set_phase(s, phase)
    _set_to_act(s, to_act)
    _set_leader(s, leader)
    _set_trick(s, trick)
    _set_tricks(s, tricks)
    _set_won(s, won)
    return s


_VERB = {BIDDING: "bid", TRUMP: "name trumps", PLAY: "play", COMPLETE: "stop"}


def _played(leader: int, cards: Sequence[Card], n: int) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % n, "card": c.text} for i, c in enumerate(cards)]


# --------------------------------------------------------------------- building the first state


def check_table(rules: Rules, record: HandRecord) -> None:
    """The deal's shape: the player count, the dealer, equal hands, the round's hand size."""
    n = rules["players"]
    if len(record.hands) != n:
        raise InvalidRecord(
            Code.WRONG_PLAYER_COUNT,
            f"{len(record.hands)} hands, but the rules seat {n} players",
            field="hands",
            params={"hands": len(record.hands), "players": n},
        )
    dealer = record.dealer
    if type(dealer) is not int or not 0 <= dealer < n:
        raise InvalidRecord(
            Code.INVALID_SEAT,
            f"dealer {dealer!r} is not a seat of a {n}-player table",
            field="dealer",
            params={"seat": scalar(dealer), "players": n},
            case="table",
        )
    h = len(record.hands[0])
    for s, hand in enumerate(record.hands):
        if len(hand) != h or not hand:
            raise InvalidRecord(
                Code.WRONG_HAND_SIZE,
                f"seat {s} holds {len(hand)} cards, seat 0 holds "
                f"{h}: every seat is dealt the same number, at least 1",
                field=f"hands.{s}",
                params={"seat": s, "cards": len(hand), "dealt": h},
                case="seat",
            )
    if h * n > DECK_SIZE:
        raise InvalidRecord(
            Code.WRONG_HAND_SIZE,
            f"{n} hands of {h} need {h * n} cards; the deck has {DECK_SIZE}",
            field="hands",
        )
    rnd = record.round
    if rnd is not None:
        sizes = schedule(rules)
        if type(rnd) is not int or not 1 <= rnd <= len(sizes):
            raise InvalidRecord(
                Code.INVALID_ROUND,
                f"round {rnd!r}: the schedule has rounds 1 to {len(sizes)}",
                field="round",
                params={"round": scalar(rnd), "rounds": len(sizes)},
                case="schedule",
            )
        if sizes[rnd - 1] != h:
            raise InvalidRecord(
                Code.WRONG_HAND_SIZE,
                f"round {rnd} deals {sizes[rnd - 1]} cards a seat, the record {h}",
                field="hands",
            )


def start(rules: Rules, record: HandRecord) -> HandState:
    """The state right after the deal, once the deal is validated."""
    check_table(rules, record)
    n = len(record.hands)
    h = len(record.hands[0])
    groups: list[tuple[str, Sequence[Card]]] = [(f"hands.{s}", hand) for s, hand in enumerate(record.hands)]
    if record.turned is not None:
        groups.append(("turned", (record.turned,)))
    if record.stock:
        groups.append(("stock", record.stock))
    check_distinct(groups, DECK)
    rnd = record.round
    wanted = needs_turned(rules, n, h, rnd)
    if wanted and record.turned is None:
        raise InvalidRecord(
            Code.INVALID_TURNED_CARD,
            "trumps come from the card turned after the deal: the record needs 'turned'",
            field="turned",
        )
    if not wanted and record.turned is not None:
        raise InvalidRecord(
            Code.INVALID_TURNED_CARD,
            f"no card is turned here ({_why_no_turn(rules, n, h, rnd)})",
            field="turned",
        )
    return initial(rules, record.dealer, tuple(record.hands), record.turned, rnd)


def _why_no_turn(rules: Rules, n: int, h: int, rnd: int | None) -> str:
    mode = trump_mode(rules, rnd)
    if mode not in TURNED_MODES:
        return f"trumps are {mode}" + (f" in round {rnd}" if mode != rules["trumps"] else "")
    if fixed_no_trump(rules, h, rnd):
        return "this round is played without trumps"
    return "the deal uses the whole deck, so the hand has no trumps"


def initial(
    rules: Rules, dealer: int, hands: tuple[tuple[Card, ...], ...], turned: Card | None, rnd: int | None
) -> HandState:
    """The first state of a deal already known to be valid."""
    n = len(hands)
    h = len(hands[0])
    mode = trump_mode(rules, rnd)
    first = (dealer + 1) % n
    table = Table(
        rules=rules,
        players=n,
        dealer=dealer,
        hand_size=h,
        round=rnd,
        turned=turned,
        trump_mode=mode,
        restriction=rules["dealer_restriction"],
        no_trump_call=rules["no_trump_call"],
        hidden_bids=rules["hidden_bids"],
        blind=rules["blind_one_card"] and h == 1,
        method=rules["scoring"],
        first=first,
    )
    won = (0,) * n
    if fixed_no_trump(rules, h, rnd) or (mode in TURNED_MODES and turned is None):
        trump: str | None = NO_TRUMP
    elif mode == TURNED:
        assert turned is not None
        trump = turned.suit.value
    else:
        trump = None
    if trump is None and mode in (DEALER_CHOOSES, DEALER_TURNS_OR_NT):
        return HandState(table, Auction((), None, dealer, None), hands, TRUMP, dealer, first, (), (), won)
    suit = suit_of(trump) if trump is not None else None
    return HandState(table, Auction((), trump, None, suit), hands, BIDDING, first, first, (), (), won)


def build(rules: Rules, record: HandRecord) -> HandState:
    """Validate the deal, then replay its actions (the first illegal one raises, with its index)."""
    return replay_record(rules.hash, record, lambda: start(rules, record))
