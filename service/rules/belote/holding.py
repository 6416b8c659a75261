"""How few cards one hand needs to hold what a seat declared, when some declarations are said by
name only (a sira, a hundred) and their cards are not known.

A seat's runs share no card (one card, one run), nor do its four of a kind; a run and a four of a
kind share at most one card (a run holds one card of each rank). So R runs of at least l1..lR cards
and Q four of a kind need at least l1 + ... + lR + 4Q - RQ cards. A declaration that may be either
(Baloot's hundred said by name: a run of five or more, or four of a rank) is counted the way that
needs the fewest. A seat whose declarations need more than its hand is refused: no deal holds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Shape:
    """What one declaration can be: a run of at least `run` cards (None: never a run), and whether
    it can be four of a kind."""

    run: int | None
    quartet: bool


@dataclass(slots=True)
class Held:
    """One seat's declarations so far, as the counts the bound needs."""

    runs: int = 0  # surely runs
    run_cards: int = 0  # their fewest cards in all
    quartets: int = 0  # surely four of a kind
    either: list[int] = field(default_factory=list)  # run or four of a kind: each one's fewest as a run

    def add(self, shape: Shape) -> None:
        if shape.run is None:
            self.quartets += 1
        elif not shape.quartet:
            self.runs += 1
            self.run_cards += shape.run
        else:
            self.either.append(shape.run)

    def fewest_cards(self) -> int:
        """The fewest cards one hand holding all of them needs (see the module's docstring)."""
        either = sorted(self.either, reverse=True)  # the longest are the first counted as quartets
        best = None
        for k in range(len(either) + 1):
            runs = self.runs + len(either) - k
            cards = self.run_cards + sum(either[k:])
            quartets = self.quartets + k
            need = cards + 4 * quartets - runs * quartets
            best = need if best is None else min(best, need)
        assert best is not None
        return best


def shapes_of(keys: Iterable[tuple[bool, int]]) -> Shape:
    """A declaration's shape from what each of its possible readings is: (four of a kind, cards)."""
    readings = set(keys)
    runs = [n for quartet, n in readings if not quartet]
    return Shape(min(runs) if runs else None, any(quartet for quartet, _ in readings))
