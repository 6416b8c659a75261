"""The search's calibrated costs (bench/calibrate.py measures them): positive, and at each level's
default budget the plan they give stays within the level's own playout cap while buying the
searching levels more than one imagined deal. Searches run with the clock's net off (`clock=False`):
the plan depends on the constants only, never on this machine's speed."""

from __future__ import annotations

import pytest

from service.bots import LEVELS, family_of, suggest
from service.bots.core import cards_of

from .test_bots import position, to_act_view

GAMES_OF_FAMILIES = ("oh-hell", "bazar-blot", "baloot")


@pytest.mark.parametrize("game", GAMES_OF_FAMILIES)
def test_constants_are_positive(game: str) -> None:
    fam = family_of(game)
    assert fam.card_ms > 0
    assert fam.lean is not None and fam.sim_ms > 0


@pytest.mark.parametrize("game", GAMES_OF_FAMILIES)
@pytest.mark.parametrize("steps", [0, 18])  # the first call, and a card in the middle of the play
@pytest.mark.parametrize("level", ["normal", "hard", "crazy"])
def test_default_budget_plan_within_the_cap(game: str, steps: int, level: str) -> None:
    g, rules, hand = position(game, None, 11, steps)
    seat, view = to_act_view(g, rules, hand)
    s = suggest(game, view, seat, level, seed=2, budget_ms=None, clock=False)
    assert s.action in view["legal_actions"]
    assert not s.cut
    assert s.playouts <= LEVELS[level].playouts
    if len(s.values) > 1 and level != "normal":  # a choice to weigh: the budget buys several deals
        assert s.worlds > 1
        assert s.playouts == s.worlds * len(s.values)


@pytest.mark.parametrize("game", ["blob", "oh-hell", "bazar-blot", "baloot"])
@pytest.mark.parametrize("steps", [0, 12, 30])
def test_a_world_counts_the_whole_deal(game: str, steps: int) -> None:
    """An imagined deal is drawn and replayed whole however many tricks are gone: the plan counts
    every card of the deal (counting only the cards left let late searches plan several times the
    deals their budget buys)."""
    g, rules, hand = position(game, None, 5, steps)
    _, view = to_act_view(g, rules, hand)
    deal, left = cards_of(family_of(game), view)
    per_seat = view.get("hand_size") or 8
    assert deal == view["players"] * per_seat
    assert left == (sum(view["hand_counts"]) if view["phase"] == "play" else deal)
