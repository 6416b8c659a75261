"""Where two levels choose differently, and what one such choice is worth (figures, not pass/fail).

A match between two levels answers whether one is stronger, at the price of thousands of deals:
each deal's score swings by whole calls. This asks a narrower question in fewer deals: every seat
is played by the `base` level (clock off, default budgets, the seeds `bench.bots` uses); at each
decision with a choice, the `other` level answers from the same view and seed, and where it
differs the deal is also played on from its answer with `base` at every seat, on the same cards.
The one choice's worth is then the seat's standing after the other answer minus after base's:
its side's score minus the other side's as `bench.bots` counts a match (in the Oh Hell family the
mean of the seats of its parity minus that of the others), and its own score beside it.

It shows which kind of decision (call, trumps, card) the levels part on, how often, and which way
it goes; it does not replace the match (a choice played on by `base` is not the level's own plan).

    python -m bench.differ [--game blob] [--levels hard,crazy] [--first 30000] [--deals 100]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

from bench.bots import margin, turn
from service.bots import suggest
from service.rules.registry import GAMES


def standing(game: str, scores: list[int], seat: int) -> float:
    """The seat's side against the other, as `bench.bots.play` counts a deal (side 0: the even
    seats, the team of seats 0 and 2, the duel's first player)."""
    m = margin(game, scores)
    return m if seat % 2 == 0 else -m


def finish(game: str, hand: dict[str, Any], seed: int, moves: int, level: str) -> list[int]:
    """The deal played on to its end by `level` at every seat; its scores."""
    g = GAMES[game]
    rules = g.rules(None)
    while True:
        full, view = turn(g, rules, hand)
        if view is None:
            return list(full["result"]["scores"])
        seat = full["to_act"]
        s = suggest(game, view, seat, level, seed=seed * 1000 + moves, clock=False)
        hand = {**hand, "actions": [*hand["actions"], s.action]}
        moves += 1


def deal_rows(game: str, deal: int, base: str, other: str) -> Iterator[dict[str, Any]]:
    """One row per decision with a choice in deal number `deal` played by `base` at every seat."""
    g = GAMES[game]
    rules = g.rules(None)
    seed = 7919 * (deal + 1)
    hand = g.deal(rules, {"dealer": seed % 2, "seed": seed})["hand"]
    moves = 0
    rows: list[dict[str, Any]] = []
    while True:
        full, view = turn(g, rules, hand)
        if view is None:
            break
        seat = full["to_act"]
        b = suggest(game, view, seat, base, seed=seed * 1000 + moves, clock=False)
        if len(b.values) > 1:
            o = suggest(game, view, seat, other, seed=seed * 1000 + moves, clock=False)
            row: dict[str, Any] = {
                "deal": deal,
                "move": moves,
                "seat": seat,
                "type": b.action.get("type"),
                "n": len(b.values),
                "same": o.action == b.action,
                "cards": len(view["hands"][seat]),
            }
            if not row["same"]:
                row[base], row[other] = b.action, o.action
                moved = {**hand, "actions": [*hand["actions"], o.action]}
                row["alt"] = finish(game, moved, seed, moves + 1, base)
            rows.append(row)
        hand = {**hand, "actions": [*hand["actions"], b.action]}
        moves += 1
    scores = list(full["result"]["scores"])
    for row in rows:
        if "alt" in row:
            seat = row["seat"]
            row["worth"] = standing(game, row["alt"], seat) - standing(game, scores, seat)
            row["own"] = row["alt"][seat] - scores[seat]
        yield row


def summary(rows: list[dict[str, Any]]) -> list[str]:
    """Per kind of decision: how many, the share agreed, and the differing choices' mean worth
    (standing and own score) with its 95 % interval."""
    deals = len({r["deal"] for r in rows})
    total: Counter[str] = Counter()
    same: Counter[str] = Counter()
    worth: dict[str, list[float]] = defaultdict(list)
    own: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        total[r["type"]] += 1
        same[r["type"]] += r["same"]
        if not r["same"]:
            worth[r["type"]].append(r["worth"])
            own[r["type"]].append(r["own"])
    lines = [f"{deals} deals, {len(rows)} decisions with a choice"]
    for kind in total:
        line = f"  {kind:6} {total[kind]:6} decisions, {same[kind] / total[kind]:.1%} the same"
        for name, xs in (("standing", worth[kind]), ("own", own[kind])):
            if len(xs) > 1:
                m = statistics.fmean(xs)
                h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
                line += f"; {name} {m:+.2f} +/- {h:.2f} a choice ({sum(xs) / deals:+.2f} a deal)"
        lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="blob", choices=list(GAMES))
    parser.add_argument("--levels", default="hard,crazy", help="base,other")
    parser.add_argument("--first", type=int, default=30000)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--rows", action="store_true", help="print each decision's row (JSON)")
    args = parser.parse_args()
    base, other = args.levels.split(",")
    rows = []
    for d in range(args.first, args.first + args.deals):
        for row in deal_rows(args.game, d, base, other):
            rows.append(row)
            if args.rows:
                print(json.dumps(row), flush=True)
    print("\n".join(summary(rows)))


if __name__ == "__main__":
    main()
