"""Baloot projects: which a dealt hand holds (Belote core detection), what each is worth and which
team's count.

Values (Baloot rule book, Projects): a run of three (sira) 2, of four (fifty) 5, of five or more or
four tens, jacks, queens or kings (hundred) 10, four aces (four hundred) 10; in Sun 4, 10, 20, 40.
Raw values (used by the raw-points buyer's threshold) are game points x 10 in Hokum and x 5 in Sun:
20, 50, 100, and four aces 100 in Hokum, 200 in Sun (research B10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..belote.cards import DECK_32, NATURAL_LOW_TO_HIGH
from ..belote.combinations import quartets
from ..cards import SUITS, Card, card
from .options import QUARTET_FIRST, TWO_PER_PLAYER

SIRA = "sira"
FIFTY = "fifty"
HUNDRED = "hundred"
FOUR_HUNDRED = "four-hundred"
BALOOT = "baloot"

HOKUM_POINTS = {SIRA: 2, FIFTY: 5, HUNDRED: 10, FOUR_HUNDRED: 10}
SUN_POINTS = {SIRA: 4, FIFTY: 10, HUNDRED: 20, FOUR_HUNDRED: 40}
BALOOT_POINTS = 2
BALOOT_RAW = 20

QUARTET_RANKS = "TJQKA"  # four nines, eights or sevens are worth nothing
_QUARTET_ORDER = {r: i for i, r in enumerate(QUARTET_RANKS)}


def unit(sun: bool) -> int:
    """Card points per game point: 10 in Hokum, 5 in Sun."""
    return 5 if sun else 10


@dataclass(frozen=True, slots=True)
class Project:
    seat: int
    name: str
    cards: tuple[Card, ...]
    points: int  # game points in this hand's mode
    key: tuple[int, ...]  # ranking within the hand, larger is better (seat order excluded)

    @property
    def team(self) -> int:
        return self.seat % 2


def _run_name(length: int) -> str:
    return SIRA if length == 3 else FIFTY if length == 4 else HUNDRED


_BIT = {c: 1 << (8 * "SHDC".index(c.suit.value) + "789TJQKA".index(c.rank)) for c in DECK_32}
_QUARTET_MASKS = tuple(sum(1 << (8 * s + "789TJQKA".index(r)) for s in range(4)) for r in QUARTET_RANKS)
_SUIT_EDGE = sum(0b11000000 << (8 * s) for s in range(4))  # a run never wraps into the next suit


def _mask(hand: Sequence[Card]) -> int:
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


# 256 * suit + byte -> the runs that suit's byte holds as the core's `runs` reports them (cards, length,
# top strength), so a hand holding a run needs no sort
_RUNS: tuple[tuple[tuple[tuple[Card, ...], int, int], ...], ...] = tuple(
    tuple(
        (
            tuple(card(NATURAL_LOW_TO_HIGH[k] + suit.value) for k in range(top - length + 1, top + 1)),
            length,
            top,
        )
        for length, top in _byte_runs(byte)
    )
    for suit in SUITS
    for byte in range(256)
)


def _has_run(mask: int) -> bool:
    return bool(mask & (mask >> 1) & (mask >> 2) & ~_SUIT_EDGE)


def _has_quartet(mask: int) -> bool:
    return any(mask & q == q for q in _QUARTET_MASKS)


def may_hold_project(hand: Sequence[Card]) -> bool:
    """A cheap test (one bit per card) that the hand holds a run of three or a scoring quartet; the
    engine runs the core's detection only then (most hands hold no project)."""
    mask = _mask(hand)
    return _has_run(mask) or _has_quartet(mask)


def seat_projects(seat: int, hand: Sequence[Card], sun: bool, ranking: str) -> list[Project]:
    """Every project of one dealt hand, best first."""
    mask = _mask(hand)
    has_run = _has_run(mask)
    has_quartet = _has_quartet(mask)
    if not has_run and not has_quartet:
        return []
    values = SUN_POINTS if sun else HOKUM_POINTS
    quartet_first = ranking == QUARTET_FIRST
    found: list[Project] = []
    if has_run:  # by suit in S H D C order, low first, as the core's `runs` finds them
        for i in range(4):
            for cards, length, top in _RUNS[256 * i + (mask >> 8 * i & 255)]:
                name = _run_name(length)
                pts = values[name]
                # (points, kind: the ranking option decides whether runs or quartets come first, length,
                # top)
                key = (pts, 0 if quartet_first else 1, length, top)
                found.append(Project(seat, name, cards, pts, key))
    for q in quartets(hand, QUARTET_RANKS) if has_quartet else ():
        name = FOUR_HUNDRED if q.rank == "A" else HUNDRED
        pts = values[name]
        key = (pts, 1 if quartet_first else 0, 4, _QUARTET_ORDER[q.rank])
        found.append(Project(seat, name, tuple(card(t) for t in q.cards), pts, key))
    found.sort(key=lambda p: p.key, reverse=True)
    return found


def declared(
    hands: Sequence[Sequence[Card]], sun: bool, ranking: str, declarations: str
) -> tuple[Project, ...]:
    """The projects each seat declares (all, or its best two), seat by seat."""
    out: list[Project] = []
    for seat, hand in enumerate(hands):
        mine = seat_projects(seat, hand, sun, ranking)
        out.extend(mine[:2] if declarations == TWO_PER_PLAYER else mine)
    return tuple(out)


def best_team(projects: Sequence[Project], first: int) -> int | None:
    """The team holding the single best project; exact ties go to the seat nearer the dealer's right
    (`first`, the first to speak), as pagat and sakkah rule (research B9)."""
    if not projects:
        return None
    best = max(projects, key=lambda p: (p.key, -((p.seat - first) % 4)))
    return best.team


def team_points(projects: Sequence[Project], team: int | None) -> list[int]:
    """Game points of the projects that count, by team: all of the best team's, none of the other's."""
    pts = [0, 0]
    if team is not None:
        pts[team] = sum(p.points for p in projects if p.team == team)
    return pts
