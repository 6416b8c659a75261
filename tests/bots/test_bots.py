"""The bots: legal answers in every phase, repeatable for a seed, within their budget counter, the
contract's errors, and the levels' order on a few fixed deals (tournaments: bench/bots.py).

No peeking is not tested here: `suggest` is given a seat's view and nothing else, so two deals that
give the seat equal views are equal inputs. The test that can fail is the HTTP one, where a record is
turned into a view (tests/api/test_suggest.py, `test_no_peeking_...`: records that differ in cards
hidden from the seat get the same answer).

Searches here run with the wall-clock safety net off (`clock=False`), so every answer depends on the
seed only and no assertion depends on the machine's speed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots import LEVELS, suggest
from service.bots.deals import imagine
from service.bots.ohhell import know
from service.bots.views import ohhell_view
from service.rules.errors import Code, RuleError
from service.rules.registry import GAMES

# each game at each table size it seats here: the Oh Hell family at 3 and 4 (and Blob at 5), the
# Blot family's bazar (4) and duel (2), Baloot (4)
TABLES: list[tuple[str, dict[str, Any] | None]] = [
    ("blob", {"players": 3}),
    ("blob", {"players": 5}),
    ("nomination-whist", {"players": 3}),
    ("nomination-whist", None),
    ("oh-hell", {"players": 3}),
    ("oh-hell", None),
    ("bazar-blot", None),
    ("blot-duel", None),
    ("baloot", None),
]
LEVEL_NAMES = tuple(LEVELS)
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None)


def position(
    game: str, options: dict[str, Any] | None, seed: int, steps: int
) -> tuple[Any, Any, dict[str, Any]]:
    """A record `steps` random legal actions into a seeded deal (stopping before its end)."""
    g = GAMES[game]
    rules = g.rules(options)
    hand = g.deal(rules, {"seed": seed})["hand"]
    rng = random.Random(seed)
    for _ in range(steps):
        full = g.state(rules, hand)
        nxt = {**hand, "actions": [*hand["actions"], rng.choice(full["legal_actions"])]}
        if g.state(rules, nxt)["phase"] in ("complete", "redeal"):
            break
        hand = nxt
    return g, rules, hand


def to_act_view(g: Any, rules: Any, hand: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    seat = g.state(rules, hand)["to_act"]
    return seat, g.state(rules, {**hand, "seat": seat})


@SETTINGS
@given(
    table=st.sampled_from(TABLES),
    level=st.sampled_from(LEVEL_NAMES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
)
def test_every_suggestion_is_legal(table: tuple[str, Any], level: str, seed: int, steps: int) -> None:
    game, options = table
    g, rules, hand = position(game, options, seed, steps)
    seat, view = to_act_view(g, rules, hand)
    s = suggest(game, view, seat, level, seed=seed, budget_ms=20, clock=False)
    assert s.action in view["legal_actions"]
    g.state(rules, {**hand, "actions": [*hand["actions"], s.action]})  # the engine takes it
    assert all(a in view["legal_actions"] for a, _ in s.values)


@pytest.mark.parametrize(("game", "options"), TABLES)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_same_seed_same_answer(game: str, options: Any, level: str) -> None:
    g, rules, hand = position(game, options, 11, 9)
    seat, view = to_act_view(g, rules, hand)
    a = suggest(game, view, seat, level, seed=5, budget_ms=25, clock=False)
    b = suggest(game, view, seat, level, seed=5, budget_ms=25, clock=False)
    assert (a.action, a.values, a.worlds, a.playouts) == (b.action, b.values, b.worlds, b.playouts)
    assert a.elapsed_ms > 0 and b.elapsed_ms > 0


@pytest.mark.parametrize("game", ["oh-hell", "bazar-blot", "baloot"])
def test_budget_counter(game: str) -> None:
    """The budget fixes the playouts before the search: less budget, fewer playouts, never more than
    the level's own count; every candidate is played out in every deal kept."""
    g, rules, hand = position(game, None, 3, 18)
    seat, view = to_act_view(g, rules, hand)
    small = suggest(game, view, seat, "hard", seed=1, budget_ms=15, clock=False)
    large = suggest(game, view, seat, "hard", seed=1, budget_ms=300, clock=False)
    assert 0 < small.playouts < large.playouts <= LEVELS["hard"].playouts
    for s in (small, large):
        if GAMES[game].family == "ohhell":  # a tree: iterations take the deals kept in turn
            assert s.playouts >= s.worlds * len(s.values)
        else:
            assert s.playouts == s.worlds * len(s.values)
        assert s.elapsed_ms > 0 and not s.cut


def test_a_late_tree_searches_more_than_its_deals() -> None:
    """Late in an Oh Hell hand an imagined deal costs far more than a tree iteration (it replays
    every card played): the plan spends part of the budget on deals and the rest on iterations over
    them, so the tree walks each deal several times instead of once per candidate."""
    g, rules, hand = position("oh-hell", None, 3, 30)
    seat, view = to_act_view(g, rules, hand)
    assert view["phase"] == "play" and len(view["legal_actions"]) > 1
    s = suggest("oh-hell", view, seat, "hard", seed=1, clock=False)
    assert s.playouts >= 4 * s.worlds * len(s.values)
    assert s.playouts <= LEVELS["hard"].playouts


def test_tiny_budget_is_a_sound_card() -> None:
    """A timeout move with almost no budget is the rule of thumb's card, not a random one."""
    g, rules, hand = position("oh-hell", None, 8, 14)
    seat, view = to_act_view(g, rules, hand)
    s = suggest("oh-hell", view, seat, "crazy", seed=1, budget_ms=0.1, clock=False)
    assert s.playouts == 0 and s.action in view["legal_actions"]
    assert s.action == suggest("oh-hell", view, seat, "crazy", seed=2, budget_ms=0.1, clock=False).action


def test_errors() -> None:
    g, rules, hand = position("baloot", None, 2, 3)
    seat, view = to_act_view(g, rules, hand)
    other = (seat + 1) % 4
    with pytest.raises(RuleError) as e:
        suggest("baloot", g.state(rules, {**hand, "seat": other}), other, "normal")
    assert e.value.code == Code.NOT_YOUR_TURN
    with pytest.raises(RuleError) as e:
        suggest("baloot", view, seat, "genius")
    assert e.value.code == Code.INVALID_RULE_VALUE
    g, rules, hand = position("blot-duel", None, 4, 0)
    rng = random.Random(0)
    while (full := g.state(rules, hand))["phase"] not in ("complete", "redeal"):
        hand = {**hand, "actions": [*hand["actions"], rng.choice(full["legal_actions"])]}
    with pytest.raises(RuleError) as e:
        suggest("blot-duel", g.state(rules, {**hand, "seat": 0}), 0, "normal")
    assert e.value.code == Code.HAND_COMPLETE


def test_imagined_deals_respect_voids() -> None:
    g, rules, hand = position("oh-hell", None, 21, 30)
    seat, view = to_act_view(g, rules, hand)
    k = know(ohhell_view(view, seat), seat, rules)
    rng = random.Random(0)
    for _ in range(50):
        drawn = imagine(k, rng)
        if drawn is None:
            continue
        for s, cards in enumerate(drawn[0]):
            assert not any(c.suit in k.voids[s] for c in cards if c not in k.shown[s])
            assert len(cards) == k.hidden[s] + len(k.shown[s])


def _duplicate(game: str, seeds: tuple[int, ...], strong: str, weak: str, budget: float) -> float:
    """Mean per deal of the stronger level's side's score minus the weaker's, each deal played twice
    with the sides swapped (as bench/bots.py, repeatable: no clock)."""
    g = GAMES[game]
    rules = g.rules(None)
    total = 0.0
    for seed in seeds:
        for sides in ((strong, weak), (weak, strong)):
            hand = g.deal(rules, {"dealer": seed % 2, "seed": seed})["hand"]
            moves = 0
            while (full := g.state(rules, hand))["phase"] not in ("complete", "redeal"):
                seat = full["to_act"]
                view = g.state(rules, {**hand, "seat": seat})
                level = sides[seat % 2]
                s = suggest(game, view, seat, level, seed=seed + moves, budget_ms=budget, clock=False)
                hand = {**hand, "actions": [*hand["actions"], s.action]}
                moves += 1
            scores = full["result"]["scores"]
            if g.family == "ohhell":
                diff = (scores[0] + scores[2] - scores[1] - scores[3]) / 2
            else:
                diff = scores[0] - scores[1]
            total += diff if sides[0] == strong else -diff
    return total / (2 * len(seeds))


# The strength matches below take tens of seconds of CPU: `make test` runs them, `make check` not.
@pytest.mark.slow
@pytest.mark.parametrize("game", ["blob", "nomination-whist", "oh-hell", "bazar-blot", "blot-duel", "baloot"])
def test_normal_beats_easy_on_fixed_deals(game: str) -> None:
    """Normal over Easy in every game, on its first three fixed deals played twice with the sides
    swapped (the tournaments are bench/bots.py's; there it holds beyond the interval in every game).
    The duel's first six: with two hands most cards are forced, and both levels played deals 1 to 3
    alike (a difference of 0 on each); its deals are cheap."""
    seeds = (1, 2, 3, 4, 5, 6) if game == "blot-duel" else (1, 2, 3)
    assert _duplicate(game, seeds, "normal", "easy", 50) > 0


FAMILY_GAMES = ("blob", "nomination-whist", "oh-hell")


@pytest.mark.slow
def test_hard_beats_normal_on_fixed_deals() -> None:
    """Hard over Normal in the Oh Hell family: its three games' first four fixed deals each, played
    twice with the sides swapped, Hard at 100 ms (60 in Blob and Nomination Whist, its default
    there; its imagined deals searched as a tree) against Normal's 50, the mean over the twelve
    deals (one game's four deals swing by several points with any change to the plan:
    docs/bots.md). A Hard that played like Normal would score exactly level and fail."""
    means = [_duplicate(game, (1, 2, 3, 4), "hard", "normal", 100) for game in FAMILY_GAMES]
    assert sum(means) / len(means) > 0


@pytest.mark.slow
def test_hard_beats_normal_on_fixed_deals_in_baloot() -> None:
    """Hard over Normal in Baloot on six fixed deals played twice with the sides swapped, Hard at a
    third of its budget (100 ms, still twice Normal's 50). In Bazar Blot and the duel Hard is ahead in
    the tournaments (docs/bots.md) but not on a set of deals this small: one deal's call swings 40
    points in the bazar, 10-20 in the duel, so those games are not asserted here."""
    assert _duplicate("baloot", (1, 2, 3, 4, 5, 6), "hard", "normal", 100) > 0


def _reach(game: str, wanted: Any, seeds: range) -> list[tuple[Any, Any, dict[str, Any]]]:
    """Records (random legal play from seeded deals) whose next decision satisfies `wanted`."""
    found = []
    for seed in seeds:
        g, rules, hand = position(game, None, seed, 0)
        rng = random.Random(seed)
        while (full := g.state(rules, hand))["phase"] not in ("complete", "redeal"):
            if wanted(full):
                found.append((g, rules, hand))
                break
            calls = [
                a for a in full["legal_actions"] if a["type"] in ("pass", "contra", "recontra", "double")
            ]
            pick = rng.choice(calls) if calls and rng.random() < 0.5 else rng.choice(full["legal_actions"])
            hand = {**hand, "actions": [*hand["actions"], pick]}
    return found


@pytest.mark.parametrize(
    ("game", "kind"),
    [("bazar-blot", "contra"), ("bazar-blot", "recontra"), ("baloot", "double"), ("blot-duel", "name")],
)
def test_doubling_and_naming_phases(game: str, kind: str) -> None:
    """The rarer decisions (contra, recontra, Baloot's double, the duel's second round) at every
    level: a legal answer, and doubling imagined only where the level uses it."""

    def wanted(full: dict[str, Any]) -> bool:
        return any(a["type"] == kind and a["seat"] == full["to_act"] for a in full["legal_actions"])

    positions = _reach(game, wanted, range(60))[:2]
    assert positions
    for g, rules, hand in positions:
        seat, view = to_act_view(g, rules, hand)
        for level in LEVEL_NAMES:
            s = suggest(game, view, seat, level, seed=3, budget_ms=30, clock=False)
            assert s.action in view["legal_actions"]
            imagined = {a["type"] for a, _ in s.values}
            if kind != "name" and not LEVELS[level].contra:
                assert kind not in imagined
        if kind != "name":
            hard = suggest(game, view, seat, "hard", seed=3, budget_ms=300, clock=False)
            assert kind in {a["type"] for a, _ in hard.values}


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("oh-hell", {"hidden_bids": True, "dealer_restriction": False}),
        ("oh-hell", {"trumps": "dealer-turns-or-no-trump"}),
        ("nomination-whist", {"trumps": "dealer-chooses"}),
        ("blob", {"blind_one_card": True, "schedule": "1-7-1"}),
    ],
)
def test_trump_modes_and_hidden_places(game: str, options: dict[str, Any]) -> None:
    """Hidden bids, a card the dealer may turn, the dealer's own trump call, a blind 1-card round:
    a whole hand of legal suggestions, rebuilt from views that hide more."""
    g = GAMES[game]
    rules = g.rules(options)
    hand = g.deal(rules, {"seed": 7})["hand"]
    while (full := g.state(rules, hand))["phase"] != "complete":
        seat = full["to_act"]
        view = g.state(rules, {**hand, "seat": seat})
        s = suggest(game, view, seat, "hard", seed=7, budget_ms=20, clock=False)
        assert s.action in full["legal_actions"]
        hand = {**hand, "actions": [*hand["actions"], s.action]}


def test_no_level_raises_its_own_sides_contract() -> None:
    """In the bazar, a seat whose side holds the contract keeps it or doubles at every searching level
    (Easy's slips may do anything): the playouts' rule-of-thumb defenders make a contract look safer
    than it is, and a search allowed to raise its own side's contract climbed until it failed (it did
    in these auctions)."""
    g = GAMES["bazar-blot"]
    rules = g.rules(None)
    raises = 0
    for seed in (1, 2):
        for sides in (("normal", "hard"), ("hard", "normal"), ("crazy", "normal")):
            hand = g.deal(rules, {"dealer": seed % 2, "seed": seed})["hand"]
            moves = 0
            while (full := g.state(rules, hand))["phase"] == "auction":
                seat = full["to_act"]
                view = g.state(rules, {**hand, "seat": seat})
                s = suggest(
                    "bazar-blot", view, seat, sides[seat % 2], seed=seed + moves, budget_ms=60, clock=False
                )
                c = full["contract"]
                if c is not None and c["seat"] % 2 == seat % 2:
                    raises += s.action["type"] == "bid"
                hand = {**hand, "actions": [*hand["actions"], s.action]}
                moves += 1
    assert raises == 0
