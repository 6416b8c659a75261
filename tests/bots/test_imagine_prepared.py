"""`deals.imagine` keeps the last knowledge's unknown cards and fill order: a draw is the same
whether that knowledge was the last one drawn from or not, and never another knowledge's."""

from __future__ import annotations

import random

import service.bots.deals as deals
from service.bots.knowledge import Knowledge
from service.bots.ohhell import FAMILY
from service.rules.registry import GAMES


def _knowledge(steps: int, seed: int) -> Knowledge:
    g = GAMES["oh-hell"]
    rules = g.rules(None)
    hand = g.deal(rules, {"seed": seed})["hand"]
    rng = random.Random(seed)
    for _ in range(steps):
        hand = {**hand, "actions": [*hand["actions"], rng.choice(g.state(rules, hand)["legal_actions"])]}
    seat = g.state(rules, hand)["to_act"]
    return FAMILY.know(FAMILY.parse(g.state(rules, {**hand, "seat": seat}), seat), seat, rules)


def test_a_draw_does_not_depend_on_the_last_knowledge() -> None:
    ks = [_knowledge(0, 1), _knowledge(14, 2), _knowledge(27, 3)]
    assert len({tuple(k.unknown()) for k in ks}) == 3
    for i in range(30):
        k = ks[i % 3] if i % 4 else ks[(i * 7) % 3]
        kept = deals.imagine(k, random.Random(i))
        deals._PREPARED = (None, (), ())
        fresh = deals.imagine(k, random.Random(i))
        assert kept == fresh
        assert kept is not None
        drawn = [c for h in kept[0] for c in h] + kept[1]
        assert len(set(drawn)) == len(drawn) and set(drawn) <= set(k.unknown())
        assert [len(h) for h in kept[0]] == list(k.hidden)
