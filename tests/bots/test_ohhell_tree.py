"""The Oh Hell family's tree search (lean.ohhell_tree) imagines the others' later calls as their
hands in each deal give them: the rule of thumb's call for the hand that deal deals the seat, the
call the imagined deals were weighed by, not one call chosen over all deals alike. Where the highest
caller names trumps after the calls (Blob), the same holds for the trumps another seat names, and
the seat searches its own naming as it searches its cards."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from service.bots import LEVELS, lean, suggest
from service.bots.lean import BID, OhHellSim, ohhell_tree
from service.rules.record import HandRecord
from service.rules.registry import GAMES


def first_call(game: str, options: dict[str, Any] | None, seed: int) -> OhHellSim:
    """A fresh deal at its first call (trumps known, or named by the highest caller after it)."""
    g = GAMES[game]
    rules = g.rules(options)
    record = HandRecord.from_json(g.deal(rules, {"seed": seed, "round": 1})["hand"])
    state = g.start(rules, record)
    assert state.phase == "bidding" and OhHellSim.can_start(state)
    return OhHellSim(state)


def _worlds(base: OhHellSim, seat: int, rng: random.Random, count: int = 12) -> list[OhHellSim]:
    """Deals the seat cannot tell apart: its own hand kept, the others' cards dealt afresh."""
    worlds = []
    for _ in range(count):
        others = [c for s, h in enumerate(base.hands) if s != seat for c in h]
        rng.shuffle(others)
        sim = base.clone()
        for s in range(sim.n):
            if s != seat:
                k = len(base.hands[s])
                sim.hands[s], others = others[:k], others[k:]
        worlds.append(sim)
    return worlds


@pytest.mark.parametrize(("game", "options"), [("oh-hell", None), ("nomination-whist", {"players": 3})])
def test_the_others_later_calls_are_their_hands_calls(
    game: str, options: dict[str, Any] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = first_call(game, options, 5)
    seat = base.to_act
    rng = random.Random(1)
    worlds = _worlds(base, seat, rng)
    calls: list[tuple[int, int, int]] = []  # (seat, call made, the rule of thumb's call)
    bid = OhHellSim.bid

    def spy(self: OhHellSim, value: int) -> None:
        calls.append((self.to_act, value, self.thumb_bid()))
        bid(self, value)

    monkeypatch.setattr(lean.OhHellSim, "bid", spy)
    stats, runs = ohhell_tree(worlds, seat, [BID + v for v in base.bid_options()], 600, rng.random)
    assert runs == 600 and len(stats) == len(base.bid_options())
    others = [(who, made, thumb) for who, made, thumb in calls if who != seat]
    assert len(others) >= 600 * (base.n - 1)
    assert all(made == thumb for _, made, thumb in others), [c for c in others if c[1] != c[2]][:5]
    # the others' calls do vary with the hands the deals give them
    assert len({(who, thumb) for who, _, thumb in others}) > base.n - 1


def test_trumps_named_by_another_seat_are_its_hands_and_the_seats_own_are_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Blob: whichever seat calls highest names trumps. Another seat names the rule of thumb's
    trumps for the hand each deal gives it; the seat's own naming, its hand the same in every deal,
    is a choice of the tree, which tries every strain open to it."""
    names: list[tuple[int, int, int]] = []  # (seat, trumps named, the rule of thumb's)
    name = OhHellSim.name

    def spy(self: OhHellSim, trump: int) -> None:
        names.append((self.to_act, trump, self.thumb_name()))
        name(self, trump)

    monkeypatch.setattr(lean.OhHellSim, "name", spy)
    base = first_call("blob", None, 11)
    assert base.bidding and not base.named
    seat = base.to_act
    rng = random.Random(2)
    worlds = _worlds(base, seat, rng)
    stats, runs = ohhell_tree(worlds, seat, [BID + v for v in base.bid_options()], 2000, rng.random)
    assert runs == 2000 and len(stats) == len(base.bid_options())
    others = [(who, named, thumb) for who, named, thumb in names if who != seat]
    own = {named for who, named, _ in names if who == seat}
    assert others and all(named == thumb for _, named, thumb in others)
    assert len({thumb for _, _, thumb in others}) > 1  # the others' hands differ from deal to deal
    assert own == set(base.name_options())


def test_the_levels_exploration_constant_steers_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level's `explore` is the tree's: with none at all, every iteration follows the best mean
    found so far, and the values differ from Hard's 0.7 on the same deals with the same seed."""
    g = GAMES["blob"]
    rules = g.rules(None)
    hand = g.deal(rules, {"seed": 11})["hand"]
    seat = g.state(rules, hand)["to_act"]
    view = g.state(rules, {**hand, "seat": seat})
    monkeypatch.setitem(LEVELS, "greedy", replace(LEVELS["hard"], name="greedy", explore=0.0))
    hard = suggest("blob", view, seat, "hard", seed=3, clock=False)
    again = suggest("blob", view, seat, "hard", seed=3, clock=False)
    greedy = suggest("blob", view, seat, "greedy", seed=3, clock=False)
    assert hard.values == again.values
    assert greedy.values != hard.values
