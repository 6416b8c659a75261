"""Rules of thumb the Belote games share (Bazar Blot, the duel, Baloot): the card play.

A team game for points: draw trumps while the side holds the contract and some are still out (the
master trump, or the lowest with three or more); cash the side suits' masters (counting what is
out); feed a partner whose card holds (last, a trump, or the master) with a card worth points; when
last, win with the cheapest card that wins, or bank a card worth more that could be caught later (a
ten with the ace out); ruff with the lowest trump that wins, else win with the strongest; duck with
the card worth least when it cannot win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rules.belote.cards import DECK_24, DECK_32, PLAIN_LOW_TO_HIGH, TRUMP_LOW_TO_HIGH, card_points
from ..rules.cards import Card, Suit
from ..rules.record import Action

PLAIN = {r: i for i, r in enumerate(PLAIN_LOW_TO_HIGH)}
TRUMP = {r: i for i, r in enumerate(TRUMP_LOW_TO_HIGH)}


def strength(c: Card, trump: Suit | None) -> int:
    return TRUMP[c.rank] + 10 if c.suit is trump else PLAIN[c.rank]


def beats(c: Card, best: Card, trump: Suit | None) -> bool:
    if c.suit is best.suit:
        return strength(c, trump) > strength(best, trump)
    return trump is not None and c.suit is trump


def winner_index(trick: Sequence[Card], trump: Suit | None) -> int:
    bi = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[bi], trump):
            bi = i
    return bi


def pts(c: Card, trump: Suit | None) -> int:
    return card_points(c, trump)


def out_of_play(st: Any) -> set[Card]:
    """The cards already played (counting what is out)."""
    gone = {c for t in st.tricks for c in t.cards}
    gone.update(st.trick)
    return gone


def masters(hand: Sequence[Card], gone: set[Card], trump: Suit | None, deck: Sequence[Card]) -> list[Card]:
    """The cards of `hand` that no unseen card of their suit beats (outside the trump suit)."""
    held = set(hand)
    out = []
    for c in hand:
        if c.suit is trump:
            continue
        s = strength(c, trump)
        if all(x in gone or x in held for x in deck if x.suit is c.suit and strength(x, trump) > s):
            out.append(c)
    return out


def _act(legal: Sequence[Action], c: Card) -> Action:
    for a in legal:
        if a.card is c:
            return a
    raise AssertionError(c)


def is_master(c: Card, known: set[Card], trump: Suit | None, deck: Sequence[Card]) -> bool:
    """No card of `c`'s suit that beats it is still unseen (`known`: the cards out and the seat's own)."""
    s = strength(c, trump)
    return all(x in known for x in deck if x.suit is c.suit and strength(x, trump) > s)


def _known(st: Any) -> set[Card]:
    """The cards out and the seat to act's own: the rest is unseen."""
    return out_of_play(st).union(st.hands[st.to_act])


def play_card(st: Any, legal: Sequence[Action], trump: Suit | None, declarer: int | None) -> Action:
    """The card for the seat to act; `declarer` the contract's seat (None if unknown)."""
    if len(legal) == 1:
        return legal[0]
    seat = st.to_act
    n = len(st.hands)
    hand = [a.card for a in legal if a.card is not None]
    trick = st.trick
    deck = DECK_24 if n == 2 else DECK_32
    ours = declarer is not None and (declarer % 2 == seat % 2 if n == 4 else declarer == seat)
    if not trick:
        trumps = [c for c in hand if c.suit is trump]
        # draw trumps while the side holds the contract and some are still out: with the master
        # trump, the master; without it but with length, the lowest (the jack and nine stay home)
        gone = out_of_play(st)
        known = gone.union(st.hands[seat])  # the cards out and the seat's own: the rest is unseen
        if ours and trumps and any(x.suit is trump and x not in known for x in deck):
            top = max(trumps, key=lambda c: strength(c, trump))
            if is_master(top, known, trump, deck):
                return _act(legal, top)
            if len(trumps) >= 3:
                return _act(legal, min(trumps, key=lambda c: strength(c, trump)))
        sure = masters(hand, gone, trump, deck)
        if sure:
            return _act(legal, max(sure, key=lambda c: pts(c, trump)))
        side = [c for c in hand if c.suit is not trump] or hand
        return _act(legal, min(side, key=lambda c: (pts(c, trump), strength(c, trump))))
    bi = winner_index(trick, trump)
    best = trick[bi]
    leader = st.leader
    partner_wins = n == 4 and (leader + bi) % n == (seat + 2) % n
    last = len(trick) == n - 1
    winners = [c for c in hand if beats(c, best, trump)]
    # feed a partner whose card holds: last to play, a trump, or the master of its suit
    if partner_wins and (last or best.suit is trump or is_master(best, _known(st), trump, deck)):
        side = [c for c in hand if c.suit is not trump] or hand
        return _act(legal, max(side, key=lambda c: (pts(c, trump), -strength(c, trump))))
    if winners:
        cheapest = min(winners, key=lambda c: (strength(c, trump), -pts(c, trump)))
        if last:
            # bank a winner worth more that could be caught later (a ten with the ace still out)
            risky = [c for c in winners if pts(c, trump) > pts(cheapest, trump)]
            if risky:
                known = _known(st)
                risky = [c for c in risky if not is_master(c, known, trump, deck)]
            if risky:
                return _act(legal, max(risky, key=lambda c: (pts(c, trump), -strength(c, trump))))
            return _act(legal, cheapest)
        top = max(winners, key=lambda c: strength(c, trump))
        if top.suit is trump and best.suit is not trump:
            return _act(legal, cheapest)  # ruff with the lowest trump that wins
        return _act(legal, top)
    return _act(legal, min(hand, key=lambda c: (pts(c, trump), strength(c, trump))))


def suit_value(hand: Sequence[Card], suit: Suit | None, no_trump_ace: int = 11) -> float:
    """What a hand is worth with `suit` as trumps (None: no trumps), in card points and a bit: the
    points it holds, its trumps' length, its aces."""
    v = 0.0
    for c in hand:
        if suit is None:
            v += no_trump_ace if c.rank == "A" else card_points(c, None)
            if c.rank == "T":
                v += 2
        elif c.suit is suit:
            v += card_points(c, suit) + 8
        else:
            v += card_points(c, suit) if c.rank in "AT" else 0
    return v


def careless(legal: Sequence[Action], pick: Action, roll: float, index: int) -> Action:
    """Easy's slip: a quarter of the time, any legal card instead of the sound one."""
    if len(legal) > 1 and roll < 0.25:
        return legal[index % len(legal)]
    return pick


def team_value(st: Any, seat: int) -> float:
    """The seat's side's score minus the other side's (the duel: the seat's minus the other's)."""
    scores = st.result()["scores"]
    n = len(st.hands)
    mine = seat % 2 if n == 4 else seat
    return float(scores[mine] - scores[1 - mine])


def fit_of(policy_choice: Action, action: Action, sharp: float) -> float:
    """How well a call fits what the rule of thumb would call with this deal's hand."""
    if policy_choice == action:
        return 1.0
    if policy_choice.type == action.type:
        return 0.7 if policy_choice.strain == action.strain else 0.45
    return sharp
