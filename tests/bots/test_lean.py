"""The lean simulators (service/bots/lean.py) play exactly as the rules engine does: from random
positions of the play, random playouts give the same legal cards at every step, the same trick
winners and the same scores as the validating engine, in every game, at both table sizes and under
the options that change the duties or the scoring."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots.lean import BEL_INDEX, OH_CARD, OH_INDEX, OhHellSim, baloot_sim, blot_sim
from service.rules.record import HandRecord
from service.rules.registry import GAMES

TABLES: list[tuple[str, dict[str, Any] | None]] = [
    ("blob", {"players": 3}),
    ("blob", {"players": 5, "scoring": "blobs"}),
    ("nomination-whist", None),
    ("nomination-whist", {"players": 3, "scoring": "ten-plus-bid-squared"}),
    ("oh-hell", None),
    ("oh-hell", {"players": 3}),
    ("bazar-blot", None),
    ("bazar-blot", {"undertrump": "required"}),
    ("blot-duel", None),
    ("baloot", None),
    ("baloot", {"trump_lead": "over-opponent", "doubled_play": "closed"}),
]


def _start(game: str, rules: Any, record: HandRecord) -> Any:
    return GAMES[game].start(rules, record)


def _sim(game: str, state: Any) -> Any:
    if GAMES[game].family == "ohhell":
        return OhHellSim(state), OH_INDEX
    if game == "baloot":
        return baloot_sim(state), BEL_INDEX
    return blot_sim(state), BEL_INDEX


def _into_play(game: str, options: Any, seed: int, rng: random.Random, cards: int) -> Any:
    """A state of the play: random calls until the play starts (None if the deal is passed out),
    then `cards` random cards (stopping before the hand's end)."""
    g = GAMES[game]
    rules = g.rules(options)
    record = HandRecord.from_json(g.deal(rules, {"seed": seed})["hand"])
    state = _start(game, rules, record)
    for _ in range(200):
        if state.phase == "play":
            break
        if state.phase in ("complete", "redeal"):
            return None
        # mostly passes and low calls, some doubling: every contract and level shows up
        state = state.apply(rng.choice(state.legal_actions()))
    for _ in range(cards):
        legal = state.legal_actions()
        nxt = state.apply(rng.choice(legal))
        if nxt.phase != "play":
            break
        state = nxt
    return state


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10**6),
    cards=st.integers(0, 20),
)
def test_lean_playouts_equal_the_engine(table: tuple[str, Any], seed: int, cards: int) -> None:
    game, options = table
    rng = random.Random(seed)
    state = _into_play(game, options, seed, rng, cards)
    if state is None:
        return
    sim, index = _sim(game, state)
    while state.phase == "play":
        legal = [a.card for a in state.legal_actions()]
        assert sorted(index[c] for c in legal) == sorted(sim.legal()), (state.hands, state.trick)
        c = rng.choice(legal)
        before = len(state.tricks)
        state = state.apply(next(a for a in state.legal_actions() if a.card is c))
        winner = sim.play(index[c])
        if len(state.tricks) > before:
            assert winner == state.tricks[-1].winner
        else:
            assert winner is None
    assert sim.left == 0
    assert sim.scores() == state.result()["scores"]


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), cards=st.integers(0, 20))
def test_lean_rule_of_thumb_plays_legal_cards(table: tuple[str, Any], seed: int, cards: int) -> None:
    """The simulator's rule of thumb always picks a card the engine accepts, to the end of the hand."""
    game, options = table
    rng = random.Random(seed)
    state = _into_play(game, options, seed, rng, cards)
    if state is None:
        return
    sim, index = _sim(game, state)
    back = {v: k for k, v in index.items()}
    while sim.left:
        c = sim.thumb()
        state = state.apply(
            next(a for a in state.legal_actions() if a.card is back[c])
        )  # StopIteration: illegal
        sim.play(c)
    assert sim.scores() == state.result()["scores"]


BELOTE_TABLES = [t for t in TABLES if GAMES[t[0]].family != "ohhell"]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(table=st.sampled_from(BELOTE_TABLES), seed=st.integers(0, 10**6), cards=st.integers(0, 20))
def test_lean_rule_of_thumb_is_the_familys(table: tuple[str, Any], seed: int, cards: int) -> None:
    """At every card of a hand played out by thumb from a random position, the Belote simulator's
    rule of thumb picks the card the family's own (`belote.play_card`, through each game's policy)
    picks on the engine's state: the playouts play what the bots play."""
    from service.bots import baloot, blot

    game, options = table
    policy = baloot.policy if game == "baloot" else blot.policy
    rng = random.Random(seed)
    state = _into_play(game, options, seed, rng, cards)
    if state is None:
        return
    sim, index = _sim(game, state)
    while sim.left:
        c = sim.thumb()
        a = policy(state)
        assert a.card is not None and index[a.card] == c, (a.card, c, state.trick)
        state = state.apply(a)
        sim.play(c)
    assert sim.scores() == state.result()["scores"]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(
    table=st.sampled_from([t for t in TABLES if GAMES[t[0]].family == "ohhell"]),
    seed=st.integers(0, 10**6),
    cards=st.integers(0, 20),
)
def test_lean_rule_of_thumb_is_the_oh_hell_familys(table: tuple[str, Any], seed: int, cards: int) -> None:
    """At every card of a hand played out by thumb from a random position, the Oh Hell simulator's
    rule of thumb picks the card `ohhell.policy` picks on the engine's state, ties between equal
    ranks of different suits broken alike: the playouts play what the bots play, and a deal built
    without the engine is weighed as the engine's is."""
    from service.bots.ohhell import policy

    game, options = table
    rng = random.Random(seed)
    state = _into_play(game, options, seed, rng, cards)
    if state is None:
        return
    sim = OhHellSim(state)
    while sim.left:
        c = sim.thumb()
        a = policy(state)
        assert a.card is not None and OH_INDEX[a.card] == c, (a.card, OH_CARD[c], state.trick)
        state = state.apply(a)
        sim.play(c)
    assert sim.scores() == state.result()["scores"]


OHHELL_TABLES = [t for t in TABLES if GAMES[t[0]].family == "ohhell"] + [
    ("oh-hell", {"dealer_restriction": False}),
    ("nomination-whist", {"players": 5}),
]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(table=st.sampled_from(OHHELL_TABLES), seed=st.integers(0, 10**6), calls=st.integers(0, 4))
def test_lean_bidding_equals_the_engine(table: tuple[str, Any], seed: int, calls: int) -> None:
    """From the bidding (once trumps are known), the simulator opens the same bids as the engine (the
    dealer's restriction), its rule of thumb calls what `ohhell.policy` calls, and the hand played
    out from there scores the same."""
    from service.bots.ohhell import policy

    game, options = table
    g = GAMES[game]
    rules = g.rules(options)
    rng = random.Random(seed)
    rnd = rng.randint(1, 7)
    record = HandRecord.from_json(g.deal(rules, {"seed": seed, "round": rnd})["hand"])
    state = _start(game, rules, record)
    for _ in range(calls):
        if state.phase != "bidding":
            break
        state = state.apply(rng.choice(state.legal_actions()))
    if not OhHellSim.can_start(state) or state.phase != "bidding":
        return
    sim = OhHellSim(state)
    while state.phase == "bidding":
        assert sim.bidding and sim.to_act == state.to_act
        assert sim.bid_options() == sorted(a.value for a in state.legal_actions())
        assert sim.thumb_bid() == policy(state).value
        a = rng.choice(state.legal_actions())
        state = state.apply(a)
        sim.bid(a.value)
    assert not sim.bidding and sim.to_act == state.to_act
    while state.phase == "play":
        c = sim.thumb()
        state = state.apply(next(a for a in state.legal_actions() if a.card is OH_CARD[c]))
        sim.play(c)
    assert sim.scores() == state.result()["scores"]


def _fields(sim: OhHellSim) -> tuple[Any, ...]:
    return (sim.hands, sim.trick, sim.won, sim.bids, sim.left, sim.to_act, sim.leader, sim.best, sim.bidding)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(
    table=st.sampled_from(OHHELL_TABLES),
    seed=st.integers(0, 10**6),
    calls=st.integers(0, 4),
    cards=st.integers(0, 30),
)
def test_play_out_is_the_stepwise_loop(table: tuple[str, Any], seed: int, calls: int, cards: int) -> None:
    """`play_out` (the bots' playouts, one loop on local names) plays card for card what the stepwise
    `thumb_bid`, `thumb` and `play` do, from the bidding or from any card of the play, and
    `play_out(rand)` what the stepwise calls do with the same random numbers: the fused loops are
    a speed-up, never another player."""
    game, options = table
    g = GAMES[game]
    rules = g.rules(options)
    rng = random.Random(seed)
    record = HandRecord.from_json(g.deal(rules, {"seed": seed, "round": rng.randint(1, 7)})["hand"])
    state = _start(game, rules, record)
    for _ in range(calls + cards):
        if state.phase not in ("bidding", "play") or not OhHellSim.can_start(state):
            break
        nxt = state.apply(rng.choice(state.legal_actions()))
        if nxt.phase == "complete":
            break
        state = nxt
    if not OhHellSim.can_start(state):
        return
    base = OhHellSim(state)
    fused, stepwise = base.clone(), base.clone()
    fused.play_out()
    while stepwise.bidding:
        stepwise.bid(stepwise.thumb_bid())
    while stepwise.left:
        stepwise.play(stepwise.thumb())
    assert _fields(fused) == _fields(stepwise)
    assert fused.scores() == stepwise.scores()
    assert sum(fused.won) == fused.size and all(not h for h in fused.hands)
    r1, r2 = random.Random(seed).random, random.Random(seed).random
    fused, stepwise = base.clone(), base.clone()
    fused.play_out(r1)
    while stepwise.bidding:
        options_ = stepwise.bid_options()
        stepwise.bid(options_[int(r2() * len(options_))])
    while stepwise.left:
        legal = stepwise.legal()
        stepwise.play(legal[int(r2() * len(legal))])
    assert _fields(fused) == _fields(stepwise)
    assert fused.scores() == stepwise.scores()
    assert base.left == sum(len(h) for h in base.hands)  # the copies played, not the deal they came from
