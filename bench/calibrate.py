"""Bots: the search's calibrated costs, measured in CPU time (figures, not pass/fail).

The search plans its deals before it starts (service/bots/core.py `search`): from the budget and two
costs per family, `Family.card_ms` (per card of the deal: drawing an imagined deal, replaying it to
the view's position and weighing it by the calls and cards) and `Family.sim_ms` (per card a lean
playout plays). This measures both over a fixed sample of views (every game of the family, its table
sizes, every phase: the calls and early, middle and late play) in this thread's CPU time
(`time.thread_time`), which the load of other processes does not inflate, and prints them beside
the constants in the code. The constants should be the measured figures times a small safety factor
(x1.2), or for `card_ms` its 90th percentile over the views where the latency bench shows a p99
over budget (a deal replayed to a late position costs more per card than one replayed to the calls,
and the budgets are p99s: Blot's constant is its p90), or `card_ms` split in two (`Family.replay_ms`,
a cost per card already played, as the Oh Hell family does). For a family that searches a tree
(Hard and Crazy in the Oh Hell family) it also measures `Family.tree_ms`, a tree iteration's cost
(the walk down the tree and the playout) per card left, which the plan counts in place of `sim_ms`.
Where a family builds Hard's deals without the engine (`Family.lean_deals`, the Oh Hell family once
trumps are known) it measures those too: `Family.lean_card_ms` and `lean_replay_ms`, split the same
way. Run it again after any change to the engine, the lean simulators or the families' builds.

    python -m bench.calibrate [--deals 4] [--repeat 2] [--families ohhell,blot,baloot]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from service.bots import LEVELS, family_of
from service.bots.core import Family, actions_of, cards_of, playout
from service.bots.deals import imagine, world
from service.rules.record import Action
from service.rules.registry import GAMES

FAMILIES: dict[str, list[tuple[str, dict[str, Any] | None]]] = {
    "ohhell": [
        ("blob", {"players": 3}),
        ("blob", {"players": 5}),
        ("nomination-whist", None),
        ("oh-hell", {"players": 3}),
        ("oh-hell", None),
    ],
    "blot": [("bazar-blot", None)],
    "duel": [("blot-duel", None)],  # its own constants: a deal of 16 cards costs more per card
    "baloot": [("baloot", None)],
}
SAFETY = 1.2
TREE_ITERATIONS_PER_CANDIDATE = 200  # with up to 4 candidates: a tree of Hard's size (800)


def views(game: str, options: dict[str, Any] | None, seed: int) -> list[tuple[dict[str, Any], int, Any]]:
    """The views of every move of one deal played by the rule of thumb (Easy), with rules."""
    g = GAMES[game]
    rules = g.rules(options)
    hand = g.deal(rules, {"dealer": seed % 2, "seed": seed})["hand"]
    fam = family_of(game)
    rng = random.Random(seed)
    out = []
    for _ in range(400):
        full = g.state(rules, hand)
        if full["phase"] in ("complete", "redeal"):
            break
        seat = full["to_act"]
        view = g.state(rules, {**hand, "seat": seat})
        out.append((view, seat, rules))
        legal = [a for a in view.get("legal_actions") or () if a.get("seat") == seat]
        typed = fam.parse(view, seat)
        k = fam.know(typed, seat, rules)
        w = world(fam, typed, seat, rules, k, rng, False, 12)
        act = fam.policy(w[0]).to_json() if w is not None else legal[0]
        if act not in legal:
            act = legal[0]
        hand = {**hand, "actions": [*hand["actions"], act]}
    return out


def split_costs(fits: list[tuple[float, float, float]]) -> tuple[float, float]:
    """(a, b) of the least-squares fit without intercept of `ms = a x first + b x second` over the
    (first, second, ms) of each view: the cards of the deal and the cards played (the Oh Hell
    family), or the cards and the actions replayed and weighed (the Belote family); (0, 0) when the
    views cannot separate the two."""
    sxx = sum(d * d for d, _, _ in fits)
    sxy = sum(d * p for d, p, _ in fits)
    syy = sum(p * p for _, p, _ in fits)
    sxt = sum(d * t for d, _, t in fits)
    syt = sum(p * t for _, p, t in fits)
    det = sxx * syy - sxy * sxy
    if det <= 1e-9 * max(1.0, sxx * syy):
        return 0.0, 0.0
    return (syy * sxt - sxy * syt) / det, (sxx * syt - sxy * sxt) / det


def measure(
    fam: Family,
    sample: list[tuple[dict[str, Any], int, Any]],
    seed: int,
    replays: list[float] | None = None,
    costs: list[tuple[float, float, float]] | None = None,
    calls: list[float] | None = None,
    lean: list[tuple[float, float, float]] | None = None,
) -> tuple[float, float, float, tuple[float, float], float]:
    """(card_ms, sim_ms, card_ms p90, (card_ms, replay_ms), tree_ms) over the sample: total CPU time
    over total cards, as the plan counts them; the 90th percentile over the views of a deal's cost
    per card (a deal replayed to a late position costs more per card than one replayed to the calls:
    the budget is a p99); the same costs split by least squares into a cost per card of the deal and
    one per card already played (replayed and weighed); and, for a family that searches a tree, a
    tree iteration's cost (its walk and its playout) per card left, over trees of Hard's size.
    `replays`, `costs` and `calls`, when given, collect the replays per deal kept, each deal's cost
    against its cards and the actions it replays and weighs, and the playouts from the calls; `lean`,
    where the family builds Hard's deals without the engine (`Family.lean_deals`), each such deal's
    cost against its cards and the cards it replays."""
    per_view: list[float] = []
    fits: list[tuple[float, float, float]] = []  # (cards of the deal, cards played, ms a deal)
    tree_t = tree_cards = 0.0
    hard = LEVELS["hard"]
    rng = random.Random(seed)
    world_t = world_cards = sim_t = sim_cards = 0.0
    for view, seat, rules in sample:
        typed = fam.parse(view, seat)
        deal, left = cards_of(fam, typed)
        legal = [Action.from_json(a) for a in view.get("legal_actions") or () if a.get("seat") == seat]
        if len(legal) < 2:  # the search never runs on a forced move
            continue
        t0 = time.thread_time()
        k = fam.know(typed, seat, rules)
        worlds = []
        tally = [0]
        for _ in range(3):
            w = world(fam, typed, seat, rules, k, rng, True, 10, tally)
            if w is None:
                continue
            weight = 1.0
            for before, action in w[1]:  # the weighing, as the search does it at Hard
                if action.type == "play":
                    if fam.policy(before) != action:
                        weight *= hard.read
                else:
                    weight *= fam.fit(before, action, hard.sharp)
            worlds.append(w[0])
        spent = time.thread_time() - t0
        if lean is not None and fam.lean_deals is not None and worlds:
            make = fam.lean_deals(worlds[0], typed, seat, k, hard)
            if make is not None:
                draw = fam.draw or imagine
                t1 = time.thread_time()
                for _ in range(3):
                    got = draw(k, rng)
                    if got is not None:
                        make(got[0])
                played_now = deal - left if typed.phase == "play" else 0
                lean.append((deal, played_now, 1000.0 * (time.thread_time() - t1) / 3))
        world_t += spent
        world_cards += 3 * deal
        per_view.append(spent / (3 * deal))
        played = deal - left if typed.phase == "play" else 0
        fits.append((deal, played, 1000.0 * spent / 3))
        if replays is not None:
            replays.append(tally[0] / 3)
        if costs is not None:  # a deal's cost against its cards and the actions it replays and weighs
            costs.append((deal, actions_of(typed), 1000.0 * spent / 3))
        t0 = time.thread_time()
        n = 0
        for st in worlds:
            for a in legal[:3]:
                playout(fam, st.apply(a), seat)
                n += 1
        sim_t += time.thread_time() - t0
        sim_cards += n * left
        if calls is not None and typed.phase != "play":  # playouts from the calls
            calls[0] += time.thread_time() - t0
            calls[1] += n * left
        if fam.tree is not None and worlds:
            iterations = TREE_ITERATIONS_PER_CANDIDATE * len(legal[:4])
            t0 = time.thread_time()
            found = fam.tree(worlds, seat, legal[:4], iterations, rng, float("inf"), LEVELS["hard"].explore)
            if found is not None:
                tree_t += time.thread_time() - t0
                tree_cards += iterations * left
    per_view.sort()
    p90 = per_view[int(0.9 * len(per_view))] if per_view else 0.0
    split = split_costs(fits)
    return (
        1000.0 * world_t / max(1.0, world_cards),
        1000.0 * sim_t / max(1.0, sim_cards),
        1000.0 * p90,
        split,
        1000.0 * tree_t / max(1.0, tree_cards),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals per game and table size")
    parser.add_argument("--repeat", type=int, default=2, help="runs over the same sample (agreement)")
    parser.add_argument("--families", default=",".join(FAMILIES), help="which families to measure")
    args = parser.parse_args()
    print(f"CPU ms per card (thread time); suggested: measured x{SAFETY}, or card_ms's p90 over the views")
    for name, tables in FAMILIES.items():
        if name not in args.families.split(","):
            continue
        fam = family_of(tables[0][0])
        sample = [
            v for game, opts in tables for d in range(args.deals) for v in views(game, opts, 7919 * (d + 1))
        ]
        replays: list[float] = []
        costs: list[tuple[float, float, float]] = []
        calls = [0.0, 0.0]
        lean: list[tuple[float, float, float]] = []
        runs = [measure(fam, sample, 1, replays, costs, calls, lean) for _ in range(args.repeat)]
        replays.sort()
        for i, (card, sim, p90, (per_deal, per_played), tree) in enumerate(runs):
            print(
                f"  {name:7} run {i + 1}: card_ms {card:.4f} (p90 {p90:.4f}; split: {per_deal:.4f} a card"
                f" of the deal + replay_ms {per_played:.4f} a card played)  sim_ms {sim:.4f}"
                + (f"  tree_ms {tree:.4f}" if tree else "")
                + f"  ({len(sample)} views)",
                flush=True,
            )
        p90 = sum(r[2] for r in runs) / len(runs)
        card = sum(r[0] for r in runs) / len(runs)
        sim = sum(r[1] for r in runs) / len(runs)
        spread = max(
            max(r[0] for r in runs) / min(r[0] for r in runs),
            max(r[1] for r in runs) / min(r[1] for r in runs),
        )
        per_deal = sum(r[3][0] for r in runs) / len(runs)
        per_played = sum(r[3][1] for r in runs) / len(runs)
        tree = sum(r[4] for r in runs) / len(runs)
        print(
            f"  {name:7} in code: card_ms {fam.card_ms:.4f} replay_ms {fam.replay_ms:.4f}"
            f" sim_ms {fam.sim_ms:.4f} tree_ms {fam.tree_ms:.4f}"
            f" | suggested: card_ms {card * SAFETY:.4f} (p90 {p90:.4f}; or split: card_ms"
            f" {per_deal * SAFETY:.4f} replay_ms {per_played * SAFETY:.4f}) sim_ms {sim * SAFETY:.4f}"
            + (f" tree_ms {tree * SAFETY:.4f}" if tree else "")
            + f" (runs within {100 * (spread - 1):.0f} %)",
            flush=True,
        )
        if lean:  # Hard's deals built without the engine (Family.lean_deals)
            l_card, l_played = split_costs(lean)
            print(
                f"  {name:7} lean deals: {l_card:.4f} a card of the deal + {l_played:.4f} a card played"
                f" | suggested x{SAFETY}: lean_card_ms {l_card * SAFETY:.4f} lean_replay_ms"
                f" {l_played * SAFETY:.4f} (in code: {fam.lean_card_ms:.4f} / {fam.lean_replay_ms:.4f})",
                flush=True,
            )
        c_card, c_act = split_costs(costs)  # a deal = card_ms x its cards + act_ms x its actions
        if c_card or c_act:
            print(
                f"  {name:7} a deal = card_ms x cards + act_ms x actions: card_ms {c_card:.4f}"
                f" act_ms {c_act:.4f} | suggested x{SAFETY}: {c_card * SAFETY:.4f} / {c_act * SAFETY:.4f}"
                f" (in code: {fam.card_ms:.4f} / {fam.act_ms:.4f})",
                flush=True,
            )
        if calls[1]:  # a playout's card from the calls (Family.call_sim_ms)
            c_ms = 1000.0 * calls[0] / calls[1]
            print(
                f"  {name:7} playouts from the calls: sim_ms {c_ms:.4f}"
                f" | suggested x{SAFETY}: {c_ms * SAFETY:.4f}"
                f" (in code: {fam.call_sim_ms or fam.sim_ms:.4f})",
                flush=True,
            )
        if replays:  # the replays per imagined deal (Family.replays caps them at Hard and Crazy)
            print(
                f"  {name:7} replays per deal kept: mean {sum(replays) / len(replays):.2f},"
                f" p90 {replays[int(0.9 * len(replays))]:.2f}, p99 {replays[int(0.99 * len(replays))]:.2f}"
                f" (in code: {fam.replays or 'not counted'})",
                flush=True,
            )


if __name__ == "__main__":
    main()
