"""How well the Oh Hell family's tree values its own calls (a figure, not pass/fail).

Reads a log of `python -m bench.anchors --only openspiel --log` (each deal's bids and tricks per
seat), asks Hard again for each of its own calls there (the same view, the same seed as the match
gave it), and, where it calls what it called in the match, sets the tree's value of that call
beside what the seat then scored. A call valued below what it scores is one the tree's playouts
(every seat by the rule of thumb) make harder than the seat's real play does; the calls then lean
to those the rule of thumb makes easily (bench/results/2026-12-02-bots-ismcts.md).

    PYTHONHASHSEED=0 python -m bench.calls LOG [--deals 120] [--level hard]
    python -m bench.calls LOG [LOG ...] --pairs
    python -m bench.calls LOG [LOG ...] --playouts 100

`--pairs` asks nothing: each deal is played twice with the sides swapped, so every hand is called
once by each side, and it tabulates the two calls of the same hand beside what each side scored
with it (where the calls differ, which side's call was the better one).

`--playouts N` measures the playouts alone: for every call in the logs (both sides'), N deals
imagined uniformly around the caller's hand, the calls before it as they were made, the rest by the
rule of thumb and the play by the rule of thumb (the lean simulator, as the tree's playouts play),
and the share of them in which the caller makes its call, beside the share of the real seats that
made it. A playout that steers to a call worse than real play does shows here as a call predicted
below its real rate, in a minute, without a match.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
from typing import Any

from bench.anchors import openspiel_deal
from service.bots import suggest
from service.bots.lean import OH_INDEX, OhHellSim
from service.rules.cards import card
from service.rules.record import Action, HandRecord
from service.rules.registry import GAMES

DEAL = re.compile(r"\s+deal (\d+) \(seed (\d+)\)")
SEAT = re.compile(r"\s+(ours|ismcts)\s+seat (\d) bid (\d+) took (\d+)\s+(?:made)?\s+(\d+)")
Pair = tuple[int, int, int, int]  # our call, its score; the other side's call, its score


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


def same_hands(paths: list[str]) -> list[Pair]:
    """Every hand of the logs as both sides called and scored it (the two plays of a deal)."""
    found: list[Pair] = []
    for path in paths:
        for _, rows in read_log(path):
            if len(rows) != 8:
                continue  # a deal the log cut short
            first = {seat: (side, bid, score) for side, seat, bid, score in rows[:4]}
            second = {seat: (side, bid, score) for side, seat, bid, score in rows[4:]}
            for seat in range(4):
                a, b = first[seat], second[seat]
                ours, theirs = (a, b) if a[0] == "ours" else (b, a)
                found.append((ours[1], ours[2], theirs[1], theirs[2]))
    return found


def print_pairs(pairs: list[Pair]) -> None:
    """The table of the two sides' calls of the same hand: cells of at least 8 hands, and each
    cell's share of the whole difference (points per seat per deal, as bench.anchors reports it)."""
    cells: dict[tuple[int, int], list[Pair]] = {}
    for p in pairs:
        cells.setdefault((p[0], p[2]), []).append(p)
    total = len(pairs)
    print(f"{total} hands, each called by both sides")
    print("| our call | their call | hands | we scored | they scored | share of the difference |")
    print("|---|---|---|---|---|---|")
    for (ours, theirs), cell in sorted(cells.items()):
        if len(cell) < 8:
            continue
        we = statistics.mean(p[1] for p in cell)
        they = statistics.mean(p[3] for p in cell)
        share = sum(p[1] - p[3] for p in cell) / total
        print(f"| {ours} | {theirs} | {len(cell)} | {we:.2f} | {they:.2f} | {share:+.2f} |")
    for label, keep in (("same call", lambda p: p[0] == p[2]), ("different calls", lambda p: p[0] != p[2])):
        part = [p for p in pairs if keep(p)]
        if part:
            diff = sum(p[1] - p[3] for p in part) / total
            print(f"{label}: {len(part)} hands, share of the difference {diff:+.2f}")


def playout_rates(paths: list[str], worlds: int) -> dict[int, tuple[int, float, float]]:
    """Per call: (calls, the playouts' share made, the real share made), over every call the logs
    show, each imagined `worlds` times around its caller's hand."""
    game = GAMES["oh-hell"]
    rules = game.rules({"players": 4})
    rng = random.Random(1)
    found: dict[int, list[tuple[float, bool]]] = {}
    for path in paths:
        for seed, rows in read_log(path):
            if len(rows) != 8:
                continue
            dealer = seed % 4
            hand = openspiel_deal(game, rules, seed)
            hands = tuple(tuple(card(c) for c in h) for h in hand["hands"])
            turned = card(hand["turned"])
            for play in (rows[:4], rows[4:]):
                # a made call scores 10 plus its tricks, a missed one its tricks (7 at most)
                calls = {seat: (bid, score >= 10) for _, seat, bid, score in play}
                record = HandRecord(dealer, hands, (), turned, (), hand.get("round"))
                st: Any = GAMES[rules.game].start(rules, record)
                while st.phase != "bidding":
                    st = st.apply(st.legal_actions()[0])  # the turned card names trumps
                for _ in range(4):
                    seat = st.to_act
                    bid, made = calls[seat]
                    found.setdefault(bid, []).append(
                        (_made_share(OhHellSim(st), seat, bid, turned, worlds, rng), made)
                    )
                    st = st.apply(Action(seat, "bid", bid))
    return {
        bid: (len(v), statistics.mean(p for p, _ in v), statistics.mean(1.0 if m else 0.0 for _, m in v))
        for bid, v in sorted(found.items())
    }


def _made_share(base: OhHellSim, seat: int, bid: int, turned: Any, worlds: int, rng: random.Random) -> float:
    mine = set(base.hands[seat])
    unseen = [i for i in range(52) if i not in mine and i != OH_INDEX[turned]]
    others = [o for o in range(base.n) if o != seat]
    size = base.size
    made = 0
    for _ in range(worlds):
        rng.shuffle(unseen)
        sim = base.clone()
        for k, o in enumerate(others):
            sim.hands[o] = unseen[k * size : (k + 1) * size]
        sim.bid(bid)
        while sim.bidding:
            sim.bid(sim.thumb_bid())
        while sim.left:
            sim.play(sim.thumb())
        made += sim.won[seat] == bid
    return made / worlds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", nargs="+")
    parser.add_argument("--pairs", action="store_true", help="tabulate both sides' calls of each hand")
    parser.add_argument("--playouts", type=int, default=0, help="the rule of thumb's playouts per call")
    parser.add_argument("--deals", type=int, default=120)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args()
    if args.pairs:
        print_pairs(same_hands(args.log))
        return
    if args.playouts:
        print(f"{args.playouts} playouts a call (the rule of thumb; deals imagined uniformly)")
        print("| call | calls | made in the playouts | made at the table |")
        print("|---|---|---|---|")
        for bid, (count, predicted, real) in playout_rates(args.log, args.playouts).items():
            print(f"| {bid} | {count} | {predicted:.0%} | {real:.0%} |")
        return
    game = GAMES["oh-hell"]
    rules = game.rules({"players": 4})
    valued: dict[int, list[tuple[float, int]]] = {}
    asked = repeated = 0
    for seed, rows in read_log(args.log[0])[: args.deals]:
        for play in (rows[:4], rows[4:]):
            bids = {seat: bid for _, seat, bid, _ in play}
            ours = {seat for side, seat, _, _ in play if side == "ours"}
            scores = {seat: score for _, seat, _, score in play}
            dealer = seed % 4
            hand = openspiel_deal(game, rules, seed)
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
