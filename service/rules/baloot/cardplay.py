"""The card play of Baloot: card strength and points, the trick's winner and the duties of a player who
does not lead (Baloot rule book, Playing a trick), as pure functions over cards.

The duties themselves are the Belote family's (`belote/duties.py`), with Baloot's options: `follow` is
the replay's hot path (it knows the trick's winner), `legal_cards` the same from the trick alone, and
`reasons` gives each refused card the duty that forbids it (held equal to `legal_cards` by
tests/rules/test_baloot_properties.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..belote.cards import DECK_32, PLAIN_LOW_TO_HIGH, TRUMP_LOW_TO_HIGH, card_points
from ..belote.duties import (
    BALOOT_DUTIES,
    TRUMP_LEAD_OPPONENT,
    UNDERTRUMP_REQUIRED,
    BeloteDuties,
    judge,
    playable,
    winning_card,
)
from ..cards import SUITS, Card, Suit
from ..errors import MESSAGES, Code
from .options import PLAYERS

DECK = DECK_32
DUTIES = BALOOT_DUTIES  # the rule book, Playing a trick
OVER_OPPONENT = BeloteDuties(TRUMP_LEAD_OPPONENT, UNDERTRUMP_REQUIRED)  # `trump_lead: over-opponent`

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


def duties(over_partner: bool) -> BeloteDuties:
    """The family's duties as Baloot plays them: a lower trump when unable to overtrump; on a trump
    lead, beat even the partner's winning trump (the rule book) or only an opponent's
    (`trump_lead: over-opponent`)."""
    return DUTIES if over_partner else OVER_OPPONENT


def legal_cards(
    hand: tuple[Card, ...], trick: Sequence[Card], trump: Suit | None, over_partner: bool = True
) -> tuple[Card, ...]:
    """The playable cards under Baloot's duties (`reasons` gives every other card's)."""
    if not trick:
        return hand
    strength = STRENGTH[trump]
    best = winning_card(trick, trump, strength)
    return playable(hand, trick, trump, best, _partner_winning(trick, trump), strength, duties(over_partner))


def reasons(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, over_partner: bool = True
) -> dict[Card, Code]:
    """Every unplayable card of `hand` with the duty that forbids it."""
    partner = _partner_winning(trick, trump)
    return dict(judge(hand, trick, trump, duties(over_partner), partner, STRENGTH[trump]).reasons)


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
    played by `best_seat`: the replay's hot path, which knows the winner without a scan."""
    partner_winning = best_seat == (seat + 2) % PLAYERS
    return playable(hand, trick, trump, best, partner_winning, strength, duties(over_partner))


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
