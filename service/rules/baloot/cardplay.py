"""The card play of Baloot as the Belote family's (`belote/trickplay.py`, `belote/duties.py`) with
Baloot's options (Baloot rule book, Playing a trick): the Sun's ace counts 11, and `trump_lead` says
whose winning trump a trump lead obliges a seat to beat.

`legal_cards` gives the playable cards from the trick alone, `reasons` each refused card's duty (held
equal to `legal_cards` by tests/rules/test_baloot_properties.py), `why` the refusal's message.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..belote.cards import DECK_32
from ..belote.duties import BALOOT_DUTIES, TRUMP_LEAD_OPPONENT, UNDERTRUMP_REQUIRED, BeloteDuties
from ..belote.trickplay import legal_cards as belote_legal_cards
from ..belote.trickplay import locked_lead, points_by_trump, refusals, trick_winner
from ..cards import Card, Suit
from ..errors import MESSAGES, Code
from .options import PLAYERS

__all__ = ["DECK", "POINTS", "duties", "legal_cards", "locked_lead", "reasons", "trick_winner", "why"]

DECK = DECK_32
DUTIES = BALOOT_DUTIES  # the rule book, Playing a trick
OVER_OPPONENT = BeloteDuties(TRUMP_LEAD_OPPONENT, UNDERTRUMP_REQUIRED)  # `trump_lead: over-opponent`
POINTS: dict[Suit | None, dict[Card, int]] = points_by_trump(11)  # the Sun's ace counts 11


def duties(over_partner: bool) -> BeloteDuties:
    """The family's duties as Baloot plays them: a lower trump when unable to overtrump; on a trump
    lead, beat even the partner's winning trump (the rule book) or only an opponent's
    (`trump_lead: over-opponent`)."""
    return DUTIES if over_partner else OVER_OPPONENT


def legal_cards(
    hand: tuple[Card, ...], trick: Sequence[Card], trump: Suit | None, over_partner: bool = True
) -> tuple[Card, ...]:
    """The playable cards under Baloot's duties (`reasons` gives every other card's)."""
    return belote_legal_cards(hand, trick, trump, duties(over_partner), PLAYERS)


def reasons(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, over_partner: bool = True
) -> dict[Card, Code]:
    """Every unplayable card of `hand` with the duty that forbids it."""
    return dict(refusals(hand, trick, trump, duties(over_partner), PLAYERS).reasons)


def why(code: Code, seat: int, c: Card, trick: Sequence[Card], trump: Suit | None) -> str:
    led = trick[0].suit.value
    if code is Code.MUST_FOLLOW_SUIT:
        return f"seat {seat} holds {led} and must follow the {led} led, not play {c}"
    if code is Code.MUST_OVERTRUMP:
        return f"seat {seat} can beat the best trump on the table and must, not play {c}"
    if code is Code.MUST_TRUMP:
        return f"seat {seat} is out of {led} and must trump, not play {c}"
    return f"{MESSAGES[code]}: seat {seat} may not play {c}"
