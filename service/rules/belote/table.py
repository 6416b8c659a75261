"""The one table every Belote game plays on: the hands, the tricks taken, who leads, the points, and
the card play's one-card step (the hot path) that Bazar Blot, the duel and Baloot share.

`BeloteTable` is what a deal fixes for the whole hand (each game's `Table` adds its calling's
settings); `BeloteState` is a position of the hand. A game's state subclasses it and brings only
what differs: the calling phase (`_call`), how a refused card is explained (`_refuse_card`), the
score and the view. When the contract is made the game builds a `trickplay.CardPlay` (the trump, its
tables, the duties, whether a lead must avoid trumps), shared by every state of the play, so each
card costs one cheap step: the step never asks which game it is playing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Generic, Self, TypeVar

from ..cards import Card
from ..errors import IllegalAction
from ..profile import Rules
from ..record import Action
from .cards import DECK_32, LAST_TRICK
from .duties import playable as duty_playable
from .trickplay import CardPlay, PlayedTrick, locked_lead, played_json

PLAY = "play"
COMPLETE = "complete"

Hands = tuple[tuple[Card, ...], ...]

# Actions are values: the plays are built once and shared by every state (cards hash by identity).
PLAY_ACTIONS: tuple[dict[Card, Action], ...] = tuple(
    {c: Action(seat, "play", card=c) for c in DECK_32} for seat in range(4)
)


@dataclass(frozen=True, slots=True)
class BeloteTable:
    """What the deal fixes for the whole hand, in every Belote game."""

    rules: Rules
    players: int
    dealer: int
    first: int  # speaks first and leads the first trick
    dealt: Hands  # the hands as dealt, before the calling
    stock: tuple[Card, ...]  # the cards still to deal, in deal order


T = TypeVar("T", bound=BeloteTable)  # the game's table
A = TypeVar("A")  # the game's calling record
P = TypeVar("P", bound=CardPlay)  # the game's card play


@dataclass(frozen=True, slots=True)
class BeloteState(Generic[T, A, P]):
    """A position of a Belote hand: an immutable value that `apply` turns into the next."""

    table: T
    auction: A  # the calls so far and what they settled
    hands: Hands
    phase: str
    to_act: int | None
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[PlayedTrick, ...]
    play: P | None  # fixed once the contract is made
    # Derived during the play, kept so that each card costs one step: the card winning the trick so
    # far and its seat (None and 0 before the lead), and the cards the seat to play may play.
    best: Card | None = field(default=None, compare=False, repr=False)
    best_seat: int = field(default=0, compare=False, repr=False)
    playable: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    # ------------------------------------------------------------- what each game brings

    def _call(self, action: Action) -> Self:
        """Any action but a play: the game's calling phase."""
        raise NotImplementedError

    def _refuse_card(self, action: Action) -> IllegalAction:
        """Why a play may not be made (called only once the fast check failed)."""
        raise NotImplementedError

    # ------------------------------------------------------------- the play

    def apply(self, action: Action) -> Self:
        if action.type != "play":
            return self._call(action)
        seat = action.seat
        c = action.card
        # Only a position of the play has playable cards, so the phase needs no check of its own.
        if (
            c not in self.playable  # cards are interned: identity
            or seat != self.to_act
            or c is None
            or action.value is not None
            or action.strain is not None
            or action.capot
        ):
            raise self._refuse_card(action)
        hands = self.hands
        hand = hands[seat]
        i = hand.index(c)
        left = hand[:i] + hand[i + 1 :]
        hands = (*hands[:seat], left, *hands[seat + 1 :])
        play = self.play
        assert play is not None
        trump = play.trump
        strength = play.strength
        best = self.best
        if best is None or ((c.suit is best.suit or c.suit is trump) and strength[c] > strength[best]):
            best, best_seat = c, seat
        else:
            best_seat = self.best_seat
        trick = (*self.trick, c)
        t = self.table
        n = t.players
        cls = type(self)
        if len(trick) < n:
            nxt = seat + 1 if seat + 1 < n else 0
            partner = n == 4 and best_seat == (nxt + 2) % 4
            return make_state(
                cls, t, self.auction, hands, PLAY, nxt, self.leader, trick, self.tricks, play, best,
                best_seat, duty_playable(hands[nxt], trick, trump, best, partner, strength, play.duties),
            )  # fmt: skip
        values = play.values
        pts = values[trick[0]] + values[trick[1]]
        if n == 4:
            pts += values[trick[2]] + values[trick[3]]
        if not left:
            pts += LAST_TRICK
        done: PlayedTrick = _new(PlayedTrick)
        _set_pt_leader(done, self.leader)
        _set_pt_cards(done, trick)
        _set_pt_winner(done, best_seat)
        _set_pt_points(done, pts)
        tricks = (*self.tricks, done)
        if left:
            lead = hands[best_seat]
            if play.locked:
                lead = locked_lead(lead, trump)
            return make_state(
                cls, t, self.auction, hands, PLAY, best_seat, best_seat, (), tricks, play, None, 0, lead
            )
        return make_state(cls, t, self.auction, hands, COMPLETE, None, best_seat, (), tricks, play)

    @property
    def won(self) -> tuple[int, int]:
        """Tricks taken by each side (the duel's sides are its two seats)."""
        won = [0, 0]
        for p in self.tricks:
            won[p.winner % 2] += 1
        return won[0], won[1]

    @property
    def points(self) -> tuple[int, int]:
        """Card points taken by each side, the last trick's 10 included."""
        points = [0, 0]
        for p in self.tricks:
            points[p.winner % 2] += p.points
        return points[0], points[1]

    def play_actions(self) -> tuple[Action, ...]:
        """The legal plays of the seat to play (its playable cards as actions)."""
        to_act = self.to_act
        if to_act is None:
            return ()
        return tuple(map(PLAY_ACTIONS[to_act].__getitem__, self.playable))

    # ------------------------------------------------------------- what every view shows

    def hands_json(self, seat: int | None) -> list[list[str] | None]:
        """Every hand, or with `seat` only that seat's (the others are None)."""
        return [[c.text for c in h] if seat is None or s == seat else None for s, h in enumerate(self.hands)]

    def tricks_json(self) -> list[dict[str, Any]]:
        n = self.table.players
        return [
            {
                "leader": p.leader,
                "cards": played_json(p.leader, p.cards, n),
                "winner": p.winner,
                "points": p.points,
            }
            for p in self.tricks
        ]

    def current_trick_json(self) -> dict[str, Any] | None:
        """The trick being played (None outside the play)."""
        if self.phase != PLAY:
            return None
        return {"leader": self.leader, "cards": played_json(self.leader, self.trick, self.table.players)}

    def _opening(self, auction: A, hands: Hands, play: P) -> Self:
        """The first position of the play: the table's first seat leads (under a locked lead, no
        trump while it holds another suit)."""
        first = self.table.first
        lead = hands[first]
        if play.locked:
            lead = locked_lead(lead, play.trump)
        cls = type(self)
        return make_state(cls, self.table, auction, hands, PLAY, first, first, (), (), play, None, 0, lead)


# The play builds one state per card. A frozen dataclass's __init__ sets each field through
# object.__setattr__; a plain class with the same slots in the same order has the same memory layout,
# so a state is built as that twin with plain attribute stores, then given its class (CPython allows
# the change between layouts that match): the same frozen object at well under half the cost.
_new = object.__new__


class _Twin(Generic[T, A, P]):  # the same base as BeloteState's: Generic
    __slots__ = tuple(f.name for f in fields(BeloteState))


_set_pt_leader, _set_pt_cards, _set_pt_winner, _set_pt_points = (
    PlayedTrick.__dict__[f.name].__set__ for f in fields(PlayedTrick)
)

S = TypeVar("S", bound="BeloteState[Any, Any, Any]")


def make_state(
    cls: type[S],
    table: BeloteTable,
    auction: Any,
    hands: Hands,
    phase: str,
    to_act: int | None,
    leader: int,
    trick: tuple[Card, ...],
    tricks: tuple[PlayedTrick, ...],
    play: CardPlay | None,
    best: Card | None = None,
    best_seat: int = 0,
    playable: tuple[Card, ...] = (),
) -> S:
    """cls(table, auction, ...) without the frozen dataclass __init__: equal to it in every way. A
    game's state adds behaviour, never a field (`__slots__ = ()`): its layout is the table's."""
    s: Any = _new(_Twin)
    s.table = table
    s.auction = auction
    s.hands = hands
    s.phase = phase
    s.to_act = to_act
    s.leader = leader
    s.trick = trick
    s.tricks = tricks
    s.play = play
    s.best = best
    s.best_seat = best_seat
    s.playable = playable
    s.__class__ = cls
    made: S = s
    return made
