"""Which side's best combination wins when a scorepad gives some of them by name only.

A table writes "seat 1: sira" and not the sira's suit and top card; those matter only when the two
sides' best combinations are otherwise equal. Each declaration comes with every ranking key it can
have (one when everything is given; a sira said by name, one per top card it can have); the
service decides when every possibility gives the same side, and otherwise names the declarations
whose detail decides it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from math import prod

Key = tuple[int, ...]
MAX_WORLDS = 4096  # possibilities tried at most; beyond, the declarations that vary are asked for


@dataclass(frozen=True, slots=True)
class Ranked:
    """One declaration: its index in the summary, its side, and every key it can have."""

    index: int
    team: int
    keys: tuple[Key, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """`team`: the side whose best declaration wins (None: nobody declared, or an exact tie); `level`:
    the declarations of both sides equal at the top (an exact tie, for the trick order); `undecided`:
    the declarations whose missing detail decides it, and `part` the first part of their keys that
    differs between the possibilities."""

    team: int | None
    level: tuple[Ranked, ...] = ()
    undecided: tuple[Ranked, ...] = ()
    part: int = 0


def _winner(keys: Sequence[tuple[Ranked, Key]]) -> tuple[int | None, tuple[Ranked, ...]]:
    best = max(k for _, k in keys)
    top = tuple(d for d, k in keys if k == best)
    teams = {d.team for d in top}
    return (top[0].team, ()) if len(teams) == 1 else (None, top)


def rank(declarations: Sequence[Ranked]) -> Outcome:
    if not declarations:
        return Outcome(None)
    floor = max(min(d.keys) for d in declarations)  # the best of the certain: nothing below it wins
    live = [d for d in declarations if max(d.keys) >= floor]
    if len({d.team for d in live}) == 1:
        return Outcome(live[0].team)
    varying = [d for d in live if len(d.keys) > 1]
    if not varying:
        team, level = _winner([(d, d.keys[0]) for d in live])
        return Outcome(team, level=level)
    results: set[int | None] = set()
    if prod(len(d.keys) for d in varying) <= MAX_WORLDS:
        for world in product(*(d.keys for d in live)):
            team, _ = _winner(list(zip(live, world, strict=True)))
            results.add(team)
            if len(results) > 1 or None in results:
                break
    if len(results) == 1 and None not in results:
        return Outcome(results.pop())
    keys = [k for d in varying for k in d.keys]
    part = next((i for i in range(len(keys[0])) if len({k[i] for k in keys}) > 1), 0)
    return Outcome(None, undecided=tuple(varying), part=part)
