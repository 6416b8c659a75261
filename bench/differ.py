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
        [--deals 100] [--rows] [--read FILE...] [--judge crazy+budget_ms=12000+playouts=320000]
        [--judge-sees] [--no-play-on] [--against FILE...]

With `--judge`, a third level (a far longer search of the same model, say) values both answers
wherever they differ, from its own search's means of the two (the seat's own score): what the
model the levels search promises the other answer is worth, beside what playing it on gave.
With `--judge-sees` the judge searches the true deal (nothing imagined, and every seat of its tree
playing with the deal in sight); `--against FILE` sets its promise beside another run's on the
same decisions. Where the imagined deals place the hidden cards as they fall, the two judges part
only by what seeing the deal is worth to the play, which a game where the model holds measures.
`--no-play-on` leaves the other answer unplayed (a judge's run over decisions played on before).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.bots import margin, turn, variant
from service.bots import Suggestion, family_of, suggest
from service.bots.knowledge import Knowledge
from service.rules.cards import card
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


JUDGE_SEED = 500  # added to a decision's seed for the judge's (a deal has fewer moves than this)


def in_sight(k: Knowledge, hands: list[list[str]]) -> Knowledge:
    """`k` with every other seat's hand (`hands`, as a full state lists them) known: each shows
    its cards and hides none, so that every deal drawn from it is the true deal."""
    seen = tuple(frozenset() if q == k.seat else frozenset(map(card, hands[q])) for q in range(k.players))
    hidden = tuple(k.hidden[q] if q == k.seat else 0 for q in range(k.players))
    return dataclasses.replace(k, shown=seen, hidden=hidden)


def seeing(
    game: str, view: dict[str, Any], full: dict[str, Any], seat: int, level: str, seed: int
) -> Suggestion:
    """`level`'s search from `view` with every other hand in sight (`full`'s): each deal it imagines
    is the true deal (only cards outside the hands, a stock, still drawn), weighed and searched
    as the level searches its own deals. A judge, never a player: it peeks."""
    fam = family_of(game)

    def know(v: Any, s: int, r: Any) -> Knowledge:
        return in_sight(fam.know(v, s, r), full["hands"])

    sees = dataclasses.replace(fam, know=know)
    return suggest(game, view, seat, level, seed=seed, clock=False, family=sees)


def deal_rows(
    game: str,
    deal: int,
    base: str,
    others: tuple[str, ...],
    judge: str | None = None,
    sees: bool = False,
    play_on: bool = True,
) -> Iterator[dict[str, Any]]:
    """One row per decision with a choice and per other level, in deal number `deal` played by
    `base` at every seat. Rows of one decision share `deal` and `move`; an answer two other levels
    share is played on once (none, without `play_on`). With a `judge`, a differing row carries
    its search's mean for each answer (`judged`), the judge asked once per decision, with a seed
    of its own; where it `sees`, from the true deal (`seeing`)."""
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
            means: dict[str, float] | None = None
            pick = ""
            mine = json.dumps(b.action, sort_keys=True)
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
                    if play_on:
                        if key not in played:
                            moved = {**hand, "actions": [*hand["actions"], o.action]}
                            played[key] = finish(game, moved, seed, moves + 1, base)
                        row["alt"] = played[key]
                    if judge is not None:
                        if means is None:
                            # a seed of its own: the levels draw their deals from one stream
                            # (Hard's a prefix of Crazy's), which the judge's would otherwise share
                            at = seed * 1000 + JUDGE_SEED + moves
                            if sees:
                                j = seeing(game, view, full, seat, judge, at)
                            else:
                                j = suggest(game, view, seat, judge, seed=at, clock=False)
                            means = {json.dumps(a, sort_keys=True): v for a, v in j.values}
                            pick = json.dumps(j.action, sort_keys=True)
                        row["judged"] = {
                            "base": means.get(mine),
                            "other": means.get(key),
                            "pick": "other" if pick == key else "base" if pick == mine else "neither",
                        }
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
                xs = [r[name] for r in rs if not r["same"] and name in r]
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
        if r["same"] or "worth" in r:
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


def promised(rows: list[dict[str, Any]]) -> list[str]:
    """Per other level and kind of decision (and all kinds together), where the judge valued both
    differing answers: its mean gain for the other answer (the seat's own score), summed over the
    deals' decisions and shared among the seats (a seat a deal, the unit of a match), which answer
    its own search picks, and beside it what playing the other answer on gave the seat (`own`),
    on the same decisions."""
    judged = [r for r in rows if r.get("judged") and None not in (r["judged"]["base"], r["judged"]["other"])]
    if not judged:
        return []
    deals = sorted({r["deal"] for r in rows})
    seats = max(r["seat"] for r in rows) + 1
    lines = [f"the judge's means, a differing choice (own score), over {len(deals)} deals of {seats} seats:"]
    for other in dict.fromkeys(r["other"] for r in judged):
        lines.append(f"{other}:")
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in judged:
            if r["other"] == other:
                groups["all"].append(r)  # every kind of decision together: what a match counts
                for kind in kinds(r):
                    groups[kind].append(r)
        for kind, rs in groups.items():
            gain = [r["judged"]["other"] - r["judged"]["base"] for r in rs]
            picks = {p: sum(r["judged"]["pick"] == p for r in rs) / len(rs) for p in ("other", "base")}
            per_deal = dict.fromkeys(deals, 0.0)
            for r, g in zip(rs, gain, strict=True):
                per_deal[r["deal"]] += g / seats
            line = f"  {kind:10} {len(rs):6} judged; promised {interval(gain) if len(gain) > 1 else '-'}"
            line += f" ({interval(list(per_deal.values())) if len(deals) > 1 else '-'} a seat a deal)"
            line += f"; the judge picks {picks['other']:.0%} the other's, {picks['base']:.0%} base's"
            if len(rs) > 1 and all("own" in r for r in rs):
                gap = [r["own"] - g for r, g in zip(rs, gain, strict=True)]
                line += f"; played on {interval([r['own'] for r in rs])}, minus promised {interval(gap)}"
            lines.append(line)
    return lines


def against(rows: list[dict[str, Any]], before: list[dict[str, Any]]) -> list[str]:
    """This run's judge against an earlier run's (`before`) on the decisions both judged, by kind
    and in all: the promise here minus there, a differing choice and a seat a deal (the deals both
    ran), with 95 % intervals, paired decision by decision."""

    def promise(rs: list[dict[str, Any]]) -> dict[tuple[int, int, str], tuple[float, dict[str, Any]]]:
        out = {}
        for r in rs:
            j = r.get("judged")
            if j and None not in (j["base"], j["other"]):
                out[(r["deal"], r["move"], r["other"])] = (j["other"] - j["base"], r)
        return out

    here, there = promise(rows), promise(before)
    both = sorted(set(here) & set(there))
    if not both:
        return []
    deals = sorted({key[0] for key in both})
    seats = max(r["seat"] for r in rows) + 1
    groups: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for key in both:
        gain, r = here[key]
        for kind in ["all", *kinds(r)]:
            groups[kind].append((key[0], gain - there[key][0]))
    lines = [f"this judge's promise minus the earlier one's, {len(both)} choices of {len(deals)} deals:"]
    for kind, xs in groups.items():
        per_deal = dict.fromkeys(deals, 0.0)
        for deal, x in xs:
            per_deal[deal] += x / seats
        line = f"  {kind:10} {len(xs):6} choices; {interval([x for _, x in xs]) if len(xs) > 1 else '-'}"
        line += f" a choice ({interval(list(per_deal.values())) if len(deals) > 1 else '-'} a seat a deal)"
        lines.append(line)
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
        "--judge", help="a level (or variant) whose search values both answers where they differ"
    )
    parser.add_argument(
        "--judge-sees", action="store_true", help="the judge searches the true deal (it peeks)"
    )
    parser.add_argument(
        "--no-play-on", action="store_true", help="leave the other answer unplayed (no worth)"
    )
    parser.add_argument(
        "--against", nargs="+", metavar="FILE", help="an earlier run's rows: its judge beside this one's"
    )
    parser.add_argument(
        "--read", nargs="+", metavar="FILE", help="summarise rows printed by earlier runs instead"
    )
    args = parser.parse_args()
    if args.read:
        lines = (line for f in args.read for line in Path(f).read_text().splitlines())
        rows = [json.loads(line) for line in lines if line.startswith("{")]
    else:
        base, *others = (variant(spec) for spec in args.levels.split(","))
        judge = variant(args.judge) if args.judge else None
        if args.judge_sees and GAMES[args.game].family != "ohhell":
            raise SystemExit("--judge-sees: the Oh Hell family's games only (their deals have no stock)")
        rows = []
        for d in range(args.first, args.first + args.deals):
            rows_of = deal_rows(
                args.game, d, base, tuple(others), judge, args.judge_sees, not args.no_play_on
            )
            for row in rows_of:
                rows.append(row)
                if args.rows:
                    print(json.dumps(row), flush=True)
    print("\n".join(summary(rows)))
    print("\n".join(promised(rows)))
    others = list(dict.fromkeys(r["other"] for r in rows))
    for b in others[1:]:
        print("\n".join(paired(rows, others[0], b)))
    if args.against:
        lines = (line for f in args.against for line in Path(f).read_text().splitlines())
        print("\n".join(against(rows, [json.loads(line) for line in lines if line.startswith("{")])))


if __name__ == "__main__":
    main()
