"""Random legal Baloot hands per second through the engine (no HTTP), beside colver's card play.

Each hand: a seeded deal, then the seat to act picks a random legal action (calling, doubling, play)
and applies it until the hand is complete or passed out, then the hand is scored. "card play" fixes
the contract first (Hokum in the turned suit, undoubled), by its calls or set directly, and times the
play and the score: the figure colver (a Rust Belote engine, optional dependency group `bench`) is
measured on, a seeded deal, a contract set directly, random legal cards to the end, the points read.
Bazar Blot's and the duel's full deals (bench/belote.py) run in the same rounds. The clock is this
process's CPU time, and the configurations run in interleaved rounds, so a busy machine slows them
alike and the ratios hold.

    python -m bench.baloot [--seconds 3]
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable
from functools import partial

from bench.belote import GAME as BLOT
from bench.belote import colver_deals, engine_deals
from service.rules.baloot import GAMES, deal_state, read_record
from service.rules.baloot.state import COMPLETE, REDEAL, HandState
from service.rules.profile import Rules
from service.rules.record import Action

GAME = GAMES[0]
DONE = (COMPLETE, REDEAL)


def timed(seconds: float, batch: Callable[[int], int]) -> tuple[int, float]:
    """Run `batch(start_index)` (which plays some hands and returns how many) until the time is up."""
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        hands += batch(hands)
    return hands, time.process_time() - start


def full_hands(rules: Rules, seconds: float) -> tuple[int, float]:
    """Calling, doubling and play at random, then the score (a passed-out deal counts as a hand)."""
    rng = random.Random(1)

    def batch(first: int) -> int:
        for i in range(first, first + 100):
            state = deal_state(rules, i % 4, i)
            while state.phase not in DONE:
                state = state.apply(rng.choice(state.legal_actions()))
            state.result()
        return 100

    return timed(seconds, batch)


def called(rules: Rules, dealer: int, seed: int) -> HandState:
    """A deal with its contract settled: the dealer's right calls Hokum in the turned suit, the rest
    pass, nobody doubles."""
    state = deal_state(rules, dealer, seed)
    first = (dealer + 1) % 4
    state = state.apply(Action(first, "hokum", strain=state.table.turned.suit.value))
    for k in (1, 2, 3):
        state = state.apply(Action((first + k) % 4, "pass"))
    while state.phase != "play":
        state = state.apply(Action(state.to_act or 0, "pass"))
    return state


def contracted(rules: Rules, dealer: int, seed: int) -> HandState:
    """A deal with its contract set directly (Hokum in the turned suit to the dealer's right), as
    colver's set_contract does: no calling, no doubling."""
    state = deal_state(rules, dealer, seed)
    return state.called((dealer + 1) % 4, "hokum", state.table.turned.suit.value)


def card_play(
    rules: Rules, seconds: float, start: Callable[[Rules, int, int], HandState]
) -> tuple[int, float]:
    """Deal and contract with `start`, then random legal cards to the end and the score."""
    rng = random.Random(1)

    def batch(first: int) -> int:
        for i in range(first, first + 100):
            state = start(rules, i % 4, i)
            while state.phase != COMPLETE:
                state = state.apply(rng.choice(state.legal_actions()))
            state.result()
        return 100

    return timed(seconds, batch)


def record_hands(rules: Rules, seconds: float) -> tuple[int, float]:
    """As `full_hands`, from the JSON deal and validating its record, as the service does."""
    rng = random.Random(1)

    def batch(first: int) -> int:
        for i in range(first, first + 100):
            state = GAME.start(rules, read_record(GAME.deal(rules, {"seed": i, "dealer": i % 4})["hand"]))
            while state.phase not in DONE:
                state = state.apply(rng.choice(state.legal_actions()))
            state.result()
        return 100

    return timed(seconds, batch)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds the time is split into")
    args = parser.parse_args()
    runs: dict[str, Callable[[float], tuple[int, float] | None]] = {}
    for profile in ("high-card-club", "app-variants"):
        rules = GAME.rules({"profile": profile})
        runs[f"baloot {profile} (calling and play)"] = partial(full_hands, rules)
        runs[f"baloot {profile} (calling and play, from the record)"] = partial(record_hands, rules)
        runs[f"baloot {profile} (card play, contract by its calls)"] = partial(card_play, rules, start=called)
        runs[f"baloot {profile} (card play, contract set directly)"] = partial(
            card_play, rules, start=contracted
        )
    for game in ("bazar-blot", "blot-duel"):
        runs[f"{game} (auction and play, then the score)"] = partial(engine_deals, BLOT[game].rules(None))
    try:
        colver = importlib.import_module("colver")  # optional: the bench dependency group
        runs["colver (card play, contract set directly)"] = partial(colver_deals, colver, rust_policy=False)
    except ImportError:
        print("colver: skipped, not installed (pip install -e '.[bench]' to compare)")
    totals: dict[str, list[float]] = {name: [0, 0.0] for name in runs}
    skipped: set[str] = set()
    for _ in range(args.rounds):
        for name, run in runs.items():
            if name in skipped:
                continue
            measured = run(args.seconds / args.rounds)
            if measured is None:
                skipped.add(name)
                continue
            totals[name][0] += measured[0]
            totals[name][1] += measured[1]
    for name, (hands, elapsed) in totals.items():
        if name not in skipped:
            print(f"{name}: {hands / elapsed:,.0f} hands/s ({hands:.0f} hands in {elapsed:.1f} s)")
    colver_rate = totals.get("colver (card play, contract set directly)")
    if colver_rate and colver_rate[1]:
        base = colver_rate[0] / colver_rate[1]
        for name, (hands, elapsed) in totals.items():
            if not name.startswith("colver"):
                print(f"{name} / colver: {hands / elapsed / base:.2f}x")


if __name__ == "__main__":
    main()
