"""Who wins a trick, and which cards a player may play to it.

Every game in the service shares these two questions; they differ only in the rank order of the
plain and trump suits and in which duties apply, so both are parameters rather than subclasses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import RANKS, Card, Suit
from .errors import Code


def rank_order(low_to_high: str) -> dict[str, int]:
    return {rank: strength for strength, rank in enumerate(low_to_high)}


@dataclass(frozen=True, slots=True)
class RankOrder:
    """Strength of each rank, in plain suits and in the trump suit (Belote's differ)."""

    plain: Mapping[str, int]
    trump: Mapping[str, int]


WHIST_ORDER = RankOrder(plain=rank_order(RANKS), trump=rank_order(RANKS))


def winning_index(cards: Sequence[Card], trump: Suit | None, ranks: RankOrder = WHIST_ORDER) -> int:
    """Index in `cards` (in playing order, the lead first) of the card winning so far."""
    best = cards[0]
    best_i = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is best.suit:
            order = ranks.trump if c.suit is trump else ranks.plain
            if order[c.rank] > order[best.rank]:
                best, best_i = c, i
        elif c.suit is trump:
            best, best_i = c, i
        # a discard of another plain suit never wins, even if `best` is not of the led suit
    return best_i


@dataclass(frozen=True, slots=True)
class Duties:
    """Which obligations beyond following suit are in force.

    must_trump: void in the led suit, play a trump if you hold one.
    must_overtrump: when ruffing a trick that already holds a trump, beat it if you can.
    raise_on_trump_lead: when trumps are led, beat the highest trump in the trick if you can
        (even your partner's: the Belote family's rule).
    partner_exemption: void in the led suit while your partner wins the trick, play anything.
    free_if_cannot_overtrump: unable to beat an opponent's trump, play anything (Bazar Blot);
        when False you must still play a lower trump (Baloot).
    """

    must_trump: bool = False
    must_overtrump: bool = False
    raise_on_trump_lead: bool = False
    partner_exemption: bool = False
    free_if_cannot_overtrump: bool = False


FOLLOW_SUIT_ONLY = Duties()


@dataclass(frozen=True, slots=True)
class Verdict:
    """The playable cards, and for every other card of the hand the rule that forbids it."""

    legal: tuple[Card, ...]
    reasons: Mapping[Card, Code]


def _highest_trump(trick: Sequence[Card], trump: Suit, ranks: RankOrder) -> int:
    order = ranks.trump
    return max((order[c.rank] for c in trick if c.suit is trump), default=-1)


def _split(hand: Sequence[Card], keep: Sequence[Card], code: Code) -> Verdict:
    kept = set(keep)
    return Verdict(tuple(keep), {c: code for c in hand if c not in kept})


def judge(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    duties: Duties = FOLLOW_SUIT_ONLY,
    ranks: RankOrder = WHIST_ORDER,
    partner_winning: bool = False,
) -> Verdict:
    """Apply the duties to every card of `hand`, given the cards already in the trick."""
    if not trick:
        return Verdict(tuple(hand), {})
    led = trick[0].suit
    follow = [c for c in hand if c.suit is led]
    if follow:
        if led is trump and duties.raise_on_trump_lead:
            top = _highest_trump(trick, led, ranks)
            higher = [c for c in follow if ranks.trump[c.rank] > top]
            if higher:
                verdict = _split(hand, higher, Code.MUST_OVERTRUMP)
                reasons = {
                    c: (Code.MUST_FOLLOW_SUIT if c.suit is not led else code)
                    for c, code in verdict.reasons.items()
                }
                return Verdict(verdict.legal, reasons)
        return _split(hand, follow, Code.MUST_FOLLOW_SUIT)
    if trump is None or not duties.must_trump:
        return Verdict(tuple(hand), {})
    if partner_winning and duties.partner_exemption:
        return Verdict(tuple(hand), {})
    trumps = [c for c in hand if c.suit is trump]
    if not trumps:
        return Verdict(tuple(hand), {})
    top = _highest_trump(trick, trump, ranks)
    if duties.must_overtrump and top >= 0:
        higher = [c for c in trumps if ranks.trump[c.rank] > top]
        if higher:
            return _split(hand, higher, Code.MUST_OVERTRUMP)
        if duties.free_if_cannot_overtrump:
            return Verdict(tuple(hand), {})
    return _split(hand, trumps, Code.MUST_TRUMP)


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    duties: Duties = FOLLOW_SUIT_ONLY,
    ranks: RankOrder = WHIST_ORDER,
    partner_winning: bool = False,
) -> tuple[Card, ...]:
    """Only the playable cards; the fast path for engines that need no reasons."""
    if trick and not duties.must_trump and not duties.raise_on_trump_lead:
        led = trick[0].suit
        follow = tuple(c for c in hand if c.suit is led)
        return follow or tuple(hand)
    return judge(hand, trick, trump, duties, ranks, partner_winning).legal
