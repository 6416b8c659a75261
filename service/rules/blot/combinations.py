"""What Bazar Blot's combinations are worth, which side's are best, and the blot.

Detection (which runs and quartets a hand holds) is the Belote core's; the values and the ranking
are the Armenian Blot rule book's (Combinations): runs of 3, 4, 5+ are worth 20, 50, 100; four of a
kind per `quartet_values`; four of a kind beats any run; a longer run beats a shorter, then the
higher top card, then a run in trumps, then the player first in trick order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..belote.combinations import hand_mask, holds_quartet, mask_runs, may_hold_run, quartets, rank_bits
from ..cards import SUITS, Card, Suit, card
from .options import FIRST_IN_ORDER, QUARTET_VALUES

RUN = "run"
QUARTET = "quartet"
BLOT = "blot"
BLOT_POINTS = 20


_QUARTET_RANKS = rank_bits("9TJQKA")  # four eights or sevens are no combination in any table
_KING_QUEEN: dict[Suit, int] = {s: hand_mask([card("K" + s.value), card("Q" + s.value)]) for s in SUITS}


def run_name(length: int) -> str:
    """What players call a run of `length` cards: terz, fifty, hundred (five or more)."""
    return "terz" if length == 3 else "fifty" if length == 4 else "hundred"


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
    with_quartets = with_quartets and holds_quartet(mask, _QUARTET_RANKS)
    has_run = may_hold_run(mask)
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
        for cards, length, top in mask_runs(mask):
            key = (0, length, top, int(cards[0].suit is trump))
            found.append(Declaration(seat, RUN, tuple(c.text for c in cards), run_points(length), key))
    return found


@dataclass(frozen=True, slots=True)
class Combinations:
    """The deal's combinations as scored: the winning team's declarations, points per team, the blot."""

    scoring: tuple[Declaration, ...]
    points: tuple[int, int]
    team: int | None
    blot_seat: int | None
    # every seat's combinations, scoring or not: what each announces with its first card
    declared: tuple[tuple[Declaration, ...], ...] = ()

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
    winner, _ = best_side(decls, first, ties)
    declared = tuple(tuple(d) for d in decls)
    if winner is None:
        return Combinations((), (0, 0), None, blot_seat, declared)
    scoring = tuple(d for s in range(n) if team_of(s) == winner for d in decls[s])
    total = sum(d.points for d in scoring)
    pts = (total, 0) if winner == 0 else (0, total)
    return Combinations(scoring, pts, winner, blot_seat, declared)


def best_side(decls: Sequence[Sequence[Declaration]], first: int, ties: str) -> tuple[int | None, bool]:
    """The side whose best combination beats the other's (None: nobody scores), and whether only the
    trick order from `first` decided it (equal best combinations, option `combination_ties`)."""
    n = len(decls)
    mod = 2 if n == 4 else n
    best: dict[int, tuple[tuple[int, int, int, int], int]] = {}  # team -> (key, order of its holder)
    for order in range(n):
        seat = (first + order) % n
        for d in decls[seat]:
            t = seat % mod
            if t not in best or d.key > best[t][0]:
                best[t] = (d.key, order)
    if not best:
        return None, False
    if len(best) == 1:
        return next(iter(best)), False
    (k0, o0), (k1, o1) = best[0], best[1]
    if k0 != k1:
        return (0 if k0 > k1 else 1), False
    if ties == FIRST_IN_ORDER:
        return (0 if o0 < o1 else 1), True
    return None, False
