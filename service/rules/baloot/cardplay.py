"""The card play of Baloot: card strength and points, the trick's winner and the duties of a player who
does not lead (Baloot rule book, Playing a trick), as pure functions over cards.

`legal_cards` and `follow` are the fast paths (the engine calls `follow` for every card of a replay);
`reasons` gives each refused card the duty that forbids it through the shared `judge` with DUTIES
(the judge and `legal_cards` are held equal by tests/rules/test_baloot_properties.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..belote.cards import BELOTE_ORDER, DECK_32, PLAIN_LOW_TO_HIGH, TRUMP_LOW_TO_HIGH, card_points
from ..cards import SUITS, Card, Suit
from ..errors import MESSAGES, Code
from ..trick import Duties, judge
from .options import PLAYERS

DECK = DECK_32
DUTIES = Duties(must_trump=True, must_overtrump=True, raise_on_trump_lead=True, partner_exemption=True)
# `trump_lead: over-opponent`, the partner winning a trump lead: any trump follows
NO_RAISE = Duties(must_trump=True, must_overtrump=True, partner_exemption=True)

# Strength of each card in the trump order and the plain order; card points under each trump.
_TRUMP_RANK = {c: TRUMP_LOW_TO_HIGH.index(c.rank) for c in DECK}
_PLAIN_RANK = {c: PLAIN_LOW_TO_HIGH.index(c.rank) for c in DECK}
POINTS: dict[Suit | None, dict[Card, int]] = {t: {c: card_points(c, t) for c in DECK} for t in (None, *SUITS)}
# Strength of each card in a trick under each trump: plain order 0-7, trumps 100-107. A card beats the
# one winning so far when it is of the same suit or a trump, and stronger.
STRENGTH: dict[Suit | None, dict[Card, int]] = {
    t: {c: 100 + _TRUMP_RANK[c] if c.suit is t else _PLAIN_RANK[c] for c in DECK} for t in (None, *SUITS)
}


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index of the card winning `trick` (played order, the lead first)."""
    led = trick[0].suit
    best = 0
    top = 100 + _TRUMP_RANK[trick[0]] if led is trump else _PLAIN_RANK[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        if c.suit is trump:
            v = 100 + _TRUMP_RANK[c]
        elif c.suit is led:
            v = _PLAIN_RANK[c]
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
    suited = [c for c in hand if c.suit is led]
    if suited:
        if led is trump:  # raise over the best trump on the table (a discard does not count)
            if not over_partner and _partner_winning(trick, trump):
                return tuple(suited)
            top = max(_TRUMP_RANK[c] for c in trick if c.suit is trump)
            higher = [c for c in suited if _TRUMP_RANK[c] > top]
            return tuple(higher or suited)
        return tuple(suited)
    if trump is None:
        return hand
    trumps = [c for c in hand if c.suit is trump]
    if not trumps:
        return hand
    n = len(trick)
    if n >= 2 and trick_winner(trick, trump) == n - 2:
        return hand  # the partner is winning: play anything
    top = max((_TRUMP_RANK[c] for c in trick if c.suit is trump), default=-1)
    if top >= 0:
        higher = [c for c in trumps if _TRUMP_RANK[c] > top]
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


def follow(
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
    suited = tuple([c for c in hand if c.suit is led])
    if suited:
        if led is trump:  # raise over the best trump on the table: `best` is it
            if not over_partner and best_seat == (seat + 2) % PLAYERS:
                return suited
            top = strength[best]
            return tuple([c for c in suited if strength[c] > top]) or suited
        return suited
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


def locked_lead(hand: tuple[Card, ...], trump: Suit | None) -> tuple[Card, ...]:
    """The closed doubled hand's leads: no trump while holding another suit."""
    return tuple([c for c in hand if c.suit is not trump]) or hand


def why(code: Code, seat: int, c: Card, trick: Sequence[Card], trump: Suit | None) -> str:
    led = trick[0].suit.value
    if code is Code.MUST_FOLLOW_SUIT:
        return f"seat {seat} holds {led} and must follow the {led} led, not play {c}"
    if code is Code.MUST_OVERTRUMP:
        return f"seat {seat} can beat the best trump on the table and must, not play {c}"
    if code is Code.MUST_TRUMP:
        return f"seat {seat} is out of {led} and must trump, not play {c}"
    return f"{MESSAGES[code]}: seat {seat} may not play {c}"
