"""Which runs and quartets a hand holds; what they are worth and how they rank is each game's.

A run is three or more cards of one suit in natural order (7 8 9 10 J Q K A); a quartet is four
cards of one rank. A card may count in one run only, runs are maximal (five in a row is one run of
five, not a three and a two), and a card may be both in a run and in a quartet: the Armenian Blot and
Baloot rule books do not forbid it, and common practice allows it (see each game's rules page).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import SUITS, Card, Suit
from .cards import NATURAL_LOW_TO_HIGH

_NATURAL = {rank: i for i, rank in enumerate(NATURAL_LOW_TO_HIGH)}


@dataclass(frozen=True, slots=True)
class Run:
    """`length` cards of `suit` in natural order, the highest being `top`."""

    suit: Suit
    length: int
    top: str

    @property
    def cards(self) -> tuple[str, ...]:
        high = _NATURAL[self.top]
        return tuple(
            NATURAL_LOW_TO_HIGH[i] + self.suit.value for i in range(high - self.length + 1, high + 1)
        )

    @property
    def top_strength(self) -> int:
        """The top card's place in natural order (7 is 0, ace 7): the tie-break between equal runs."""
        return _NATURAL[self.top]


@dataclass(frozen=True, slots=True)
class Quartet:
    rank: str

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(self.rank + s.value for s in SUITS)


def runs(hand: Sequence[Card], minimum: int = 3) -> list[Run]:
    """Every maximal run of at least `minimum` cards, by suit in S H D C order."""
    found: list[Run] = []
    for suit in SUITS:
        held = sorted(_NATURAL[c.rank] for c in hand if c.suit is suit and c.rank in _NATURAL)
        start = 0
        for i in range(1, len(held) + 1):
            if i == len(held) or held[i] != held[i - 1] + 1:
                length = i - start
                if length >= minimum:
                    found.append(Run(suit, length, NATURAL_LOW_TO_HIGH[held[i - 1]]))
                start = i
    return found


def quartets(hand: Sequence[Card], ranks: str = NATURAL_LOW_TO_HIGH) -> list[Quartet]:
    """Every rank among `ranks` of which the hand holds all four cards."""
    counts: dict[str, int] = {}
    for c in hand:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return [Quartet(r) for r in ranks if counts.get(r) == 4]


def holds_king_and_queen(hand: Sequence[Card], trump: Suit | None) -> bool:
    """The blot (Bazar Blot) or baloot (Baloot): king and queen of trumps in one hand."""
    if trump is None:
        return False
    held = {c.rank for c in hand if c.suit is trump}
    return "K" in held and "Q" in held
