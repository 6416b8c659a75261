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

    python -m bench.differ [--game blob] [--levels hard,crazy[,crazy+read=0.6]] [--first 30000]
        [--deals 100] [--rows] [--read FILE...]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.bots import margin, turn, variant
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


def deal_rows(game: str, deal: int, base: str, others: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    """One row per decision with a choice and per other level, in deal number `deal` played by
    `base` at every seat. Rows of one decision share `deal` and `move`; an answer two other levels
    share is played on once."""
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
            played: dict[str, list[int]] = {}
            for other in others:
                o = suggest(game, view, seat, other, seed=seed * 1000 + moves, clock=False)
                row: dict[str, Any] = {
                    "deal": deal,
                    "move": moves,
                    "seat": seat,
                    "type": b.action.get("type"),
                    "n": len(b.values),
                    "other": other,
                    "same": o.action == b.action,
                    "cards": len(view["hands"][seat]),
                }
                if not row["same"]:
                    row[base], row[other] = b.action, o.action
                    key = json.dumps(o.action, sort_keys=True)
                    if key not in played:
                        moved = {**hand, "actions": [*hand["actions"], o.action]}
                        played[key] = finish(game, moved, seed, moves + 1, base)
                    row["alt"] = played[key]
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


# the cards a seat holds, in the bands the late-hand question was fixed in before its run
BANDS = ((1, 3), (4, 6), (7, 13))


def kinds(row: dict[str, Any]) -> list[str]:
    """The groups a row is counted in: its kind of decision, and a card's band of cards held too."""
    if row["type"] != "play":
        return [row["type"]]
    lo, hi = next(b for b in BANDS if b[0] <= row["cards"] <= b[1])
    return ["play", f"play {lo}-{hi}"]


def interval(xs: list[float]) -> str:
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:+.2f} +/- {h:.2f}"


def summary(rows: list[dict[str, Any]]) -> list[str]:
    """Per other level and kind of decision: how many, the share agreed, and the differing choices'
    mean worth (standing and own score) with its 95 % interval; the cards by the cards held."""
    deals = len({r["deal"] for r in rows})
    lines = [f"{deals} deals, {len({(r['deal'], r['move']) for r in rows})} decisions with a choice"]
    for other in dict.fromkeys(r["other"] for r in rows):
        lines.append(f"{other}:")
        mine = [r for r in rows if r["other"] == other]
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in mine:
            for kind in kinds(r):
                groups[kind].append(r)
        for kind, rs in groups.items():
            same = sum(r["same"] for r in rs)
            line = f"  {kind:10} {len(rs):6} decisions, {same / len(rs):.1%} the same"
            for name in ("worth", "own"):
                xs = [r[name] for r in rs if not r["same"]]
                if len(xs) > 1:
                    label = "standing" if name == "worth" else "own"
                    line += f"; {label} {interval(xs)} a choice ({sum(xs) / deals:+.2f} a deal)"
            lines.append(line)
    return lines


def paired(rows: list[dict[str, Any]], a: str, b: str) -> list[str]:
    """Level b against level a on the same decisions: b's worth minus a's, a choice the same as
    base's being worth 0, over every decision with a choice of each kind (and the cards by the
    cards held), with its 95 % interval."""
    worth: dict[tuple[int, int], dict[str, float]] = defaultdict(dict)
    info: dict[tuple[int, int], dict[str, Any]] = {}
    for r in rows:
        worth[(r["deal"], r["move"])][r["other"]] = 0.0 if r["same"] else r["worth"]
        info[(r["deal"], r["move"])] = r
    groups: dict[str, list[float]] = defaultdict(list)
    # the same, summed per deal (a deal's decisions are played on from one deal, so not independent)
    deals = sorted({deal for deal, _ in worth})
    per_deal: dict[str, dict[int, float]] = defaultdict(lambda: dict.fromkeys(deals, 0.0))
    for key, w in worth.items():
        if a in w and b in w:
            for kind in kinds(info[key]):
                groups[kind].append(w[b] - w[a])
                per_deal[kind][key[0]] += w[b] - w[a]
    lines = [f"{b} minus {a}, standing a decision (and summed a deal, over {len(deals)} deals):"]
    for kind, xs in groups.items():
        moved = sum(x != 0 for x in xs)
        if len(xs) > 1:
            summed = interval(list(per_deal[kind].values())) if len(deals) > 1 else "-"
            lines.append(
                f"  {kind:10} {len(xs):6} decisions, {moved} apart; {interval(xs)} ({summed} a deal)"
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="blob", choices=list(GAMES))
    parser.add_argument(
        "--levels",
        default="hard,crazy",
        help="base,other[,other...]; a variant as crazy+read=0.6 (bench.bots.variant)",
    )
    parser.add_argument("--first", type=int, default=30000)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--rows", action="store_true", help="print each decision's row (JSON)")
    parser.add_argument(
        "--read", nargs="+", metavar="FILE", help="summarise rows printed by earlier runs instead"
    )
    args = parser.parse_args()
    if args.read:
        lines = (line for f in args.read for line in Path(f).read_text().splitlines())
        rows = [json.loads(line) for line in lines if line.startswith("{")]
    else:
        base, *others = (variant(spec) for spec in args.levels.split(","))
        rows = []
        for d in range(args.first, args.first + args.deals):
            for row in deal_rows(args.game, d, base, tuple(others)):
                rows.append(row)
                if args.rows:
                    print(json.dumps(row), flush=True)
    print("\n".join(summary(rows)))
    others = list(dict.fromkeys(r["other"] for r in rows))
    for b in others[1:]:
        print("\n".join(paired(rows, others[0], b)))


if __name__ == "__main__":
    main()
