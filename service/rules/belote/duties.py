"""The Belote family's trick duties, written once: Bazar Blot, the duel and Baloot differ only in
options.

Follow suit. On a trump lead, beat the highest trump in the trick if you can: even your partner's
(`TRUMP_LEAD_ALWAYS`: the Armenian Blot and Baloot rule books), only an opponent's winning trump
(`TRUMP_LEAD_OPPONENT`: pagat, tazjel for Baloot) or never (`TRUMP_LEAD_NEVER`: follow with any
trump, sakkah's legal moves). Void in the suit led, trump unless the partner is winning the trick
(`partner_exemption`); if a trump is already in the trick, overtrump it if you can; unable to,
play anything (`UNDERTRUMP_FREE`: Bazar Blot) or still a lower trump (`UNDERTRUMP_REQUIRED`: Baloot,
French FFB). No trump (Sun): only follow suit. Belote research 2.1 B18 and 2.2 A13-A15 list the
tables behind each option.

`playable` is the engines' hot path (no reasons); `judge` gives every other card of the hand the
duty that forbids it, with the same codes as the core's `trick.judge`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..cards import SUITS, Card, Suit
from ..errors import Code
from ..trick import Verdict
from .cards import DECK_32, PLAIN_LOW_TO_HIGH, TRUMP_LOW_TO_HIGH

TRUMP_LEAD_ALWAYS = "always"
TRUMP_LEAD_OPPONENT = "opponent"
TRUMP_LEAD_NEVER = "never"
UNDERTRUMP_FREE = "free"
UNDERTRUMP_REQUIRED = "required"


@dataclass(frozen=True, slots=True)
class BeloteDuties:
    """Which of the family's duties are in force (see the module doc)."""

    trump_lead: str = TRUMP_LEAD_ALWAYS
    undertrump: str = UNDERTRUMP_FREE
    partner_exemption: bool = True


BLOT_DUTIES = BeloteDuties(TRUMP_LEAD_ALWAYS, UNDERTRUMP_FREE)
BALOOT_DUTIES = BeloteDuties(TRUMP_LEAD_ALWAYS, UNDERTRUMP_REQUIRED)


def strengths(trump: Suit | None) -> dict[Card, int]:
    """Each card's strength in a trick: plain order 0-7, trumps 8-15. A card beats the one winning so
    far when it is of the same suit or a trump, and stronger."""
    return {
        c: 8 + TRUMP_LOW_TO_HIGH.index(c.rank) if c.suit is trump else PLAIN_LOW_TO_HIGH.index(c.rank)
        for c in DECK_32
    }


STRENGTHS: dict[Suit | None, dict[Card, int]] = {t: strengths(t) for t in (None, *SUITS)}


def winning_card(trick: Sequence[Card], trump: Suit | None, strength: Mapping[Card, int]) -> Card:
    """The card winning the non-empty `trick` so far."""
    best = trick[0]
    for c in trick[1:]:
        if (c.suit is best.suit or c.suit is trump) and strength[c] > strength[best]:
            best = c
    return best


def playable(
    hand: tuple[Card, ...],
    trick: Sequence[Card],
    trump: Suit | None,
    best: Card,
    partner_winning: bool,
    strength: Mapping[Card, int],
    duties: BeloteDuties,
) -> tuple[Card, ...]:
    """The cards of `hand` that may be played to the non-empty `trick`, whose winning card so far is
    `best` (the highest trump in it, when it holds one)."""
    led = trick[0].suit
    follow = tuple([c for c in hand if c.suit is led])
    if follow:
        if led is trump and _must_raise(duties, partner_winning):
            top = strength[best]
            return tuple([c for c in follow if strength[c] > top]) or follow
        return follow
    if trump is None:
        return hand
    if partner_winning and duties.partner_exemption:
        return hand
    trumps = tuple([c for c in hand if c.suit is trump])
    if not trumps:
        return hand
    if best.suit is trump:
        top = strength[best]
        higher = tuple([c for c in trumps if strength[c] > top])
        if higher:
            return higher
        if duties.undertrump == UNDERTRUMP_FREE:
            return hand
    return trumps


def judge(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    duties: BeloteDuties,
    partner_winning: bool,
    strength: Mapping[Card, int] | None = None,
) -> Verdict:
    """The playable cards and, for every other card of `hand`, the duty that forbids it."""
    hand = tuple(hand)
    if not trick:
        return Verdict(hand, {})
    strength = STRENGTHS[trump] if strength is None else strength
    best = winning_card(trick, trump, strength)
    legal = playable(hand, trick, trump, best, partner_winning, strength, duties)
    allowed = set(legal)
    led = trick[0].suit
    followed = any(c.suit is led for c in hand)
    reasons: dict[Card, Code] = {}
    for c in hand:
        if c in allowed:
            continue
        if followed:
            reasons[c] = Code.MUST_OVERTRUMP if c.suit is led else Code.MUST_FOLLOW_SUIT
        elif (
            legal
            and all(x.suit is trump for x in legal)
            and best.suit is trump
            and any(strength[x] > strength[best] for x in legal)
        ):
            reasons[c] = Code.MUST_OVERTRUMP  # void: ruff over the trump in the trick
        else:
            reasons[c] = Code.MUST_TRUMP
    return Verdict(legal, reasons)


def _must_raise(duties: BeloteDuties, partner_winning: bool) -> bool:
    if duties.trump_lead == TRUMP_LEAD_ALWAYS:
        return True
    return duties.trump_lead == TRUMP_LEAD_OPPONENT and not partner_winning
