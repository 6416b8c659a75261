"""Random legal full deals per second: Bazar Blot and the duel (auction and play, then the score),
side by side in the same run with colver, a Rust Belote engine driven from Python (card play only).

Rates are per CPU second of this process (time.process_time), so that other work on a shared
machine does not skew the side-by-side comparison. Each deal: a seeded deal, then a random legal
action (a bid, pass, contra... then cards) until the deal is complete or void, then its score.
colver skips the auction: a fixed contract is set and the card play is random (its legal_actions
and step from Python, and again with its own Rust-side random policy). colver is optional
(`pip install -e '.[bench]'`).

    python -m bench.belote [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from service.rules.blot import GAMES, deal_state
from service.rules.blot.state import COMPLETE, REDEAL
from service.rules.parse import parse_record
from service.rules.profile import Rules

GAME = {g.id: g for g in GAMES}
DONE = (COMPLETE, REDEAL)


def engine_deals(rules: Rules, seconds: float) -> tuple[int, float]:
    """Deal as an engine state (seeded), play the auction and the cards at random, score it."""
    rng = random.Random(1)
    players = GAME[rules.game].max_players
    deals = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(100):
            state = deal_state(rules, deals % players, deals)
            while state.phase not in DONE:
                state = state.apply(rng.choice(state.legal_actions()))
            state.result()
            deals += 1
    return deals, time.process_time() - start


def record_deals(rules: Rules, seconds: float) -> tuple[int, float]:
    """The same from the JSON deal, validating the record first, as the service does."""
    game = GAME[rules.game]
    rng = random.Random(1)
    deals = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(100):
            state = game.start(rules, parse_record(game.deal(rules, {"seed": deals})["hand"]))
            while state.phase not in DONE:
                state = state.apply(rng.choice(state.legal_actions()))
            state.result()
            deals += 1
    return deals, time.process_time() - start


def colver_deals(colver: Any, seconds: float, rust_policy: bool) -> tuple[int, float]:
    """colver: a seeded deal, a fixed 80 contract, random card play (Python's choice, or colver's)."""
    rng = random.Random(1)
    env_deal = colver.Env.deal
    deals = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(100):
            env = env_deal(deals % 4, deals)
            env.set_contract(deals % 4, 80, 0, 0)
            env.set_phase_playing()
            if rust_policy:
                while not env.is_terminal():
                    env.step(env.action_random())
            else:
                while not env.is_terminal():
                    env.step(rng.choice(env.legal_actions()))
            env.get_points()
            deals += 1
    return deals, time.process_time() - start


def report(label: str, run: Callable[[], tuple[int, float]]) -> float:
    deals, elapsed = run()
    rate = deals / elapsed
    print(f"{label}: {rate:,.0f} deals/s ({deals} deals in {elapsed:.1f} CPU s)")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    args = parser.parse_args()
    s = args.seconds
    rates: dict[str, float] = {}
    for game in ("bazar-blot", "blot-duel"):
        label = f"{game} full deals, auction + play + score"
        book = GAME[game].rules(None)
        rates[game] = report(f"{label} (engine)", partial(engine_deals, book, s))
        report(f"{label} (record)", partial(record_deals, book, s))
    try:
        import colver  # optional: the bench dependency group
    except ImportError:
        print("colver: skipped (not installed; pip install -e '.[bench]' to compare)")
        return
    version = getattr(colver, "__version__", "?")
    py = report(
        f"colver {version} card play only, Python random choice", lambda: colver_deals(colver, s, False)
    )
    report(
        f"colver {version} card play only, colver's own random policy", lambda: colver_deals(colver, s, True)
    )
    for game in ("bazar-blot", "blot-duel"):
        print(f"{game} / colver (Python choice): {rates[game] / py:.2f}x")


if __name__ == "__main__":
    main()
