"""bench.thumb plays a card rule against the Oh Hell family's rule of thumb: the check that the
rule of thumb against itself scores nothing, that a poor rule shows as poor, and that each rule it
names plays only legal cards and does change the rule of thumb's card somewhere."""

from __future__ import annotations

import statistics

import pytest

from bench.thumb import RULES, Turn, duplicate, first_lead, play, thumb, turn
from service.bots.lean import OH_STRENGTH, OH_SUIT


def test_the_rule_of_thumb_against_itself_scores_nothing() -> None:
    assert duplicate("oh-hell", thumb, 10) == [0.0] * 10


def test_a_rule_that_plays_its_strongest_legal_card_loses() -> None:
    def strongest(t: Turn) -> int:
        return max(t.sim.legal(), key=lambda c: OH_STRENGTH[t.sim.trump][c])

    xs = duplicate("oh-hell", strongest, 40)
    assert statistics.fmean(xs) < -1.0  # it wins the tricks its calls of few could not take


@pytest.mark.parametrize("game", ["oh-hell", "blob"])
@pytest.mark.parametrize("name", [r for r in RULES if r != "thumb"])
def test_each_rule_plays_legal_cards_and_changes_some(game: str, name: str) -> None:
    rule = RULES[name]
    changed = 0

    def watched(t: Turn) -> int:
        nonlocal changed
        c = rule(t)
        changed += c != t.thumb
        return c

    for d in range(30):
        start = first_lead(game, 31 * (d + 1), d % 4)
        play(start, watched, (0, 1, 2, 3))  # raises on an illegal card
    assert changed > 0


def test_a_turn_reads_the_cards_gone_and_the_suit_to_follow() -> None:
    sim = first_lead("oh-hell", 7919, 0)
    lead = sim.thumb()
    gone = [0, 0, 0, 0]
    gone[OH_SUIT[lead]] |= 1 << (lead % 13)
    sim.play(lead)
    t = turn(sim, gone)
    assert t.thumb == sim.thumb()
    assert t.follow in (OH_SUIT[lead], -1)
    assert not t.unseen(OH_SUIT[lead]) & (1 << (lead % 13))  # the card led is no longer unseen


def test_the_deals_can_take_a_searching_levels_calls() -> None:
    """`--calls hard`: the deals reach the first lead with Hard's calls and trumps, which are not
    the rule of thumb's on every deal (searching callers bid above the count for the trumps)."""
    mine = [first_lead("blob", 7919 * (d + 1), d % 4, "hard") for d in range(4)]
    theirs = [first_lead("blob", 7919 * (d + 1), d % 4) for d in range(4)]
    for a, b in zip(mine, theirs, strict=True):
        assert a.hands == b.hands and a.left == b.left == 40
    assert any((a.bids, a.trump) != (b.bids, b.trump) for a, b in zip(mine, theirs, strict=True))
