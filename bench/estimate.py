"""Bots: the Belote family's calling estimate against the points a side makes (figures, not pass/fail).

The bazar's rule of thumb bids what `blot.estimate` says a hand is worth, and every playout's bidder
and Hard's and Crazy's reading of the others' calls rest on it. This plays seeded deals of Bazar Blot
in which one seat holds the contract at the lowest bid in one strain (every seat, every strain of
every deal), the cards by the rule of thumb for all four seats, and records what the contract counts
towards making it (the bidders' card points, last trick, combinations and blot) against the hand's
`suit_value` in that strain. It fits the points as a line of `suit_value` (trumps and no trumps
apart), prints the spread about it, and for margins below the line the mean game-point difference a
bid of `(line - margin) / 10` would have scored on these deals (made: the side's points plus the bid
against the others' points; failed: everything and the bid to the others; below 8: no bid, 0).

Baloot (`--game baloot`): every seat calls every Hokum (the turned suit in the first round, the
others in the second) and Sun in turn on every deal, the others pass, the cards by the rule of
thumb; for thresholds on `suit_value` (of the five cards and the turned one) it prints the mean
game-point difference of calling exactly when the hand's value reaches the threshold (0 otherwise).

    python -m bench.estimate [--deals 300] [--first 0] [--game bazar-blot|baloot]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

from service.bots import blot
from service.bots.belote import suit_value
from service.bots.lean import blot_sim
from service.rules.belote.cards import DECK_32
from service.rules.cards import suit_of
from service.rules.record import HandRecord
from service.rules.registry import GAMES

STRAINS = ("S", "H", "D", "C", "NT")


def contract_points(st: Any) -> tuple[int, int]:
    """Play the rest by the rule of thumb: (what the bidders count towards the contract, the others')."""
    sim = blot_sim(st)
    while sim.left:
        sim.play(sim.thumb())
    c = st.contract
    team = c.seat % 2
    combos = st.play.combinations
    comb = combos.points
    blot_team = combos.blot_team(4)
    own = [sim.points[t] + comb[t] + (20 if blot_team == t else 0) for t in (0, 1)]
    return own[team], own[1 - team]


def shuffled(deal: int) -> list[Any]:
    """Deal `deal`'s 32 cards in a fixed order (the same deals for every measurement)."""
    cards = list(DECK_32)
    random.Random(7919 * (deal + 1)).shuffle(cards)
    return cards


def samples(deals: int, first: int) -> list[tuple[str, float, int, int]]:
    g = GAMES["bazar-blot"]
    rules = g.rules(None)
    out = []
    for d in range(first, first + deals):
        cards = shuffled(d)
        hands = tuple(tuple(cards[i * 8 : (i + 1) * 8]) for i in range(4))
        for seat in range(4):
            for strain in STRAINS:
                st: Any = g.start(rules, HandRecord(d % 4, hands))
                while st.phase == "auction":
                    legal = st.legal_actions()
                    if st.to_act == seat and st.contract is None:
                        a = next(x for x in legal if x.type == "bid" and x.strain == strain and x.value == 8)
                    else:
                        a = next(x for x in legal if x.type in ("pass", "keep"))
                    st = st.apply(a)
                if st.phase != "play":
                    continue
                mine, theirs = contract_points(st)
                sv = suit_value(hands[seat], suit_of(strain), 19)
                out.append((strain, sv, mine, theirs))
    return out


def fit(xs: list[float], ys: list[int]) -> tuple[float, float, float]:
    mx, my = statistics.mean(xs), statistics.mean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    a = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    b = my - a * mx
    sd = statistics.pstdev([y - (a * x + b) for x, y in zip(xs, ys, strict=True)])
    return a, b, sd


def score(points: int, theirs: int, bid: int, nt: bool) -> float:
    """The bidders' game-point difference for a bid (no bid below 8: 0)."""
    if bid < 8:
        return 0.0
    m = 2 if nt else 1
    if points >= bid * 10:
        return (points - theirs) / 10 + bid * m
    return -((points + theirs) / 10 + bid * m)


def baloot_samples(deals: int, first: int) -> list[tuple[str, float, float]]:
    """(hokum or sun, the hand's value as the rule of thumb counts it, the caller's side's margin)."""
    from service.bots import baloot
    from service.bots.lean import baloot_playout

    rules = GAMES["baloot"].rules(None)
    out = []
    for d in range(first, first + deals):
        cards = shuffled(d)
        hands = tuple(tuple(cards[i * 5 : (i + 1) * 5]) for i in range(4))
        record = HandRecord(d % 4, hands, (), cards[20], tuple(cards[21:]))
        for seat in range(4):
            for call in ("S", "H", "D", "C", "sun"):
                st: Any = GAMES["baloot"].start(rules, record)
                called = False
                while st.phase == "calling":
                    legal = st.legal_actions()
                    pick = next(a for a in legal if a.type == "pass")
                    if st.to_act == seat and not called:
                        want = [
                            a
                            for a in legal
                            if (a.type == "sun" and call == "sun") or (a.type == "hokum" and a.strain == call)
                        ]
                        if want:
                            pick, called = want[0], True
                    st = st.apply(pick)
                if not called or st.phase in ("complete", "redeal"):
                    continue
                while st.phase != "play":
                    st = st.apply(baloot.policy(st))
                with_turned = [*hands[seat], cards[20]]
                value = suit_value(with_turned, None if call == "sun" else suit_of(call))
                v = baloot_playout(st, seat)
                if v is not None and st.contract.seat == seat:
                    out.append(("sun" if call == "sun" else "hokum", value, v))
    return out


def baloot_main(deals: int, first: int) -> None:
    from service.bots import baloot

    t0 = time.process_time()
    data = baloot_samples(deals, first)
    print(f"{len(data)} calls from {deals} deals ({time.process_time() - t0:.0f} s CPU)")
    for kind, now in (("hokum", baloot.HOKUM), ("sun", baloot.SUN)):
        rows = [r for r in data if r[0] == kind]
        made = [r for r in rows if r[2] > 0]
        print(f"  {kind}: {len(rows)} calls, the caller's side ahead in {100 * len(made) / len(rows):.0f} %")
        for t in (now - 16, now - 8, now, now + 4, now + 8, now + 12, now + 16, now + 24):
            vals = [v if x > t else 0.0 for _, x, v in rows]
            n = sum(1 for _, x, _ in rows if x > t)
            mean = statistics.mean(vals)
            half = 1.96 * statistics.stdev(vals) / math.sqrt(len(vals))
            mark = " (in code)" if t == now else ""
            print(
                f"    call above {t:4.0f}{mark:10}: {mean:+6.2f} +/- {half:4.2f} game points a hand,"
                f" {n:5} calls"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--game", default="bazar-blot", choices=("bazar-blot", "baloot"))
    args = parser.parse_args()
    if args.game == "baloot":
        baloot_main(args.deals, args.first)
        return
    t0 = time.process_time()
    data = samples(args.deals, args.first)
    print(f"{len(data)} contracts from {args.deals} deals ({time.process_time() - t0:.0f} s CPU)")
    for name, nt in (("trumps", False), ("no trumps", True)):
        rows = [r for r in data if (r[0] == "NT") == nt]
        xs = [r[1] for r in rows]
        ys = [r[2] for r in rows]
        a, b, sd = fit(xs, ys)
        now = [(x * 1.25 + 45.0) for x in xs]
        over = statistics.mean(n - y for n, y in zip(now, ys, strict=True))
        print(
            f"  {name:9}: points = {a:.3f} x suit_value + {b:.1f}, spread {sd:.1f} ({len(rows)} contracts);"
            f" the estimate before read {over:+.1f} points above what is made, on average"
        )
        for margin in (0, 5, 10, 15, 20, 25, 30, 40):
            vals = [score(y, t, math.floor((a * x + b - margin) / 10), nt) for (_, x, y, t) in rows]
            made = [
                y >= 10 * math.floor((a * x + b - margin) / 10)
                for (_, x, y, _) in rows
                if math.floor((a * x + b - margin) / 10) >= 8
            ]
            mean = statistics.mean(vals)
            half = 1.96 * statistics.stdev(vals) / math.sqrt(len(vals))
            print(
                f"    margin {margin:3}: {mean:+6.2f} +/- {half:4.2f} game points a contract,"
                f" bids {len(made):5}, made {100 * sum(made) / max(1, len(made)):3.0f} %"
            )
        ca, cb = blot.LINE[nt]
        for label, line in (("before (1.25 x value + 45)", now), ("in code", [ca * x + cb for x in xs])):
            code = [score(y, t, math.floor(n / 10), nt) for (_, _, y, t), n in zip(rows, line, strict=True)]
            madec = [
                y >= 10 * math.floor(n / 10) for (_, _, y, _), n in zip(rows, line, strict=True) if n >= 80
            ]
            print(
                f"    the estimate {label}: {statistics.mean(code):+6.2f} game points a contract,"
                f" bids {len(madec)}, made {100 * sum(madec) / max(1, len(madec)):.0f} %"
            )


if __name__ == "__main__":
    main()
