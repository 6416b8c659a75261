"""The deals kept by weight: the Fenwick tree's picks are the running sum's, pick for pick."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots.deals import keep


def _by_running_sum(drawn: list[tuple[Any, float]], n: int, rng: random.Random) -> list[Any]:
    """The plain reading: each pick sums the weights left and walks them to u x that sum."""
    left = list(drawn)
    kept = []
    while left and len(kept) < n:
        r = rng.random() * sum(w for _, w in left)
        acc = 0.0
        for i, (deal, w) in enumerate(left):
            acc += w
            if acc >= r:
                kept.append(deal)
                left.pop(i)
                break
        else:
            kept.append(left.pop()[0])
    return kept


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(
    weights=st.lists(
        st.builds(lambda a, b: 0.35**a * 0.6**b, st.integers(0, 6), st.integers(0, 12)), max_size=120
    ),
    share=st.floats(0.0, 1.0),
    seed=st.integers(0, 10**6),
)
def test_kept_deals_are_the_running_sums(weights: list[float], share: float, seed: int) -> None:
    drawn = list(enumerate(weights))
    n = round(share * len(weights))
    assert keep(drawn, n, random.Random(seed)) == _by_running_sum(drawn, n, random.Random(seed))
