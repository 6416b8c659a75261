"""Hard's and Crazy's imagined deals in the Oh Hell family, built without the engine, are the
engine's: from random positions of every trump mode, the same hidden cards give the same state of
the lean simulator (hands in order, trick, tricks won, calls, the seat to act) and the same weight
(each other seat's call against its hand's count, each card the rule of thumb would not have played).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots import LEVELS
from service.bots.deals import imagine, world
from service.bots.lean import OhHellSim
from service.bots.ohhell import FAMILY, build, lean_deals, policy
from service.rules.registry import GAMES

TABLES: list[tuple[str, dict[str, Any] | None]] = [
    ("oh-hell", None),
    ("oh-hell", {"players": 3}),
    ("blob", {"players": 5}),
    ("blob", {"trumps": "dealer-chooses"}),
    ("blob", {"trumps": "dealer-turns-or-no-trump"}),
    ("blob", {"trumps": "no-trump"}),
    ("nomination-whist", None),
    ("nomination-whist", {"trumps": "highest-caller"}),
]
SLOTS = (
    "bidding",
    "naming",
    "named",
    "bids",
    "hands",
    "leader",
    "left",
    "to_act",
    "trick",
    "won",
    "best",
    "trump",
)


def _engine_weight(calls: list[tuple[Any, Any]], level: Any) -> float:
    """The weight `core.search` gives a deal the engine replayed (the calls, then the cards)."""
    weight = 1.0
    for before, action in calls:
        if action.type == "play":
            if level.read < 1.0 and policy(before) != action:
                weight *= level.read
        else:
            weight *= FAMILY.fit(before, action, level.sharp)
    return weight


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_lean_deals_are_the_engines(table: tuple[str, Any], seed: int, steps: int) -> None:
    game, options = table
    g = GAMES[game]
    rules = g.rules(options)
    hand = g.deal(rules, {"seed": seed})["hand"]
    rng = random.Random(seed)
    for _ in range(steps):
        nxt = {**hand, "actions": [*hand["actions"], rng.choice(g.state(rules, hand)["legal_actions"])]}
        if g.state(rules, nxt)["phase"] == "complete":
            break
        hand = nxt
    seat = g.state(rules, hand)["to_act"]
    view = FAMILY.parse(g.state(rules, {**hand, "seat": seat}), seat)
    k = FAMILY.know(view, seat, rules)
    first = world(FAMILY, view, seat, rules, k, rng, False, 12)
    assert first is not None
    here = first[0]
    for name in ("hard", "crazy"):
        level = LEVELS[name]
        make = lean_deals(here, view, seat, k, level)
        if make is None:  # only where the dealer is still to turn or choose trumps
            assert not OhHellSim.can_start(here)
            continue
        for _ in range(4):
            drawn = imagine(k, rng)
            assert drawn is not None
            calls: list[tuple[Any, Any]] = []
            engine = build(view, seat, rules, k, drawn[0], drawn[1], rng, calls)
            sim, weight = make(drawn[0])
            expected = OhHellSim(engine)
            for slot in SLOTS:
                assert getattr(sim, slot) == getattr(expected, slot), slot
            if sim.best >= 0:  # the seat holding the trick (none between tricks)
                assert sim.best_seat == expected.best_seat
            assert weight == _engine_weight(calls, level)


def _phases_with_lean_deals(game: str, options: dict[str, str] | None) -> set[str]:
    """The phases of a hand played at random in which Hard's lean deals are used."""
    g = GAMES[game]
    rules = g.rules(options)
    hand = g.deal(rules, {"seed": 4})["hand"]
    rng = random.Random(4)
    seen = set()
    while (full := g.state(rules, hand))["phase"] != "complete":
        seat = full["to_act"]
        view = FAMILY.parse(g.state(rules, {**hand, "seat": seat}), seat)
        k = FAMILY.know(view, seat, rules)
        first = world(FAMILY, view, seat, rules, k, rng, False, 12)
        assert first is not None
        if lean_deals(first[0], view, seat, k, LEVELS["hard"]) is not None:
            seen.add(view.phase)
        hand = {**hand, "actions": [*hand["actions"], rng.choice(full["legal_actions"])]}
    return seen


def test_lean_deals_cover_the_play_and_the_calls() -> None:
    """The lean deals are used once trumps are known, in the calls and in the play (a late position
    replays its cards), and where the highest caller names trumps after the calls: in the calls,
    the naming and the play."""
    assert _phases_with_lean_deals("oh-hell", None) == {"bidding", "play"}
    assert _phases_with_lean_deals("nomination-whist", {"trumps": "highest-caller"}) == {
        "bidding",
        "trump",
        "play",
    }
    assert _phases_with_lean_deals("blob", None) == {"bidding", "trump", "play"}
