"""Belote card orders and card points.

Every Belote game ranks trumps J 9 A 10 K Q 8 7 and other suits A 10 K Q J 9 8 7, and counts the same
points (the Armenian Blot and Baloot rule books agree); only no trump's ace differs (19 in Bazar Blot's
no trump, 11 in Baloot's Sun), so that is a parameter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from ..cards import Card, Suit, deck
from ..trick import RankOrder, rank_order

PLAIN_LOW_TO_HIGH = "789JQKTA"
TRUMP_LOW_TO_HIGH = "78QKTA9J"
NATURAL_LOW_TO_HIGH = "789TJQKA"  # runs (sequences, projects) use this order

BELOTE_ORDER = RankOrder(plain=rank_order(PLAIN_LOW_TO_HIGH), trump=rank_order(TRUMP_LOW_TO_HIGH))

PLAIN_POINTS: Mapping[str, int] = MappingProxyType(
    {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
)
TRUMP_POINTS: Mapping[str, int] = MappingProxyType(
    {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
)
LAST_TRICK = 10

DECK_32: tuple[Card, ...] = deck(32)
DECK_24: tuple[Card, ...] = deck(24)


def card_points(c: Card, trump: Suit | None, no_trump_ace: int = 11) -> int:
    """A card's points: trump values for the trump suit, plain otherwise; `no_trump_ace` is what an
    ace counts when there is no trump suit at all (19 in Bazar Blot, 11 in Baloot's Sun)."""
    if trump is None:
        return no_trump_ace if c.rank == "A" else PLAIN_POINTS[c.rank]
    return TRUMP_POINTS[c.rank] if c.suit is trump else PLAIN_POINTS[c.rank]


def points(cards: Iterable[Card], trump: Suit | None, no_trump_ace: int = 11) -> int:
    return sum(card_points(c, trump, no_trump_ace) for c in cards)
