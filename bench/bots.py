"""Bots: per-move latency by level, and duplicate matches between levels (figures, not pass/fail).

Duplicate: every deal is played twice with the sides swapped (seats 0 and 2 against 1 and 3; the
duel's two seats; in the Oh Hell family the even seats against the odd ones), so the cards cancel
out and what is left is the players. The figure is the mean, per deal, of the first level's side's
score minus the second's, averaged over the two plays, with its 95 % interval (normal approximation).
Hard's and Crazy's budgets can be scaled down (`--scale`, never below Normal's 50 ms) to keep a run
short: they keep their rank, but play weaker than at their full budgets, so say which scale a figure
was taken at.

The budget as a cap (`--cap`): every turn of `--cap-deals` Easy deals per game asked again of
each level at each budget with the clock on, beside `--load` busy processes (two on this 2-core
machine is the load the cap is held to): the search's `elapsed_ms` p50/p99/max and the share over
the budget and over budget + 10 %, the wall time of what a request does around it (the seat's view
from the record, the search, its JSON) p50/p99/max and the share over budget + 25 ms, its CPU time
(what is the search's own and what is the machine holding the process off its core), and the share
the clock cut. Run it under `nice -n 10` on a shared machine and say the load average beside it.

    python -m bench.bots [--deals 20] [--scale 1.0] [--games baloot,oh-hell] [--latency-only]
        [--latency-deals 2] [--latency-levels easy,normal,hard,crazy] [--skip-latency] [--no-net]
        [--pairs normal-hard,hard-crazy+call_base=0.5]   # a level, or a variant (`variant`)
    python -m bench.bots --cap [--cap-budgets 20,50,default] [--cap-levels normal,hard,crazy]
        [--cap-deals 1] [--load 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

from service.bots import LEVELS, suggest
from service.rules.registry import GAMES

ORDER = ("easy", "normal", "hard", "crazy")
ALL = tuple(GAMES)  # every game of the registry


def side_of(game: str, seat: int, players: int) -> int:
    return seat % 2 if players != 2 else seat


def variant(spec: str) -> str:
    """A level by name, or a variant of one for a study (`crazy+read=0.6+sharp=0.35`: Crazy with
    those fields of `service.bots.core.Level` changed), registered under the spec itself for this
    process only, so that `suggest` answers for it; the level's name. A `budget_ms` given is the
    variant's budget in every game (`hard+budget_ms=300`: Hard at 300 ms in Blob too)."""
    name, *changes = spec.split("+")
    if name not in LEVELS:
        raise SystemExit(f"{spec}: no level {name!r} ({', '.join(LEVELS)})")
    if not changes:
        return name
    fields = {f.name: str(f.type) for f in dataclasses.fields(LEVELS[name])}
    kinds = {"bool": lambda v: v == "true", "int": int, "float": float}
    values = {}
    for change in changes:
        key, _, value = change.partition("=")
        if fields.get(key) not in kinds:
            raise SystemExit(f"{spec}: {key!r} is not a number or flag of Level ({', '.join(fields)})")
        values[key] = kinds[fields[key]](value)
    if "budget_ms" in values:  # a variant's budget is its budget in every game
        values["game_budgets"] = ()
    LEVELS[spec] = dataclasses.replace(LEVELS[name], name=spec, **values)
    return spec


def turn(g: Any, rules: Any, hand: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The hand's full state, and the view of the seat to act (None once the deal is over)."""
    full = g.state(rules, hand)
    if full["phase"] in ("complete", "redeal"):
        return full, None
    return full, g.state(rules, {**hand, "seat": full["to_act"]})


def play(
    game: str,
    seed: int,
    levels: tuple[str, str],
    scale: float,
    times: dict[str, list[float]],
    clock: bool = False,
) -> float:
    """One deal played by side 0 at levels[0] and side 1 at levels[1]: side 0's score minus side 1's
    (the Oh Hell family: the mean score of the even seats minus that of the odd seats)."""
    g = GAMES[game]
    rules = g.rules(None)
    hand = g.deal(rules, {"dealer": seed % 2, "seed": seed})["hand"]
    moves = 0
    while True:
        full, view = turn(g, rules, hand)
        if view is None:
            break
        seat = full["to_act"]
        n = full["players"]
        level = levels[side_of(game, seat, n)]
        budget = max(50.0, LEVELS[level].budget_for(game) * scale)  # Easy and Normal keep their 50 ms
        cpu = time.process_time()
        s = suggest(game, view, seat, level, seed=seed * 1000 + moves, budget_ms=budget, clock=clock)
        times.setdefault(level, []).append(s.elapsed_ms)
        times.setdefault(level + ":cpu", []).append((time.process_time() - cpu) * 1000.0)
        if s.cut:
            times.setdefault(level + ":cut", []).append(1.0)
        hand = {**hand, "actions": [*hand["actions"], s.action]}
        moves += 1
    return margin(game, full["result"]["scores"])


def margin(game: str, scores: list[int]) -> float:
    """Side 0's score minus side 1's: the even seats' (or team's, or the duel's first player's)
    against the odd ones' (the Oh Hell family: the mean score of each)."""
    if GAMES[game].family == "ohhell":
        n = len(scores)
        even = [scores[s] for s in range(n) if s % 2 == 0]
        odd = [scores[s] for s in range(n) if s % 2 == 1]
        return float(statistics.mean(even) - statistics.mean(odd))
    return float(scores[0] - scores[1])


def duplicate(
    game: str, a: str, b: str, deals: int, scale: float, first: int = 0
) -> tuple[float, float, dict[str, Any], list[float]]:
    diffs = []
    times: dict[str, list[float]] = {}
    for d in range(first, first + deals):
        seed = 7919 * (d + 1)
        one = play(game, seed, (a, b), scale, times)
        second = play(game, seed, (b, a), scale, times)
        diffs.append((one - second) / 2.0)
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    return mean, half, times, diffs


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else float("nan")


def latency(game: str, level: str, deals: int, clock: bool = True) -> dict[str, float]:
    """Per-move latency with the clock's safety net on: wall time (what a caller waits, on this
    machine under its load) and CPU time (what the move costs a core), p50 and p99, and the moves
    the net cut short."""
    times: dict[str, list[float]] = {}
    for d in range(deals):
        play(game, 104729 * (d + 1), (level, level), 1.0, times, clock=clock)
    wall, cpu = times[level], times[level + ":cpu"]
    return {
        "wall50": pct(wall, 0.5),
        "wall99": pct(wall, 0.99),
        "cpu50": pct(cpu, 0.5),
        "cpu99": pct(cpu, 0.99),
        "moves": len(wall),
        "cut": len(times.get(level + ":cut", [])),
    }


def cap_positions(game: str, deals: int, seed: int = 15485863) -> list[tuple[dict[str, Any], int]]:
    """Records of every move of `deals` seeded deals played by Easy (the rule of thumb with a
    careless card now and then, so the positions vary), with the seat to act."""
    g = GAMES[game]
    rules = g.rules(None)
    out: list[tuple[dict[str, Any], int]] = []
    for d in range(deals):
        hand = g.deal(rules, {"dealer": d % 2, "seed": seed + d})["hand"]
        while True:
            full = g.state(rules, hand)
            if full["phase"] in ("complete", "redeal"):
                break
            seat = full["to_act"]
            out.append((hand, seat))
            view = g.state(rules, {**hand, "seat": seat})
            s = suggest(game, view, seat, "easy", seed=d * 1000 + len(out), clock=False)
            hand = {**hand, "actions": [*hand["actions"], s.action]}
    return out


def cap(
    game: str, level: str, budget: float, positions: list[tuple[dict[str, Any], int]]
) -> tuple[list[float], list[float], list[float], int]:
    """Suggestions with the clock on at `budget`: the search's own `elapsed_ms`, the wall time and
    the CPU time (this thread's) of what a request does around it (the seat's view from the record,
    the search, its JSON), and the answers the clock cut."""
    g = GAMES[game]
    rules = g.rules(None)
    elapsed: list[float] = []
    wall: list[float] = []
    cpu: list[float] = []
    cut = 0
    for i, (hand, seat) in enumerate(positions):
        t0, c0 = time.perf_counter(), time.thread_time()
        view = g.state(rules, {**hand, "seat": seat})
        s = suggest(game, view, seat, level, seed=i, budget_ms=budget)
        json.dumps(s.to_json())
        wall.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.thread_time() - c0) * 1000.0)
        elapsed.append(s.elapsed_ms)
        cut += s.cut
    return elapsed, wall, cpu, cut


def cap_line(
    budget: float | Sequence[float], elapsed: list[float], wall: list[float], cpu: list[float], cut: int
) -> str:
    """The cap's figures for a run of calls (`budget`: theirs, or each call's own)."""
    n = len(elapsed)
    bs = [float(budget)] * n if isinstance(budget, (int, float)) else list(budget)
    return (
        f"elapsed p50 {pct(elapsed, 0.5):6.1f} p99 {pct(elapsed, 0.99):6.1f} max {max(elapsed):6.1f},"
        f" over budget {sum(e > b for e, b in zip(elapsed, bs, strict=True)) / n:5.1%},"
        f" over +10% {sum(e > b * 1.1 for e, b in zip(elapsed, bs, strict=True)) / n:5.1%};"
        f" wall p50 {pct(wall, 0.5):6.1f} p99 {pct(wall, 0.99):6.1f} max {max(wall):6.1f},"
        f" over budget+25 {sum(w > b + 25 for w, b in zip(wall, bs, strict=True)) / n:5.1%};"
        f" cpu p99 {pct(cpu, 0.99):6.1f} max {max(cpu):6.1f}; cut {cut / n:5.1%} ({n} calls)"
    )


def busy(count: int) -> list[subprocess.Popen[bytes]]:
    """`count` CPU-bound processes (a Python loop each), the load the cap is measured beside."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--scale", type=float, default=1.0, help="budget scale for the matches")
    parser.add_argument("--games", default=",".join(ALL))
    parser.add_argument("--pairs", default="easy-normal,normal-hard,hard-crazy")
    parser.add_argument("--latency-deals", type=int, default=2)
    parser.add_argument("--latency-levels", default=",".join(ORDER))
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument("--skip-matches", action="store_true")
    parser.add_argument(
        "--no-net", action="store_true", help="latency without the clock's net (the plan's own CPU cost)"
    )
    parser.add_argument("--latency-only", action="store_true", help="the latency table only (--skip-matches)")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number (to extend a run)")
    parser.add_argument("--verbose", action="store_true", help="print every deal's difference")
    parser.add_argument(
        "--cap",
        action="store_true",
        help="the budget as a cap: suggestions with the clock on at --cap-budgets, on every move of"
        " --cap-deals Easy deals per game, beside --load busy processes; nothing else",
    )
    parser.add_argument("--cap-budgets", default="20,50", help="ms; 'default' for the level's own")
    parser.add_argument("--cap-levels", default="normal,hard,crazy")
    parser.add_argument("--cap-deals", type=int, default=1)
    parser.add_argument("--load", type=int, default=0, help="busy processes beside the --cap run")
    args = parser.parse_args()
    games = args.games.split(",")
    if args.cap:
        run_cap(args, games)
        return
    if args.latency_only:
        args.skip_matches = True
    if not args.skip_latency:
        net = "off" if args.no_net else "on"
        print(f"per-move latency, in-process, full budgets, the clock's net {net} (ms)")
        for game in games:
            for level in args.latency_levels.split(","):
                r = latency(game, level, args.latency_deals, clock=not args.no_net)
                print(
                    f"  {game:17} {level:7} wall p50 {r['wall50']:7.1f} p99 {r['wall99']:7.1f}"
                    f"  cpu p50 {r['cpu50']:7.1f} p99 {r['cpu99']:7.1f}"
                    f"  ({r['moves']} moves, {r['cut']} cut)",
                    flush=True,
                )
    if not args.skip_matches:
        print(f"duplicate matches, {args.deals} deals x 2, budgets x{args.scale}")
        for game in games:
            for pair in args.pairs.split(","):
                a, b = (variant(spec) for spec in pair.split("-"))  # a level or a variant of one
                t0 = time.perf_counter()
                mean, half, _, diffs = duplicate(game, b, a, args.deals, args.scale, args.first)
                print(
                    f"  {game:17} {b:7} vs {a:7} {mean:+8.2f} +/- {half:6.2f} per deal"
                    f"  ({time.perf_counter() - t0:.0f} s)",
                    flush=True,
                )
                if args.verbose:
                    print(f"    deals {args.first}..{args.first + args.deals - 1}: {diffs}", flush=True)


def run_cap(args: argparse.Namespace, games: list[str]) -> None:
    loads = busy(args.load)
    try:
        time.sleep(0.5 if loads else 0.0)
        print(
            f"budgets as caps, in-process, clock on, {args.load} busy processes beside;"
            f" load average {os.getloadavg()[0]:.1f} at the start; ms"
        )
        positions = {game: cap_positions(game, args.cap_deals) for game in games}
        for budget_text in args.cap_budgets.split(","):
            for level in args.cap_levels.split(","):
                budget = LEVELS[level].budget_ms if budget_text == "default" else float(budget_text)
                budget = min(budget, LEVELS[level].budget_ms)
                pooled: tuple[list[float], list[float], list[float]] = ([], [], [])
                budgets: list[float] = []
                cuts = 0
                for game in games:
                    own = min(budget, LEVELS[level].budget_for(game))  # the game's own default
                    elapsed, wall, cpu, cut = cap(game, level, own, positions[game])
                    pooled[0].extend(elapsed)
                    pooled[1].extend(wall)
                    pooled[2].extend(cpu)
                    budgets.extend([own] * len(elapsed))
                    cuts += cut
                    line = cap_line(own, elapsed, wall, cpu, cut)
                    print(f"  {game:17} {level:6} {own:5.0f}: {line}", flush=True)
                line = cap_line(budgets, *pooled, cuts)
                print(f"  {'all':17} {level:6} {budget:5.0f}: {line}", flush=True)
        print(f"  load average {os.getloadavg()[0]:.1f} at the end")
    finally:
        for p in loads:
            p.kill()
            p.wait()


if __name__ == "__main__":
    main()
