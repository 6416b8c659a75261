"""How well the Oh Hell family's tree values its own calls (a figure, not pass/fail).

Reads a log of `python -m bench.anchors --only openspiel --log` (each deal's bids and tricks per
seat), asks Hard again for each of its own calls there (the same view, the same seed as the match
gave it), and, where it calls what it called in the match, sets the tree's value of that call
beside what the seat then scored. A call valued below what it scores is one the tree's playouts
(every seat by the rule of thumb) make harder than the seat's real play does; the calls then lean
to those the rule of thumb makes easily (docs/bots.md, "Against OpenSpiel's ISMCTS").

    PYTHONHASHSEED=0 python -m bench.calls LOG [--deals 120] [--level hard]
"""

from __future__ import annotations

import argparse
import re
import statistics
from typing import Any

from service.bots import suggest
from service.rules.registry import GAMES

DEAL = re.compile(r"\s+deal (\d+) \(seed (\d+)\)")
SEAT = re.compile(r"\s+(ours|ismcts)\s+seat (\d) bid (\d+) took (\d+)\s+(?:made)?\s+(\d+)")


def read_log(path: str) -> list[tuple[int, list[tuple[str, int, int, int]]]]:
    """Per deal: its seed and, for each of its two plays in turn, (side, seat, bid, score)."""
    deals: list[tuple[int, list[tuple[str, int, int, int]]]] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = DEAL.match(line)
            if m:
                deals.append((int(m.group(2)), []))
                continue
            m = SEAT.match(line)
            if m and deals:
                deals[-1][1].append((m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(5))))
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("--deals", type=int, default=120)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    game = GAMES["oh-hell"]
    rules = game.rules({"players": 4})
    valued: dict[int, list[tuple[float, int]]] = {}
    asked = repeated = 0
    for seed, rows in read_log(args.log)[: args.deals]:
        for play in (rows[:4], rows[4:]):
            bids = {seat: bid for _, seat, bid, _ in play}
            ours = {seat for side, seat, _, _ in play if side == "ours"}
            scores = {seat: score for _, seat, _, score in play}
            dealer = seed % 4
            hand = game.deal(rules, {"seed": seed, "round": 4, "dealer": dealer})["hand"]
            record: dict[str, Any] = {**hand, "actions": []}
            for i in range(4):  # the calls in turn from the dealer's left, as the match made them
                seat = (dealer + 1 + i) % 4
                if seat in ours:
                    view = game.state(rules, {**record, "seat": seat})
                    s = suggest("oh-hell", view, seat, args.level, seed=seed * 100 + i, clock=False)
                    asked += 1
                    if s.action["value"] == bids[seat]:
                        repeated += 1
                        value = next(v for a, v in s.values if a["value"] == bids[seat])
                        valued.setdefault(bids[seat], []).append((value, scores[seat]))
                record["actions"].append({"seat": seat, "type": "bid", "value": bids[seat]})
    print(f"{args.level}: {repeated} of its {asked} calls repeated as in the match")
    print("| call | seats | the tree's value | scored |")
    print("|---|---|---|---|")
    for bid in sorted(valued):
        pairs = valued[bid]
        value = statistics.mean(v for v, _ in pairs)
        scored = statistics.mean(s for _, s in pairs)
        print(f"| {bid} | {len(pairs)} | {value:.2f} | {scored:.2f} |")


if __name__ == "__main__":
    main()
