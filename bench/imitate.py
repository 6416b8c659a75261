"""A card policy fitted to a searching level's cards, for the Oh Hell family's playouts (figures,
not pass/fail).

The searching levels value a choice by playing the rest of the hand by the rule of thumb, and that
play leaves a seat that needs tricks short of what searching players make of it (`bench.fidelity`):
in Blob by about a point a seat. A rule that beats the rule of thumb as a player does not close
that gap; a policy that plays as the players do might. This fits one: a conditional logit over the
seat's legal cards (each card described by what the seat may know: its hand, the trick, its call
and tricks, the cards gone, the trumps), one set of weights for each of nine situations (needing
tricks, its call made, over it; leading, following, showing out), by maximum likelihood on the
cards a level chose in deals it played at every seat. The rule of thumb's own card is one of the
features, so the fit learns where the level departs from it. The fitted policy plays either its
most likely card or a card drawn from its probabilities (`sampled`), and is measured as
`bench.fidelity` measures the rule of thumb: the rest of each hand played again from every card
position of deals the fit never saw.

    python -m bench.imitate [--game blob] [--level hard] [--train 200000:300] [--test 60000:144]
        [--cache lines.jsonl]

The deals are `bench.fidelity.line`'s (its seeds; about 2 s a deal at Hard), kept in `--cache`
(one JSON object a line, with its game, level and deal number) to be read again next time.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
from collections.abc import Iterator, Sequence
from typing import Any

from bench.fidelity import line, positions, table
from bench.thumb import RULES, Rule, Turn, turn
from service.bots.lean import _BOTTOM, _TOP, OH_ABOVE, OH_BEATS, OH_SUIT, OhHellSim

STATES = ("needs", "made", "over")
ROLES = ("lead", "follow", "showout")
FEATURES = (
    "thumb",  # the rule of thumb's card
    "trump",
    "rank",  # its rank, 0 (a two) to 1 (an ace)
    "top",  # the highest the seat holds of its suit
    "bottom",  # the lowest the seat holds of its suit
    "single",  # the seat's only card of its suit
    "double",  # one of two
    "length",  # the seat's cards of its suit, / 13
    "master",  # no unseen card of its suit beats it
    "above",  # unseen cards of its suit above it, / 13
    "unseen",  # unseen cards of its suit, / 13
    "wins",  # it beats the trick's best card so far
    "cheapest",  # the lowest card that does
    "highest_loser",  # the highest card that does not
    "wins_last",  # it wins, last to play
    "trump_master",  # a trump no unseen trump beats
    "trump_beaten",  # a trump an unseen trump beats
    "short_plain",  # of the seat's shortest plain suit
    "long_plain",  # of its longest plain suit
    "need_share",  # the tricks it needs over the tricks left, where it wins or is a master
    "trumps_out",  # unseen trumps / 13, where it is a trump
)
FULL = 0x1FFF


def situation(t: Turn) -> int:
    need = t.sim.bids[t.sim.to_act] - t.sim.won[t.sim.to_act]
    state = 0 if need > 0 else 1 if need == 0 else 2
    role = 0 if not t.sim.trick else 1 if t.follow >= 0 else 2
    return state * len(ROLES) + role


def features(t: Turn, cards: Sequence[int]) -> list[list[float]]:
    """Each legal card's features (`FEATURES`), from what the seat may know."""
    sim = t.sim
    trump = sim.trump
    seat = sim.to_act
    need = sim.bids[seat] - sim.won[seat]
    tricks_left = len(sim.hands[seat])
    share = max(0.0, need / tricks_left) if tricks_left else 0.0
    best = sim.best if sim.trick else -1
    lengths = [m.bit_count() for m in t.suits]
    plain = [s for s in range(4) if s != trump and lengths[s]]
    short = min((lengths[s] for s in plain), default=-1)
    long = max((lengths[s] for s in plain), default=-1)
    over = OH_BEATS[trump][best] if best >= 0 else None  # the simulator's own: beats the best card
    winning = [over is not None and over[c] for c in cards]
    winners = [c for c, w in zip(cards, winning, strict=True) if w]
    losers = [c for c, w in zip(cards, winning, strict=True) if not w]
    cheapest = min(winners, key=lambda c: sim.strength[c]) if winners else -1
    highest_loser = max(losers, key=lambda c: sim.strength[c]) if losers and best >= 0 else -1
    trumps_out = t.unseen(trump).bit_count() / 13 if trump >= 0 else 0.0
    out = []
    for c, w in zip(cards, winning, strict=True):
        s, r = OH_SUIT[c], c % 13
        m = t.suits[s]
        above = (t.unseen(s) & OH_ABOVE[c]).bit_count()
        is_trump = s == trump
        out.append(
            [
                float(c == t.thumb),
                float(is_trump),
                r / 12,
                float(_TOP[m] == r),
                float(_BOTTOM[m] == r),
                float(lengths[s] == 1),
                float(lengths[s] == 2),
                lengths[s] / 13,
                float(above == 0),
                above / 13,
                t.unseen(s).bit_count() / 13,
                float(w),
                float(c == cheapest),
                float(c == highest_loser),
                float(w and t.last),
                float(is_trump and above == 0),
                float(is_trump and above > 0),
                float(not is_trump and lengths[s] == short),
                float(not is_trump and lengths[s] == long),
                share if (w or above == 0) else 0.0,
                trumps_out if is_trump else 0.0,
            ]
        )
    return out


def decisions(game: str, hand: dict[str, Any]) -> Iterator[tuple[int, list[list[float]], int]]:
    """Each card the level chose among two or more: its situation, the legal cards' features and
    the index of the one it played."""
    for p in positions(game, hand):
        sim = OhHellSim(p.state)
        legal = sim.legal()
        if len(legal) > 1:
            t = turn(sim, list(p.gone))
            yield situation(t), features(t, legal), legal.index(p.card)


Weights = list[list[float]]


def probabilities(w: Weights, sit: int, feats: list[list[float]]) -> list[float]:
    """The policy's probability of each legal card (a softmax of its weights times its features)."""
    zs = [sum(a * b for a, b in zip(w[sit], f, strict=True)) for f in feats]
    top = max(zs)
    es = [math.exp(z - top) for z in zs]
    total = sum(es)
    return [e / total for e in es]


def fit(rows: Sequence[tuple[int, list[list[float]], int]], epochs: int = 300, l2: float = 1e-3) -> Weights:
    """Maximum likelihood of the chosen cards (Adam on the mean log-likelihood, a small L2), one
    weight vector per situation, starting at the rule of thumb (its feature's weight 2)."""
    k = len(FEATURES)
    w = [[2.0 if f == 0 else 0.0 for f in range(k)] for _ in range(len(STATES) * len(ROLES))]
    m = [[0.0] * k for _ in w]
    v = [[0.0] * k for _ in w]
    counts = [0] * len(w)
    for sit, _, _ in rows:
        counts[sit] += 1
    lr, b1, b2 = 0.05, 0.9, 0.999
    for step in range(1, epochs + 1):
        grad = [[0.0] * k for _ in w]
        for sit, feats, chosen in rows:
            g = grad[sit]
            for j, (pj, f) in enumerate(zip(probabilities(w, sit, feats), feats, strict=True)):
                p = pj - (1.0 if j == chosen else 0.0)
                for i in range(k):
                    g[i] += p * f[i]
        for sit in range(len(w)):
            n = max(counts[sit], 1)
            for i in range(k):
                gi = grad[sit][i] / n + l2 * (w[sit][i] - (2.0 if i == 0 else 0.0))
                m[sit][i] = b1 * m[sit][i] + (1 - b1) * gi
                v[sit][i] = b2 * v[sit][i] + (1 - b2) * gi * gi
                mh = m[sit][i] / (1 - b1**step)
                vh = v[sit][i] / (1 - b2**step)
                w[sit][i] -= lr * mh / (math.sqrt(vh) + 1e-8)
    return w


def log_likelihood(w: Weights, rows: Sequence[tuple[int, list[list[float]], int]]) -> float:
    return statistics.fmean(math.log(probabilities(w, sit, f)[c]) for sit, f, c in rows)


def agreement(w: Weights | None, rows: Sequence[tuple[int, list[list[float]], int]], only: int = -1) -> float:
    """How often the policy's most likely card (None: the rule of thumb's) is the level's (in the
    situation `only`, where it is not -1)."""
    hits = 0
    rows = [r for r in rows if only in (-1, r[0])]
    if not rows:
        return float("nan")
    for sit, feats, chosen in rows:
        if w is None:
            pick = next(j for j, f in enumerate(feats) if f[0] == 1.0)
        else:
            ps = probabilities(w, sit, feats)
            pick = max(range(len(ps)), key=ps.__getitem__)
        hits += pick == chosen
    return hits / len(rows)


def policy(w: Weights, sampled: bool, seed: int = 0) -> Rule:
    """The fitted policy as a `bench.thumb` rule: its most likely card, or one drawn from it."""
    rng = random.Random(seed)

    def fitted(t: Turn) -> int:
        legal = t.sim.legal()
        if len(legal) == 1:
            return legal[0]
        ps = probabilities(w, situation(t), features(t, legal))
        if sampled:
            return rng.choices(legal, ps)[0]
        return legal[max(range(len(ps)), key=ps.__getitem__)]

    fitted.__name__ = "sampled" if sampled else "fitted"
    return fitted


def lines(game: str, level: str, deals: Sequence[int], cache: str | None) -> list[dict[str, Any]]:
    """The deals played by `level` at every seat (`bench.fidelity.line`), from `cache` where it
    has them, the others played and added to it."""
    kept: dict[int, dict[str, Any]] = {}
    if cache and os.path.exists(cache):
        with open(cache) as f:
            for x in map(json.loads, filter(str.strip, f)):
                if x["game"] == game and x["level"] == level:
                    kept[x["deal"]] = x
    for d in deals:
        if d not in kept:
            hand, scores = line(game, d, level)
            kept[d] = {"game": game, "level": level, "deal": d, "hand": hand, "scores": scores}
            if cache:
                with open(cache, "a") as f:
                    f.write(json.dumps(kept[d]) + "\n")
    return [kept[d] for d in deals]


def spans(text: str) -> list[int]:
    """Deal numbers from `FIRST:COUNT[,FIRST:COUNT...]`."""
    out = []
    for part in text.split(","):
        first, _, count = part.partition(":")
        out.extend(range(int(first), int(first) + int(count)))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--game", default="blob")
    ap.add_argument("--level", default="hard", help="whose cards to fit")
    ap.add_argument("--train", default="200000:300", help="FIRST:COUNT[,...], the deals to fit")
    ap.add_argument("--test", default="60000:144", help="FIRST:COUNT[,...], the deals to measure on")
    ap.add_argument("--cache", help="a file of the deals played, read and extended")
    ap.add_argument("--epochs", type=int, default=300)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    train = [r for x in lines(a.game, a.level, spans(a.train), a.cache) for r in decisions(a.game, x["hand"])]
    test_lines = lines(a.game, a.level, spans(a.test), a.cache)
    test = [r for x in test_lines for r in decisions(a.game, x["hand"])]
    w = fit(train, a.epochs)
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"features": FEATURES, "weights": w}, f)
    print(f"{a.game}: {len(train)} choices to fit, {len(test)} to test")
    thumb, fitted = agreement(None, test), agreement(w, test)
    print(f"agreement with the level, test: rule of thumb {thumb:.3f}, fitted {fitted:.3f}")
    print(f"log-likelihood a choice, test: fitted {log_likelihood(w, test):.3f}")
    for sit in range(len(STATES) * len(ROLES)):
        n = sum(1 for r in test if r[0] == sit)
        print(
            f"  {STATES[sit // len(ROLES)]}, {ROLES[sit % len(ROLES)]}: {n} choices, agreement "
            f"rule of thumb {agreement(None, test, sit):.3f}, fitted {agreement(w, test, sit):.3f}"
        )
    rules = {"thumb": RULES["thumb"], "fitted": policy(w, False), "sampled": policy(w, True)}
    print("\n".join(table(a.game, [(x["hand"], x["scores"]) for x in test_lines], rules)))


if __name__ == "__main__":
    main()
