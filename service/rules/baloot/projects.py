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
from functools import cache

from ..belote.combinations import Run, hand_mask, holds_quartet, mask_runs, may_hold_run, quartets, rank_bits
from ..cards import Card, card
from .options import ALL_PROJECTS, QUARTET_FIRST, TWO_PER_PLAYER

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


_QUARTET_BITS = rank_bits(QUARTET_RANKS)


def may_hold_project(hand: Sequence[Card]) -> bool:
    """A cheap test (one bit per card) that the hand holds a run of three or a scoring quartet; the
    engine runs the core's detection only then (most hands hold no project)."""
    mask = hand_mask(hand)
    return may_hold_run(mask) or holds_quartet(mask, _QUARTET_BITS)


def seat_projects(seat: int, hand: Sequence[Card], sun: bool, ranking: str) -> list[Project]:
    """Every project of one dealt hand, best first."""
    mask = hand_mask(hand)
    has_run = may_hold_run(mask)
    has_quartet = holds_quartet(mask, _QUARTET_BITS)
    if not has_run and not has_quartet:
        return []
    values = SUN_POINTS if sun else HOKUM_POINTS
    quartet_first = ranking == QUARTET_FIRST
    found: list[Project] = []
    if has_run:  # by suit in S H D C order, low first, as the core's `runs` finds them
        for cards, length, top in mask_runs(mask):
            name = _run_name(length)
            pts = values[name]
            # (points, kind: the ranking option decides whether runs or quartets come first, length, top)
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


def project_of(seat: int, run: Run | None, quartet: str | None, sun: bool, ranking: str) -> Project:
    """The project a seat announces at the table (a run: its suit, length and top card; a quartet: its
    rank), valued and ranked as `seat_projects` values and ranks the same cards found in a hand."""
    values = SUN_POINTS if sun else HOKUM_POINTS
    quartet_first = ranking == QUARTET_FIRST
    if run is not None:
        name = _run_name(run.length)
        pts = values[name]
        key = (pts, 0 if quartet_first else 1, run.length, run.top_strength)
        return Project(seat, name, tuple(card(t) for t in run.cards), pts, key)
    assert quartet is not None
    name = FOUR_HUNDRED if quartet == "A" else HUNDRED
    pts = values[name]
    key = (pts, 1 if quartet_first else 0, 4, _QUARTET_ORDER[quartet])
    return Project(seat, name, tuple(card(quartet + s) for s in "SHDC"), pts, key)


def _suit_runs(mask: int) -> tuple[int, ...]:
    """The lengths of the maximal runs of three or more in one suit's ranks (bit i: natural rank i)."""
    out: list[int] = []
    length = 0
    for i in range(9):
        if i < 8 and mask >> i & 1:
            length += 1
        else:
            if length >= 3:
                out.append(length)
            length = 0
    return tuple(out)


@cache
def seat_totals(sun: bool, declarations: str) -> frozenset[int]:
    """Every project total one eight-card hand can hold (all its projects, or its best two): exact,
    by a walk over the four suits keeping the cards used, the quartet ranks still held in every suit
    so far, and the runs' values (their sum, or their best two)."""
    values = SUN_POINTS if sun else HOKUM_POINTS
    run_value = {n: values[_run_name(n)] for n in range(3, 9)}
    quartet_bits = 0b11111000  # T J Q K A in natural order 7 8 9 T J Q K A
    two = declarations == TWO_PER_PLAYER
    states: set[tuple[int, int, tuple[int, ...]]] = {(0, quartet_bits, ())}
    for _ in range(4):
        nxt: set[tuple[int, int, tuple[int, ...]]] = set()
        for used, common, found in states:
            for mask in range(256):
                n = mask.bit_count()
                if used + n > 8:
                    continue
                got = tuple(sorted((*found, *(run_value[r] for r in _suit_runs(mask))), reverse=True))
                nxt.add((used + n, common & mask, got[:2] if two else got))
        states = nxt
    totals: set[int] = set()
    for used, common, found in states:
        if used != 8:
            continue
        quartets = [
            values[FOUR_HUNDRED] if i == 7 else values[HUNDRED] for i in range(3, 8) if common >> i & 1
        ]
        every = sorted((*found, *quartets), reverse=True)
        totals.add(sum(every[:2] if two else every))
    return frozenset(totals)


# The sums of two seats' totals that no two hands of one deal hold, found by an exhaustive walk over
# both hands' cards (bench/baloot_project_totals.py, about a minute a case, so not run here): in Sun
# the four aces (40) are in one hand only, so a team holds at most 100, and the other hand cannot
# make up 92 to 98 beside them. Every Hokum sum is reachable.
NOT_IN_ONE_DEAL = {
    (True, ALL_PROJECTS): frozenset({92, 94, 96, 98, 104, 108, 110, 120}),
    (True, TWO_PER_PLAYER): frozenset({88, 94, 104, 110, 120}),
}


@cache
def team_totals(sun: bool, declarations: str) -> frozenset[int]:
    """The project totals a team's two hands of one deal can hold: the sums of two seats' totals,
    less the ones no deal makes (NOT_IN_ONE_DEAL)."""
    seat = seat_totals(sun, declarations)
    sums = frozenset(a + b for a in seat for b in seat)
    return sums - NOT_IN_ONE_DEAL.get((sun, declarations), frozenset())
