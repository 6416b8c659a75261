"""How well the searching levels read the others' calls and cards in the Oh Hell family (figures).

Hard and Crazy weigh each imagined deal by how well it fits what the others did: a call `d` tricks
from the count its hand gives (`ohhell.bid_estimate`) counts `sharp ** max(0, |d| - 0.5)`, a card
the rule of thumb would not have played counts `read` (`core.Level`). Two questions, answered
without a match:

1. **How far do the levels' calls sit from the count?** Every call of `--deals` deals called by
   `--level` at every seat (the calls only: no card is played): the mean and the spread of
   `call - count`, and the share two tricks or more away, by place in the calling order. A
   searching caller is the model the weights should fit: the shares say which `sharp` they fit.
   Then the line `call = base + slope x count` fitted to them (least squares: `Level.call_base`
   and `call_slope`, how a level may expect the others to call where the highest caller names
   trumps), and how often the calls foretold for the seats after each caller, by the count and by
   the line, say rightly whether that caller will call highest first (and so name the trumps).
2. **Which weights place the hidden cards best?** At positions of deals played by `--level` at every
   seat (after two calls, and after 9, 17 and 25 cards), `--samples` deals imagined as the search
   imagines them, weighed under each (`sharp`, `read`) in turn, and the Brier score of where they
   put each card the seat cannot see (each other seat, or not dealt): lower is better, a proper
   score, so sharper weights gain only where the calls and cards really say that much. Each model
   beside Crazy's, paired over the same positions.

    python -m bench.reading [--game oh-hell] [--level hard] [--deals 150] [--positions 40]
        [--samples 500] [--first 0]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from service.bots import LEVELS, family_of, suggest
from service.bots.deals import world
from service.bots.lean import OH_INDEX, nearest_bid, ohhell_estimate, suit_index
from service.bots.ohhell import bid_estimate, policy
from service.rules.cards import NO_TRUMP, Suit, card
from service.rules.ohhell.state import DECK
from service.rules.registry import GAMES

# (sharp, read): Crazy's, Hard's, and looser readings up to none at all
MODELS: tuple[tuple[float, float], ...] = (
    (LEVELS["crazy"].sharp, LEVELS["crazy"].read),
    (LEVELS["hard"].sharp, LEVELS["hard"].read),
    (0.35, 0.4),
    (0.6, 0.6),
    (0.6, 1.0),
    (1.0, 1.0),
)
NOWHERE = -1  # a card not dealt to any seat


def brier(weights: Sequence[float], places: Sequence[Mapping[str, int]], truth: Mapping[str, int]) -> float:
    """The mean over the hidden cards (`truth`: card -> its seat, or NOWHERE) of the squared error of
    the weighted share of imagined deals (`places`, card -> seat) putting it at each place."""
    total = sum(weights)
    if total <= 0.0:
        raise ValueError("no imagined deal carries any weight")
    where = sorted({*truth.values(), *(q for p in places for q in p.values())})
    scores = []
    for c, true in truth.items():
        share = dict.fromkeys(where, 0.0)
        for w, p in zip(weights, places, strict=True):
            share[p.get(c, NOWHERE)] += w / total
        scores.append(sum((s - (1.0 if q == true else 0.0)) ** 2 for q, s in share.items()))
    return statistics.fmean(scores)


def weight(sharp: float, read: float, calls: Sequence[float], odd_cards: int) -> float:
    """An imagined deal's weight as the search gives it: each call `d` from its count, and the cards
    the rule of thumb would not have played."""
    w = math.prod(sharp ** max(0.0, abs(d) - 0.5) for d in calls)
    return float(w * read**odd_cards)


def spread(offsets: Sequence[float]) -> tuple[float, float, float]:
    """Mean, standard deviation and the share two tricks or more away (rounded) of `call - count`."""
    far = sum(1 for d in offsets if abs(round(d)) >= 2) / len(offsets)
    return statistics.fmean(offsets), statistics.stdev(offsets) if len(offsets) > 1 else 0.0, far


def count(view: Mapping[str, Any], seat: int) -> float:
    """The count of `seat`'s hand (`ohhell.bid_estimate`'s, read from the view: its cards, the
    trump suit if known, the players and the hand's size)."""
    trump = view.get("trump")
    suit = suit_index(None if trump is None or trump == NO_TRUMP else Suit(trump))
    held = [OH_INDEX[card(c)] for c in view["hands"][seat]]
    return ohhell_estimate(held, suit, int(view["players"]), int(view["hand_size"]))


def calls(game: str, level: str, deals: int, first: int) -> list[list[tuple[float, int, int]]]:
    """Every call `level` makes at every seat of `deals` deals: per deal, in calling order, (the
    caller's count, its call, the hand's size)."""
    g = GAMES[game]
    rules = g.rules(None)
    found: list[list[tuple[float, int, int]]] = []
    for d in range(first, first + deals):
        seed = 104723 * (d + 1)
        hand = g.deal(rules, {"dealer": d % 4, "seed": seed})["hand"]
        made: list[tuple[float, int, int]] = []
        for place in range(len(hand["hands"])):
            full = g.state(rules, hand)
            if full["phase"] != "bidding":
                break
            seat = full["to_act"]
            view = g.state(rules, {**hand, "seat": seat})
            s = suggest(game, view, seat, level, seed=seed + place, clock=False)
            made.append((count(view, seat), int(s.action["value"]), int(view["hand_size"])))
            hand = {**hand, "actions": [*hand["actions"], s.action]}
        found.append(made)
    return found


def line(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The least-squares line through `points` (x, y): (base, slope)."""
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    slope = sxy / sxx if sxx > 0 else 0.0
    return my - slope * mx, slope


def first_highest(calls: Sequence[int]) -> int:
    """The place of the first caller of the highest call: who names trumps after the calls."""
    return list(calls).index(max(calls))


def foretold(deals: Sequence[Sequence[tuple[float, int, int]]], base: float, slope: float) -> float:
    """The share of callers (all but the last of each deal) for whom the later calls foretold as
    `base + slope x` their callers' counts (each the nearest bid, the dealer's restriction left
    aside) say rightly whether the caller will be the first to call highest."""
    right = []
    for made in deals:
        actual = [call for _, call, _ in made]
        names = first_highest(actual)
        for place in range(len(made) - 1):
            later = [nearest_bid(range(size + 1), base + slope * c) for c, _, size in made[place + 1 :]]
            guess = first_highest(actual[: place + 1] + later) == place
            right.append(guess == (names == place))
    return statistics.fmean(right) if right else float("nan")


def placed(game: str, level: str, positions: int, samples: int, first: int) -> list[list[float]]:
    """Per position (after two calls, after 9, 17 and 25 cards, of deals `level` plays at every
    seat, until `positions` are found), each model's Brier score (MODELS' order)."""
    g = GAMES[game]
    rules = g.rules(None)
    fam = family_of(game)
    found: list[list[float]] = []
    d = first
    while len(found) < positions:
        seed = 224737 * (d + 1)
        d += 1
        hand = g.deal(rules, {"dealer": d % 4, "seed": seed})["hand"]
        step = 0
        while len(found) < positions:
            full = g.state(rules, hand)
            if full["phase"] in ("complete", "redeal"):
                break
            seat = full["to_act"]
            view = g.state(rules, {**hand, "seat": seat})
            played = sum(len(t["cards"]) for t in full["tricks"])
            played += len(full["current_trick"]["cards"]) if full["current_trick"] else 0
            if (full["phase"] == "bidding" and len(full["bids"]) == 2) or (
                full["phase"] == "play" and played in (9, 17, 25)
            ):
                found.append(_scores(g, rules, fam, full, view, seat, samples, random.Random(seed + step)))
            s = suggest(game, view, seat, level, seed=seed + step, clock=False)
            hand = {**hand, "actions": [*hand["actions"], s.action]}
            step += 1
    return found


def _scores(
    g: Any,
    rules: Any,
    fam: Any,
    full: Mapping[str, Any],
    view: Mapping[str, Any],
    seat: int,
    samples: int,
    rng: random.Random,
) -> list[float]:
    """Each model's Brier score at one position: `samples` deals imagined as the search draws them."""
    seen = fam.parse(view, seat)
    k = fam.know(seen, seat, rules)
    mine = set(view["hands"][seat])
    truth = {c: q for q, h in enumerate(full["hands"]) if q != seat for c in h}
    gone = {p["card"] for t in full["tricks"] for p in t["cards"]}
    gone |= {p["card"] for p in (full["current_trick"] or {}).get("cards", [])}
    for c in {str(c) for c in DECK} - mine - gone - set(truth):
        truth[c] = NOWHERE
    evidence: list[tuple[list[float], int]] = []
    places: list[dict[str, int]] = []
    for _ in range(samples):
        w = world(fam, seen, seat, rules, k, rng, True, 10)
        if w is None:
            continue
        st, made = w
        offs = [float(a.value) - bid_estimate(b, a.seat) for b, a in made if a.type == "bid"]
        odd = sum(1 for b, a in made if a.type == "play" and policy(b) != a)
        evidence.append((offs, odd))
        places.append({str(c): q for q, h in enumerate(st.hands) if q != seat for c in h})
    return [brier([weight(s, r, o, n) for o, n in evidence], places, truth) for s, r in MODELS]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="oh-hell")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--samples", type=int, default=500)
    ap.add_argument("--first", type=int, default=0)
    a = ap.parse_args(argv)
    if GAMES[a.game].family != "ohhell":
        sys.exit("bench.reading reads the Oh Hell family's calls: oh-hell, blob, nomination-whist")
    print(f"{a.game}: {a.level}'s calls against the count, {a.deals} deals from {a.first}")
    print("| place | calls | call - count: mean | sd | two or more away |")
    print("|---|---|---|---|---|")
    made = calls(a.game, a.level, a.deals, a.first)
    by: dict[int, list[float]] = {}
    for deal in made:
        for place, (c, call, _) in enumerate(deal):
            by.setdefault(place, []).append(call - c)
    for place, offs in sorted(by.items()):
        m, sd, far = spread(offs)
        print(f"| {place + 1} | {len(offs)} | {m:+.2f} | {sd:.2f} | {far:.0%} |")
    m, sd, far = spread([d for offs in by.values() for d in offs])
    print(f"| all | {sum(map(len, by.values()))} | {m:+.2f} | {sd:.2f} | {far:.0%} |")
    base, slope = line([(c, float(call)) for deal in made for c, call, _ in deal])
    print(f"\nthe calls' line: call = {base:.2f} + {slope:.2f} x count")
    print("| the later calls foretold by | whether a caller calls highest first, foretold right |")
    print("|---|---|")
    print(f"| the count | {foretold(made, 0.0, 1.0):.1%} |")
    print(f"| the line | {foretold(made, base, slope):.1%} |")
    print(f"\nwhere the hidden cards are: {a.positions} positions, {a.samples} imagined deals each")
    rows = placed(a.game, a.level, a.positions, a.samples, a.first)
    print("| sharp | read | Brier | minus Crazy's, paired |")
    print("|---|---|---|---|")
    for i, (s, r) in enumerate(MODELS):
        diffs = [row[i] - row[0] for row in rows]
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
        print(f"| {s} | {r} | {statistics.fmean(row[i] for row in rows):.4f} | "
              f"{statistics.fmean(diffs):+.4f} +/- {half:.4f} |")  # fmt: skip


if __name__ == "__main__":
    main()
