"""The bots' suggestions on a fixed set of seat views, recorded once and compared after a change.

A change to the bots that must change no suggestion (the simulators taking their duties from the
rules, typed views, faster playouts) is checked against this: record before the change, compare
after every step, and every suggestion must come back the same (the action, every candidate's value,
the deals and playouts it rests on).

    python -m bench.suggestions record [--out build/suggestions/suggestions.jsonl.gz] [--views 500]
    python -m bench.suggestions compare [--file build/suggestions/suggestions.jsonl.gz] [--show 5]

The views: for every game, `--views` seat views of the seat to act, each from a seeded deal of the
rules (the game's profiles and table sizes in turn) walked a seeded random number of random legal
actions, a third of them within the first calls, each with a choice to make (every phase: bids,
trumps, the bazar, the duel's take and name, Baloot's calling and doubling, the card play). Every
level runs with the clock off (`clock=False`), where the budget fixes the playouts before the search
starts (the calibrated costs), so the answer is a function of the view and the seed: Easy and Normal
at their own budgets, Hard and Crazy at reduced ones (`BUDGETS`: the full ones take many minutes a
game on this machine, and search with the same code).
The file is written under build/ (not committed): it records the tree it was made from.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from service.bots import suggest
from service.rules.errors import RuleError
from service.rules.record import HandRecord
from service.rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "build" / "suggestions" / "suggestions.jsonl.gz"
# each game's tables in turn: (profile, players); None keeps the profile's own
TABLES: dict[str, list[tuple[str | None, int | None]]] = {
    "blob": [("rule-book", 3), ("rule-book", 5), ("method-one", 4)],
    "nomination-whist": [("rule-book", 4), ("quick", 3), ("hidden-bids", 4), ("dealer-chooses", 4)],
    "oh-hell": [("standard", 3), ("standard", 4)],
    "bazar-blot": [("rule-book", None), ("long", None), ("teleblot", None)],
    "blot-duel": [("rule-book", None), ("long", None)],
    "baloot": [("high-card-club", None), ("app-variants", None)],
}
TERMINAL = ("complete", "redeal")
LEVELS = ("easy", "normal", "hard", "crazy")
BUDGETS = {"easy": None, "normal": None, "hard": 100.0, "crazy": 150.0}


def views(game: str, count: int) -> Iterator[tuple[dict[str, Any], int, dict[str, Any]]]:
    """`count` (request options, seat, view) of the seat to act, from seeded deals and walks."""
    g = GAMES[game]
    tables = TABLES[game]
    made = 0
    seed = 0
    while made < count:
        seed += 1
        profile, players = tables[seed % len(tables)]
        options: dict[str, Any] = {"profile": profile} if profile else {}
        if players is not None:
            options["players"] = players
        rules = g.rules(options)
        rng = random.Random(seed * 7919 + len(game))
        hand = g.deal(rules, {"seed": seed})["hand"]
        st: Any = g.start(rules, HandRecord.from_json(hand))
        steps = rng.randrange(8) if seed % 3 == 0 else rng.randrange(70)
        actions: list[dict[str, Any]] = []
        for _ in range(steps):
            legal = st.legal_actions()
            a = legal[rng.randrange(len(legal))]
            nxt = st.apply(a)
            if nxt.phase in TERMINAL:
                break
            actions.append(a.to_json())
            st = nxt
        if st.phase in TERMINAL or st.to_act is None or len(st.legal_actions()) < 2:
            continue  # nothing to choose: no search
        seat = st.to_act
        view = g.state(rules, {**hand, "actions": actions, "seat": seat})
        made += 1
        yield options, seat, view


def answer(game: str, view: dict[str, Any], seat: int, level: str, seed: int) -> dict[str, Any]:
    try:
        s = suggest(game, view, seat, level, seed=seed, budget_ms=BUDGETS[level], clock=False)
    except RuleError as e:
        return {"error": str(e.code)}
    return {
        "action": s.action,
        "values": [[a, repr(v)] for a, v in s.values],
        "worlds": s.worlds,
        "playouts": s.playouts,
        "cut": s.cut,
        "notes": s.notes,
    }


def run(games: list[str], count: int) -> Iterator[dict[str, Any]]:
    for game in games:
        started = time.process_time()
        for i, (options, seat, view) in enumerate(views(game, count)):
            for level in LEVELS:
                yield {
                    "game": game,
                    "index": i,
                    "options": options,
                    "seat": seat,
                    "phase": view["phase"],
                    "level": level,
                    "answer": answer(game, view, seat, level, seed=i),
                }
        spent = time.process_time() - started
        print(f"{game}: {count} views, {spent:.1f} CPU s", file=sys.stderr, flush=True)


def record(out: Path, games: list[str], count: int) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with gzip.open(out, "wt", encoding="utf-8") as f:
        for row in run(games, count):
            f.write(json.dumps(row, sort_keys=True) + "\n")
            n += 1
    print(f"recorded {n} suggestions to {out}")


def compare(path: Path, show: int, only: list[str] | None = None) -> int:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    if only:
        rows = [r for r in rows if r["game"] in only]
    games = list(dict.fromkeys(r["game"] for r in rows))
    count = 1 + max(r["index"] for r in rows)
    fresh = run(games, count)
    differ = 0
    phases: dict[str, int] = {}
    for old in rows:
        new = next(fresh)
        phases[old["phase"]] = phases.get(old["phase"], 0) + 1
        if json.loads(json.dumps(new, sort_keys=True)) != old:
            differ += 1
            if differ <= show:
                print(f"differs: {old['game']} #{old['index']} {old['level']} ({old['phase']})")
                print(f"  was {old['answer']}")
                print(f"  now {new['answer']}")
    by_phase = ", ".join(f"{p} {n}" for p, n in sorted(phases.items()))
    print(f"{len(rows) - differ} of {len(rows)} suggestions identical ({by_phase}); {differ} differ")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("record", "compare"))
    parser.add_argument("--file", "--out", dest="file", type=Path, default=DEFAULT)
    parser.add_argument("--views", type=int, default=500, help="seat views per game")
    parser.add_argument("--games", default=",".join(TABLES), help="compare: only these of the file's")
    parser.add_argument("--show", type=int, default=5)
    args = parser.parse_args()
    if args.command == "record":
        record(args.file, args.games.split(","), args.views)
    else:
        only = args.games.split(",") if args.games != ",".join(TABLES) else None
        sys.exit(compare(args.file, args.show, only))


if __name__ == "__main__":
    main()
