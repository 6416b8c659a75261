"""How far the model of the play lies from the players it stands for (the Oh Hell family; figures,
not pass/fail).

The searching levels value a choice by playing the rest of the hand, every seat by the rule of
thumb beyond the tree's edge. If that play makes the calls less often than the players at the
table do, the values it gives the choices are off, and more search will not mend them. This
measures it on the true deal, with no imagined hands, from every card position of a deal played by
`--level` at every seat (the differences study's deals and seeds, `bench.differ`). From each
position the rest of the hand is played again, every seat by the rule of thumb or a `bench.thumb`
rule. Each seat's score there, minus its score in the deal as played, is counted by the seat's
state at the position: still needing tricks, its call made, or over it; and, where the highest
caller names trumps, by whether it named them. A deal's positions share its cards, so the figures
are means over the deals of each deal's mean, with their intervals.

    python -m bench.fidelity [--game blob] [--level hard] [--first 60000] [--deals 144]
        [--rules thumb,discard_short]
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bench.bots import turn
from bench.thumb import RULES, Rule, play
from service.bots import suggest
from service.bots.lean import OH_BIT, OH_INDEX, OH_SUIT, OhHellSim
from service.bots.ohhell import policy
from service.rules.ohhell.state import HandState
from service.rules.record import Action, HandRecord
from service.rules.registry import GAMES

THUMB = "thumb"  # a `--level` that is the rule of thumb itself (`ohhell.policy`), not a search


def line(game: str, deal: int, level: str) -> tuple[dict[str, Any], list[int]]:
    """Deal number `deal` played by `level` at every seat, with `bench.differ`'s seeds: the hand
    with every action, and the scores."""
    g = GAMES[game]
    rules = g.rules(None)
    seed = 7919 * (deal + 1)
    hand = g.deal(rules, {"dealer": seed % 2, "seed": seed})["hand"]
    st: HandState = g.start(rules, HandRecord.from_json(hand))
    moves = 0
    while True:
        full, view = turn(g, rules, hand)
        if view is None:
            return hand, list(full["result"]["scores"])
        if level == THUMB:
            action = policy(st)
        else:
            found = suggest(game, view, full["to_act"], level, seed=seed * 1000 + moves, clock=False)
            action = Action.from_json(found.action)
        st = st.apply(action)
        hand = {**hand, "actions": [*hand["actions"], action.to_json()]}
        moves += 1


@dataclass(frozen=True)
class Position:
    """A state of a played hand where a card is to be played, and what the hand did there."""

    state: HandState
    card: int  # the card played there (`lean`'s index)
    namer: int | None  # the seat that named trumps (None where no seat names them)
    gone: tuple[int, ...]  # the cards played before it, four 13-bit masks


def positions(game: str, hand: dict[str, Any]) -> Iterator[Position]:
    """Each position of the hand where a card is to be played."""
    g = GAMES[game]
    record = HandRecord.from_json(hand)
    namer = next((a.seat for a in record.actions if a.type == "trump"), None)
    st: HandState = g.start(g.rules(None), record)
    gone = [0, 0, 0, 0]
    for a in record.actions:
        if st.phase == "play" and a.card is not None:
            c = OH_INDEX[a.card]
            yield Position(st, c, namer, tuple(gone))
            gone[OH_SUIT[c]] |= OH_BIT[c]
        st = st.apply(a)


def state_of(st: HandState, seat: int) -> str:
    need = (st.bid_of(seat) or 0) - st.won[seat]
    return "needs tricks" if need > 0 else "made" if need == 0 else "over"


def errors(game: str, hand: dict[str, Any], scores: Sequence[int], rule: Rule) -> Iterator[tuple[str, float]]:
    """From each card position, every seat's score with the rest played by `rule` at every seat,
    minus its score in the deal as played; keyed by the seat's state there (and its role, where
    a seat named trumps)."""
    for p in positions(game, hand):
        sim = OhHellSim(p.state)
        again = play(sim, rule, list(range(sim.n)), p.gone)
        for seat in range(sim.n):
            state = state_of(p.state, seat)
            err = float(again[seat] - scores[seat])
            yield state, err
            if p.namer is not None:
                yield f"{'namer' if seat == p.namer else 'other'}, {state}", err


def interval(xs: list[float]) -> str:
    if len(xs) < 2:
        return f"{statistics.fmean(xs):+.2f}" if xs else "-"
    return f"{statistics.fmean(xs):+.2f} +/- {1.96 * statistics.stdev(xs) / math.sqrt(len(xs)):.2f}"


def table(
    game: str, lines: Sequence[tuple[dict[str, Any], Sequence[int]]], rules: Mapping[str, Rule]
) -> list[str]:
    """Per rule and key, the mean of each deal's mean error, with its interval over the deals (a
    deal's positions share its cards, so the deal is the unit), and the seat-positions counted."""
    out = [
        "| rule | seat's state | the rule's play minus the play, a seat | deals | seat-positions |",
        "|---|---|---|---|---|",
    ]
    for name, rule in rules.items():
        by: dict[str, list[float]] = defaultdict(list)
        count: dict[str, int] = defaultdict(int)
        for hand, scores in lines:
            here: dict[str, list[float]] = defaultdict(list)
            for key, err in errors(game, hand, scores, rule):
                here[key].append(err)
            for key, errs in here.items():
                by[key].append(statistics.fmean(errs))
                count[key] += len(errs)
        for key in sorted(by, key=lambda k: (k.count(","), k)):
            out.append(f"| {name} | {key} | {interval(by[key])} | {len(by[key])} | {count[key]} |")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--game", default="blob")
    ap.add_argument("--level", default="hard", help=f"who plays the deals ({THUMB!r}: the rule of thumb)")
    ap.add_argument("--first", type=int, default=60000)
    ap.add_argument("--deals", type=int, default=144)
    ap.add_argument("--rules", default=THUMB, help="bench.thumb's rules, every seat playing each in turn")
    a = ap.parse_args(argv)
    if GAMES[a.game].family != "ohhell":
        raise SystemExit(f"{a.game}: the Oh Hell family only")
    lines = [line(a.game, d, a.level) for d in range(a.first, a.first + a.deals)]
    print(f"{a.game}, deals {a.first}-{a.first + a.deals - 1} played by {a.level} at every seat")
    print("\n".join(table(a.game, lines, {name: RULES[name] for name in a.rules.split(",")})))


if __name__ == "__main__":
    main()
