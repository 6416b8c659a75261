"""The lean simulators (service/bots/lean.py) play by the rules: from random positions of the play,
every card they allow is one the engine's own legal moves allow and no other, every trick goes to
the seat the engine gives it, every hand scores what the engine scores, in every game and contract,
at both table sizes and under the options that change the duties or the scoring; and a playout by
the rule of thumb ends where the engine ends when every seat plays the bots' policy."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.bots.lean import BEL_INDEX, OH_CARD, OH_INDEX, OhHellSim, baloot_sim, blot_sim, ohhell_playout
from service.bots.ohhell import FAMILY, policy
from service.rules.cards import NO_TRUMP, STRAINS
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
    ("bazar-blot", {"profile": "teleblot"}),
    ("blot-duel", None),
    ("blot-duel", {"profile": "long"}),
    ("baloot", None),
    ("baloot", {"trump_lead": "over-opponent", "doubled_play": "closed"}),
    ("baloot", {"profile": "app-variants"}),
]


def _start(game: str, rules: Any, record: HandRecord) -> Any:
    return GAMES[game].start(rules, record)


def _sim(game: str, state: Any) -> Any:
    if GAMES[game].family == "ohhell":
        return OhHellSim(state), OH_INDEX
    if game == "baloot":
        return baloot_sim(state), BEL_INDEX
    return blot_sim(state), BEL_INDEX


def into_play(game: str, options: Any, seed: int, rng: random.Random, cards: int) -> Any:
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
    state = into_play(game, options, seed, rng, cards)
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


def _policy(game: str) -> Any:
    from service.bots import baloot, blot, ohhell

    family = GAMES[game].family
    return ohhell.policy if family == "ohhell" else baloot.policy if family == "baloot" else blot.policy


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 10**6), cards=st.integers(0, 20))
def test_play_out_ends_where_the_engine_ends(table: tuple[str, Any], seed: int, cards: int) -> None:
    """A playout by the rule of thumb (`play_out`, the loop the bots' playouts run) from a random
    position of the play ends with the tricks and scores the engine gives the same hand when every
    seat plays the bots' policy there (each card of it accepted by the engine)."""
    game, options = table
    rng = random.Random(seed)
    state = into_play(game, options, seed, rng, cards)
    if state is None:
        return
    sim, _ = _sim(game, state)
    sim.play_out()
    policy = _policy(game)
    while state.phase == "play":
        a = policy(state)
        assert a in state.legal_actions()
        state = state.apply(a)
    assert sim.left == 0 and all(not h for h in sim.hands)
    assert sim.scores() == state.result()["scores"]


BELOTE_TABLES = [t for t in TABLES if GAMES[t[0]].family != "ohhell"]


def _strain(state: Any) -> str:
    c = state.view()["contract"]
    return str(c["strain"])


@pytest.mark.parametrize("table", BELOTE_TABLES, ids=lambda t: f"{t[0]}-{t[1]}")
def test_every_simulated_card_is_legal_in_every_contract(table: tuple[str, Any]) -> None:
    """Over many random deals of each Belote game, whose contracts cover every strain it has (the
    duel is played in a suit), every card the simulator allows at every step is one the engine's
    own legal moves allow (and no card the engine allows is missing), and the card its rule of
    thumb picks is among them, to the hand's end."""
    game, options = table
    strains: set[str] = set()
    every = {"S", "H", "D", "C"} | (set() if game == "blot-duel" else {"NT"})
    for seed in range(400):
        if seed >= 40 and len(strains) == len(every):
            break
        rng = random.Random(seed)
        state = into_play(game, options, seed, rng, rng.randrange(12))
        if state is None:
            continue
        strains.add(_strain(state))
        sim, index = _sim(game, state)
        back = {v: k for k, v in index.items()}
        while state.phase == "play":
            engine = {a.card: a for a in state.legal_actions()}
            assert {back[c] for c in sim.legal()} == set(engine)
            c = sim.thumb()
            state = state.apply(engine[back[c]])
            sim.play(c)
        assert sim.scores() == state.result()["scores"]
    assert strains == every


OHHELL_TABLES = [t for t in TABLES if GAMES[t[0]].family == "ohhell"] + [
    ("oh-hell", {"dealer_restriction": False}),
    ("nomination-whist", {"players": 5}),
]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(table=st.sampled_from(OHHELL_TABLES), seed=st.integers(0, 10**6), calls=st.integers(0, 4))
def test_lean_bidding_equals_the_engine(table: tuple[str, Any], seed: int, calls: int) -> None:
    """From the bidding (trumps known, or named by the highest caller after the calls), the simulator
    opens the same bids as the engine (the dealer's restriction), gives the same seat trumps to name
    among the same strains, names the ones the bots' policy names, and the hand played out from
    there by its rule of thumb takes only cards the engine accepts and scores the same."""
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
        a = rng.choice(state.legal_actions())
        state = state.apply(a)
        sim.bid(a.value)
    assert not sim.bidding and sim.to_act == state.to_act
    if state.phase == "trump":  # the first to call the highest number names trumps
        assert sim.naming
        legal = state.legal_actions()
        assert [STRAINS[t] for t in sim.name_options()] == [a.strain for a in legal]
        assert STRAINS[sim.thumb_name()] == policy(state).strain
        a = rng.choice(legal)
        state = state.apply(a)
        sim.name(STRAINS.index(a.strain) if a.strain != NO_TRUMP else -1)
    assert not sim.naming and sim.to_act == state.to_act and state.phase in ("play", "complete")
    while state.phase == "play":
        c = sim.thumb()
        state = state.apply(next(a for a in state.legal_actions() if a.card is OH_CARD[c]))
        sim.play(c)
    assert sim.scores() == state.result()["scores"]


HIGHEST_CALLER_TABLES = [t for t in OHHELL_TABLES if t[0] == "blob"] + [
    ("nomination-whist", {"trumps": "highest-caller"}),
    ("blob", {"no_trump_call": False}),
]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(table=st.sampled_from(HIGHEST_CALLER_TABLES), seed=st.integers(0, 10**6), calls=st.integers(0, 6))
def test_a_playout_from_the_calls_is_the_engines_by_the_bots_policy(
    table: tuple[str, Any], seed: int, calls: int
) -> None:
    """Where the highest caller names trumps, a lean playout from the calls or the naming (every seat
    by the rule of thumb) scores for each seat what the engine scores when every seat takes the
    bots' policy, calls and trumps included: the playouts that value a call are unchanged by where
    they run."""
    game, options = table
    g = GAMES[game]
    rules = g.rules(options)
    rng = random.Random(seed)
    record = HandRecord.from_json(g.deal(rules, {"seed": seed, "round": rng.randint(1, 7)})["hand"])
    state = _start(game, rules, record)
    for _ in range(calls):
        if state.phase not in ("bidding", "trump"):
            break
        state = state.apply(rng.choice(state.legal_actions()))
    if state.phase not in ("bidding", "trump"):
        return
    assert OhHellSim.can_start(state)
    engine = state
    while engine.phase not in FAMILY.terminal:
        engine = engine.apply(policy(engine))
    for seat in range(state.table.players):
        assert ohhell_playout(state, seat) == FAMILY.value(engine, seat)
