"""What Bazar Blot's combinations are worth, which side's are best, and the blot.

Detection (which runs and quartets a hand holds) is the Belote core's; the values and the ranking
are the Armenian Blot rule book's (Combinations): runs of 3, 4, 5+ are worth 20, 50, 100; four of a
kind per `quartet_values`; four of a kind beats any run; a longer run beats a shorter, then the
higher top card, then a run in trumps, then the player first in trick order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..belote.cards import DECK_32, NATURAL_LOW_TO_HIGH
from ..belote.combinations import quartets
from ..cards import SUITS, Card, Suit
from .options import FIRST_IN_ORDER, QUARTET_VALUES

RUN = "run"
QUARTET = "quartet"
BLOT = "blot"
BLOT_POINTS = 20


# One bit per card (8 per suit, natural order): most dealt hands hold no combination, and two shifts
# and a mask say so without building any run or quartet.
_BIT: dict[Card, int] = {
    c: 1 << (8 * SUITS.index(c.suit) + NATURAL_LOW_TO_HIGH.index(c.rank)) for c in DECK_32
}
_SUIT_EDGE = sum(0b11000000 << (8 * s) for s in range(4))  # a run never wraps into the next suit
_QUARTET_RANKS = sum(1 << NATURAL_LOW_TO_HIGH.index(r) for r in "9TJQKA")  # one suit's byte
_KING_QUEEN: dict[Suit | None, int] = {
    s: (1 << (8 * i + NATURAL_LOW_TO_HIGH.index("K"))) | (1 << (8 * i + NATURAL_LOW_TO_HIGH.index("Q")))
    for i, s in enumerate(SUITS)
}


def hand_mask(hand: Sequence[Card]) -> int:
    return sum(map(_BIT.__getitem__, hand))  # distinct bits: the sum is the union


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


# (suit, byte) -> the runs it holds as the core's `runs` reports them: cards, length, top strength
_RUNS: tuple[tuple[tuple[tuple[str, ...], int, int], ...], ...] = tuple(
    tuple(
        (tuple(NATURAL_LOW_TO_HIGH[k] + suit.value for k in range(top - length + 1, top + 1)), length, top)
        for length, top in _byte_runs(byte)
    )
    for suit in SUITS
    for byte in range(256)
)


def _has_run(mask: int) -> bool:
    return bool(mask & (mask >> 1) & (mask >> 2) & ~_SUIT_EDGE)


def _has_quartet(mask: int) -> bool:
    """All four suits' bytes share a bit among the ranks 9 to ace."""
    return bool(mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & _QUARTET_RANKS)


def run_points(length: int) -> int:
    return 20 if length == 3 else 50 if length == 4 else 100


@dataclass(frozen=True, slots=True)
class Declaration:
    """One scoring combination of one seat; `key` ranks it (the larger beats)."""

    seat: int
    kind: str
    cards: tuple[str, ...]
    points: int
    key: tuple[int, int, int, int]

    def to_json(self, players: int) -> dict[str, object]:
        return {
            "seat": self.seat,
            "team": self.seat % 2 if players == 4 else self.seat,
            "kind": self.kind,
            "points": self.points,
            "cards": list(self.cards),
        }


def seat_declarations(
    hand: Sequence[Card], seat: int, trump: Suit | None, table: str, with_quartets: bool
) -> list[Declaration]:
    """Every combination of a dealt hand that is worth something (a worthless four of a kind, such as
    four nines in no trump, is no combination and beats nothing)."""
    return _declarations(hand, hand_mask(hand), seat, trump, table, with_quartets)


def _declarations(
    hand: Sequence[Card], mask: int, seat: int, trump: Suit | None, table: str, with_quartets: bool
) -> list[Declaration]:
    with_quartets = with_quartets and _has_quartet(mask)
    has_run = _has_run(mask)
    if not with_quartets and not has_run:
        return []
    found: list[Declaration] = []
    if with_quartets:
        values = QUARTET_VALUES[table][trump is not None]
        for q in quartets(hand, "9TJQKA"):
            v = values.get(q.rank, 0)
            if v:
                found.append(Declaration(seat, QUARTET, q.cards, v, (1, v, 0, 0)))
    if has_run:  # by suit in S H D C order, low first, as the core's `runs` finds them
        for i, suit in enumerate(SUITS):
            for cards, length, top in _RUNS[256 * i + (mask >> 8 * i & 255)]:
                key = (0, length, top, int(suit is trump))
                found.append(Declaration(seat, RUN, cards, run_points(length), key))
    return found


@dataclass(frozen=True, slots=True)
class Combinations:
    """The deal's combinations as scored: the winning team's declarations, points per team, the blot."""

    scoring: tuple[Declaration, ...]
    points: tuple[int, int]
    team: int | None
    blot_seat: int | None

    def blot_team(self, players: int) -> int | None:
        if self.blot_seat is None:
            return None
        return self.blot_seat % 2 if players == 4 else self.blot_seat


def score_combinations(
    hands: Sequence[Sequence[Card]],
    trump: Suit | None,
    first: int,
    table: str,
    ties: str,
    with_quartets: bool,
) -> Combinations:
    """Only the side with the best combination scores, and then all of its combinations."""
    n = len(hands)
    mod = 2 if n == 4 else n

    def team_of(seat: int) -> int:
        return seat % mod

    masks = [hand_mask(h) for h in hands]
    decls = [_declarations(hands[s], masks[s], s, trump, table, with_quartets) for s in range(n)]
    blot_seat = None
    if trump is not None:  # the blot: king and queen of trumps in one hand
        kq = _KING_QUEEN[trump]
        blot_seat = next((s for s in range(n) if masks[s] & kq == kq), None)
    best: dict[int, tuple[tuple[int, int, int, int], int]] = {}  # team -> (key, order of its holder)
    for order in range(n):
        seat = (first + order) % n
        for d in decls[seat]:
            t = team_of(seat)
            if t not in best or d.key > best[t][0]:
                best[t] = (d.key, order)
    winner: int | None
    if not best:
        winner = None
    elif len(best) == 1:
        winner = next(iter(best))
    else:
        (k0, o0), (k1, o1) = best[0], best[1]
        if k0 != k1:
            winner = 0 if k0 > k1 else 1
        elif ties == FIRST_IN_ORDER:
            winner = 0 if o0 < o1 else 1
        else:
            winner = None
    if winner is None:
        return Combinations((), (0, 0), None, blot_seat)
    scoring = tuple(d for s in range(n) if team_of(s) == winner for d in decls[s])
    total = sum(d.points for d in scoring)
    pts = (total, 0) if winner == 0 else (0, total)
    return Combinations(scoring, pts, winner, blot_seat)
