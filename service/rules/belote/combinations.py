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
from .cards import DECK_32, NATURAL_LOW_TO_HIGH

_NATURAL = {rank: i for i, rank in enumerate(NATURAL_LOW_TO_HIGH)}
_CARD = {c.text: c for c in DECK_32}


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


# ------------------------------------------------------------------ the fast path, on bit masks
#
# One bit per card, eight per suit in natural order. Most dealt hands hold no combination at all, and
# two shifts and a mask say so without building a run or a quartet; a hand that does hold runs reads
# them from a table per suit byte. `runs` and `quartets` above are the reference these agree with
# (tests/rules/test_belote_core.py); the engines use these.

_BIT: dict[Card, int] = {c: 1 << (8 * SUITS.index(c.suit) + _NATURAL[c.rank]) for c in DECK_32}
_SUIT_EDGE = sum(0b11000000 << (8 * s) for s in range(4))  # a run never wraps into the next suit

MaskRun = tuple[tuple[Card, ...], int, int]  # the run's cards (low first), its length, its top's place


def hand_mask(hand: Sequence[Card]) -> int:
    """The hand's bits (cards of a 32-card deck)."""
    return sum(map(_BIT.__getitem__, hand))  # distinct bits: the sum is the union


def rank_bits(ranks: str) -> int:
    """One suit's byte with a bit for each of `ranks` (the ranks whose quartets count)."""
    return sum(1 << _NATURAL[r] for r in ranks)


def may_hold_run(mask: int) -> bool:
    """Three cards in a row somewhere in the hand."""
    return bool(mask & (mask >> 1) & (mask >> 2) & ~_SUIT_EDGE)


def holds_quartet(mask: int, ranks: int) -> bool:
    """All four cards of one of the ranks in `ranks` (see rank_bits)."""
    return bool(mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & ranks)


def _byte_runs(byte: int) -> tuple[tuple[int, int], ...]:
    """The maximal runs of three or more set bits of one suit's byte, low first: (length, top)."""
    found: list[tuple[int, int]] = []
    i = 0
    while i < 8:
        j = i
        while j < 8 and byte >> j & 1:
            j += 1
        if j - i >= 3:
            found.append((j - i, j - 1))
        i = j + 1
    return tuple(found)


# 256 * suit + byte -> the runs that suit's byte holds, as `runs` reports them
_RUNS: tuple[tuple[MaskRun, ...], ...] = tuple(
    tuple(
        (
            tuple(_CARD[NATURAL_LOW_TO_HIGH[k] + suit.value] for k in range(top - length + 1, top + 1)),
            length,
            top,
        )
        for length, top in _byte_runs(byte)
    )
    for suit in SUITS
    for byte in range(256)
)


def mask_runs(mask: int) -> list[MaskRun]:
    """Every maximal run of three or more, by suit in S H D C order, low first (as `runs`)."""
    return [r for i in range(4) for r in _RUNS[256 * i + (mask >> 8 * i & 255)]]
