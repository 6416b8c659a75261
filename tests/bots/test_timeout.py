"""A table's timeout move: a small budget, or a search the clock cuts, still answers a sensible move.

The clock here is a fake one (each look at it moves it on by a fixed step), so where a search is cut
depends on the seed and the step only, never on this machine's speed or load: what these tests hold
is what the search does once its clock has run out, not how fast it runs (bench.bots --cap).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots import LEVELS, core, deals, lean, suggest
from service.rules.registry import GAMES
from tests.bots.test_bots import TABLES, position, to_act_view

# Baloot, Hokum in hearts bought by seat 3. Trick 5: seat 1 led 7D, seat 2 (seat 0's partner) KD,
# seat 3 trumped with KH; seat 0, last, holds 7C JS TS QS with no diamond and no trump, and the AS
# is gone: TS is the master of spades, and 7C a free discard. Throwing TS gives the other side ten.
CARDS_PLAYED = (
    "1:AS 2:7S 3:8S 0:9S 1:AC 2:9C 3:JC 0:KC 1:AD 2:8D 3:9D 0:8C 1:TD 2:JD 3:QD 0:QC 1:7D 2:KD 3:KH"
)
MASTER_TEN = {
    "dealer": 0,
    "hands": [
        ["9S", "KC", "8C", "QC", "7C"],
        ["AS", "AC", "AD", "TD", "7D"],
        ["7S", "9C", "8D", "JD", "KD"],
        ["8S", "JC", "9D", "QD", "KH"],
    ],
    "turned": "TH",
    "stock": ["TC", "KS", "7H", "8H", "9H", "QH", "JH", "AH", "JS", "TS", "QS"],
    "actions": [
        {"seat": 1, "type": "pass"},
        {"seat": 2, "type": "pass"},
        {"seat": 3, "type": "hokum", "strain": "H"},
        {"seat": 0, "type": "pass"},
        {"seat": 0, "type": "pass"},
        {"seat": 2, "type": "pass"},
        *({"seat": int(p[0]), "type": "play", "card": p[2:]} for p in CARDS_PLAYED.split()),
    ],
}


def _master_ten_view() -> dict[str, Any]:
    g = GAMES["baloot"]
    rules = g.rules(None)
    view: dict[str, Any] = g.state(rules, {**MASTER_TEN, "seat": 0})
    assert view["to_act"] == 0 and sorted(view["hands"][0]) == ["7C", "JS", "QS", "TS"]
    assert [c["card"] for c in view["current_trick"]["cards"]] == ["7D", "KD", "KH"]
    return view


class FakeClock:
    """perf_counter that moves on by `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    clock = FakeClock(0.0)
    monkeypatch.setattr(core, "time", clock)
    monkeypatch.setattr(deals, "time", clock)
    monkeypatch.setattr(lean, "time", clock)
    return clock


def test_full_hard_and_normal_keep_the_master_ten() -> None:
    view = _master_ten_view()
    assert suggest("baloot", view, 0, "normal", seed=1, clock=False).action["card"] == "7C"
    assert suggest("baloot", view, 0, "hard", seed=1, clock=False).action["card"] == "7C"


@pytest.mark.parametrize("budget", [20, 50])
def test_a_thin_search_keeps_the_master_ten(budget: int) -> None:
    """At a timeout's budget Hard imagines a few deals; in most of them the ten changes nothing
    (the contract's fate decides the score), and one deal where the rule of thumb's later cards
    happened to do better after TS must not overrule the free discard."""
    view = _master_ten_view()
    thrown = [
        seed
        for seed in range(150)
        if suggest("baloot", view, 0, "hard", seed=seed, budget_ms=budget, clock=False).action["card"] != "7C"
    ]
    assert thrown == []


def test_a_search_cut_by_the_clock_keeps_the_master_ten(fake_clock: FakeClock) -> None:
    view = _master_ten_view()
    cut = 0
    for seed in range(150):
        fake_clock.step = (0.2 + 0.3 * (seed % 7)) / 1000.0
        s = suggest("baloot", view, 0, "hard", seed=seed, budget_ms=50)
        assert s.action["card"] == "7C", (seed, s)
        cut += s.cut
    assert cut > 100  # the clock did cut them, at every stage of the search


def test_a_single_lucky_deal_does_not_overrule_the_rule_of_thumb() -> None:
    assert core._choose([[0.0] * 9, [0.0] * 8 + [24.0]], 1.0) == 0
    assert core._choose([[0.0], [5.0]], 1.0) == 0
    assert core._choose([[0.0] * 9, [0.0] * 7 + [24.0, 24.0]], 1.0) == 1
    assert core._choose([[0.0] * 4, [5.0] * 4, [6.0] * 4], 1.0) == 2


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(
    table=st.sampled_from(TABLES),
    level=st.sampled_from(["normal", "hard", "crazy"]),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    step_us=st.integers(50, 3000),
)
def test_a_cut_answer_is_legal_and_in_time(
    table: tuple[str, Any], level: str, seed: int, steps: int, step_us: int
) -> None:
    """Wherever the clock runs out (drawing deals, in the tree, between playouts of one deal), the
    answer is a legal action and the search stops at its cap: by the fake clock, within the budget."""
    game, options = table
    g, rules, hand = position(game, options, seed, steps)
    seat, view = to_act_view(g, rules, hand)
    clock = FakeClock(step_us / 1e6)
    saved = core.time, lean.time
    core.time, lean.time = clock, clock  # type: ignore[assignment]
    try:
        s = suggest(game, view, seat, level, seed=seed, budget_ms=20)
    finally:
        core.time, lean.time = saved
    assert s.action in view["legal_actions"]
    g.state(rules, {**hand, "actions": [*hand["actions"], s.action]})
    assert s.elapsed_ms <= core.stop_ms(20) + 5 * step_us / 1000
    assert s.playouts <= LEVELS[level].playouts


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_a_clock_that_never_runs_out_changes_nothing(game: str, options: Any, fake_clock: FakeClock) -> None:
    """With the clock on and never past the cap, the answer is the one with the clock off: the
    seed and the budget fix it."""
    rng = random.Random(game)
    for _ in range(3):
        g, rules, hand = position(game, options, rng.randrange(10**6), rng.randrange(40))
        seat, view = to_act_view(g, rules, hand)
        for level in ("normal", "hard"):
            a = suggest(game, view, seat, level, seed=3, budget_ms=30)
            b = suggest(game, view, seat, level, seed=3, budget_ms=30, clock=False)
            assert not a.cut
            assert (a.action, a.values, a.worlds, a.playouts) == (b.action, b.values, b.worlds, b.playouts)


@pytest.mark.parametrize("spent_ms", [0.0, 30.0, 60.0])
def test_the_budget_runs_from_the_requests_arrival(fake_clock: FakeClock, spent_ms: float) -> None:
    """`since` is when the request arrived: what was spent before the search (reading the record,
    building the view) counts against the budget, so the later it starts, the sooner it stops; a
    search that starts after the cap answers at once, by the rule of thumb, and says it was cut."""
    view = _master_ten_view()
    fake_clock.step = 0.0001  # 0.1 ms a reading
    since = fake_clock.now - spent_ms / 1000.0
    s = suggest("baloot", view, 0, "hard", seed=3, budget_ms=50, since=since)
    assert s.action["card"] == "7C"
    # the search stopped where the budget's cap (37.5 ms from the arrival) was, give or take a look
    assert s.elapsed_ms <= max(0.0, core.stop_ms(50) - spent_ms) + 1.0, s
    if spent_ms > 0.0:
        assert s.cut, s
    if spent_ms >= core.stop_ms(50):
        assert s.cut and s.worlds <= 1 and s.playouts == 0, s


# Bazar Blot, seat 0 to play 9H or TH to a heart trick after its 12 in diamonds was doubled and
# redoubled: two candidates and cheap playouts, so Crazy's plan puts nearly all its time into the
# imagined deals (each weighed against the bazar's eleven calls and two announced runs)
DEALS_HEAVY = Path(__file__).with_name("deals_heavy_view.json")


def test_a_search_on_its_plan_is_not_cut_for_its_deals(
    fake_clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The drawing's share of the clock is the plan's own: when every deal drawn takes an even part
    of 70 % of the time before the clock stops the search (the playouts none), the answer is not
    cut and is the one the search gives with the clock off."""
    view = json.loads(DEALS_HEAVY.read_text())
    drawn = [0]
    step = [0.0]
    original = core.world

    def timed_world(*args: Any, **kwargs: Any) -> Any:
        drawn[0] += 1
        fake_clock.now += step[0]
        return original(*args, **kwargs)

    monkeypatch.setattr(core, "world", timed_world)
    free = suggest("bazar-blot", view, 0, "crazy", seed=209458014, clock=False)
    assert free.worlds > 100 and len(free.values) == 2
    step[0] = 0.7 * core.stop_ms(LEVELS["crazy"].budget_ms) / 1000.0 / drawn[0]
    timed = suggest("bazar-blot", view, 0, "crazy", seed=209458014)
    assert not timed.cut
    assert (timed.action, timed.values, timed.worlds) == (free.action, free.values, free.worlds)
