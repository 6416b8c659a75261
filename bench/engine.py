"""Random legal hands per second through the Oh Hell family engine (no HTTP).

Each hand: a seeded deal, then the player to act picks a random legal action and applies it until
the hand is complete, then the hand is scored. The clock is wall time; run it on an idle machine.

    python -m bench.engine [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from service.rules.ohhell import GAMES, deal_state, parse_record
from service.rules.ohhell.state import COMPLETE
from service.rules.profile import Rules

GAME = {g.id: g for g in GAMES}


def engine_hands(rules: Rules, seconds: float) -> tuple[int, float]:
    """Deal as an engine state (seeded), play it out at random, score it."""
    rng = random.Random(1)
    players = rules["players"]
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            state = deal_state(rules, hands % players, hands)
            while state.phase != COMPLETE:
                state = state.apply(rng.choice(state.legal_actions()))
            state.result()
            hands += 1
    return hands, time.perf_counter() - start


def record_hands(rules: Rules, seconds: float) -> tuple[int, float]:
    """The same, starting from the JSON deal and validating its record, as the service does."""
    game = GAME[rules.game]
    rng = random.Random(1)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            record = parse_record(game.deal(rules, {"seed": hands})["hand"])
            state = game.start(rules, record)
            while state.phase != COMPLETE:
                state = state.apply(rng.choice(state.legal_actions()))
            state.result()
            hands += 1
    return hands, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    args = parser.parse_args()
    for players, cards in ((4, 7), (5, 10)):
        rules = GAME["oh-hell"].rules({"players": players, "schedule": "custom", "hand_sizes": [cards]})
        for label, run in (("engine", engine_hands), ("record", record_hands)):
            hands, elapsed = run(rules, args.seconds)
            print(
                f"oh-hell {players} players x {cards} cards ({label}): {hands / elapsed:,.0f} hands/s "
                f"({hands} hands in {elapsed:.1f} s)"
            )


if __name__ == "__main__":
    main()
