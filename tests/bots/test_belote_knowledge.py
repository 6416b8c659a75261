"""What the Belote family's bots read from a view beyond its cards (the combinations announced without
their cards, the runs a seat must hold exactly, the trump a seat showed it lacks) never rules out the
deal actually dealt: every imagined deal is drawn under these constraints, so one that excluded the
true deal would make a bot imagine only impossible deals."""

from __future__ import annotations

from typing import Any

import pytest

from service.bots import family_of
from service.bots.knowledge import Announced, run_lengths
from service.rules.cards import card

from .test_bots import position, to_act_view


@pytest.mark.parametrize("game", ["bazar-blot", "blot-duel", "baloot"])
@pytest.mark.parametrize("steps", [10, 14, 20, 26])
def test_what_a_bot_infers_admits_the_true_deal(game: str, steps: int) -> None:
    constrained = 0
    for seed in range(40):
        g, rules, hand = position(game, None, seed, steps)
        full: dict[str, Any] = g.state(rules, hand)
        if full["phase"] != "play":
            continue
        seat, view = to_act_view(g, rules, hand)
        fam = family_of(game)
        k = fam.know(fam.parse(view, seat), seat, rules)
        for s in range(k.players):
            if s == seat:
                continue
            held = [card(c) for c in full["hands"][s]]
            assert not any(c.suit in k.voids[s] for c in held), (seed, s, "a void it does not have")
            if k.shown:
                assert set(k.shown[s]) <= set(held), (seed, s, "a card shown that it does not hold")
        if isinstance(k, Announced):
            constrained += 1
            for s, options in k.combos:
                dealt = set(k.played[s]) | {card(c) for c in full["hands"][s]}
                assert any(set(cs) <= dealt for cs in options), (seed, s, "no option is the true one")
            for s, runs in k.runs:
                dealt_hand = [*k.played[s], *(card(c) for c in full["hands"][s])]
                assert run_lengths(dealt_hand) == runs, (seed, s, "runs that are not the true ones")
    assert constrained > 0  # the positions exercise the announcements
