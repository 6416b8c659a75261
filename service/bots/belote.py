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
from dataclasses import replace

from ..rules.baloot.state import HandState
from ..rules.belote.cards import DECK_32, PLAIN_LOW_TO_HIGH, TRUMP_LOW_TO_HIGH, card_points
from ..rules.belote.duties import STRENGTHS
from ..rules.blot.state import BlotState
from ..rules.cards import SUITS, Card, Suit, suit_of
from ..rules.record import Action
from .deals import acting
from .knowledge import Knowledge
from .lean import BEL_INDEX, BIT, BelTables, bel_tables, bel_thumb, suit_index
from .views import BeloteView

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


# the rule of thumb's tables under each trump: the rules' strengths and card points
THUMB_TABLES: dict[Suit | None, BelTables] = {
    t: bel_tables(STRENGTHS[t], {c: card_points(c, t) for c in DECK_32}, t) for t in (None, *SUITS)
}


def play_card(
    st: BlotState | HandState, legal: Sequence[Action], trump: Suit | None, declarer: int | None
) -> Action:
    """The card for the seat to act; `declarer` the contract's seat (None if unknown). The rule is
    `lean.bel_thumb`, the one the playouts play, read here from the engine's state."""
    if len(legal) == 1:
        return legal[0]
    seat = acting(st)
    n = len(st.hands)
    cards = [BEL_INDEX[a.card] for a in legal if a.card is not None]
    trick = [BEL_INDEX[c] for c in st.trick]
    best, partner_wins = -1, False
    if trick:
        bi = winner_index(st.trick, trump)
        best = trick[bi]
        partner_wins = n == 4 and (st.leader + bi) % n == (seat + 2) % n
    gone = 0
    for t in st.tricks:
        for card in t.cards:
            gone |= BIT[BEL_INDEX[card]]
    for c in trick:
        gone |= BIT[c]
    hand = 0
    for card in st.hands[seat]:
        hand |= BIT[BEL_INDEX[card]]
    ours = declarer is not None and (declarer % 2 == seat % 2 if n == 4 else declarer == seat)
    tables = THUMB_TABLES[trump]
    c = bel_thumb(cards, hand, trick, best, partner_wins, gone, ours, n, suit_index(trump), tables)
    return legal[cards.index(c)]


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


def team_value(st: BlotState | HandState, seat: int) -> float:
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


def trump_voids(view: BeloteView, k: Knowledge) -> Knowledge:
    """`k` with the trump suit among the voids of every seat that discarded (neither followed nor
    trumped) on a trick that held no trump yet and that its partner was not winning: every rule set
    of the family then obliges a trump, so it had none (a deal giving it one was refused by the
    engine, after its whole replay)."""
    c = view.contract
    if c is None or c.strain not in ("S", "H", "D", "C"):
        return k
    trump = suit_of(c.strain)
    assert trump is not None
    voids = [set(v) for v in k.voids]
    n = k.players
    for t in view.every_trick():
        seats = [p.seat for p in t]
        cards = [p.card for p in t]
        if not cards or cards[0].suit is trump:
            continue
        for i in range(1, len(cards)):
            x = cards[i]
            if any(y.suit is trump for y in cards[:i]):
                break  # a trump in the trick: some rule sets let a seat that cannot overtrump discard
            if x.suit is not cards[0].suit and x.suit is not trump:
                held_by = seats[winner_index(cards[:i], trump)]
                if not (n == 4 and held_by == (seats[i] + 2) % 4):
                    voids[seats[i]].add(trump)
    if all(len(a) == len(b) for a, b in zip(voids, k.voids, strict=True)):
        return k
    return replace(k, voids=tuple(frozenset(v) for v in voids))
