"""Cards, suits, strains and decks in the contract's two-character notation.

Cards are interned: there are at most 52 of them, so every parse returns the same object and
comparisons and hashing stay cheap inside the engines' hot loops.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .errors import Code, InvalidNotation, scalar, shown

RANKS = "23456789TJQKA"


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
NO_TRUMP = "NT"
STRAINS: tuple[str, ...] = ("S", "H", "D", "C", NO_TRUMP)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 52 interned cards: get them from `card()` or `deck()`, never construct one.

    Equality and hashing are by identity (eq=False), which is exact because every card exists
    once, and several times cheaper in the engines' sets and dicts than hashing (rank, suit).
    """

    rank: str
    suit: Suit
    text: str = field(init=False, repr=False)  # "TS": read for every card of every response

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self.rank + self.suit.value)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.rank}{self.suit.value})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return card, (self.rank + self.suit.value,)  # copies and pickles stay the interned card


_CARDS: dict[str, Card] = {r + s.value: Card(r, s) for s in SUITS for r in RANKS}


def card(text: str) -> Card:
    """Read a card: canonical "TS", or "10S" and lower case as the contract allows."""
    if not isinstance(text, str):
        raise InvalidNotation(
            Code.INVALID_CARD, f"{text!r} is not a card", params={"text": scalar(text)}, case="text"
        )
    found = _CARDS.get(text)
    if found is not None:
        return found
    norm = text.strip().upper()
    if norm.startswith("10"):
        norm = "T" + norm[2:]
    found = _CARDS.get(norm)
    if found is None:
        raise InvalidNotation(
            Code.INVALID_CARD,
            f"{text!r} is not a card (rank then suit, e.g. 'TS')",
            params={"text": scalar(text)},
            case="text",
        )
    return found


_CARD_OF = _CARDS.__getitem__


def cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Read a list of cards. Every request reads each hand again: canonical texts are looked up in
    one C-level pass; anything else (another spelling, a wrong value) takes `card()` per card."""
    if type(texts) is list or type(texts) is tuple:  # not an iterator: it may be read twice
        try:
            return tuple(map(_CARD_OF, texts))
        except (KeyError, TypeError):
            pass
    return tuple(card(t) for t in texts)


def texts(cs: Iterable[Card]) -> list[str]:
    return [c.text for c in cs]


def suit_of(strain: str) -> Suit | None:
    """The trump suit of a strain; None for no trumps."""
    return None if strain == NO_TRUMP else Suit(strain)


def strain(text: str) -> str:
    """Read a strain: a suit letter or NT, any case."""
    norm = text.strip().upper() if isinstance(text, str) else ""
    if norm not in STRAINS:
        raise InvalidNotation(
            Code.INVALID_STRAIN,
            f"{shown(text)} is not a strain (S, H, D, C or NT)",
            params={"text": scalar(text)},
            case="text",
        )
    return norm


_DECK_LOW_RANK = {52: "2", 32: "7", 24: "9"}


def deck(size: int) -> tuple[Card, ...]:
    """A full deck in a fixed order: 52 (whist), 32 (7 to ace) or 24 (9 to ace)."""
    low = _DECK_LOW_RANK.get(size)
    if low is None:
        raise ValueError(f"no {size}-card deck")
    ranks = RANKS[RANKS.index(low) :]
    return tuple(_CARDS[r + s.value] for s in SUITS for r in ranks)


def by_suit(hand: Sequence[Card], suit: Suit) -> list[Card]:
    return [c for c in hand if c.suit is suit]
