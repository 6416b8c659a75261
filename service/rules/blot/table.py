"""What a deal of Bazar Blot or of the duel fixes, and the values every phase of it shares.

The phases' names, the actions' fields, the legal actions built once, the `Table` a deal fixes, the
`Auction` and `Play` records, card values and strengths, and `Position`: the Belote table's state
(`belote/table.py`) as the auction (`auction`) and the play (`play`) read it, with the refusals both
phases give. `state.BlotState` puts the phases together.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..belote.cards import DECK_32
from ..belote.duties import (
    STRENGTHS,
    TRUMP_LEAD_ALWAYS,
    UNDERTRUMP_FREE,
    UNDERTRUMP_REQUIRED,
    BeloteDuties,
)
from ..belote.table import COMPLETE as COMPLETE
from ..belote.table import PLAY as PLAY
from ..belote.table import PLAY_ACTIONS, BeloteState, BeloteTable
from ..belote.trickplay import CardPlay, points_by_trump
from ..cards import STRAINS, SUITS, Card, Suit, suit_of
from ..errors import Code, IllegalAction, scalar
from ..record import Action
from .combinations import Combinations
from .options import MAX_BID, MIN_BID
from .scoring import NONE, Contract

AUCTION = "auction"
REDEAL = "redeal"
TAKE = "take"
NAME = "name"

BAZAR = "bazar-blot"
DUEL = "blot-duel"

NT_ACE = 19  # in no trump the ace is worth 19 (rule book, The cards)

# Which fields each action type carries besides seat and type (the canonical record form).
BAZAR_FIELDS: dict[str, frozenset[str]] = {
    "bid": frozenset({"value", "strain", "capot"}),
    "pass": frozenset(),
    "keep": frozenset(),
    "contra": frozenset(),
    "recontra": frozenset(),
    "play": frozenset({"card"}),
}
DUEL_FIELDS: dict[str, frozenset[str]] = {
    "take": frozenset(),
    "pass": frozenset(),
    "name": frozenset({"strain"}),
    "play": frozenset({"card"}),
}


def duties(undertrump: str) -> BeloteDuties:
    """The rule book's play duties (The play), from the Belote family's (`belote/duties.py`): on a
    trump lead beat even the partner's trump; `undertrump` says what a seat unable to overtrump an
    opponent's trump does. Duties are values: one per option value, shared by every deal."""
    return _DUTIES[undertrump]


_DUTIES: dict[str, BeloteDuties] = {
    u: BeloteDuties(TRUMP_LEAD_ALWAYS, u) for u in (UNDERTRUMP_FREE, UNDERTRUMP_REQUIRED)
}

# Actions are values: the legal ones are built once and shared by every state.
BARE_ACTIONS: dict[tuple[int, str], Action] = {
    (seat, kind): Action(seat, kind)
    for seat in range(4)
    for kind in ("pass", "keep", "contra", "recontra", "take")
}
# seat -> every numeric bid from 8 to MAX_BID, in ladder order (value, then strain S H D C NT)
BID_LADDER: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(seat, "bid", v, s) for v in range(MIN_BID, MAX_BID + 1) for s in STRAINS)
    for seat in range(4)
)
CAPOT_BIDS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(seat, "bid", None, s, capot=True) for s in STRAINS) for seat in range(4)
)
NAME_ACTIONS: tuple[dict[str, Action], ...] = tuple(
    {s.value: Action(seat, "name", strain=s.value) for s in SUITS} for seat in range(2)
)
# The shared actions above carry only the fields their type uses: apply skips that check for them
# (by identity: they live as long as the module, so their ids stay theirs).
SHARED_ACTIONS: frozenset[int] = frozenset(
    id(a)
    for group in (
        *(p.values() for p in PLAY_ACTIONS),
        BARE_ACTIONS.values(),
        *BID_LADDER,
        *CAPOT_BIDS,
        *(n.values() for n in NAME_ACTIONS),
    )
    for a in group
)


@dataclass(frozen=True, slots=True)
class Table(BeloteTable):
    """What the deal fixes for the whole hand: the Belote table's (`first` is the dealer's left, who
    bids or takes first and leads) and the calling's settings."""

    game: str
    turned: Card | None
    ceiling: int
    any_time: bool
    duties: BeloteDuties


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls so far, the contract they make, and where the bidding stands.

    passes: consecutive passes since the last bid (or since the start); last_word: the other three
    passed the holder's bid, who now keeps or raises it; replies: bidders who passed on recontra.
    """

    calls: tuple[Action, ...]
    contract: Contract | None
    passes: int = 0
    last_word: bool = False
    replies: int = 0


@dataclass(frozen=True, slots=True)
class Play(CardPlay):
    """What the trump decides for the whole play (the Belote card play's trump, strengths, points and
    duties; the lead is never locked), and what the deal's completion fixes: shared by every state."""

    hands: tuple[tuple[Card, ...], ...]  # the full hands the play starts from
    undealt: tuple[Card, ...]
    combinations: Combinations


class Position(BeloteState[Table, Auction, Play]):
    """A deal of Bazar Blot or of the duel on the Belote table: what both calling phases and the play
    read of a state (`state.BlotState`), and the refusals they share."""

    __slots__ = ()

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    def _over(self, action: Action) -> IllegalAction:
        if self.phase == REDEAL:
            return IllegalAction(
                Code.WRONG_PHASE,
                f"all four passed: the deal is void and dealt again, no {action.type}",
                case="redeal",
            )
        return IllegalAction(Code.HAND_COMPLETE, f"the hand is complete: no {action.type} can follow")

    def _wrong_phase(self, action: Action) -> IllegalAction:
        return IllegalAction(
            Code.WRONG_PHASE,
            f"a {action.type} during the {self.phase} phase (seat {self.to_act} is to act)",
            params={"seat": scalar(action.seat), "to_act": self.to_act},
            case="to_act",
        )

    def _turn(self, action: Action) -> None:
        if action.seat != self.to_act:
            raise IllegalAction(
                Code.NOT_YOUR_TURN,
                f"seat {action.seat} acted but seat {self.to_act} is to {self.phase}",
                params={"seat": action.seat, "to_act": self.to_act},
            )


CARD_OF: dict[tuple[str, Suit], Card] = {(c.rank, c.suit): c for c in DECK_32}


POINTS = points_by_trump(NT_ACE)  # each card's points under each trump (None: no trump)


def card_values(strain: str) -> dict[Card, int]:
    """Each card's points under the contract's strain."""
    return POINTS[suit_of(strain)]


VALUES_BY_STRAIN: dict[str, dict[Card, int]] = {s: card_values(s) for s in STRAINS}


def card_strengths(strain: str) -> dict[Card, int]:
    """Each card's strength in a trick: plain order 0-7, trumps 8-15. A card beats the one winning
    so far when it is of the same suit or a trump and stronger."""
    return STRENGTHS[suit_of(strain)]


STRENGTHS_BY_STRAIN: dict[str, dict[Card, int]] = {s: card_strengths(s) for s in STRAINS}


def check_carried_fields(action: Action, allowed: frozenset[str]) -> None:
    """An action carrying a field its type does not use is refused, never silently dropped."""
    extra = [
        name
        for name, present in (
            ("value", action.value is not None),
            ("strain", action.strain is not None),
            ("card", action.card is not None),
            ("capot", action.capot),
        )
        if present and name not in allowed
    ]
    if extra:
        raise IllegalAction(
            Code.ACTION_FIELD_NOT_ALLOWED,
            f"a {action.type} carries no {' or '.join(extra)}",
            params={"type": action.type, "field": ", ".join(extra)},
            case="named",
        )
    if action.type == "bid" and action.capot and action.value is not None:
        raise IllegalAction(
            Code.ACTION_FIELD_NOT_ALLOWED,
            "a capot bid carries no value: capot is the highest bid",
            case="capot_value",
        )


new_object = object.__new__

_set_a_calls, _set_a_contract, _set_a_passes, _set_a_last_word, _set_a_replies = (
    Auction.__dict__[f.name].__set__ for f in fields(Auction)
)
_set_c_seat, _set_c_value, _set_c_strain, _set_c_capot, _set_c_double = (
    Contract.__dict__[f.name].__set__ for f in fields(Contract)
)


def new_auction(
    calls: tuple[Action, ...],
    contract: Contract | None,
    passes: int = 0,
    last_word: bool = False,
    replies: int = 0,
) -> Auction:
    """Auction(...) without the frozen dataclass __init__ (one per call of the auction)."""
    a: Auction = new_object(Auction)
    _set_a_calls(a, calls)
    _set_a_contract(a, contract)
    _set_a_passes(a, passes)
    _set_a_last_word(a, last_word)
    _set_a_replies(a, replies)
    return a


def new_contract(
    seat: int, value: int | None, strain: str, capot: bool = False, double: str = NONE
) -> Contract:
    """Contract(...) without the frozen dataclass __init__."""
    c: Contract = new_object(Contract)
    _set_c_seat(c, seat)
    _set_c_value(c, value)
    _set_c_strain(c, strain)
    _set_c_capot(c, capot)
    _set_c_double(c, double)
    return c
