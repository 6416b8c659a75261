"""The card play every Belote game shares: one strength encoding, the trick's winner, the played
trick, and what the contract fixes for the play (`CardPlay`).

A card's strength in a trick is the duties' (`duties.STRENGTHS`): plain order 0-7, trumps 8-15, so a
trump beats any plain card. The games differ only in the no trump ace's points (19 in Bazar Blot's
no trump, 11 in Baloot's Sun), in the duties (options of `BeloteDuties`) and in whether the lead may
be a trump (Baloot's closed doubled hand): all three are values of `CardPlay`, never branches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..cards import SUITS, Card, Suit
from ..trick import Verdict
from .cards import DECK_32, card_points
from .duties import STRENGTHS, BeloteDuties, judge, playable, winning_card

__all__ = [
    "STRENGTHS",
    "CardPlay",
    "PlayedTrick",
    "legal_cards",
    "locked_lead",
    "partner_winning",
    "played_json",
    "played_trick",
    "points_by_trump",
    "refusals",
    "trick_winner",
]

Trumps = tuple[Suit | None, ...]
TRUMPS: Trumps = (None, *SUITS)


def points_by_trump(no_trump_ace: int) -> dict[Suit | None, dict[Card, int]]:
    """Each card's points under each trump (None: no trump, whose ace counts `no_trump_ace`)."""
    return {t: {c: card_points(c, t, no_trump_ace) for c in DECK_32} for t in TRUMPS}


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index of the card winning the non-empty `trick` (played order, the lead first)."""
    strength = STRENGTHS[trump]
    best = 0
    top = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if (c.suit is top.suit or c.suit is trump) and strength[c] > strength[top]:
            best, top = i, c
    return best


def partner_winning(trick: Sequence[Card], trump: Suit | None, players: int) -> bool:
    """At a table of four the partner played two cards before the seat to play, whoever led, so the
    trick alone says whether the partner is winning it."""
    return players == 4 and len(trick) >= 2 and trick_winner(trick, trump) == len(trick) - 2


def legal_cards(
    hand: tuple[Card, ...], trick: Sequence[Card], trump: Suit | None, duties: BeloteDuties, players: int
) -> tuple[Card, ...]:
    """The playable cards of `hand` for `trick` (any card on the lead)."""
    if not trick:
        return hand
    strength = STRENGTHS[trump]
    best = winning_card(trick, trump, strength)
    return playable(hand, trick, trump, best, partner_winning(trick, trump, players), strength, duties)


def refusals(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, duties: BeloteDuties, players: int
) -> Verdict:
    """The duties' verdict (`duties.judge`) for `hand` and the non-empty `trick`."""
    partner = partner_winning(trick, trump, players)
    return judge(hand, trick, trump, duties, partner, STRENGTHS[trump])


def locked_lead(hand: tuple[Card, ...], trump: Suit | None) -> tuple[Card, ...]:
    """A closed hand's leads: no trump while holding another suit."""
    return tuple([c for c in hand if c.suit is not trump]) or hand


@dataclass(frozen=True, slots=True)
class CardPlay:
    """What the contract fixes for the whole play, shared by every state of it: the trump, each
    card's strength in a trick and its points (both derived from the trump, so left out of
    equality), the duties, and whether a lead must avoid trumps while it can (`locked`)."""

    trump: Suit | None
    strength: dict[Card, int] = field(compare=False, repr=False)
    values: dict[Card, int] = field(compare=False, repr=False)
    duties: BeloteDuties
    locked: bool


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int  # card points, with the last trick's 10


_new = object.__new__
_set_leader, _set_cards, _set_winner, _set_points = (
    PlayedTrick.__dict__[f.name].__set__ for f in fields(PlayedTrick)
)


def played_trick(leader: int, cards: tuple[Card, ...], winner: int, points: int) -> PlayedTrick:
    """PlayedTrick(...) without the frozen dataclass __init__ (one per trick of the hot path)."""
    done: PlayedTrick = _new(PlayedTrick)
    _set_leader(done, leader)
    _set_cards(done, cards)
    _set_winner(done, winner)
    _set_points(done, points)
    return done


def played_json(leader: int, cards: Sequence[Card], n: int) -> list[dict[str, Any]]:
    """A trick's cards as the views show them: each with the seat that played it."""
    return [{"seat": (leader + i) % n, "card": c.text} for i, c in enumerate(cards)]
