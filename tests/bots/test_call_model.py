"""A level's model of the others' calls (`Level.call_base`, `call_slope`): where the highest caller
names trumps after the calls, searching callers bid above their hand's count for the trump, so a
level may expect a hand of count `x` to call `call_base + call_slope * x`. It must then hold
everywhere the search meets another seat's call: the weight of an imagined deal (each call read
against the call expected of the hand the deal gives that seat) and the later calls the tree and
its playouts make for the others. Where trumps are known before the calls, the model is not used."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from service.bots import LEVELS, lean
from service.bots.deals import imagine, world
from service.bots.lean import BID, OhHellSim, nearest_bid, ohhell_estimate, ohhell_tree
from service.bots.ohhell import FAMILY, lean_deals
from tests.bots.test_bots import position

MODEL = replace(LEVELS["crazy"], name="model", call_base=0.5, call_slope=1.3)


def _after_calls(game: str, calls: int, seed: int) -> tuple[Any, Any, int, Any]:
    """A view of the seat to call after `calls` random calls: (view, knowledge, seat, the state
    imagined first)."""
    g, rules, hand = position(game, None, seed, calls)
    seat = g.state(rules, hand)["to_act"]
    view = FAMILY.parse(g.state(rules, {**hand, "seat": seat}), seat)
    assert view.phase == "bidding" and len(view.bids) == calls
    k = FAMILY.know(view, seat, rules)
    first = world(FAMILY, view, seat, rules, k, random.Random(seed), False, 12)
    assert first is not None
    return view, k, seat, first[0]


def _both(game: str, calls: int, seed: int, draws: int) -> tuple[Any, int, list[tuple[Any, Any]]]:
    """The same imagined deals made with the model and with the count: (view, seat, pairs of (deal,
    weight))."""
    view, k, seat, here = _after_calls(game, calls, seed)
    model = lean_deals(here, view, seat, k, MODEL)
    count = lean_deals(here, view, seat, k, LEVELS["crazy"])
    assert model is not None and count is not None
    rng = random.Random(seed + 1)
    pairs = []
    for _ in range(draws):
        drawn = imagine(k, rng)
        assert drawn is not None
        pairs.append((model(drawn[0]), count(drawn[0])))
    return view, seat, pairs


def _expected_weight(sim: OhHellSim, view: Any, seat: int, base: float, slope: float) -> float:
    """Each other seat's call against `base + slope x` the count of the hand `sim` gives it (no
    trump named while the calls are made), counted as the search counts a call."""
    weight = 1.0
    for b in view.bids:
        if b.seat != seat:
            count = ohhell_estimate(sim.hands[b.seat], -1, sim.n, sim.size)
            weight *= MODEL.sharp ** max(0.0, abs(b.value - (base + slope * count)) - 0.5)
    return weight


def test_calls_are_read_against_the_call_the_model_expects() -> None:
    view, seat, pairs = _both("blob", 3, 7, 40)
    for (sim, weight), (plain, plain_weight) in pairs:
        assert sim.hands == plain.hands
        assert weight == pytest.approx(_expected_weight(sim, view, seat, 0.5, 1.3))
        assert plain_weight == pytest.approx(_expected_weight(plain, view, seat, 0.0, 1.0))
    # the model does change how the deals are weighed
    assert sum(w != pytest.approx(p) for (_, w), (_, p) in pairs) > 10


def test_where_trumps_are_known_the_calls_are_read_against_the_count() -> None:
    _, _, pairs = _both("oh-hell", 2, 7, 20)
    for (sim, weight), (_, plain_weight) in pairs:
        assert weight == plain_weight
        assert (sim.call_base, sim.call_slope) == (0.0, 1.0)


def test_the_others_later_calls_in_the_tree_are_the_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call the tree or a playout makes for another seat is the one nearest the model's
    expectation of the hand that deal gives it; with the model they are higher than the count's."""
    view, k, seat, here = _after_calls("blob", 1, 3)
    make = lean_deals(here, view, seat, k, MODEL)
    assert make is not None
    rng = random.Random(4)
    worlds = []
    for _ in range(16):
        drawn = imagine(k, rng)
        assert drawn is not None
        worlds.append(make(drawn[0])[0])
    made: list[tuple[int, int, int, int]] = []  # (seat, call made, the model's, the count's)
    bid = OhHellSim.bid

    def spy(self: OhHellSim, value: int) -> None:
        count = self.estimate(self.to_act)
        options = self.bid_options()
        modelled, counted = nearest_bid(options, 0.5 + 1.3 * count), nearest_bid(options, count)
        made.append((self.to_act, value, modelled, counted))
        bid(self, value)

    monkeypatch.setattr(lean.OhHellSim, "bid", spy)
    stats, runs = ohhell_tree(worlds, seat, [BID + v for v in worlds[0].bid_options()], 500, rng.random)
    assert runs == 500 and stats
    others = [m for m in made if m[0] != seat]
    assert len(others) >= 500
    assert all(value == modelled for _, value, modelled, _ in others)
    assert sum(value > counted for _, value, _, counted in others) > len(others) // 4
