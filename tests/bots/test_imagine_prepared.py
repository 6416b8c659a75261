"""`deals.imagine` keeps the last knowledge's unknown cards and fill order: a draw is the same
whether that knowledge was the last one drawn from or not, and never another knowledge's. Its draw
(`lean.deal_cards`, compiled with the simulators) deals, seed for seed, what drawing with
`random.shuffle` deals: every search's answers depend on it."""

from __future__ import annotations

import random

import pytest

import service.bots.deals as deals
from service.bots import family_of
from service.bots.knowledge import Knowledge
from service.rules.cards import Card
from service.rules.registry import GAMES


def _knowledge(steps: int, seed: int, game: str = "oh-hell") -> Knowledge | None:
    """The knowledge of the seat to act after `steps` random actions (None: the hand was over)."""
    g = GAMES[game]
    rules = g.rules(None)
    hand = g.deal(rules, {"seed": seed})["hand"]
    rng = random.Random(seed)
    for _ in range(steps):
        full = g.state(rules, hand)
        if full["phase"] in ("complete", "redeal"):
            return None
        hand = {**hand, "actions": [*hand["actions"], rng.choice(full["legal_actions"])]}
    seat = g.state(rules, hand)["to_act"]
    if seat is None:
        return None
    fam = family_of(game)
    return fam.know(fam.parse(g.state(rules, {**hand, "seat": seat}), seat), seat, rules)


def _shuffled(k: Knowledge, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
    """The draw as written on Cards with `random.shuffle`: the reference for `deal_cards`."""
    pool = k.unknown()
    order = sorted(
        (s for s in range(k.players) if k.hidden[s] > 0),
        key=lambda s: (sum(1 for c in pool if c.suit not in k.voids[s]) - k.hidden[s], s),
    )
    rng.shuffle(pool)
    hands: list[list[Card]] = [
        sorted(k.shown[s], key=k.deck.index) if k.shown else [] for s in range(k.players)
    ]
    for s in order:
        taken = [c for c in pool if c.suit not in k.voids[s]][: k.hidden[s]]
        if len(taken) < k.hidden[s]:
            return None
        hands[s].extend(taken)
        pool = [c for c in pool if c not in taken]
    if len(pool) < k.extra:
        return None
    return hands, pool[: k.extra]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seed_draws_what_random_shuffle_draws(game: str) -> None:
    """Every game, positions from the deal to the last tricks (voids, a stock, shown combinations),
    the same seed: the same hands and the same cards outside them, a stuck draw stuck in both, and
    the generator left where `random.shuffle` leaves it (the search draws on from there)."""
    compared = stuck = 0
    for seed in range(12):
        for steps in range(0, 44, 3):
            k = _knowledge(steps, seed, game)
            if k is None:
                continue
            for draw_seed in range(4):
                a, b = random.Random(draw_seed), random.Random(draw_seed)
                got = deals.imagine(k, a)
                assert got == _shuffled(k, b)
                assert a.random() == b.random()
                compared += 1
                stuck += got is None
    assert compared >= 150
    if game in ("bazar-blot", "baloot"):  # four seats' voids under the duties: some draws stick
        assert stuck > 0
