"""Lean simulators for the playouts: the card play of each family on small integers, no validation.

A playout plays the rest of an imagined deal with the rule of thumb for every seat, thousands of
times a move, and the validating engine (immutable states, interned actions, reasons for refusals)
spends most of a playout on what a playout never needs. Here a card is an index into the family's
deck, a hand a list of indices (in the playouts' loops, the Oh Hell family's as four 13-bit masks by
suit and the Belote family's as one bit mask), a trick a list. What the
rules decide comes from the rules' own code: the Belote family's duties from `belote.duties.playable`
and Baloot's `locked_lead` (`Duties`, a table of their answers), the scores from the rules' pure
scoring functions (`seat_score`, `bazar_score`, `duel_score`, `score_summary`). Each family's rule
of thumb is written once here (`oh_thumb` and `nearest_bid`, `bel_thumb`) and the bots' policies on
engine states call the same functions.

A simulator starts from an engine state in the play phase; tests/bots/test_lean.py checks it against
the engine: every card it allows is one the engine allows, tricks and scores are the engine's.
The imagined deals are drawn here too (`deal_cards`): a search draws thousands of them a move.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.baloot.cardplay import duties, locked_lead
from ..rules.baloot.projects import best_team, team_points
from ..rules.baloot.scoring import Summary, score_summary
from ..rules.baloot.state import HandState as BalootHand
from ..rules.belote.cards import DECK_32, LAST_TRICK
from ..rules.belote.duties import BeloteDuties, playable
from ..rules.blot.options import capot_value
from ..rules.blot.scoring import Tally, bazar_score, duel_score
from ..rules.blot.state import BlotState
from ..rules.cards import RANKS, SUITS, Card, Suit
from ..rules.ohhell.options import HIGHEST_CALLER, TRICKS_PLUS_TEN
from ..rules.ohhell.scoring import seat_score
from ..rules.ohhell.state import DECK as DECK_52
from ..rules.ohhell.state import HandState as OhHellHand

# ------------------------------------------------------------------------------------ imagined deals


def deal_cards(
    unknown: Sequence[Card],
    suits: list[int],
    need: list[int],
    voids: list[int],
    getrandbits: Callable[[int], int],
) -> list[list[Card]] | None:
    """One imagined deal of the `unknown` cards (`suits[i]` the suit index of card i): the cards
    shuffled as `random.Random.shuffle` shuffles them, with the same calls of `getrandbits`, so
    that a seed deals here exactly what `rng.shuffle` dealt; then each seat in turn takes the first
    `need[q]` cards left whose suit is not among its `voids[q]` (a bit per suit). The cards each
    seat took, in turn, and last the cards left in order; None where a seat could not fill its hand.
    `deals.imagine` draws every imagined deal through this, compiled: a search draws thousands."""
    n = len(suits)
    places = list(range(n))
    for i in range(n - 1, 0, -1):
        m = i + 1
        k = m.bit_length()
        j = getrandbits(k)
        while j >= m:
            j = getrandbits(k)
        places[i], places[j] = places[j], places[i]
    out: list[list[Card]] = []
    for q in range(len(need)):
        want = need[q]
        lacks = voids[q]
        taken: list[Card] = []
        rest: list[int] = []
        for p in places:
            if len(taken) < want and not (lacks >> suits[p]) & 1:
                taken.append(unknown[p])
            else:
                rest.append(p)
        if len(taken) < want:
            return None
        out.append(taken)
        places = rest
    out.append([unknown[p] for p in places])
    return out


# ------------------------------------------------------------------------------------ Oh Hell


def suit_index(s: Suit | None) -> int:
    """A suit's index in SUITS, -1 for no trump: the simulators' trump (and the estimate's)."""
    return -1 if s is None else SUITS.index(s)


OH_INDEX: dict[Card, int] = {c: SUITS.index(c.suit) * 13 + RANKS.index(c.rank) for c in DECK_52}
OH_CARD: list[Card] = sorted(DECK_52, key=OH_INDEX.__getitem__)
OH_SUIT: list[int] = [i // 13 for i in range(52)]
# a card's strength in a trick under each trump (index 4: no trump): its rank, and 20 more if a trump
OH_STRENGTH: list[list[int]] = [[i % 13 + (20 if i // 13 == t else 0) for i in range(52)] for t in range(5)]
# the order of the suits' letters (C, D, H, S): how the rule of thumb's low lead breaks a tie of ranks
_LETTER = [sorted(s.value for s in SUITS).index(s.value) for s in SUITS]
_BY_LETTER = sorted(range(4), key=_LETTER.__getitem__)  # the suits in the order of their letters


def ohhell_estimate(hand: list[int], trump: int, n: int, size: int) -> float:
    """The tricks a whole hand should take: aces, guarded kings, trumps by rank and length, fewer
    in a short hand among many players (the family's count: `ohhell.bid_estimate` reads an engine
    state's hand through it, suits in the order the hand shows them)."""
    by: dict[int, list[int]] = {}
    for c in hand:
        by.setdefault(OH_SUIT[c], []).append(c % 13)
    est = 0.0
    for s, ranks in by.items():
        ranks.sort(reverse=True)
        if s == trump:
            for r in ranks:
                est += 1.0 if r >= 11 else 0.6 if r >= 9 else 0.3
            est += max(0, len(ranks) - 3) * 0.4
        else:
            if ranks[0] == 12:
                est += 0.9
            if 11 in ranks and len(ranks) >= 2:
                est += 0.5
            if trump < 0 and 10 in ranks and len(ranks) >= 3:
                est += 0.3
    h = size
    scale = min(1.0, 0.55 + 0.45 * (13 * 4 / max(1, n * h)) / 4) if h < 5 else 1.0
    return est * scale


def nearest_bid(options: Iterable[int], estimate: float) -> int:
    """The Oh Hell family's call by thumb: the open bid nearest the hand's trick count, the lower of
    two as near."""
    return min(options, key=lambda v: (abs(v - estimate), v))


def oh_winning(trick: Sequence[int], leader: int, n: int, trump: int) -> tuple[int, int]:
    """The card winning a trick so far and its seat ((-1, 0) for an empty trick)."""
    s = OH_STRENGTH[trump]
    best, seat = -1, 0
    for i, c in enumerate(trick):
        if best < 0 or ((OH_SUIT[c] == OH_SUIT[best] or OH_SUIT[c] == trump) and s[c] > s[best]):
            best, seat = c, (leader + i) % n
    return best, seat


OH_BIT: list[int] = [1 << (i % 13) for i in range(52)]  # a card's bit in its suit's 13-bit mask
# the ranks above a card's own, as a mask of its suit: the cards of that suit that beat it
OH_ABOVE: list[int] = [0x1FFF & ~((2 << (i % 13)) - 1) for i in range(52)]
# under each trump (index 4: no trump), for each card the trick's best so far, whether each card
# played to the trick beats it
OH_BEATS: list[list[list[bool]]] = [
    [
        [
            (OH_SUIT[c] == OH_SUIT[b] or OH_SUIT[c] == t) and OH_STRENGTH[t][c] > OH_STRENGTH[t][b]
            for c in range(52)
        ]
        for b in range(52)
    ]
    for t in (0, 1, 2, 3, -1)
]
# the ranks a 13-bit mask holds, lowest first: a random playout's card by its place among them
RANKS_OF: list[tuple[int, ...]] = [()]
for _m in range(1, 1 << 13):
    RANKS_OF.append(((_m & -_m).bit_length() - 1, *RANKS_OF[_m & (_m - 1)]))
del _m


def _nth(suits: list[int], k: int) -> int:
    """The `k`th card (from 0) of four suit masks, suit by suit, lowest rank first."""
    for q in range(4):
        ranks = RANKS_OF[suits[q]]
        if k < len(ranks):
            return q * 13 + ranks[k]
        k -= len(ranks)
    raise IndexError(k)


def suit_masks(cards: Iterable[int]) -> list[int]:
    """Cards as four 13-bit masks by suit: how the rule of thumb and the playouts read a hand."""
    suits = [0, 0, 0, 0]
    for c in cards:
        suits[OH_SUIT[c]] |= OH_BIT[c]
    return suits


# the highest and the lowest rank a 13-bit mask holds (-1 for none)
_TOP: list[int] = [m.bit_length() - 1 for m in range(1 << 13)]
_BOTTOM: list[int] = [(m & -m).bit_length() - 1 for m in range(1 << 13)]


def _plain(suits: list[int], cards: list[int], trump: int, high: bool) -> int:
    """The highest (or lowest) plain card of the `suits` masks, -1 if none: equal ranks go to the
    card earlier in `cards`, as `max` and `min` over them would pick."""
    pick = -1
    rank = 0
    for s in range(4):
        m = suits[s]
        if not m or s == trump:
            continue
        r = m.bit_length() - 1 if high else (m & -m).bit_length() - 1
        c = s * 13 + r
        if pick < 0 or (r > rank if high else r < rank) or (r == rank and cards.index(c) < cards.index(pick)):
            pick, rank = c, r
    return pick


def oh_thumb(
    suits: list[int],
    cards: list[int],
    follow: int,
    lead: bool,
    best: int,
    need: int,
    plus_ten: bool,
    last: bool,
    trump: int,
) -> int:
    """The Oh Hell family's rule of thumb for a card, written once: the bots' policy on an engine
    state (`ohhell.policy`), the simulator's `thumb` and its playouts all call it. A seat scores by
    making its call exactly: while it `need`s tricks (its call less the tricks it won), lead its
    strongest card, win with the cheapest winner when `last` to play and the strongest otherwise;
    once it has enough, lead its lowest card (equal ranks: the suits in the order of their letters)
    and play the highest card that still loses. Where every trick scores (`plus_ten`, tricks plus
    ten), a lost call takes every trick it can.

    The legal cards are given as four 13-bit masks by suit (`suits`), restricted to the suit
    `follow` when it is not -1 (the seat follows suit: the other masks are ignored); `best` is the
    card winning the trick so far (-1 when the seat `lead`s). A trump outranks every plain card;
    between plain cards of equal rank the one earlier in `cards` (the seat's cards, in the order of
    its hand) is taken, as `max` and `min` over them would."""
    if need < 0 and plus_ten:
        need = 1  # the call is lost, and every trick still scores: take them
    if follow >= 0:  # one suit: no two cards of equal strength
        m = suits[follow]
        base = follow * 13
        if lead:
            return base + (_TOP[m] if need > 0 else _BOTTOM[m])
        won = m & OH_ABOVE[best] if best // 13 == follow else m if follow == trump else 0
        if need > 0:
            if won:
                return base + (_BOTTOM[won] if last else _TOP[won])
            return base + _BOTTOM[m]
        lose = m ^ won
        if lose:
            return base + _TOP[lose]
        return base + (_TOP[m] if last else _BOTTOM[m])
    t = suits[trump] if trump >= 0 else 0
    if lead:
        if need > 0:
            return trump * 13 + _TOP[t] if t else _plain(suits, cards, trump, True)
        low = -1
        for s in _BY_LETTER:  # the lowest plain rank, equal ranks by letter
            m = suits[s]
            if m and s != trump and (low < 0 or _BOTTOM[m] < low % 13):
                low = s * 13 + _BOTTOM[m]
        return low if low >= 0 else trump * 13 + _BOTTOM[t]
    # more than one suit: the seat shows out of the suit led (or the rules let it play any card);
    # only the suit of the best card and trumps can win
    bs = best // 13
    won_best = 0 if bs == trump else suits[bs] & OH_ABOVE[best]
    won_trump = t & OH_ABOVE[best] if bs == trump else t
    if need > 0:
        if won_trump or won_best:
            if last:
                return bs * 13 + _BOTTOM[won_best] if won_best else trump * 13 + _BOTTOM[won_trump]
            return trump * 13 + _TOP[won_trump] if won_trump else bs * 13 + _TOP[won_best]
        low = _plain(suits, cards, trump, False)
        return low if low >= 0 else trump * 13 + _BOTTOM[t]
    lose_trump = t ^ won_trump
    if lose_trump:
        return trump * 13 + _TOP[lose_trump]
    # the highest losing plain card: a plain card wins only in the best card's suit
    losing = list(suits)
    losing[bs] ^= won_best
    pick = _plain(losing, cards, trump, True)
    if pick >= 0:
        return pick
    # every legal card wins
    if last:
        return trump * 13 + _TOP[won_trump] if won_trump else bs * 13 + _TOP[won_best]
    return bs * 13 + _BOTTOM[won_best] if won_best else trump * 13 + _BOTTOM[won_trump]


class OhHellSim:
    """The play of an Oh Hell family hand, from an engine state in its play phase, or from the calls
    (`can_start`): where trumps are known before them, and where the highest caller names them
    after them (Blob's trumps; `naming` while the caller is to name them)."""

    __slots__ = ("best", "best_seat", "bidding", "bids", "call_base", "call_slope", "dealer", "first",
                 "hands", "leader", "left", "method", "n", "named", "naming", "no_trump",
                 "restriction", "size", "strength", "to_act", "trick", "trump", "won")  # fmt: skip

    def __init__(self, st: OhHellHand | None = None) -> None:
        """From a state the simulator can play on (`can_start`: the play, the calls, the naming);
        None: a blank that `clone` fills (the compiled build allows no object.__new__ of its
        classes)."""
        if st is None:
            return
        t = st.table
        n: int = t.players
        self.n = n
        self.first: int = t.first
        self.dealer: int = t.dealer
        self.restriction: bool = t.restriction
        self.size: int = t.hand_size
        self.bidding: bool = st.phase == "bidding"
        self.naming: bool = st.phase == "trump"
        # whether trumps are named yet: the highest caller names them once the calls are in (no
        # trump until then, as the calls' count reads the hands)
        self.named: bool = st.auction.trump is not None
        self.no_trump: bool = t.no_trump_call
        self.trump = suit_index(st.auction.trump_suit)
        self.strength = OH_STRENGTH[self.trump]
        index = OH_INDEX.__getitem__
        self.hands: list[list[int]] = [list(map(index, h)) for h in st.hands]
        self.leader: int = st.leader
        if st.to_act is None:
            raise ValueError("a simulator starts where a seat is to act")
        self.to_act: int = st.to_act
        self.trick: list[int] = list(map(index, st.trick))
        self.won: list[int] = list(st.won)
        if self.bidding or self.naming:
            self.bids = [-1] * n
            for i, b in enumerate(st.auction.bids):
                self.bids[(self.first + i) % n] = b
        else:
            self.bids = st.seat_bids()
        self.method: str = st.table.method
        # the call a seat's count is expected to give: call_base + call_slope x the count (0 and 1,
        # the count itself, unless the search sets them: `ohhell.lean_deals`)
        self.call_base = 0.0
        self.call_slope = 1.0
        self.left = sum(len(h) for h in self.hands)
        self.best, self.best_seat = oh_winning(self.trick, self.leader, n, self.trump)

    @staticmethod
    def can_start(st: OhHellHand) -> bool:
        if st.phase == "play":
            return True
        if st.auction.trump is not None:
            return st.phase == "bidding"
        return st.table.trump_mode == HIGHEST_CALLER and st.phase in ("bidding", "trump")

    def bid_options(self) -> list[int]:
        """The bids open to the seat to call (the dealer's restriction kept)."""
        if self.restriction and self.to_act == self.dealer:
            banned = self.size - sum(b for b in self.bids if b >= 0)
            return [v for v in range(self.size + 1) if v != banned]
        return list(range(self.size + 1))

    def bid(self, value: int) -> None:
        seat = self.to_act
        self.bids[seat] = value
        if seat == (self.first - 1) % self.n:  # the last to call
            self.bidding = False
            if self.named:  # the play starts
                self.leader = self.to_act = self.first
            else:  # the first to call the highest number names trumps
                self.naming = True
                top = max(self.bids)
                self.to_act = next(
                    q for q in ((self.first + i) % self.n for i in range(self.n)) if self.bids[q] == top
                )
        else:
            self.to_act = seat + 1 if seat + 1 < self.n else 0

    def name_options(self) -> list[int]:
        """The trumps the caller may name, in the engine's order (`trump_choices`): the suits, then
        no trump (-1) where the rules allow it."""
        return [0, 1, 2, 3, -1] if self.no_trump else [0, 1, 2, 3]

    def name(self, trump: int) -> None:
        """The caller names `trump` (-1: no trump); the play starts."""
        self.trump = trump
        self.strength = OH_STRENGTH[trump]
        self.named = True
        self.naming = False
        self.leader = self.to_act = self.first

    def thumb_name(self) -> int:
        """The rule of thumb's trumps (`ohhell.policy`'s): the suit of most cards, a half more for
        each queen, king and ace in it; no trump on a point and a half an ace, half a king; the
        first in the engine's order on a tie."""
        hand = self.hands[self.to_act]
        best = -2
        best_score = -1.0
        for t in self.name_options():
            score = 0.0
            for c in hand:
                r = c % 13
                if t < 0:
                    score += 1.5 if r == 12 else 0.5 if r == 11 else 0.0
                elif OH_SUIT[c] == t:
                    score += 1.5 if r >= 10 else 1.0
            if score > best_score:
                best, best_score = t, score
        return best

    def thumb_bid(self) -> int:
        """The rule of thumb's call (`nearest_bid`), from the count the seat is expected to call."""
        return nearest_bid(self.bid_options(), self.expected_call(self.estimate(self.to_act)))

    def expected_call(self, count: float) -> float:
        """The call a hand of trick count `count` is expected to make (`call_base`, `call_slope`):
        how the others' later calls are played and their calls made are read."""
        return self.call_base + self.call_slope * count

    def estimate(self, seat: int) -> float:
        """The hand's trick count (`ohhell_estimate`)."""
        return ohhell_estimate(self.hands[seat], self.trump, self.n, self.size)

    def dealt(self, hands: list[list[int]]) -> OhHellSim:
        """A copy at the first lead of the play, the bids made, each seat holding its whole hand
        `hands[seat]`: where a deal imagined from a view is replayed card by card."""
        c = self.clone()
        c.hands = hands
        c.bidding = False
        c.trick = []
        c.won = [0] * self.n
        c.leader = c.to_act = self.first
        c.left = sum(len(h) for h in hands)
        c.best = -1
        c.best_seat = 0
        return c

    def imagined(
        self,
        hidden: Sequence[Sequence[Card]],
        known: list[list[int]],
        calls: list[tuple[int, int]],
        plays: list[tuple[int, int]],
        seat: int,
        sharp: float,
        read: float,
        trump: int,
    ) -> tuple[OhHellSim, float]:
        """An imagined deal set here, with its weight (`ohhell.lean_deals`, whose loops these are):
        each seat's whole hand is the cards `known` of it (those it played, and the seat's own hand)
        then its `hidden` cards drawn; each of the others' `calls` counts `sharp` per trick past
        half a trick from the call its hand's count (with the `trump` named when the calls were
        made) is expected to give (`expected_call`); in the play the view's `plays` are replayed
        from the first lead, each card of another seat that the rule of thumb would not have
        played there counting `read`."""
        index = OH_INDEX
        hands = [k + [index[c] for c in h] for k, h in zip(known, hidden, strict=True)]
        n, size = self.n, self.size
        weight = 1.0
        for who, value in calls:
            d = abs(value - self.expected_call(ohhell_estimate(hands[who], trump, n, size)))
            weight *= sharp ** max(0.0, d - 0.5)
        if self.bidding or self.naming:
            sim = self.clone()
            sim.hands = hands
            return sim, weight
        sim = self.dealt(hands)
        for who, c in plays:
            if who != seat and read < 1.0 and sim.thumb() != c:
                weight *= read
            sim.play(c)
        return sim, weight

    def legal(self) -> list[int]:
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        led = OH_SUIT[self.trick[0]]
        return [c for c in hand if OH_SUIT[c] == led] or hand

    def play(self, c: int) -> int | None:
        """Plays `c` for the seat to act; the trick's winner when it completes it."""
        seat = self.to_act
        self.hands[seat].remove(c)
        self.left -= 1
        best = self.best
        strength = self.strength
        if best < 0 or (
            (OH_SUIT[c] == OH_SUIT[best] or OH_SUIT[c] == self.trump) and strength[c] > strength[best]
        ):
            self.best, self.best_seat = c, seat
        self.trick.append(c)
        if len(self.trick) < self.n:
            self.to_act = seat + 1 if seat + 1 < self.n else 0
            return None
        winner = self.best_seat
        self.won[winner] += 1
        self.trick = []
        self.best = -1
        self.leader = self.to_act = winner
        return winner

    def thumb(self) -> int:
        """The rule of thumb's card for the seat to act (`oh_thumb`)."""
        seat = self.to_act
        hand = self.hands[seat]
        suits = suit_masks(hand)
        follow = OH_SUIT[self.trick[0]] if self.trick else -1
        return oh_thumb(suits, hand, follow if follow >= 0 and suits[follow] else -1, not self.trick,
                        self.best, self.bids[seat] - self.won[seat], self.method == TRICKS_PLUS_TEN,
                        len(self.trick) == self.n - 1, self.trump)  # fmt: skip

    def play_out(self, rand: Callable[[], float] | None = None) -> None:
        """Plays the rest of the hand by the rule of thumb: the calls left (`thumb_bid`), the trumps
        where the highest caller names them (`thumb_name`), then the cards (`oh_thumb`), in one
        loop on local names: a playout is most of what a tree iteration costs, and the stepwise
        `thumb` and `play`, each reading the state's fields again, cost about twice this loop.
        With `rand` (numbers in [0, 1)) every call and card is at random instead, uniform among
        those open: the random playout of a plain Monte Carlo search, and the like-for-like
        measure beside OpenSpiel's (`bench.anchors`)."""
        while self.bidding:
            if rand is None:
                self.bid(self.thumb_bid())
            else:
                options = self.bid_options()
                self.bid(options[int(rand() * len(options))])
        if self.naming:
            if rand is None:
                self.name(self.thumb_name())
            else:
                strains = self.name_options()
                self.name(strains[int(rand() * len(strains))])
        left = self.left
        if not left:
            return
        n = self.n
        hands = self.hands
        trick = self.trick
        won = self.won
        bids = self.bids
        trump = self.trump
        thumb = oh_thumb
        plus_ten = self.method == TRICKS_PLUS_TEN
        suit = OH_SUIT
        bit = OH_BIT
        seat = self.to_act
        leader = self.leader
        best = self.best
        best_seat = self.best_seat
        # each seat's cards as four 13-bit masks by suit (the hands' lists keep their order: the rule
        # of thumb's tie between plain cards of equal rank)
        masks = [suit_masks(h) for h in hands]
        held = [len(h) for h in hands]
        count = len(trick)
        led = suit[trick[0]] if trick else 0
        last = n - 1
        after = [*range(1, n), 0]  # the next seat
        beats = OH_BEATS[trump]
        over = beats[best] if best >= 0 else beats[0]  # by card: whether it beats the trick's best
        while left:
            mine = masks[seat]
            if count:
                m = mine[led]
                if rand is not None:
                    if m:
                        ranks = RANKS_OF[m]
                        c = led * 13 + ranks[int(rand() * len(ranks))]
                    else:
                        c = _nth(mine, int(rand() * held[seat]))
                    held[seat] -= 1
                elif not m:
                    c = thumb(mine, hands[seat], -1, False, best, bids[seat] - won[seat], plus_ten,
                              count == last, trump)  # fmt: skip
                elif m & (m - 1):
                    c = thumb(mine, hands[seat], led, False, best, bids[seat] - won[seat], plus_ten,
                              count == last, trump)  # fmt: skip
                else:
                    c = led * 13 + _TOP[m]  # the one card of the suit led
                if over[c]:
                    best, best_seat, over = c, seat, beats[c]
            else:
                if rand is not None:
                    c = _nth(mine, int(rand() * held[seat]))
                    held[seat] -= 1
                else:
                    c = thumb(mine, hands[seat], -1, True, -1, bids[seat] - won[seat], plus_ten, False,
                              trump)  # fmt: skip
                led = suit[c]
                best, best_seat, over = c, seat, beats[c]
            mine[suit[c]] ^= bit[c]
            left -= 1
            count += 1
            if count < n:
                seat = after[seat]
            else:
                won[best_seat] += 1
                count = 0
                leader = seat = best_seat
                best = -1
        for h in hands:
            h.clear()
        trick.clear()
        self.left = 0
        self.to_act = seat
        self.leader = leader
        self.best = best
        self.best_seat = best_seat

    def clone(self) -> OhHellSim:
        """A copy to play on (the hands, the trick and the counts copied; the tables shared)."""
        c = OhHellSim()
        c.best = self.best
        c.best_seat = self.best_seat
        c.bidding = self.bidding
        c.bids = list(self.bids)
        c.call_base = self.call_base
        c.call_slope = self.call_slope
        c.dealer = self.dealer
        c.first = self.first
        c.hands = [list(h) for h in self.hands]
        c.leader = self.leader
        c.left = self.left
        c.method = self.method
        c.n = self.n
        c.named = self.named
        c.naming = self.naming
        c.no_trump = self.no_trump
        c.restriction = self.restriction
        c.size = self.size
        c.strength = self.strength
        c.to_act = self.to_act
        c.trick = list(self.trick)
        c.trump = self.trump
        c.won = list(self.won)
        return c

    def scores(self) -> list[int]:
        return [seat_score(self.method, self.bids[s], self.won[s]) for s in range(self.n)]


def ohhell_playout(st: OhHellHand, seat: int) -> float | None:
    """The seat's score once the rule of thumb has played the hand out from `st` (None: a phase the
    simulator does not play, trumps still to name)."""
    if not OhHellSim.can_start(st):
        return None
    sim = OhHellSim(st)
    sim.play_out()
    return float(seat_score(sim.method, sim.bids[seat], sim.won[seat]))


class _Node:
    """A node of the tree search below: the card that led to it, seen from the seat that played it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0  # the sum of the scores of the seat that played the card leading here
        self.avail = 0  # iterations in which that card was legal (the deal imagined allowed it)


BID = 100  # a bid's key in the tree below: BID + its value (cards are 0..51)
NAME = 200  # trumps named, the key: NAME + the strain's index in the engine's order (4: no trump)


def _act(sim: OhHellSim, key: int) -> None:
    """Takes the tree's action `key` on `sim`: a card, a bid or trumps named."""
    if key >= NAME:
        sim.name(key - NAME if key - NAME < 4 else -1)
    elif key >= BID:
        sim.bid(key - BID)
    else:
        sim.play(key)


def ohhell_tree(
    worlds: Sequence[OhHellHand | OhHellSim],
    seat: int,
    root: list[int],
    iterations: int,
    rand: Callable[[], float],
    deadline: float = math.inf,
    explore: float = 0.7,
) -> tuple[dict[int, tuple[int, float]], int]:
    """Information-set Monte Carlo tree search over the calls and the card play (single observer,
    as Cowling, Powley and Whitehouse's SO-ISMCTS): each iteration takes the next imagined deal,
    walks one tree shared by all deals (every seat choosing among the cards this deal lets it play,
    by UCB on its own score; `seat` at the root among `root` only), adds one node and plays the
    rest out by the rule of thumb. Every seat maximises its own score. The other seats' calls after
    the root, and the trumps another seat names as the highest caller, are their hands' in that
    deal (the rule of thumb's, as the deals kept are weighed): chosen by UCB, a node shared by all
    deals, a call would be the best on average over hands the seat does not hold, the same call
    whatever the deal dealt it. Bids are keyed BID + value and trumps NAME + strain, so the cards
    after them stay apart by the calls the seat will have heard. The answer: per choice
    of `seat` at the root, (visits, mean score), and the iterations run (fewer than asked when the
    clock passed `deadline`, checked every 8)."""
    sims = [w if isinstance(w, OhHellSim) else OhHellSim(w) for w in worlds]
    top = _Node()
    scale = 1.0 / (10.0 + sims[0].size)  # scores to about [0, 1] for the exploration constant
    log = math.log
    sqrt = math.sqrt
    done = 0
    for i in range(iterations):
        if i & 7 == 7 and time.perf_counter() > deadline:
            break
        done += 1
        sim = sims[i % len(sims)].clone()
        node = top
        path: list[tuple[_Node, int]] = []
        while sim.left:
            mover = sim.to_act
            if node is top:
                legal = root
            elif sim.naming:
                if mover == seat:  # the seat's own choice: the same hand in every deal
                    legal = [NAME + (t if t >= 0 else 4) for t in sim.name_options()]
                else:  # another seat's: the one its hand in this deal gives it, as its calls
                    t = sim.thumb_name()
                    key = NAME + (t if t >= 0 else 4)
                    child = node.children.get(key)
                    if child is None:
                        child = node.children[key] = _Node()
                    node = child
                    sim.name(t)
                    continue
            elif sim.bidding:
                # another seat's later call: the one its hand in this deal gives it (the rule of
                # thumb's, as the deals are weighed), not the call best on average over all deals
                value = sim.thumb_bid()
                child = node.children.get(BID + value)
                if child is None:
                    child = node.children[BID + value] = _Node()
                node = child
                sim.bid(value)
                continue
            else:
                legal = sim.legal()
            children = node.children
            untried = [c for c in legal if c not in children]
            for c in legal:
                child = children.get(c)
                if child is not None:
                    child.avail += 1
            if untried:
                pick = untried[int(rand() * len(untried))]
                node = children[pick] = _Node()
                node.avail = 1
                path.append((node, mover))
                _act(sim, pick)
                break
            best = -1.0
            pick = legal[0]
            for c in legal:
                ch = children[c]
                u = ch.total * scale / ch.visits + explore * sqrt(log(ch.avail) / ch.visits)
                if u > best:
                    best, pick = u, c
            node = children[pick]
            path.append((node, mover))
            _act(sim, pick)
        sim.play_out()
        scores = sim.scores()
        for child, mover in path:
            child.visits += 1
            child.total += scores[mover]
    return {c: (ch.visits, ch.total / ch.visits) for c, ch in top.children.items() if ch.visits}, done


# ------------------------------------------------------------------------------------ Belote

BEL_INDEX: dict[Card, int] = {c: i for i, c in enumerate(DECK_32)}
BEL_SUIT: list[int] = [SUITS.index(c.suit) for c in DECK_32]
BEL_CARD: list[Card] = list(DECK_32)
BIT: list[int] = [1 << i for i in range(32)]
CARD_BIT: dict[Card, int] = {c: 1 << i for i, c in enumerate(DECK_32)}
SUIT_MASK: list[int] = [sum(BIT[i] for i in range(32) if BEL_SUIT[i] == s) for s in range(4)]


class Duties:
    """The cards a seat may play to a trick, from the rules' own `belote.duties.playable` (a table
    filled from it as the playouts meet each case, kept per contract's trump, card tables and
    duties), and the rule of thumb's card among them (`bel_thumb`'s answers, kept likewise).

    The family's duties read only the hand's cards of the suit led and of the trump suit (follow,
    raise, trump, overtrump), and what they allow is either the whole hand or some of those cards,
    all of one suit (the suit led, or trumps). So a case is those cards, the suit led, the card
    winning and whether the partner holds it: `playable` is asked once per case with those cards
    and one card of another suit standing for the rest of the hand, and its answer kept (`case`)
    as the cards it allows (in the deck's order: one suit, so the rule of thumb's orders break no
    tie by it) and as a bit mask, or () and 0 for the whole hand. Baloot's closed doubled lead is
    the rules' `baloot.cardplay.locked_lead`, asked likewise.

    To a trick, `bel_thumb` reads of a seat's hand and the cards gone only which cards of the
    suits of the winning card and of those allowed are still out, and of the trick whether it is
    the last card to it (tests/bots/test_lean_belote_speed.py checks it): with the cards allowed
    one suit, its answer is kept by the case and those (`thumb`); with the whole hand allowed, the
    order of the hand breaks its ties, and the playouts ask it each time. The cases and answers
    of all the tables are bounded together (`KEPT`)."""

    __slots__ = ("cases", "duties", "lead", "others", "relevant", "strength", "tables", "thumbs", "trump",
                 "trump_suit")  # fmt: skip

    def __init__(
        self,
        trump: Suit | None,
        tables: BelTables,
        strength: Mapping[Card, int],
        duties: BeloteDuties,
        lead: Callable[[tuple[Card, ...], Suit | None], tuple[Card, ...]] | None,
    ) -> None:
        self.trump_suit = trump
        self.trump = suit_index(trump)
        self.tables = tables
        self.strength = strength
        self.duties = duties
        self.lead = lead
        # the cards a case reads, by the suit led: that suit's and the trumps
        trumps = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        self.relevant = [SUIT_MASK[led] | trumps for led in range(4)]
        # by the suit led, a card of another suit than it and the trumps: the rest of a hand
        self.others = [
            next(c for c in DECK_32 if SUITS.index(c.suit) not in (led, self.trump)) for led in range(4)
        ]
        self.cases: dict[int, Case] = {}
        self.thumbs: dict[int, int] = {}  # the rule of thumb's answers, by `thumb`'s key

    def legal(self, hand: list[int], mask: int, trick: list[int], best: int, partner: bool) -> Sequence[int]:
        """The playable cards of `hand` (`mask` the same cards as a bit mask)."""
        if not trick:
            if self.lead is None:
                return hand
            return [BEL_INDEX[c] for c in self.lead(tuple(BEL_CARD[c] for c in hand), self.trump_suit)]
        rel = mask & self.relevant[BEL_SUIT[trick[0]]]
        if not rel:
            return hand
        return self.case(rel, trick[0], best, partner)[0] or hand

    def case(self, rel: int, lead: int, best: int, partner: bool) -> Case:
        """The case of a seat holding `rel` of the suit led (by `lead`) and of trumps, with `best`
        winning the trick (the partner's card if `partner`): the cards it may play as indices in the
        deck's order and as a bit mask (or () and 0 for the whole hand), and the cards whose being
        out the rule of thumb reads there. The playouts read `cases` with `case_key`'s key
        themselves and call this when it is missing."""
        found = self.cases.get(case_key(rel, BEL_SUIT[lead], best, partner))
        if found is None:
            _note()
            found = self.cases[case_key(rel, BEL_SUIT[lead], best, partner)] = self._ask(
                rel, lead, best, partner
            )
        return found

    def _ask(self, rel: int, lead: int, best: int, partner: bool) -> Case:
        other = self.others[BEL_SUIT[lead]]
        held = []
        while rel:  # the cards in the deck's order
            low = rel & -rel
            held.append(BEL_CARD[low.bit_length() - 1])
            rel ^= low
        hand = (*held, other)
        trick = (BEL_CARD[lead],)
        allowed = playable(hand, trick, self.trump_suit, BEL_CARD[best], partner, self.strength, self.duties)
        if other in allowed:
            return WHOLE
        cards = tuple(BEL_INDEX[c] for c in allowed)
        return cards, sum(BIT[c] for c in cards), SUIT_MASK[BEL_SUIT[best]] | SUIT_MASK[BEL_SUIT[cards[0]]]

    def thumb(
        self,
        found: Case,
        key: int,
        hand: int,
        trick: list[int],
        best: int,
        partner: bool,
        gone: int,
        ours: bool,
        n: int,
    ) -> int:
        """`bel_thumb`'s card in the case `found` (cards of one suit allowed), kept in `thumbs` by
        `key`: the case's key shifted left 34 times, then the cards still out (neither gone nor in
        the hand) of those the case reads, shifted left once, with the low bit set for the last card
        to the trick."""
        _note()
        c = self.thumbs[key] = bel_thumb(
            found[0], hand, trick, best, partner, gone, ours, n, self.trump, self.tables
        )
        return c


# A case of `Duties`: the cards allowed (one suit, the deck's order; () for the whole hand), the
# same as a bit mask, and the cards whose being out the rule of thumb reads there
Case = tuple[tuple[int, ...], int, int]
WHOLE: Case = ((), 0, 0)  # the whole hand

# a random playout's draws (`BeloteSim._play_random`): 53 bits, drawn again below 2**32 (checked
# before each trick, whose draws take at most 4 x 3 bits: at least 2**20 is left at each draw)
DRAW = float(1 << 53)
REDRAW = 1 << 32
# by players and leader, the seats that follow to a trick and whether each is the last; the partners
FOLLOW: dict[int, list[tuple[tuple[int, bool], ...]]] = {
    n: [tuple(((lead + i) % n, i == n - 1) for i in range(1, n)) for lead in range(n)] for n in (2, 4)
}
SEATS: dict[int, list[tuple[int, ...]]] = {n: [tuple(s for s, _ in f) for f in FOLLOW[n]] for n in (2, 4)}
MATE: dict[int, list[int]] = {2: [-1, -1], 4: [2, 3, 0, 1]}
# by players and declarer (-1: none, the last of the list), whether each seat's side holds the contract
OURS: dict[int, list[list[bool]]] = {
    n: [[d >= 0 and (d % 2 == x % 2 if n == 4 else d == x) for x in range(n)] for d in (*range(n), -1)]
    for n in (2, 4)
}


def case_key(rel: int, led: int, best: int, partner: bool) -> int:
    """A case's key in `Duties.cases` (the playouts compute it inline, as here)."""
    return rel << 8 | best << 3 | led << 1 | partner


# the cases and the rule of thumb's answers all the tables keep, all cleared past this (4,000 random
# playouts of each of 20 deals met at most 3,904 cases in one table), and the tables kept (one per
# trump, card tables, duties and lead rule met: about 50 for every game)
KEPT = 1 << 17
DUTY_TABLES = 64
_DUTIES: dict[
    tuple[Suit | None, int, int, BeloteDuties, object], tuple[Mapping[Card, int], Mapping[Card, int], Duties]
] = {}
_KEPT = [0]


def _note() -> None:
    """Counts one more case or answer kept, clearing every table's past `KEPT`."""
    if _KEPT[0] >= KEPT:
        for _, _, table in _DUTIES.values():
            table.cases.clear()
            table.thumbs.clear()
        _KEPT[0] = 0
    _KEPT[0] += 1


def duties_for(
    trump: Suit | None,
    strength: Mapping[Card, int],
    values: Mapping[Card, int],
    duties: BeloteDuties,
    lead: Callable[[tuple[Card, ...], Suit | None], tuple[Card, ...]] | None = None,
) -> Duties:
    """The table for a contract's trump, the engine's `strength` and `values` (tables it shares
    between states) and the game's duties (one per combination met, boundedly)."""
    key = (trump, id(strength), id(values), duties, lead)
    found = _DUTIES.get(key)
    if found is not None and found[0] is strength and found[1] is values:
        return found[2]
    if len(_DUTIES) >= DUTY_TABLES:
        _DUTIES.clear()
        _KEPT[0] = 0
    table = Duties(trump, bel_tables(strength, values, trump), strength, duties, lead)
    _DUTIES[key] = (strength, values, table)
    return table


@dataclass(frozen=True, slots=True)
class BelTables:
    """A contract's card tables by index: the engine's strength and points, for each card the cards
    of its suit that beat it as a bit mask (a card is a master once these are out), the trump suit's
    mask, and the rule of thumb's orders as single keys (points then strength, points then strength
    reversed, strength then points reversed: strength and points are below 256); `wins[b][c]`
    whether card c takes the trick from card b (of its suit and stronger, or a trump over a plain)."""

    strength: list[int]
    values: list[int]
    above: list[int]
    trumps: int
    cheap: list[int]  # (points, strength)
    rich: list[int]  # (points, -strength)
    low_win: list[int]  # (strength, -points)
    wins: list[list[bool]]


_TABLES: dict[tuple[int, int, Suit | None], tuple[Mapping[Card, int], Mapping[Card, int], BelTables]] = {}


def bel_tables(strength: Mapping[Card, int], values: Mapping[Card, int], trump: Suit | None) -> BelTables:
    """The tables of the engine's `strength` and `values` (kept per pair of the engine's own tables,
    which it shares between states; boundedly)."""
    key = (id(strength), id(values), trump)
    found = _TABLES.get(key)
    if found is not None and found[0] is strength and found[1] is values:
        return found[2]
    s = [strength[c] for c in DECK_32]
    v = [values[c] for c in DECK_32]
    above = [sum(BIT[j] for j in range(32) if BEL_SUIT[j] == BEL_SUIT[i] and s[j] > s[i]) for i in range(32)]
    t = suit_index(trump)
    trumps = sum(BIT[j] for j in range(32) if BEL_SUIT[j] == t)
    tables = BelTables(
        s,
        v,
        above,
        trumps,
        [v[i] * 256 + s[i] for i in range(32)],
        [v[i] * 256 - s[i] for i in range(32)],
        [s[i] * 256 - v[i] for i in range(32)],
        [
            [(BEL_SUIT[c] == BEL_SUIT[b] or BEL_SUIT[c] == t) and s[c] > s[b] for c in range(32)]
            for b in range(32)
        ],
    )
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[key] = (strength, values, tables)
    return tables


def bel_thumb(
    legal: Sequence[int],
    hand: int,
    trick: list[int],
    best: int,
    partner_wins: bool,
    gone: int,
    ours: bool,
    n: int,
    trump: int,
    t: BelTables,
) -> int:
    """The Belote family's rule of thumb for a card, written once, on indices: the simulator's
    `thumb` and its playouts call it, and so does `belote.play_card` on an engine state (whose
    module doc says what it plays). `hand` is the seat's hand and `gone` the cards played (the
    trick's too) as bit masks; `best` the card winning the `trick` so far, `partner_wins` whether
    the partner played it; `ours` whether the seat's side holds the contract. To a trick it reads of
    `hand` and `gone` only the cards of the suits of `best` and of `legal`, and of `trick` only its
    length: `Duties` keeps its answers by these (and a test checks it)."""
    if len(legal) == 1:
        return legal[0]
    suit = BEL_SUIT
    s = t.strength
    above = t.above
    if not trick:
        known = gone | hand
        size = 8 if n == 4 else 6  # the duel's deck has no sevens or eights
        if ours and hand & t.trumps and (known & t.trumps).bit_count() < size:
            trumps = [c for c in legal if suit[c] == trump]
            if trumps:
                top = max(trumps, key=s.__getitem__)
                if not above[top] & ~known:
                    return top
                if len(trumps) >= 3:
                    return min(trumps, key=s.__getitem__)
        if len(legal) == hand.bit_count():  # the whole hand
            unknown = ~(gone | hand)
        else:
            lknown = gone
            for c in legal:
                lknown |= BIT[c]
            unknown = ~lknown
        sure = [c for c in legal if suit[c] != trump and not above[c] & unknown]
        if sure:
            return max(sure, key=t.values.__getitem__)
        plain = [c for c in legal if suit[c] != trump]
        return min(plain or legal, key=t.cheap.__getitem__)
    last = len(trick) == n - 1
    if partner_wins and (last or suit[best] == trump or not above[best] & ~(gone | hand)):
        side = [c for c in legal if suit[c] != trump] or legal
        return max(side, key=t.rich.__getitem__)
    wins = t.wins[best]
    winners = [c for c in legal if wins[c]]
    if winners:
        cheapest = min(winners, key=t.low_win.__getitem__)
        if last:
            v = t.values
            cv = v[cheapest]
            risky = [c for c in winners if v[c] > cv]
            if risky:
                unknown = ~(gone | hand)
                risky = [c for c in risky if above[c] & unknown]
            if risky:
                return max(risky, key=t.rich.__getitem__)
            return cheapest
        top = max(winners, key=s.__getitem__)
        if suit[top] == trump and suit[best] != trump:
            return cheapest
        return top
    return min(legal, key=t.cheap.__getitem__)


class BeloteSim:
    """The play of a Belote family deal (Bazar Blot, the duel, Baloot) from an engine state in its
    play phase. `duties` is the table of the contract's trump, the engine's strength and points
    (`BelTables`) and the rules' duties (`Duties`); the rule of thumb is `bel_thumb`."""

    __slots__ = ("best", "best_seat", "declarer", "duties", "gone", "hands", "leader", "left", "masks",
                 "n", "points", "score", "tables", "to_act", "trick", "trump", "won")  # fmt: skip

    def __init__(
        self,
        st: BlotState | BalootHand,
        duties: Duties,
        declarer: int,
        score: Callable[[tuple[int, int], tuple[int, int]], list[int]],
    ) -> None:
        n = len(st.hands)
        self.n = n
        self.trump = duties.trump
        self.tables = duties.tables
        self.duties = duties
        self.declarer = declarer
        self.score = score
        index = BEL_INDEX.__getitem__
        self.hands: list[list[int]] = [list(map(index, h)) for h in st.hands]
        bit = BIT.__getitem__
        self.masks = [sum(map(bit, h)) for h in self.hands]  # distinct bits: the sum is their union
        self.leader: int = st.leader
        if st.to_act is None:
            raise ValueError("a simulator starts where a seat is to act")
        self.to_act: int = st.to_act
        self.trick: list[int] = list(map(index, st.trick))
        self.won: list[int] = [0, 0]
        self.points: list[int] = [0, 0]
        gone = sum(map(bit, self.trick))
        for p in st.tricks:
            gone |= sum(map(CARD_BIT.__getitem__, p.cards))
            self.won[p.winner % 2] += 1
            self.points[p.winner % 2] += p.points
        self.gone = gone
        self.left = sum(map(len, self.hands))
        self.best = -1
        self.best_seat = 0
        if self.trick:
            wins = self.tables.wins
            for i, c in enumerate(self.trick):
                if self.best < 0 or wins[self.best][c]:
                    self.best, self.best_seat = c, (self.leader + i) % n

    def legal(self) -> Sequence[int]:
        seat = self.to_act
        partner = self.n == 4 and self.best_seat == (seat + 2) % 4
        return self.duties.legal(self.hands[seat], self.masks[seat], self.trick, self.best, partner)

    def ours(self, seat: int) -> bool:
        """Whether `seat`'s side holds the contract."""
        return OURS[self.n][self.declarer][seat]

    def thumb(self) -> int:
        """The rule of thumb's card for the seat to act (`bel_thumb`)."""
        seat = self.to_act
        partner = self.n == 4 and self.best_seat == (seat + 2) % 4
        legal = self.duties.legal(self.hands[seat], self.masks[seat], self.trick, self.best, partner)
        return bel_thumb(legal, self.masks[seat], self.trick, self.best, partner, self.gone, self.ours(seat),
                         self.n, self.trump, self.tables)  # fmt: skip

    def play(self, c: int) -> int | None:
        """Plays `c` for the seat to act; the trick's winner when it completes it."""
        seat = self.to_act
        hand = self.hands[seat]
        hand.remove(c)
        self.masks[seat] ^= BIT[c]
        self.left -= 1
        self.gone |= BIT[c]
        best = self.best
        s = self.tables.strength
        if best < 0 or ((BEL_SUIT[c] == BEL_SUIT[best] or BEL_SUIT[c] == self.trump) and s[c] > s[best]):
            self.best, self.best_seat = c, seat
        trick = self.trick
        trick.append(c)
        if len(trick) < self.n:
            self.to_act = seat + 1 if seat + 1 < self.n else 0
            return None
        winner = self.best_seat
        v = self.tables.values
        pts = sum(v[x] for x in trick)
        if not hand:
            pts += LAST_TRICK
        self.won[winner % 2] += 1
        self.points[winner % 2] += pts
        self.trick = []
        self.best = -1
        self.leader = self.to_act = winner
        return winner

    def play_out(self, rand: Callable[[], float] | None = None) -> None:
        """Plays the rest of the hand: every card by the rule of thumb (`bel_thumb`), card for card
        what `thumb` then `play` would play, in one loop on local names, a trick at a time (a
        playout is what a move's search spends its time on); or with `rand` (numbers in [0, 1))
        at random among the cards the duties allow (`_play_random`)."""
        if not self.left:
            return
        if rand is not None:
            self._play_random(rand)
            return
        n = self.n
        hands = self.hands
        masks = self.masks
        trick = self.trick
        won = self.won
        points = self.points
        t = self.tables
        v = t.values
        wins = t.wins
        trump = self.trump
        duties = self.duties
        relevant = duties.relevant
        cases = duties.cases
        case = duties.case
        keep = duties.thumb
        thumbs = duties.thumbs
        locked = duties.lead is not None
        thumb = bel_thumb
        suit = BEL_SUIT
        bit = BIT
        ours = OURS[n][self.declarer]
        follow = FOLLOW[n]
        mate = MATE[n]
        gone = self.gone
        leader = self.leader if trick else self.to_act
        best = self.best
        best_seat = self.best_seat
        pts = sum([v[x] for x in trick])
        left = self.left
        while left:
            start = played = len(trick)
            if not start:  # the lead
                hand = hands[leader]
                mask = masks[leader]
                legal = duties.legal(hand, mask, trick, -1, False) if locked else hand
                c = (
                    legal[0]
                    if len(legal) == 1
                    else thumb(legal, mask, trick, -1, False, gone, ours[leader], n, trump, t)
                )
                hand.remove(c)
                b = bit[c]
                masks[leader] = mask ^ b
                gone |= b
                trick.append(c)
                pts += v[c]
                best = c
                best_seat = leader
                start = 1
            first = trick[0]
            relv = relevant[suit[first]]
            led = suit[first] << 1
            row = wins[best]
            bk = best << 3 | led
            for seat, last in follow[leader] if start == 1 else follow[leader][start - 1 :]:
                hand = hands[seat]
                mask = masks[seat]
                partner = best_seat == mate[seat]
                rel = mask & relv
                if rel:
                    k = rel << 8 | bk | partner
                    found = cases.get(k)
                    if found is None:
                        found = case(rel, first, best, partner)
                else:
                    found = WHOLE
                cards = found[0]
                if not cards:  # the whole hand
                    c = (
                        hand[0]
                        if len(hand) == 1
                        else thumb(hand, mask, trick, best, partner, gone, ours[seat], n, trump, t)
                    )
                elif len(cards) == 1:
                    c = cards[0]
                else:  # kept by the case, the cards out that it reads, and whether last to the trick
                    out = k << 34 | (~(gone | mask) & found[2]) << 1 | last
                    c = thumbs.get(out, -1)
                    if c < 0:
                        c = keep(found, out, mask, trick, best, partner, gone, ours[seat], n)
                hand.remove(c)
                b = bit[c]
                masks[seat] = mask ^ b
                gone |= b
                trick.append(c)
                pts += v[c]
                if row[c]:
                    best, best_seat = c, seat
                    row = wins[c]
                    bk = c << 3 | led
            left -= n - played
            if not left:
                pts += LAST_TRICK
            won[best_seat % 2] += 1
            points[best_seat % 2] += pts
            pts = 0
            trick.clear()
            leader = best_seat
            best = -1
        self.left = 0
        self.gone = gone
        self.to_act = self.leader = leader
        self.best = best
        self.best_seat = best_seat

    def _play_random(self, rand: Callable[[], float]) -> None:
        """`play_out` at random: each card drawn uniformly among those the duties allow. One number
        of `rand` serves several cards (a draw of 53 bits, consumed as the digits of a number in
        mixed radix, the number of cards allowed at each step, with at least 2**20 left at each
        step, so that no choice is off by more than about 1e-5), and the cards are those of the hand
        or of `Duties.case` in their own orders: not `legal`'s order, nor one draw per card (the
        bots never play at random, and no suggestion depends on it)."""
        n = self.n
        hands = self.hands
        masks = self.masks
        won = self.won
        points = self.points
        t = self.tables
        v = t.values
        wins = t.wins
        duties = self.duties
        relevant = duties.relevant
        cases = duties.cases
        case = duties.case
        locked = duties.lead is not None
        suit = BEL_SUIT
        bit = BIT
        follow = SEATS[n]
        mate = MATE[n]
        trick = self.trick
        gone = self.gone
        for m in masks:
            gone |= m  # every card left is played
        leader = self.leader if trick else self.to_act
        best = self.best
        best_seat = self.best_seat
        pts = sum([v[x] for x in trick])
        w0 = w1 = p0 = p1 = 0
        start = len(trick)
        first = trick[0] if trick else -1
        left = self.left
        draw = 0
        while left:
            if draw < REDRAW:
                draw = int(rand() * DRAW)
            if start:  # the trick in progress
                seats = follow[leader][start - 1 :]
                played = start
                start = 0
            else:  # the lead
                hand = hands[leader]
                mask = masks[leader]
                if locked:
                    legal = duties.legal(hand, mask, [], -1, False)
                    k = len(legal)
                    c = legal[draw % k]
                    hand.remove(c)
                else:
                    k = len(hand)
                    c = hand.pop(draw % k)
                draw //= k
                masks[leader] = mask ^ bit[c]
                pts = v[c]
                first = best = c
                best_seat = leader
                seats = follow[leader]
                played = 0
            relv = relevant[suit[first]]
            led = suit[first] << 1
            row = wins[best]
            bk = best << 3 | led
            for seat in seats:
                hand = hands[seat]
                mask = masks[seat]
                rel = mask & relv
                if rel:
                    found = cases.get(rel << 8 | bk | (best_seat == mate[seat]))
                    if found is None:
                        found = case(rel, first, best, best_seat == mate[seat])
                    legal = found[0]
                else:
                    legal = ()
                if legal:
                    k = len(legal)
                    c = legal[draw % k]
                    hand.remove(c)
                else:  # the whole hand
                    k = len(hand)
                    c = hand.pop(draw % k)
                draw //= k
                masks[seat] = mask ^ bit[c]
                pts += v[c]
                if row[c]:
                    best, best_seat = c, seat
                    row = wins[c]
                    bk = c << 3 | led
            left -= n - played
            if not left:
                pts += LAST_TRICK
            if best_seat & 1:
                w1 += 1
                p1 += pts
            else:
                w0 += 1
                p0 += pts
            leader = best_seat
        won[0] += w0
        won[1] += w1
        points[0] += p0
        points[1] += p1
        trick.clear()
        self.gone = gone
        self.left = 0
        self.to_act = self.leader = leader
        self.best = -1
        self.best_seat = best_seat

    def scores(self) -> list[int]:
        p, w = self.points, self.won
        return self.score((p[0], p[1]), (w[0], w[1]))


Score = Callable[[tuple[int, int], tuple[int, int]], list[int]]
# the rules' scores a contract's playouts reached, by what the scoring reads: the hand's constants
# (contract, combinations, options: `key`) and the points and tricks each side took. A deal's
# playouts end on a few hundred of these, and the rules' scoring of one cost a tenth of a playout.
_SCORES: dict[tuple[object, ...], tuple[object, Score]] = {}


def scoring(
    key: tuple[object, ...],
    keep: object,
    score: Callable[[tuple[object, ...], Any, tuple[int, int], tuple[int, int]], list[int]],
) -> Score:
    """`score(key, keep, points, won)` (a pure function of its arguments and of what `key` and
    `keep` hold, a module's function: the playouts' states build no closure), answering from the
    table of `key`'s scores kept so far; `keep` is an object `key` names by identity, held so
    that its identity stays its own. Boundedly: the tables are cleared whole past 64 hands or past
    1,024 scores in one (a hand's 4,000 random playouts ended on at most 189)."""
    entry = _SCORES.get(key)
    if entry is not None and entry[0] is keep:
        return entry[1]
    if len(_SCORES) >= 64:
        _SCORES.clear()
    memo: dict[tuple[int, int, int, int], list[int]] = {}

    def kept(points: tuple[int, int], won: tuple[int, int]) -> list[int]:
        k = (points[0], points[1], won[0], won[1])
        found = memo.get(k)
        if found is None:
            if len(memo) >= 1024:
                memo.clear()
            found = memo[k] = score(key, keep, points, won)
        return list(found)

    _SCORES[key] = (keep, kept)
    return kept


def _blot_score(key: tuple[Any, ...], _: None, points: tuple[int, int], won: tuple[int, int]) -> list[int]:
    c, comb, blot, capot, rounding, n = key[1:]
    tally = Tally(c, points, won, comb, blot)
    answer = bazar_score(tally, capot, rounding) if n == 4 else duel_score(tally, rounding)
    return list(answer["scores"])


def blot_sim(st: BlotState) -> BeloteSim:
    """Bazar Blot or the duel, from a state of the play."""
    play = st.play
    c = st.contract
    if play is None or c is None:
        raise ValueError("a simulator starts in the play, under a contract")
    t = st.table
    n = t.players
    combos = play.combinations
    rules = t.rules
    capot = capot_value(rules) if n == 4 else 0
    key = ("blot", c, combos.points, combos.blot_team(n), capot, rules["rounding"], n)
    table = duties_for(play.trump, play.strength, play.values, t.duties)
    return BeloteSim(st, table, c.seat, scoring(key, None, _blot_score))


def _baloot_score(
    key: tuple[Any, ...], values: Any, points: tuple[int, int], won: tuple[int, int]
) -> list[int]:
    seat, mode, strain, level, projects, baloot, _ = key[1:]
    pr = tuple(projects[team] if won[team] else 0 for team in (0, 1))
    s = Summary(seat, mode, strain, level, points, won, (pr[0], pr[1]), baloot)
    return list(score_summary(values, s)["scores"])


def baloot_sim(st: BalootHand) -> BeloteSim:
    """Baloot, from a state of the play."""
    a = st.auction
    c = a.contract
    if c is None:
        raise ValueError("a simulator starts in the play, under a contract")
    t = st.table
    projects = team_points(a.projects, best_team(a.projects, t.first))
    baloot = a.baloot % 2 if a.baloot is not None else None
    values = t.rules.values
    table = duties_for(
        a.trump, a.strength, a.values, duties(t.over_partner), locked_lead if a.locked else None
    )
    key = ("baloot", c.seat, c.mode, c.strain, c.level, tuple(projects), baloot, id(values))
    return BeloteSim(st, table, c.seat, scoring(key, values, _baloot_score))


def _team_value(scores: list[int], seat: int, n: int) -> float:
    mine = seat % 2 if n == 4 else seat
    return float(scores[mine] - scores[1 - mine])


def blot_playout(st: BlotState, seat: int) -> float | None:
    if st.phase != "play":
        return None
    sim = blot_sim(st)
    sim.play_out()
    return _team_value(sim.scores(), seat, sim.n)


def baloot_playout(st: BalootHand, seat: int) -> float | None:
    if st.phase != "play":
        return None
    sim = baloot_sim(st)
    sim.play_out()
    return _team_value(sim.scores(), seat, sim.n)
