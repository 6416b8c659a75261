"""The search's calibrated costs (bench/calibrate.py measures them): positive, and at each level's
default budget the plan they give stays within the level's own playout cap while buying the
searching levels more than one imagined deal. Searches run with the clock's net off (`clock=False`):
the plan depends on the constants only, never on this machine's speed."""

from __future__ import annotations

import dataclasses

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
        if family_of(game).tree is not None:  # Hard's and Crazy's tree: iterations take the deals in turn
            assert s.playouts >= s.worlds * len(s.values)
        else:
            assert s.playouts == s.worlds * len(s.values)


@pytest.mark.parametrize("game", ["blob", "oh-hell", "bazar-blot", "baloot"])
@pytest.mark.parametrize("steps", [0, 12, 30])
def test_a_world_counts_the_whole_deal(game: str, steps: int) -> None:
    """An imagined deal is drawn and replayed whole however many tricks are gone: the plan counts
    every card of the deal (counting only the cards left let late searches plan several times the
    deals their budget buys)."""
    g, rules, hand = position(game, None, 5, steps)
    seat, view = to_act_view(g, rules, hand)
    fam = family_of(game)
    deal, left = cards_of(fam, fam.parse(view, seat))
    per_seat = view.get("hand_size") or 8
    assert deal == view["players"] * per_seat
    assert left == (sum(view["hand_counts"]) if view["phase"] == "play" else deal)


def test_calibration_splits_a_deals_cost_between_its_cards_and_those_played() -> None:
    """bench.calibrate splits an imagined deal's cost into a cost per card of the deal and one per
    card already played (the Oh Hell family's `card_ms` and `replay_ms`): on costs made of known
    parts it finds them, and it refuses to split views that cannot tell them apart."""
    from bench.calibrate import split_costs

    views = [(deal, played, 0.006 * deal + 0.013 * played) for deal in (28, 40, 52) for played in (0, 9, 20)]
    a, b = split_costs(views)
    assert abs(a - 0.006) < 1e-9 and abs(b - 0.013) < 1e-9
    assert split_costs([(28, 0, 0.2), (40, 0, 0.3)]) == (0.0, 0.0)


def test_a_late_deal_plans_fewer_deals_in_the_oh_hell_family() -> None:
    """A deal rebuilt late in the play replays every card played, so late in the hand Hard plans
    fewer imagined deals on the same budget than at its first card (counting the deal's cards
    alone let its late moves run at twice their plan)."""
    worlds = []
    for steps in (5, 33):  # the first cards of the play, and late in it (4 players x 10 cards)
        g, rules, hand = position("oh-hell", None, 11, steps)
        seat, view = to_act_view(g, rules, hand)
        assert view["phase"] == "play"
        legal = [a for a in view["legal_actions"] if a.get("seat") == seat]
        s = suggest("oh-hell", view, seat, "hard", seed=2, budget_ms=None, clock=False)
        if len(legal) > 1:
            worlds.append(s.worlds)
    assert len(worlds) == 2 and worlds[1] < worlds[0]


@pytest.mark.parametrize(("game", "budget"), [("blob", 60.0), ("nomination-whist", 60.0), ("oh-hell", 300.0)])
def test_a_levels_default_budget_is_the_games_own(game: str, budget: float) -> None:
    """Hard's default budget in Blob and Nomination Whist is its own (a fifth of its budget
    elsewhere): the search it plans with no budget asked is the one at that budget, and fewer
    playouts than at Hard's 300 ms there (a position with a choice, so that both search)."""
    assert LEVELS["hard"].budget_for(game) == budget
    g, rules, hand = position(game, None, 11, 16)
    seat, view = to_act_view(g, rules, hand)
    default = suggest(game, view, seat, "hard", seed=2, budget_ms=None, clock=False)
    own = suggest(game, view, seat, "hard", seed=2, budget_ms=budget, clock=False)
    assert (default.action, default.values, default.playouts) == (own.action, own.values, own.playouts)
    assert default.playouts > 0
    if budget < LEVELS["hard"].budget_ms:
        full = dataclasses.replace(LEVELS["hard"], name="hard-everywhere", game_budgets=())
        LEVELS[full.name] = full
        try:
            whole = suggest(game, view, seat, full.name, seed=2, budget_ms=None, clock=False)
        finally:
            del LEVELS[full.name]
        assert whole.playouts > default.playouts


def test_a_games_budget_is_never_above_its_levels() -> None:
    with pytest.raises(ValueError, match="above the level's"):
        dataclasses.replace(LEVELS["normal"], game_budgets=(("blob", 60.0),))
